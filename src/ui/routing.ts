// Which part of the dashboard answers a key, as pure functions of what is on screen: the shell's handler
// (app.tsx) asks `routeKey`, lets the screen act on the binding first, then does `shellAction`.
// Dialogs, the filter field, the command line and help take their keys before the shell is asked at all
// (they stand higher in the key stack, keys.tsx); the checks below keep the shell quiet behind them anyway.

import type { SortSpec } from './components/Table.js';
import type { SortColumn } from './hooks/screen.js';
import type { ScreenId } from './ids.js';
import { CORE_KEYS, type BindingId, type KeyLike } from './keymap.js';
import { KEYS, screenScopes } from './registry.js';

export type Mode = 'none' | 'help' | 'command' | 'filter' | 'sort';

export interface KeyContext {
  mode: Mode;
  /** a screen's dialog (or the wizard) is open: its own fields and lists take the keys */
  dialogOpen: boolean;
  tooSmall: boolean;
  /** the session exists: before it does, only quitting works */
  connected: boolean;
  screen: ScreenId;
  /** the key scope of the screen's tab, when it has one of its own */
  tabScope?: string;
  readOnly: boolean;
}

type KeyRoute =
  | { kind: 'ignore' }
  | { kind: 'quit' }
  /** a write key in read-only mode: said, not done */
  | { kind: 'refused'; keys: string; what: string }
  /** a binding of the screen's scopes: the screen has the first say, then `shellAction` */
  | { kind: 'binding'; id: BindingId };

/** Who answers a key. Ctrl+C always quits; before the session, or on a too-small terminal, only `q` works too. */
export function routeKey(ctx: KeyContext, input: string, key: KeyLike): KeyRoute {
  const quit = CORE_KEYS.matchBinding(['global'], input, key) === 'quit';
  if (quit && key.ctrl) return { kind: 'quit' };
  if (ctx.tooSmall || !ctx.connected) return quit ? { kind: 'quit' } : { kind: 'ignore' };
  if (ctx.dialogOpen || ctx.mode !== 'none') return { kind: 'ignore' };
  const scopes = screenScopes(ctx.screen, ctx.tabScope);
  const id = KEYS.matchBinding(scopes, input, key, { readOnly: ctx.readOnly });
  if (id !== undefined) return { kind: 'binding', id };
  if (ctx.readOnly) {
    const refused = KEYS.matchBinding(scopes, input, key);
    const binding = refused === undefined ? undefined : KEYS.bindingsFor(scopes).find((b) => b.id === refused);
    if (binding?.write) return { kind: 'refused', keys: binding.keys[0] ?? input, what: binding.hint ?? binding.description };
  }
  return { kind: 'ignore' };
}

type ShellAction =
  | { kind: 'quit' }
  | { kind: 'mode'; mode: Exclude<Mode, 'none'> }
  | { kind: 'refresh' }
  | { kind: 'sort'; reverse: boolean }
  | { kind: 'sortPick' }
  | { kind: 'clearFilter' }
  | { kind: 'pop' }
  | { kind: 'dismiss' };

/** What the shell does with a binding the screen did not take; esc clears a filter before it goes back. */
export function shellAction(id: BindingId, at: { filter: string; depth: number }): ShellAction | null {
  switch (id) {
    case 'quit':
      return { kind: 'quit' };
    case 'help':
      return { kind: 'mode', mode: 'help' };
    case 'command':
      return { kind: 'mode', mode: 'command' };
    case 'filter':
      return { kind: 'mode', mode: 'filter' };
    case 'refresh':
      return { kind: 'refresh' };
    case 'sortNext':
      return { kind: 'sort', reverse: false };
    case 'sortReverse':
      return { kind: 'sort', reverse: true };
    case 'sortPick':
      return { kind: 'sortPick' };
    case 'dismiss':
      return { kind: 'dismiss' };
    case 'back':
      if (at.filter !== '') return { kind: 'clearFilter' };
      return at.depth > 1 ? { kind: 'pop' } : null;
    default:
      return null;
  }
}

/** `o`: the next column, keeping the direction; `O`: the other direction (first column, descending, when unsorted). */
export function nextSort(sort: SortSpec | null, columns: readonly SortColumn[], reverse: boolean): SortSpec | null {
  if (columns.length === 0) return sort;
  if (reverse) return sort ? { ...sort, descending: !sort.descending } : { column: columns[0].key, descending: true };
  const at = sort ? columns.findIndex((c) => c.key === sort.column) : -1;
  return { column: columns[(at + 1) % columns.length].key, descending: sort?.descending ?? false };
}
