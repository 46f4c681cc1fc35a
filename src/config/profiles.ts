// Named profiles on disk, each a service address and a credential, one of them current. The file holds API
// tokens and JWTs, so it is written 0600 and nothing read from it is ever echoed into an error. Passwords are
// never stored: the credential types have no place for one, and only known fields are copied in.
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import Conf from 'conf';
import type { Credential } from '../api/http.js';
import { registerSecret } from '../api/secrets.js';
import { isThemeName, type ThemeName } from '../ui/theme.js';
import { checkEndpoint, checkProfileName, ConfigError } from './checks.js';
import { cleanSettings, type StoredSettings } from './settings.js';

export type StoredCredential = Credential;

export interface Profile {
  name: string;
  endpoint: string;
  credential: StoredCredential | null;
  /** the colours the dashboard draws with for this profile (`--theme` overrides it) */
  theme?: ThemeName;
  /** false: this profile's writes are not written to the history file */
  history?: boolean;
  /** how `x` reaches a server and when long work is notified (config/settings.ts); absent: the defaults */
  settings?: StoredSettings;
}

interface FileShape {
  current: string | null;
  profiles: Record<string, { endpoint: string; credential: StoredCredential | null; theme?: ThemeName; history?: boolean; settings?: StoredSettings }>;
}

interface ProfileStoreOptions {
  /** directory of the config file; default: ECSDECK_CONFIG_DIR, else the platform's config directory */
  cwd?: string;
  /** where ECSDECK_CONFIG_DIR is read from; default process.env */
  env?: Record<string, string | undefined>;
}

const FILE_MODE = 0o600;
const DIR_MODE = 0o700;

export class ProfileStore {
  private readonly conf: Conf<FileShape>;

  constructor(opts: ProfileStoreOptions = {}) {
    const env = opts.env ?? process.env;
    const cwd = opts.cwd ?? (nonEmpty(env.ECSDECK_CONFIG_DIR) || undefined);
    // conf makes a missing directory 0755: made here first, only its owner can list or enter it
    const made = makeDir(cwd ?? defaultDir());
    try {
      this.conf = new Conf<FileShape>({
        projectName: 'ecsdeck',
        // `~/.config/ecsdeck`, not conf's default `ecsdeck-nodejs`
        projectSuffix: '',
        cwd,
        configFileMode: FILE_MODE,
        // profile names may hold dots
        accessPropertiesByDotNotation: false,
        defaults: { current: null, profiles: {} },
      });
    } catch (err) {
      // the parser's message can quote the file, and the file holds tokens
      throw new ConfigError(`cannot read the ecsdeck config file in ${cwd ?? 'the config directory'}: it is damaged; fix or remove it (${errName(err)})`);
    }
    // a directory of our own (made just now, or the platform's `.../ecsdeck`, maybe by an older version at
    // 0755) is tightened; so is one the user named once it holds the profile file (it holds tokens then);
    // never the home directory itself
    const dir = dirname(this.conf.path);
    const holdsProfiles = existsSync(this.conf.path) && dir !== resolve(homedir());
    if ((made !== undefined && resolve(made) === dir) || (cwd === undefined && basename(dir) === 'ecsdeck') || holdsProfiles) tightenMode(dir, DIR_MODE);
    this.tighten();
  }

  /** The config file's path. */
  get path(): string {
    return this.conf.path;
  }

  list(): Profile[] {
    return Object.entries(this.read().profiles)
      .map(([name, p]) => toProfile(name, p))
      .filter((p): p is Profile => p !== null)
      .sort((a, b) => a.name.localeCompare(b.name));
  }

  get(name: string): Profile | undefined {
    const raw = this.read().profiles[name];
    return raw ? (toProfile(name, raw) ?? undefined) : undefined;
  }

  get currentName(): string | null {
    const { current, profiles } = this.read();
    return current !== null && profiles[current] ? current : null;
  }

  current(): Profile | undefined {
    const name = this.currentName;
    return name === null ? undefined : this.get(name);
  }

  /** Adds a profile (or replaces one with `replace`); the first profile, or one added with `makeCurrent`, becomes current. */
  add(profile: Profile, opts: { makeCurrent?: boolean; replace?: boolean } = {}): Profile {
    const clean = sanitize(profile);
    const data = this.read();
    if (data.profiles[clean.name] && !opts.replace) throw new ConfigError(`a profile named '${clean.name}' already exists`);
    data.profiles[clean.name] = {
      endpoint: clean.endpoint,
      credential: clean.credential,
      ...(clean.theme ? { theme: clean.theme } : {}),
      ...(clean.history === false ? { history: false } : {}),
      ...(clean.settings ? { settings: clean.settings } : {}),
    };
    if (opts.makeCurrent || data.current === null || !data.profiles[data.current]) data.current = clean.name;
    this.write(data);
    return clean;
  }

