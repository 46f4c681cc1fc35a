// What the table draws, as plain functions of its rows and columns (no React, no Ink): the column type, the
// filter and the sort, where the cursor's window lies, and the column layout for a width. Table.tsx draws
// them; the lists that sort or filter ahead of the table (ResourceView, useFilter) use the same functions.

import { formatDate } from '../format.js';
import { displayWidth, truncate } from '../text.js';
import { scalarText } from '../../api/read.js';
import type { Role } from '../theme.js';

export interface Column<T> {
  key: string;
  header: string;
  /** Preferred width in columns; without `flex` the column does not grow beyond it. */
  width?: number;
  /** Narrowest the column may get before it is dropped instead. */
  minWidth?: number;
  /** Share of the spare width; columns with neither width nor flex get flex 1. */
  flex?: number;
  /** Lower = more important = dropped last when the terminal is narrow. Default 0. */
  priority?: number;
  /** Identifies the row (a name, an id): never dropped, whatever the width. */
  identity?: boolean;
  /** Shown only on a wide terminal, once every other column has its preferred width (k9s's wide columns). */
  wide?: boolean;
  /** Preferred width is the widest cell (within `minWidth` and `maxWidth`), measured when the rows change. */
  fit?: boolean;
  /** The widest a `fit` column measures and a flexible one grows (room beyond goes to the row's end). */
  maxWidth?: number;
  align?: 'left' | 'right';
  /** The cell's text at most `width` wide, unchanged when it fits; default: a longer one loses its end, with `…`. */
  cut?(text: string, width: number): string;
  /** Text of the cell; default: the row's `key` property (dates formatted, null as empty). */
  render?(row: T): string;
  color?(row: T): Role | undefined;
  /** What to sort by when the rendered text would sort wrongly; default the raw property, else the text. */
  sortValue?(row: T): unknown;
  /** false: nothing to sort by (cells drawn only for the rows on screen, as the CPU graphs): `o` and `>` skip it */
  sortable?: boolean;
}

/**
 * Cells drawn from something outside the rows (the CPU sparklines of the servers on screen, fetched in the
 * background): the table asks for their text, redraws a row when its `version` changes, and says which
 * rows are on screen after every move.
 */
export interface LiveCells<T> {
  /** the text of `column` for `row`, or undefined for the column's own */
  text(row: T, column: string): string | undefined;
  version(row: T): unknown;
  /** the colour of `column` for `row` when the live text decides it, or undefined for the column's own */
  color?(row: T, column: string): Role | undefined;
  onWindow?(rows: readonly T[]): void;
}

export interface SortSpec {
  column: string;
  descending: boolean;
}

export interface LaidOutColumn<T> {
  column: Column<T>;
  width: number;
}

const GAP = 1;

/** Text a cell shows, which is also what the filter searches. */
export function cellText<T>(row: T, column: Column<T>): string {
  if (column.render) return column.render(row);
  const value = (row as Record<string, unknown>)[column.key];
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return formatDate(value);
  return scalarText(value);
}

/**
 * What a list says when its filter keeps no row: `no rows match /web`, the filter cut to a third of the
 * width. The whole of it is in the field above; a pasted paragraph quoted whole here was wrapped over the list.
 */
export function noRowsMatch(filter: string, width: number): string {
  return `no rows match /${quotedSearch(filter, width)}`;
}

/** A filter or search quoted back in a list's message: trimmed and cut to a third of the width. */
export function quotedSearch(text: string, width: number): string {
  return truncate(text.trim(), Math.max(10, Math.floor(width / 3)));
}

/** Rows whose rendered text, in any column, contains `text` (case-insensitive). Same array when no filter. */
export function filterRows<T>(rows: readonly T[], columns: readonly Column<T>[], text: string | undefined): readonly T[] {
  const needle = (text ?? '').trim().toLowerCase();
  if (needle === '') return rows;
  return rows.filter((row) => columns.some((c) => cellText(row, c).toLowerCase().includes(needle)));
}

