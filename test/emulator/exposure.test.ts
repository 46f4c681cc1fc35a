// The built emulator (`ecsdeck emulator`) as users start it: a host beyond loopback, two emulators on one
// --state file, and a body too large answered so that the client can read the answer. Every connection goes to
// 127.0.0.1, even to an emulator bound to 0.0.0.0: nothing here reaches beyond this machine.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN_OFF_MESSAGE, ADMIN_TOKEN_MESSAGE } from '../../src/emulator/admin.js';
import { createEmulator } from '../../src/emulator/app.js';
import { demoOffMessage } from '../../src/emulator/auth.js';

const BIN = join(import.meta.dirname, '../../bin/ecsdeck.js');
const children: ChildProcess[] = [];
const closers: Array<() => Promise<void>> = [];

afterEach(async () => {
  for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  for (const c of closers.splice(0)) await c();
});

interface Run {
  child: ChildProcess;
  exit: Promise<number | null>;
  stdout: () => string;
  stderr: () => string;
}

function run(args: string[], env: Record<string, string> = {}): Run {
  const child = spawn(process.execPath, [BIN, 'emulator', ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  children.push(child);
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (err += d));
  const exit = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  return { child, exit, stdout: () => out, stderr: () => err };
}

/** Started and ready: the port it printed (its stdout's one line). */
async function ready(r: Run): Promise<number> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const m = r.stdout().match(/^emulator listening on http:\/\/[^:]+:(\d+)\n/);
    if (m) return Number(m[1]);
    if (r.child.exitCode !== null) throw new Error(`emulator exited ${r.child.exitCode}: ${r.stderr()}`);
    if (Date.now() > deadline) throw new Error(`emulator not ready: ${r.stderr()}`);
    await new Promise((res) => setTimeout(res, 20));
  }
}

async function call(port: number, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { message?: string; token?: string } };
}

const demo = { username: 'demo', password: 'demo' };
const TOKEN = 'test-admin-token-0123456789abcdef';

describe('--host beyond loopback', () => {
  it('turns the admin endpoints and the demo account off, says so on stderr, and keeps the one ready line', async () => {
    const r = run(['--host', '0.0.0.0', '--port', '0', '--seed', 'empty', '--clock', 'manual']);
    const port = await ready(r);
    expect(r.stdout()).toBe(`emulator listening on http://0.0.0.0:${port}\n`);
    const off = await call(port, 'POST', '/__emulator/reset', {});
    expect(off.status).toBe(403);
    expect(off.body.message).toBe(ADMIN_OFF_MESSAGE);
    expect((await call(port, 'GET', '/__emulator/clock')).status).toBe(403);
    const login = await call(port, 'POST', '/ecs/v2/login', demo);
    expect(login.status).toBe(403);
    expect(login.body.message).toBe(demoOffMessage('demo'));
    expect(r.stderr()).toBe(
      [
        `emulator: warning: listening on 0.0.0.0, beyond loopback: any machine that reaches port ${port} can use the service endpoints and log in to their accounts`,
        'emulator: warning: the admin endpoints (/__emulator/: clock, users, faults, reset) are off; --admin-token TOKEN turns them on for requests sending Authorization: Bearer TOKEN',
        'emulator: warning: the demo account is off; --demo-account turns it on',
        '',
      ].join('\n'),
    );
  });

  it('opens the admin endpoints to the --admin-token only, and the demo account with --demo-account', async () => {
    const r = run(['--host', '0.0.0.0', '--port', '0', '--seed', 'empty', '--clock', 'manual', '--admin-token', TOKEN, '--demo-account']);
    const port = await ready(r);
    const without = await call(port, 'POST', '/__emulator/clock/advance', { seconds: 5 });
    expect(without.status).toBe(401);
    expect(without.body.message).toBe(ADMIN_TOKEN_MESSAGE);
    expect((await call(port, 'POST', '/__emulator/clock/advance', { seconds: 5 }, { authorization: `Bearer ${TOKEN}` })).status).toBe(200);
    expect((await call(port, 'POST', '/ecs/v2/login', demo)).status).toBe(200);
    expect(r.stderr()).toContain('are open to requests sending Authorization: Bearer <the --admin-token>');
    expect(r.stderr()).toContain('the demo account is open with its well-known password (--demo-account)');
    // the token itself is never printed
    expect(r.stderr() + r.stdout()).not.toContain(TOKEN);
  });

  it('takes the admin token from ECSDECK_EMULATOR_ADMIN_TOKEN too (out of sight of ps)', async () => {
    const r = run(['--host', '0.0.0.0', '--port', '0', '--seed', 'empty', '--clock', 'manual'], { ECSDECK_EMULATOR_ADMIN_TOKEN: TOKEN });
    const port = await ready(r);
    expect((await call(port, 'GET', '/__emulator/clock')).status).toBe(401);
    expect((await call(port, 'GET', '/__emulator/clock', undefined, { authorization: `Bearer ${TOKEN}` })).status).toBe(200);
    expect(r.stderr()).toContain('are open to requests sending Authorization: Bearer <the --admin-token>');
  });

  it('refuses an admin token too short to guard anything (exit 2)', async () => {
    const r = run(['--host', '0.0.0.0', '--port', '0', '--admin-token', 'short']);
    expect(await r.exit).toBe(2);
    expect(r.stderr()).toContain('--admin-token (or ECSDECK_EMULATOR_ADMIN_TOKEN) must be at least 16 characters');
  });

  it('repeats a refused option with its control characters shown as ?, never sent to the terminal', async () => {
    const r = run(['--p\u001b]0;pwned\u0007ort', '1']);
    expect(await r.exit).toBe(2);
    expect(r.stderr()).toContain("emulator: Unknown option '--p?]0;pwned?ort'");
    expect(r.stderr()).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
  });

  it('leaves a loopback emulator as it was: admin endpoints open, the demo account on, nothing on stderr', async () => {
    const r = run(['--port', '0', '--seed', 'empty', '--clock', 'manual']);
    const port = await ready(r);
    expect((await call(port, 'GET', '/__emulator/clock')).status).toBe(200);
    expect((await call(port, 'POST', '/ecs/v2/login', demo)).status).toBe(200);
    expect(r.stderr()).toBe('');
  });
});

