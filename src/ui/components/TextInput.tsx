// Our own single-line input. Ink hands a pasted chunk to useInput as one string, possibly ending in '\r'
// (paste then Enter, or a fast typist), and hands several keys of one chunk over before React re-renders;
// the editing rules are therefore a pure function over a state kept in a ref, applied once per event.

import { useRef, useState, type ReactNode } from 'react';
import { Text } from 'ink';
import { PRIORITY, useKeys } from '../keys.js';
import type { KeyLike } from '../keymap.js';
import { displayWidth, safe } from '../text.js';
import { color } from '../theme.js';

export interface LineState {
  value: string;
  /** Cursor position in code points, 0..length. */
  cursor: number;
  /**
   * The value was there when the field opened (an edit form's current value) and is untouched: it is shown
   * selected, the first character typed replaces it, and any editing key (← → Home End ⌫ Ctrl+…) drops the
   * selection and edits it in place, as a GUI field selects its text on focus.
   */
  selected?: boolean;
}

interface LineOutcome {
  state: LineState;
  submit?: boolean;
  cancel?: boolean;
  tab?: boolean;
  /** The key was not an editing key (arrows up/down, PgUp, Ctrl+other): callers may use it. */
  ignored?: boolean;
}

const CONTROL = /[\u0000-\u001f\u007f]/gu;

const points = (s: string): string[] => Array.from(s);

export function lineState(value = ''): LineState {
  return { value, cursor: points(value).length };
}

/** A line opening with a value to keep or to replace: selected when there is one (see LineState.selected). */
export function prefilledLine(value = ''): LineState {
  return value === '' ? lineState() : { ...lineState(value), selected: true };
}

function insert(state: LineState, text: string): LineState {
  const chars = points(state.value);
  const added = points(text.replace(CONTROL, ''));
  if (added.length === 0) return state;
  chars.splice(state.cursor, 0, ...added);
  return { value: chars.join(''), cursor: state.cursor + added.length };
}

/** Applies one input event to a line: the whole editing behaviour, without React. */
export function editLine(state: LineState, input: string, key: KeyLike): LineOutcome {
  if (state.selected) return editSelected(state, input, key);
  const chars = points(state.value);
  if (key.escape) return { state, cancel: true };
  if (key.return) return { state, submit: true };
  if (key.tab) return { state, tab: true };
  if (key.leftArrow) return { state: { ...state, cursor: Math.max(0, state.cursor - 1) } };
  if (key.rightArrow) return { state: { ...state, cursor: Math.min(chars.length, state.cursor + 1) } };
  if (key.home || (key.ctrl && input === 'a')) return { state: { ...state, cursor: 0 } };
  if (key.end || (key.ctrl && input === 'e')) return { state: { ...state, cursor: chars.length } };
  // Most terminals send DEL (0x7f) for Backspace, which Ink reports as `delete`; both erase to the left.
  if (key.backspace || key.delete) {
    if (state.cursor === 0) return { state };
    chars.splice(state.cursor - 1, 1);
    return { state: { value: chars.join(''), cursor: state.cursor - 1 } };
  }
  if (key.ctrl && input === 'u') return { state: { value: '', cursor: 0 } };
  if (key.ctrl && input === 'w') {
    let start = state.cursor;
    while (start > 0 && chars[start - 1] === ' ') start--;
    while (start > 0 && chars[start - 1] !== ' ') start--;
    chars.splice(start, state.cursor - start);
    return { state: { value: chars.join(''), cursor: start } };
  }
  if (key.ctrl || (key.meta && !key.escape) || key.upArrow || key.downArrow || key.pageUp || key.pageDown) {
    return { state, ignored: true };
  }
  if (input === '') return { state, ignored: true };
  if (!CONTROL_ONE.test(input)) return { state: insert(state, input) };
  return editChunk(state, input);
}

const CONTROL_ONE = /[\u0000-\u001f\u007f]/u;

/** A selected (prefilled, untouched) line: typed text replaces it, an editing key edits it in place. */
function editSelected(state: LineState, input: string, key: KeyLike): LineOutcome {
  const plain: LineState = { value: state.value, cursor: state.cursor };
  const typed = input !== '' && !CONTROL_ONE.test(Array.from(input)[0]) && !key.ctrl && !(key.meta && !key.escape);
  const moving = key.upArrow || key.downArrow || key.pageUp || key.pageDown || key.leftArrow || key.rightArrow || key.home || key.end;
  if (typed && !moving && !key.return && !key.tab && !key.escape && !key.backspace && !key.delete) return editLine(lineState(), input, key);
  const out = editLine(plain, input, key);
  // keys that neither edit nor move (⏎, esc, Tab, ↑ ↓) leave the value selected
  return out.state === plain ? { ...out, state } : out;
}

