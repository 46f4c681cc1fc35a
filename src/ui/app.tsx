// The app shell: header, the current screen, the action panel, the status line and the footer, around the
// shell's stack of screens (⏎ pushes a detail view, esc goes back). This file puts the shell's parts together,
// each in a file of its own under shell/: the stack (useStack, its reducer in stack.ts), the status line
// (status.ts), the session and profile switching (session.ts), the key wiring (keys.ts: which binding a key
// is, is routing.ts's) and the layout (layout.tsx). Which screens exist, their keys, the state each keeps
// and what each draws are registry.tsx's.

import { Component, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Text, useApp } from 'ink';
import { useRelogin } from './relogin.js';
import { useReclaimNotices } from './hooks/useSpotReclaims.js';
import { isTooSmall } from './components/Frame.js';
import { TextInput } from './components/TextInput.js';
import { chooserRows } from './components/SortChooser.js';
import type { Nav, ScreenControl, ScreenProps, SortColumn } from './hooks/screen.js';
import type { SortSpec } from './components/Table.js';
import type { TrackerSnapshot } from '../watch/tracker.js';
import { useTerminalSize } from './hooks/useTerminalSize.js';
import { useIdleHints } from './hooks/useIdle.js';
import { useFailureNotice, usePanelRows } from './hooks/useActionNames.js';
import { useNotify } from '../notify/useNotify.js';
import { ScreenBoundary } from './components/ScreenBoundary.js';
import { HoldKeys, KeyProvider, PRIORITY, useKeyDispatcher, useKeys } from './keys.js';
import { SuspendKey } from './suspend-key.js';
import type { Scope } from './keymap.js';
import { HOME_SCREEN, entryScopes, renderScreen } from './registry.js';
import type { Mode } from './routing.js';
import { color } from './theme.js';
import { useShellKeys, type ShellNow } from './shell/keys.js';
import { ShellFrame, layoutOf } from './shell/layout.js';
import { useShellSession } from './shell/session.js';
import { useStatusLine } from './shell/status.js';
import { useCommandLine } from './shell/command.js';
import { DEFAULT_REFRESH_MS, type AppProps } from './shell/props.js';
import { newEntry, useStack } from './shell/useStack.js';

