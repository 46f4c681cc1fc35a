// The settings of the profile a session runs under, read from the config file once per profile name (the
// embedded emulator's `demo` and a bare environment's `env` have none: the environment and defaults only).
import { resolveSettings, type Settings, type StoredSettings } from './settings.js';

// The profile file's library (conf, with its schema validator) is not loaded before the first frame: it comes
// the first time a profile's settings are asked for (test/build/start-graph.test.ts).
const stored = new Map<string, StoredSettings | undefined>();

async function storedFor(profile: string, env: Record<string, string | undefined>): Promise<StoredSettings | undefined> {
  if (profile === 'demo' || profile === 'env') return undefined;
  if (!stored.has(profile)) {
    let found: StoredSettings | undefined;
    try {
      const { openProfileStore } = await import('./profiles.js');
      found = openProfileStore({ env }).get(profile)?.settings;
    } catch {
      // a damaged file was reported at start; the defaults do here
      found = undefined;
    }
    stored.set(profile, found);
  }
  return stored.get(profile);
}

/** The settings in force for `profile`: its stored ones (read once) under the ECSDECK_ variables of `env`. */
export async function loadSettings(profile: string, env: Record<string, string | undefined> = process.env): Promise<Settings> {
  return resolveSettings(await storedFor(profile, env), env);
}

/** The same, as known now: the stored ones once `loadSettings` has read them, the environment's and defaults before. */
export function settingsFor(profile: string, env: Record<string, string | undefined> = process.env): Settings {
  return resolveSettings(stored.get(profile), env);
}
