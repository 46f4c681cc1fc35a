// The shell's key wiring: Ctrl+C (and `q` on a too-small terminal) before anything else, and the shell's
// own keys at the bottom of the key stack: which binding a key is comes from routing.ts, the screen has the
// first say through its `ScreenControl`, then the shell acts (help, `:`, `/`, sort, refresh, back, quit).

import { useEffect, type MutableRefObject } from 'react';
import type { ScreenControl, ScreenEntry, SortColumn, StatusKind } from '../hooks/screen.js';
import type { SortSpec } from '../components/Table.js';
import { PRIORITY, useKeys, type KeyDispatcher } from '../keys.js';
import { CORE_KEYS, type KeyLike, type Scope } from '../keymap.js';
import { tabScopeOf } from '../registry.js';
import { nextSort, routeKey, shellAction, type Mode } from '../routing.js';
import { plural } from '../shell-parts.js';
import type { StackAction } from './stack.js';

/** What the shell's keys read, kept current ahead of every re-render. */
export interface ShellNow {
  mode: Mode;
  dialog: Scope[] | null;
  connected: boolean;
  tooSmall: boolean;
  /** ids of the failed actions in the panel (X dismisses them) */
  failed: readonly number[];
}

interface ShellKeyDeps {
  dispatcher: KeyDispatcher;
  readOnly: boolean;
  now: MutableRefObject<ShellNow>;
  stack: MutableRefObject<readonly ScreenEntry[]>;
  control: MutableRefObject<ScreenControl | null>;
  dispatch(action: StackAction): void;
  quit(): void;
  report(kind: StatusKind, text: string, source?: string, actions?: readonly number[]): void;
  setMode(mode: Mode): void;
  chooseSort(columns: SortColumn[], current: SortSpec | null): void;
  dismiss(ids: readonly number[]): void;
}

export function useShellKeys(deps: ShellKeyDeps): void {
  const { dispatcher, quit, now } = deps;
  // Ctrl+C quits whatever has the keys; on a too-small terminal nothing but quitting answers.
  useEffect(() => {
    dispatcher.intercept = (input, key) => {
      // the global quit binding (q, Ctrl+C): its Ctrl+C always, its q only where nothing else answers
      const quits = CORE_KEYS.matchBinding(['global'], input, key) === 'quit';
      if (quits && key.ctrl === true) {
        quit();
        return true;
      }
      if (!now.current.tooSmall) return false;
      if (quits) quit();
      return true;
    };
    return () => {
      dispatcher.intercept = null;
    };
  }, [dispatcher, quit, now]);

  const shellKey = (input: string, key: KeyLike): boolean => {
    const st = now.current;
    const depth = deps.stack.current.length;
    const entry = deps.stack.current[depth - 1];
    const route = routeKey(
      { mode: st.mode, dialogOpen: st.dialog !== null, tooSmall: st.tooSmall, connected: st.connected, screen: entry.screen, tabScope: tabScopeOf(entry), readOnly: deps.readOnly },
      input,
      key,
    );
    if (route.kind === 'ignore') return false;
    if (route.kind === 'quit') {
      quit();
      return true;
    }
    if (route.kind === 'refused') {
      deps.report('info', `read-only: ${route.keys} (${route.what}) is turned off`);
      return true;
    }
    const screen = deps.control.current;
    if (screen?.handle?.(route.id, input)) return true;
    const action = shellAction(route.id, { filter: entry.view.filter, depth });
    switch (action?.kind) {
      case 'quit':
        quit();
        break;
      case 'mode':
        deps.setMode(action.mode);
        break;
      case 'refresh':
        if (!screen?.refresh) deps.report('info', 'nothing to refresh here');
        else {
          screen.refresh();
          // said, so that r on a list whose rows have not changed is seen to have been heard
          deps.report('info', 'Refreshing from the service…', 'refresh');
        }
        break;
      case 'sort': {
        const columns = screen?.sortColumns ?? [];
        if (columns.length === 0) deps.report('info', 'nothing to sort here');
        else deps.dispatch({ type: 'view', view: { sort: nextSort(entry.view.sort ?? screen?.defaultSort ?? null, columns, action.reverse) } });
        break;
      }
      case 'sortPick': {
        const columns = screen?.sortColumns ?? [];
        if (columns.length === 0) deps.report('info', 'nothing to sort here');
        else deps.chooseSort(columns, entry.view.sort ?? screen?.defaultSort ?? null);
        break;
      }
      case 'clearFilter':
        deps.dispatch({ type: 'view', view: { filter: '' } });
        break;
      case 'pop':
        deps.dispatch({ type: 'pop' });
        break;
      case 'dismiss': {
        const ids = st.failed;
        if (ids.length === 0) deps.report('info', 'no failed actions to dismiss');
        else {
          deps.dismiss(ids);
          deps.report('info', `Dismissed ${plural(ids.length, 'failed action')}.`);
        }
        break;
      }
      default:
        return false;
    }
    return true;
  };
  useKeys(shellKey, { priority: PRIORITY.shell });
}
