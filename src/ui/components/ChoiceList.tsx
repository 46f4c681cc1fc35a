// A filterable choice list for wizard steps and forms: its behaviour is choice.ts, driven by the one form
// reducer (resource/form.ts) as a form of one choice field; ChoiceListView draws a list whoever keeps its state.
// Not ink-select-input: it reads its own state from the last render, so "Down, Enter" arriving in one chunk
// picks the old entry. Here the state is a ref updated by a pure reducer once per event, so every event of a
// chunk sees the effect of the one before. Give each list its own React `key`, so a new one starts with a
// fresh filter instead of inheriting the previous one's state.

import { useReducer, useRef, type ReactNode } from 'react';
import { Box, Text } from 'ink';
import { PRIORITY, useKeys } from '../keys.js';
import { CORE_KEYS } from '../keymap.js';
import { displayWidth, padEnd, truncate } from '../text.js';
import { color, selectionInverse } from '../theme.js';
import { formStep, initialForm, type FormState } from '../resource/form.js';
import type { FieldSpec } from '../resource/spec.js';
import { computeWindow, positionLabel } from './Table.js';
import { filterChoices, type Choice, type ChoiceState } from './choice.js';
import { renderLine } from './TextInput.js';

export { choiceStep, filterChoices, initialChoiceState, type Choice } from './choice.js';

interface ChoiceListProps<V> {
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
  // one choice field of the one form reducer; entries are keyed by their place, so any value type fits
  const keyedItems = items.map((c, i) => ({ ...c, value: String(i) }));
  const at = props.initialValue === undefined ? -1 : items.findIndex((c) => c.value === props.initialValue);
  const field: FieldSpec = { id: 'list', label: 'list', kind: props.toggle ? 'multi' : 'choice', choices: keyedItems, optional: true, initial: at >= 0 ? String(at) : undefined };
  const ref = useRef<FormState | null>(null);
  ref.current ??= initialForm([field]);
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const propsRef = useRef(props);
  propsRef.current = props;

  useKeys(
    (input, key) => {
      // Tab and Shift+Tab (the form's field keys) move between the fields of a form around the list
      if (CORE_KEYS.matchBinding(['form'], input, key) === 'form.field') return false;
      const p = propsRef.current;
      const relisted = formStep(ref.current!, { type: 'relist', id: 'list', items: p.items.map((c, i) => ({ ...c, value: String(i) })) }).state;
      let step = formStep(relisted, { type: 'key', input, key, page: p.height });
      const picked = step.toggled?.value ?? (step.submit ? String(step.submit.list) : undefined);
      if (step.submit) step = formStep(step.state, { type: 'resume' });
      if (step.state !== ref.current) {
        ref.current = step.state;
        rerender();
      }
      const chosen = picked === undefined ? undefined : p.items[Number(picked)];
      if (chosen) p.onSelect(chosen);
      else if (step.cancel) p.onCancel?.();
      return true;
    },
    { active: props.isActive !== false, priority: PRIORITY.field, text: true },
  );

  const list = ref.current.lists.list;
  return <ChoiceListView items={items} state={list} height={height} width={width} placeholder={props.placeholder} emptyText={props.emptyText} />;
}

interface ChoiceListViewProps<V> {
  items: readonly Choice<V>[];
  /** the filter and the highlight, kept by whoever takes the keys (ChoiceList, or the form reducer) */
  state: ChoiceState;
  /** Entries visible at once. */
  height: number;
  width: number;
  placeholder?: string;
  /** Shown when the filter matches nothing. */
  emptyText?: string;
}

/** Columns an entry takes whole: its label, and its description two columns after it. */
const drawnWidth = (label: string, description: string | undefined): number => displayWidth(label) + (description ? 2 + displayWidth(description) : 0);

/** The list as drawn: the filter line, the entries around the highlight, and where the highlight is. */
export function ChoiceListView<V>(props: ChoiceListViewProps<V>): ReactNode {
  const { items, state, height, width } = props;
  const topRef = useRef(0);
  const list = filterChoices(items, state.query.value);
  const win = computeWindow(list.length, state.highlight, height, topRef.current);
  topRef.current = win.start;
  const line = renderLine(state.query, { width: Math.max(1, width - 2) });
  const room = Math.max(0, width - 2);
  const short = items.some((c) => c.short !== undefined && drawnWidth(c.label, c.description) > room);
  const rows: ReactNode[] = [];
  for (let i = win.start; i < win.end; i++) {
    const c = list[i];
    const selected = i === state.highlight;
    const text = short ? (c.short ?? c.label) : c.label;
    const label = c.description ? `${text}  ` : text;
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
        {positionLabel(state.highlight, list.length, items.length)}
      </Text>
    </Box>
  );
}
