// The windowed, selectable table behind every list. Only the visible window is rendered, so a keypress costs
// the same for 40 rows as for 10,000; filtering and sorting are memoised on the data and run again only when
// rows, columns, filter or sort change, never on a cursor move.
//
// The selection is remembered by row key, not by index: a refresh, a re-sort or a filter keeps the cursor on
// the same item, and when that item disappears the cursor stays at the same position instead of jumping home.

import { memo, useEffect, useLayoutEffect, useMemo, useReducer, useRef, useState, type ReactNode } from 'react';
import { Box, Text } from 'ink';
import { PRIORITY, useKeys } from '../keys.js';
import type { KeyLike } from '../keymap.js';
import { formatDate } from '../format.js';
import { displayWidth, padEnd, padStart, truncate } from '../text.js';
import { scalarText } from '../../api/read.js';
import { matchBinding } from '../keymap.js';
import { color, selectionInverse, type Role } from '../theme.js';

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
  maxWidth?: number;
  align?: 'left' | 'right';
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

export interface TableProps<T> {
  rows: readonly T[];
  /** Keep this array stable (module constant or useMemo): it is part of the filter/sort memo. */
  columns: readonly Column<T>[];
  rowKey(row: T): string;
  /** Controlled selection when given (follow `onSelect`); otherwise the table keeps its own. */
  selectedKey?: string | null;
  onSelect?(key: string): void;
  /** ⏎ on a row. */
  onOpen?(key: string): void;
  /** G / End was pressed: a paged list loads the rest and goes to the real end */
  onBottom?(): void;
  /** Rows visible; the table renders a header line above and a position line below them. */
  height: number;
  width: number;
  sort?: SortSpec | null;
  filter?: string;
  /** Rows the fitted columns are measured on (all of them, when `rows` is already filtered): the columns
   * keep their widths while a filter is typed. Default `rows`. */
  widthsFrom?: readonly T[];
  live?: LiveCells<T>;
  /** the keys of the rows marked: given (some marked), a sign column (`*`) says which, colour or not */
  marked?: ReadonlySet<string>;
  isActive?: boolean;
  /** the keys of the columns drawn, told when they change (the width or the rows changed which fit) */
  onLayout?(keys: readonly string[]): void;
  /** Default true; a screen that shows `positionLabel` in its own title line can turn it off. */
  showPosition?: boolean;
  emptyText?: string;
}

export interface LaidOutColumn<T> {
  column: Column<T>;
  width: number;
}

const GAP = 1;
const MARKER_WIDTH = 1;

/** Text a cell shows, which is also what the filter searches. */
export function cellText<T>(row: T, column: Column<T>): string {
  if (column.render) return column.render(row);
  const value = (row as Record<string, unknown>)[column.key];
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return formatDate(value);
  return scalarText(value);
}

/** Rows whose rendered text, in any column, contains `text` (case-insensitive). Same array when no filter. */
export function filterRows<T>(rows: readonly T[], columns: readonly Column<T>[], text: string | undefined): readonly T[] {
  const needle = (text ?? '').trim().toLowerCase();
  if (needle === '') return rows;
  return rows.filter((row) => columns.some((c) => cellText(row, c).toLowerCase().includes(needle)));
}

// made on the first sort of text: creating a collator costs several milliseconds at start-up
let collator: Intl.Collator | undefined;
const compareText = (a: string, b: string): number => (collator ??= new Intl.Collator('en', { numeric: true, sensitivity: 'base' })).compare(a, b);

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
const flexOf = <T,>(c: Column<T>): number => c.flex ?? (c.width === undefined && !c.fit ? 1 : 0);

/**
 * The widths the content asks for: of `fit` columns and of flexible ones (the text people read), the
 * widest cell of any row, within the column's bounds; 0 for a column whose every cell is empty.
 */
