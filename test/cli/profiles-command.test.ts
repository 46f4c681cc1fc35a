// `ecsdeck profiles list|get|use|remove` from the built program: the config file's profiles for scripts,
// with no connection made and never a credential printed; removing one asks, and needs --yes without a
// terminal.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openProfileStore } from '../../src/config/profiles.js';
import { startEmulatorProcess, type Emulator } from '../e2e/harness.js';
import { run } from './harness.js';

const SLOW = 60_000;
const TOKEN = 'tok-ABCDEF-never-printed';
const JWT = 'eyJhbGciOi.never.printed';

let env: Record<string, string | undefined>;
beforeEach(() => {
  const dir = mkdtempSync(join(tmpdir(), 'ecsdeck-profiles-cmd-'));
  env = { ECSDECK_CONFIG_DIR: dir, ECSDECK_API_URL: undefined, ECSDECK_API_TOKEN: undefined, ECSDECK_USERNAME: undefined, ECSDECK_PASSWORD: undefined, ECSDECK_PROFILE: undefined };
  const store = openProfileStore({ env });
  store.add({ name: 'prod', endpoint: 'https://api.example.net', credential: { kind: 'token', token: TOKEN } });
  store.add({ name: 'lab', endpoint: 'http://127.0.0.1:8787', credential: { kind: 'jwt', token: JWT, expire: Date.UTC(2026, 11, 1, 9, 30) / 1000 }, theme: 'light', history: false });
});

