// A request's attempts: each under its own time limit, repeated after a failure the service may recover from,
// with a backoff that doubles or the wait its Retry-After asks for.
// - Retried: GET, PUT, DELETE and HEAD, after a dropped connection or a 429, 502, 503 or 504. POST and PATCH
//   never are: a POST retried after a lost answer would create a second server.
// - Not retried: a timeout, a cancellation, any other status.
import { isAbort } from './errors.js';
import { discard, type Exchange, type Incoming, type Outgoing } from './exchange.js';

export interface RetryPolicy {
  /** retries after the first attempt */
  limit: number;
  /** first backoff delay; doubles each retry */
  baseDelayMs: number;
  maxDelayMs: number;
  /** a longer `Retry-After` is cut to this */
  maxRetryAfterMs: number;
}

/** The last attempt's answer was not a success (its status outside 200–299); its body is still unread. */
export class StatusFailure extends Error {
  constructor(readonly answer: Incoming) {
    super(`HTTP ${answer.status}`);
    this.name = 'StatusFailure';
  }
}

/**
 * An attempt's answer did not begin within its time, or its body stopped coming for as long (`wholeMs` null),
 * or the whole of its body did not come within `wholeMs`.
 */
export class AttemptTimeout extends Error {
  constructor(readonly wholeMs: number | null = null) {
    super('the attempt timed out');
    this.name = 'AttemptTimeout';
  }
}

/** An attempt's answer passed `limitBytes`: it was not read further. */
export class AnswerTooLarge extends Error {
  constructor(readonly limitBytes: number) {
    super('the answer was too large');
    this.name = 'AnswerTooLarge';
  }
}

/** The whole of a body must come within this many times an attempt's time limit. */
const WHOLE_ANSWER_TIMES = 10;
/**
 * The most an answer may hold: 128 MiB, twenty times the list of an account with 10,000 servers (6.2 MB from
 * the emulator).
 */
const MAX_ANSWER_BYTES = 128 * 1024 * 1024;

const RETRIED_METHODS = new Set(['GET', 'PUT', 'DELETE', 'HEAD']);
const RETRIED_STATUSES = new Set([429, 502, 503, 504]);
/** the statuses whose Retry-After says when to come back */
const WAIT_STATUSES = new Set([429, 503]);

interface AttemptOptions {
  signal?: AbortSignal;
  /**
   * each attempt's, from sending to the answer's first line, and then between two pieces of its body; the
   * whole body must come within WHOLE_ANSWER_TIMES as long
   */
  timeoutMs: number;
  /** the most an answer may hold; default MAX_ANSWER_BYTES */
  maxAnswerBytes?: number;
  policy: RetryPolicy;
  /** told before a retry that follows a failure which may hide an answer the service did send */
  onLostAnswer(): void;
}

/**
 * Sends `out` until an answer with a status in 200–299 comes, as the policy allows. Throws the last failure:
 * a StatusFailure, an AttemptTimeout, the caller's reason for cancelling, or the exchange's own error.
 */
export async function attempts(exchange: Exchange, out: Omit<Outgoing, 'signal'>, opts: AttemptOptions): Promise<Incoming> {
  for (let retry = 1; ; retry++) {
    let failure: unknown;
    try {
      const answer = await attempt(exchange, out, opts.signal, opts.timeoutMs, opts.maxAnswerBytes ?? MAX_ANSWER_BYTES);
      if (answer.status >= 200 && answer.status < 300) return answer;
      failure = new StatusFailure(answer);
    } catch (err) {
      failure = err;
    }
    const delay = retryDelay(out.method, failure, retry, opts);
    if (delay === null) throw failure;
    if (failure instanceof StatusFailure) await discard(failure.answer.body);
    // 429 and 503 say the service did nothing; a broken connection or a gateway's 502/504 may hide an
    // answer the service did send
    if (!(failure instanceof StatusFailure) || failure.answer.status === 502 || failure.answer.status === 504) opts.onLostAnswer();
    await wait(delay, opts.signal);
  }
}

