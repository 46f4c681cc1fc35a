// The transport: the base address, the credential, the timeout and the retry policy of one client. Every answer
// comes back as parsed JSON (or text), and every failure as one of the client's own errors, with credentials
// scrubbed from whatever text the failure carries.
// The other jobs live beside it: exchange.ts (what carries a request), attempts.ts (timeouts and retries),
// auth.ts (the credential and its renewal), failure.ts (failures as errors), repeats.ts (unchanged answers to
// polled lists).
import { AnswerTooLarge, AttemptTimeout, attempts, type RetryPolicy } from './attempts.js';
import { Auth, type Credential, type Renewer } from './auth.js';
import { AnswerTooLargeError, ApiError, NetworkError, ShapeError, TimeoutError } from './errors.js';
import { fetchExchange, readText, utf8, type Exchange, type FetchLike, type Incoming } from './exchange.js';
import { errorCode, errorMessage, reasonOf, translate } from './failure.js';
import { isRecord } from './read.js';
import { readComparing, Repeats, type Repeat } from './repeats.js';
import { scrub } from './secrets.js';
import { ServiceClock } from './service-clock.js';

export type { Credential } from './auth.js';
export type { RetryPolicy } from './attempts.js';
export type { Exchange, FetchLike } from './exchange.js';

export interface TransportOptions {
  /** base address, e.g. `http://127.0.0.1:8787` */
  endpoint: string;
  credential?: Credential | null;
  /** the fetch requests go through (default: Node's own); tests pass the emulator's `app.fetch` */
  fetch?: FetchLike;
  /** what carries requests instead of a fetch (see exchange.ts): the commands' node:http, the demo's worker */
  exchange?: Exchange;
  /** per attempt; default 15 s */
  timeoutMs?: number;
  /** the most an answer may hold; default 128 MiB (attempts.ts, MAX_ANSWER_BYTES) */
  maxAnswerBytes?: number;
  retry?: Partial<RetryPolicy>;
  /**
   * this machine's milliseconds since the epoch; tests inject a clock to expire a JWT. A JWT's expiry is
   * judged on the service's clock: this one plus the offset its answers' Date headers show.
   */
  now?: () => number;
  /**
   * A JWT this close to its expiry is treated as expired: a request sent a moment before the expiry would
   * arrive after it.
   */
  expiryMarginMs?: number;
  /** a JWT this close to its expiry is renewed before the next request (when a renewer is set); default 60 s */
  renewMarginMs?: number;
}

interface RequestOptions {
  json?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** send no credential (login) */
  anonymous?: boolean;
  /** 'text' for CSV reports; default 'json' */
  accept?: 'json' | 'text';
  /** a GET answered as last time gives the last result back (see CallOptions.reuse) */
  reuse?: boolean;
  /** false: not a write for the history (a POST that only reads, the demo's own token at start) */
  history?: boolean;
}

/** A write as the history sees it: the request before it is sent. */
export interface WriteRequest {
  method: string;
  path: string;
  body?: unknown;
}

/** How a write ended: its answer's body, or the failure the client threw. */
export type WriteEnd = { ok: true; body: unknown } | { ok: false; error: Error };

/**
 * Told of every write before it is sent (a request that changes something on the service: not a GET or
 * HEAD, not a login); the function it returns, if any, is called once with how the write ended.
 */
export type WriteHook = (req: WriteRequest) => ((end: WriteEnd) => void) | void;

/**
 * A DELETE retried after its answer was lost finds its own work under way, and the service refuses the retry
 * ("already being deleted"). `when` says whether a refusal may be that; `then` checks with the service and
 * gives the call's result (the deletion's action), or null when it was not so and the refusal stands.
 */
export interface LostAnswerRecovery<T> {
  when(err: ApiError): boolean;
  then(): Promise<T | null>;
}

const DEFAULT_TIMEOUT_MS = 15_000;
const DEFAULT_RETRY: RetryPolicy = { limit: 3, baseDelayMs: 300, maxDelayMs: 5_000, maxRetryAfterMs: 30_000 };