describe('ecsdeck profiles', () => {
  it('lists and gets the profiles, the current one marked, naming each credential without printing it', async () => {
    const table = await run(['profiles', 'list'], { env });
    expect(table.code).toBe(0);
    expect(table.stdout.trimEnd().split('\n')).toEqual([
      'NAME  CURRENT  ADDRESS                  SIGNS IN WITH',
      'lab            http://127.0.0.1:8787    login, until 2026-12-01 09:30 UTC',
      'prod  yes      https://api.example.net  API token',
    ]);
    const json = await run(['profiles', 'list', '-o', 'json'], { env });
    expect(JSON.parse(json.stdout)).toEqual([
      { name: 'lab', address: 'http://127.0.0.1:8787', credential: 'login', loginExpires: '2026-12-01T09:30:00.000Z', current: false, theme: 'light', history: false },
      { name: 'prod', address: 'https://api.example.net', credential: 'token', loginExpires: null, current: true, theme: null, history: true },
    ]);
    const one = await run(['profiles', 'get', 'lab'], { env });
    expect(one.stdout).toMatch(/^THEME:\s+light$/m);
    expect(one.stdout).toMatch(/^HISTORY:\s+no$/m);
    for (const r of [table, json, one]) {
      expect(`${r.stdout}${r.stderr}`).not.toContain(TOKEN);
      expect(`${r.stdout}${r.stderr}`).not.toContain(JWT);
    }
    const missing = await run(['profiles', 'get', 'staging'], { env });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe("profile 'staging' not found (ecsdeck profiles list names them)\n");
  }, SLOW);

  it('use makes one current; remove needs --yes without a terminal, and then forgets it', async () => {
    const used = await run(['profiles', 'use', 'lab'], { env });
    expect(used.code).toBe(0);
    expect(used.stderr).toBe("'lab' is the current profile now (http://127.0.0.1:8787)\n");
    expect(openProfileStore({ env }).currentName).toBe('lab');

    const unasked = await run(['profiles', 'remove', 'lab'], { env });
    expect(unasked.code).toBe(2);
    expect(unasked.stderr).toContain("'profiles remove' cannot be undone: add --yes");
    expect(openProfileStore({ env }).get('lab')).toBeDefined();

    const removed = await run(['profiles', 'remove', 'lab', '--yes'], { env });
    expect(removed.code).toBe(0);
    expect(removed.stderr).toBe("profile 'lab' removed; the current one is 'prod'\n");
    const store = openProfileStore({ env });
    expect(store.get('lab')).toBeUndefined();
    expect(store.currentName).toBe('prod');
  }, SLOW);

  it('completes profile names from the config file, for --profile and the profiles verbs', async () => {
    const names = await run(['completion', 'names', 'profiles'], { env });
    expect(names.code).toBe(0);
    expect(names.stdout).toBe('lab\nprod\n');
    const bash = await run(['completion', 'bash']);
    expect(bash.stdout).toContain(`'profiles use') words="$(ecsdeck completion names profiles 2>/dev/null)" ;;`);
    expect(bash.stdout).toContain('--profile) COMPREPLY=( $(compgen -W "$(ecsdeck completion names profiles 2>/dev/null)" -- "$cur") ); return ;;');
    const fish = await run(['completion', 'fish']);
    expect(fish.stdout).toContain("complete -c ecsdeck -l profile -r -a '(ecsdeck completion names profiles 2>/dev/null)'");
  }, SLOW);

  describe('add', () => {
    let emu: Emulator;
    beforeAll(async () => {
      emu = await startEmulatorProcess('demo');
    });
    afterAll(() => emu?.stop());

    it('saves a user\u2019s login as an API token made for this machine, the password read from stdin and kept nowhere', async () => {
      const r = await run(['profiles', 'add', 'emu', '--address', emu.url, '--user', 'demo', '--password-stdin', '--use'], { env, input: 'demo\n' });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toBe('');
      expect(r.stderr).toBe(`profile 'emu' saved (${emu.url}, API token), the current one\n`);
      const saved = openProfileStore({ env }).get('emu');
      expect(saved?.credential?.kind).toBe('token');
      expect(JSON.stringify(saved)).not.toContain('"demo"');
      // it works: a command with no other connection setting uses it
      const servers = await run(['servers', 'list', '-o', 'json'], { env });
      expect(servers.code, servers.stderr).toBe(0);
      expect((JSON.parse(servers.stdout) as Array<{ name: string }>).map((s) => s.name)).toContain('ec206901');
    }, SLOW);

    it('remove --revoke revokes the token this machine made, on its service, then forgets the profile', async () => {
      expect((await run(['profiles', 'add', 'emu', '--address', emu.url, '--user', 'demo', '--password-stdin'], { env, input: 'demo\n' })).code).toBe(0);
      const made = openProfileStore({ env }).get('emu')?.credential;
      const id = made?.kind === 'token' ? made.id : undefined;
      expect(id).toBeGreaterThan(0);
      const jwt = await emu.token();
      // the bare array (spec 4.1)
      const listed = async () => (await emu.call('GET', '/ecs/v2/keys', undefined, { token: jwt })).body as Array<{ id: number }>;
      expect((await listed()).map((k) => k.id)).toContain(id);

      // a pasted token's id is not known: nothing is removed, and it says what to do
      const pasted = await run(['profiles', 'remove', 'prod', '--revoke', '--yes'], { env });
      expect(pasted.code).toBe(2);
      expect(pasted.stderr).toContain("profile 'prod' holds no API token whose id is known: nothing was removed");
      expect(openProfileStore({ env }).get('prod')).toBeDefined();

      const r = await run(['profiles', 'remove', 'emu', '--revoke', '--yes'], { env });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toBe(`profile 'emu' removed, its API token ${id} revoked; the current one is 'prod'\n`);
      expect((await listed()).map((k) => k.id)).not.toContain(id);
      expect(openProfileStore({ env }).get('emu')).toBeUndefined();
    }, SLOW);

    it('saves an API token read from stdin once the service takes it; a refused one is not saved (exit 4)', async () => {
      const jwt = await emu.token();
      const { token } = (await emu.call('POST', '/ecs/v2/keys', { notes: 'for a script' }, { token: jwt })).body as { token: string };
      const ok = await run(['profiles', 'add', 'tok', '--address', emu.url, '--token-stdin'], { env, input: `${token}\n` });
      expect(ok.code, ok.stderr).toBe(0);
      expect(ok.stderr).toBe(`profile 'tok' saved (${emu.url}, API token)\n`);
      expect(openProfileStore({ env }).currentName).toBe('prod');

      const bad = await run(['profiles', 'add', 'bad', '--address', emu.url, '--token-stdin'], { env, input: 'not-a-token\n' });
      expect(bad.code).toBe(4);
      expect(bad.stderr).not.toContain('not-a-token');
      expect(openProfileStore({ env }).get('bad')).toBeUndefined();

      const wrong = await run(['profiles', 'add', 'bad', '--address', emu.url, '--user', 'demo', '--password-stdin'], { env, input: 'hunter2\n' });
      expect(wrong.code).toBe(4);
      expect(wrong.stderr).not.toContain('hunter2');
      expect(openProfileStore({ env }).get('bad')).toBeUndefined();
    }, SLOW);

    it('takes no secret on the command line, keeps a profile of that name unless --replace, and saves nothing on a usage error', async () => {
      const readOnly = await run(['profiles', 'add', 'x', '--address', emu.url, '--user', 'demo', '--password-stdin', '--read-only'], { env, input: 'demo\n' });
      expect(readOnly.code).toBe(2);
      expect(readOnly.stderr).toContain('--read-only: a login makes an API token on the service; nothing was sent');
      const none = await run(['profiles', 'add', 'x', '--address', emu.url], { env });
      expect(none.code).toBe(2);
      expect(none.stderr).toContain('give --token-stdin, or --user USER with --password-stdin: a secret is never taken on the command line');
      const taken = await run(['profiles', 'add', 'prod', '--address', emu.url, '--token-stdin'], { env, input: 'x\n' });
      expect(taken.code).toBe(2);
      expect(taken.stderr).toContain("a profile named 'prod' already exists (--replace changes it)");
      expect(openProfileStore({ env }).get('prod')?.endpoint).toBe('https://api.example.net');
      const empty = await run(['profiles', 'add', 'y', '--address', emu.url, '--token-stdin'], { env, input: '' });
      expect(empty.code).toBe(2);
      expect(empty.stderr).toContain('give the API token on stdin (its first line); nothing was saved');
      const address = await run(['profiles', 'add', 'z', '--address', 'ftp:nowhere', '--token-stdin'], { env, input: 'x\n' });
      expect(address.code).toBe(2);
      expect(openProfileStore({ env }).list().map((p) => p.name)).toEqual(['lab', 'prod']);
    }, SLOW);
  });
});
