// `:profiles`: the services this machine knows, each an address and a credential. Add (an API token, or a
// user name and password used once to mint a token for this machine), change one (a new address or a fresh
// credential, e.g. after a login expired), switch (a new client and tracker), remove. The password field
// shows nothing as it is typed, and the password is never kept: it goes from the field to the login request
// and nowhere else.

import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { Box, Text } from 'ink';
import { createClient } from '../../api/index.js';
import { ConfigError, checkEndpoint, checkProfileName, openProfileStore, type Profile, type ProfileStore } from '../../config/profiles.js';
import { loginToProfile } from '../../session/login.js';
import { ChoiceList } from '../components/ChoiceList.js';
import { YesNo } from '../components/Confirm.js';
import { Table, type Column } from '../components/Table.js';
import { TextInput } from '../components/TextInput.js';
import { formatDate } from '../format.js';
import { DialogBox, ScreenTitle, useDialogSlot, useScreenControl, type ScreenProps, type SortColumn } from '../hooks/screen.js';
import { errorText } from '../hooks/useResource.js';
import type { ConnectOptions } from '../../session/session.js';
import { color } from '../theme.js';

export interface ProfileRow {
  name: string;
  endpoint: string;
  credential: string;
  inUse: boolean;
  isDefault: boolean;
}

const COLUMNS: readonly Column<ProfileRow>[] = [
  { key: 'inUse', header: ' ', width: 1, render: (r) => (r.inUse ? '●' : ' '), color: (r) => (r.inUse ? 'ok' : undefined), sortValue: (r) => (r.inUse ? 0 : 1) },
  { key: 'name', header: 'NAME', width: 16, minWidth: 8 },
  { key: 'endpoint', header: 'ADDRESS', flex: 2, minWidth: 16 },
  { key: 'credential', header: 'SIGNS IN WITH', width: 28, minWidth: 12, priority: 1 },
  { key: 'isDefault', header: 'AT START', width: 8, render: (r) => (r.isDefault ? 'yes' : ''), priority: 2 },
];
const SORT: SortColumn[] = COLUMNS.slice(1).map((c) => ({ key: c.key, header: c.header }));
const rowKey = (r: ProfileRow): string => r.name;

export function credentialText(p: Profile): string {
  const c = p.credential;
  if (!c) return 'nothing (no credential)';
  if (c.kind === 'token') return 'API token';
  return `login, until ${formatDate(new Date(c.expire * 1000))}`;
}

// --- the add form, as a pure state machine --------------------------------------------------------------

export type AddStep = 'name' | 'endpoint' | 'method' | 'token' | 'username' | 'password' | 'saving';
export type AddMethod = 'token' | 'password';

export interface AddState {
  step: AddStep;
  name: string;
  endpoint: string;
  method: AddMethod;
  username: string;
  error: string | null;
  /** the step to go back to when saving fails */
  lastStep: AddStep;
  /** changing an existing profile: its name is fixed and saving replaces it */
  editing: boolean;
}

export const initialAddState: AddState = { step: 'name', name: '', endpoint: '', method: 'token', username: '', error: null, lastStep: 'name', editing: false };

/** The form for changing `profile`: it starts at the address, which is already filled in. */
export function initialEditState(profile: Pick<Profile, 'name' | 'endpoint'>): AddState {
  return { ...initialAddState, step: 'endpoint', name: profile.name, endpoint: profile.endpoint, lastStep: 'endpoint', editing: true };
}

export type AddEvent =
  | { type: 'submit'; value: string }
  | { type: 'method'; method: AddMethod }
  | { type: 'back' }
  | { type: 'failed'; error: string };

const problem = (err: unknown): string => (err instanceof ConfigError || err instanceof Error ? err.message : String(err));

/**
 * One event applied to the add form. A submit of the token or the password moves to `saving` without
 * keeping the value: the caller hands it straight to the request.
 */
