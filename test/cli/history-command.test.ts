// `ecsdeck history list|get`: the history of writes for scripts, from the built program in a child process.
// A command's write is listed with how it ended and the command that sends it again, with no connection at
// all; a damaged line is skipped and counted on stderr; an unknown write is a refusal (exit 1).
import { appendFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulatorProcess, type Emulator } from '../e2e/harness.js';
import { envFor, run } from './harness.js';

const SLOW = 90_000;

let emu: Emulator;
let env: Record<string, string | undefined>;
/** no service named anywhere: the history is read with no connection made */
let offline: Record<string, string | undefined>;
let state: string;

beforeAll(async () => {
  emu = await startEmulatorProcess('demo');
  state = mkdtempSync(join(tmpdir(), 'ecsdeck-history-cmd-'));
  env = { ...envFor(emu), XDG_STATE_HOME: state };
  offline = { ...env, ECSDECK_API_URL: undefined, ECSDECK_USERNAME: undefined, ECSDECK_PASSWORD: undefined };
});
afterAll(() => emu?.stop());

interface WriteJson {
  id: string;
  by: string;
  what: string;
  answer: string | null;
  outcome: string;
  command: string | null;
  why: string | null;
  request: { method: string; path: string; body?: unknown };
  via: string;
  profile: string;
}

describe('ecsdeck history', () => {
  it('lists a command\u2019s writes, newest first, with how each ended and the command that sends it again, with no connection', async () => {
    const empty = await run(['history', 'list', '-o', 'json'], { env: offline });
    expect(empty.code).toBe(0);
    expect(JSON.parse(empty.stdout)).toEqual([]);

    expect((await run(['servers', 'update', 'ec206901', '--notes', 'web-1b'], { env })).code).toBe(0);
    const refused = await run(['servers', 'update', 'ec999999', '--notes', 'nobody'], { env });
    expect(refused.code).toBe(1);

    const json = await run(['history', 'list', '-o', 'json'], { env: offline });
    expect(json.code, json.stderr).toBe(0);
    expect(json.stderr).toBe('');
    const writes = JSON.parse(json.stdout) as WriteJson[];
    expect(writes).toHaveLength(2);
    const [last, first] = writes;
    expect(first).toMatchObject({ by: 'command', answer: 'done', outcome: 'done', request: { method: 'PUT', path: '/ecs/v2/servers/ec206901', body: { note: 'web-1b' } } });
    // sent through the environment's variables: run again, it goes where they say
    expect(first).toMatchObject({ via: 'env', command: 'ecsdeck servers update ec206901 --notes web-1b' });
    expect(first.why).toBeNull();
    expect(last.answer).toBe('refused');
    expect(last.outcome).toBe(`refused: ${refused.stderr.trim()}`);

    const table = await run(['history', 'list'], { env: offline });
    const lines = table.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^ID\s+WHEN\s+PROFILE\s+BY\s+WHAT\s+RESULT$/);
    expect(lines[2]).toMatch(new RegExp(`^${first.id} .* command +${first.what.replace(/[()]/g, '\\$&')} +done$`));
    expect((await run(['history', 'list', '--last', '1', '-o', 'json'], { env: offline })).stdout).toContain(last.id);
    expect(JSON.parse((await run(['history', 'list', '--by', 'dashboard', '-o', 'json'], { env: offline })).stdout)).toEqual([]);
    const csv = await run(['history', 'list', '-o', 'csv'], { env: offline });
    expect(csv.stdout.split('\r\n')[0]).toBe('id,when,profile,by,what,result');

    const one = await run(['history', 'get', first.id], { env: offline });
    expect(one.code).toBe(0);
    expect(one.stdout).toMatch(/^COMMAND:\s+ecsdeck servers update ec206901 --notes web-1b$/m);
    expect(one.stdout).toMatch(/^SENT:\s+PUT \/ecs\/v2\/servers\/ec206901$/m);
    // the command, run as printed, does the same on the service
    const again = await run([...(first.command ?? '').split(' ').slice(1), '-o', 'json'], { env: { ...env, XDG_STATE_HOME: mkdtempSync(join(tmpdir(), 'ecsdeck-history-again-')) } });
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ name: 'ec206901', notes: 'web-1b' });
  }, SLOW);

  it('a write made through a profile is sent again through that profile, whichever is current', async () => {
    // two services: work (the emulator above) and home (another), home current
    const home = await startEmulatorProcess('demo');
    try {
      const dirs = { ECSDECK_CONFIG_DIR: mkdtempSync(join(tmpdir(), 'ecsdeck-history-profiles-')), XDG_STATE_HOME: mkdtempSync(join(tmpdir(), 'ecsdeck-history-profiles-state-')) };
      const plain = { ...offline, ...dirs };
      for (const [name, url, use] of [['work', emu.url, []], ['home', home.url, ['--use']]] as const) {
        const added = await run(['profiles', 'add', name, '--address', url, '--user', 'demo', '--password-stdin', ...use], { env: plain, input: 'demo\n' });
        expect(added.code, added.stderr).toBe(0);
      }
      expect((await run(['--profile', 'work', 'servers', 'update', 'ec206901', '--notes', 'from-work'], { env: plain })).code).toBe(0);
      const [write] = JSON.parse((await run(['history', 'list', '-o', 'json'], { env: plain })).stdout) as WriteJson[];
      expect(write).toMatchObject({ profile: 'work', via: 'profile', command: 'ecsdeck --profile work servers update ec206901 --notes from-work' });
      expect((await run(['history', 'get', write.id], { env: plain })).stdout).toMatch(/^COMMAND:\s+ecsdeck --profile work servers update ec206901 --notes from-work$/m);

      // work's server is changed behind the history's back; the command, run as printed, changes it back there
      expect((await run(['--profile', 'work', 'servers', 'update', 'ec206901', '--notes', 'changed'], { env: plain })).code).toBe(0);
      const again = await run(write.command!.split(' ').slice(1), { env: plain });
      expect(again.code, again.stderr).toBe(0);
      const notesOn = async (profile: string) => (JSON.parse((await run(['--profile', profile, 'servers', 'get', 'ec206901', '-o', 'json'], { env: plain })).stdout) as { notes: string }).notes;
      expect(await notesOn('work')).toBe('from-work');
      // the current profile's service was not touched
      expect(await notesOn('home')).toBe('web-1');
    } finally {
      home.stop();
    }
  }, SLOW);

  it('refuses a write it does not hold (exit 1), and skips a damaged line, saying so on stderr', async () => {
    const missing = await run(['history', 'get', 'mx0-nothing'], { env: offline });
    expect(missing.code).toBe(1);
    expect(missing.stdout).toBe('');
    expect(missing.stderr).toBe("write 'mx0-nothing' not found in the history (ecsdeck history list names them)\n");

    appendFileSync(join(state, 'ecsdeck', 'history.jsonl'), '{"v":1,"t":"sent","id":"cut-by-a-cra\n');
    const listed = await run(['history', 'list', '-o', 'json'], { env: offline });
    expect(listed.code).toBe(0);
    expect((JSON.parse(listed.stdout) as unknown[]).length).toBe(2);
    expect(listed.stderr).toBe('1 unreadable line of the history file skipped\n');
  }, SLOW);
});
