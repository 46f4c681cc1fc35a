// Which service to talk to, and as whom: environment first (for scripts and tests), then the chosen or
// current profile, else nothing, in which case the dashboard starts its embedded emulator.
import type { Credential } from '../api/http.js';
import { registerSecret } from '../api/secrets.js';
import { ConfigError, checkEndpoint, checkProfileName } from './checks.js';
import type { Profile, ProfileStore } from './profiles.js';

export type Auth =
  | { kind: 'none' }
  | Credential
  /** from ECSDECK_USERNAME and ECSDECK_PASSWORD: log in at start; never stored */
  | { kind: 'login'; username: string; password: string };

export type Connection =
  /** `history`: false when the profile used keeps its writes out of the history */
  | { source: 'env'; endpoint: string; auth: Auth; profileName?: string; history?: boolean }
  | { source: 'profile'; endpoint: string; auth: Auth; profileName: string; history?: boolean }
  | { source: 'none'; endpoint: null; auth: { kind: 'none' } };

export type Env = Record<string, string | undefined>;

const get = (env: Env, key: string): string | undefined => {
  const v = env[key];
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
};

/** Reads ECSDECK_API_URL, ECSDECK_API_TOKEN, ECSDECK_USERNAME + ECSDECK_PASSWORD and ECSDECK_PROFILE over the profiles. */
export function resolveConnection(env: Env, store: Pick<ProfileStore, 'get' | 'current'>): Connection {
  const url = get(env, 'ECSDECK_API_URL');
  const token = get(env, 'ECSDECK_API_TOKEN');
  const username = get(env, 'ECSDECK_USERNAME');
  // a password may legitimately begin or end with spaces
  const password = env.ECSDECK_PASSWORD !== undefined && env.ECSDECK_PASSWORD !== '' ? env.ECSDECK_PASSWORD : undefined;
  const profileName = get(env, 'ECSDECK_PROFILE');
  registerSecret(token);
  registerSecret(password);

  let profile: Profile | undefined;
  if (profileName !== undefined) {
    checkProfileName(profileName);
    profile = store.get(profileName);
    if (!profile) throw new ConfigError(`ECSDECK_PROFILE names '${profileName}', and there is no such profile`);
  } else {
    profile = store.current();
  }

  if (password !== undefined && username === undefined) throw new ConfigError('ECSDECK_PASSWORD is set without ECSDECK_USERNAME');
  if (username !== undefined && password === undefined) throw new ConfigError('ECSDECK_USERNAME is set without ECSDECK_PASSWORD');

  if (url !== undefined || token !== undefined || username !== undefined) {
    const endpoint = url !== undefined ? checkEndpoint(url) : profile?.endpoint;
    if (endpoint === undefined) {
      throw new ConfigError('a credential is set in the environment but no service address: set ECSDECK_API_URL or choose a profile');
    }
    let auth: Auth;
    let usedProfile: string | undefined;
    if (token !== undefined) auth = { kind: 'token', token };
    else if (username !== undefined && password !== undefined) auth = { kind: 'login', username, password };
    else if (profile?.credential && sameEndpoint(profile.endpoint, endpoint)) {
      // a profile's credential goes only to the service it was made for, never to an address from the environment
      auth = profile.credential;
      usedProfile = profile.name;
    } else auth = { kind: 'none' };
    if (url === undefined && profile) usedProfile = profile.name;
    if (usedProfile === undefined) return { source: 'env', endpoint, auth };
    return profile?.history === false ? { source: 'env', endpoint, auth, profileName: usedProfile, history: false } : { source: 'env', endpoint, auth, profileName: usedProfile };
  }

  if (profile) {
    const conn = { source: 'profile', endpoint: profile.endpoint, auth: profile.credential ?? { kind: 'none' }, profileName: profile.name } as const;
    return profile.history === false ? { ...conn, history: false } : conn;
  }
  return { source: 'none', endpoint: null, auth: { kind: 'none' } };
}

function sameEndpoint(a: string, b: string): boolean {
  try {
    return new URL(a).toString().replace(/\/+$/, '') === new URL(b).toString().replace(/\/+$/, '');
  } catch {
    return false;
  }
}
