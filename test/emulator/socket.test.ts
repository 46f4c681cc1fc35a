// The emulator started the way users start it (`ecsdeck emulator`, the built program) over a real socket,
// including a kill at an arbitrary moment and a restart on the same --state file.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const BIN = join(import.meta.dirname, '../../bin/ecsdeck.js');
const children: ChildProcess[] = [];

afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null) c.kill('SIGKILL');
});

function start(args: string[], env: Record<string, string> = {}): Promise<{ child: ChildProcess; url: string; stdout: () => string; stderr: () => string }> {
  const child = spawn(process.execPath, [BIN, 'emulator', ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  children.push(child);
  let out = '';
  let err = '';
  child.stderr.on('data', (d) => (err += d));
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/^emulator listening on (http:\/\/\S+)\n/);
      if (m) resolve({ child, url: m[1], stdout: () => out, stderr: () => err });
    });
    child.on('exit', (code) => reject(new Error(`emulator exited ${code}: ${err}`)));
  });
}

const exited = (child: ChildProcess) =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((r) => child.once('exit', (code, signal) => r({ code, signal })));

async function call(url: string, method: string, path: string, body?: unknown, token?: string) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(url + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as any };
}

describe('the emulator over a socket', () => {
  it('prints exactly one line when ready and exits 0 on SIGTERM', async () => {
    const { child, url, stdout } = await start(['--port', '0', '--seed', 'empty']);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect((await call(url, 'GET', '/__emulator/clock')).body.mode).toBe('real');
    const done = exited(child);
    child.kill('SIGTERM');
    expect((await done).code).toBe(0);
    expect(stdout()).toBe(`emulator listening on ${url}\n`);
  });

  it('logs a client that hangs up mid-request in one line, and keeps serving', async () => {
    const emu = await start(['--port', '0', '--seed', 'empty', '--clock', 'manual']);
    const token = (await call(emu.url, 'POST', '/ecs/v2/login', { username: 'demo', password: 'demo' })).body.token;
    const { port } = new URL(emu.url);
    const socket = connect(Number(port), '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    // a body promised 100 bytes long, 5 sent, then the connection closed
    socket.write(`POST /ecs/v2/keys HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nauthorization: Bearer ${token}\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{"not`);
    await new Promise((r) => setImmediate(r));
    socket.destroy();
    const deadline = Date.now() + 5000;
    while (!emu.stderr().includes('\n') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(emu.stderr()).toBe('emulator: POST /ecs/v2/keys: the client closed the connection before sending its whole request\n');
    expect((await call(emu.url, 'GET', '/ecs/v2/keys', undefined, token)).body).toEqual([]);
  });

  it('refuses bad flags with a message and exit code 2', async () => {
    const child = spawn(process.execPath, [BIN, 'emulator', '--clock', 'sideways'], { stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    let err = '';
    child.stderr.on('data', (d) => (err += d));
    expect((await exited(child)).code).toBe(2);
    expect(err).toContain('--clock must be one of real, manual');
  });

  it('keeps everything across a SIGKILL and a restart on the same --state file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ecsdeck-state-'));
    const state = join(dir, 'state.json');
    const first = await start(['--port', '0', '--clock', 'manual', '--seed', 'empty', '--state', state]);
    const token = (await call(first.url, 'POST', '/ecs/v2/login', { username: 'demo', password: 'demo' })).body.token;
    const created = await call(first.url, 'POST', '/ecs/v2/servers', { plan: 'eCS1', location: 'it-mi2', image: 'debian-12', notes: 'survivor' }, token);
    expect(created.status).toBe(200);
    await call(first.url, 'POST', '/__emulator/clock/advance', { seconds: 30 });
    const clockBefore = (await call(first.url, 'GET', '/__emulator/clock')).body.now;

    // a burst of writes, killed part-way: every acknowledged write must survive
    let acknowledged = 0;
    const burst = Array.from({ length: 40 }, (_, i) =>
      call(first.url, 'POST', '/ecs/v2/keys', { notes: `k${i}` }, token).then(
        (r) => {
          if (r.status === 200) acknowledged += 1;
        },
        () => undefined,
      ),
    );
    await new Promise((r) => setTimeout(r, 15));
    const ackedAtKill = acknowledged;
    const gone = exited(first.child);
    first.child.kill('SIGKILL');
    await Promise.all(burst);
    await gone;
    expect(() => JSON.parse(readFileSync(state, 'utf8'))).not.toThrow();

    const second = await start(['--port', '0', '--clock', 'manual', '--seed', 'empty', '--state', state]);
    // the manual clock resumes where it stopped; the login still holds (same signing key)
    expect((await call(second.url, 'GET', '/__emulator/clock')).body.now).toBe(clockBefore);
    const servers = await call(second.url, 'GET', '/ecs/v2/servers', undefined, token);
    expect(servers.status).toBe(200);
    expect(servers.body.server.map((s: { notes: string }) => s.notes)).toEqual(['survivor']);
    expect(servers.body.server[0].status).toBe('Booting');
    const keys = await call(second.url, 'GET', '/ecs/v2/keys', undefined, token);
    expect(keys.body.length).toBeGreaterThanOrEqual(ackedAtKill);
    // the restored state machines keep moving
    await call(second.url, 'POST', '/__emulator/clock/advance', { seconds: 60 });
    const after = await call(second.url, 'GET', `/ecs/v2/servers/${created.body.server.name}`, undefined, token);
    expect(after.body.server.status).toBe('Booted');
  });
});

describe('--state FILE under repeated SIGKILLs', () => {
  it('loses no acknowledged write across 12 kills at random moments mid-burst (half of them while compacting), and always loads', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ecsdeck-kill-'));
    const state = join(dir, 'state.json');
    const args = ['--port', '0', '--clock', 'manual', '--seed', 'empty', '--state', state];
    const acked = new Set<string>();
    let token = '';
    for (let round = 0; round < 12; round++) {
      // odd rounds rewrite the whole state every few writes, so some kills land in the middle of that
      const emu = await start(args, round % 2 === 1 ? { ECSDECK_STATE_COMPACT_BYTES: '3000' } : {});
      if (token === '') {
        const jwt = (await call(emu.url, 'POST', '/ecs/v2/login', { username: 'demo', password: 'demo' })).body.token;
        token = jwt;
      }
      // everything acknowledged in earlier rounds is there
      const keys = await call(emu.url, 'GET', '/ecs/v2/keys', undefined, token);
      const servers = await call(emu.url, 'GET', '/ecs/v2/servers', undefined, token);
      const seen = new Set([
        ...keys.body.map((k: { notes: string }) => k.notes),
        ...servers.body.server.map((s: { notes: string }) => s.notes),
      ]);
      for (const note of acked) expect(seen.has(note), `round ${round}: ${note}`).toBe(true);
      // four writers at once (keys, servers, a clock move), killed after a random few milliseconds
      let stop = false;
      let ackedThisRound = 0;
      const writer = async (w: number) => {
        for (let i = 0; !stop; i++) {
          const note = `r${round}w${w}i${i}`;
          const r =
            w % 2 === 0
              ? await call(emu.url, 'POST', '/ecs/v2/keys', { notes: note }, token).catch(() => null)
              : await call(emu.url, 'POST', '/ecs/v2/servers', { plan: 'eCS1', location: 'it-mi2', image: 'debian-12', notes: note }, token).catch(() => null);
          if (r === null) return;
          if (r.status === 200) {
            acked.add(note);
            ackedThisRound += 1;
          }
        }
      };
      const writers = [0, 1, 2, 3].map(writer);
      // the kill comes a random few milliseconds after the burst is under way (its first writes acknowledged),
      // not after a fixed time: on a loaded machine a fixed time can end a round before anything was written
      for (const until = Date.now() + 10_000; ackedThisRound < 3 && Date.now() < until; ) await new Promise((r) => setTimeout(r, 2));
      await new Promise((r) => setTimeout(r, Math.floor(Math.random() * 60)));
      const gone = exited(emu.child);
      emu.child.kill('SIGKILL');
      stop = true;
      await gone;
      await Promise.all(writers);
    }
    expect(acked.size).toBeGreaterThan(24);
    const last = await start(args);
    const keys = await call(last.url, 'GET', '/ecs/v2/keys', undefined, token);
    const servers = await call(last.url, 'GET', '/ecs/v2/servers', undefined, token);
    const seen = new Set([...keys.body.map((k: { notes: string }) => k.notes), ...servers.body.server.map((s: { notes: string }) => s.notes)]);
    for (const note of acked) expect(seen.has(note), note).toBe(true);
    // nothing is there twice, and nothing that was never asked for
    expect(seen.size).toBe(keys.body.length + servers.body.server.length);
  }, 60_000);
});

describe('requestListener: a port opened before the emulator loaded', () => {
  it('answers the requests that arrived while it loaded, and the ones after, as the service does', async () => {
    const { createServer } = await import('node:http');
    const { createEmulator } = await import('../../src/emulator/app.js');
    let listener: ((req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void) | null = null;
    const early: Array<[import('node:http').IncomingMessage, import('node:http').ServerResponse]> = [];
    const server = createServer((req, res) => (listener ? listener(req, res) : early.push([req, res])));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    try {
      const waiting = call(url, 'POST', '/ecs/v2/login', { username: 'demo', password: 'demo' });
      const refused = call(url, 'POST', '/ecs/v2/login', { username: 'demo', password: 'wrong' });
      await new Promise((r) => setImmediate(r));
      const emulator = createEmulator({ clock: 'manual', seed: 'demo' });
      listener = emulator.requestListener();
      for (const [req, res] of early.splice(0)) listener(req, res);
      const login = await waiting;
      expect(login.status).toBe(200);
      expect((await refused).status).toBe(401);
      const list = await call(url, 'GET', '/ecs/v2/servers', undefined, login.body.token);
      expect(list.status).toBe(200);
      expect(list.body.server.map((s: { notes: string }) => s.notes)).toContain('web-1');
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });
});
