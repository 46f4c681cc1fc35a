// `:profiles`: the services this machine knows, each an address and a credential. The same resource pattern
// as every screen, with its rows from the profile file instead of the service: add (an API token, or a user
// name and password used once to make a token for this machine), change one, switch (a new client and
// tracker), remove. The password field shows nothing as it is typed, and the password is never kept: it goes
// from the form to the login request and nowhere else.

import { useMemo, useRef, type ReactNode } from 'react';
import { createClient } from '../../api/index.js';
import { checkEndpoint, checkProfileName, signsInWith } from '../../config/checks.js';
import { openProfileStore, type Profile, type ProfileStore } from '../../config/profiles.js';
import { loginToProfile } from '../../session/login.js';
import type { ConnectOptions } from '../../session/session.js';
import type { Column } from '../components/Table.js';
import type { ScreenProps } from '../hooks/screen.js';
import { errorText } from '../hooks/useResource.js';
import { ResourceView } from '../resource/ResourceView.js';
import { SWITCH_KEY } from './profile-keys.js';
import { defineResource, field, type ConfirmSpec, type FieldSpec, type FormSpec, type FormValues, type ResourceSpec } from '../resource/spec.js';

interface ProfileRow {
  name: string;
  endpoint: string;
  credential: string;
  inUse: boolean;
  isDefault: boolean;
}

// in the words `ecsdeck profiles list` uses
const credentialText = (p: Profile): string => signsInWith(p.credential);

const COLUMNS: readonly Column<ProfileRow>[] = [
  { key: 'inUse', header: ' ', width: 1, identity: true, render: (r) => (r.inUse ? '●' : ' '), color: (r) => (r.inUse ? 'ok' : undefined), sortValue: (r) => (r.inUse ? 0 : 1) },
  { key: 'name', header: 'NAME', fit: true, minWidth: 8, maxWidth: 24, identity: true },
  { key: 'endpoint', header: 'ADDRESS', flex: 2, minWidth: 16 },
  { key: 'credential', header: 'SIGNS IN WITH', width: 33, minWidth: 12, priority: 1 },
  { key: 'isDefault', header: 'AT START', width: 8, render: (r) => (r.isDefault ? 'yes' : ''), priority: 2 },
];

const byToken = (v: FormValues) => v.method !== 'password';
const byPassword = (v: FormValues) => v.method === 'password';

/** The add (and change) form: name, address, how to sign in, then a token or a user name and password. */
export function profileFields(editing: Profile | undefined, exists: (name: string) => boolean): FieldSpec[] {
  const check = (f: () => unknown): string | null => {
    try {
      f();
      return null;
    } catch (err) {
      return errorText(err);
    }
  };
  const fields: FieldSpec[] = [
    { id: 'endpoint', label: 'Address', initial: editing?.endpoint ?? '', placeholder: 'https://api.example.net', check: (v) => check(() => checkEndpoint(String(v).trim())) },
    {
      id: 'method',
      label: 'Sign in',
      kind: 'choice',
      initial: 'token',
      choices: [
        { value: 'token', label: 'with an API token' },
        { value: 'password', label: 'with a user name and password', description: 'used once to make a token for this machine' },
      ],
    },
    { id: 'token', label: 'API token', kind: 'secret', when: byToken },
    { id: 'username', label: 'User name', when: byPassword },
    { id: 'password', label: 'Password', kind: 'secret', when: byPassword },
  ];
  if (editing) return fields;
  return [
    {
      id: 'name',
      label: 'Name',
      placeholder: 'e.g. work',
      check: (v) => check(() => checkProfileName(String(v).trim())) ?? (exists(String(v).trim()) ? `a profile named '${String(v).trim()}' already exists` : null),
    },
    ...fields,
  ];
}

/** After a profile is removed: revoke the API token it held, on its own service, with that token. */
function revokeProfileToken(profile: Profile, id: number, inUse: boolean, connect: ConnectOptions | undefined): ConfirmSpec<ProfileRow> {
  return {
    kind: 'yesno',
    title: () => `Revoke its API token (${id}) on ${profile.endpoint} too?`,
    consequence: () =>
      `Profile ${profile.name} is removed from this machine, but the token it held still signs in until it is revoked.` +
      (inUse ? ' ⚠ This dashboard signs in with it now: requests fail once it is revoked.' : ''),
    verb: 'revoke',
    async run() {
      const credential = profile.credential!;
      const client = createClient({ ...connect, endpoint: profile.endpoint, credential });
      await client.account.tokens.revoke(id);
      return { message: `API token ${id} of the removed profile ${profile.name} is revoked.`, refresh: false };
    },
  };
}

interface ProfilesScreenProps extends ScreenProps {
  store?: () => ProfileStore;
  onSwitch(profile: Profile): Promise<void>;
  connectOptions?: ConnectOptions;
}

