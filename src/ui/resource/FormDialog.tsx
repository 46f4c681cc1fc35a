// The view of the one form machine (form.ts): labelled fields one per line, the focused one editable, a
// choice field's list under it, the service's message under the form. It takes the keys while shown (a
// field of its own above everything of the screen) and fits the rows it is given: when they are too few,
// the fields scroll around the focused one and the title and the key line stay.

import { useEffect, useId, useLayoutEffect, useReducer, useRef, useState, type ReactNode } from 'react';
import { Box, Text } from 'ink';
import { NO_NAV, useIdleKeys, type Nav } from '../hooks/screen.js';
import { errorText } from '../hooks/useResource.js';
import { PRIORITY, useKeys } from '../keys.js';
import { CORE_KEYS, keyLine, type BindingId, type Scope } from '../keymap.js';
import { renderLine } from '../components/TextInput.js';
import { useTerminalHandoff } from '../terminal-handoff.js';
import { displayWidth, padEnd, truncate, wrapAtMost, wrapText } from '../text.js';
import { color, selectionInverse } from '../theme.js';
import { computeWindow, positionLabel } from '../components/Table.js';
import { choiceView, formStep, initialForm, shown, typedFilter, type FormEvent, type FormState, type FormStep } from './form.js';
import type { Ctx, FieldSpec, FormSpec, FormValues, Outcome } from './spec.js';

const LIST_ROWS = 5;

/** `y/n`, as a yes/no field writes its keys beside its answer: the keys of the bindings form.ts answers to. */
const YES_NO = (['form.yes', 'form.no'] as const).map((id) => CORE_KEYS.bindingsFor(['form']).find((b) => b.id === id)?.keys[0] ?? '').join('/');

interface FormDialogProps<T> {
  form: FormSpec<T>;
  row?: T;
  ctx: Ctx;
  width: number;
  height: number;
  /** sent and accepted */
  onDone(outcome: Outcome<T> | void): void;
  /** esc, or an editor left empty or unchanged (`reason` says so) */
  onCancel(reason?: string): void;
  /** told which footer keys do nothing now (`⏎ next` on the last field, whose ⏎ sends) */
  nav?: Pick<Nav, 'idle'>;
  /** told the footer's scopes: `ask` while the form asks y/N before sending, `form` otherwise */
  onScopes?(scopes: Scope[]): void;
  /** told the rows the form takes whenever they change (a choice's list opens, an error is shown) */
  onRows?(rows: number): void;
}

const FORM: Scope[] = ['form'];
const ASK: Scope[] = ['ask'];

const resolve = <T,>(v: string | ((row: T | undefined) => string) | undefined, row: T | undefined): string | undefined =>
  typeof v === 'function' ? v(row) : v;

/** Rows a form wants: title, consequence, a line per field, a choice list, the hint and the key line, the border. */
export function formRows<T>(form: FormSpec<T>, row: T | undefined, ctx: Ctx, width: number): number {
  const fields = typeof form.fields === 'function' ? form.fields(row, ctx) : form.fields;
  const consequence = resolve(form.consequence, row);
  const text = consequence ? wrapText(consequence, Math.max(10, width - 4)).length : 0;
  const list = fields.some((f) => f.kind === 'choice' || f.kind === 'multi') ? LIST_ROWS + 1 : 0;
  // a field's hint takes a line of its own while the field is focused
  const hint = fields.some((f) => f.hint !== undefined) ? 1 : 0;
  return 2 + 1 + text + fields.length + list + hint + 2;
}

/**
 * How the form is laid out in `height` rows at `width` columns, for its state and the y/N it may be asking:
 * what each part shows, and `rows`, the box's own height. The view draws it, and the list under the form is
 * told `rows` in the same render (onRows), so that it fills what the form leaves instead of the most it might
 * take.
 */