export function addProfileStep(s: AddState, e: AddEvent, exists: (name: string) => boolean): AddState {
  if (e.type === 'failed') return { ...s, step: s.lastStep, error: e.error };
  if (e.type === 'back') {
    // a changed profile keeps its name: back from the address leaves the form (the caller's business)
    if (s.editing && s.step === 'endpoint') return s;
    const back: Partial<Record<AddStep, AddStep>> = { endpoint: 'name', method: 'endpoint', token: 'method', username: 'method', password: 'username' };
    const to = back[s.step];
    return to ? { ...s, step: to, error: null } : s;
  }
  if (e.type === 'method') return { ...s, method: e.method, step: e.method === 'token' ? 'token' : 'username', error: null };
  const value = e.value.trim();
  switch (s.step) {
    case 'name':
      try {
        checkProfileName(value);
      } catch (err) {
        return { ...s, error: problem(err) };
      }
      if (exists(value)) return { ...s, error: `a profile named '${value}' already exists` };
      return { ...s, name: value, step: 'endpoint', error: null };
    case 'endpoint':
      try {
        return { ...s, endpoint: checkEndpoint(value), step: 'method', error: null };
      } catch (err) {
        return { ...s, error: problem(err) };
      }
    case 'username':
      if (value === '') return { ...s, error: 'a user name is needed' };
      return { ...s, username: value, step: 'password', error: null };
    case 'token':
    case 'password':
      // not trimmed: a password may begin or end with spaces
      if (e.value === '') return { ...s, error: s.step === 'token' ? 'an API token is needed' : 'a password is needed' };
      return { ...s, step: 'saving', lastStep: s.step, error: null };
    default:
      return s;
  }
}

interface AddFormProps {
  /** absent: a new profile */
  editing?: Pick<Profile, 'name' | 'endpoint'>;
  width: number;
  exists(name: string): boolean;
  save(state: AddState, secret: string): Promise<void>;
  onCancel(): void;
}

function AddProfileForm(props: AddFormProps): ReactNode {
  const [state, setState] = useState<AddState>(() => (props.editing ? initialEditState(props.editing) : initialAddState));
  const ref = useRef(state);
  const apply = (e: AddEvent): AddState => {
    const next = addProfileStep(ref.current, e, props.exists);
    ref.current = next;
    setState(next);
    return next;
  };
  const back = () => {
    const st = ref.current;
    if (st.step === 'name' || (st.editing && st.step === 'endpoint')) props.onCancel();
    else apply({ type: 'back' });
  };
  const submit = (value: string) => {
    const before = ref.current.step;
    const next = apply({ type: 'submit', value });
    if (next.step === 'saving' && before !== 'saving') {
      props.save(next, value).catch((err: unknown) => apply({ type: 'failed', error: errorText(err) }));
    }
  };
  const field = (label: string, step: AddStep, done: string, input: ReactNode) => (
    <Box>
      <Text color={state.step === step ? color('accent') : color('dim')}>{label.padEnd(10)}</Text>
      {state.step === step ? input : <Text>{done}</Text>}
    </Box>
  );
  const w = Math.max(10, props.width - 12);
  const order: AddStep[] = state.method === 'token' ? ['name', 'endpoint', 'method', 'token', 'saving'] : ['name', 'endpoint', 'method', 'username', 'password', 'saving'];
  const reached = (step: AddStep) => order.indexOf(state.step) >= order.indexOf(step);
  return (
    <Box flexDirection="column">
      <Text bold={color('accent') !== undefined} color={color('accent')}>
        {state.editing ? `Change profile ${state.name}` : 'Add a profile'}
      </Text>
      {field('Name', 'name', state.name, <TextInput key="name" defaultValue={state.name} placeholder="e.g. work" width={w} onSubmit={submit} onCancel={back} />)}
      {reached('endpoint')
        ? field('Address', 'endpoint', state.endpoint, <TextInput key="endpoint" defaultValue={state.endpoint} placeholder="https://api.example.net" width={w} onSubmit={submit} onCancel={back} />)
        : null}
      {reached('method')
        ? field(
            'Sign in',
            'method',
            state.method === 'token' ? 'with an API token' : 'with a user name and password (once)',
            <Box flexDirection="column">
              <ChoiceList
                key="method"
                items={[
                  { value: 'token' as AddMethod, label: 'with an API token' },
                  { value: 'password' as AddMethod, label: 'with a user name and password', description: 'used once to make a token for this machine' },
                ]}
                initialValue={state.method}
                height={2}
                width={w}
                onSelect={(c) => apply({ type: 'method', method: c.value })}
                onCancel={back}
              />
            </Box>,
          )
        : null}
      {state.method === 'token' && reached('token') ? field('API token', 'token', '••••••••', <TextInput key="token" mask="•" width={w} onSubmit={submit} onCancel={back} />) : null}
      {state.method === 'password' && reached('username')
        ? field('User name', 'username', state.username, <TextInput key="username" defaultValue={state.username} width={w} onSubmit={submit} onCancel={back} />)
        : null}
      {state.method === 'password' && reached('password')
        ? field('Password', 'password', '', <TextInput key={`password-${state.error ?? ''}`} mask="" width={w} onSubmit={submit} onCancel={back} />)
        : null}
      {state.error ? (
        <Text color={color('error')} wrap="truncate">
          ✗ {state.error}
        </Text>
      ) : (
        <Text color={color('dim')}>{state.step === 'saving' ? (state.method === 'password' ? 'signing in…' : 'checking the token…') : '⏎ next  esc back'}</Text>
      )}
    </Box>
  );
}

