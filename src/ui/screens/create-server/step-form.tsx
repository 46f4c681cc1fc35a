// One step of the create-server wizard as a form of one field, over the one form reducer of every form
// (resource/form.ts): the keys go through `formStep`, so a choice filters and takes ⏎, a text field edits and
// a list of lines adds lines exactly as in every other form. What the step does with the answer is the
// wizard's (its reducer in state.ts); this file only draws the field as the wizard lays it out (a list over
// the step's rows, a `> ` line, numbered lines) and hands the answer on.
//
// Give each step its own React `key`: a new step starts a fresh form instead of the previous step's filter.
import { useEffect, useReducer, useRef, type ReactNode } from 'react';
import { Box, Text } from 'ink';
import { PRIORITY, useKeys } from '../../keys.js';
import { CORE_KEYS } from '../../keymap.js';
import { ChoiceListView, type Choice } from '../../components/ChoiceList.js';
import { editLine, lineState, renderLine } from '../../components/TextInput.js';
import { formStep, initialForm, typedFilter, type FormEvent, type FormState, type FormStep } from '../../resource/form.js';
import type { FieldSpec, FormValue } from '../../resource/spec.js';
import { truncate } from '../../text.js';
import { color } from '../../theme.js';
import { maskEnvLine } from './choices.js';

interface StepFormProps {
  /** the step's one field; a choice's or a multi's `choices` are its entries as they stand */
  field: FieldSpec;
  width: number;
  /** rows for the field: a list shows its entries over them (less the filter and the count lines) */
  height: number;
  isActive: boolean;
  /** a list with nothing in it (or nothing matching) says this */
  emptyText?: string;
  /** `lines`: the value after the first `=` of each line is never drawn, neither in the list nor while typed */
  mask?: boolean;
  /** ⏎ took the answer; the step goes on (or a refusal of the wizard's keeps it here) */
  onSubmit?(value: FormValue): void;
  /** esc: one step back */
  onCancel(): void;
  /** a `multi` entry marked or unmarked */
  onToggle?(value: string): void;
  /** the value changed as typed (the notes) or as lines were added or taken back */
  onChange?(value: FormValue): void;
  /** the field's own check refused what was typed (a VLAN list, a script line), or a refusal went away */
  onProblem?(message: string | null): void;
  /** a list's typed filter came or went (esc clears it before it goes back): for the hints */
  onFiltering?(filtering: boolean): void;
}

/** A choice over entries whose values are not strings: the entries keyed, and the value back from its key. */
export function keyed<V>(items: readonly Choice<V>[], keyOf: (v: V) => string): { choices: Choice<string>[]; valueOf(key: FormValue): V | undefined } {
  return {
    choices: items.map((c) => ({ ...c, value: keyOf(c.value) })),
    valueOf: (key) => items.find((c) => keyOf(c.value) === key)?.value,
  };
}

const entries = (f: FieldSpec): readonly Choice<string>[] => (Array.isArray(f.choices) ? (f.choices as readonly Choice<string>[]) : []);
const listed = (f: FieldSpec): boolean => f.kind === 'choice' || f.kind === 'multi';

export function StepForm(props: StepFormProps): ReactNode {
  const { field, width } = props;
  const stateRef = useRef<FormState | null>(null);
  stateRef.current ??= initialForm([field]);
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const propsRef = useRef(props);
  propsRef.current = props;
  const listRows = Math.max(1, props.height - 2);

  const apply = (e: FormEvent): FormStep => {
    const before = stateRef.current!;
    const step = formStep(before, e);
    if (step.state !== before) {
      stateRef.current = step.state;
      rerender();
    }
    return step;
  };

  useKeys(
    (input, key) => {
      const p = propsRef.current;
      const f = p.field;
      // Tab and Shift+Tab (the form's field keys: a step is one field), and the keys a line does not use
      // (↑ ↓ PgUp), go on to what is around the step
      if (CORE_KEYS.matchBinding(['form'], input, key) === 'form.field') return false;
      const s = stateRef.current!;
      if (!listed(f) && f.kind !== 'lines') {
        const probe = editLine(s.lines[f.id] ?? lineState(), input, key);
        if (probe.ignored === true) return false;
      }
      // the entries as they stand now (a mark just made, a summary changed), the filter and highlight kept
      if (listed(f)) apply({ type: 'relist', id: f.id, items: entries(f) });
      const valueBefore = stateRef.current!.values[f.id];
      const errorBefore = stateRef.current!.error;
      const step = apply({ type: 'key', input, key, page: listRows });
      const now = step.state;
      if (now.error !== errorBefore) p.onProblem?.(now.error);
      if (now.values[f.id] !== valueBefore && !step.toggled) p.onChange?.(now.values[f.id]);
      if (step.toggled) p.onToggle?.(step.toggled.value);
      if (listed(f)) p.onFiltering?.(typedFilter(now, f.id));
      if (step.submit) {
        // the wizard decides: the next step, or a refusal that keeps this one
        apply({ type: 'resume' });
        p.onSubmit?.(step.submit[f.id]);
      } else if (step.cancel) p.onCancel();
      return true;
    },
    { active: props.isActive, priority: PRIORITY.field, text: true },
  );

  // a step that goes leaves no filter behind it
  useEffect(() => () => propsRef.current.onFiltering?.(false), []);

  const s = stateRef.current;
  if (listed(field)) {
    const items = entries(field);
    const list = s.lists[field.id];
    return (
      <ChoiceListView
        items={items}
        state={s.items[field.id] === items ? list : { ...list, highlight: Math.min(list.highlight, Math.max(0, items.length - 1)) }}
        height={listRows}
        width={width}
        placeholder={field.placeholder}
        emptyText={items.length === 0 ? props.emptyText : undefined}
      />
    );
  }
  if (field.kind === 'lines') return <LinesView state={s} field={field} mask={props.mask === true} width={width} height={props.height} />;
  return (
    <Box>
      <Text color={color('accent')}>{'> '}</Text>
      <LineView state={s} field={field} width={Math.max(1, width - 2)} active={props.isActive} />
    </Box>
  );
}

