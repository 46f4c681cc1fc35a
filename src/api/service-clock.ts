// The service's clock as this machine can know it: the `Date` header of the service's last answer, kept as
// an offset from our own clock. The service may be set differently from this machine, or (an emulator with
// `--speed`) run faster; anything judged against a time the service gave (a login's expiry, "the last hour"
// of metrics, a spot server's end) is judged against this clock, never against ours alone.
//
// Reusable: the transport keeps one per client and feeds it every answer; `client.serviceNow()` reads it.

export class ServiceClock {
  private offsetMs = 0;
  private seen = false;

  /** `localNow`: this machine's milliseconds since the epoch (tests inject the emulator's manual clock). */
  constructor(private readonly localNow: () => number = Date.now) {}

  /** Takes the `Date` header of one answer (RFC 7231, to the second); anything unreadable is ignored. */
  observe(dateHeader: string | null | undefined): void {
    if (!dateHeader) return;
    const at = Date.parse(dateHeader);
    if (!Number.isFinite(at)) return;
    this.offsetMs = at - this.localNow();
    this.seen = true;
  }

  /** The service's milliseconds since the epoch now; ours until it has answered once. */
  now(): number {
    return this.localNow() + this.offsetMs;
  }

  /** The service's clock minus ours (ms), as last seen; 0 before any answer. */
  get offset(): number {
    return this.offsetMs;
  }

  /** True once an answer carried a readable `Date` header. */
  get known(): boolean {
    return this.seen;
  }
}