  /** Replaces a profile's credential, e.g. after logging in again. */
  setCredential(name: string, credential: StoredCredential | null): Profile {
    const p = this.get(name);
    if (!p) throw new ConfigError(`no profile named '${name}'`);
    return this.add({ ...p, credential }, { replace: true });
  }

  /** Removes a profile; when it was current, the first remaining one (by name) becomes current. */
  remove(name: string): boolean {
    const data = this.read();
    if (!data.profiles[name]) return false;
    delete data.profiles[name];
    if (data.current === name) data.current = Object.keys(data.profiles).sort()[0] ?? null;
    this.write(data);
    return true;
  }

  switch(name: string): Profile {
    const p = this.get(name);
    if (!p) throw new ConfigError(`no profile named '${name}'`);
    const data = this.read();
    data.current = name;
    this.write(data);
    return p;
  }

  private read(): FileShape {
    const current = this.conf.get('current');
    const profiles = this.conf.get('profiles');
    return {
      current: typeof current === 'string' ? current : null,
      profiles: profiles && typeof profiles === 'object' ? { ...profiles } : {},
    };
  }

  private write(data: FileShape): void {
    this.conf.set('profiles', data.profiles);
    this.conf.set('current', data.current);
    this.tighten();
  }

  /** conf only sets the mode on files it creates; a file made by hand or an older version may be 0644. */
  private tighten(): void {
    if (existsSync(this.conf.path)) tightenMode(this.conf.path, FILE_MODE);
  }
}

function tightenMode(path: string, mode: number): void {
  try {
    chmodSync(path, mode);
  } catch {
    // a file system without modes: nothing more can be done
  }
}

/** conf's own default directory where it is known without loading its path library (Linux, as env-paths has it). */
function defaultDir(): string | undefined {
  if (process.platform !== 'linux') return undefined;
  return join(nonEmpty(process.env.XDG_CONFIG_HOME) || join(homedir(), '.config'), 'ecsdeck');
}

/** Makes `dir` (0700) when missing; returns it when it was made here. */
function makeDir(dir: string | undefined): string | undefined {
  if (dir === undefined || existsSync(dir)) return undefined;
  try {
    mkdirSync(dir, { recursive: true, mode: DIR_MODE });
    return dir;
  } catch {
    // conf will try and report what is wrong in its own words
    return undefined;
  }
}

export function openProfileStore(opts: ProfileStoreOptions = {}): ProfileStore {
  return new ProfileStore(opts);
}

function sanitize(p: Profile): Profile {
  const settings = cleanSettings(p.settings);
  return {
    name: checkProfileName(p.name),
    endpoint: checkEndpoint(p.endpoint),
    credential: cleanCredential(p.credential),
    ...(isThemeName(p.theme) ? { theme: p.theme } : {}),
    ...(p.history === false ? { history: false } : {}),
    ...(Object.keys(settings).length > 0 ? { settings } : {}),
  };
}

/** Only the known fields of a credential: anything else (a password) is dropped, never written. */
function cleanCredential(c: unknown): StoredCredential | null {
  if (!c || typeof c !== 'object') return null;
  const r = c as Record<string, unknown>;
  if (r.kind === 'token' && typeof r.token === 'string' && r.token !== '') {
    registerSecret(r.token);
    return Number.isSafeInteger(r.id) && (r.id as number) > 0 ? { kind: 'token', token: r.token, id: r.id as number } : { kind: 'token', token: r.token };
  }
  if (r.kind === 'jwt' && typeof r.token === 'string' && r.token !== '' && typeof r.expire === 'number' && Number.isFinite(r.expire)) {
    registerSecret(r.token);
    return { kind: 'jwt', token: r.token, expire: r.expire };
  }
  return null;
}

function toProfile(name: string, raw: unknown): Profile | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  if (typeof r.endpoint !== 'string') return null;
  const settings = cleanSettings(r.settings);
  return {
    name,
    endpoint: r.endpoint,
    credential: cleanCredential(r.credential),
    // a theme this version does not know is left out (the dashboard draws with its default), not an error
    ...(isThemeName(r.theme) ? { theme: r.theme } : {}),
    ...(r.history === false ? { history: false } : {}),
    ...(Object.keys(settings).length > 0 ? { settings } : {}),
  };
}

function nonEmpty(v: string | undefined): string {
  return typeof v === 'string' ? v.trim() : '';
}

function errName(err: unknown): string {
  return err instanceof Error ? err.name : 'unknown error';
}
