// The small dialogs of the server keys: the console key (masked until asked), the notes-and-group form and a
// one-field prompt (snapshot and template descriptions). Each takes the keys only while it is shown.

import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Box, Text, useInput, useStdin } from 'ink';
import type { Client, Group, Server } from '../../api/index.js';
import { ChoiceList, type Choice } from '../components/ChoiceList.js';
import { TextInput } from '../components/TextInput.js';
import { errorText } from '../hooks/useResource.js';
import { color } from '../theme.js';

/** What stands for the console key until the user asks to see it; its length says nothing about the key. */
export const CONSOLE_MASK = '••••••••••••';

export function serverLabel(s: Pick<Server, 'name' | 'notes'>): string {
  return s.notes && s.notes !== s.name ? `${s.notes} (${s.name})` : s.name;
}

export interface ConsoleDialogProps {
  client: Client;
  server: Server;
  onClose(): void;
  /** the key was fetched: the console action is in the action list now */
  onOpened?(): void;
}

export function ConsoleDialog(props: ConsoleDialogProps): ReactNode {
  const { isRawModeSupported } = useStdin();
  const [consoleKey, setConsoleKey] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [revealed, setRevealed] = useState(false);
  const closed = useRef(false);

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
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useInput(
    (input, key) => {
      if (closed.current) return;
      if (key.escape || key.return) {
        closed.current = true;
        props.onClose();
      } else if ((input === 'v' || input === 'V') && !key.ctrl && !key.meta) {
        setRevealed((r) => !r);
      }
    },
    { isActive: isRawModeSupported === true },
  );

  return (
    <Box flexDirection="column">
      <Text bold={color('accent') !== undefined} color={color('accent')}>
        Console of {serverLabel(props.server)}
      </Text>
      {error ? (
        <Text color={color('error')} wrap="wrap">
          ✗ {error}
        </Text>
      ) : consoleKey === null ? (
        <Text color={color('dim')}>asking the service for a console key…</Text>
      ) : (
        <Text>
          Console key: <Text color={revealed ? color('warn') : color('dim')}>{revealed ? consoleKey : CONSOLE_MASK}</Text>
        </Text>
      )}
      <Text color={color('dim')}>{consoleKey !== null ? (revealed ? 'v hide  esc close' : 'v reveal  esc close') : 'esc close'}</Text>
    </Box>
  );
}

export interface EditServerFormProps {
  client: Client;
  server: Server;
  width: number;
  /** rows for the group list */
  listHeight: number;
  /** saves; the dialog stays open (and shows the service's message) when this throws */
  onSave(change: { notes?: string; group?: string | null }): Promise<void>;
  onCancel(): void;
  /** groups already loaded elsewhere, so the form opens with them */
  groups?: Group[];
  onGroups?(groups: Group[]): void;
}

export const NO_GROUP = '';

export function groupChoices(groups: readonly Group[]): Choice<string>[] {
  return [
    { value: NO_GROUP, label: 'no group', description: 'leave every group' },
    ...groups.map((g) => ({ value: g.id, label: g.name, description: g.notes ? `${g.id} · ${g.notes}` : g.id })),
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

export function EditServerForm(props: EditServerFormProps): ReactNode {
  const { server } = props;
  const [step, setStep] = useState<'notes' | 'group' | 'saving'>('notes');
  const [notes, setNotes] = useState(server.notes);
  const [groups, setGroups] = useState<Group[] | null>(props.groups ?? null);
  const [error, setError] = useState<string | null>(null);
  const busy = useRef(false);

  useEffect(() => {
    const abort = new AbortController();
    props.client.groups.list({ signal: abort.signal }).then(
      (g) => {
        setGroups(g);
        props.onGroups?.(g);
      },
      (err: unknown) => {
        if (!abort.signal.aborted) setError(errorText(err));
      },
    );
    return () => abort.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const save = (group: string) => {
    if (busy.current) return;
    busy.current = true;
    setStep('saving');
    setError(null);
    props.onSave(serverChange(server, notes, group)).catch((err: unknown) => {
      busy.current = false;
      setError(errorText(err));
      setStep('group');
    });
  };

  return (
    <Box flexDirection="column">
      <Text bold={color('accent') !== undefined} color={color('accent')}>
        Edit {serverLabel(server)}
      </Text>
      <Box>
        <Text color={step === 'notes' ? color('accent') : color('dim')}>Notes  </Text>
        {step === 'notes' ? (
          <TextInput
            key="notes"
            defaultValue={notes}
            width={Math.max(10, props.width - 10)}
            onSubmit={(v) => {
              setNotes(v);
              setStep('group');
            }}
            onCancel={props.onCancel}
          />
        ) : (
          <Text>{notes || '—'}</Text>
        )}
      </Box>
      {step === 'notes' ? (
        <Text color={color('dim')}>⏎ next: group  esc cancel</Text>
      ) : (
        <Box flexDirection="column">
          <Text color={color('accent')}>Group</Text>
          {groups === null ? (
            <Text color={color('dim')}>{error ? '' : 'loading groups…'}</Text>
          ) : (
            <ChoiceList
              key="group"
              items={groupChoices(groups)}
              initialValue={server.group ?? NO_GROUP}
              height={props.listHeight}
              width={props.width}
              placeholder="type to filter groups"
              isActive={step === 'group'}
              onSelect={(c) => save(c.value)}
              onCancel={() => {
                setError(null);
                setStep('notes');
              }}
            />
          )}
          <Text color={color('dim')}>{step === 'saving' ? 'saving…' : '⏎ save  esc back to notes'}</Text>
        </Box>
      )}
      {error ? (
        <Text color={color('error')} wrap="wrap">
          ✗ {error}
        </Text>
      ) : null}
    </Box>
  );
}

export interface PromptDialogProps {
  title: string;
  label: string;
  consequence?: string;
  defaultValue?: string;
  placeholder?: string;
  width: number;
  /** a message when the value is not acceptable, checked before anything is sent */
  check?(value: string): string | null;
  onSubmit(value: string): Promise<void>;
  onCancel(): void;
}

/** One text field with a title and what will happen; the service's refusal is shown under it. */
export function PromptDialog(props: PromptDialogProps): ReactNode {
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const busy = useRef(false);
  return (
    <Box flexDirection="column">
      <Text bold={color('accent') !== undefined} color={color('accent')}>
        {props.title}
      </Text>
      {props.consequence ? <Text wrap="truncate">{props.consequence}</Text> : null}
      <Box>
        <Text color={color('accent')}>{props.label} </Text>
        <TextInput
          defaultValue={props.defaultValue}
          placeholder={props.placeholder}
          width={Math.max(10, props.width - props.label.length - 2)}
          isActive={!saving}
          onChange={() => setError(null)}
          onSubmit={(v) => {
            if (busy.current) return;
            const problem = props.check?.(v) ?? null;
            if (problem) {
              setError(problem);
              return;
            }
            busy.current = true;
            setSaving(true);
            props.onSubmit(v).catch((err: unknown) => {
              busy.current = false;
              setSaving(false);
              setError(errorText(err));
            });
          }}
          onCancel={() => {
            if (!busy.current) props.onCancel();
          }}
        />
      </Box>
      {error ? (
        <Text color={color('error')} wrap="truncate">
          ✗ {error}
        </Text>
      ) : (
        <Text color={color('dim')}>{saving ? 'sending…' : '⏎ go  esc cancel'}</Text>
      )}
    </Box>
  );
}
