// The pager's keys (⏎ on a script: its text), apart from its view so the registry can declare them without
// loading it. No list keys (nothing to open or select); it scrolls (its footer says which way it can,
// PagerView `pagerIdle`), `/` says there is nothing to filter, and `y` copies the row's identifier.
import { char, scrollsDown, scrollsUp, type ScreenBinding } from '../keymatch.js';

export const PAGER_KEYS = [
  { id: 'pager.down', keys: ['↓', 'j', 'PgDn', 'G'], match: scrollsDown, description: 'scroll down (a line, a page, to the end)', hint: 'more', rank: 30 },
  { id: 'pager.up', keys: ['↑', 'k', 'PgUp', 'g'], match: scrollsUp, description: 'scroll up (a line, a page, to the top)', hint: 'back up', rank: 31 },
  { id: 'filter', keys: ['/'], match: char('/'), description: 'nothing to filter: the whole text is shown', rank: 11 },
  { id: 'copy', keys: ['y'], match: char('y'), description: "copy this record's identifier to the clipboard", hint: 'copy', rank: 36 },
] as const satisfies readonly ScreenBinding[];