export class Transport {
  readonly endpoint: string;
  readonly timeoutMs: number;
  private readonly exchange: Exchange;
  private readonly retry: RetryPolicy;
  private readonly maxAnswerBytes: number | undefined;
  /** the service's clock: this machine's plus the offset its last answer's Date header showed */
  readonly clock: ServiceClock;
  private readonly auth: Auth;
  private readonly repeats = new Repeats();
  /** the history's hook (src/history/): every write goes through `call` or `request`, so it is told of all */
  onWrite: WriteHook | null = null;

  constructor(opts: TransportOptions) {
    this.endpoint = normalizeEndpoint(opts.endpoint);
    this.timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.clock = new ServiceClock(opts.now ?? Date.now);
    this.auth = new Auth(this.clock, opts.expiryMarginMs ?? 5_000, opts.renewMarginMs ?? 60_000);
    this.credential = opts.credential ?? null;
    this.retry = { ...DEFAULT_RETRY, ...opts.retry };
    this.maxAnswerBytes = opts.maxAnswerBytes;
    this.exchange = opts.exchange ?? fetchExchange(opts.fetch);
  }

  get credential(): Credential | null {
    return this.auth.credential;
  }

  set credential(c: Credential | null) {
    this.auth.credential = c;
  }

  /** how a JWT is renewed; null: it is not, and an expired one ends the session */
  get renewer(): Renewer | null {
    return this.auth.renewer;
  }

  set renewer(r: Renewer | null) {
    this.auth.renewer = r;
  }

  /** When the current JWT stops working; null for API tokens (they never expire) or no credential. */
  get expiresAt(): Date | null {
    return this.auth.expiresAt;
  }

  isExpired(): boolean {
    return this.auth.isExpired();
  }

  /** The service's time now, as its last answer's Date header told it (to the second); ours before any. */
  serviceNow(): Date {
    return new Date(this.clock.now());
  }

  /** Sends one request and returns its body: parsed JSON (null when empty) or, with accept 'text', the text. */
  async request(method: string, path: string, opts: RequestOptions = {}): Promise<unknown> {
    const ended = this.writeStarts(method, path, opts);
    try {
      const { body } = await this.send(method, path, opts);
      ended?.({ ok: true, body });
      return body;
    } catch (err) {
      ended?.({ ok: false, error: err instanceof Error ? err : new Error(String(err)) });
      throw err;
    }
  }

  /** Tells the hook of a write about to be sent; what to tell it when it ends (nothing for a read). */
  private writeStarts(method: string, path: string, opts: RequestOptions): ((end: WriteEnd) => void) | null {
    const upper = method.toUpperCase();
    if (this.onWrite === null || upper === 'GET' || upper === 'HEAD' || opts.anonymous || opts.history === false) return null;
    try {
      const ended = this.onWrite(opts.json === undefined ? { method: upper, path } : { method: upper, path, body: opts.json });
      if (typeof ended !== 'function') return null;
      // the history is a record of what was done: it never stands in the way of doing it
      return (end) => {
        try {
          ended(end);
        } catch {
          // (a full disk: the write itself went out)
        }
      };
    } catch {
      return null;
    }
  }

  /** Sends a request and reads its body with `parse`; a record the parser cannot read is an ApiError. */
  async call<T>(
    method: string,
    path: string,
    parse: (body: unknown) => T,
    opts: RequestOptions & { lostAnswer?: LostAnswerRecovery<T> } = {},
  ): Promise<T> {
    let answer: Awaited<ReturnType<Transport['send']>>;
    const ended = this.writeStarts(method, path, opts);
    try {
      answer = await this.send(method, path, opts);
      ended?.({ ok: true, body: answer.body });
    } catch (err) {
      if (err instanceof ApiError && err.afterLostAnswer && opts.lostAnswer?.when(err)) {
        const recovered = await opts.lostAnswer.then().catch(() => null);
        if (recovered !== null) {
          ended?.({ ok: true, body: recovered });
          return recovered;
        }
      }
      ended?.({ ok: false, error: err instanceof Error ? err : new Error(String(err)) });
      throw err;
    }
    // not destructured: a repeated answer's body is parsed only when read
    const { status, repeat } = answer;
    if (repeat?.results.has(parse)) return repeat.results.get(parse) as T;
    try {
      const result = parse(answer.body);
      repeat?.results.set(parse, result);
      return result;
    } catch (err) {
      if (err instanceof ShapeError) throw new ApiError({ status, method, path, message: err.message });
      throw err;
    }
  }

