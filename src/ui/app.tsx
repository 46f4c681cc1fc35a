// The app shell: header, the current screen, the action panel, the status line and the footer, around a
// stack of screens (⏎ pushes a detail view, esc goes back). Keys come through the app's own dispatcher
// (keys.tsx): the shell's global keys stand at the bottom of its stack, so a dialog, a field, help or the
// command line always answers first; which binding a key is, is routing.ts's; which screens exist, and
// their keys, registry.ts's; what an entry of the stack draws, and the header and action panel, shell-parts.tsx.
//
// The frame stays mounted whatever happens to the terminal: below 80×24 it is hidden behind a notice, and
// every dialog, form and typed value is there again when the window grows back.

import { Component, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Box, Text, useApp } from 'ink';
import type { Server } from '../api/index.js';
import type { Profile, ProfileStore } from '../config/profiles.js';
import type { HistoryLog } from '../history/log.js';
import { sessionForConnection, type ConnectOptions, type Session, type SessionInit } from '../session/session.js';
import { CommandLine, CompletionList } from './components/CommandLine.js';
import { useRelogin } from './relogin.js';
import { useReclaimedGone } from './hooks/useSpotReclaims.js';
import { HelpOverlay, MIN_COLUMNS, MIN_ROWS, TooSmall, isTooSmall } from './components/Frame.js';
import { TextInput } from './components/TextInput.js';
import type { EntryParams, Nav, ScreenControl, ScreenEntry, ScreenProps, SortColumn, StatusKind } from './hooks/screen.js';
import { SortChooser } from './components/SortChooser.js';
import type { SortSpec } from './components/Table.js';
import { errorText } from './hooks/useResource.js';
import { useTerminalSize } from './hooks/useTerminalSize.js';
import { useIdleHints } from './hooks/useIdle.js';
import { useCached } from './hooks/useTracker.js';
import { useFailureNotice, usePanelRows } from './hooks/useActionNames.js';
import { panelNeed } from './components/action-lines.js';
import { ScreenBoundary } from './components/ScreenBoundary.js';
import { HoldKeys, KeyProvider, PRIORITY, useKeyDispatcher, useKeys } from './keys.js';
import { SuspendKey } from './suspend-key.js';
import type { KeyLike, Scope } from './keymap.js';
import { COMMANDS, screenScopes, screenTitle } from './registry.js';
import { nextSort, routeKey, shellAction, type Mode } from './routing.js';
import { SERVERS_CACHE_KEY } from './screens/servers.js';
import { displayWidth, safe, truncate } from './text.js';
import { color } from './theme.js';
import { ActionArea, HeaderBar, MemoFooter, plural, renderScreen, type PendingConnection } from './shell-parts.js';

/** How long an information line stays, and an error (unless a key is pressed first). */
const INFO_MS = 6000;
const ERROR_MS = 10_000;
export const DEFAULT_REFRESH_MS = 5000;
const HISTORY = 50;

interface Status {
  kind: StatusKind;
  text: string;
  source?: string;
}

export interface AppProps {
  /** null while connecting: the frame is drawn at once and the screens come when the session does */
  session: Session | null;
  /** what the body says while `session` is null */
  connecting?: string;
  /** who and where the header names while `session` is null */
  pending?: PendingConnection;
  readOnly?: boolean;
  /** fixed size (tests); otherwise the terminal's, following resizes */
  width?: number;
  height?: number;
  /** the profile store, opened on first use of `:profiles` */
  profiles?: () => ProfileStore;
  /** for clients made by `:profiles` (switch, add): tests pass the emulator's fetch here */
  connectOptions?: ConnectOptions;
  trackerOptions?: SessionInit['trackerOptions'];
  /** list refresh interval while a list is shown */
  refreshMs?: number;
  /** how long the status line keeps an error and a message (tests shorten them); default 10 s and 6 s */
  statusMs?: { error: number; info: number };
  /** a profile switch made a new session; the caller closes it at the end */
  onSessionChange?(session: Session): void;
  /** Ctrl+Z: give the terminal back and stop (job control); absent, Ctrl+Z does nothing */
  onSuspend?(): void;
  /** where a session made by a profile switch records its writes; absent: not recorded */
  history?: HistoryLog | null;
}

