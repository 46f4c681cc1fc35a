// The settings of the profile a session runs under, read from the config file once per profile name (the
// embedded emulator's `demo` and a bare environment's `env` have none: the environment and defaults only).
import { openProfileStore } from './profiles.js';
import { resolveSettings, type Settings, type StoredSettings } from './settings.js';

const stored = new Map<string, StoredSettings | undefined>();

function storedFor(profile: string, env: Record<string, string | undefined>): StoredSettings | undefined {
  if (profile === 'demo' || profile === 'env') return undefined;
  if (!stored.has(profile)) {
    let found: StoredSettings | undefined;
    try {
      found = openProfileStore({ env }).get(profile)?.settings;
    } catch {
      // a damaged file was reported at start; the defaults do here
      found = undefined;
    }
    stored.set(profile, found);
  }
  return stored.get(profile);
}

/** The settings in force for `profile`: its stored ones under the ECSDECK_ variables of `env`. */
export function settingsFor(profile: string, env: Record<string, string | undefined> = process.env): Settings {
  return resolveSettings(storedFor(profile, env), env);
}
