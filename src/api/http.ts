// The transport: one ky instance per client carrying the base address, the credential, the timeout and the
// retry policy. Every answer comes back as parsed JSON (or text), and every failure as one of the client's
// own errors, with credentials scrubbed from whatever text the failure carries.
import ky, { HTTPError, TimeoutError as KyTimeoutError, type KyInstance } from 'ky';
import { ApiError, AuthExpiredError, NetworkError, ShapeError, TimeoutError, isAbort } from './errors.js';
import { isRecord } from './read.js';
import { registerSecret, scrub } from './secrets.js';
import { ServiceClock } from './service-clock.js';

export type Credential =
  /** `id`: the token's id on the service, when known (it marks the dashboard's own token in `:tokens`) */
  | { kind: 'token'; token: string; id?: number }
  /** `expire` is Unix seconds, as the login answer gives it */
  | { kind: 'jwt'; token: string; expire: number };

/** A fetch as the emulator's `app.fetch` has it: tests pass it to skip the socket. */
export type FetchLike = (request: Request) => Promise<Response> | Response;

export interface RetryPolicy {
  /** retries after the first attempt */
  limit: number;
  /** first backoff delay; doubles each retry */
  baseDelayMs: number;
  maxDelayMs: number;
  /** a longer `Retry-After` is cut to this */
  maxRetryAfterMs: number;
}

export interface TransportOptions {
  /** base address, e.g. `http://127.0.0.1:8787` */
  endpoint: string;
  credential?: Credential | null;
  fetch?: FetchLike;
  /** per attempt; default 15 s */
  timeoutMs?: number;
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

/**
 * Gets a fresh JWT and makes it the credential (by logging in again). `expired`: the current one no longer
 * works, so the renewer may ask the person for the password; false: it is merely near its end, and a renewer
 * that cannot renew without asking should give up quietly (throw), the current token still works.
 */
export type Renewer = (expired: boolean) => Promise<void>;

export interface RequestOptions {
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

/** The last answer to a GET asked with `reuse`, and what each parser made of it (not the parsed JSON: the
 * results are what is used, and ten thousand servers' JSON would double the memory they take). */
interface Repeat {
  text: string;
  status: number;
  results: WeakMap<(body: unknown) => unknown, unknown>;
}
/** Requests whose last answer is kept: the lists a dashboard polls, not every record it opened. */
const MAX_REPEATS = 16;

const DEFAULT_TIMEOUT_MS = 15_000;
const DEFAULT_RETRY: RetryPolicy = { limit: 3, baseDelayMs: 300, maxDelayMs: 5_000, maxRetryAfterMs: 30_000 };

// POST and PATCH are left out on purpose: a retried POST after a lost answer would create a second server.
const RETRIED_METHODS = ['get', 'put', 'delete', 'head'];
const RETRIED_STATUSES = [429, 502, 503, 504];

export class Transport {
  readonly endpoint: string;
  readonly timeoutMs: number;
  private credentialValue: Credential | null = null;
  private readonly ky: KyInstance;
  /** the service's clock: this machine's plus the offset its last answer's Date header showed */
  readonly clock: ServiceClock;
  private readonly expiryMarginMs: number;
  private readonly repeats = new Map<string, Repeat>();
  private readonly renewMarginMs: number;
  /** how a JWT is renewed; null: it is not, and an expired one ends the session */
  renewer: Renewer | null = null;
  /** the renewal under way: requests that find the token old all wait for the same one */
  private renewal: Promise<void> | null = null;
  private renewalExpired = false;
  /** the history's hook (src/history/): every write goes through `call` or `request`, so it is told of all */
  onWrite: WriteHook | null = null;

  constructor(opts: TransportOptions) {
    this.endpoint = normalizeEndpoint(opts.endpoint);
    this.timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.clock = new ServiceClock(opts.now ?? Date.now);
    this.expiryMarginMs = opts.expiryMarginMs ?? 5_000;
    this.renewMarginMs = opts.renewMarginMs ?? 60_000;
    this.credential = opts.credential ?? null;
    const retry = { ...DEFAULT_RETRY, ...opts.retry };
    const userFetch = opts.fetch;
    this.ky = ky.create({
      throwHttpErrors: true,
      // ky must get a Promise back, and the emulator's fetch takes a Request only
      fetch: userFetch
        ? async (input, init) => userFetch(input instanceof Request ? input : new Request(input, init))
        : undefined,
      retry: {
        limit: retry.limit,
        methods: RETRIED_METHODS,
        statusCodes: RETRIED_STATUSES,
        afterStatusCodes: [429, 503],
        maxRetryAfter: retry.maxRetryAfterMs,
        backoffLimit: retry.maxDelayMs,
        delay: (attempt) => retry.baseDelayMs * 2 ** (attempt - 1),
        shouldRetry: ({ error }) => {
          if (isAbort(error) || error instanceof KyTimeoutError) return false;
          // default rules for HTTP statuses; a rejection by fetch itself is a network error: retry
          return undefined;
        },
      },
      headers: { accept: 'application/json', 'user-agent': 'ecsdeck' },
    });
  }