/**
 * Ink passes a burst of plain bytes as one string: a paste, or fast typing such as Backspace then a letter,
 * or text then Enter. Each control character in it keeps its meaning, in order; Enter ends the chunk.
 */
function editChunk(state: LineState, input: string): LineOutcome {
  let current = state;
  let text = '';
  const flush = () => {
    current = insert(current, text);
    text = '';
  };
  for (const ch of input) {
    if (ch === '\r' || ch === '\n') {
      flush();
      return { state: current, submit: true };
    }
    if (ch === '\u007f' || ch === '\b') {
      flush();
      current = editLine(current, '', { backspace: true }).state;
    } else if (ch === '\u0015') {
      flush();
      current = { value: '', cursor: 0 };
    } else if (!CONTROL_ONE.test(ch)) {
      text += ch;
    }
  }
  flush();
  return { state: current };
}

/** What the line looks like: masked (`•` per char, or nothing) and scrolled so the cursor is visible. */
export function renderLine(
  state: LineState,
  options: { mask?: string; width?: number } = {},
): { before: string; at: string; after: string } {
  let chars = points(state.value);
  if (options.mask !== undefined) chars = chars.map(() => options.mask ?? '').filter((c) => c !== '');
  const cursor = Math.min(state.cursor, chars.length);
  // made safe to draw: a value can come from the service (a server's notes being edited) or a paste
  let before = safe(chars.slice(0, cursor).join(''));
  const at = safe(chars[cursor] ?? ' ') || ' ';
  let after = safe(chars.slice(cursor + 1).join(''));
  const width = options.width;
  if (width !== undefined && width > 1) {
    // scrolled in columns (a wide character takes two): when the text is longer, the cursor at the right edge
    const room = width - displayWidth(at);
    const kept = points(before);
    let used = displayWidth(before);
    let cut = 0;
    while (cut < kept.length && used > room) used -= displayWidth(kept[cut++]);
    if (cut > 0) before = safe(kept.slice(cut).join(''));
    let left = room - displayWidth(before);
    let shown = '';
    for (const ch of after) {
      const w = displayWidth(ch);
      if (w > left) break;
      shown += ch;
      left -= w;
    }
    after = safe(shown);
  }
  return { before, at, after };
}

interface TextInputProps {
  defaultValue?: string;
  placeholder?: string;
  /** `'•'` shows one bullet per character, `''` shows nothing; the characters themselves never render. */
  mask?: string;
  /** Columns the field may use; longer text scrolls with the cursor. */
  width?: number;
  /** the default value opens selected: typing replaces it, ← → ⌫ edit it (LineState.selected) */
  select?: boolean;
  isActive?: boolean;
  onChange?(value: string): void;
  onSubmit?(value: string): void;
  onCancel?(): void;
}

export function TextInput(props: TextInputProps): ReactNode {
  const active = props.isActive !== false;
  const ref = useRef<LineState>(props.select ? prefilledLine(props.defaultValue) : lineState(props.defaultValue));
  const [state, setState] = useState<LineState>(ref.current);

  useKeys(
    (input, key) => {
      const outcome = editLine(ref.current, input, key);
      if (outcome.state !== ref.current) {
        const changed = outcome.state.value !== ref.current.value;
        ref.current = outcome.state;
        setState(outcome.state);
        if (changed) props.onChange?.(outcome.state.value);
      }
      if (outcome.submit) props.onSubmit?.(ref.current.value);
      if (outcome.cancel) props.onCancel?.();
      // keys a line does not use (↑ ↓, Tab, PgUp) go on to the form or dialog around it
      return outcome.ignored !== true && outcome.tab !== true;
    },
    { active, priority: PRIORITY.field, text: true },
  );

  const showCursor = active;
  if (state.value === '' && props.placeholder) {
    return (
      <Text wrap="truncate">
        {showCursor ? <Text inverse>{props.placeholder.charAt(0) || ' '}</Text> : null}
        <Text color={color('dim')}>{showCursor ? props.placeholder.slice(1) : props.placeholder}</Text>
      </Text>
    );
  }
  const line = renderLine(state, { mask: props.mask, width: props.width });
  return (
    <Text wrap="truncate">
      {state.selected ? <Text inverse>{line.before}</Text> : line.before}
      {showCursor ? <Text inverse>{line.at}</Text> : line.at === ' ' ? '' : line.at}
      {line.after}
    </Text>
  );
}