let entrySeq = 0;
export function newEntry(screen: string, params: EntryParams = {}, title?: string): ScreenEntry {
  entrySeq += 1;
  return { id: entrySeq, screen, title: title ?? screenTitle(screen), view: { filter: params.filter ?? '', sort: null }, memo: { selected: null, tab: params.tab ?? 0 }, params };
}

/**
 * Rows of the action panel below the title line: a few on any terminal (more on a taller one), and as many
 * as the actions in it `need` when work piles up, up to three tenths of the height, so the list keeps most.
 */
export function panelLines(rows: number, need = 0): number {
  const base = Math.min(5, Math.max(2, Math.floor((rows - 19) / 3)));
  return Math.min(Math.max(base, Math.floor(rows * 0.3)), Math.max(base, need));
}


/** The app: its own key dispatcher around the shell. */
export function App(props: AppProps): ReactNode {
  return (
    <KeyProvider>
      <SuspendKey onSuspend={props.onSuspend} />
      <Shell {...props} />
    </KeyProvider>
  );
}

function Shell(props: AppProps): ReactNode {
  const { exit } = useApp();
  const size = useTerminalSize({ columns: props.width, rows: props.height });
  const readOnly = props.readOnly === true;
  const dispatcher = useKeyDispatcher();

  const [switched, setSwitched] = useState<Session | null>(null);
  const session = switched ?? props.session;

  const [stack, setStackState] = useState<ScreenEntry[]>(() => [newEntry('servers')]);
  const [mode, setModeState] = useState<Mode>('none');
  const [dialog, setDialogState] = useState<Scope[] | null>(null);
  const [status, setStatus] = useState<Status | null>(null);
  const [typed, setTyped] = useState('');
  const [chooser, setChooser] = useState<{ columns: SortColumn[]; current: SortSpec | null } | null>(null);
  const [dismissed, setDismissed] = useState<ReadonlySet<number>>(() => new Set());
  // keys that would do nothing now (Nav.idle): the footer leaves them out; esc on the first screen with no
  // filter has nothing to close or go back from
  const atHome = stack.length === 1 && stack[0]!.view.filter === '';
  const { idle, setIdle } = useIdleHints(atHome ? AT_HOME_IDLE : NO_IDLE);
  const control = useRef<ScreenControl | null>(null);
  const statusTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const history = useRef<string[]>([]);

  // What the key handler reads: set synchronously with every change, ahead of the re-render.
  const live = useRef({ stack, mode, dialog, session, tooSmall: false, status });
  live.current.session = session;

  const clearStatusNow = useCallback(() => {
    if (statusTimer.current) clearTimeout(statusTimer.current);
    statusTimer.current = null;
    if (live.current.status === null) return;
    live.current.status = null;
    setStatus(null);
  }, []);

  const report = useCallback((kind: StatusKind, text: string, source?: string) => {
    if (statusTimer.current) clearTimeout(statusTimer.current);
    const next = { kind, text, source };
    live.current.status = next;
    setStatus(next);
    statusTimer.current = setTimeout(
      () => {
        statusTimer.current = null;
        if (live.current.status === next) {
          live.current.status = null;
          setStatus(null);
        }
      },
      kind === 'error' ? (props.statusMs?.error ?? ERROR_MS) : (props.statusMs?.info ?? INFO_MS),
    );
    statusTimer.current.unref?.();
  }, []);

  const clearStatus = useCallback((source: string) => {
    if (live.current.status?.source === source) clearStatusNow();
  }, [clearStatusNow]);

  // An error stays until the next key (or its ten seconds): the key that comes after it has been read.
  useEffect(() => {
    dispatcher.onKey = () => {
      if (live.current.status?.kind === 'error') clearStatusNow();
    };
    // a key whose handler throws (a bug) says so on the status line; the dashboard and its work go on
    dispatcher.onError = (err) => report('error', `that key failed: ${errorText(err).split('\n')[0]}`);
    return () => {
      dispatcher.onKey = null;
      dispatcher.onError = null;
    };
  }, [dispatcher, clearStatusNow, report]);
  useEffect(() => () => clearStatusNow(), [clearStatusNow]);

  const setStack = useCallback(
    (update: (s: ScreenEntry[]) => ScreenEntry[]) => {
      const before = live.current.stack;
      const next = update(before);
      if (next === before) return;
      if (next[next.length - 1]?.id !== before[before.length - 1]?.id) {
        // The screen below must not answer keys for the one being shown until that one has committed, and
        // what the status line said about the screen left does not follow the user to the next one.
        control.current = null;
        clearStatusNow();
      }
      live.current.stack = next;
      setStackState(next);
    },
    [clearStatusNow],
  );

  const setMode = useCallback((m: Mode) => {
    live.current.mode = m;
    setModeState(m);
    if (m === 'command') setTyped('');
  }, []);

  const onDialog = useCallback((scopes: Scope[] | null) => {
    live.current.dialog = scopes;
    setDialogState(scopes);
  }, []);

  const updateTop = useCallback((patch: (e: ScreenEntry) => ScreenEntry) => setStack((s) => [...s.slice(0, -1), patch(s[s.length - 1]!)]), [setStack]);

  const nav: Nav = useMemo(
    () => ({
      push: (screen, params, title) => setStack((s) => [...s, newEntry(screen, params, title)]),
      pop: () => setStack((s) => (s.length > 1 ? s.slice(0, -1) : s)),
      report,
      clear: clearStatus,
      touch: () => setStack((s) => [...s]),
      idle: setIdle,
    }),
    [setStack, report, clearStatus, setIdle],
  );

  // a reclaimed spot server does not vanish without a word
  const listedServers = useCached<Server[]>(session?.cache, SERVERS_CACHE_KEY);
  useReclaimedGone(listedServers, (s) => report('error', `${s.notes || s.name} (${s.name}) was reclaimed by the service: spot servers go when their capacity is needed`));

  const go = useCallback(
    (name: string) => {
      if (name === 'servers') return setStack((s) => (s.length === 1 ? s : [s[0]!]));
      setStack((s) => (s[s.length - 1]!.screen === name ? s : [...s, newEntry(name)]));
    },
    [setStack],
  );

  // Sessions made here by switching profiles; the one from the props belongs to the caller.
  const made = useRef<Session[]>([]);
  useEffect(
    () => () => {
      for (const s of made.current) void s.close();
    },
    [],
  );

  const switchTo = useCallback(
    async (profile: Profile): Promise<void> => {
      const next = await sessionForConnection(
        { source: 'profile', endpoint: profile.endpoint, auth: profile.credential ?? { kind: 'none' }, profileName: profile.name, ...(profile.history === false ? { history: false } : {}) },
        { connect: props.connectOptions, trackerOptions: props.trackerOptions, history: props.history },
      );
      // the old connection stops polling at once; its lists are not carried over
      live.current.session?.tracker.stop();
      made.current.push(next);
      props.onSessionChange?.(next);
      setSwitched(next);
      onDialog(null);
      setMode('none');
      setStack(() => [newEntry('servers')]);
      report('info', `Switched to profile ${profile.name} (${next.endpoint}).`);
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [props.connectOptions, props.trackerOptions, props.history, onDialog, setMode, setStack, report],
  );

  // At start (and after a switch): every action still running is followed, whichever client started it.
  useEffect(() => {
    if (!session) return;
    let gone = false;
    session.followRunning().catch((err: unknown) => {
      if (!gone) report('error', errorText(err), 'actions');
    });
    return () => {
      gone = true;
    };
  }, [session, report]);

  const rows = usePanelRows(session, dismissed);
  useFailureNotice(session, report);
  const failures = rows.filter((r) => r.state === 'failed');

  const top = stack[stack.length - 1]!;
  const tooSmall = isTooSmall(size.columns, size.rows);
  live.current.tooSmall = tooSmall;
  const quit = useCallback(() => exit(), [exit]);
  const setFilter = useCallback((filter: string) => updateTop((e) => ({ ...e, view: { ...e.view, filter } })), [updateTop]);

  // Ctrl+C quits whatever has the keys; on a too-small terminal nothing but quitting answers.
  useEffect(() => {
    dispatcher.intercept = (input, key) => {
      if (key.ctrl && input === 'c') {
        quit();
        return true;
      }
      if (!live.current.tooSmall) return false;
      if (input === 'q' && !key.ctrl && !key.meta) quit();
      return true;
    };
    return () => {
      dispatcher.intercept = null;
    };
  }, [dispatcher, quit]);

  const shellKey = (input: string, key: KeyLike): boolean => {
    const st = live.current;
    const entry = st.stack[st.stack.length - 1]!;
    const route = routeKey(
      { mode: st.mode, dialogOpen: st.dialog !== null, tooSmall: st.tooSmall, connected: st.session !== null, screen: entry.screen, tabScope: entry.memo.tabScope, readOnly },
      input,
      key,
    );
    if (route.kind === 'ignore') return false;
    if (route.kind === 'quit') {
      quit();
      return true;
    }
    if (route.kind === 'refused') {
      report('info', `read-only: ${route.keys} (${route.what}) is turned off`);
      return true;
    }
    const screen = control.current;
    if (screen?.handle?.(route.id, input)) return true;
    const action = shellAction(route.id, { filter: entry.view.filter, depth: st.stack.length });
    switch (action?.kind) {
      case 'quit':
        quit();
        break;
      case 'mode':
        setMode(action.mode);
        break;
      case 'refresh':
        if (!screen?.refresh) report('info', 'nothing to refresh here');
        else {
          screen.refresh();
          // said, so that r on a list whose rows have not changed is seen to have been heard
          report('info', 'Refreshing from the service…', 'refresh');
        }
        break;
      case 'sort': {
        const columns = screen?.sortColumns ?? [];
        if (columns.length === 0) report('info', 'nothing to sort here');
        else updateTop((e) => ({ ...e, view: { ...e.view, sort: nextSort(e.view.sort ?? screen?.defaultSort ?? null, columns, action.reverse) } }));
        break;
      }
      case 'sortPick': {
        const columns = screen?.sortColumns ?? [];
        if (columns.length === 0) report('info', 'nothing to sort here');
        else {
          setChooser({ columns, current: entry.view.sort ?? screen?.defaultSort ?? null });
          setMode('sort');
        }
        break;
      }
      case 'clearFilter':
        setFilter('');
        break;
      case 'pop':
        nav.pop();
        break;
      case 'dismiss': {
        const ids = failures.map((f) => Number(f.id));
        if (ids.length === 0) report('info', 'no failed actions to dismiss');
        else {
          setDismissed((d) => new Set([...d, ...ids]));
          report('info', `Dismissed ${plural(ids.length, 'failed action')}.`);
        }
        break;
      }
      default:
        return false;
    }
    return true;
  };
  useKeys(shellKey, { priority: PRIORITY.shell });
  // While the filter is typed, no key falls through to the list below it.
  useKeys(() => true, { active: mode === 'filter', priority: PRIORITY.blocker, modal: true });

  // The frame is laid out at least 80×24: while the terminal is smaller it is hidden, not torn down.
  const W = Math.max(size.columns, MIN_COLUMNS);
  const H = Math.max(size.rows, MIN_ROWS);
  const inner = W - 2;
  const lines = panelLines(H, panelNeed(rows, W));
  const statusText = status ? safe(`${status.kind === 'error' ? '✗ ' : ''}${status.text}`) : '';
  const statusRows = mode === 'command' ? 1 : Math.min(2, Math.max(1, Math.ceil(displayWidth(statusText) / Math.max(1, inner - 1))));
  const bodyRows = Math.max(3, H - 2 - (1 + lines) - statusRows);
  const helpRows = bodyRows + 1 + lines;

  const scopes = screenScopes(top.screen, top.memo.tabScope);
  // an expired login whose password must be typed again: drawn over the screen, which stays as it was
  const relogin = useRelogin(session, inner, bodyRows);
  const footerScopes: Scope[] = relogin ? FORM_SCOPES : (dialog ?? (mode === 'none' ? scopes : mode === 'help' ? HELP_SCOPES : mode === 'sort' ? SORT_SCOPES : DIALOG_SCOPES));

  const filterEditor =
    mode === 'filter' ? (
      <TextInput
        defaultValue={top.view.filter}
        width={Math.max(10, Math.floor(inner / 3))}
        onChange={setFilter}
        onSubmit={() => setMode('none')}
        onCancel={() => {
          setFilter('');
          setMode('none');
        }}
      />
    ) : null;

  let body: ReactNode;
  if (!session) {
    body = <Text color={color('dim')}> {props.connecting ?? 'connecting…'}</Text>;
  } else {
    const common: ScreenProps = {
      session,
      readOnly,
      width: inner,
      height: bodyRows,
      entry: top,
      active: mode === 'none' && dialog === null && !tooSmall,
      filterEditor,
      control,
      onDialog,
      nav,
      refreshMs: props.refreshMs ?? DEFAULT_REFRESH_MS,
    };
    body = (
      <ScreenBoundary key={top.id} width={inner} active={common.active}>
        <Suspense
          fallback={
            <>
              <HoldKeys />
              <Text color={color('dim')}> loading…</Text>
            </>
          }
        >
          {renderScreen(top, common, { profiles: props.profiles, switchTo, connectOptions: props.connectOptions })}
        </Suspense>
      </ScreenBoundary>
    );
  }

  return (
    <Box flexDirection="column" width={size.columns} height={size.rows}>
      {tooSmall ? <TooSmall columns={size.columns} rows={size.rows} /> : null}
      <Box display={tooSmall ? 'none' : 'flex'} flexDirection="column" width={W} height={H}>
        <HeaderBar session={session} pending={props.pending} width={W} readOnly={readOnly} failed={failures.length} />
        {/* help takes the action panel's rows too, so the keys fit in one column on most terminals */}
        <Box borderStyle="single" borderTop={false} borderBottom={false} width={W} height={mode === 'help' ? helpRows : bodyRows} flexDirection="column">
          {mode === 'help' ? <HelpOverlay scopes={scopes} readOnly={readOnly} width={inner} height={helpRows} onClose={() => setMode('none')} onIdle={nav.idle} /> : null}
          {mode === 'sort' && chooser ? (
            <SortChooser
              columns={chooser.columns}
              current={chooser.current}
              width={Math.min(inner, 48)}
              height={bodyRows}
              onClose={() => setMode('none')}
              onPick={(sort) => {
                updateTop((e) => ({ ...e, view: { ...e.view, sort } }));
                setMode('none');
              }}
            />
          ) : null}
          {mode !== 'help' && relogin ? relogin : null}
          <Box display={mode === 'help' || mode === 'sort' || relogin ? 'none' : 'flex'} flexDirection="column" height={bodyRows}>
            {body}
          </Box>
        </Box>
        {mode === 'help' ? null : mode === 'command' ? (
          <CompletionList value={typed} commands={COMMANDS} width={W} height={lines + 1} />
        ) : (
          <ActionArea tracker={session?.tracker ?? null} rows={rows} width={W} lines={lines} />
        )}
        <Box borderStyle="single" borderTop={false} borderBottom={false} width={W} height={statusRows}>
          {mode === 'command' ? (
            <CommandLine
              commands={COMMANDS}
              history={history.current}
              width={inner}
              onChange={setTyped}
              onSubmit={(value, resolved) => {
                setMode('none');
                if (value !== '' && history.current[history.current.length - 1] !== value) {
                  history.current.push(value);
                  if (history.current.length > HISTORY) history.current.shift();
                }
                if (resolved === 'quit') quit();
                else if (resolved) go(resolved);
                else if (value !== '') report('error', `no screen named '${value}'; Tab completes a name`);
              }}
              onCancel={() => setMode('none')}
            />
          ) : status ? (
            <Text color={status.kind === 'error' ? color('error') : undefined} wrap={statusRows > 1 ? 'wrap' : 'truncate'}>
              {statusRows > 1 ? statusText : truncate(statusText, inner)}
            </Text>
          ) : (
            <Text> </Text>
          )}
        </Box>
        <MemoFooter width={W} scopes={footerScopes} readOnly={readOnly} idle={idle} />
      </Box>
    </Box>
  );
}

const DIALOG_SCOPES: Scope[] = ['dialog'];
const FORM_SCOPES: Scope[] = ['form'];
const HELP_SCOPES: Scope[] = ['help'];
const SORT_SCOPES: Scope[] = ['sort'];
const AT_HOME_IDLE = ['back'];
const NO_IDLE: string[] = [];

/** An error in any component ends the run through `onError` (one line, terminal restored), not Ink's stack trace. */
export class AppBoundary extends Component<{ children: ReactNode; onError(err: unknown): void }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(err: unknown) {
    this.props.onError(err);
  }
  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}

/** The app as boot/main.ts renders it, so that boot/main.ts itself needs neither React nor JSX to start. */
export function appElement(props: AppProps, onError: (err: unknown) => void): ReactNode {
  return (
    <AppBoundary onError={onError}>
      <App {...props} />
    </AppBoundary>
  );
}
