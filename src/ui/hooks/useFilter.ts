// The `/` filter for big lists. The table can filter by itself, but it reads and lower-cases every cell of
// every row on each key typed; with ten thousand servers that is most of the keystroke's time. Here each
// row's searchable text is built once (per row object, per column set) and each key is one `includes` per
// row. Rows that a refresh did not change keep their objects, and so their entries.

import { useEffect, useMemo } from 'react';
import { cellText, type Column } from '../components/Table.js';

const indexes = new WeakMap<readonly Column<never>[], WeakMap<object, string>>();

/** Lower-cased text of every cell, NUL between cells so that a match never spans two columns. */
function searchText<T extends object>(row: T, columns: readonly Column<T>[]): string {
  let index = indexes.get(columns);
  if (!index) indexes.set(columns, (index = new WeakMap()));
  let text = index.get(row);
  if (text === undefined) {
    text = columns.map((c) => cellText(row, c).toLowerCase()).join('\u0000');
    index.set(row, text);
  }
  return text;
}

// The search texts of a whole list in an array, and the last few filters run over it: typing one more
// letter searches only the rows the shorter text kept, and a backspace finds its answer already there.
interface Filtered {
  needle: string;
  kept: number[];
  rows: readonly object[];
}
interface ListIndex {
  texts: string[];
  recent: Filtered[];
}
const listIndexes = new WeakMap<readonly Column<never>[], WeakMap<readonly object[], ListIndex>>();
/** Filters remembered per list: enough for a word typed and taken back letter by letter. */
const RECENT_FILTERS = 12;

function listIndex<T extends object>(rows: readonly T[], columns: readonly Column<T>[]): ListIndex {
  let byRows = listIndexes.get(columns);
  if (!byRows) listIndexes.set(columns, (byRows = new WeakMap()));
  let index = byRows.get(rows);
  if (!index) {
    index = { texts: rows.map((r) => searchText(r, columns)), recent: [] };
    byRows.set(rows, index);
  }
  return index;
}

/** Rows whose cells contain `filter` (case-insensitive), as the table's own filter would keep them. */
export function filterIndexed<T extends object>(rows: readonly T[], columns: readonly Column<T>[], filter: string): readonly T[] {
  const needle = filter.trim().toLowerCase();
  if (needle === '') return rows;
  const index = listIndex(rows, columns);
  const { texts, recent } = index;
  const known = recent.findIndex((f) => f.needle === needle);
  if (known >= 0) {
    const [found] = recent.splice(known, 1);
    recent.push(found);
    return found.rows as readonly T[];
  }
  // the longest remembered filter this one extends: its rows are the only ones that can match
  let from: Filtered | undefined;
  for (const f of recent) if (needle.includes(f.needle) && (from === undefined || f.needle.length > from.needle.length)) from = f;
  const kept: number[] = [];
  if (from !== undefined) {
    for (const i of from.kept) if (texts[i].includes(needle)) kept.push(i);
  } else {
    for (let i = 0; i < texts.length; i++) if (texts[i].includes(needle)) kept.push(i);
  }
  // a filter that keeps every row it searched gives back the same array: nothing under it (the table's
  // window, the rows-on-screen effect) sees a new list, so a letter that narrows nothing costs only the scan
  const searched = from !== undefined ? (from.rows as readonly T[]) : rows;
  const result = kept.length === searched.length ? searched : kept.map((i) => rows[i]);
  recent.push({ needle, kept, rows: result });
  if (recent.length > RECENT_FILTERS) recent.shift();
  return result;
}

export function useFilteredRows<T extends object>(rows: readonly T[], columns: readonly Column<T>[], filter: string): readonly T[] {
  return useMemo(() => filterIndexed(rows, columns, filter), [rows, columns, filter]);
}

/**
 * Builds the search text of `rows` (and the list's index over them) in the background, a couple of
 * milliseconds at a time between frames, so that the first key typed into `/` does not pay for all of it
 * and a key pressed meanwhile waits at most one slice. Stops when the rows change again.
 */
export function useWarmSearch<T extends object>(rows: readonly T[], columns: readonly Column<T>[], delayMs = 300): void {
  useEffect(() => {
    if (rows.length < WARM_MIN_ROWS) return;
    let at = 0;
    let timer: ReturnType<typeof setTimeout>;
    const step = () => {
      const until = performance.now() + WARM_SLICE_MS;
      while (at < rows.length) {
        searchText(rows[at], columns);
        at += 1;
        if ((at & 63) === 0 && performance.now() >= until) break;
      }
      if (at < rows.length) timer = setTimeout(step, 0);
      else listIndex(rows, columns);
    };
    timer = setTimeout(step, delayMs);
    return () => clearTimeout(timer);
  }, [rows, columns, delayMs]);
}

/** Below this many rows the first filter key is cheap anyway. */
const WARM_MIN_ROWS = 500;
/** How long one background slice may hold the thread. */
const WARM_SLICE_MS = 2;
