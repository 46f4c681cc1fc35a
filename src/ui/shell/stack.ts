// The shell's stack of screens as a pure reducer: ⏎ pushes a detail view, esc pops it, `:` goes to a screen,
// and each screen's kept state (selected row, tab, month, range, following) changes only through `keep`.
// The shell applies it synchronously (hooks/useStack.ts) so that the key after a change already meets it.

import type { ScreenId } from '../ids.js';
import type { EntryParams, Keep, ScreenEntry, ViewState } from '../hooks/screen.js';

export type StackAction =
  /** a screen over the current one */
  | { type: 'push'; entry: ScreenEntry }
  /** back to the screen below (the first screen stays) */
  | { type: 'pop' }
  /** the current screen gives way to another at the same depth */
  | { type: 'replace'; entry: ScreenEntry }
  /** a new stack of one screen (a profile switch) */
  | { type: 'reset'; entry: ScreenEntry }
  /** back to the first screen, whatever covers it */
  | { type: 'home' }
  /** entry `id` keeps something else; an entry no longer on the stack is left alone */
  | { type: 'keep'; id: number; change: Keep }
  /** the current screen's filter or sort */
  | { type: 'view'; view: Partial<ViewState> };

const sameKept = (entry: ScreenEntry, change: Keep): boolean =>
  Object.entries(change).every(([k, v]) => (k === 'view' ? v === entry.view : (entry.state as unknown as Record<string, unknown>)[k] === v));

export function stackReducer(stack: readonly ScreenEntry[], action: StackAction): readonly ScreenEntry[] {
  switch (action.type) {
    case 'push':
      return [...stack, action.entry];
    case 'pop':
      return stack.length > 1 ? stack.slice(0, -1) : stack;
    case 'replace':
      return [...stack.slice(0, -1), action.entry];
    case 'reset':
      return [action.entry];
    case 'home':
      return stack.length > 1 ? stack.slice(0, 1) : stack;
    case 'keep': {
      const at = stack.findIndex((e) => e.id === action.id);
      if (at < 0 || sameKept(stack[at], action.change)) return stack;
      const { view, ...state } = action.change;
      const entry = stack[at];
      const next: ScreenEntry = { ...entry, state: { ...entry.state, ...state }, view: view ?? entry.view };
      return [...stack.slice(0, at), next, ...stack.slice(at + 1)];
    }
    case 'view': {
      const top = stack[stack.length - 1];
      if (!top) return stack;
      const view = { ...top.view, ...action.view };
      if (view.filter === top.view.filter && view.sort === top.view.sort) return stack;
      return [...stack.slice(0, -1), { ...top, view }];
    }
  }
}

/**
 * What a screen keeps only for when it is shown again, and draws from its own state meanwhile: keeping it
 * needs no redraw of the shell (a cursor move on 10,000 rows redraws the list, not the frame around it).
 */
const UNDRAWN: ReadonlySet<string> = new Set(['selected', 'following']);

/** True for a change the shell does not draw (see UNDRAWN). */
export const undrawn = (action: StackAction): boolean => action.type === 'keep' && Object.keys(action.change).every((k) => UNDRAWN.has(k));

let entrySeq = 0;

/** A new entry of the stack: its filter from `params.filter`, its kept state from the screen's `initial`. */
export function makeEntry(screen: ScreenId, params: EntryParams, title: string, state: ScreenEntry['state']): ScreenEntry {
  entrySeq += 1;
  return { id: entrySeq, screen, title, view: { filter: params.filter ?? '', sort: null }, state, params };
}