  get credential(): Credential | null {
    return this.credentialValue;
  }

  set credential(c: Credential | null) {
    if (c) registerSecret(c.token);
    this.credentialValue = c ? { ...c } : null;
  }

  /** When the current JWT stops working; null for API tokens (they never expire) or no credential. */
  get expiresAt(): Date | null {
    const c = this.credentialValue;
    return c?.kind === 'jwt' ? new Date(c.expire * 1000) : null;
  }

  isExpired(): boolean {
    const c = this.credentialValue;
    // the expiry is the service's time: judged on its clock, which may differ from ours or run faster
    return c?.kind === 'jwt' && this.clock.now() >= c.expire * 1000 - this.expiryMarginMs;
  }

  /** The service's time now, as its last answer's Date header told it (to the second); ours before any. */
  serviceNow(): Date {
    return new Date(this.clock.now());
  }

  /** Renews the JWT once for every caller asking at the same time. */
  private renew(expired: boolean): Promise<void> {
    const renewer = this.renewer;
    if (renewer === null) return Promise.reject(new AuthExpiredError());
    // an early renewal under way may give up without asking: one that must succeed tries again after it
    if (this.renewal !== null) return expired && !this.renewalExpired ? this.renewal.catch(() => this.renew(true)) : this.renewal;
    this.renewalExpired = expired;
    const renewal = renewer(expired).finally(() => {
      if (this.renewal === renewal) this.renewal = null;
    });
    this.renewal = renewal;
    return renewal;
  }

  /** Before a request: a JWT near its end is renewed; an expired one is renewed or the request refused. */
  private async freshen(): Promise<void> {
    const c = this.credentialValue;
    if (c?.kind !== 'jwt') return;
    if (this.isExpired()) {
      // never sent: the service would refuse it
      if (this.renewer === null) throw new AuthExpiredError();
      await this.renew(true);
      return;
    }
    if (this.renewer !== null && this.clock.now() >= c.expire * 1000 - this.renewMarginMs) {
      // early: a failure here costs nothing, the token still works
      await this.renew(false).catch(() => undefined);
    }
  }

