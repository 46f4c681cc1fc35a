// The client's failures, each of its own kind so callers can tell "the service said no" from "the service
// could not be reached" from "log in again". Messages are for people and never carry a credential: every
// constructor scrubs, and no error keeps a reference to the request (its headers hold the credential).
import { scrub } from './secrets.js';

class ClientError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(scrub(message), options);
    // set by hand in each class: a bundler may rename classes (ky has its own TimeoutError)
    this.name = 'ClientError';
  }
}

/** The service answered, and the answer is a failure (non-2xx, a 200 saying `status: "error"`, or a shape the client cannot read). */
export class ApiError extends ClientError {
  readonly status: number;
  readonly method: string;
  readonly path: string;
  /** `error_code` from the body when the service sent one */
  readonly code: string | number | undefined;
  /**
   * An earlier attempt of this same request was retried after its answer was lost (the connection failed, or
   * a gateway gave up), so the service may have done what it asked: this refusal can be that attempt's work.
   */
  readonly afterLostAnswer: boolean;

  constructor(init: { status: number; message: string; method: string; path: string; code?: string | number; afterLostAnswer?: boolean }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.method = init.method.toUpperCase();
    this.path = scrub(init.path);
    this.code = init.code;
    this.afterLostAnswer = init.afterLostAnswer ?? false;
  }

  override toString(): string {
    return `ApiError: ${this.method} ${this.path} answered ${this.status}: ${this.message}`;
  }
}

/** The service could not be reached: refused, reset, DNS, TLS. */
export class NetworkError extends ClientError {
  readonly method: string;
  readonly path: string;
  constructor(init: { method: string; path: string; endpoint: string; reason: string }) {
    super(`cannot reach the service at ${init.endpoint} (${init.reason})`);
    this.name = 'NetworkError';
    this.method = init.method.toUpperCase();
    this.path = scrub(init.path);
  }

  override toString(): string {
    return `NetworkError: ${this.method} ${this.path}: ${this.message}`;
  }
}

/**
 * The service's answer passed the most an answer may hold (a body without end: an address that streams): it
 * was not read further. A NetworkError, as no usable answer came.
 */
export class AnswerTooLargeError extends NetworkError {
  constructor(init: { method: string; path: string; endpoint: string; limitBytes: number }) {
    super({ ...init, reason: 'answer too large' });
    this.message = `the service's answer passed ${formatBytes(init.limitBytes)}; it was not read further`;
    this.name = 'AnswerTooLargeError';
  }
}

/**
 * The service's answer did not begin within `timeoutMs`, or its body stopped coming for as long; or, with
 * `wholeMs`, the whole of its body did not come within that.
 */
export class TimeoutError extends ClientError {
  readonly method: string;
  readonly path: string;
  readonly timeoutMs: number;
  constructor(init: { method: string; path: string; timeoutMs: number; wholeMs?: number | null }) {
    super(
      init.wholeMs == null
        ? `the service did not answer within ${formatSeconds(init.timeoutMs)}`
        : `the service's answer did not end within ${formatSeconds(init.wholeMs)}`,
    );
    this.name = 'TimeoutError';
    this.method = init.method.toUpperCase();
    this.path = scrub(init.path);
    this.timeoutMs = init.timeoutMs;
  }

  override toString(): string {
    return `TimeoutError: ${this.method} ${this.path}: ${this.message}`;
  }
}

/** Raised before sending: the login token has expired (or there is none), so the request would only bounce. */
export class AuthExpiredError extends ClientError {
  constructor(message = 'your login has expired; log in again') {
    super(message);
    this.name = 'AuthExpiredError';
  }
}

/** A record that lacks a required field or holds the wrong type; the transport turns it into an ApiError. */
export class ShapeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ShapeError';
  }
}

function formatBytes(bytes: number): string {
  const mib = bytes / (1024 * 1024);
  return mib >= 1 ? `${Number.isInteger(mib) ? mib : mib.toFixed(1)} MiB` : `${bytes} bytes`;
}

function formatSeconds(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  const s = ms / 1000;
  return `${Number.isInteger(s) ? s : s.toFixed(1)} s`;
}

/** The credential was refused or has run out: the person must log in again (or replace the token). */
export function isAuthFailure(err: unknown): boolean {
  return err instanceof AuthExpiredError || (err instanceof ApiError && err.status === 401);
}

export function isAbort(err: unknown): boolean {
  return err instanceof Error && (err.name === 'AbortError' || err.name === 'CanceledError');
}
