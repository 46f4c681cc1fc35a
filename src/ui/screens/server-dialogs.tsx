// The server keys' dialogs that are not forms: the console key (masked until asked) and the create wizard
// (its own module, loaded the first time `c` is pressed), as custom dialogs of the resource engine.

import { Component, Suspense, lazy, useEffect, useRef, useState, type ReactNode } from 'react';
import { Box, Text } from 'ink';
import { HoldKeys, PRIORITY, useKeys } from '../keys.js';
import { CORE_KEYS } from '../keymap.js';
import type { Client, CreatedServer, Group, Server } from '../../api/index.js';
import type { Choice } from '../components/ChoiceList.js';
import { DialogBox } from '../resource/dialogs.js';
import type { CustomDialog, KeyContext } from '../resource/spec.js';
import type { WizardPreset } from './create-server/state.js';
import { SERVICE_WORDS_COLUMNS, safe, truncate } from '../text.js';
import { serverLabel } from '../format.js';
import { errorText } from '../hooks/useResource.js';
import { NO_NAV, useIdleKeys, type Nav } from '../hooks/screen.js';
import { useTerminalHandoff } from '../terminal-handoff.js';
import { color } from '../theme.js';

/** What stands for the console key until the user asks to see it; its length says nothing about the key. */
const CONSOLE_MASK = '••••••••••••';

/** What the console key is for, under it. */
const CONSOLE_USE =
  "A token for the service's web console of this server (its screen and keyboard): paste it where the console asks for it. It is kept nowhere: closing this forgets it.";

interface ConsoleDialogProps {
  client: Client;
  server: Server;
  onClose(): void;
  /** the key was fetched: the console action is in the action list now */
  onOpened?(): void;
  /** the footer: `y copy` only while the key is shown, and `v` says `hide` then */
  nav?: Pick<Nav, 'idle'>;
}

function ConsoleDialog(props: ConsoleDialogProps): ReactNode {
  const [consoleKey, setConsoleKey] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [revealed, setRevealed] = useState(false);
  const [copied, setCopied] = useState<'yes' | 'hidden' | null>(null);
  const closed = useRef(false);
  const { copy } = useTerminalHandoff();
  // no key yet: nothing to reveal or copy; masked: y only says it copies once shown
  useIdleKeys(props.nav ?? NO_NAV, 'console', consoleKey === null ? ['console.reveal', 'console.copy'] : revealed ? [] : ['console.copy'], revealed ? { 'console.reveal': 'hide' } : {});

  useEffect(() => {
    const abort = new AbortController();
    props.client.servers.console(props.server.name, { signal: abort.signal }).then(
      (c) => {
        setConsoleKey(c.consoleKey);
        props.onOpened?.();
      },
      (err: unknown) => {
        if (!abort.signal.aborted) setError(errorText(err));
      },
    );
    return () => abort.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one console key per dialog opened: asking again on a re-render would mint another
  }, []);

  useKeys(
    (input, key) => {
      if (closed.current) return;
      const id = CORE_KEYS.matchBinding(['console'], input, key);
      if (id === 'console.close') {
        closed.current = true;
        props.onClose();
      } else if (id === 'console.reveal') {
        setRevealed((r) => !r);
        setCopied(null);
      } else if (id === 'console.copy' && consoleKey !== null) {
        // to the clipboard only (OSC 52), and only once shown: never into the status line, a log or the history
        if (revealed) copy(consoleKey);
        setCopied(revealed ? 'yes' : 'hidden');
      }
    },
    { priority: PRIORITY.dialog },
  );

  return (
    <Box flexDirection="column">
      <Text bold={color('accent') !== undefined} color={color('accent')}>
        Console of {serverLabel(props.server)}
      </Text>
      {error ? (
        // cut (SERVICE_WORDS_COLUMNS): a page of words would push `esc close` out of the dialog
        <Text color={color('error')} wrap="wrap">
          ✗ {truncate(error, SERVICE_WORDS_COLUMNS)}
        </Text>
      ) : consoleKey === null ? (
        <Text color={color('dim')}>asking the service for a console key…</Text>
      ) : (
        <>
          <Text>
            Console key: <Text color={revealed ? color('warn') : color('dim')}>{revealed ? safe(consoleKey) : CONSOLE_MASK}</Text>
          </Text>
          <Text wrap="wrap">{CONSOLE_USE}</Text>
        </>
      )}
      <Text color={color('dim')} wrap="truncate">
        {consoleKey !== null
          ? revealed
            ? `${copied === 'yes' ? '✓ copied (OSC 52)  ' : ''}v hide  y copy  esc close`
            : `${copied === 'hidden' ? 'the key is copied only once shown: ' : ''}v reveal (then y copies)  esc close`
          : 'esc close'}
      </Text>
    </Box>
  );
}

