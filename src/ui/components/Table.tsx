// The windowed, selectable table behind every list (what it draws is worked out in table-model.ts). Only the
// visible window is rendered, so a keypress costs the same for 40 rows as for 10,000; filtering and sorting are memoised on the data and run again only when
// rows, columns, filter or sort change, never on a cursor move.
//
// The selection is remembered by row key, not by index: a refresh, a re-sort or a filter keeps the cursor on
// the same item, and when that item disappears the cursor stays at the same position instead of jumping home.

import { memo, useEffect, useLayoutEffect, useMemo, useReducer, useRef, useState, type ReactNode } from 'react';
import { Box, Text } from 'ink';
import { PRIORITY, useKeys } from '../keys.js';
import { CORE_KEYS, type KeyLike } from '../keymap.js';
import { padEnd, padStart, truncate, wrapAtMost } from '../text.js';
import { color, selectionInverse } from '../theme.js';
import {
  cellText,
  computeWindow,
  filterRows,
  flexOf,
  indexNear,
  layoutColumns,
  naturalWidths,
  noRowsMatch,
  positionLabel,
  quotedSearch,
  sortRows,
  type Column,
  type LaidOutColumn,
  type LiveCells,
  type SortSpec,
} from './table-model.js';

// the model's functions and types, where the lists have always found them
export { cellText, computeWindow, filterRows, indexNear, layoutColumns, noRowsMatch, positionLabel, quotedSearch, sortRows };
export type { Column, LiveCells, SortSpec };

interface TableProps<T> {
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

const MARKER_WIDTH = 1;

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
    const cell = live?.text(row, l.column.key) ?? cellText(row, l.column);
    const text = fit(l.column.cut ? l.column.cut(cell, l.width) : cell, l.width, l.column.align) + (i < layout.length - 1 ? ' ' : '');
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

/** The same items in the same order (the rows on screen, compared by identity). */
const sameItems = <T,>(a: readonly T[], b: readonly T[]): boolean => a.length === b.length && a.every((x, i) => x === b[i]);

/** The table's keys that only move the cursor (⏎ opens: what comes after it goes to what it opened). */
function isMove(input: string, key: KeyLike): boolean {
  const id = CORE_KEYS.matchBinding(['table'], input, key);
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
    const id = CORE_KEYS.matchBinding(['table'], input, key);
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
  // (told again only when they are other rows: a filter letter that keeps the window's rows tells nothing)
  const onWindow = props.live?.onWindow;
  const told = useRef<{ to: typeof onWindow; rows: readonly T[] }>({ to: undefined, rows: [] });
  useEffect(() => {
    if (!onWindow) return;
    const rowsShown = view.slice(win.start, win.end);
    const last = told.current;
    if (last.to === onWindow && sameItems(last.rows, rowsShown)) return;
    told.current = { to: onWindow, rows: rowsShown };
    onWindow(rowsShown);
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
          // wrapped, not cut: this is where a list says why it could not be loaded; a message longer than the
          // rows (a gateway's page of words) ends in … on the last, not drawn over the position under it
          <Box paddingLeft={1} width={width}>
            <Text color={color('dim')} wrap="truncate">
              {wrapAtMost(filtered ? noRowsMatch(filter ?? '', width) : (props.emptyText ?? 'nothing here yet'), width - 1, Math.max(1, height)).join('\n')}
            </Text>
          </Box>
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
