// Failed logins slow down the next ones, per account and per address, so a password cannot be guessed at
// request speed. A few failures are free (a typo, a stale password in a script); after them each further
// failure doubles the wait before the next attempt is even looked at, up to a ceiling. A success clears the
// account's count, not the address's: logging in to one's own account must not buy more guesses at others. Times are the emulator's clock, so tests move it instead of sleeping;
// the counts live in memory only (a restart forgives).

/** Failures before the first wait (of 1 s): per account, and per address (which may try many accounts). */
export const FREE_FAILURES_PER_ACCOUNT = 5;
export const FREE_FAILURES_PER_ADDRESS = 20;
export const MAX_WAIT_S = 300;
/** A record untouched this long is forgotten (its count starts again at zero). */
const FORGET_AFTER_MS = 3600_000;
const MAX_RECORDS = 10_000;

export const tooManyLogins = (seconds: number) =>
  `too many failed logins; try again in ${seconds} s`;

interface Attempts {
  failures: number;
  /** emulator ms before which an attempt is refused unexamined */
  until: number;
  last: number;
}

class Counter {
  private readonly records = new Map<string, Attempts>();
  constructor(private readonly free: number) {}

  wait(now: number, key: string): number {
    const r = this.records.get(key);
    if (!r || now - r.last > FORGET_AFTER_MS) return 0;
    return r.until > now ? Math.ceil((r.until - now) / 1000) : 0;
  }

  failed(now: number, key: string): void {
    let r = this.records.get(key);
    if (!r || now - r.last > FORGET_AFTER_MS) r = { failures: 0, until: 0, last: now };
    r.failures += 1;
    r.last = now;
    const over = r.failures - this.free;
    if (over >= 0) r.until = now + Math.min(MAX_WAIT_S, 2 ** over) * 1000;
    this.records.delete(key);
    this.records.set(key, r);
    // oldest first in a Map: an attacker spraying names cannot grow it without bound
    if (this.records.size > MAX_RECORDS) this.records.delete(this.records.keys().next().value!);
  }

  clear(key: string): void {
    this.records.delete(key);
  }
}

export class LoginLimiter {
  private readonly accounts = new Counter(FREE_FAILURES_PER_ACCOUNT);
  private readonly addresses = new Counter(FREE_FAILURES_PER_ADDRESS);

  /** Seconds to wait before this attempt may be examined; 0: go ahead. */
  waitSeconds(now: number, username: string, address: string): number {
    return Math.max(this.accounts.wait(now, username), this.addresses.wait(now, address));
  }

  failed(now: number, username: string, address: string): void {
    this.accounts.failed(now, username);
    this.addresses.failed(now, address);
  }

  succeeded(username: string): void {
    this.accounts.clear(username);
  }
}
