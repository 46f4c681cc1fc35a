// Every form of the dashboard is this one machine (tui.md, "Forms"): labelled fields, one per line; ⏎ checks
// the field and goes to the next, and on the last one submits; Tab and Shift+Tab (or ↑ ↓ outside a list)
// move between fields; esc cancels (a choice list first clears its filter). A choice takes a typed filter
// and ⏎, or `y`/`n` (Space for the other answer) for yes/no. Those keys are the key table's `form` bindings
// (key-scopes.ts), matched here by name; a field's own editing keys are its widget's (TextInput, choice.ts). A refused submit keeps every value, with the service's message under the
// form. Pure: one event in, the next state out, so the behaviour is tested without React.
// The create-server wizard is steps over this same reducer (screens/create-server/step-form.ts): each step
// is a form of one field, of the kinds here (choice, text, multi, lines, vlans).

import { choiceStep, filterChoices, initialChoiceState, type Choice, type ChoiceState } from '../components/choice.js';
import { editLine, lineState, prefilledLine, type LineState } from '../components/TextInput.js';
import { CORE_KEYS, type KeyLike } from '../keymap.js';
import { parseVlanText, ruleMessage } from '../../rules/index.js';
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
  /** `page`: the entries a choice list shows at once, which PgUp and PgDn move by (default 5) */
  | { type: 'key'; input: string; key: KeyLike; page?: number }
  | { type: 'items'; id: string; items: readonly Choice<string>[] }
  /** a choice's entries drawn anew (their descriptions changed): the filter and the highlight stay */
  | { type: 'relist'; id: string; items: readonly Choice<string>[] }
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
  /** a `multi` field's entry marked or unmarked */
  toggled?: { id: string; value: string };
}

const kindOf = (f: FieldSpec) => f.kind ?? 'text';
/** kinds edited as one line of text */
const oneLine = (kind: string): boolean => kind === 'text' || kind === 'secret' || kind === 'vlans';
const listed = (kind: string): boolean => kind === 'choice' || kind === 'multi';

