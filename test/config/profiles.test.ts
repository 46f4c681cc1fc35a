// Profiles on disk: named, one current, file mode 0600, no password ever written, and environment overrides.
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEmulator } from '../../src/emulator/app.js';
import { ConfigError, openProfileStore, resolveConnection, type Profile, type ProfileStore } from '../../src/config/index.js';
import { connect, loginToProfile } from '../../src/session/login.js';
import { AuthExpiredError } from '../../src/api/index.js';
import { visibleText } from '../api/helpers.js';

const BASE = 'http://emulator.test';
const TOKEN = 'tok-profile-secret-0123456789';

let dir: string;
let store: ProfileStore;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'ecsdeck-config-'));
  store = openProfileStore({ env: { ECSDECK_CONFIG_DIR: dir } });
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const profile = (name: string, endpoint = BASE, token = TOKEN): Profile => ({ name, endpoint, credential: { kind: 'token', token } });

describe('profile store', () => {
  it('lives in ECSDECK_CONFIG_DIR and is written with mode 0600', () => {
    store.add(profile('work'));
    expect(store.path).toBe(join(dir, 'config.json'));
    expect(statSync(store.path).mode & 0o777).toBe(0o600);
    store.add(profile('home', 'http://127.0.0.1:8787'));
    expect(statSync(store.path).mode & 0o777).toBe(0o600);
  });

  it('tightens a file that was left readable by others', () => {
    store.add(profile('work'));
    chmodSync(store.path, 0o644);
    const again = openProfileStore({ env: { ECSDECK_CONFIG_DIR: dir } });
    expect(statSync(again.path).mode & 0o777).toBe(0o600);
  });

  it('makes its directory 0700 (conf alone makes it 0755), and tightens the platform one an older version left open', () => {
    const nested = join(dir, 'a', 'ecsdeck-config');
    const made = openProfileStore({ env: { ECSDECK_CONFIG_DIR: nested } });
    made.add(profile('work'));
    expect(statSync(nested).mode & 0o777).toBe(0o700);
    expect(statSync(made.path).mode & 0o777).toBe(0o600);

    const saved = process.env.XDG_CONFIG_HOME;
    process.env.XDG_CONFIG_HOME = join(dir, 'xdg');
    try {
      const fresh = openProfileStore({ env: {} });
      fresh.add(profile('work'));
      expect(statSync(dirname(fresh.path)).mode & 0o777).toBe(0o700);
      chmodSync(dirname(fresh.path), 0o755);
      openProfileStore({ env: {} });
      expect(statSync(dirname(fresh.path)).mode & 0o777).toBe(0o700);
    } finally {
      if (saved === undefined) delete process.env.XDG_CONFIG_HOME;
      else process.env.XDG_CONFIG_HOME = saved;
    }

    // a directory the user made and named holds the profile file (tokens) as soon as the store opens it: a
    // 0755 one is made 0700 too
    const own = join(dir, 'mine');
    mkdirSync(own, { mode: 0o755 });
    chmodSync(own, 0o755);
    openProfileStore({ env: { ECSDECK_CONFIG_DIR: own } }).add(profile('work'));
    expect(statSync(own).mode & 0o777).toBe(0o700);
  });

  it('follows the platform config directory when ECSDECK_CONFIG_DIR is not set', () => {
    const saved = process.env.XDG_CONFIG_HOME;
    process.env.XDG_CONFIG_HOME = dir;
    try {
      const s = openProfileStore({ env: {} });
      if (process.platform === 'linux') expect(s.path).toBe(join(dir, 'ecsdeck', 'config.json'));
      else expect(s.path).toMatch(/ecsdeck/);
    } finally {
      if (saved === undefined) delete process.env.XDG_CONFIG_HOME;
      else process.env.XDG_CONFIG_HOME = saved;
    }
  });

  it('add, list, current, switch, remove', () => {
    expect(store.list()).toEqual([]);
    expect(store.current()).toBeUndefined();
    store.add(profile('work'));
    expect(store.currentName).toBe('work');
    store.add(profile('home', 'http://127.0.0.1:8787/'));
    expect(store.currentName).toBe('work');
    expect(store.list().map((p) => p.name)).toEqual(['home', 'work']);
    expect(store.get('home')?.endpoint).toBe('http://127.0.0.1:8787');

    expect(store.switch('home').name).toBe('home');
    expect(store.current()?.name).toBe('home');
    expect(() => store.switch('nope')).toThrow(ConfigError);
    expect(() => store.add(profile('home'))).toThrow("a profile named 'home' already exists");
    store.add({ ...profile('home'), credential: { kind: 'jwt', token: 'eyJx.eyJy.z', expire: 1_900_000_000 } }, { replace: true });
    expect(store.get('home')?.credential).toEqual({ kind: 'jwt', token: 'eyJx.eyJy.z', expire: 1_900_000_000 });

    expect(store.remove('home')).toBe(true);
    expect(store.currentName).toBe('work');
    expect(store.remove('home')).toBe(false);
    store.add(profile('lab'), { makeCurrent: true });
    expect(store.currentName).toBe('lab');

    // a second store over the same file sees the same profiles
    expect(openProfileStore({ env: { ECSDECK_CONFIG_DIR: dir } }).list().map((p) => p.name)).toEqual(['lab', 'work']);
  });

  it('refuses bad names and addresses', () => {
    expect(() => store.add(profile('no spaces'))).toThrow(ConfigError);
    expect(() => store.add(profile('ok', 'ftp://x'))).toThrow('must start with http:// or https://');
    expect(() => store.add(profile('ok', 'http://user:pw@host'))).toThrow('must not hold a user name or password');
  });

  it('never writes a password, whatever the credential object holds', () => {
    const sneaky = { kind: 'token', token: TOKEN, password: 'pw-never-stored' } as unknown as Profile['credential'];
    store.add({ name: 'work', endpoint: BASE, credential: sneaky });
    const text = readFileSync(store.path, 'utf8');
    expect(text).not.toContain('pw-never-stored');
    expect(text).not.toContain('password');
    expect(store.get('work')?.credential).toEqual({ kind: 'token', token: TOKEN });
  });

  it('a damaged file is a ConfigError that does not quote the file', () => {
    writeFileSync(join(dir, 'config.json'), `{"profiles":{"x":{"endpoint":"${BASE}","credential":{"kind":"token","token":"${TOKEN}"}}`, {
      mode: 0o600,
    });
    let err: unknown;
    try {
      openProfileStore({ env: { ECSDECK_CONFIG_DIR: dir } });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    expect(visibleText(err)).not.toContain(TOKEN);
  });
});

describe('resolveConnection', () => {
  it("nothing configured: source 'none' (the dashboard starts its emulator)", () => {
    expect(resolveConnection({}, store)).toEqual({ source: 'none', endpoint: null, auth: { kind: 'none' } });
  });

  it('the current profile, or the one ECSDECK_PROFILE names', () => {
    store.add(profile('work'));
    store.add(profile('home', 'http://127.0.0.1:8787', 'tok-home-0123456789'));
    expect(resolveConnection({}, store)).toEqual({
      source: 'profile',
      endpoint: BASE,
      auth: { kind: 'token', token: TOKEN },
      profileName: 'work',
    });
    expect(resolveConnection({ ECSDECK_PROFILE: 'home' }, store)).toMatchObject({
      source: 'profile',
      endpoint: 'http://127.0.0.1:8787',
      profileName: 'home',
    });
    expect(() => resolveConnection({ ECSDECK_PROFILE: 'gone' }, store)).toThrow("ECSDECK_PROFILE names 'gone', and there is no such profile");
  });

  it('ECSDECK_API_URL and ECSDECK_API_TOKEN override the profile', () => {
    store.add(profile('work'));
    expect(resolveConnection({ ECSDECK_API_URL: 'http://127.0.0.1:9999', ECSDECK_API_TOKEN: 'env-token-0123456' }, store)).toEqual({
      source: 'env',
      endpoint: 'http://127.0.0.1:9999',
      auth: { kind: 'token', token: 'env-token-0123456' },
    });
    // a token alone goes to the profile's service
    expect(resolveConnection({ ECSDECK_API_TOKEN: 'env-token-0123456' }, store)).toMatchObject({
      source: 'env',
      endpoint: BASE,
      auth: { kind: 'token', token: 'env-token-0123456' },
      profileName: 'work',
    });
  });

  it("an address alone uses the profile's credential only when it is that profile's service", () => {
    store.add(profile('work'));
    expect(resolveConnection({ ECSDECK_API_URL: `${BASE}/` }, store)).toMatchObject({ source: 'env', auth: { kind: 'token', token: TOKEN }, profileName: 'work' });
    expect(resolveConnection({ ECSDECK_API_URL: 'http://elsewhere.test' }, store)).toEqual({
      source: 'env',
      endpoint: 'http://elsewhere.test',
      auth: { kind: 'none' },
    });
  });

  it('ECSDECK_USERNAME and ECSDECK_PASSWORD ask for a login at start; one without the other is an error', () => {
    expect(resolveConnection({ ECSDECK_API_URL: BASE, ECSDECK_USERNAME: 'demo', ECSDECK_PASSWORD: 'demo' }, store)).toEqual({
      source: 'env',
      endpoint: BASE,
      auth: { kind: 'login', username: 'demo', password: 'demo' },
    });
    expect(() => resolveConnection({ ECSDECK_API_URL: BASE, ECSDECK_USERNAME: 'demo' }, store)).toThrow('without ECSDECK_PASSWORD');
    expect(() => resolveConnection({ ECSDECK_API_URL: BASE, ECSDECK_PASSWORD: 'x-secret-pw' }, store)).toThrow('without ECSDECK_USERNAME');
    expect(() => resolveConnection({ ECSDECK_API_TOKEN: 'env-token-0123456' }, store)).toThrow('no service address');
  });

  it('errors about the environment never quote the credential', () => {
    const pw = 'p4ssw0rd-do-not-print';
    let err: unknown;
    try {
      resolveConnection({ ECSDECK_PASSWORD: pw }, store);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    expect(visibleText(err)).not.toContain(pw);
  });
});

describe('connecting and logging in', () => {
  it('connect logs in with ECSDECK_USERNAME and ECSDECK_PASSWORD', async () => {
    const emu = createEmulator({ clock: 'manual', seed: 'empty' });
    const conn = resolveConnection({ ECSDECK_API_URL: BASE, ECSDECK_USERNAME: 'demo', ECSDECK_PASSWORD: 'demo' }, store);
    const client = await connect(conn, { fetch: emu.fetch });
    expect(client.credential?.kind).toBe('jwt');
    expect((await client.account.get()).username).toBe('demo');
    await expect(connect(resolveConnection({}, store))).rejects.toThrow(ConfigError);
  });

  it('loginToProfile stores a machine token, never the password; the profile then works alone', async () => {
    const emu = createEmulator({ clock: 'manual', seed: 'empty' });
    const { profile: p, client } = await loginToProfile(
      store,
      { name: 'emu', endpoint: BASE, username: 'demo', password: 'demo', hostname: 'box1' },
      { fetch: emu.fetch },
    );
    expect(p.credential?.kind).toBe('token');
    expect(client.credential).toEqual(p.credential);
    expect((await client.account.tokens.list()).map((t) => t.notes)).toEqual(['ecsdeck@box1']);
    const text = readFileSync(store.path, 'utf8');
    expect(text).not.toMatch(/"password"/);
    expect(statSync(store.path).mode & 0o777).toBe(0o600);

    const again = await connect(resolveConnection({}, openProfileStore({ env: { ECSDECK_CONFIG_DIR: dir } })), { fetch: emu.fetch });
    expect((await again.account.get()).username).toBe('demo');
  });

  it('loginToProfile can keep the JWT instead; once expired it is not sent', async () => {
    const emu = createEmulator({ clock: 'manual', seed: 'empty' });
    const { profile: p } = await loginToProfile(
      store,
      { name: 'emu', endpoint: BASE, username: 'demo', password: 'demo', keep: 'jwt' },
      { fetch: emu.fetch },
    );
    expect(p.credential?.kind).toBe('jwt');
    let sent = 0;
    const counting = (r: Request) => {
      sent++;
      return emu.fetch(r);
    };
    const expire = p.credential?.kind === 'jwt' ? p.credential.expire : 0;
    const later = await connect(resolveConnection({}, store), { fetch: counting, now: () => expire * 1000 + 1 });
    await expect(later.account.get()).rejects.toBeInstanceOf(AuthExpiredError);
    expect(sent).toBe(0);
  });
});