/** The line being typed, as TextInput draws it: the placeholder with the cursor on its first letter when empty. */
function LineView(props: { state: FormState; field: FieldSpec; width: number; active: boolean; mask?: (value: string) => string }): ReactNode {
  const line = props.state.lines[props.field.id] ?? lineState();
  const placeholder = props.field.placeholder;
  if (line.value === '' && placeholder) {
    return (
      <Text wrap="truncate">
        {props.active ? <Text inverse>{placeholder.charAt(0) || ' '}</Text> : null}
        <Text color={color('dim')}>{props.active ? placeholder.slice(1) : placeholder}</Text>
      </Text>
    );
  }
  const drawn = props.mask ? { ...line, value: props.mask(line.value) } : line;
  const r = renderLine(drawn, { width: props.width });
  return (
    <Text wrap="truncate">
      {line.selected ? <Text inverse>{r.before}</Text> : r.before}
      {props.active ? <Text inverse>{r.at}</Text> : r.at === ' ' ? '' : r.at}
      {r.after}
    </Text>
  );
}

/**
 * An environment line while typed: the value, everything after the first `=`, is bulleted (`=` itself stays).
 * Text without `=` holds no value (the service refuses it: "Invalid env variable format"), so it is drawn as
 * typed, to be read and fixed; only a value is a secret.
 */
export function maskTypedEnv(value: string): string {
  const chars = Array.from(value);
  const at = chars.indexOf('=');
  if (at < 0) return value;
  return chars.slice(0, at + 1).join('') + '•'.repeat(chars.length - at - 1);
}

/** A `lines` field: the lines added so far, numbered (the earliest give way first), then the one being typed. */
function LinesView(props: { state: FormState; field: FieldSpec; mask: boolean; width: number; height: number }): ReactNode {
  const value = props.state.values[props.field.id];
  const lines: readonly string[] = Array.isArray(value) ? (value as readonly string[]) : [];
  const room = Math.max(0, props.height - 1);
  const shown = lines.slice(Math.max(0, lines.length - room + (lines.length > room ? 1 : 0)));
  const hidden = lines.length - shown.length;
  const numberWidth = String(lines.length + 1).length;
  const typed = props.state.lines[props.field.id] ?? lineState();
  const placeholder = props.field.placeholder ?? '';
  return (
    <Box flexDirection="column" width={props.width}>
      {hidden > 0 ? <Text color={color('dim')}>… {hidden} earlier line{hidden === 1 ? '' : 's'}</Text> : null}
      {shown.map((l, i) => (
        <Text key={hidden + i} wrap="truncate">
          <Text color={color('dim')}>{String(hidden + i + 1).padStart(numberWidth)} </Text> {truncate(props.mask ? maskEnvLine(l) : l, props.width - numberWidth - 3)}
        </Text>
      ))}
      <Text wrap="truncate">
        <Text color={color('accent')}>{'>'.padStart(numberWidth)} </Text>{' '}
        {typed.value === '' ? (
          <>
            <Text inverse>{placeholder.charAt(0) || ' '}</Text>
            <Text color={color('dim')}>{placeholder.slice(1)}</Text>
          </>
        ) : (
          <LineView state={props.state} field={props.field} width={Math.max(1, props.width - numberWidth - 3)} active mask={props.mask ? maskTypedEnv : undefined} />
        )}
      </Text>
    </Box>
  );
}