export function ProfilesScreen(props: ProfilesScreenProps): ReactNode {
  const { session, nav, readOnly } = props;
  const storeRef = useRef<ProfileStore | null>(null);
  const latest = useRef(props);
  latest.current = props;

  const spec = useMemo((): ResourceSpec<ProfileRow> => {
    const store = (): ProfileStore => (storeRef.current ??= latest.current.store ? latest.current.store() : openProfileStore());
    const inUse = (name: string) => !session.local && name === session.profile;
    let switching = false;
    const switchTo = (name: string) => {
      const profile = store().get(name);
      if (!profile || switching) return;
      switching = true;
      nav.report('info', `Connecting to ${profile.name} (${profile.endpoint})…`, 'profiles');
      latest.current.onSwitch(profile).then(
        () => {
          switching = false;
          try {
            store().switch(profile.name);
          } catch {
            // the profile works for this run; only the choice for the next start could not be written
          }
        },
        (err: unknown) => {
          switching = false;
          nav.report('error', errorText(err), 'profiles');
        },
      );
    };
    const save = async (values: FormValues, editing: Profile | undefined) => {
      const name = editing?.name ?? String(values.name).trim();
      const endpoint = checkEndpoint(String(values.endpoint).trim());
      if (values.method === 'password') {
        await loginToProfile(store(), { name, endpoint, username: String(values.username).trim(), password: String(values.password), makeCurrent: false }, latest.current.connectOptions);
      } else {
        const credential = { kind: 'token' as const, token: String(values.token) };
        // a token the service refuses is not worth keeping
        await createClient({ ...latest.current.connectOptions, endpoint, credential }).account.get();
        store().add({ name, endpoint, credential }, { makeCurrent: false, replace: editing !== undefined });
      }
      return { select: name, message: editing ? `Profile ${name} saved${inUse(name) ? '; ⏎ reconnects with it' : ''}.` : `Profile ${name} added; ⏎ switches to it.` };
    };
    const form = (editing: Profile | undefined): FormSpec<ProfileRow> => ({
      title: editing ? `Change profile ${editing.name}` : 'Add a profile',
      fields: profileFields(editing, (name) => store().get(name) !== undefined),
      verb: editing ? 'save' : 'add',
      submit: (values) => save(values, editing),
    });
    return defineResource<ProfileRow>({
      name: 'profiles',
      title: 'Profiles',
      singular: 'Profile',
      rowKey: (r) => r.name,
      label: (r) => r.name,
      columns: COLUMNS,
      defaultSort: { column: 'name', descending: false },
      load: async () => {
        const s = store();
        const current = s.currentName;
        return s.list().map((p) => ({ name: p.name, endpoint: p.endpoint, credential: credentialText(p), inUse: inUse(p.name), isDefault: p.name === current }));
      },
      cacheKey: () => `profiles:${session.profile}`,
      note: () => storeRef.current?.path ?? '',
      // read-only changes nothing, the profile file included (adding one with a password mints a token on
      // the service; removing one offers to revoke it): c, e and d are off there, so the list does not offer c
      empty: readOnly ? 'no profiles yet (read-only: start without --read-only to add one)' : 'no profiles yet: c adds one',
      open: (r) => switchTo(r.name),
      create: { ...form(undefined) },
      edit: (row, ctx) => {
        const profile = store().get(row.name);
        if (profile) return { kind: 'form', form: form(profile), row };
        ctx.nav.report('error', `There is no profile ${row.name}.`, 'profiles');
        return null;
      },
      remove: {
        kind: 'yesno',
        title: (r) => `Remove profile ${r.name}?`,
        consequence: () => 'Its address and stored credential are deleted from this machine. The service is not changed: an API token stays valid until it is revoked (:tokens).',
        verb: 'remove',
        async run(r) {
          const profile = store().get(r.name);
          const removed = store().remove(r.name);
          if (!removed) return { message: `There is no profile ${r.name}.` };
          const credential = profile?.credential;
          // the token it held still signs in: offered to be revoked there and then, when its id is known
          if (profile && credential?.kind === 'token' && credential.id !== undefined) {
            return { message: `Profile ${r.name} removed.`, then: { kind: 'confirm', confirm: revokeProfileToken(profile, credential.id, inUse(r.name), latest.current.connectOptions), row: r } };
          }
          return { message: `Profile ${r.name} removed.${credential?.kind === 'token' ? ' Its API token stays valid: revoke it on :tokens.' : ''}` };
        },
      },
      keys: [{ ...SWITCH_KEY, run: (r) => switchTo(r.name) }],
      record: (r) => [{ fields: [field('Name', r.name), field('Address', r.endpoint), field('Signs in with', r.credential)] }],
    });
  }, [session, nav, readOnly]);

  return <ResourceView {...props} spec={spec} params={{}} />;
}
