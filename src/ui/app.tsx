// The app shell: header, the current screen, the action panel, the status line and the footer, around a
// stack of screens (⏎ pushes a detail view, esc goes back).
//
// Keys: the shell's one input handler is subscribed once, at mount, and never again, so it runs before the
// handler of any dialog opened later. It reads only refs that are set synchronously, which makes the answer
// to a key depend on what the user saw, not on whether React has re-rendered since the previous key:
//   Ctrl+C quits always; with a dialog open everything else belongs to the dialog; with the filter field or
//   the command line open, to that field; otherwise the key is matched against the screen's scopes and the
//   screen gets the first say (its own keys, create/edit/delete), then the shell (help, `:`, `/`, sort,
//   refresh, back, quit). Moving in a table is the table's own business.

import { Component, Suspense, lazy, memo, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Box, Text, useApp, useInput, useStdin } from 'ink';
import type { Server } from '../api/index.js';
import type { Profile, ProfileStore } from '../config/profiles.js';
import { ActionPanel, CommandLine, Footer, Header, HelpOverlay, TooSmall, isTooSmall, useUtcClock } from './components/Frame.js';
import { TextInput } from './components/TextInput.js';
import { displayWidth, truncate } from './text.js';
import { bindingsFor, matchBinding, type KeyLike, type Scope } from './keymap.js';
import type { ActionTracker } from '../watch/tracker.js';
import { POWER_CACHE_KEY, SERVERS_CACHE_KEY, ServersScreen } from './screens/servers.js';
import type { EntryParams, Nav, ScreenControl, ScreenEntry, ScreenProps, SortColumn, StatusKind } from './hooks/screen.js';
import type { SortSpec } from './components/Table.js';
import { errorText } from './hooks/useResource.js';
import { actionRows, useCached, useTrackerSnapshot } from './hooks/useTracker.js';
import { useTerminalSize } from './hooks/useTerminalSize.js';
import { sessionForConnection, type ConnectOptions, type Session, type SessionInit } from '../session/session.js';
import { color } from './theme.js';

// Screens other than the servers list are loaded when first shown: the first frame does not wait for them.
const ServerDetailScreen = lazy(() => import('./screens/server-detail.js').then((m) => ({ default: m.ServerDetailScreen })));
const ListScreen = lazy(() => import('./screens/lists.js').then((m) => ({ default: m.ListScreen })));
const RecordScreen = lazy(() => import('./screens/lists.js').then((m) => ({ default: m.RecordScreen })));
const ProfilesScreen = lazy(() => import('./screens/profiles.js').then((m) => ({ default: m.ProfilesScreen })));

/** The names `:` accepts, in the order tui.md lists them. */
export const SCREEN_NAMES = [
  'servers',
  'actions',
  'snapshots',
  'templates',
  'sshkeys',
  'scripts',
  'networks',
  'plans',
  'images',
  'regions',
  'billing',
  'events',
  'account',
  'tokens',
  'profiles',
] as const;

export const SCREEN_TITLES: Record<string, string> = {
  servers: 'Servers',
  actions: 'Actions',
  snapshots: 'Snapshots',
  templates: 'Templates',
  sshkeys: 'SSH keys',
  scripts: 'Scripts',
  networks: 'Networks',
  plans: 'Plans',
  images: 'Images',
  regions: 'Regions',
  billing: 'Billing',
  events: 'Events',
  account: 'Account',
  tokens: 'API tokens',
  profiles: 'Profiles',
};

// One array per kind of screen, so the footer (memoised on its props) is not redrawn by a filter key.
const SCOPES: Record<string, Scope[]> = {
  servers: ['servers', 'global', 'table'],
  server: ['server', 'servers', 'global', 'table'],
  profiles: ['profiles', 'global', 'table'],
  list: ['browse', 'table'],
};
const DIALOG_SCOPES: Scope[] = ['dialog'];