function formBox<T>(form: FormSpec<T>, row: T | undefined, fields: readonly FieldSpec[], s: FormState, question: { text: string } | null, width: number, height: number) {
  const visible = fields.filter((f) => shown(f, s.values));
  const focusAt = Math.max(0, visible.indexOf(fields[s.focus]));
  const inner = Math.max(10, width - 4);
  const consequence = resolve(form.consequence, row);
  const about = consequence ? wrapLines(consequence, inner) : [];
  const focused = fields[s.focus];
  const hint = focused ? (typeof focused.hint === 'function' ? focused.hint(s.values[focused.id] ?? '', s.values) : focused.hint) : undefined;
  const isChoice = focused?.kind === 'choice' || focused?.kind === 'multi';

  // Rows: border 2, title 1, consequence, fields, the list under a focused choice, the hint, the key line (or
  // the error, wrapped). What will happen is read before anything is chosen, so it is shown whole: the list
  // under a choice gives up rows first (down to three entries), then the fields other than the focused one.
  const asked = question ? wrapLines(question.text, inner) : [];
  const hintLines = hint ? wrapText(hint, inner) : [];
  // the service's refusal, however long, in at most a third of the rows: the fields stay in sight
  const errorLines = s.error ? wrapAtMost(`✗ ${s.error}`, inner, Math.max(2, Math.floor(height / 3))) : [];
  const fixed = 2 + 1 + Math.max(1, errorLines.length) + hintLines.length + asked.length;
  const entries = isChoice ? choiceView(s, focused.id).list.length : 0;
  const listFull = isChoice ? Math.min(LIST_ROWS, Math.max(1, entries)) + 1 : 0;
  const listMin = isChoice ? Math.min(3, Math.max(1, entries)) + 1 : 0;
  const room = Math.max(1, height - fixed);
  const aboutShown = about.length <= Math.max(0, room - 1 - listMin) ? about : [...about.slice(0, Math.max(0, room - 2 - listMin)), '…'];
  let left = room - aboutShown.length - listMin - 1;
  const fieldRoom = 1 + Math.max(0, Math.min(visible.length - 1, left));
  left -= fieldRoom - 1;
  const listRows = isChoice ? Math.min(listFull, listMin + Math.max(0, left)) : 0;
  const win = computeWindow(visible.length, focusAt, fieldRoom, 0);
  const rows = Math.min(height, fixed + aboutShown.length + (win.end - win.start) + listRows);
  return { visible, focusAt, inner, focused, isChoice, asked, hintLines, errorLines, aboutShown, listRows, win, rows };
}

/** The rows a form takes as it opens (its first field focused, nothing typed) when it may take all it wants. */
export function openingFormRows<T>(form: FormSpec<T>, row: T | undefined, ctx: Ctx, width: number): number {
  const fields = typeof form.fields === 'function' ? form.fields(row, ctx) : form.fields;
  return formBox(form, row, fields, initialForm(fields), null, width, Number.MAX_SAFE_INTEGER).rows;
}

/** Words wrapped to `width` columns; a word longer than a line is broken over lines, never cut. */
export function wrapLines(text: string, width: number): string[] {
  return wrapText(text, width);
}