export { panelLines } from './shell/layout.js';
export type { AppProps } from './shell/props.js';

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
  const { status, report, showing, clear, clearNow } = useStatusLine(dispatcher, props.statusMs);

  const control = useRef<ScreenControl | null>(null);
  // The screen below must not answer keys for the one being shown until that one has committed, and what
  // the status line said about the screen left does not follow the user to the next one.
  const { stack, live: liveStack, dispatch, push, pop, keep, go } = useStack(() => {
    control.current = null;
    clearNow();
  });
  const top = stack[stack.length - 1];
  const quit = useCallback(() => exit(), [exit]);
  const line = useCommandLine({ go, quit, report });
  const { setTyped } = line;

  const [mode, setModeState] = useState<Mode>('none');
  const [dialog, setDialogState] = useState<Scope[] | null>(null);
  const [chooser, setChooser] = useState<{ columns: SortColumn[]; current: SortSpec | null } | null>(null);
  const [dismissed, setDismissed] = useState<ReadonlySet<number>>(() => new Set());
  // keys that would do nothing now (Nav.idle): the footer leaves them out; esc on the first screen with no
  // filter has nothing to close or go back from
  // with a filter kept, esc clears it first: the footer says `esc clear filter`, not `esc back`
  const filterKept = top.view.filter !== '';
  const atHome = stack.length === 1 && !filterKept;
  const shellIdle = filterKept ? FILTER_KEPT_IDLE : atHome ? AT_HOME_IDLE : NO_FILTER_IDLE;
  // the `:` line's ↑↓ walk back through the commands given before: none yet, nothing to walk
  const { idle, words, setIdle } = useIdleHints(line.history.length === 0 ? [...shellIdle, 'commandLine.earlier'] : shellIdle);

  // What the key handler reads: set synchronously with every change, ahead of the re-render.
  const now = useRef<ShellNow>({ mode, dialog, connected: false, tooSmall: false, failed: [] });
  const setMode = useCallback((m: Mode) => {
    now.current.mode = m;
    setModeState(m);
    if (m === 'command') setTyped('');
  }, [setTyped]);
  const closeMode = useCallback(() => setMode('none'), [setMode]);
  // the sort chooser lists the columns drawn when it opened: a new width draws others, so it closes (the order
  // stays; `>` lists the new ones)
  const lastWidth = useRef(size.columns);
  useEffect(() => {
    if (lastWidth.current === size.columns) return;
    lastWidth.current = size.columns;
    if (now.current.mode === 'sort') closeMode();
  }, [size.columns, closeMode]);
  const onDialog = useCallback((scopes: Scope[] | null) => {
    now.current.dialog = scopes;
    setDialogState(scopes);
  }, []);

  const nav: Nav = useMemo(() => ({ push, pop, keep, report, clear, idle: setIdle }), [push, pop, keep, report, clear, setIdle]);

  const { session, switchTo } = useShellSession({
    session: props.session,
    connectOptions: props.connectOptions,
    trackerOptions: props.trackerOptions,
    history: props.history,
    onSessionChange: props.onSessionChange,
    onSwitched: (next, profile) => {
      onDialog(null);
      setMode('none');
      dispatch({ type: 'reset', entry: newEntry(HOME_SCREEN) });
      report('info', `Switched to profile ${profile.name} (${next.endpoint}).`);
    },
  });
  // a reclaimed spot server does not vanish without a word
  useReclaimNotices(session, report);

  const rows = usePanelRows(session, dismissed);
  useFailureNotice(session, report, showing);
  // long work that ends tells the desktop (OSC 9 / 777, or a bell)
  useNotify(session);
  const failures = rows.filter((r) => r.state === 'failed');

  const tooSmall = isTooSmall(size.columns, size.rows);
  now.current.connected = session !== null;
  now.current.tooSmall = tooSmall;
  now.current.failed = failures.map((f) => Number(f.id));
  const setFilter = useCallback((filter: string) => dispatch({ type: 'view', view: { filter } }), [dispatch]);

  useShellKeys({
    dispatcher,
    readOnly,
    now,
    stack: liveStack,
    control,
    dispatch,
    quit,
    report,
    setMode,
    chooseSort: (columns, current) => {
      setChooser({ columns, current });
      setMode('sort');
    },
    dismiss: (ids) => setDismissed((d) => new Set([...d, ...ids])),
  });
  // While the filter is typed, no key falls through to the list below it.
  useKeys(() => true, { active: mode === 'filter', priority: PRIORITY.blocker, modal: true });

  const layout = layoutOf(size.columns, size.rows, rows, status, mode);
  const { inner, bodyRows } = layout;
  // the sort chooser takes rows above the list, which stays in sight under it
  const sortRows = mode === 'sort' && chooser ? chooserRows(chooser.columns.length, bodyRows) : 0;
  const scopes = entryScopes(top);
  // an expired login whose password must be typed again: drawn over the screen, which stays as it was
  const relogin = useRelogin(session, inner, bodyRows, nav);
  const footerScopes: Scope[] = relogin ? FORM_SCOPES : (dialog ?? (mode === 'none' ? scopes : mode === 'help' ? HELP_SCOPES : mode === 'sort' ? SORT_SCOPES : mode === 'command' ? COMMAND_SCOPES : FILTER_SCOPES));

  const filterEditor =
    mode === 'filter' ? (
      <TextInput
        defaultValue={top.view.filter}
        width={Math.max(10, Math.floor(inner / 3))}
        onChange={setFilter}
        onSubmit={closeMode}
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
      height: bodyRows - sortRows,
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
          {renderScreen(top.screen, common, { profiles: props.profiles, switchTo, connectOptions: props.connectOptions })}
        </Suspense>
      </ScreenBoundary>
    );
  }

  return (
    <ShellFrame
      size={size}
      tooSmall={tooSmall}
      layout={layout}
      session={session}
      pending={props.pending}
      readOnly={readOnly}
      mode={mode}
      status={status}
      failed={failures.length}
      running={session ? runningCount(session.tracker.snapshot()) : 0}
      panelRows={rows}
      body={body}
      relogin={relogin}
      scopes={scopes}
      footerScopes={footerScopes}
      idle={idle}
      words={words}
      onIdle={setIdle}
      chooser={chooser}
      sortRows={sortRows}
      onSort={(sort) => {
        dispatch({ type: 'view', view: { sort } });
        setMode('none');
      }}
      closeMode={closeMode}
      typed={line.typed}
      onTyped={line.setTyped}
      history={line.history}
      onCommand={(value, resolved) => {
        setMode('none');
        line.submit(value, resolved);
      }}
    />
  );
}

/** The header's count of actions in flight; null when none is known and the last look at them failed. */
function runningCount(snapshot: TrackerSnapshot): number | null {
  return snapshot.error !== null && snapshot.inFlight.length === 0 ? null : snapshot.inFlight.length;
}

const FORM_SCOPES: Scope[] = ['form'];
const HELP_SCOPES: Scope[] = ['help'];
const SORT_SCOPES: Scope[] = ['sort'];
const COMMAND_SCOPES: Scope[] = ['command-line'];
const FILTER_SCOPES: Scope[] = ['filter-line'];
const AT_HOME_IDLE = ['back', 'clearFilter'];
const NO_FILTER_IDLE = ['clearFilter'];
const FILTER_KEPT_IDLE = ['back'];

/** An error in any component ends the run through `onError` (one line, terminal restored), not Ink's stack trace. */
class AppBoundary extends Component<{ children: ReactNode; onError(err: unknown): void }, { failed: boolean }> {
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
