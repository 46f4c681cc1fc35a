// Every form of the dashboard is this one machine (tui.md, "Forms"): labelled fields, one per line; ⏎ checks
// the field and goes to the next, and on the last one submits; Tab and Shift+Tab (or ↑ ↓ outside a list)
// move between fields; esc cancels (a choice list first clears its filter). A choice takes a typed filter
// and ⏎, or `y`/`n` for yes/no. A refused submit keeps every value, with the service's message under the
// form. Pure: one event in, the next state out, so the behaviour is tested without React.

import { choiceStep, filterChoices, initialChoiceState, type Choice, type ChoiceState } from '../components/ChoiceList.js';
import { editLine, lineState, prefilledLine, type LineState } from '../components/TextInput.js';
import type { KeyLike } from '../keymap.js';
import type { FieldSpec, FormValue, FormValues } from './spec.js';

export interface FormState {
  fields: readonly FieldSpec[];
  values: FormValues;
  /** the line being edited, per text or secret field */
  lines: Record<string, LineState>;
  /** a choice field's entries (loaded) and its filter and highlight */
  items: Record<string, readonly Choice<string>[] | undefined>;
  lists: Record<string, ChoiceState>;
  focus: number;
  /** the service's message (or a check's) under the form */
  error: string | null;
  /** which field the error is about, if one */
  errorField: string | null;
  sending: boolean;
  /** a field dropping the rest of a paste it must not hold (FieldSpec.discard); `tail`: its last line came */
  discarding: { id: string; tail: boolean } | null;
  /**
   * ⏎ came on a choice whose entries are still loading: the keys typed since wait here, in order, and go
   * (⏎ first) once the entries are in. A fast typist's `net2⏎300⏎` is not turned into a filter `net2300`.
   */
  waiting: Array<{ input: string; key: KeyLike }> | null;
}

export type FormEvent =
  | { type: 'key'; input: string; key: KeyLike }
  | { type: 'items'; id: string; items: readonly Choice<string>[] }
  | { type: 'set'; id: string; value: FormValue }
  /** as ⏎ on the focused field, for a value set from outside (an editor's file) */
  | { type: 'advance' }
  | { type: 'sent' }
  /** back to editing, nothing sent (a y/N before sending answered no) */
  | { type: 'resume' }
  | { type: 'refused'; error: string };

export interface FormStep {
  state: FormState;
  /** every field is filled and checked: send it */
  submit?: FormValues;
  cancel?: boolean;
  /** ⏎ on an editor field: the view hands the terminal to the editor for this field */
  edit?: string;
}

const kindOf = (f: FieldSpec) => f.kind ?? 'text';

export function initialForm(fields: readonly FieldSpec[]): FormState {
  const values: FormValues = {};
  const lines: Record<string, LineState> = {};
  const items: Record<string, readonly Choice<string>[] | undefined> = {};
  const lists: Record<string, ChoiceState> = {};
  for (const f of fields) {
    const kind = kindOf(f);
    const initial = f.initial ?? (kind === 'yesno' ? false : '');
    values[f.id] = initial;
    // a value the field opens with is selected: typing replaces it, ← → ⌫ edit it
    if (kind === 'text' || kind === 'secret') lines[f.id] = prefilledLine(String(initial));
    if (kind === 'choice') {
      const list = Array.isArray(f.choices) ? (f.choices as readonly Choice<string>[]) : undefined;
      items[f.id] = list;
      lists[f.id] = initialChoiceState(list ?? [], String(initial));
    }
  }
  return { fields, values, lines, items, lists, focus: 0, error: null, errorField: null, sending: false, discarding: null, waiting: null };
}

/** The field's own check, and for a required field that it is not empty. */
function fieldProblem(f: FieldSpec, values: FormValues): string | null {
  const value = values[f.id] ?? '';
  const kind = kindOf(f);
  if (!f.optional && kind !== 'yesno' && String(value).trim() === '') {
    return kind === 'choice' ? `choose a ${f.label.toLowerCase()}` : `${f.label} is needed`;
  }
  return f.check?.(value, values) ?? null;
}

/** Whether a field is part of the form as it stands (a field with `when` comes and goes with the answers). */
export const shown = (f: FieldSpec, values: FormValues): boolean => f.when?.(values) ?? true;

/** Moves the focus `step` shown fields away (±1), staying put at either end. */
function moveBy(s: FormState, step: number): FormState {
  for (let i = s.focus + step; i >= 0 && i < s.fields.length; i += step) if (shown(s.fields[i], s.values)) return { ...s, focus: i };
  return s;
}

/** ⏎ on the focused field: checked, then the next field, or the whole form submitted from the last one. */
function advance(s: FormState): FormStep {
  const f = s.fields[s.focus];
  const problem = fieldProblem(f, s.values);
  if (problem) return { state: { ...s, error: problem, errorField: f.id } };
  const cleared = { ...s, error: null, errorField: null };
  const next = moveBy(cleared, 1);
  if (next !== cleared) return { state: next };
  const values: FormValues = {};
  for (let i = 0; i < s.fields.length; i++) {
    const field = s.fields[i];
    if (!shown(field, s.values)) continue;
    const bad = fieldProblem(field, s.values);
    if (bad) return { state: { ...s, focus: i, error: bad, errorField: field.id } };
    values[field.id] = s.values[field.id]!;
  }
  return { state: { ...cleared, sending: true }, submit: values };
}

