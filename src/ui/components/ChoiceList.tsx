// A filterable choice list for wizard steps. Typing filters, arrows move, ⏎ takes the highlighted entry.
// Every printable key is filter text, `j` `k` `G` included (plan, region and image names hold those letters),
// so moving is done with keys that never type: ↑ ↓ (and Ctrl+P / Ctrl+N), PgUp PgDn, Home End. Ctrl+A and
// Ctrl+E still move the cursor within the filter. In a list of marks (`toggle`), Space marks the entry too.
// Not ink-select-input: it reads its own state from the last render, so "Down, Enter" arriving in one chunk
// picks the old entry. Here the state is a ref updated by a pure reducer once per event, so every event of a
// chunk sees the effect of the one before. Give each wizard step its own React `key`, so a new step starts
// with a fresh filter instead of inheriting the previous step's state.

import { useRef, useState, type ReactNode } from 'react';
import { Box, Text } from 'ink';
import { PRIORITY, useKeys } from '../keys.js';
import { matchBinding, type KeyLike } from '../keymap.js';
import { displayWidth, padEnd, truncate } from '../text.js';
import { color, selectionInverse } from '../theme.js';
import { computeWindow } from './Table.js';
import { editLine, lineState, renderLine, type LineState } from './TextInput.js';

export interface Choice<V = string> {
  value: V;
  label: string;
  /** Dim text after the label, also searched by the filter. */
  description?: string;
  /** Shown but not selectable (e.g. a plan not offered in this region), with the reason as description. */
  disabled?: boolean;
}

export interface ChoiceState {
  query: LineState;
  /** Index into the filtered list. */
  highlight: number;
}

export type ChoiceAction =
  | { type: 'key'; input: string; key: KeyLike }
  | { type: 'move'; delta: number }
  | { type: 'to'; index: number };

export interface ChoiceOutcome<V> {
  state: ChoiceState;
  chosen?: Choice<V>;
  cancel?: boolean;
}

/** Entries whose label or description contains the query (case-insensitive), in their original order. */
export function filterChoices<V>(items: readonly Choice<V>[], query: string): Choice<V>[] {
  const q = query.trim().toLowerCase();
  if (q === '') return [...items];
  return items.filter((c) => c.label.toLowerCase().includes(q) || (c.description ?? '').toLowerCase().includes(q));
}

const firstEnabled = <V,>(list: readonly Choice<V>[], from = 0, step = 1): number => {
  for (let i = from; i >= 0 && i < list.length; i += step) if (!list[i].disabled) return i;
  return -1;
};

export function initialChoiceState<V>(items: readonly Choice<V>[], initialValue?: V): ChoiceState {
  const at = initialValue === undefined ? -1 : items.findIndex((c) => c.value === initialValue && !c.disabled);
  return { query: lineState(), highlight: at >= 0 ? at : Math.max(0, firstEnabled(items)) };
}

function moveTo<V>(list: readonly Choice<V>[], from: number, target: number): number {
  if (list.length === 0) return 0;
  const t = Math.min(Math.max(0, target), list.length - 1);
  const step = t >= from ? 1 : -1;
  const found = firstEnabled(list, t, step);
  if (found >= 0) return found;
  const back = firstEnabled(list, t, -step);
  return back >= 0 ? back : from;
}

/** One input event applied to the list: the whole behaviour, without React. */
export function choiceStep<V>(
  items: readonly Choice<V>[],
  state: ChoiceState,
  input: string,
  key: KeyLike,
  pageSize: number,
  options: { toggle?: boolean } = {},
): ChoiceOutcome<V> {
  const list = filterChoices(items, state.query.value);
  const nav = matchBinding(['dialog'], input, key);
  const page = Math.max(1, pageSize - 1);
  const at = (target: number): ChoiceOutcome<V> => ({ state: { ...state, highlight: moveTo(list, state.highlight, target) } });
  if (nav === 'dialog.up' || (key.ctrl && input === 'p')) return at(state.highlight - 1);
  if (nav === 'dialog.down' || (key.ctrl && input === 'n')) return at(state.highlight + 1);
  if (nav === 'dialog.pageUp') return at(state.highlight - page);
  if (nav === 'dialog.pageDown') return at(state.highlight + page);
  if (nav === 'dialog.top') return at(0);
  if (nav === 'dialog.bottom') return at(list.length - 1);
  if (options.toggle && input === ' ' && !key.ctrl && !key.meta) {
    const current = list[state.highlight];
    return current && !current.disabled ? { state, chosen: current } : { state };
  }

  const edit = editLine(state.query, input, key);
  if (edit.cancel) {
    // esc first clears a filter, so a mistyped filter does not throw the user out of the wizard.
    if (state.query.value !== '') return { state: { query: lineState(), highlight: Math.max(0, firstEnabled(items)) } };
    return { state, cancel: true };
  }
  let next = state;
  if (edit.state.value !== state.query.value) {
    const filtered = filterChoices(items, edit.state.value);
    next = { query: edit.state, highlight: Math.max(0, firstEnabled(filtered)) };
  } else if (edit.state !== state.query) {
    next = { ...state, query: edit.state };
  }
  if (edit.submit) {
    const current = filterChoices(items, next.query.value)[next.highlight];
    if (current && !current.disabled) return { state: next, chosen: current };
  }
  return { state: next };
}