export const NO_GROUP = '';

/** What a server's `group` field holds for a group: its `eg1xxxxx` name. */
function groupRef(g: Group): string {
  return g.name;
}

export function groupChoices(groups: readonly Group[]): Choice<string>[] {
  return [
    { value: NO_GROUP, label: 'no group', description: 'leave every group' },
    ...groups.map((g) => ({ value: groupRef(g), label: g.notes.trim() || g.name, description: groupRef(g) })),
  ];
}

/** Only what changed is sent; the service's `nogroup` (null here) leaves a group. */
export function serverChange(server: Pick<Server, 'notes' | 'group'>, notes: string, group: string): { notes?: string; group?: string | null } {
  const change: { notes?: string; group?: string | null } = {};
  if (notes !== server.notes) change.notes = notes;
  const was = server.group ?? NO_GROUP;
  if (group !== was) change.group = group === NO_GROUP ? null : group;
  return change;
}

/** The console key, as a dialog of the servers screen. */
export function consoleDialog(client: Client, server: Server, nav?: Pick<Nav, 'idle'>): CustomDialog {
  // the border, the title, the key, what it is for (wrapped: up to three lines at 80 columns), the keys
  return { rows: 8, scopes: ['console'], render: ({ width, height, close }) => (
    <DialogBox width={width} height={height}>
      <ConsoleDialog client={client} server={server} onClose={close} nav={nav} />
    </DialogBox>
  ) };
}

// The wizard is the biggest form: it is loaded the first time `c` is pressed.
const CreateServerWizard = lazy(() => import('./create-server.js').then((m) => ({ default: m.CreateServerWizard })));

/** The create-server wizard (tui.md's fixed flow), over the whole screen. */
export function wizardDialog<T>(ctx: KeyContext<T>, preset?: WizardPreset): CustomDialog {
  return {
    rows: 'full',
    // its own esc (back a step) and keys, beside ⏎; which hold on the step shown, it says (create-server/hints.ts)
    scopes: ['create-server', 'dialog'],
    render: ({ width, height, close }) => (
      <WizardBoundary onClose={close}>
        <Suspense
          fallback={
            <>
              <HoldKeys />
              <Text color={color('dim')}> loading the create wizard…</Text>
            </>
          }
        >
          {/* one column in from the frame's side, as every screen's title and rows are */}
          <Box paddingLeft={1} width={width} height={height}>
          <CreateServerWizard
            client={ctx.client}
            width={width - 1}
            height={height}
            readOnly={ctx.readOnly}
            preset={preset}
            nav={ctx.nav}
            onCreated={(created: CreatedServer) => {
              close();
              ctx.session.tracker.track({
                id: created.actionId,
                status: 'in-progress',
                progress: created.server.progress ?? 0,
                type: 'create_server',
                resource: created.server.name,
                resourceType: 'ECS',
              });
              // the line speaks of the action: when it ends, the line says so (`Created …`, or why it failed)
              ctx.nav.report('info', `Creating ${serverLabel(created.server)}…`, 'action', [created.actionId]);
              ctx.refresh();
            }}
            onCancel={close}
          />
          </Box>
        </Suspense>
      </WizardBoundary>
    ),
  };
}

/** A wizard that cannot load or breaks shows why, and esc closes it; the dashboard keeps running. */
class WizardBoundary extends Component<{ onClose(): void; children: ReactNode }, { error: string | null }> {
  override state = { error: null as string | null };
  static getDerivedStateFromError(error: unknown) {
    return { error: errorText(error) };
  }
  override render(): ReactNode {
    if (this.state.error !== null) return <BrokenWizard message={this.state.error} onClose={this.props.onClose} />;
    return this.props.children;
  }
}

function BrokenWizard(props: { message: string; onClose(): void }): ReactNode {
  useKeys(
    (input, key) => {
      const id = CORE_KEYS.matchBinding(['dialog'], input, key);
      if (id === 'dialog.submit' || id === 'dialog.cancel') props.onClose();
    },
    { priority: PRIORITY.dialog, modal: true },
  );
  return (
    <Box flexDirection="column">
      <Text color={color('error')}>✗ The create wizard failed: {safe(props.message)}</Text>
      <Text color={color('dim')}>esc close</Text>
    </Box>
  );
}