export function formStep(s: FormState, e: FormEvent): FormStep {
  switch (e.type) {
    case 'items': {
      const f = s.fields.find((x) => x.id === e.id);
      const fresh = initialChoiceState(e.items, String(f ? s.values[f.id] : ''));
      // a filter typed while the entries were loading is kept: those keys were meant for this list
      const typed = s.lists[e.id]?.query;
      const list = typed && typed.value !== '' ? { ...fresh, query: typed, highlight: 0 } : fresh;
      const loaded = { ...s, items: { ...s.items, [e.id]: e.items }, lists: { ...s.lists, [e.id]: list } };
      return s.waiting && s.fields[s.focus]?.id === e.id ? replay(loaded, s.waiting) : { state: loaded };
    }
    case 'set': {
      const f = s.fields.find((x) => x.id === e.id);
      const lines = f && (kindOf(f) === 'text' || kindOf(f) === 'secret') ? { ...s.lines, [e.id]: lineState(String(e.value)) } : s.lines;
      return { state: { ...s, values: { ...s.values, [e.id]: e.value }, lines, error: null, errorField: null } };
    }
    case 'advance':
      return advance(s);
    case 'sent':
    case 'resume':
      return { state: { ...s, sending: false } };
    case 'refused':
      // (entries that could not be loaded: the keys waiting for them have nothing to go to)
      return { state: { ...s, sending: false, error: e.error, errorField: null, waiting: null } };
    case 'key':
      return keyStep(s, e.input, e.key);
  }
}

/** The ⏎ that waited for a choice's entries, then the keys typed after it, until one of them ends the form's turn. */
function replay(s: FormState, keys: ReadonlyArray<{ input: string; key: KeyLike }>): FormStep {
  let step = keyStep({ ...s, waiting: null }, '', { return: true });
  for (const k of keys) {
    if (step.submit || step.cancel || step.edit) break;
    step = keyStep(step.state, k.input, k.key);
  }
  return step;
}

function keyStep(s: FormState, input: string, key: KeyLike): FormStep {
  if (s.sending) return { state: s };
  if (s.waiting) {
    // esc still leaves at once; anything else waits its turn
    if (key.escape) return { state: s, cancel: true };
    return { state: { ...s, waiting: [...s.waiting, { input, key }] } };
  }
  const f = s.fields[s.focus];
  if (!f) return key.escape ? { state: s, cancel: true } : { state: s };
  const kind = kindOf(f);
  if (key.tab) return { state: moveBy(s, key.shift ? -1 : 1) };

  if (kind === 'choice') {
    if (key.return && s.items[f.id] === undefined && typeof f.choices === 'function') return { state: { ...s, waiting: [] } };
    const items = s.items[f.id] ?? [];
    const list = s.lists[f.id] ?? initialChoiceState(items);
    const out = choiceStep(items, list, input, key, 5);
    if (out.cancel) return { state: s, cancel: true };
    let next: FormState = out.state === list ? s : { ...s, lists: { ...s.lists, [f.id]: out.state } };
    if (out.chosen) {
      next = { ...next, values: { ...next.values, [f.id]: out.chosen.value } };
      return advance(next);
    }
    return { state: next };
  }

  if (key.escape) return { state: s, cancel: true };
  if (key.upArrow) return { state: moveBy(s, -1) };
  if (key.downArrow) return { state: moveBy(s, 1) };

  if (kind === 'yesno') {
    if (key.return) return advance(s);
    const answer = input === 'y' || input === 'Y' ? true : input === 'n' || input === 'N' ? false : input === ' ' ? !s.values[f.id] : null;
    if (answer === null || key.ctrl || key.meta) return { state: s };
    return { state: { ...s, values: { ...s.values, [f.id]: answer }, error: null, errorField: null } };
  }

  if (kind === 'editor') {
    if (key.return) return { state: s, edit: f.id };
    return { state: s };
  }

  // text and secret
  if (s.discarding?.id === f.id) {
    const d = s.discarding;
    const plain = input !== '' && !key.ctrl && !key.meta && !key.tab && !key.backspace && !key.delete && !key.upArrow && !key.downArrow && !key.leftArrow && !key.rightArrow;
    if (key.return) return { state: d.tail ? { ...s, discarding: null } : s };
    if (plain && !d.tail) return { state: f.discard!.until.test(input) ? { ...s, discarding: { id: f.id, tail: true } } : s };
    // anything else is the person typing again
    s = { ...s, discarding: null };
    if (plain) return keyStep(s, input, key);
  }
  const line = s.lines[f.id] ?? lineState();
  const out = editLine(line, input, key);
  const warning = f.discard && out.state.value !== line.value ? f.discard.test(out.state.value) : null;
  if (warning !== null) {
    // the text is dropped here, before it is kept anywhere: the line and the value go back to empty
    return { state: { ...s, lines: { ...s.lines, [f.id]: lineState() }, values: { ...s.values, [f.id]: '' }, error: warning, errorField: f.id, discarding: { id: f.id, tail: f.discard!.until.test(input) } } };
  }
  if (out.cancel) return { state: s, cancel: true };
  let next = s;
  if (out.state !== line) {
    const changed = out.state.value !== line.value;
    next = {
      ...s,
      lines: { ...s.lines, [f.id]: out.state },
      values: changed ? { ...s.values, [f.id]: out.state.value } : s.values,
      error: changed && s.errorField === f.id ? null : s.error,
      errorField: changed && s.errorField === f.id ? null : s.errorField,
    };
  }
  if (out.submit) return advance(next);
  return { state: next };
}

/** The entries of a choice field as its filter shows them, with the highlighted one. */
export function choiceView(s: FormState, id: string): { list: Choice<string>[]; state: ChoiceState } {
  const items = s.items[id] ?? [];
  const state = s.lists[id] ?? initialChoiceState(items);
  return { list: filterChoices(items, state.query.value), state };
}