export interface ChoiceListProps<V> {
  items: readonly Choice<V>[];
  onSelect(choice: Choice<V>): void;
  onCancel?(): void;
  /** Entries visible at once. */
  height: number;
  width: number;
  initialValue?: V;
  placeholder?: string;
  isActive?: boolean;
  /** Shown when the filter matches nothing. */
  emptyText?: string;
  /** A list of marks (onSelect marks or unmarks): Space does what ⏎ does instead of going into the filter. */
  toggle?: boolean;
}

export function ChoiceList<V>(props: ChoiceListProps<V>): ReactNode {
  const { items, height, width } = props;
  const ref = useRef<ChoiceState | null>(null);
  ref.current ??= initialChoiceState(items, props.initialValue);
  const [state, setState] = useState<ChoiceState>(ref.current);
  const topRef = useRef(0);

  useKeys(
    (input, key) => {
      // Tab and Shift+Tab move between the fields of a form around the list
      if (key.tab) return false;
      const outcome = choiceStep(items, ref.current!, input, key, height, { toggle: props.toggle });
      if (outcome.state !== ref.current) {
        ref.current = outcome.state;
        setState(outcome.state);
      }
      if (outcome.chosen) {
        props.onSelect(outcome.chosen);
      } else if (outcome.cancel) {
        props.onCancel?.();
      }
      return true;
    },
    { active: props.isActive !== false, priority: PRIORITY.field, text: true },
  );

  const list = filterChoices(items, state.query.value);
  const win = computeWindow(list.length, state.highlight, height, topRef.current);
  topRef.current = win.start;
  const line = renderLine(state.query, { width: Math.max(1, width - 2) });
  const rows: ReactNode[] = [];
  for (let i = win.start; i < win.end; i++) {
    const c = list[i];
    const selected = i === state.highlight;
    const label = c.description ? `${c.label}  ` : c.label;
    const room = Math.max(0, width - 2);
    const main = truncate(label, room);
    const left = Math.max(0, room - displayWidth(main));
    const rest = c.description ? truncate(c.description, left) : '';
    rows.push(
      <Text key={i} wrap="truncate" inverse={selected && selectionInverse()} color={c.disabled ? color('dim') : undefined}>
        <Text color={selected ? color('selection') : undefined}>{selected ? '› ' : '  '}</Text>
        {main}
        <Text color={color('dim')}>{padEnd(rest, left)}</Text>
      </Text>,
    );
  }
  return (
    <Box flexDirection="column" width={width}>
      <Text wrap="truncate">
        <Text color={color('accent')}>{'> '}</Text>
        {state.query.value === '' && props.placeholder ? (
          <Text color={color('dim')}>{props.placeholder}</Text>
        ) : (
          <>
            {line.before}
            <Text inverse>{line.at}</Text>
            {line.after}
          </>
        )}
      </Text>
      <Box flexDirection="column" height={height}>
        {list.length === 0 ? <Text color={color('dim')}>{'  '}{props.emptyText ?? 'no match'}</Text> : rows}
      </Box>
      <Text color={color('dim')} wrap="truncate">
        {list.length === 0 ? '0' : `${state.highlight + 1}/${list.length}`}
        {list.length !== items.length ? ` of ${items.length}` : ''}
      </Text>
    </Box>
  );
}
