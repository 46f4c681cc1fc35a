// The lists a dashboard polls every few seconds mostly come back unchanged: the last answer to each such GET
// is kept, so an answer the same byte for byte gives back what each parser made of it last time, without
// parsing again (see CallOptions.reuse). The answer is compared as it arrives, a piece at a time, against the
// bytes of the last one: an unchanged list of 10,000 servers (about 6 MB) is neither joined, decoded nor
// parsed, and no one piece of the work takes the thread long enough to hold up a key (joining and decoding
// it whole took 60 to 80 ms in one go, every refresh).
import { joined } from './exchange.js';

/** The last answer to a GET asked with `reuse`, and what each parser made of it (not the parsed JSON: the
 * results are what is used, and ten thousand servers' JSON would double the memory they take). */
export interface Repeat {
  bytes: Uint8Array;
  status: number;
  results: WeakMap<(body: unknown) => unknown, unknown>;
}

/** Requests whose last answer is kept: the lists a dashboard polls, not every record it opened. */
const MAX_REPEATS = 16;

export class Repeats {
  private readonly byRequest = new Map<string, Repeat>();

  /** The last answer to `key` with this status, to compare the new one with as it arrives. */
  last(key: string, status: number): Repeat | undefined {
    const last = this.byRequest.get(key);
    return last?.status === status ? last : undefined;
  }

  /** Keeps this answer as the last to `key`, dropping the request least recently answered beyond the limit. */
  remember(key: string, status: number, bytes: Uint8Array): Repeat {
    const repeat: Repeat = { bytes, status, results: new WeakMap() };
    this.byRequest.delete(key);
    this.byRequest.set(key, repeat);
    if (this.byRequest.size > MAX_REPEATS) this.byRequest.delete(this.byRequest.keys().next().value!);
    return repeat;
  }
}

/**
 * A body read a piece at a time and compared with the last answer as it comes: that answer when this one is the
 * same byte for byte (then nothing was joined), else the whole body.
 */
export async function readComparing(body: AsyncIterable<Uint8Array>, lastAnswer: Repeat | undefined): Promise<{ same: Repeat } | { bytes: Uint8Array }> {
  const last = lastAnswer?.bytes;
  const chunks: Uint8Array[] = [];
  let length = 0;
  let same = last !== undefined;
  for await (const value of body) {
    if (same && last !== undefined) {
      same = length + value.length <= last.length && Buffer.compare(value, last.subarray(length, length + value.length)) === 0;
    }
    chunks.push(value);
    length += value.length;
  }
  if (same && lastAnswer !== undefined && length === lastAnswer.bytes.length) return { same: lastAnswer };
  return { bytes: joined(chunks, length) };
}
