// The shell's stack of screens: the reducer of stack.ts applied at once (the key after a push already meets
// the new screen) and drawn by React, and the part of `Nav` that changes it.

import { useCallback, useRef, useState, type MutableRefObject } from 'react';
import type { EntryParams, Keep, ScreenEntry } from '../hooks/screen.js';
import type { ScreenId } from '../ids.js';
import { HOME_SCREEN, initialState, screenTitle } from '../registry.js';
import { makeEntry, stackReducer, undrawn, type StackAction } from './stack.js';

/** A new entry of the stack for the registry's screen `screen`. */
export function newEntry(screen: ScreenId, params: EntryParams = {}, title?: string): ScreenEntry {
  return makeEntry(screen, params, title ?? screenTitle(screen), initialState(screen, params));
}

interface Stack {
  stack: readonly ScreenEntry[];
  /** the stack as the keys see it, ahead of the re-render */
  live: MutableRefObject<readonly ScreenEntry[]>;
  dispatch(action: StackAction): void;
  push(screen: ScreenId, params?: EntryParams, title?: string): void;
  pop(): void;
  keep(id: number, change: Keep): void;
  /** `:name`: the first screen goes back to it; the screen shown stays; any other is pushed */
  go(screen: ScreenId): void;
}

/** `onTopChange`: another screen is about to be shown (the one below stops answering keys). */
export function useStack(onTopChange: () => void): Stack {
  const [first] = useState<readonly ScreenEntry[]>(() => [newEntry(HOME_SCREEN)]);
  const live = useRef(first);
  const [, redraw] = useState(first);
  const topChange = useRef(onTopChange);
  topChange.current = onTopChange;

  const dispatch = useCallback((action: StackAction) => {
    const before = live.current;
    const next = stackReducer(before, action);
    if (next === before) return;
    if (next[next.length - 1]?.id !== before[before.length - 1]?.id) topChange.current();
    live.current = next;
    // what the shell does not draw is kept for the next time it draws the entry
    if (!undrawn(action)) redraw(next);
  }, []);

  const push = useCallback((screen: ScreenId, params?: EntryParams, title?: string) => dispatch({ type: 'push', entry: newEntry(screen, params, title) }), [dispatch]);
  const pop = useCallback(() => dispatch({ type: 'pop' }), [dispatch]);
  const keep = useCallback((id: number, change: Keep) => dispatch({ type: 'keep', id, change }), [dispatch]);
  const go = useCallback(
    (screen: ScreenId) => {
      if (screen === HOME_SCREEN) return dispatch({ type: 'home' });
      const top = live.current[live.current.length - 1];
      if (top?.screen !== screen) push(screen);
    },
    [dispatch, push],
  );
  // the stack as it is now: a change kept without a redraw is in it the next time the shell draws
  return { stack: live.current, live, dispatch, push, pop, keep, go };
}
