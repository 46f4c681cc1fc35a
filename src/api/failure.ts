// A failed request as one of the client's own errors: the service's refusal with its own words, a timeout, a
// cancellation, or a network failure with a short reason. The error classes scrub credentials from the text.
import { AttemptTimeout, StatusFailure } from './attempts.js';
import { ApiError, NetworkError, TimeoutError, isAbort } from './errors.js';
import { readText } from './exchange.js';
import { isRecord } from './read.js';
import type { ServiceClock } from './service-clock.js';

/** What an answer's first line says. */
interface StatusLine {
  status: number;
  statusText: string;
}

/** The request that failed, as much of it as its error tells. */
interface FailedRequest {
  method: string;
  path: string;
  endpoint: string;
  /** the attempt's timeout */
  timeoutMs: number;
  signal?: AbortSignal;
}

/** `afterLostAnswer`: an earlier attempt was retried after its answer was lost (see ApiError). */
export async function translate(err: unknown, req: FailedRequest, clock: ServiceClock, afterLostAnswer = false): Promise<Error> {
  const { method, path } = req;
  if (req.signal?.aborted) return asError(req.signal.reason);
  if (err instanceof StatusFailure) {
    const res = err.answer;
    clock.observe(res.header('date'));
    let body: unknown;
    try {
      const text = await readText(res.body);
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
  if (err instanceof AttemptTimeout) return new TimeoutError({ method, path, timeoutMs: req.timeoutMs, wholeMs: err.wholeMs });
  if (isAbort(err)) return asError(err);
  return new NetworkError({ method, path, endpoint: req.endpoint, reason: reasonOf(err) });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The service's own words: `message`, else `error`, else `detail` (text or a list of `{msg}`), else the status text. */
export function errorMessage(body: Record<string, unknown>, res: StatusLine): string {
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

export function errorCode(body: Record<string, unknown>): string | number | undefined {
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

function statusText(res: StatusLine): string {
  return res.statusText || STATUS_TEXT[res.status] || `HTTP ${res.status}`;
}

/** A short reason from fetch's nested causes: `ECONNREFUSED`, `ENOTFOUND`, "other side closed". */
export function reasonOf(err: unknown): string {
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