export function FormDialog<T>(props: FormDialogProps<T>): ReactNode {
  const { form, row, ctx } = props;
  const fields = useRef(typeof form.fields === 'function' ? form.fields(row, ctx) : form.fields).current;
  const owner = useId();
  const stateRef = useRef<FormState>(initialForm(fields));
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const mounted = useRef(true);
  const handoff = useTerminalHandoff();
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );

  // the y/N a form asks before sending (form.ask), with the values it would send
  const [question, setQuestionState] = useState<{ text: string; values: FormValues } | null>(null);
  const questionRef = useRef(question);
  // the list under the form is told the rows the form takes now, in the same render as the form's change
  const report = () => props.onRows?.(formBox(form, row, fields, stateRef.current, questionRef.current, props.width, props.height).rows);
  const setQuestion = (q: { text: string; values: FormValues } | null) => {
    questionRef.current = q;
    setQuestionState(q);
    report();
  };

  const apply = (e: FormEvent): FormStep => {
    const step = formStep(stateRef.current, e);
    if (step.state !== stateRef.current) {
      stateRef.current = step.state;
      rerender();
      report();
    }
    return step;
  };

  const send = (values: FormValues) => {
    const problem = form.check?.(values, row) ?? null;
    if (problem) {
      apply({ type: 'refused', error: problem });
      return;
    }
    if (!form.ask) return submit(values);
    Promise.resolve(form.ask(values, ctx, row)).then(
      (text) => {
        if (!mounted.current) return;
        if (text) setQuestion({ text, values });
        else submit(values);
      },
      (err: unknown) => {
        if (mounted.current) apply({ type: 'refused', error: errorText(err) });
      },
    );
  };

  const submit = (values: FormValues) => {
    form.submit(values, ctx, row).then(
      (outcome) => {
        if (!mounted.current) return;
        apply({ type: 'sent' });
        props.onDone(outcome);
      },
      (err: unknown) => {
        if (mounted.current) apply({ type: 'refused', error: errorText(err) });
      },
    );
  };

  const handle = (step: FormStep) => {
    if (step.cancel) return props.onCancel();
    if (step.submit) return send(step.submit);
    if (step.edit) {
      const f = fields.find((x) => x.id === step.edit)!;
      const before = String(stateRef.current.values[f.id] ?? '');
      const result = handoff.edit(before, f.suffix);
      if (result.error) return apply({ type: 'refused', error: result.error });
      // an empty or unchanged file cancels (tui.md): nothing is sent
      if (result.text === null) return props.onCancel(before === '' ? 'The file was left empty: nothing was sent.' : 'The file was not changed: nothing was sent.');
      apply({ type: 'set', id: f.id, value: result.text });
      handle(apply({ type: 'advance' }));
    }
  };

  // A form that is only its text (a script's content) hands the terminal to the editor as it opens.
  useEffect(() => {
    const first = fields[0];
    if (form.editFirst && first?.kind === 'editor') handle({ state: stateRef.current, edit: first.id });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, as the form opens (tui.md): a later render must not hand the terminal over again
  }, []);

  // Choice fields whose entries come from the service load them once.
  useEffect(() => {
    const abort = new AbortController();
    for (const f of fields) {
      if (typeof f.choices !== 'function') continue;
      f.choices(ctx).then(
        (items) => {
          // keys that waited for these entries may go on to the next field, or send the form
          if (!abort.signal.aborted) handle(apply({ type: 'items', id: f.id, items }));
        },
        (err: unknown) => {
          if (!abort.signal.aborted) apply({ type: 'refused', error: `could not load the ${f.label.toLowerCase()} choices: ${errorText(err)}` });
        },
      );
    }
    return () => abort.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the choices load once per form; a re-render must not fetch them again
  }, []);

  useKeys(
    (input, key) => {
      if (question) {
        const id = CORE_KEYS.matchBinding(['ask'], input, key);
        if (id === 'ask.send') {
          setQuestion(null);
          submit(question.values);
        } else if (id === 'ask.back') {
          setQuestion(null);
          apply({ type: 'resume' });
        }
        return;
      }
      handle(apply({ type: 'key', input, key }));
    },
    { priority: PRIORITY.field, modal: true, text: true },
  );

  const s = stateRef.current;
  const { visible, focusAt, inner, focused, isChoice, asked, hintLines, errorLines, aboutShown, listRows, win, rows } = formBox(form, row, fields, s, question, props.width, props.height);
  const labelWidth = Math.min(24, Math.max(...fields.map((f) => displayWidth(f.label))) + 2);
  const valueWidth = Math.max(8, inner - labelWidth);
  const verb = form.verb ?? 'save';
  const last = focusAt === visible.length - 1;
  // esc on a list with a typed filter clears the filter first (choice.ts)
  const filtering = isChoice && typedFilter(s, focused.id);
  const idle: BindingId[] = [last ? 'form.next' : 'form.send', filtering ? 'form.cancel' : 'form.clear'];
  if (visible.length <= 1) idle.push('form.field');
  // each form its own owner: the password form can be open over another, and each takes only its own back
  useIdleKeys(props.nav ?? NO_NAV, `form:${owner}`, idle, { 'form.send': verb });
  const asking = question !== null;
  const { onScopes } = props;
  useLayoutEffect(() => onScopes?.(asking ? ASK : FORM), [asking, onScopes]);
  // a new size (the terminal's) lays the form out again: the list under it is told after that render
  // eslint-disable-next-line react-hooks/exhaustive-deps -- report reads the form's state through refs; only a new size is news here
  useLayoutEffect(report, [props.width, props.height]);

  const keysLine = question
    ? keyLine('ask')
    : s.sending
    ? 'sending…'
    : `⏎ ${last ? verb : 'next'}${visible.length > 1 ? '  Tab/Shift+Tab field' : ''}${isChoice ? '  type to filter' : ''}${focused && s.lines[focused.id]?.selected ? '  type to replace, ← ⌫ edit' : ''}  esc ${filtering ? 'clear filter' : 'cancel'}`;

  return (
    <Box flexDirection="column" borderStyle="round" borderColor={color('accent')} width={props.width} height={rows} paddingX={1}>
      <Text bold={color('accent') !== undefined} color={color('accent')} wrap="truncate">
        {truncate(resolve(form.title, row) ?? '', inner)}
        {win.start > 0 || win.end < visible.length ? <Text color={color('dim')}>{`  field ${focusAt + 1} of ${visible.length}`}</Text> : null}
      </Text>
      {aboutShown.map((line, i) => (
        <Text key={`about-${i}`} wrap="truncate">
          {line}
        </Text>
      ))}
      {visible.slice(win.start, win.end).map((f, i) => {
        const on = win.start + i === focusAt;
        return (
          <Box key={f.id} flexDirection="column">
            <Text wrap="truncate">
              <Text color={on ? color('accent') : color('dim')}>{padEnd(f.label, labelWidth)}</Text>
              {fieldValue(f, s, on, valueWidth)}
            </Text>
            {on && (f.kind === 'choice' || f.kind === 'multi') ? <ChoiceRows state={s} id={f.id} width={inner} rows={listRows - 1} /> : null}
          </Box>
        );
      })}
      {hintLines.map((line, i) => (
        <Text key={`hint-${i}`} color={color('dim')} wrap="truncate">
          {line}
        </Text>
      ))}
      {asked.map((line, i) => (
        <Text key={`ask-${i}`} color={color('warn')} wrap="truncate">
          {line}
        </Text>
      ))}
      {s.error ? (
        errorLines.map((line, i) => (
          <Text key={`error-${i}`} color={color('error')} wrap="truncate">
            {line}
          </Text>
        ))
      ) : (
        <Text color={color('dim')} wrap="truncate">
          {keysLine}
        </Text>
      )}
    </Box>
  );
}