  /** Sends one request and returns its body: parsed JSON (null when empty) or, with accept 'text', the text. */
  async request(method: string, path: string, opts: RequestOptions = {}): Promise<unknown> {
    const ended = this.writeStarts(method, path, opts);
    try {
      const { body } = await this.send(method, path, opts);
      ended?.({ ok: true, body });
      return body;
    } catch (err) {
      ended?.({ ok: false, error: asError(err) });
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
      ended?.({ ok: false, error: asError(err) });
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
    const headers: Record<string, string> = {};
    let sentJwt: string | null = null;
    if (!opts.anonymous) {
      if (!renewed) await this.freshen();
      const c = this.credentialValue;
      if (c?.kind === 'jwt') {
        sentJwt = c.token;
        headers.authorization = `Bearer ${c.token}`;
      } else if (c?.kind === 'token') {
        headers['x-apitoken'] = c.token;
      }
    }
    if (opts.accept === 'text') headers.accept = 'text/csv, text/plain, application/json';
    opts.signal?.throwIfAborted();

    let response: Response;
    let lostAnswer = false;
    try {
      response = await this.ky(this.endpoint + path, {
        method: upper,
        headers,
        json: opts.json,
        searchParams: cleanQuery(opts.query),
        signal: opts.signal,
        timeout: opts.timeoutMs ?? this.timeoutMs,
        hooks: {
          beforeRetry: [
            ({ error }) => {
              // 429 and 503 say the service did nothing; a broken connection or a gateway's 502/504 may
              // hide an answer the service did send
              if (!(error instanceof HTTPError) || error.response.status === 502 || error.response.status === 504) lostAnswer = true;
            },
          ],
        },
      });
    } catch (err) {
      const failure = await this.translate(err, upper, path, opts, lostAnswer);
      // Any 401 on a login token: the service no longer takes it, whatever its words ("token expired" from a
      // clock ahead of ours, "invalid token" from a service restarted without its state or a password
      // changed elsewhere). Renew once (the kept password, else the person is asked) and send once more; a
      // refused request did nothing, so sending a POST again is safe. A token already replaced while this
      // request was out (another request renewed it) is not renewed twice: the request goes with the new one.
      if (!renewed && sentJwt !== null && this.renewer !== null && isAuthRefusal(failure)) {
        const current = this.credentialValue;
        if (!(current?.kind === 'jwt' && current.token !== sentJwt)) await this.renew(true);
        return this.send(method, path, opts, true);
      }
      throw failure;
    }

    let text: string;
    try {
      text = await response.text();
    } catch (err) {
      if (opts.signal?.aborted) throw opts.signal.reason;
      throw new NetworkError({ method: upper, path, endpoint: this.endpoint, reason: `answer cut short: ${reasonOf(err)}` });
    }
    const status = response.status;
    this.clock.observe(response.headers.get('date'));
    const type = response.headers.get('content-type') ?? '';
    if (opts.accept === 'text' && !type.includes('json')) return { status, body: text };
    if (text.trim() === '') return { status, body: null };
    const repeatKey = opts.reuse === true && upper === 'GET' && opts.accept !== 'text' ? `${path}?${JSON.stringify(cleanQuery(opts.query) ?? {})}` : null;
    const last = repeatKey === null ? undefined : this.repeats.get(repeatKey);
    if (last !== undefined && last.status === status && last.text === text) {
      // parsed again only for a caller that has no result of it yet
      return {
        status,
        get body() {
          return JSON.parse(text) as unknown;
        },
        repeat: last,
      };
    }
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
    if (repeatKey === null) return { status, body };
    const repeat: Repeat = { text, status, results: new WeakMap() };
    this.repeats.delete(repeatKey);
    this.repeats.set(repeatKey, repeat);
    if (this.repeats.size > MAX_REPEATS) this.repeats.delete(this.repeats.keys().next().value!);
    return { status, body, repeat };
  }

  private async translate(err: unknown, method: string, path: string, opts: RequestOptions, afterLostAnswer = false): Promise<Error> {
    if (opts.signal?.aborted) return asError(opts.signal.reason);
    if (err instanceof HTTPError) {
      const res = err.response;
      this.clock.observe(res.headers.get('date'));
      let body: unknown;
      try {
        const text = await res.text();
        body = text.trim() === '' ? null : safeJson(text);
        if (body === undefined) body = text.length <= 200 ? text : null;
      } catch {
        body = null;
      }
      return new ApiError({
        status: res.status,
        method,
        path,
        message: isRecord(body) ? errorMessage(body, res) : typeof body === 'string' && body.trim() ? body.trim() : statusText(res),
        code: isRecord(body) ? errorCode(body) : undefined,
        afterLostAnswer,
      });
    }
    if (err instanceof KyTimeoutError) return new TimeoutError({ method, path, timeoutMs: opts.timeoutMs ?? this.timeoutMs });
    if (isAbort(err)) return asError(err);
    return new NetworkError({ method, path, endpoint: this.endpoint, reason: reasonOf(err) });
  }
}

/** The service's 401: the credential sent is not (or no longer) taken. */
function isAuthRefusal(err: Error): boolean {
  return err instanceof ApiError && err.status === 401;
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

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The service's own words: `message`, else `error`, else `detail` (text or a list of `{msg}`), else the status text. */
function errorMessage(body: Record<string, unknown>, res: Response): string {
  for (const key of ['message', 'error', 'detail']) {
    const v = body[key];
    if (typeof v === 'string' && v.trim() !== '') return v;
    if (Array.isArray(v)) {
      const parts = v.map((x) => (typeof x === 'string' ? x : isRecord(x) && typeof x.msg === 'string' ? x.msg : '')).filter(Boolean);
      if (parts.length > 0) return parts.join('; ');
    }
    if (isRecord(v) && typeof v.message === 'string') return v.message;
  }
  return statusText(res);
}

function errorCode(body: Record<string, unknown>): string | number | undefined {
  const v = body.error_code;
  return typeof v === 'string' || typeof v === 'number' ? v : undefined;
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

function statusText(res: Response): string {
  return res.statusText || STATUS_TEXT[res.status] || `HTTP ${res.status}`;
}

/** A short reason from fetch's nested causes: `ECONNREFUSED`, `ENOTFOUND`, "other side closed". */
function reasonOf(err: unknown): string {
  let e: unknown = err;
  for (let depth = 0; depth < 4 && e instanceof Error; depth++) {
    const code = (e as { code?: unknown }).code;
    const cause = (e as { cause?: unknown }).cause;
    if (typeof code === 'string' && code !== '') return describeCode(code);
    if (!(cause instanceof Error)) return e.message || 'unknown failure';
    e = cause;
  }
  return 'unknown failure';
}

function describeCode(code: string): string {
  switch (code) {
    case 'ECONNREFUSED':
      return 'connection refused';
    case 'ECONNRESET':
    case 'UND_ERR_SOCKET':
      return 'connection closed by the other side';
    case 'ENOTFOUND':
      return 'host not found';
    case 'ETIMEDOUT':
    case 'UND_ERR_CONNECT_TIMEOUT':
      return 'connection timed out';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'host unreachable';
    default:
      return code;
  }
}

function asError(reason: unknown): Error {
  if (reason instanceof Error) return reason;
  return new DOMException('the request was cancelled', 'AbortError');
}