// made on the first sort of text that needs it: creating a collator costs about 10 ms, on the first frame
let collator: Intl.Collator | undefined;
const ALNUM = /^[A-Za-z0-9]*$/;
export const compareText = (a: string, b: string): number =>
  ALNUM.test(a) && ALNUM.test(b) ? compareAlnum(a, b) : (collator ??= new Intl.Collator('en', { numeric: true, sensitivity: 'base' })).compare(a, b);

const isDigit = (c: number): boolean => c >= 48 && c <= 57;

/**
 * The collator's order for text of ASCII letters and digits only (a server's name, a plan): letters without
 * case, digits before letters, a run of digits by its value (leading zeros aside). A property test holds it
 * to Intl.Collator's answer; anything else goes to the collator itself.
 */
function compareAlnum(a: string, b: string): number {
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const ca = a.charCodeAt(i);
    const cb = b.charCodeAt(j);
    const da = isDigit(ca);
    const db = isDigit(cb);
    if (da && db) {
      let si = i;
      while (si < a.length && a.charCodeAt(si) === 48) si++;
      let sj = j;
      while (sj < b.length && b.charCodeAt(sj) === 48) sj++;
      let ei = si;
      while (ei < a.length && isDigit(a.charCodeAt(ei))) ei++;
      let ej = sj;
      while (ej < b.length && isDigit(b.charCodeAt(ej))) ej++;
      if (ei - si !== ej - sj) return ei - si < ej - sj ? -1 : 1;
      for (let k = 0; k < ei - si; k++) {
        const x = a.charCodeAt(si + k);
        const y = b.charCodeAt(sj + k);
        if (x !== y) return x < y ? -1 : 1;
      }
      i = ei;
      j = ej;
      continue;
    }
    if (da !== db) return da ? -1 : 1;
    const la = ca | 0x20;
    const lb = cb | 0x20;
    if (la !== lb) return la < lb ? -1 : 1;
    i++;
    j++;
  }
  const restA = a.length - i;
  const restB = b.length - j;
  return restA === restB ? 0 : restA < restB ? -1 : 1;
}

function sortKey<T>(row: T, column: Column<T>): unknown {
  if (column.sortValue) return column.sortValue(row);
  const raw = (row as Record<string, unknown>)[column.key];
  // The raw value sorts numbers and dates correctly where their rendered text would not.
  if (raw === null || raw instanceof Date || ['number', 'boolean', 'bigint', 'string'].includes(typeof raw)) return raw;
  return cellText(row, column);
}

function rank(v: unknown): number | string | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number') return Number.isNaN(v) ? null : v;
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : v.getTime();
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (typeof v === 'bigint') return Number(v);
  return scalarText(v);
}

/** Stable sort; numbers numerically, dates by time, text naturally (`web-9` before `web-10`), empty last. */
export function sortRows<T>(rows: readonly T[], column: Column<T>, descending = false): T[] {
  const decorated = rows.map((row, index) => ({ row, index, k: rank(sortKey(row, column)) }));
  const dir = descending ? -1 : 1;
  decorated.sort((a, b) => {
    if (a.k === null || b.k === null) {
      if (a.k === b.k) return a.index - b.index;
      return a.k === null ? 1 : -1;
    }
    let c: number;
    if (typeof a.k === 'number' && typeof b.k === 'number') c = a.k - b.k;
    else c = compareText(String(a.k), String(b.k));
    return c !== 0 ? c * dir : a.index - b.index;
  });
  return decorated.map((d) => d.row);
}

/** Index of the row with `key`, looking at `hint` and its neighbours before scanning; -1 when absent. */
export function indexNear<T>(rows: readonly T[], key: string, hint: number, keyOf: (row: T) => string): number {
  for (const i of [hint, hint + 1, hint - 1]) {
    if (i >= 0 && i < rows.length && keyOf(rows[i]) === key) return i;
  }
  for (let i = 0; i < rows.length; i++) if (keyOf(rows[i]) === key) return i;
  return -1;
}

