// Path segments come from people and from the service (server names, labels): encode each one so that a
// name holding `/` or `?` addresses that name and nothing else.
export function seg(value: string | number): string {
  return encodeURIComponent(String(value));
}

/** A call's options that reach the transport: cancellation and a per-call timeout. */
export interface CallOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  /**
   * For a list polled every few seconds: an answer the same, byte for byte, as the last one to this request
   * gives back the very same result, without parsing it again. The result must then be treated as read-only.
   */
  reuse?: boolean;
  /** false: not written to the history (the demo's own token, made at start without being asked for) */
  history?: boolean;
}
