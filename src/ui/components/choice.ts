// A filterable choice list's behaviour, without React: typing filters, arrows move, ⏎ takes the highlighted
// entry. Every printable key is filter text, `j` `k` `G` included (plan, region and image names hold those
// letters), so moving is done with keys that never type: ↑ ↓ (and Ctrl+P / Ctrl+N), PgUp PgDn, Home End.
// Ctrl+A and Ctrl+E still move the cursor within the filter. In a list of marks (`toggle`), Space marks too.
// The one form reducer (resource/form.ts) drives a choice field with it; ChoiceList.tsx draws it.
import { CORE_KEYS, type KeyLike } from '../keymap.js';
import { editLine, lineState, type LineState } from './TextInput.js';

export interface Choice<V = string> {
  value: V;
  label: string;
  /** Dim text after the label, also searched by the filter. */
  description?: string;
  /**
   * The label with less in it (the same columns, fewer of them), drawn for every entry of the list when the
   * label and description of some entry would not fit the width whole: a list's rows stay aligned.
   */
  short?: string;
  /** Shown but not selectable (e.g. a plan not offered in this region), with the reason as description. */
  disabled?: boolean;
}

export interface ChoiceState {
  query: LineState;
  /** Index into the filtered list. */
  highlight: number;
  /** The highlight before a filter was typed (an index into the whole list), for esc to go back to. */
  before?: number;
}

interface ChoiceOutcome<V> {
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
  const nav = CORE_KEYS.matchBinding(['dialog'], input, key);
  const page = Math.max(1, pageSize - 1);
  const at = (target: number): ChoiceOutcome<V> => ({ state: { ...state, highlight: moveTo(list, state.highlight, target) } });
  if (nav === 'dialog.up') return at(state.highlight - 1);
  if (nav === 'dialog.down') return at(state.highlight + 1);
  if (nav === 'dialog.pageUp') return at(state.highlight - page);
  if (nav === 'dialog.pageDown') return at(state.highlight + page);
  if (nav === 'dialog.top') return at(0);
  if (nav === 'dialog.bottom') return at(list.length - 1);
  // Space in a list of marks: the form's `form.toggle` binding (key-scopes.ts)
  if (options.toggle && CORE_KEYS.matchBinding(['form'], input, key) === 'form.toggle') {
    const current = list[state.highlight];
    return current && !current.disabled ? { state, chosen: current } : { state };
  }

  const edit = editLine(state.query, input, key);
  if (edit.cancel) {
    // esc first clears a filter, so a mistyped filter does not throw the user out of the wizard. The entry
    // highlighted stays so; with none (nothing matched), the one highlighted before the filter was typed
    // (an edit form's current value), not the first entry, which ⏎ would then take unseen.
    if (state.query.value !== '') {
      const current = list[state.highlight];
      const back = current ? items.indexOf(current) : (state.before ?? -1);
      return { state: { query: lineState(), highlight: back >= 0 && back < items.length && !items[back].disabled ? back : Math.max(0, firstEnabled(items)) } };
    }
    return { state, cancel: true };
  }
  let next = state;
  if (edit.state.value !== state.query.value) {
    const filtered = filterChoices(items, edit.state.value);
    next = { query: edit.state, highlight: Math.max(0, firstEnabled(filtered)), before: state.query.value === '' ? state.highlight : state.before };
  } else if (edit.state !== state.query) {
    next = { ...state, query: edit.state };
  }
  if (edit.submit) {
    const current = filterChoices(items, next.query.value)[next.highlight];
    if (current && !current.disabled) return { state: next, chosen: current };
  }
  return { state: next };
}

