// The `/` filter for big lists. The table can filter by itself, but it reads and lower-cases every cell of
// every row on each key typed; with ten thousand servers that is most of the keystroke's time. Here each
// row's searchable text is built once (per row object, per column set) and each key is one `includes` per
// row. Rows that a refresh did not change keep their objects, and so their entries.

import { useEffect, useMemo } from 'react';
import { cellText, type Column } from '../components/Table.js';

const indexes = new WeakMap<readonly Column<never>[], WeakMap<object, string>>();

/** Lower-cased text of every cell, NUL between cells so that a match never spans two columns. */
export function searchText<T extends object>(row: T, columns: readonly Column<T>[]): string {
  let index = indexes.get(columns as readonly Column<never>[]);
  if (!index) indexes.set(columns as readonly Column<never>[], (index = new WeakMap()));
  let text = index.get(row);
  if (text === undefined) {
    text = columns.map((c) => cellText(row, c).toLowerCase()).join('\u0000');
    index.set(row, text);
  }
  return text;
}

/** Rows whose cells contain `filter` (case-insensitive), as the table's own filter would keep them. */
export function filterIndexed<T extends object>(rows: readonly T[], columns: readonly Column<T>[], filter: string): readonly T[] {
  const needle = filter.trim().toLowerCase();
  if (needle === '') return rows;
  return rows.filter((r) => searchText(r, columns).includes(needle));
}

export function useFilteredRows<T extends object>(rows: readonly T[], columns: readonly Column<T>[], filter: string): readonly T[] {
  return useMemo(() => filterIndexed(rows, columns, filter), [rows, columns, filter]);
}

/**
 * Builds the search text of `rows` in the background, a slice at a time between frames, so that the first
 * key typed into `/` does not pay for all of it. Stops when the rows change again.
 */
export function useWarmSearch<T extends object>(rows: readonly T[], columns: readonly Column<T>[], delayMs = 300): void {
  useEffect(() => {
    if (rows.length < WARM_SLICE) return;
    let at = 0;
    let timer: ReturnType<typeof setTimeout>;
    const step = () => {
      const end = Math.min(rows.length, at + WARM_SLICE);
      for (; at < end; at++) searchText(rows[at]!, columns);
      if (at < rows.length) timer = setTimeout(step, 0);
    };
    timer = setTimeout(step, delayMs);
    return () => clearTimeout(timer);
  }, [rows, columns, delayMs]);
}

/** Below this many rows the first filter key is cheap anyway; also the slice built per timer turn. */
const WARM_SLICE = 500;