// --- the screen -------------------------------------------------------------------------------------------

type ProfileDialog = { kind: 'add' } | { kind: 'edit'; profile: Profile } | { kind: 'remove'; name: string };

export interface ProfilesScreenProps extends ScreenProps {
  store?: () => ProfileStore;
  onSwitch(profile: Profile): Promise<void>;
  connectOptions?: ConnectOptions;
}

export function ProfilesScreen(props: ProfilesScreenProps): ReactNode {
  const { session, entry, nav, width, height } = props;
  const storeRef = useRef<ProfileStore | null>(null);
  const [version, setVersion] = useState(0);
  const [openError, setOpenError] = useState<string | null>(null);

  const store = (): ProfileStore | null => {
    if (storeRef.current) return storeRef.current;
    try {
      storeRef.current = props.store ? props.store() : openProfileStore();
    } catch (err) {
      if (openError === null) setOpenError(errorText(err));
      return null;
    }
    return storeRef.current;
  };

  const rows: ProfileRow[] = useMemo(() => {
    const s = store();
    if (!s) return [];
    const current = s.currentName;
    return s.list().map((p) => ({
      name: p.name,
      endpoint: p.endpoint,
      credential: credentialText(p),
      inUse: !session.local && p.name === session.profile,
      isDefault: p.name === current,
    }));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [version, session]);

  const [selected, setSelected] = useState<string | null>(entry.memo.selected);
  const selectedRef = useRef(selected);
  const onSelect = useCallback(
    (key: string) => {
      entry.memo.selected = key;
      selectedRef.current = key;
      setSelected(key);
    },
    [entry],
  );

  const slot = useDialogSlot<ProfileDialog>(props.onDialog, (d) => (d.kind === 'remove' ? ['confirm'] : ['dialog']));
  const switching = useRef(false);

  const switchTo = (name: string | null) => {
    const s = store();
    const profile = name !== null && s ? s.get(name) : undefined;
    if (!s || !profile || switching.current) return;
    switching.current = true;
    nav.report('info', `Connecting to ${profile.name} (${profile.endpoint})…`, 'profiles');
    props.onSwitch(profile).then(
      () => {
        switching.current = false;
        try {
          s.switch(profile.name);
        } catch {
          // the profile works for this run; only the choice for the next start could not be written
        }
      },
      (err: unknown) => {
        switching.current = false;
        nav.report('error', errorText(err), 'profiles');
      },
    );
  };

  const current = (): string | null => {
    const key = selectedRef.current;
    return key !== null && rows.some((r) => r.name === key) ? key : null;
  };

  useScreenControl(props.control, {
    sortColumns: SORT,
    refresh: () => setVersion((v) => v + 1),
    handle: (id) => {
      switch (id) {
        case 'profiles.switch':
          switchTo(current());
          return true;
        case 'create':
          if (store()) slot.open({ kind: 'add' });
          return true;
        case 'edit': {
          const name = current();
          const profile = name !== null ? store()?.get(name) : undefined;
          if (profile) slot.open({ kind: 'edit', profile });
          return true;
        }
        case 'delete': {
          const name = current();
          if (name !== null) slot.open({ kind: 'remove', name });
          return true;
        }
        default:
          return false;
      }
    },
  });

  const save = async (state: AddState, secret: string): Promise<void> => {
    const s = store();
    if (!s) throw new Error(openError ?? 'the profile file cannot be opened');
    if (state.method === 'token') {
      const credential = { kind: 'token' as const, token: secret };
      const client = createClient({ ...props.connectOptions, endpoint: state.endpoint, credential });
      // a token the service refuses is not worth keeping
      await client.account.get();
      s.add({ name: state.name, endpoint: state.endpoint, credential }, { makeCurrent: false, replace: state.editing });
    } else {
      await loginToProfile(s, { name: state.name, endpoint: state.endpoint, username: state.username, password: secret, makeCurrent: false }, props.connectOptions);
    }
    slot.close();
    setVersion((v) => v + 1);
    onSelect(state.name);
    const inUse = !session.local && session.profile === state.name;
    nav.report(
      'info',
      state.editing
        ? `Profile ${state.name} saved${inUse ? '; ⏎ reconnects with it' : ''}.`
        : `Profile ${state.name} added; ⏎ switches to it.`,
      'profiles',
    );
  };

  const d = slot.dialog;
  const dialogRows = d ? Math.min(height - 5, d.kind === 'remove' ? 6 : 13) : 0;
  const inner = Math.max(10, width - 4);
  return (
    <Box flexDirection="column" width={width} height={height}>
      <ScreenTitle title="Profiles" width={width} view={entry.view} filterEditor={props.filterEditor} sortColumns={SORT} note={store()?.path ?? ''} />
      {d ? (
        <DialogBox width={width} height={dialogRows}>
          {d.kind !== 'remove' ? (
            <AddProfileForm
              editing={d.kind === 'edit' ? d.profile : undefined}
              width={inner}
              exists={(name) => store()?.get(name) !== undefined}
              save={save}
              onCancel={slot.close}
            />
          ) : (
            <YesNo
              question={`Remove profile ${d.name}?`}
              consequence="Its address and stored credential are deleted from this machine. The service is not changed: an API token stays valid until it is revoked (:tokens)."
              width={inner}
              onYes={() => {
                slot.close();
                const removed = store()?.remove(d.name) ?? false;
                setVersion((v) => v + 1);
                nav.report('info', removed ? `Profile ${d.name} removed.` : `There is no profile ${d.name}.`, 'profiles');
              }}
              onNo={slot.close}
            />
          )}
        </DialogBox>
      ) : null}
      {openError ? (
        <Text color={color('error')} wrap="wrap">
          {' '}✗ {openError}
        </Text>
      ) : null}
      <Table
        rows={rows}
        columns={COLUMNS}
        rowKey={rowKey}
        selectedKey={selected}
        onSelect={onSelect}
        onOpen={(name) => switchTo(name)}
        height={Math.max(1, height - 3 - dialogRows - (openError ? 1 : 0))}
        width={width}
        sort={entry.view.sort}
        filter={entry.view.filter}
        isActive={props.active && !d}
        emptyText="no profiles yet: c adds one"
      />
    </Box>
  );
}
