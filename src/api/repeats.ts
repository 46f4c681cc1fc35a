// The lists a dashboard polls every few seconds mostly come back unchanged: the last answer to each such GET
// is kept, so an answer the same byte for byte gives back what each parser made of it last time, without
// parsing again (see CallOptions.reuse).

/** The last answer to a GET asked with `reuse`, and what each parser made of it (not the parsed JSON: the
 * results are what is used, and ten thousand servers' JSON would double the memory they take). */
export interface Repeat {
  text: string;
  status: number;
  results: WeakMap<(body: unknown) => unknown, unknown>;
}

/** Requests whose last answer is kept: the lists a dashboard polls, not every record it opened. */
const MAX_REPEATS = 16;

export class Repeats {
  private readonly byRequest = new Map<string, Repeat>();

  /** The last answer to `key` when this one is the same, else undefined. */
  same(key: string, status: number, text: string): Repeat | undefined {
    const last = this.byRequest.get(key);
    return last !== undefined && last.status === status && last.text === text ? last : undefined;
  }

  /** Keeps this answer as the last to `key`, dropping the request least recently answered beyond the limit. */
  remember(key: string, status: number, text: string): Repeat {
    const repeat: Repeat = { text, status, results: new WeakMap() };
    this.byRequest.delete(key);
    this.byRequest.set(key, repeat);
    if (this.byRequest.size > MAX_REPEATS) this.byRequest.delete(this.byRequest.keys().next().value!);
    return repeat;
  }
}
