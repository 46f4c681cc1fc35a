// Which service to talk to, and as whom: environment first (for scripts and tests), then the chosen or
// current profile, else nothing, in which case the dashboard starts its embedded emulator.
import type { Credential } from '../api/http.js';
import { registerSecret } from '../api/secrets.js';
import { ConfigError, checkEndpoint, checkProfileName } from './checks.js';
import type { Profile, ProfileStore } from './profiles.js';
import type { StoredSettings } from './settings.js';

export type Auth =
  | { kind: 'none' }
  | Credential
  /** from ECSDECK_USERNAME and ECSDECK_PASSWORD: log in at start; never stored */
  | { kind: 'login'; username: string; password: string };

export type Connection =
  /**
   * `history`: false when the profile used keeps its writes out of the history; `settings`: that profile's
   * entry's ssh and notify settings (config/settings.ts), read with the rest of the entry, so the file is
   * opened once
   */
  | { source: 'env'; endpoint: string; auth: Auth; profileName?: string; history?: boolean; settings?: StoredSettings }
  | { source: 'profile'; endpoint: string; auth: Auth; profileName: string; history?: boolean; settings?: StoredSettings }
  | { source: 'none'; endpoint: null; auth: { kind: 'none' } };

export type Env = Record<string, string | undefined>;

const get = (env: Env, key: string): string | undefined => {
  const v = env[key];
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
};

/**
 * Reads ECSDECK_API_URL, ECSDECK_API_TOKEN, ECSDECK_USERNAME + ECSDECK_PASSWORD and ECSDECK_PROFILE over the profiles.
 * `profileFrom` names where ECSDECK_PROFILE's value came from, for the error: `--profile` when the flag set it.
 */
export function resolveConnection(env: Env, store: Pick<ProfileStore, 'get' | 'current'>, profileFrom = 'ECSDECK_PROFILE'): Connection {
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
    if (!profile) throw new ConfigError(`${profileFrom} names '${profileName}', and there is no such profile`);
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
    if (usedProfile === undefined || !profile) return { source: 'env', endpoint, auth };
    return { source: 'env', endpoint, auth, profileName: usedProfile, ...entryParts(profile) };
  }

  if (profile) return { source: 'profile', endpoint: profile.endpoint, auth: profile.credential ?? { kind: 'none' }, profileName: profile.name, ...entryParts(profile) };
  return { source: 'none', endpoint: null, auth: { kind: 'none' } };
}

/** What a connection carries of its profile's entry besides the address and credential: history and settings. */
function entryParts(profile: Pick<Profile, 'history' | 'settings'>): { history?: false; settings?: StoredSettings } {
  return { ...(profile.history === false ? { history: false as const } : {}), ...(profile.settings ? { settings: profile.settings } : {}) };
}

function sameEndpoint(a: string, b: string): boolean {
  try {
    return new URL(a).toString().replace(/\/+$/, '') === new URL(b).toString().replace(/\/+$/, '');
  } catch {
    return false;
  }
}