/**
 * First and one-past-last visible index. The window stays where it was while the selection is inside it and
 * scrolls just enough otherwise, so moving the cursor does not make the page jump.
 */
export function computeWindow(
  count: number,
  selectedIndex: number,
  height: number,
  previousTop = 0,
): { start: number; end: number } {
  if (count <= 0 || height <= 0) return { start: 0, end: 0 };
  const maxTop = Math.max(0, count - height);
  let top = Math.min(Math.max(0, previousTop), maxTop);
  const sel = Math.min(Math.max(0, selectedIndex), count - 1);
  if (sel < top) top = sel;
  else if (sel >= top + height) top = sel - height + 1;
  return { start: top, end: Math.min(count, top + height) };
}

const minWidthOf = <T,>(c: Column<T>): number => c.minWidth ?? c.width ?? Math.max(3, displayWidth(c.header));
export const flexOf = <T,>(c: Column<T>): number => c.flex ?? (c.width === undefined && !c.fit ? 1 : 0);

/**
 * The widths the content asks for: of `fit` columns and of flexible ones (the text people read), the
 * widest cell of any row, within the column's bounds; 0 for a column whose every cell is empty.
 */
export function naturalWidths<T>(rows: readonly T[], columns: readonly Column<T>[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const c of columns) {
    if (!c.fit && flexOf(c) === 0) continue;
    // a flexible column's text is measured whole (it may take all the room a wide terminal has)
    const cap = c.maxWidth ?? (flexOf(c) > 0 ? 1000 : 60);
    let w = 0;
    for (let i = 0; i < rows.length && w < cap; i++) w = Math.max(w, displayWidth(cellText(rows[i], c)));
    out.set(c.key, w === 0 ? 0 : Math.max(minWidthOf(c), displayWidth(c.header), Math.min(cap, w)));
  }
  return out;
}

/**
 * Widths for `width` columns of text (gaps of one included). The width policy:
 * - a column that identifies a row (`identity`) is never dropped; when the columns do not fit (fixed ones at
 *   their preferred width, flexible ones at their minimum), the least important other column (highest
 *   `priority`, rightmost on a tie) goes first, so what is shown is shown whole;
 * - spare room first brings columns up to their preferred width (a `fit` column's is its widest cell),
 *   most important first;
 * - `wide` columns (a server's group, its flags) come only when everything else has its preferred width,
 *   so a wide terminal shows more instead of wider blanks;
 * - what is left goes to the flexible columns: the text people read (notes, descriptions, a key's comment),
 *   each up to its longest cell (when measured) and its `maxWidth`; room none of them can take is blank at
 *   the row's end;
 * - a wide column of text that must be cut keeps out the wide columns after it.
 */
