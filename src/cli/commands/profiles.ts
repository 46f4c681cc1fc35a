// `ecsdeck profiles list|get|add|use|remove`: the services this machine knows (`:profiles`' config file), for
// scripts: read and switched with no connection made. A credential is named (`API token`, `login, until …`),
// never printed. `add` takes its secret from stdin, never the command line: an API token, or a password used
// once to make a token for this machine, as `:profiles` does (its login is the one connection made).
import { createClient } from '../../api/index.js';
import type { Profile, ProfileStore } from '../../config/profiles.js';
import { signsInWith } from '../../config/checks.js';
import { COMMAND_CLIENT } from '../node-exchange.js';
import { NotFoundError, arg, done, flag, opt, record, rows, yes } from '../shapes.js';
import { col, UsageError, type Column, type LocalVerb, type Resource, type Values } from '../types.js';

/** A profile as a script reads it: never the credential itself. */
interface ProfileJson {
  name: string;
  address: string;
  /** how it signs in: an API token, a login's token (until `loginExpires`), or nothing */
  credential: 'token' | 'login' | null;
  loginExpires: string | null;
  /** the one a command or the dashboard uses when none is named */
  current: boolean;
  theme: string | null;
  /** false: its writes are kept out of the history */
  history: boolean;
}

function asJson(p: Profile, current: string | null): ProfileJson {
  const c = p.credential;
  return {
    name: p.name,
    address: p.endpoint,
    credential: c === null ? null : c.kind === 'token' ? 'token' : 'login',
    loginExpires: c?.kind === 'jwt' ? new Date(c.expire * 1000).toISOString() : null,
    current: p.name === current,
    theme: p.theme ?? null,
    history: p.history !== false,
  };
}

// in the words `:profiles` uses
const credentialWords = (p: ProfileJson): string =>
  signsInWith(p.credential === 'token' ? { kind: 'token' } : p.credential === 'login' ? { kind: 'jwt', expire: Date.parse(p.loginExpires ?? '') / 1000 } : null);

const COLUMNS: Column[] = [
  col<ProfileJson>('NAME', (p) => p.name),
  col<ProfileJson>('CURRENT', (p) => (p.current ? 'yes' : '')),
  col<ProfileJson>('ADDRESS', (p) => p.address),
  col<ProfileJson>('SIGNS IN WITH', credentialWords),
];
const RECORD: Column[] = [...COLUMNS, col<ProfileJson>('THEME', (p) => p.theme ?? ''), col<ProfileJson>('HISTORY', (p) => yes(p.history))];

async function open(env: Record<string, string | undefined>): Promise<ProfileStore> {
  // the config file's library is loaded only by these verbs
  const { openProfileStore } = await import('../../config/profiles.js');
  return openProfileStore({ env });
}

function named(store: ProfileStore, v: Values): Profile {
  const p = store.get(String(v.name));
  if (p === undefined) throw new NotFoundError(`profile '${String(v.name)}' not found (ecsdeck profiles list names them)`);
  return p;
}

const nameArg = arg('name', 'the profile', { meta: 'NAME', complete: 'profiles' });