function fieldValue(f: FieldSpec, s: FormState, on: boolean, width: number): ReactNode {
  const value = s.values[f.id];
  switch (f.kind ?? 'text') {
    case 'yesno':
      return on ? (
        <Text>
          <Text inverse>{value ? 'yes' : 'no'}</Text>
          <Text color={color('dim')}>  {YES_NO}</Text>
        </Text>
      ) : (
        (value ? 'yes' : 'no')
      );
    case 'choice': {
      const chosen = s.items[f.id]?.find((c) => c.value === value);
      if (on) {
        const q = s.lists[f.id]?.query;
        return q && q.value !== '' ? <Text color={color('accent')}>/{truncate(q.value, width - 1)}</Text> : <Text color={color('dim')}>{s.items[f.id] ? 'type to filter, ⏎ takes' : 'loading…'}</Text>;
      }
      return chosen ? truncate(chosen.label, width) : <Text color={color('dim')}>{String(value) === '' ? '—' : truncate(String(value), width)}</Text>;
    }
    case 'multi': {
      const marked = Array.isArray(value) ? (value as readonly string[]) : [];
      const text = marked.length === 0 ? 'none' : `${marked.length} marked`;
      return on ? <Text color={color('accent')}>{text}  Space marks</Text> : text;
    }
    case 'lines': {
      const all = Array.isArray(value) ? (value as readonly string[]) : [];
      const typed = s.lines[f.id]?.value ?? '';
      const text = `${all.length} line${all.length === 1 ? '' : 's'}`;
      return on ? <Text>{`${text}  > `}{truncate(typed, Math.max(1, width - displayWidth(text) - 4))}<Text inverse> </Text></Text> : text;
    }
    case 'editor': {
      const text = String(value ?? '');
      const lines = text === '' ? 0 : text.split('\n').length;
      const summary = lines === 0 ? 'empty' : `${lines} line${lines === 1 ? '' : 's'}`;
      return on ? <Text color={color('accent')}>⏎ opens the editor ({summary})</Text> : summary;
    }
    default: {
      const line = s.lines[f.id];
      const secret = f.kind === 'secret';
      if (!line || (!on && line.value === '')) return <Text color={color('dim')}>{on ? '' : f.placeholder ? truncate(f.placeholder, width) : '—'}</Text>;
      if (!on) return secret ? '•'.repeat(Math.min(8, Array.from(line.value).length)) : truncate(line.value, width);
      if (line.value === '' && f.placeholder) {
        return (
          <Text>
            <Text inverse>{f.placeholder.charAt(0)}</Text>
            <Text color={color('dim')}>{truncate(f.placeholder.slice(1), width - 1)}</Text>
          </Text>
        );
      }
      const r = renderLine(line, { width, mask: secret ? '•' : undefined });
      return (
        <Text>
          {line.selected ? <Text inverse>{r.before}</Text> : r.before}
          <Text inverse>{r.at}</Text>
          {r.after}
        </Text>
      );
    }
  }
}