  private async send(method: string, path: string, opts: RequestOptions, renewed = false): Promise<{ status: number; body: unknown; repeat?: Repeat }> {
    const upper = method.toUpperCase();
    let headers: Record<string, string> = {};
    let sentJwt: string | null = null;
    if (!opts.anonymous) {
      if (!renewed) await this.auth.freshen();
      ({ headers, jwt: sentJwt } = this.auth.sent());
    }
    if (opts.accept === 'text') headers.accept = 'text/csv, text/plain, application/json';
    opts.signal?.throwIfAborted();

    let response: Incoming;
    let lostAnswer = false;
    const timeoutMs = opts.timeoutMs ?? this.timeoutMs;
    const query = cleanQuery(opts.query);
    if (opts.json !== undefined) headers['content-type'] = 'application/json';
    try {
      response = await attempts(
        this.exchange,
        {
          method: upper,
          url: this.endpoint + path + (query ? `?${new URLSearchParams(query).toString()}` : ''),
          headers: { accept: 'application/json', 'user-agent': 'ecsdeck', ...headers },
          body: opts.json === undefined ? null : JSON.stringify(opts.json),
        },
        { signal: opts.signal, timeoutMs, maxAnswerBytes: this.maxAnswerBytes, policy: this.retry, onLostAnswer: () => (lostAnswer = true) },
      );
    } catch (err) {
      const request = { method: upper, path, endpoint: this.endpoint, timeoutMs, signal: opts.signal };
      const failure = await translate(err, request, this.clock, lostAnswer);
      // a refused login token is renewed once and the request sent once more (see Auth.renewAfter)
      if (!renewed && (await this.auth.renewAfter(failure, sentJwt))) return this.send(method, path, opts, true);
      throw failure;
    }

    const status = response.status;
    const repeatKey = opts.reuse === true && upper === 'GET' && opts.accept !== 'text' ? `${path}?${JSON.stringify(query ?? {})}` : null;
    const last = repeatKey === null ? undefined : this.repeats.last(repeatKey, status);
    let text: string;
    let bytes: Uint8Array | undefined;
    try {
      if (repeatKey === null) {
        text = await readText(response.body);
      } else {
        const read = await readComparing(response.body, last);
        if ('same' in read) {
          const kept = read.same;
          this.clock.observe(response.header('date'));
          // parsed again only for a caller that has no result of it yet
          return {
            status,
            get body() {
              return JSON.parse(utf8(kept.bytes)) as unknown;
            },
            repeat: kept,
          };
        }
        bytes = read.bytes;
        text = utf8(bytes);
      }
    } catch (err) {
      if (opts.signal?.aborted) throw opts.signal.reason;
      if (err instanceof AttemptTimeout) throw new TimeoutError({ method: upper, path, timeoutMs, wholeMs: err.wholeMs });
      if (err instanceof AnswerTooLarge) throw new AnswerTooLargeError({ method: upper, path, endpoint: this.endpoint, limitBytes: err.limitBytes });
      throw new NetworkError({ method: upper, path, endpoint: this.endpoint, reason: `answer cut short: ${reasonOf(err)}` });
    }
    this.clock.observe(response.header('date'));
    const type = response.header('content-type') ?? '';
    if (opts.accept === 'text' && !type.includes('json')) return { status, body: text };
    if (text.trim() === '') return { status, body: null };
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      if (opts.accept === 'text') return { status, body: text };
      throw new ApiError({ status: response.status, method: upper, path, message: 'the service answered with something that is not JSON' });
    }
    if (isRecord(body) && body.status === 'error') {
      throw new ApiError({ status, method: upper, path, message: errorMessage(body, response), code: errorCode(body) });
    }
    if (repeatKey === null || bytes === undefined) return { status, body };
    return { status, body, repeat: this.repeats.remember(repeatKey, status, bytes) };
  }
}

function normalizeEndpoint(endpoint: string): string {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw new TypeError(scrub(`not a valid service address: ${endpoint}`));
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TypeError(`the service address must be http or https: ${scrub(endpoint)}`);
  return url.toString().replace(/\/+$/, '');
}

function cleanQuery(q: RequestOptions['query']): Record<string, string> | undefined {
  if (!q) return undefined;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== null) out[k] = String(v);
  return Object.keys(out).length > 0 ? out : undefined;
}