const verbs: LocalVerb[] = [
  {
    resource: 'profiles',
    name: 'list',
    summary: 'the services this machine knows, the current one marked',
    local: true,
    params: [],
    run: async ({ env }) => {
      const store = await open(env);
      const all = store.list().map((p) => asJson(p, store.currentName));
      return { output: rows(all, COLUMNS) };
    },
  },
  {
    resource: 'profiles',
    name: 'get',
    summary: 'one profile: its address, how it signs in (never the credential), its theme',
    local: true,
    params: [nameArg],
    run: async ({ env }, v) => {
      const store = await open(env);
      return { output: record(asJson(named(store, v), store.currentName), RECORD) };
    },
  },
  {
    resource: 'profiles',
    name: 'add',
    summary: "save a service: its address, and an API token or a user's password (from stdin) to sign in with",
    local: true,
    params: [
      arg('name', 'the new profile', { meta: 'NAME' }),
      opt('address', "the service's address", { required: true, meta: 'URL' }),
      flag('token-stdin', 'read the API token from stdin (its first line)'),
      opt('user', 'log in once as this user to make an API token for this machine (the password from stdin: --password-stdin)', { meta: 'USER' }),
      flag('password-stdin', "read the user's password from stdin (its first line); it is used once and kept nowhere"),
      flag('replace', 'change the profile of that name if there is one'),
      flag('use', 'make it the current profile'),
    ],
    check: (v) =>
      v['token-stdin'] === true
        ? v.user !== undefined || v['password-stdin'] === true
          ? 'give --token-stdin, or --user with --password-stdin: not both'
          : null
        : v.user !== undefined && v['password-stdin'] === true
          ? null
          : 'give --token-stdin, or --user USER with --password-stdin: a secret is never taken on the command line',
    run: async (ctx, v) => {
      const { env } = ctx;
      const [{ checkEndpoint, checkProfileName }, store] = await Promise.all([import('../../config/checks.js'), open(env)]);
      const name = checkProfileName(String(v.name));
      const endpoint = checkEndpoint(String(v.address));
      if (v.replace !== true && store.get(name) !== undefined) throw new UsageError(`a profile named '${name}' already exists (--replace changes it)`);
      if (ctx.readOnly && v['token-stdin'] !== true) throw new UsageError('--read-only: a login makes an API token on the service; nothing was sent (--token-stdin saves one you have)');
      const secret = (await ctx.readInput('-')).split(/\r?\n/)[0] ?? '';
      if (secret === '') throw new UsageError(`give the ${v['token-stdin'] === true ? 'API token' : 'password'} on stdin (its first line); nothing was saved`);
      // the one connection made: the token tried (a refused one is not saved: exit 4), or a login and a token
      // minted for this machine (the password is kept nowhere)
      const { loginToProfile } = await import('../../session/login.js');
      let profile: Profile;
      if (v['token-stdin'] === true) {
        const credential = { kind: 'token' as const, token: secret };
        await createClient({ ...COMMAND_CLIENT, endpoint, credential }).account.get();
        profile = store.add({ name, endpoint, credential }, { replace: true, makeCurrent: v.use === true });
      } else {
        ({ profile } = await loginToProfile(store, { name, endpoint, username: String(v.user), password: secret, makeCurrent: v.use === true }, COMMAND_CLIENT));
      }
      const current = store.currentName === profile.name ? ', the current one' : '';
      return done(`profile '${profile.name}' saved (${profile.endpoint}, ${signsInWith(profile.credential)})${current}`);
    },
  },
  {
    resource: 'profiles',
    name: 'use',
    summary: 'make a profile the current one: the one used when none is named',
    local: true,
    params: [nameArg],
    run: async ({ env }, v) => {
      const store = await open(env);
      const p = named(store, v);
      store.switch(p.name);
      return done(`'${p.name}' is the current profile now (${p.endpoint})`);
    },
  },
  {
    resource: 'profiles',
    name: 'remove',
    summary: 'forget a profile and its credential; --revoke revokes its API token on its service first',
    local: true,
    destructive: true,
    params: [nameArg, flag('revoke', 'revoke the API token it holds on its own service first, with that token (as :profiles offers)')],
    run: async ({ env, readOnly }, v) => {
      const store = await open(env);
      const p = named(store, v);
      let revoked = '';
      if (v.revoke === true) {
        const c = p.credential;
        // the token's id is known when this machine made it (a login); one pasted in is not listed by value
        if (c?.kind !== 'token' || c.id === undefined) throw new UsageError(`profile '${p.name}' holds no API token whose id is known: nothing was removed (ecsdeck tokens list, then tokens revoke ID)`);
        if (readOnly) throw new UsageError('--read-only: revoking a token changes the service; nothing was removed');
        await createClient({ ...COMMAND_CLIENT, endpoint: p.endpoint, credential: c }).account.tokens.revoke(c.id);
        revoked = `, its API token ${c.id} revoked`;
      }
      store.remove(p.name);
      const now = store.currentName;
      return done(`profile '${p.name}' removed${revoked}${now === null ? '; no profile is current now' : `; the current one is '${now}'`}`);
    },
  },
];

export const profiles: Resource = { name: 'profiles', summary: "the services this machine knows (the dashboard's :profiles)", verbs };
