// What the server keys do, shared by the list and the detail view: each opens its dialog (typed name for
// delete, y/N for power, the console key, the edit form, a description prompt, the create wizard), and each
// action it starts goes to the tracker at once, so its bar appears in the action panel before the next poll.

import { Component, Suspense, lazy, type ReactNode } from 'react';
import { Box, Text, useInput, useStdin } from 'ink';
import type { Action, CreatedServer, Group, Server } from '../../api/index.js';
import { TypedConfirm, YesNo } from '../components/Confirm.js';
import type { Scope } from '../keymap.js';
import { ConsoleDialog, EditServerForm, PromptDialog, serverLabel } from '../screens/server-dialogs.js';
import { toTracked, type Session } from '../../session/session.js';
import { color } from '../theme.js';
import { DialogBox, useDialogSlot, type Nav } from './screen.js';
import { errorText } from './useResource.js';

// The wizard is another engineer's module and the biggest form: it is loaded the first time `c` is pressed.
const CreateServerWizard = lazy(() => import('../screens/create-server.js').then((m) => ({ default: m.CreateServerWizard })));

export type ServerDialog =
  | { kind: 'delete'; server: Server }
  | { kind: 'powerOn'; server: Server }
  | { kind: 'powerOff'; server: Server }
  | { kind: 'console'; server: Server }
  | { kind: 'edit'; server: Server }
  | { kind: 'snapshot'; server: Server }
  | { kind: 'template'; server: Server }
  | { kind: 'create' };

export function dialogScopes(d: ServerDialog): Scope[] {
  switch (d.kind) {
    case 'powerOn':
    case 'powerOff':
      return ['confirm'];
    case 'console':
      return ['console', 'dialog'];
    case 'create':
      return ['create-server', 'dialog'];
    default:
      return ['dialog'];
  }
}

const EDIT_LIST_ROWS = 5;

/** Rows a dialog takes above the table, border included; `full` takes the whole screen. */
export function dialogRows(d: ServerDialog): number | 'full' {
  switch (d.kind) {
    case 'create':
      return 'full';
    case 'delete':
      return 8;
    case 'powerOn':
    case 'powerOff':
      return 6;
    case 'console':
      return 5;
    case 'edit':
      return EDIT_LIST_ROWS + 9;
    default:
      return 6;
  }
}

/** Server-scope key ids and the dialog each opens; write keys never get here in read-only mode. */
const KEY_DIALOGS: Record<string, ServerDialog['kind']> = {
  delete: 'delete',
  edit: 'edit',
  'servers.powerOn': 'powerOn',
  'servers.powerOff': 'powerOff',
  'servers.console': 'console',
  'servers.snapshot': 'snapshot',
  'servers.template': 'template',
};

const WRITES = new Set<ServerDialog['kind']>(['delete', 'edit', 'powerOn', 'powerOff', 'snapshot', 'template', 'create']);

export interface ServerActionsOptions {
  session: Session;
  readOnly: boolean;
  nav: Nav;
  onDialog(scopes: Scope[] | null): void;
  /** something changed on the service: reload what is shown */
  onChanged(): void;
  /** a delete was accepted */
  onDeleted?(name: string): void;
}

export interface ServerActions {
  dialog: ServerDialog | null;
  /** true when the key was one of the server keys (handled, or refused with a reason) */
  handle(id: string, server: Server | undefined): boolean;
  /** the open dialog, laid out in `width` × `rows` */
  render(width: number, rows: number): ReactNode;
}