function naturalWidths<T>(rows: readonly T[], columns: readonly Column<T>[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const c of columns) {
    if (!c.fit && flexOf(c) === 0) continue;
    const cap = c.maxWidth ?? 60;
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
 * - what is left goes to the flexible columns: the text people read (notes, descriptions, a key's comment).
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
  // the text people read gets what its content asks for before any wide column comes
  for (const k of byImportance) {
    if (flexOf(k.column) === 0) continue;
    const add = Math.min(Math.max(0, (natural?.get(k.column.key) ?? 0) - k.width), free);
    k.width += add;
    free -= add;
  }
  const satisfied = kept.every((k) => k.width >= preferred(k.column) && (flexOf(k.column) === 0 || k.width >= (natural?.get(k.column.key) ?? 0)));
  if (satisfied) {
    columns.forEach((column, order) => {
      if (!column.wide) return;
      const w = preferred(column);
      // a wide column with nothing in it (no server is in a group) brings no information
      if (w === 0 || w + GAP > free) return;
      kept.push({ column, order, width: w });
      free -= w + GAP;
    });
    kept.sort((a, b) => a.order - b.order);
  }
  const flexible = kept.filter((k) => flexOf(k.column) > 0);
  const totalFlex = flexible.reduce((s, k) => s + flexOf(k.column), 0);
  if (free > 0 && totalFlex > 0) {
    let given = 0;
    for (const k of flexible) {
      const share = Math.floor((free * flexOf(k.column)) / totalFlex);
      k.width += share;
      given += share;
    }
    for (let i = 0; given < free; i = (i + 1) % flexible.length, given++) flexible[i].width += 1;
  }
  return kept.map((k) => ({ column: k.column, width: k.width }));
}

/** `12/340`, with the unfiltered total when a filter hides rows: `3/12 of 340`. */
export function positionLabel(selectedIndex: number, count: number, total = count): string {
  const pos = count === 0 ? 0 : selectedIndex + 1;
  return total !== count ? `${pos}/${count} of ${total}` : `${pos}/${count}`;
}

function fit(text: string, width: number, align: 'left' | 'right' | undefined): string {
  return align === 'right' ? padStart(text, width) : padEnd(text, width);
}

// A row is drawn from its record, the column layout and whether it is selected, nothing else (columns read
// only the row); memoised, a move of the selection renders the two rows it changes, not the whole window.
type RowProps<T> = { row: T; layout: LaidOutColumn<T>[]; selected: boolean; live?: LiveCells<T>; version?: unknown; marked?: boolean };
const RowLine = memo(function RowLine<T>(props: RowProps<T>): ReactNode {
  const { row, layout, selected, live } = props;
  const parts: ReactNode[] = [];
  let plain = '';
  layout.forEach((l, i) => {
    const text = fit(live?.text(row, l.column.key) ?? cellText(row, l.column), l.width, l.column.align) + (i < layout.length - 1 ? ' ' : '');
    const role = live?.color?.(row, l.column.key) ?? l.column.color?.(row);
    const c = role === undefined ? undefined : color(role);
    if (c === undefined) {
      plain += text;
      return;
    }
    if (plain) parts.push(plain);
    plain = '';
    parts.push(
      <Text key={l.column.key} color={c}>
        {text}
      </Text>,
    );
  });
  if (plain) parts.push(plain);
  return (
    <Text wrap="truncate" inverse={selected && selectionInverse()}>
      <Text color={selected ? color('selection') : undefined}>{selected ? '›' : ' '}</Text>
      {props.marked === undefined ? null : <Text color={props.marked ? color('accent') : undefined}>{props.marked ? '*' : ' '}</Text>}
      {parts}
    </Text>
  );
}) as <T>(props: RowProps<T>) => ReactNode;

/** The table's keys that only move the cursor (⏎ opens: what comes after it goes to what it opened). */
function isMove(input: string, key: KeyLike): boolean {
  const id = matchBinding(['table'], input, key);
  return id !== undefined && id !== 'open';
}

export function Table<T>(props: TableProps<T>): ReactNode {
  const { rows, columns, rowKey, height, width, sort, filter, selectedKey } = props;
  const controlled = selectedKey !== undefined;
  const [ownKey, setOwnKey] = useState<string | null>(null);
  const [, forceRender] = useReducer((n: number) => n + 1, 0);

  const rowKeyRef = useRef(rowKey);
  rowKeyRef.current = rowKey;

  // sorted first and filtered after (a filter keeps the order): a key typed in the filter does not sort again
  const sortKey = sort?.column;
  const descending = sort?.descending;
  const sorted = useMemo(() => {
    const sortColumn = sortKey === undefined ? undefined : columns.find((c) => c.key === sortKey);
    return sortColumn ? sortRows(rows, sortColumn, descending) : rows;
  }, [rows, columns, sortKey, descending]);
  const view = useMemo(() => filterRows(sorted, columns, filter), [sorted, columns, filter]);

  // Where a key is in the view: looked for next to the cursor first (a move, a refresh), then everywhere.
  // No map of every key: with ten thousand rows, building one on each filter key costs more than a scan.
  const indexOfKey = (key: string, hint: number): number => indexNear(view, key, hint, rowKeyRef.current);

  // Several key events can arrive in one stdin chunk and are handled before React re-renders, so the cursor
  // lives in a ref that each handler call updates synchronously; render re-derives it from the data.
  const cursor = useRef({ key: null as string | null, index: 0, top: 0 });
  const requested = controlled ? (selectedKey ?? null) : ownKey;
  let index = requested !== null ? indexOfKey(requested, cursor.current.index) : -1;
  if (index < 0 && view.length > 0) index = Math.min(cursor.current.index, view.length - 1);
  const effectiveKey = index >= 0 ? rowKeyRef.current(view[index]) : null;
  const win = computeWindow(view.length, index, height, cursor.current.top);
  cursor.current = { key: effectiveKey, index: Math.max(0, index), top: win.start };

  const { onSelect, onOpen } = props;
  // in the commit, not after it: a key read right after the first rows appear finds them selected
  useLayoutEffect(() => {
    if (effectiveKey !== null && effectiveKey !== requested) {
      if (!controlled) setOwnKey(effectiveKey);
      onSelect?.(effectiveKey);
    }
  }, [effectiveKey, requested, controlled, onSelect]);

  /** True when the key was one of the table's (a move, or ⏎). */
  const handleKey = (input: string, key: KeyLike): boolean => {
    const id = matchBinding(['table'], input, key);
    if (id === undefined) return false;
    if (view.length === 0) return true;
    const found = cursor.current.key !== null ? indexOfKey(cursor.current.key, cursor.current.index) : 0;
    const cur = found >= 0 ? found : cursor.current.index;
    if (id === 'bottom') props.onBottom?.();
    if (id === 'open') {
      if (!onOpen) return false;
      if (cursor.current.key !== null) onOpen(cursor.current.key);
      return true;
    }
    const page = Math.max(1, height - 1);
    const target =
      id === 'up' ? cur - 1
      : id === 'down' ? cur + 1
      : id === 'top' ? 0
      : id === 'bottom' ? view.length - 1
      : id === 'pageUp' ? cur - page
      : id === 'pageDown' ? cur + page
      : cur;
    const next = Math.min(Math.max(0, target), view.length - 1);
    if (next === cur) return true;
    const nextKey = rowKeyRef.current(view[next]);
    cursor.current = { ...cursor.current, key: nextKey, index: next };
    if (controlled) {
      // The parent may ignore onSelect; re-render anyway so the window is recomputed from its answer.
      forceRender();
    } else {
      setOwnKey(nextKey);
    }
    onSelect?.(nextKey);
    return true;
  };

  // a move reads and writes the cursor ref only: a paste of moves goes without a render between them
  useKeys(handleKey, { active: props.isActive !== false, priority: PRIORITY.table, repeatable: isMove });

  const measured = props.widthsFrom ?? rows;
  const natural = useMemo(() => (columns.some((c) => c.fit || flexOf(c) > 0) ? naturalWidths(measured, columns) : undefined), [measured, columns]);
  // while rows are marked, a sign column after the cursor's (none otherwise: the rows keep their place)
  const marker = MARKER_WIDTH + (props.marked ? 1 : 0);
  const layout = useMemo(() => layoutColumns(columns, Math.max(0, width - marker), natural), [columns, width, natural, marker]);

  const drawnKeys = useMemo(() => layout.map((l) => l.column.key).join(' '), [layout]);
  const { onLayout } = props;
  useLayoutEffect(() => {
    onLayout?.(drawnKeys === '' ? [] : drawnKeys.split(' '));
  }, [onLayout, drawnKeys]);

  const header = layout
    // the sort is told on the title line (`sorted by CREATED ↓`), as tui.md draws it: headers stay plain
    .map((l, i) => fit(truncate(l.column.header, l.width), l.width, l.column.align) + (i < layout.length - 1 ? ' ' : ''))
    .join('');

  const visible: ReactNode[] = [];
  for (let i = win.start; i < win.end; i++) {
    const row = view[i];
    const k = rowKeyRef.current(row);
    visible.push(<RowLine key={k} row={row} layout={layout} selected={i === index} live={props.live} version={props.live?.version(row)} marked={props.marked?.has(k)} />);
  }

  // the rows on screen, for cells fetched only for them; told after the frame, never in a key's way
  const onWindow = props.live?.onWindow;
  useEffect(() => {
    onWindow?.(view.slice(win.start, win.end));
  }, [onWindow, view, win.start, win.end]);

  const filtered = (filter ?? '').trim() !== '';
  return (
    <Box flexDirection="column" width={width}>
      <Text wrap="truncate" bold={selectionInverse()}>
        {' '.repeat(marker)}
        {header}
      </Text>
      <Box flexDirection="column" height={height}>
        {view.length === 0 ? (
          <Text color={color('dim')} wrap="truncate">
            {' '}
            {truncate(filtered ? `no rows match /${filter?.trim()}` : (props.emptyText ?? 'nothing here yet'), Math.max(0, width - marker))}
          </Text>
        ) : (
          visible
        )}
      </Box>
      {props.showPosition !== false && (
        <Box justifyContent="flex-end" width={width}>
          <Text color={color('dim')}>{positionLabel(index, view.length, rows.length)}</Text>
        </Box>
      )}
    </Box>
  );
}