/** Key scopes of a screen, most specific first: matching, the footer and `?` all use these. */
export function screenScopes(screen: string): Scope[] {
  return SCOPES[screen] ?? SCOPES.list!;
}

export type Mode = 'none' | 'help' | 'command' | 'filter';

interface Status {
  kind: StatusKind;
  text: string;
  source?: string;
}

/** How long an information line stays; errors stay until their source succeeds or something replaces them. */
const INFO_MS = 6000;
export const DEFAULT_REFRESH_MS = 5000;

export interface AppProps {
  /** null while connecting: the frame is drawn at once and the screens come when the session does */
  session: Session | null;
  /** what the body says while `session` is null */
  connecting?: string;
  /** who and where the header names while `session` is null */
  pending?: { profile: string; endpoint: string; local: boolean };
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
  /** a profile switch made a new session; the caller closes it at the end */
  onSessionChange?(session: Session): void;
}

let entrySeq = 0;
export function newEntry(screen: string, params: EntryParams = {}, title?: string): ScreenEntry {
  entrySeq += 1;
  return {
    id: entrySeq,
    screen,
    title: title ?? SCREEN_TITLES[screen] ?? screen,
    view: { filter: '', sort: null },
    memo: { selected: null, tab: 0 },
    params,
  };
}

/** Rows of the action panel below the title line: more on a taller terminal, never so many the list starves. */
export function panelLines(rows: number): number {
  return Math.min(5, Math.max(2, Math.floor((rows - 19) / 3)));
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

export interface KeyContext {
  mode: Mode;
  /** a screen's dialog (or the wizard) is open: its own fields and lists take the keys */
  dialogOpen: boolean;
  tooSmall: boolean;
  /** the session exists: before it does, only quitting works */
  connected: boolean;
  screen: string;
  readOnly: boolean;
}

export type KeyRoute =
  | { kind: 'ignore' }
  | { kind: 'quit' }
  | { kind: 'closeHelp' }
  /** a write key in read-only mode: said, not done */
  | { kind: 'refused'; keys: string; what: string }
  /** a binding of the screen's scopes: the screen has the first say, then `shellAction` */
  | { kind: 'binding'; id: string };

/**
 * Who answers a key. Ctrl+C always quits; a dialog, the filter field and the command line keep every other
 * key for themselves (so `q` typed into them is a letter); help closes on esc, ⏎, ? or q.
 */
export function routeKey(ctx: KeyContext, input: string, key: KeyLike): KeyRoute {
  if (key.ctrl && input === 'c') return { kind: 'quit' };
  if (ctx.tooSmall || !ctx.connected) return input === 'q' && !key.ctrl && !key.meta ? { kind: 'quit' } : { kind: 'ignore' };
  if (ctx.dialogOpen) return { kind: 'ignore' };
  if (ctx.mode === 'help') return key.escape || key.return || input === '?' || input === 'q' ? { kind: 'closeHelp' } : { kind: 'ignore' };
  if (ctx.mode !== 'none') return { kind: 'ignore' };
  const scopes = screenScopes(ctx.screen);
  const id = matchBinding(scopes, input, key, { readOnly: ctx.readOnly });
  if (id !== undefined) return { kind: 'binding', id };
  if (ctx.readOnly) {
    const refused = matchBinding(scopes, input, key);
    const binding = refused === undefined ? undefined : bindingsFor(scopes).find((b) => b.id === refused);
    if (binding?.write) return { kind: 'refused', keys: binding.keys[0] ?? input, what: binding.hint ?? binding.description };
  }
  return { kind: 'ignore' };
}

export type ShellAction =
  | { kind: 'quit' }
  | { kind: 'mode'; mode: Exclude<Mode, 'none'> }
  | { kind: 'refresh' }
  | { kind: 'sort'; reverse: boolean }
  | { kind: 'clearFilter' }
  | { kind: 'pop' };

/** What the shell does with a binding the screen did not take; esc clears a filter before it goes back. */
export function shellAction(id: string, at: { filter: string; depth: number }): ShellAction | null {
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
  if (reverse) return sort ? { ...sort, descending: !sort.descending } : { column: columns[0]!.key, descending: true };
  const at = sort ? columns.findIndex((c) => c.key === sort.column) : -1;
  return { column: columns[(at + 1) % columns.length]!.key, descending: sort?.descending ?? false };
}


export function App(props: AppProps): ReactNode {
  const { exit } = useApp();
  const { isRawModeSupported } = useStdin();
  const size = useTerminalSize({ columns: props.width, rows: props.height });
  const readOnly = props.readOnly === true;

  const [switched, setSwitched] = useState<Session | null>(null);
  const session = switched ?? props.session;

  const [stack, setStackState] = useState<ScreenEntry[]>(() => [newEntry('servers')]);
  const [mode, setModeState] = useState<Mode>('none');
  const [dialog, setDialogState] = useState<Scope[] | null>(null);
  const [status, setStatus] = useState<Status | null>(null);
  const control = useRef<ScreenControl | null>(null);
  const infoTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  // What the key handler reads: set synchronously with every change, ahead of the re-render.
  const live = useRef({ stack, mode, dialog, session, tooSmall: false });
  live.current.session = session;

  const setStack = useCallback((update: (s: ScreenEntry[]) => ScreenEntry[]) => {
    const before = live.current.stack;
    const next = update(before);
    if (next === before) return;
    if (next[next.length - 1] !== before[before.length - 1] && next[next.length - 1]?.id !== before[before.length - 1]?.id) {
      // The screen below must not answer keys for the one being shown until that one has committed.
      control.current = null;
    }
    live.current.stack = next;
    setStackState(next);
  }, []);

  const setMode = useCallback((m: Mode) => {
    live.current.mode = m;
    setModeState(m);
  }, []);

  const onDialog = useCallback((scopes: Scope[] | null) => {
    live.current.dialog = scopes;
    setDialogState(scopes);
  }, []);

  const report = useCallback((kind: StatusKind, text: string, source?: string) => {
    if (infoTimer.current) clearTimeout(infoTimer.current);
    infoTimer.current = null;
    setStatus({ kind, text, source });
    if (kind === 'info') {
      infoTimer.current = setTimeout(() => {
        infoTimer.current = null;
        setStatus((s) => (s?.kind === 'info' ? null : s));
      }, INFO_MS);
    }
  }, []);

  const clearStatus = useCallback((source: string) => {
    setStatus((s) => (s && s.source === source ? null : s));
  }, []);

  useEffect(
    () => () => {
      if (infoTimer.current) clearTimeout(infoTimer.current);
    },
    [],
  );

  const updateTop = useCallback(
    (patch: (e: ScreenEntry) => ScreenEntry) => setStack((s) => [...s.slice(0, -1), patch(s[s.length - 1]!)]),
    [setStack],
  );

  const nav: Nav = useMemo(
    () => ({
      push: (screen, params, title) => setStack((s) => [...s, newEntry(screen, params, title)]),
      pop: () => setStack((s) => (s.length > 1 ? s.slice(0, -1) : s)),
      report,
      clear: clearStatus,
    }),
    [setStack, report, clearStatus],
  );

  const go = useCallback(
    (name: string) => {
      if (name === 'servers') {
        setStack((s) => (s.length === 1 ? s : [s[0]!]));
        return;
      }
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
        { source: 'profile', endpoint: profile.endpoint, auth: profile.credential ?? { kind: 'none' }, profileName: profile.name },
        { connect: props.connectOptions, trackerOptions: props.trackerOptions },
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
    [props.connectOptions, props.trackerOptions, onDialog, setMode, setStack, report],
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

  // The server record does not say whether a server is powered off; after a power action, ask.
  useEffect(() => {
    if (!session) return;
    return session.tracker.onFinished((a) => {
      if ((a.type !== 'power_on' && a.type !== 'power_off') || a.status !== 'completed') return;
      session.client.servers.status(a.resource).then(
        (p) => {
          const known = session.cache.get<Record<string, string>>(POWER_CACHE_KEY)?.data ?? {};
          session.cache.set(POWER_CACHE_KEY, { ...known, [a.resource]: p.state });
        },
        () => {
          // the status comes from an exporter that may fail; the list then shows the record's status
        },
      );
    });
  }, [session]);

  const top = stack[stack.length - 1]!;
  const tooSmall = isTooSmall(size.columns, size.rows);
  live.current.tooSmall = tooSmall;

  const quit = useCallback(() => exit(), [exit]);

  const setFilter = useCallback((filter: string) => updateTop((e) => ({ ...e, view: { ...e.view, filter } })), [updateTop]);

  const handleKey = (input: string, key: KeyLike): void => {
    const st = live.current;
    const entry = st.stack[st.stack.length - 1]!;
    // Fast typing arrives as one chunk: "/web" opens the filter holding "web" rather than matching no key.
    if (input.length > 1 && input[0] === '/' && !key.ctrl && !key.meta && st.mode === 'none' && st.dialog === null && st.session !== null && !st.tooSmall) {
      setFilter(input.slice(1));
      return setMode('filter');
    }
    const route = routeKey(
      { mode: st.mode, dialogOpen: st.dialog !== null, tooSmall: st.tooSmall, connected: st.session !== null, screen: entry.screen, readOnly },
      input,
      key,
    );
    if (route.kind === 'ignore') return;
    if (route.kind === 'quit') return quit();
    if (route.kind === 'closeHelp') return setMode('none');
    if (route.kind === 'refused') {
      report('info', `read-only: ${route.keys} (${route.what}) is turned off`);
      return;
    }
    const screen = control.current;
    if (screen?.handle?.(route.id)) return;
    const action = shellAction(route.id, { filter: entry.view.filter, depth: st.stack.length });
    switch (action?.kind) {
      case 'quit':
        return quit();
      case 'mode':
        return setMode(action.mode);
      case 'refresh':
        return screen?.refresh?.();
      case 'sort': {
        const columns = screen?.sortColumns ?? [];
        if (columns.length === 0) return report('info', 'nothing to sort here');
        return updateTop((e) => ({ ...e, view: { ...e.view, sort: nextSort(e.view.sort, columns, action.reverse) } }));
      }
      case 'clearFilter':
        return setFilter('');
      case 'pop':
        return nav.pop();
    }
  };
  const handler = useRef(handleKey);
  handler.current = handleKey;
  // Stable identity: Ink re-subscribes a handler whose identity changes, which would move it behind dialogs.
  const onInput = useCallback((input: string, key: KeyLike) => handler.current(input, key), []);
  useInput(onInput, { isActive: isRawModeSupported === true });

  if (tooSmall) return <TooSmall columns={size.columns} rows={size.rows} />;

  const W = size.columns;
  // The frame fills the terminal; Ink then writes only the rows that changed (scripts/patches.mjs).
  const frameRows = size.rows;
  const inner = W - 2;
  const lines = panelLines(size.rows);
  const statusText = status ? `${status.kind === 'error' ? '✗ ' : ''}${status.text}` : '';
  const statusRows = mode === 'command' ? 1 : Math.min(2, Math.max(1, Math.ceil(displayWidth(statusText) / Math.max(1, inner - 1))));
  const bodyRows = Math.max(3, frameRows - 2 - (1 + lines) - statusRows);
  const helpRows = bodyRows + 1 + lines;

  const scopes = screenScopes(top.screen);
  const footerScopes: Scope[] = dialog ?? (mode === 'none' ? scopes : DIALOG_SCOPES);

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
      active: mode === 'none' && dialog === null,
      filterEditor,
      control,
      onDialog,
      nav,
      refreshMs: props.refreshMs ?? DEFAULT_REFRESH_MS,
    };
    body = (
      <Suspense fallback={<Text color={color('dim')}> loading…</Text>}>
        {renderScreen(top, common, { profiles: props.profiles, switchTo, connectOptions: props.connectOptions })}
      </Suspense>
    );
  }

  return (
    <Box flexDirection="column" width={W} height={frameRows}>
      <HeaderBar session={session} pending={props.pending} width={W} readOnly={readOnly} />
      {/* help takes the action panel's rows too, so the keys fit in one column on most terminals */}
      <Box borderStyle="single" borderTop={false} borderBottom={false} width={W} height={mode === 'help' ? helpRows : bodyRows} flexDirection="column">
        {mode === 'help' ? <HelpOverlay scopes={scopes} readOnly={readOnly} width={inner} height={helpRows} /> : null}
        <Box display={mode === 'help' ? 'none' : 'flex'} flexDirection="column" height={bodyRows}>
          {body}
        </Box>
      </Box>
      {mode === 'help' ? null : <ActionArea tracker={session?.tracker ?? null} width={W} lines={lines} />}
      <Box borderStyle="single" borderTop={false} borderBottom={false} width={W} height={statusRows}>
        {mode === 'command' ? (
          <CommandLine
            names={SCREEN_NAMES}
            width={inner}
            onSubmit={(value, resolved) => {
              setMode('none');
              if (resolved) go(resolved);
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
      <MemoFooter width={W} scopes={footerScopes} readOnly={readOnly} />
    </Box>
  );
}

interface ScreenExtras {
  profiles?: () => ProfileStore;
  switchTo(profile: Profile): Promise<void>;
  connectOptions?: ConnectOptions;
}

function renderScreen(entry: ScreenEntry, common: ScreenProps, extras: ScreenExtras): ReactNode {
  switch (entry.screen) {
    case 'servers':
      return <ServersScreen key={entry.id} {...common} />;
    case 'server':
      return <ServerDetailScreen key={entry.id} {...common} name={entry.params.server ?? ''} />;
    case 'record':
      return <RecordScreen key={entry.id} {...common} />;
    case 'profiles':
      return <ProfilesScreen key={entry.id} {...common} store={extras.profiles} onSwitch={extras.switchTo} connectOptions={extras.connectOptions} />;
    default:
      return <ListScreen key={entry.id} {...common} name={entry.screen} />;
  }
}

const MemoFooter = memo(Footer);

const HeaderBar = memo(function HeaderBar(props: { session: Session | null; pending?: AppProps['pending']; width: number; readOnly: boolean }): ReactNode {
  const { session, pending } = props;
  const snapshot = useTrackerSnapshot(session?.tracker);
  const servers = useCached<Server[]>(session?.cache, SERVERS_CACHE_KEY);
  const now = useUtcClock();
  const counts: string[] = [];
  if (servers) counts.push(plural(servers.length, 'server'));
  if (session) counts.push(plural(snapshot.inFlight.length, 'running action'));
  return (
    <Header
      width={props.width}
      profile={session?.profile ?? pending?.profile ?? '…'}
      endpoint={session?.endpoint ?? pending?.endpoint ?? 'connecting…'}
      local={session?.local ?? pending?.local}
      readOnly={props.readOnly}
      counts={counts}
      now={now}
    />
  );
});

/**
 * `├ Actions ───┤` and one line per action inside the frame's sides: what runs with bar, percent and time
 * left; what just finished with ✓ or ✗. Subscribed on its own so a progress tick redraws only this.
 */
const ActionArea = memo(function ActionArea(props: { tracker: ActionTracker | null; width: number; lines: number }): ReactNode {
  const snapshot = useTrackerSnapshot(props.tracker);
  const W = props.width;
  return <ActionPanel actions={actionRows(snapshot)} width={W} height={props.lines} error={snapshot.error} sides barWidth={W >= 110 ? 20 : W >= 90 ? 16 : 10} />;
});

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
