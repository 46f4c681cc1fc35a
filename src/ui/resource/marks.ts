// Marks on a list whose spec has bulk keys (k9s's space): `space` marks or unmarks the selected row and moves
// down, `*` marks every row the filter shows, `\` clears them all (esc too, before it does anything else).
// The marks are row keys (a server's name), kept in the screen's entry of the shell's stack, so they survive a
// refresh and a detail view opened over the list; a row that is no longer loaded loses its mark.

import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { Nav, ScreenEntry } from '../hooks/screen.js';
import { char, type ScreenBinding } from '../keymap.js';

export const MARK_BINDINGS: readonly ScreenBinding[] = [
  { id: 'mark', keys: ['Space'], match: char(' '), description: 'mark or unmark the selected row and move down (keys then act on every marked row)', hint: 'mark', rank: 32, write: true },
  { id: 'markAll', keys: ['*'], match: char('*'), description: 'mark every row the filter shows', rank: 33, write: true },
  { id: 'unmarkAll', keys: ['\\'], match: char('\\'), description: 'clear every mark (esc too, before anything else)', hint: 'unmark', rank: 12, write: true },
];

const NO_MARKS: readonly string[] = [];

/** `marks` with `key` marked if it was not, unmarked if it was. */
function toggleMark(marks: readonly string[], key: string): readonly string[] {
  return marks.includes(key) ? marks.filter((k) => k !== key) : [...marks, key];
}

/** `marks` and every key of `shown` (a filter's rows), each once. */
function markAll(marks: readonly string[], shown: readonly string[]): readonly string[] {
  const have = new Set(marks);
  const added = shown.filter((k) => !have.has(k));
  return added.length === 0 ? marks : [...marks, ...added];
}

/** Only the marks whose rows are still loaded: the same array when none went. */
function pruneMarks(marks: readonly string[], present: (key: string) => boolean): readonly string[] {
  const kept = marks.filter(present);
  return kept.length === marks.length ? marks : kept;
}

interface Marks {
  /** row keys marked, in marking order */
  keys: readonly string[];
  set: ReadonlySet<string>;
  /** a mark key, answered; false for any other id */
  handle(id: string, selected: string | null, shownKeys: () => readonly string[], down: () => void): boolean;
  clear(): void;
}

/**
 * The marks of the list in stack entry `entry`: read from it, changed through `nav.keep`, pruned to the rows
 * loaded (`rows` undefined while nothing is loaded: nothing is pruned then).
 */
export function useMarks<T>(entry: ScreenEntry, nav: Pick<Nav, 'keep'>, rows: readonly T[] | undefined, keyOf: (row: T) => string, enabled: boolean): Marks {
  const keys = enabled ? (entry.state.marks ?? NO_MARKS) : NO_MARKS;
  const id = entry.id;
  // keys in one chunk (a paste of spaces) are handled before a render: each meets the marks the last left
  const now = useRef(keys);
  now.current = keys;
  const keep = useCallback(
    (marks: readonly string[]) => {
      now.current = marks;
      nav.keep(id, { marks });
    },
    [nav, id],
  );
  useEffect(() => {
    if (rows === undefined || keys.length === 0) return;
    const present = new Set(rows.map(keyOf));
    const kept = pruneMarks(keys, (k) => present.has(k));
    if (kept !== keys) keep(kept);
  }, [rows, keys, keyOf, keep]);
  const set = useMemo(() => new Set(keys), [keys]);
  return {
    keys,
    set,
    clear: () => (keys.length > 0 ? keep(NO_MARKS) : undefined),
    handle(bindingId, selected, shownKeys, down) {
      if (!enabled) return false;
      switch (bindingId) {
        case 'mark':
          if (selected === null) return true;
          keep(toggleMark(now.current, selected));
          down();
          return true;
        case 'markAll':
          keep(markAll(now.current, shownKeys()));
          return true;
        case 'unmarkAll':
          keep(NO_MARKS);
          return true;
        case 'back':
          if (now.current.length === 0) return false;
          keep(NO_MARKS);
          return true;
        default:
          return false;
      }
    },
  };
}