/** One attempt: the caller's cancellation and the attempt's time limit both stop it. */
function attempt(exchange: Exchange, out: Omit<Outgoing, 'signal'>, signal: AbortSignal | undefined, timeoutMs: number, maxBytes: number): Promise<Incoming> {
  return new Promise<Incoming>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timeUp = new AbortController();
    const timer = setTimeout(() => {
      timeUp.abort(new AttemptTimeout());
      reject(new AttemptTimeout());
    }, timeoutMs);
    // the caller's signal goes on past the answer's first line: a cancel stops the body's reading too
    const both = signal ? AbortSignal.any([signal, timeUp.signal]) : timeUp.signal;
    const onAbort = () => reject(signal!.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
    exchange({ ...out, signal: both })
      .then((answer) => resolve({ ...answer, body: withinLimits(answer.body, timeoutMs, maxBytes, timeUp) }), reject)
      .finally(() => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      });
  });
}

/**
 * An answer's body within three limits, each of which ends the reading at once and tells the exchange to
 * stop, whether or not it does:
 * - each piece awaited at most `timeoutMs`: a service that sends its headers and then holds the connection
 *   open without the rest (a stalled proxy, a hung process) ends in an AttemptTimeout instead of a list that
 *   says loading… for ever, or a watcher that never looks again;
 * - the whole body within WHOLE_ANSWER_TIMES × `timeoutMs` of its headers: a body that trickles in, a few
 *   bytes just within each piece's time, ends in one too. A long answer that keeps coming is not cut before:
 *   the list of 10,000 servers would need to come slower than 41 KB/s to reach the default 150 s;
 * - `maxBytes` in all: a body without end (an address that streams) ends in AnswerTooLarge before it has
 *   taken the machine's memory.
 */
async function* withinLimits(body: AsyncIterable<Uint8Array>, timeoutMs: number, maxBytes: number, timeUp: AbortController): AsyncGenerator<Uint8Array> {
  const pieces = body[Symbol.asyncIterator]();
  const wholeMs = timeoutMs * WHOLE_ANSWER_TIMES;
  const deadline = performance.now() + wholeMs;
  const stop = (reason: Error): never => {
    timeUp.abort(reason);
    throw reason;
  };
  let ended = false;
  let bytes = 0;
  try {
    for (;;) {
      const left = deadline - performance.now();
      if (left <= 0) stop(new AttemptTimeout(wholeMs));
      const whole = left < timeoutMs;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          const reason = new AttemptTimeout(whole ? wholeMs : null);
          timeUp.abort(reason);
          reject(reason);
        }, Math.min(timeoutMs, left));
      });
      let next: IteratorResult<Uint8Array>;
      try {
        next = await Promise.race([pieces.next(), late]);
      } finally {
        clearTimeout(timer);
      }
      if (next.done) {
        ended = true;
        return;
      }
      bytes += next.value.length;
      if (bytes > maxBytes) stop(new AnswerTooLarge(maxBytes));
      yield next.value;
    }
  } finally {
    // not awaited: a piece still awaited holds the generator's return until it settles, and it may never
    if (!ended) void pieces.return?.()?.catch(() => undefined);
  }
}

/** ms to wait before retry number `retry`, or null: no retry. */
function retryDelay(method: string, failure: unknown, retry: number, opts: AttemptOptions): number | null {
  const { policy, signal } = opts;
  if (retry > policy.limit || !RETRIED_METHODS.has(method)) return null;
  if (signal?.aborted || isAbort(failure) || failure instanceof AttemptTimeout) return null;
  if (failure instanceof StatusFailure) {
    const status = failure.answer.status;
    if (!RETRIED_STATUSES.has(status)) return null;
    const after = WAIT_STATUSES.has(status) ? retryAfterMs(failure.answer.header('retry-after')) : null;
    if (after !== null) return Math.min(after, policy.maxRetryAfterMs);
  }
  return Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (retry - 1));
}

/** `Retry-After` in seconds or as an HTTP date, in ms from now (0 for a time past); null when absent or unreadable. */
function retryAfterMs(value: string | null, now = Date.now()): number | null {
  if (value === null || value.trim() === '') return null;
  const seconds = Number(value);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(value) - now;
  return Number.isNaN(ms) ? null : Math.max(0, ms);
}

function wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