function ChoiceRows(props: { state: FormState; id: string; width: number; rows: number }): ReactNode {
  const { list, state } = choiceView(props.state, props.id);
  const win = computeWindow(list.length, state.highlight, Math.max(1, props.rows), 0);
  // the descriptions in one column, after the widest label of the field's entries (filtered or not, so they
  // stay put while a filter is typed), unless that label would take more than half the width
  const all = props.state.items[props.id] ?? list;
  const room = Math.max(0, props.width - 4);
  const labels = Math.min(Math.floor(room / 2), Math.max(0, ...all.map((c) => displayWidth(c.label))));
  const rows: ReactNode[] = [];
  for (let i = win.start; i < win.end; i++) {
    const c = list[i];
    const on = i === state.highlight;
    // cut here, not by Ink: its cut can end a column too far when it falls in a wide character
    const label = truncate(c.label, room);
    const main = c.description && displayWidth(label) < labels ? padEnd(label, labels) : label;
    const rest = c.description ? truncate(`  ${c.description}`, Math.max(0, room - displayWidth(main))) : '';
    rows.push(
      <Text key={i} wrap="truncate" inverse={on && selectionInverse()} color={c.disabled ? color('dim') : undefined}>
        <Text color={on ? color('selection') : undefined}>{on ? '  › ' : '    '}</Text>
        {main}
        {rest ? <Text color={color('dim')}>{rest}</Text> : null}
      </Text>,
    );
  }
  return (
    <Box flexDirection="column" height={Math.max(1, props.rows) + 1}>
      {list.length === 0 ? <Text color={color('dim')}>{'    no match'}</Text> : rows}
      <Text color={color('dim')} wrap="truncate">
        {'    '}
        {positionLabel(state.highlight, list.length, props.state.items[props.id]?.length ?? list.length)}
      </Text>
    </Box>
  );
}