describe('two emulators on one --state file', () => {
  it('refuses the second, naming the process that holds the file; after a SIGKILL of the first, the next takes over', async () => {
    const state = join(mkdtempSync(join(tmpdir(), 'ecsdeck-lock-')), 'state.json');
    const args = ['--port', '0', '--seed', 'empty', '--clock', 'manual', '--state', state];
    const first = run(args);
    const port = await ready(first);
    const second = run(args);
    expect(await second.exit).toBe(1);
    expect(second.stdout()).toBe('');
    expect(second.stderr()).toBe(
      `emulator: state file ${state} is in use by another emulator (process ${first.child.pid}, which holds ${state}.lock). Stop that one, or give this one another --state file.\n`,
    );
    // the first goes on answering
    const token = (await call(port, 'POST', '/ecs/v2/login', demo)).body.token!;
    expect((await call(port, 'POST', '/ecs/v2/keys', { notes: 'kept' }, { authorization: `Bearer ${token}` })).status).toBe(200);
    first.child.kill('SIGKILL');
    await first.exit;
    const third = run(args);
    const port3 = await ready(third);
    expect(third.stderr()).toBe('');
    const keys = await fetch(`http://127.0.0.1:${port3}/ecs/v2/keys`, { headers: { authorization: `Bearer ${token}` } });
    expect(((await keys.json()) as Array<{ notes: string }>).map((k) => k.notes)).toEqual(['kept']);
    // and a clean stop lets go of the file: the next one starts without a takeover
    third.child.kill('SIGTERM');
    expect(await third.exit).toBe(0);
    expect(existsSync(`${state}.lock`)).toBe(false);
    await ready(run(args));
  });
});

describe('a damaged --state journal, as the built emulator tells it', () => {
  it('prints the line it skipped and keeps the rest; refuses a damaged header with exit 1 and the way out', async () => {
    const state = join(mkdtempSync(join(tmpdir(), 'ecsdeck-told-')), 'state.json');
    const args = ['--port', '0', '--seed', 'empty', '--clock', 'manual', '--state', state];
    const first = run(args);
    const port = await ready(first);
    const token = (await call(port, 'POST', '/ecs/v2/login', demo)).body.token!;
    for (const notes of ['one', 'two', 'three']) await call(port, 'POST', '/ecs/v2/keys', { notes }, { authorization: `Bearer ${token}` });
    first.child.kill('SIGTERM');
    await first.exit;
    const lines = readFileSync(`${state}.journal`, 'utf8').split('\n');
    lines[2] = 'garbage';
    writeFileSync(`${state}.journal`, lines.join('\n'));

    const second = run(args);
    const port2 = await ready(second);
    const keys = await fetch(`http://127.0.0.1:${port2}/ecs/v2/keys`, { headers: { authorization: `Bearer ${token}` } });
    expect(((await keys.json()) as Array<{ notes: string }>).map((k) => k.notes)).toEqual(['one', 'three']);
    expect(second.stderr()).toMatch(
      new RegExp(`^emulator: ${state}\\.journal line 3 was skipped \\(not JSON, 7 bytes\\); lost: the changes of one request\nemulator: the damaged ${state}\\.journal is kept as ${state}\\.journal\\.damaged-\\w+\n$`),
    );
    second.child.kill('SIGTERM');
    await second.exit;

    writeFileSync(`${state}.journal`, `garbage header\n${readFileSync(`${state}.journal`, 'utf8')}`);
    const third = run(args);
    expect(await third.exit).toBe(1);
    expect(third.stderr()).toContain(`emulator: state journal ${state}.journal cannot be read: its first line is not a journal header. Nothing was changed. Start with --state-recover`);
    const fourth = run([...args, '--state-recover']);
    await ready(fourth);
    expect(fourth.stderr()).toContain(`emulator: started from ${state} without its journal`);
  });
});

describe('a body over the limit', () => {
  it("is answered 413 in a way Node's fetch can read, every time", async () => {
    const emulator = createEmulator({ seed: 'empty', clock: 'manual' });
    const l = await emulator.listen({ port: 0, host: '127.0.0.1' });
    closers.push(l.close);
    const body = 'x'.repeat(3 * 1024 * 1024);
    for (let i = 0; i < 12; i++) {
      const res = await fetch(`${l.url}/ecs/v2/keys`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      expect(res.status).toBe(413);
      expect(((await res.json()) as { message: string }).message).toBe('request body too large (at most 1 MiB)');
    }
  });
});
