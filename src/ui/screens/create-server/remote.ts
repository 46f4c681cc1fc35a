// Loading a list from the service for the wizard: each list on its own, so one failing list (say, SSH keys)
// leaves the others usable, and a failure shows the service's own words with a retry.
import { useEffect, useRef, useState } from 'react';
import { ApiError, AuthExpiredError, NetworkError, TimeoutError } from '../../../api/index.js';
import { SERVICE_WORDS_COLUMNS, truncate } from '../../text.js';

export interface Remote<T> {
  data?: T;
  error?: string;
  loading: boolean;
  retry(): void;
}

interface Failure {
  message: string;
  /** No answer came back: a request that creates something may or may not have done it. */
  uncertain: boolean;
}

/** What went wrong, for a person: the service's message to the letter, or why it could not be asked. */
export function describeFailure(err: unknown): Failure {
  if (err instanceof ApiError || err instanceof AuthExpiredError) return { message: err.message, uncertain: false };
  if (err instanceof NetworkError || err instanceof TimeoutError) return { message: err.message, uncertain: true };
  return { message: err instanceof Error ? err.message : String(err), uncertain: false };
}

/**
 * `✗ could not load the plans: …` in the service's words, made safe and cut (SERVICE_WORDS_COLUMNS): a page of
 * words from a proxy would push `⏎ retry` out of the step.
 */
export function loadFailure(what: string, error: string): string {
  return truncate(`✗ could not load the ${what}: ${error}`, SERVICE_WORDS_COLUMNS);
}

const isAbort = (err: unknown): boolean => err instanceof Error && (err.name === 'AbortError' || err.name === 'CanceledError');

/**
 * Loads once per `key` while `load` is given (null: not wanted yet). Leaving (unmount or a new key) aborts the
 * request, and a late answer is dropped, so an old plan's regions never show up under a new plan.
 */
export function useRemote<T>(load: ((signal: AbortSignal) => Promise<T>) | null, key: string): Remote<T> {
  const loadRef = useRef(load);
  loadRef.current = load;
  const enabled = load !== null;
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<{ key: string; attempt: number; data?: T; error?: string } | null>(null);

  useEffect(() => {
    const fn = loadRef.current;
    if (!fn) return;
    const controller = new AbortController();
    let live = true;
    fn(controller.signal).then(
      (data) => {
        if (live) setResult({ key, attempt, data });
      },
      (err: unknown) => {
        if (live && !isAbort(err)) setResult({ key, attempt, error: describeFailure(err).message });
      },
    );
    return () => {
      live = false;
      controller.abort();
    };
  }, [key, attempt, enabled]);

  const current = result !== null && result.key === key && result.attempt === attempt ? result : null;
  return {
    data: current?.data,
    error: current?.error,
    loading: enabled && current === null,
    retry: () => setAttempt((n) => n + 1),
  };
}