export function layoutColumns<T>(columns: readonly Column<T>[], width: number, natural?: ReadonlyMap<string, number>): LaidOutColumn<T>[] {
  const preferred = (c: Column<T>): number => (c.fit ? natural?.get(c.key) : undefined) ?? c.width ?? minWidthOf(c);
  // A fixed column is shown whole or not at all (a GPU name cut to `1× RTX …` tells nothing): only flexible
  // columns, the text people read, may be narrower than they would like.
  const kept = columns
    .map((column, order) => ({ column, order, width: flexOf(column) > 0 ? minWidthOf(column) : Math.max(minWidthOf(column), preferred(column)) }))
    .filter((k) => !k.column.wide);
  const need = () => kept.reduce((s, k) => s + k.width, 0) + GAP * Math.max(0, kept.length - 1);
  while (need() > width) {
    let drop = -1;
    for (let i = 0; i < kept.length; i++) {
      if (kept[i].column.identity) continue;
      if (drop < 0 || (kept[i].column.priority ?? 0) >= (kept[drop].column.priority ?? 0)) drop = i;
    }
    if (drop < 0) break;
    kept.splice(drop, 1);
  }
  if (kept.length === 0) return [];
  let free = width - need();
  for (let i = 0; free < 0 && i < kept.length; i++) {
    // only identity columns are left and they do not fit: the first ones give up their room
    const give = Math.min(kept[i].width, -free);
    kept[i].width -= give;
    free += give;
  }
  const byImportance = [...kept].sort((a, b) => (a.column.priority ?? 0) - (b.column.priority ?? 0) || a.order - b.order);
  for (const k of byImportance) {
    const add = Math.min(Math.max(0, preferred(k.column) - k.width), free);
    k.width += add;
    free -= add;
  }
  // a flexible column grows to what its content asks for (its natural width, within its maxWidth)
  const toContent = (k: (typeof kept)[number]) => {
    const add = Math.min(Math.max(0, (natural?.get(k.column.key) ?? 0) - k.width), free);
    k.width += add;
    free -= add;
  };
  // the text people read gets what its content asks for before any wide column comes
  for (const k of byImportance) if (flexOf(k.column) > 0) toContent(k);
  const satisfied = kept.every((k) => k.width >= preferred(k.column) && (flexOf(k.column) === 0 || k.width >= (natural?.get(k.column.key) ?? 0)));
  if (satisfied) {
    for (let order = 0; order < columns.length; order++) {
      const column = columns[order];
      if (!column.wide) continue;
      const w = preferred(column);
      // a wide column with nothing in it (no server is in a group) brings no information
      if (w === 0 || w + GAP > free) continue;
      // a wide column of text (a snapshot's notes) asks for its content's width; cut, it keeps out the wide
      // columns after it, which would take the room its end needs (`restored after failed db migr…` beside a
      // NAME column that repeats the server and id)
      const want = flexOf(column) > 0 ? Math.max(w, natural?.get(column.key) ?? 0) : w;
      const given = Math.min(want, free - GAP);
      kept.push({ column, order, width: given });
      free -= given + GAP;
      if (given < want) break;
    }
    kept.sort((a, b) => a.order - b.order);
  }
  // a flexible column grows to what its text asks for (within its `maxWidth`) and no further: a title of 30
  // columns padded to 140 puts 110 blank columns between a script's title and its kind, which the eye must
  // cross on the right row; what none can take goes to the row's end, as in k9s. Without measured widths
  // (none given, or 0: every cell is empty, or filled in later by live text such as `:actions`' NAME) the
  // room is shared out.
  const room = (k: (typeof kept)[number]) => Math.min(k.column.maxWidth ?? Infinity, natural?.get(k.column.key) || Infinity) - k.width;
  let flexible = kept.filter((k) => flexOf(k.column) > 0 && room(k) > 0);
  while (free > 0 && flexible.length > 0) {
    const totalFlex = flexible.reduce((s, k) => s + flexOf(k.column), 0);
    let given = 0;
    for (const k of flexible) {
      const share = Math.min(Math.floor((free * flexOf(k.column)) / totalFlex), room(k));
      k.width += share;
      given += share;
    }
    // what the rounding left (fewer columns than there are), one each from the first
    for (const k of flexible) {
      if (given === free) break;
      if (room(k) > 0) {
        k.width += 1;
        given += 1;
      }
    }
    free -= given;
    flexible = flexible.filter((k) => room(k) > 0);
  }
  const last = kept[kept.length - 1];
  if (free > 0 && last.column.align !== 'right') last.width += free;
  return kept.map((k) => ({ column: k.column, width: k.width }));
}

/** `12/340`, with the unfiltered total when a filter hides rows: `3/12 of 340`. */
export function positionLabel(selectedIndex: number, count: number, total = count): string {
  const pos = count === 0 ? 0 : selectedIndex + 1;
  return total !== count ? `${pos}/${count} of ${total}` : `${pos}/${count}`;
}