export function initialForm(fields: readonly FieldSpec[]): FormState {
  const values: FormValues = {};
  const lines: Record<string, LineState> = {};
  const items: Record<string, readonly Choice<string>[] | undefined> = {};
  const lists: Record<string, ChoiceState> = {};
  for (const f of fields) {
    const kind = kindOf(f);
    const initial = f.initial ?? (kind === 'yesno' ? false : kind === 'multi' || kind === 'lines' ? [] : '');
    values[f.id] = initial;
    // a value the field opens with is selected: typing replaces it, ← → ⌫ edit it
    if (oneLine(kind)) lines[f.id] = prefilledLine(String(initial));
    if (kind === 'lines') lines[f.id] = lineState();
    if (listed(kind)) {
      const list = Array.isArray(f.choices) ? (f.choices as readonly Choice<string>[]) : undefined;
      items[f.id] = list;
      lists[f.id] = initialChoiceState(list ?? [], kind === 'choice' ? String(initial) : undefined);
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
  if (kind === 'vlans' && String(value).trim() !== '') {
    const problem = ruleMessage(() => parseVlanText(String(value), f.network ?? ''));
    if (problem !== null) return problem;
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
  // ⏎ that lands on an editor field opens the editor at once (tui.md: title, windows, then the editor)
  if (next !== cleared) return kindOf(next.fields[next.focus]) === 'editor' ? { state: next, edit: next.fields[next.focus].id } : { state: next };
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
    case 'relist': {
      if (s.items[e.id] === e.items) return { state: s };
      const list = s.lists[e.id] ?? initialChoiceState(e.items);
      const shownNow = filterChoices(e.items, list.query.value).length;
      const highlight = Math.max(0, Math.min(list.highlight, shownNow - 1));
      return { state: { ...s, items: { ...s.items, [e.id]: e.items }, lists: { ...s.lists, [e.id]: { ...list, highlight } } } };
    }
    case 'set': {
      const f = s.fields.find((x) => x.id === e.id);
      const lines = f && oneLine(kindOf(f)) ? { ...s.lines, [e.id]: lineState(String(e.value)) } : s.lines;
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
      return keyStep(s, e.input, e.key, e.page);
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

function keyStep(s: FormState, input: string, key: KeyLike, page = 5): FormStep {
  if (s.sending) return { state: s };
  // the form's own keys (⏎, Tab, esc as its footer shows them; ↑ ↓, y, n, Space); a field's editing keys are its widget's
  const formKey = CORE_KEYS.matchBinding(['form'], input, key);
  if (s.waiting) {
    // esc still leaves at once; anything else waits its turn
    if (formKey === 'form.cancel') return { state: s, cancel: true };
    return { state: { ...s, waiting: [...s.waiting, { input, key }] } };
  }
  const f = s.fields[s.focus];
  if (!f) return formKey === 'form.cancel' ? { state: s, cancel: true } : { state: s };
  const kind = kindOf(f);
  if (formKey === 'form.field') return { state: moveBy(s, key.shift ? -1 : 1) };

  if (listed(kind)) {
    if (formKey === 'form.next' && s.items[f.id] === undefined && typeof f.choices === 'function') return { state: { ...s, waiting: [] } };
    const items = s.items[f.id] ?? [];
    const list = s.lists[f.id] ?? initialChoiceState(items);
    const out = choiceStep(items, list, input, key, page, { toggle: kind === 'multi' });
    if (out.cancel) return { state: s, cancel: true };
    let next: FormState = out.state === list ? s : { ...s, lists: { ...s.lists, [f.id]: out.state } };
    if (out.chosen && kind === 'multi') {
      const marked = asLines(s.values[f.id]);
      const value = out.chosen.value;
      const values = { ...next.values, [f.id]: marked.includes(value) ? marked.filter((v) => v !== value) : [...marked, value] };
      return { state: { ...next, values, error: null, errorField: null }, toggled: { id: f.id, value } };
    }
    if (out.chosen) {
      next = { ...next, values: { ...next.values, [f.id]: out.chosen.value } };
      return advance(next);
    }
    return { state: next };
  }

  // (a lines field adds what is typed before esc leaves)
  if (kind === 'lines') return linesStep(s, f, input, key);
  if (formKey === 'form.cancel') return { state: s, cancel: true };
  if (formKey === 'form.up') return { state: moveBy(s, -1) };
  if (formKey === 'form.down') return { state: moveBy(s, 1) };

  if (kind === 'yesno') {
    if (formKey === 'form.next') return advance(s);
    const answer = formKey === 'form.yes' ? true : formKey === 'form.no' ? false : formKey === 'form.toggle' ? !s.values[f.id] : null;
    if (answer === null) return { state: s };
    return { state: { ...s, values: { ...s.values, [f.id]: answer }, error: null, errorField: null } };
  }

  if (kind === 'editor') {
    if (formKey === 'form.next') return { state: s, edit: f.id };
    return { state: s };
  }

  // text, secret and vlans
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

/** The choice field holds a typed filter, which esc clears before anything else (the hints say so). */
export function typedFilter(s: FormState, id: string): boolean {
  return (s.lists[id]?.query.value ?? '') !== '';
}

/** The entries of a choice field as its filter shows them, with the highlighted one. */
export function choiceView(s: FormState, id: string): { list: Choice<string>[]; state: ChoiceState } {
  const items = s.items[id] ?? [];
  const state = s.lists[id] ?? initialChoiceState(items);
  return { list: filterChoices(items, state.query.value), state };
}

const asLines = (v: FormValue | undefined): readonly string[] => (Array.isArray(v) ? (v as readonly string[]) : []);

/** A line added to a `lines` field through its `take`, or the refusal shown with the line kept to be fixed. */
function addLine(s: FormState, f: FieldSpec, line: LineState): FormState {
  const taken = f.take ? f.take(asLines(s.values[f.id]), line.value) : [...asLines(s.values[f.id]), line.value];
  if (typeof taken === 'string') return { ...s, lines: { ...s.lines, [f.id]: line }, error: taken, errorField: f.id };
  return { ...s, values: { ...s.values, [f.id]: taken }, lines: { ...s.lines, [f.id]: lineState() }, error: null, errorField: null };
}

const refused = (s: FormState, f: FieldSpec): boolean => s.errorField === f.id && s.error !== null && (s.lines[f.id]?.value ?? '') !== '';

/**
 * A `lines` field: ⏎ adds the line, ⏎ on an empty line goes on, ⌫ on an empty line takes the last line back.
 * A paste arrives as one chunk with its line breaks: its lines are added in order, and the first refused one
 * stays in the field. esc adds what is typed first (nothing typed is thrown away without a word), then leaves.
 */
function linesStep(s: FormState, f: FieldSpec, input: string, key: KeyLike): FormStep {
  const line = s.lines[f.id] ?? lineState();
  // "text⏎" typed fast is one line submitted (editLine takes it); only a chunk with more than that is a paste
  const breaks = input.match(/\r\n|\r|\n/g)?.length ?? 0;
  if (!key.return && breaks > 0 && (breaks > 1 || !/[\r\n]$/.test(input))) {
    const parts = input.split(/\r\n|\r|\n/);
    let next = s;
    let cur = line;
    for (let i = 0; i < parts.length - 1; i++) {
      cur = editLine(cur, parts[i], {}).state;
      if (cur.value.trim() === '') continue;
      next = addLine(next, f, cur);
      if (refused(next, f)) return { state: next };
      cur = lineState();
    }
    return { state: { ...next, lines: { ...next.lines, [f.id]: editLine(cur, parts[parts.length - 1], {}).state } } };
  }
  if ((key.backspace || key.delete) && line.value === '') {
    const all = asLines(s.values[f.id]);
    return all.length === 0 ? { state: s } : { state: { ...s, values: { ...s.values, [f.id]: all.slice(0, -1) }, error: null, errorField: null } };
  }
  const out = editLine(line, input, key);
  if (out.cancel) {
    if (line.value.trim() === '') return { state: s, cancel: true };
    const next = addLine(s, f, line);
    return refused(next, f) ? { state: next } : { state: next, cancel: true };
  }
  if (out.submit) {
    if (out.state.value.trim() === '') return advance({ ...s, lines: { ...s.lines, [f.id]: lineState() } });
    return { state: addLine(s, f, out.state) };
  }
  return { state: out.state === line ? s : { ...s, lines: { ...s.lines, [f.id]: out.state } } };
}
