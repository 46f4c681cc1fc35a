// The entry point starts the demo's emulator before the dashboard has loaded when the flags and the
// environment alone already say "embedded demo". surelyDemo must never say so when the dashboard would
// connect somewhere else, and must say so for a plain first start with nothing configured.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { resolveConnection } from '../../src/config/connection.js';
import { openProfileStore } from '../../src/config/profiles.js';
import { parseFlags, planConnection } from '../../src/boot/main.js';
import { rehearsalWanted, surelyDemo } from '../../src/boot/start-plan.js';

let dir = '';
let env: Record<string, string | undefined> = {};
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'ecsdeck-start-plan-'));
  // a fresh config directory holding no profile file, and none of the connection variables
  env = { ECSDECK_CONFIG_DIR: dir };
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const CONNECTION_VARS = ['ECSDECK_API_URL', 'ECSDECK_API_TOKEN', 'ECSDECK_USERNAME', 'ECSDECK_PASSWORD', 'ECSDECK_PROFILE'];

describe('surelyDemo', () => {
  test('nothing configured: the demo is certain', () => {
    expect(surelyDemo(parseFlags([]), env)).toBe(true);
  });

  test('--demo is certain even with a profile file and connection variables', async () => {
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ current: 'work', profiles: {} }));
    const full = { ...env, ECSDECK_API_URL: 'http://x:1', ECSDECK_API_TOKEN: 'tok-1234' };
    expect(surelyDemo(parseFlags(['--demo']), full)).toBe(true);
    expect(await planConnection(parseFlags(['--demo']), full)).toEqual({ kind: 'demo' });
  });

  test.each([['--help'], ['-h'], ['--version'], ['-V']])('%s starts no demo, even with nothing configured', (flag) => {
    expect(surelyDemo(parseFlags([flag]), env)).toBe(false);
  });

  test('--help with --demo starts no demo either', () => {
    expect(surelyDemo(parseFlags(['--demo', '--help']), env)).toBe(false);
  });

  test.each([
    [['--api-url', 'https://api.example.net']],
    [['--api-url=https://api.example.net']],
    [['--profile', 'p']],
    [['--profile=p']],
  ])('%j is a connection elsewhere, not a certain demo', (argv) => {
    expect(surelyDemo(parseFlags(argv), env)).toBe(false);
  });

  test.each(CONNECTION_VARS)('%s set is not a certain demo', (name) => {
    expect(surelyDemo(parseFlags([]), { ...env, [name]: 'x' })).toBe(false);
  });

  test('connection variables set to the empty string count as unset', () => {
    const empty = { ...env, ...Object.fromEntries(CONNECTION_VARS.map((k) => [k, ''])) };
    expect(surelyDemo(parseFlags([]), empty)).toBe(true);
  });

  test('a profile file in the config directory means the profiles must be opened first', () => {
    writeFileSync(
      join(dir, 'config.json'),
      JSON.stringify({ current: 'work', profiles: { work: { endpoint: 'https://w.example.net', credential: { kind: 'token', token: 'tok-5678' } } } }),
    );
    expect(surelyDemo(parseFlags([]), env)).toBe(false);
  });

  test.runIf(process.platform === 'linux')('with no ECSDECK_CONFIG_DIR, the profile file looked for is under XDG_CONFIG_HOME', () => {
    const xdg = { XDG_CONFIG_HOME: dir };
    expect(surelyDemo(parseFlags([]), xdg)).toBe(true);
    mkdirSync(join(dir, 'ecsdeck'));
    writeFileSync(join(dir, 'ecsdeck', 'config.json'), JSON.stringify({ current: null, profiles: {} }));
    expect(surelyDemo(parseFlags([]), xdg)).toBe(false);
  });
});

describe('whenever surelyDemo says demo, the dashboard would have started the demo anyway', () => {
  // surelyDemo lets the dashboard skip opening the profiles; opening them must have led to the demo too
  test.each([
    ['no flags', [] as string[], {}],
    ['--read-only', ['--read-only'], {}],
    ['connection variables set empty', [], Object.fromEntries(CONNECTION_VARS.map((k) => [k, '']))],
  ])('%s', async (_label, argv, extra) => {
    const flags = parseFlags(argv);
    const e = { ...env, ...extra };
    expect(surelyDemo(flags, e)).toBe(true);
    expect(await planConnection(flags, e)).toEqual({ kind: 'demo' });
    expect(resolveConnection(e, openProfileStore({ env: e })).source).toBe('none');
  });
});

describe('rehearsalWanted', () => {
  test('rehearses on a terminal unless ECSDECK_NO_REHEARSAL says no; 0 or empty does not turn it off', () => {
    expect(rehearsalWanted({}, true)).toBe(true);
    expect(rehearsalWanted({ ECSDECK_NO_REHEARSAL: '1' }, true)).toBe(false);
    expect(rehearsalWanted({ ECSDECK_NO_REHEARSAL: 'yes' }, true)).toBe(false);
    expect(rehearsalWanted({ ECSDECK_NO_REHEARSAL: '0' }, true)).toBe(true);
    expect(rehearsalWanted({ ECSDECK_NO_REHEARSAL: '' }, true)).toBe(true);
    // piped: no one's keys to get ready for
    expect(rehearsalWanted({}, false)).toBe(false);
    expect(rehearsalWanted({}, undefined)).toBe(false);
  });
});
