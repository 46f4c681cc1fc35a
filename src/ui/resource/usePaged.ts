// Rows that the service hands out a page at a time (the event log): the first page at once, the next when
// the screen asks (the cursor nears the end of what is loaded), the search sent to the service, and, while
// following, the first page asked for again every few seconds with what is new put on top. A row is kept
// once by its key, so pages that overlap (new rows pushed the offsets along) add nothing twice.

import { useCallback, useEffect, useRef, useState } from 'react';
import { errorText } from '../hooks/useResource.js';
import type { Ctx, Page, PagedSource, Params } from './spec.js';

interface PagedState<T> {
  rows: T[] | undefined;
  /** all the rows the service has for the search; null before the first answer */
  total: number | null;
  loading: boolean;
  error: string | null;
}

/** `rows` with the rows of `page` it does not hold yet added after them. */
export function appendPage<T>(rows: readonly T[], page: readonly T[], keyOf: (row: T) => string): T[] {
  const have = new Set(rows.map(keyOf));
  return [...rows, ...page.filter((r) => !have.has(keyOf(r)))];
}

/** The rows of a fresh first page that `rows` does not hold, on top of them (newest first). */
export function prependNew<T>(rows: readonly T[], first: readonly T[], keyOf: (row: T) => string): { rows: T[]; added: T[] } {
  const have = new Set(rows.map(keyOf));
  const added = first.filter((r) => !have.has(keyOf(r)));
  return { rows: added.length > 0 ? [...added, ...rows] : (rows as T[]), added };
}

interface PagedOptions<T> {
  search: string;
  keyOf(row: T): string;
  /** ask for the first page again every `followMs` and put the new rows on top */
  follow: boolean;
  followMs: number;
  onError(message: string): void;
  onSuccess(): void;
  /** rows that came on top while following */
  onNew?(added: T[]): void;
}

interface Paged<T> extends PagedState<T> {
  /** the next page, unless one is on its way or every row is loaded */
  more(): void;
  /** from the first page again */
  refresh(): void;
  /** the first page's new rows on top of what is loaded (unless a request is on its way) */
  top(): void;
}

const IDLE: PagedState<never> = { rows: undefined, total: null, loading: false, error: null };

export function usePaged<T, P extends Params>(source: PagedSource<T, P> | undefined, ctx: Ctx<P>, o: PagedOptions<T>): Paged<T> {
  const [state, setState] = useState<PagedState<T>>(source ? { ...IDLE, loading: true } : IDLE);
  const live = useRef({ state, o, ctx, busy: false, generation: 0, abort: null as AbortController | null });
  live.current.o = o;
  live.current.ctx = ctx;

  const set = useCallback((next: PagedState<T>) => {
    live.current.state = next;
    setState(next);
  }, []);

  /** One request at a time; a new search (generation) drops what an older one brings back. */
  const fetchPage = useCallback(
    (offset: number, apply: (page: Page<T>, before: PagedState<T>) => PagedState<T>, fresh = false) => {
      if (!source) return;
      const l = live.current;
      if (l.busy && !fresh) return;
      if (fresh) {
        l.generation += 1;
        l.abort?.abort();
      }
      const generation = l.generation;
      const abort = new AbortController();
      l.abort = abort;
      l.busy = true;
      if (fresh && l.state.rows === undefined) set({ ...l.state, loading: true });
      source.load(l.ctx, { offset, length: source.pageSize, search: l.o.search }, abort.signal).then(
        (page) => {
          if (generation !== live.current.generation) return;
          live.current.busy = false;
          set(apply(page, live.current.state));
          live.current.o.onSuccess();
        },
        (err: unknown) => {
          if (generation !== live.current.generation || abort.signal.aborted) return;
          live.current.busy = false;
          const message = errorText(err);
          set({ ...live.current.state, loading: false, error: message });
          live.current.o.onError(message);
        },
      );
    },
    [source, set],
  );

  const keyOf = useCallback((row: T) => live.current.o.keyOf(row), []);
  const refresh = useCallback(() => {
    fetchPage(0, (page) => ({ rows: page.rows, total: page.total, loading: false, error: null }), true);
  }, [fetchPage]);

  const more = useCallback(() => {
    const { rows, total } = live.current.state;
    if (rows === undefined || total === null || rows.length >= total) return;
    fetchPage(rows.length, (page, before) => ({ rows: appendPage(before.rows ?? [], page.rows, keyOf), total: page.total, loading: false, error: null }));
  }, [fetchPage, keyOf]);

  // a new search starts from the first page
  useEffect(() => {
    if (!source) return;
    refresh();
    const l = live.current;
    return () => {
      l.generation += 1;
      l.abort?.abort();
      l.busy = false;
    };
  }, [source, o.search, refresh]);

  /** The first page again, its new rows put on top of what is loaded: the pages further down stay. */
  const top = useCallback(
    () =>
      fetchPage(0, (page, before) => {
        const merged = prependNew(before.rows ?? [], page.rows, keyOf);
        if (merged.added.length > 0) live.current.o.onNew?.(merged.added);
        return { rows: merged.rows, total: page.total, loading: false, error: null };
      }),
    [fetchPage, keyOf],
  );

  useEffect(() => {
    if (!source || !o.follow) return;
    top();
    const timer = setInterval(top, o.followMs);
    timer.unref?.();
    return () => clearInterval(timer);
  }, [source, o.follow, o.followMs, top]);

  return { ...state, more, refresh, top };
}