export function useServerActions(o: ServerActionsOptions): ServerActions {
  const slot = useDialogSlot<ServerDialog>(o.onDialog, dialogScopes);
  const { session, nav } = o;

  const started = (verb: string, server: Server, action: Action | null) => {
    if (action) session.tracker.track(toTracked(action));
    nav.report('info', `${verb} ${serverLabel(server)}…`, 'action');
    o.onChanged();
  };

  const act = async (verb: string, server: Server, call: () => Promise<Action | null>) => {
    try {
      started(verb, server, await call());
    } catch (err) {
      nav.report('error', errorText(err), 'action');
    }
  };

  const handle = (id: string, server: Server | undefined): boolean => {
    if (id === 'create') {
      if (o.readOnly) return true;
      slot.open({ kind: 'create' });
      return true;
    }
    const kind = KEY_DIALOGS[id];
    if (kind === undefined) return false;
    if (o.readOnly && WRITES.has(kind)) return true;
    if (!server) {
      nav.report('info', 'no server selected', 'action');
      return true;
    }
    if ((kind === 'powerOn' || kind === 'powerOff' || kind === 'console' || kind === 'snapshot' || kind === 'template') && server.status === 'deleting') {
      nav.report('error', `${serverLabel(server)} is being deleted`, 'action');
      return true;
    }
    slot.open({ kind, server } as ServerDialog);
    return true;
  };

  const render = (width: number, rows: number): ReactNode => {
    const d = slot.dialog;
    if (!d) return null;
    const inner = Math.max(10, width - 4);
    const close = slot.close;
    if (d.kind === 'create') {
      return (
        <WizardBoundary onClose={close}>
          <Suspense fallback={<Text color={color('dim')}> loading the create wizard…</Text>}>
            <CreateServerWizard
              client={session.client}
              width={width}
              height={rows}
              readOnly={o.readOnly}
              onCreated={(created: CreatedServer) => {
                close();
                session.tracker.track({
                  id: created.actionId,
                  status: 'in-progress',
                  progress: created.server.progress ?? 0,
                  type: 'create_server',
                  resource: created.server.name,
                  resourceType: 'ECS',
                });
                nav.report('info', `Creating ${serverLabel(created.server)}…`, 'action');
                o.onChanged();
              }}
              onCancel={close}
            />
          </Suspense>
        </WizardBoundary>
      );
    }
    const box = (children: ReactNode) => (
      <DialogBox width={width} height={Math.min(rows, dialogRows(d) as number)}>
        {children}
      </DialogBox>
    );
    const s = d.server;
    switch (d.kind) {
      case 'delete':
        return box(
          <TypedConfirm
            name={s.name}
            title={`Delete server ${serverLabel(s)}`}
            consequence="The server and its disks are deleted for good. This cannot be undone."
            verb="delete"
            width={inner}
            onConfirm={() => {
              close();
              o.onDeleted?.(s.name);
              void act('Deleting', s, () => session.client.servers.remove(s.name));
            }}
            onCancel={() => {
              close();
              nav.report('info', 'Nothing was deleted.', 'action');
            }}
          />,
        );
      case 'powerOff':
        return box(
          <YesNo
            question={`Power off ${serverLabel(s)}?`}
            consequence="The server stops at once, as if its power were cut: anything not saved inside it is lost. p powers it on again."
            width={inner}
            onYes={() => {
              close();
              void act('Powering off', s, () => session.client.servers.powerOff(s.name));
            }}
            onNo={close}
          />,
        );
      case 'powerOn':
        return box(
          <YesNo
            question={`Power on ${serverLabel(s)}?`}
            consequence="The server starts and boots its system; it answers again in a few seconds."
            width={inner}
            onYes={() => {
              close();
              void act('Powering on', s, () => session.client.servers.powerOn(s.name));
            }}
            onNo={close}
          />,
        );
      case 'console':
        return box(<ConsoleDialog client={session.client} server={s} onClose={close} />);
      case 'edit':
        return box(
          <EditServerForm
            client={session.client}
            server={s}
            width={inner}
            listHeight={EDIT_LIST_ROWS}
            groups={session.cache.get<Group[]>('groups')?.data}
            onGroups={(g) => session.cache.set('groups', g)}
            onCancel={close}
            onSave={async (change) => {
              if (change.notes === undefined && change.group === undefined) {
                close();
                nav.report('info', 'Nothing changed.', 'action');
                return;
              }
              await session.client.servers.update(s.name, change);
              close();
              nav.report('info', `Saved ${serverLabel({ name: s.name, notes: change.notes ?? s.notes })}.`, 'action');
              o.onChanged();
            }}
          />,
        );
      case 'snapshot':
        return box(
          <PromptDialog
            title={`Snapshot of ${serverLabel(s)}`}
            consequence="A protected snapshot of the disk is taken while the server runs."
            label="Description"
            placeholder="e.g. before upgrade"
            width={inner}
            check={(v) => (v.trim() === '' ? 'a description is needed' : null)}
            onCancel={close}
            onSubmit={async (description) => {
              const change = await session.client.snapshots.create(s.name, { description: description.trim() });
              close();
              started('Taking a snapshot of', s, change.action);
            }}
          />,
        );
      case 'template':
        return box(
          <PromptDialog
            title={`Template from ${serverLabel(s)}`}
            consequence="A private image is made from the server's disk; new servers can start from it."
            label="Description"
            placeholder="e.g. web base image"
            width={inner}
            check={(v) => (v.trim() === '' ? 'a description is needed' : null)}
            onCancel={close}
            onSubmit={async (description) => {
              const created = await session.client.templates.create({ description: description.trim(), server: s.name });
              close();
              session.tracker.track({
                id: created.actionId,
                status: 'in-progress',
                progress: 0,
                type: 'create_template',
                resource: String(created.template.id),
                resourceType: 'DI',
              });
              started('Making a template from', s, null);
            }}
          />,
        );
    }
  };

  return { dialog: slot.dialog, handle, render };
}

interface BoundaryProps {
  onClose(): void;
  children: ReactNode;
}

/** A wizard that cannot load or breaks shows why, and esc closes it; the dashboard keeps running. */
class WizardBoundary extends Component<BoundaryProps, { error: string | null }> {
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
  const { isRawModeSupported } = useStdin();
  useInput(
    (_input, key) => {
      if (key.escape || key.return) props.onClose();
    },
    { isActive: isRawModeSupported === true },
  );
  return (
    <Box flexDirection="column">
      <Text color={color('error')}>✗ The create wizard failed: {props.message}</Text>
      <Text color={color('dim')}>esc close</Text>
    </Box>
  );
}
