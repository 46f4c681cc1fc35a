// The transport: credentials on the wire, retries (idempotent methods only), timeouts, cancellation, expiry,
// and credentials kept out of every error.
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AnswerTooLargeError,
  ApiError,
  AuthExpiredError,
  NetworkError,
  TimeoutError,
  createClient,
  isAuthFailure,
  machineTokenLabel,
  scrub,
} from '../../src/api/index.js';
import { createEmulator } from '../../src/emulator/app.js';
import { BASE, DIALECTS, cannedClient, emuClient, json, recording, visibleText } from './helpers.js';

const PASSWORD = 'demo';

/** A loopback port that nothing listens on. */
async function closedPort(): Promise<number> {
  const { createServer } = await import('node:net');
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const port = (srv.address() as { port: number }).port;
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}

describe('credentials on the wire', () => {
  it('an API token goes in X-APITOKEN, a JWT in Authorization: Bearer', async () => {
    const { client, sent } = cannedClient(() => json({ status: 'ok', actions: [], total_actions: 0 }));
    await client.actions.list();
    expect(sent[0].headers.get('x-apitoken')).toBe('tok-canned-0123456789');
    expect(sent[0].headers.get('authorization')).toBeNull();

    client.setCredential({ kind: 'jwt', token: 'eyJhbGciOi.eyJzdWIiOi.sig', expire: Math.floor(Date.now() / 1000) + 3600 });
    await client.actions.list();
    expect(sent[1].headers.get('authorization')).toBe('Bearer eyJhbGciOi.eyJzdWIiOi.sig');
    expect(sent[1].headers.get('x-apitoken')).toBeNull();
  });

  it('login sends no credential and makes the JWT the credential', async () => {
    const e = await emuClient('primary');
    const login = await e.client.login('demo', PASSWORD);
    expect(e.sent[0].headers.get('authorization')).toBeNull();
    expect(e.sent[0].body).toEqual({ username: 'demo', password: PASSWORD });
    expect(e.client.credential).toMatchObject({ kind: 'jwt', token: login.token });
    expect(e.client.expiresAt).toEqual(login.expire);
    expect((await e.client.account.get()).username).toBe('demo');
  });

  it('a login answer received elsewhere becomes the credential as if login had received it', async () => {
    const emulator = createEmulator({ clock: 'manual', seed: 'empty' });
    const rec = recording(emulator.fetch);
    const client = createClient({ endpoint: BASE, fetch: rec.fetch });
    const res = await emulator.fetch(
      new Request(`${BASE}/ecs/v2/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'demo', password: PASSWORD }) }),
    );
    expect(client.credential).toBeNull();
    const login = client.account.acceptLogin('demo', await res.json());
    expect(rec.sent).toHaveLength(0);
    expect(client.credential).toMatchObject({ kind: 'jwt', token: login.token });
    expect(client.expiresAt).toEqual(login.expire);
    expect((await client.account.get()).username).toBe('demo');
    // the token is a secret like any other
    expect(scrub(`token ${login.token}`)).not.toContain(login.token);
  });

  it('an unreadable login answer is refused and leaves the credential as it was', () => {
    const { client } = cannedClient(() => json({}));
    const before = client.credential;
    expect(() => client.account.acceptLogin('demo', { status: 'error', message: 'nope' })).toThrow(/login answer/);
    expect(client.credential).toEqual(before);
  });

  it('query parameters leave out what was not given', async () => {
    const { client, sent } = cannedClient(() => json({ status: 'ok', actions: [], total_actions: 0 }));
    await client.actions.list({ start: 0, length: 10 });
    await client.actions.list();
    expect(sent.map((s) => s.path)).toEqual(['/ecs/v2/actions?start=0&length=10', '/ecs/v2/actions']);
  });
});

describe.each(DIALECTS)('retries against the emulator (%s)', (dialect) => {
  it('a GET survives two 503s', async () => {
    const e = await emuClient(dialect);
    await e.admin('PUT', '/__emulator/faults', { error_next: 2, error_status: 503 });
    const page = await e.client.actions.list();
    expect(page.actions).toEqual([]);
    expect(e.sent.map((s) => s.method)).toEqual(['GET', 'GET', 'GET']);
  });

  it('a POST with one 503 fails once and is sent exactly once (tokens)', async () => {
    const e = await emuClient(dialect);
    await e.admin('PUT', '/__emulator/faults', { error_next: 1, error_status: 503 });
    const err = await e.client.account.tokens.create('retry-test').catch((x: unknown) => x);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(503);
    expect(e.sent.filter((s) => s.method === 'POST')).toHaveLength(1);
    expect(await e.client.account.tokens.list()).toEqual([]);
  });

  it('a POST with one 503 creates no server, and the caller\'s own retry creates exactly one', async () => {
    const e = await emuClient(dialect);
    await e.admin('PUT', '/__emulator/faults', { error_next: 1, error_status: 503 });
    const input = { plan: 'eCS1', location: 'it-mi2', image: 'ubuntu-2404', notes: 'once' };
    await expect(e.client.servers.create(input)).rejects.toMatchObject({ status: 503 });
    expect(e.sent.filter((s) => s.method === 'POST')).toHaveLength(1);
    await e.client.servers.create(input);
    const servers = await e.client.servers.list();
    expect(servers.filter((s) => s.notes === 'once')).toHaveLength(1);
  });

  it('a PATCH is never retried', async () => {
    const e = await emuClient(dialect);
    await e.admin('PUT', '/__emulator/faults', { error_next: 1, error_status: 503 });
    await expect(e.client.snapshots.protect('ec200001', 1)).rejects.toMatchObject({ status: 503 });
    expect(e.sent).toHaveLength(1);
  });

  it('a dropped connection is retried for GET and becomes a NetworkError when it persists', async () => {
    const e = await emuClient(dialect);
    await e.admin('PUT', '/__emulator/faults', { drop_rate: 1 });
    const err = await e.client.actions.list().catch((x: unknown) => x);
    expect(err).toBeInstanceOf(NetworkError);
    expect((err as Error).message).toMatch(/^cannot reach the service at http:\/\/emulator\.test/);
    expect(e.sent).toHaveLength(4); // first try and 3 retries
    e.sent.length = 0;
    await expect(e.client.account.tokens.create('x')).rejects.toBeInstanceOf(NetworkError);
    expect(e.sent).toHaveLength(1);
  });

  it('timeouts fire: latency above the client timeout is a TimeoutError, not retried', async () => {
    const e = await emuClient(dialect, 'empty', { timeoutMs: 60 });
    await e.admin('PUT', '/__emulator/faults', { latency_ms: 1500 });
    const started = Date.now();
    const err = await e.client.actions.list().catch((x: unknown) => x);
    expect(err).toBeInstanceOf(TimeoutError);
    expect((err as Error).message).toBe('the service did not answer within 60 ms');
    expect(Date.now() - started).toBeLessThan(1000);
    expect(e.sent).toHaveLength(1);
  });

});

describe('a body that stops coming', () => {
  it('is a TimeoutError, as an answer that does not begin is, not a wait without end', async () => {
    // the headers come at once, then the first bytes of the list, then nothing, the connection held open
    const stalled = () =>
      new Response(
        new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('{"status":"ok","servers":['));
          },
        }),
        { status: 200, headers: { 'content-type': 'application/json' } },
      );
    const client = createClient({ endpoint: BASE, credential: { kind: 'token', token: 'tok-stalled-0123456789' }, timeoutMs: 60, retry: { limit: 0 }, fetch: async () => stalled() });
    const err = await client.servers.list().catch((x: unknown) => x);
    expect(err).toBeInstanceOf(TimeoutError);
    expect((err as Error).message).toBe('the service did not answer within 60 ms');
  });

  it('does not cut an answer that keeps coming, though it takes more than three times the limit in all', async () => {
    // the emulator's own answers, each given in ten pieces 20 ms apart: 200 ms in all, more than three
    // times the limit between two pieces
    const emulator = createEmulator({ clock: 'manual', seed: 'demo' });
    const slowly = async (request: Request): Promise<Response> => {
      const answer = await emulator.fetch(request);
      const text = await answer.text();
      const size = Math.ceil(text.length / 10);
      let at = 0;
      const stream = new ReadableStream<Uint8Array>({
        async pull(controller) {
          if (at >= text.length) return controller.close();
          await new Promise((r) => setTimeout(r, 20));
          controller.enqueue(new TextEncoder().encode(text.slice(at, (at += size))));
        },
      });
      return new Response(stream, { status: answer.status, headers: answer.headers });
    };
    const client = createClient({ endpoint: BASE, timeoutMs: 60, retry: { limit: 0 }, fetch: slowly });
    await client.login('demo', PASSWORD);
    expect((await client.servers.list()).map((x) => x.notes)).toContain('web-1');
  });

  it('ends an answer that trickles in, each piece within the limit, ten times the limit after its headers', async () => {
    // a byte every 10 ms, for ever: each piece well within the 30 ms limit
    let stopped = false;
    const trickle = () =>
      new Response(
        new ReadableStream<Uint8Array>({
          async pull(controller) {
            await new Promise((r) => setTimeout(r, 10));
            controller.enqueue(new TextEncoder().encode(' '));
          },
          cancel() {
            stopped = true;
          },
        }),
        { status: 200, headers: { 'content-type': 'application/json' } },
      );
    const client = createClient({ endpoint: BASE, credential: { kind: 'token', token: 'tok-trickle-0123456789' }, timeoutMs: 30, retry: { limit: 0 }, fetch: async () => trickle() });
    const started = performance.now();
    const err = await client.servers.list().catch((x: unknown) => x);
    expect(err).toBeInstanceOf(TimeoutError);
    expect((err as Error).message).toBe("the service's answer did not end within 300 ms");
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    await vi.waitFor(() => expect(stopped).toBe(true));
  });

  it('stops reading an answer without end at the most an answer may hold, and says so', async () => {
    // an address that streams: the same 64 KiB for ever
    const piece = new Uint8Array(64 * 1024).fill(0x20);
    let given = 0;
    let stopped = false;
    const endless = () =>
      new Response(
        new ReadableStream<Uint8Array>({
          pull(controller) {
            given += piece.length;
            controller.enqueue(piece);
          },
          cancel() {
            stopped = true;
          },
        }),
        { status: 200, headers: { 'content-type': 'application/json' } },
      );
    const options = { endpoint: BASE, credential: { kind: 'token' as const, token: 'tok-endless-0123456789' }, retry: { limit: 0 }, fetch: async () => endless() };
    const small = createClient({ ...options, maxAnswerBytes: 1024 * 1024 });
    const err = await small.servers.list().catch((x: unknown) => x);
    expect(err).toBeInstanceOf(AnswerTooLargeError);
    // a NetworkError: no usable answer came, so a write that meets it may or may not have been done
    expect(err).toBeInstanceOf(NetworkError);
    expect((err as Error).message).toBe("the service's answer passed 1 MiB; it was not read further");
    await vi.waitFor(() => expect(stopped).toBe(true));
    expect(given).toBeLessThan(2 * 1024 * 1024);
    // by default, 128 MiB: twenty times the list of 10,000 servers
    given = 0;
    const err128 = await createClient(options).servers.list().catch((x: unknown) => x);
    expect((err128 as Error).message).toBe("the service's answer passed 128 MiB; it was not read further");
    expect(given).toBeLessThan(129 * 1024 * 1024);
  });

  it('in a refusal, gives the refusal without its words rather than wait for them', async () => {
    const refusal = () =>
      new Response(
        new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('{"status":"error","mess'));
          },
        }),
        { status: 409, statusText: 'Conflict', headers: { 'content-type': 'application/json' } },
      );
    const client = createClient({ endpoint: BASE, credential: { kind: 'token', token: 'tok-refused-0123456789' }, timeoutMs: 60, retry: { limit: 0 }, fetch: async () => refusal() });
    const err = await client.servers.powerOff('ec206901').catch((x: unknown) => x);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(409);
    expect((err as Error).message).toBe('Conflict');
  });
});

describe('retry rules on canned answers', () => {
  it('429, 502, 503 and 504 are retried for GET; 500 and 400 are not', async () => {
    for (const status of [429, 502, 503, 504]) {
      let n = 0;
      const { client, sent } = cannedClient(() => (n++ === 0 ? json({ message: 'busy' }, status) : json({ status: 'ok', actions: [], total_actions: 0 })));
      await client.actions.list();
      expect(sent, String(status)).toHaveLength(2);
    }
    for (const status of [500, 400, 404]) {
      const { client, sent } = cannedClient(() => json({ message: 'no' }, status));
      await expect(client.actions.list()).rejects.toMatchObject({ status });
      expect(sent, String(status)).toHaveLength(1);
    }
  });

  it('PUT and DELETE are retried; POST and PATCH are not', async () => {
    const flaky = () => {
      let n = 0;
      return () => (n++ === 0 ? json({ message: 'busy' }, 503) : json({ status: 'ok' }));
    };
    let c = cannedClient(flaky());
    await c.client.account.tokens.rename(1, 'x');
    expect(c.sent).toHaveLength(2);
    c = cannedClient(flaky());
    await c.client.account.tokens.revoke(1);
    expect(c.sent).toHaveLength(2);
    c = cannedClient(flaky());
    await expect(c.client.sshKeys.add({ label: 'k', key: 'ssh-ed25519 AAAA' })).rejects.toMatchObject({ status: 503 });
    expect(c.sent).toHaveLength(1);
  });

  it('backs off exponentially and honours Retry-After', async () => {
    const times: number[] = [];
    let n = 0;
    const { client } = cannedClient(
      () => {
        times.push(Date.now());
        return n++ < 1 ? json({ message: 'slow down' }, 429, { 'retry-after': '1' }) : json({ status: 'ok', actions: [], total_actions: 0 });
      },
      { retry: { baseDelayMs: 1, maxDelayMs: 5 } },
    );
    await client.actions.list();
    expect(times).toHaveLength(2);
    expect(times[1] - times[0]).toBeGreaterThanOrEqual(950);

    const gaps: number[] = [];
    let m = 0;
    const b = cannedClient(
      () => {
        gaps.push(Date.now());
        return m++ < 3 ? json({}, 502) : json({ status: 'ok', actions: [], total_actions: 0 });
      },
      { retry: { baseDelayMs: 40, maxDelayMs: 1000 } },
    );
    await b.client.actions.list();
    const d = gaps.slice(1).map((t, i) => t - gaps[i]);
    expect(d[0]).toBeGreaterThanOrEqual(35);
    expect(d[1]).toBeGreaterThanOrEqual(75);
    expect(d[2]).toBeGreaterThanOrEqual(155);
  });

  it('a request can be cancelled, and a cancelled request is not retried', async () => {
    const { client, sent } = cannedClient(
      (req) =>
        new Promise<Response>((_resolve, reject) => {
          req.signal.addEventListener('abort', () => reject(req.signal.reason));
        }),
    );
    const ctl = new AbortController();
    const p = client.servers.list({ signal: ctl.signal });
    setTimeout(() => ctl.abort(), 20);
    const err = await p.catch((x: unknown) => x);
    expect((err as Error).name).toBe('AbortError');
    expect(sent).toHaveLength(1);

    const done = new AbortController();
    done.abort();
    await expect(client.servers.list({ signal: done.signal })).rejects.toMatchObject({ name: 'AbortError' });
    expect(sent).toHaveLength(1);
  });
});

describe('expiry and revocation', () => {
  it('a JWT past its expiry is never sent: AuthExpiredError before any request', async () => {
    let now = Date.now();
    const e = await emuClient('primary', 'empty', { now: () => now });
    await e.client.actions.list();
    expect(e.sent).toHaveLength(1);
    const expire = e.client.expiresAt!.getTime();
    now = expire + 1000;
    const err = await e.client.actions.list().catch((x: unknown) => x);
    expect(err).toBeInstanceOf(AuthExpiredError);
    expect((err as Error).message).toBe('your login has expired; log in again');
    expect((err as Error).name).toBe('AuthExpiredError');
    expect(isAuthFailure(err)).toBe(true);
    expect(e.client.isExpired()).toBe(true);
    expect(e.sent).toHaveLength(1);
    // a moment before the expiry counts too: the request would land after it
    now = expire - 1000;
    await expect(e.client.actions.list()).rejects.toBeInstanceOf(AuthExpiredError);
    expect(e.sent).toHaveLength(1);
  });

  it('a JWT the service has expired (its clock ahead) is a 401 ApiError', async () => {
    const e = await emuClient('primary');
    await e.advance(3601);
    await expect(e.client.actions.list()).rejects.toMatchObject({ status: 401 });
  });

  it('a revoked API token gives ApiError status 401', async () => {
    const e = await emuClient('primary');
    const token = await e.client.account.mintMachineToken({ hostname: 'box1' });
    const list = await e.client.account.tokens.list();
    expect(list).toHaveLength(1);
    expect(list[0].notes).toBe('ecsdeck@box1');

    const byToken = createClient({ endpoint: BASE, fetch: e.emulator.fetch, credential: { kind: 'token', token } });
    expect((await byToken.account.get()).username).toBe('demo');
    await e.client.account.tokens.revoke(list[0].id);
    const err = await byToken.account.get().catch((x: unknown) => x);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(401);
    expect(isAuthFailure(err)).toBe(true);
    expect(visibleText(err)).not.toContain(token);
  });

  it('the machine token label names the host', () => {
    expect(machineTokenLabel('box1')).toBe('ecsdeck@box1');
    expect(machineTokenLabel()).toMatch(/^ecsdeck@.+/);
  });
});

describe('credentials never reach error text', () => {
  it('a wrong password: the 401 does not carry the password', async () => {
    const e = await emuClient('primary');
    const secret = 'hunter2-very-secret';
    const err = await e.client.login('demo', secret).catch((x: unknown) => x);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(401);
    expect(visibleText(err)).not.toContain(secret);
  });

  it('a service that echoes the credential back has it scrubbed from message and toString()', async () => {
    const token = 'tok-canned-0123456789';
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJkZW1vIn0.c2lnbmF0dXJl';
    const { client } = cannedClient((req) =>
      json({ message: `bad credential ${req.headers.get('x-apitoken') ?? req.headers.get('authorization')}` }, 401),
    );
    const a = await client.account.get().catch((x: unknown) => x);
    expect(visibleText(a)).not.toContain(token);
    expect((a as Error).message).toBe('bad credential [redacted]');

    client.setCredential({ kind: 'jwt', token: jwt, expire: Math.floor(Date.now() / 1000) + 3600 });
    const b = await client.account.get().catch((x: unknown) => x);
    expect(visibleText(b)).not.toContain(jwt);
    expect(visibleText(b)).not.toContain('c2lnbmF0dXJl');
  });

  it('network, timeout and expiry errors carry no credential', async () => {
    const token = 'tok-network-abcdef0123';
    const port = await closedPort();
    const refused = createClient({ endpoint: `http://127.0.0.1:${port}`, credential: { kind: 'token', token }, retry: { limit: 0 } });
    const n = await refused.account.get().catch((x: unknown) => x);
    expect(n).toBeInstanceOf(NetworkError);
    expect((n as Error).message).toBe(`cannot reach the service at http://127.0.0.1:${port} (connection refused)`);
    expect(visibleText(n)).not.toContain(token);

    const slow = createClient({
      endpoint: BASE,
      credential: { kind: 'token', token },
      timeoutMs: 20,
      fetch: () => new Promise<Response>(() => {}),
    });
    const t = await slow.account.get().catch((x: unknown) => x);
    expect(t).toBeInstanceOf(TimeoutError);
    expect(visibleText(t)).not.toContain(token);

    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJleHBpcmVkIn0.ZXhwaXJlZHNpZw';
    const expired = createClient({ endpoint: BASE, credential: { kind: 'jwt', token: jwt, expire: 1 } });
    const x = await expired.account.get().catch((e: unknown) => e);
    expect(x).toBeInstanceOf(AuthExpiredError);
    expect(visibleText(x)).not.toContain(jwt);
  });

  it('scrub removes registered secrets and credential-looking text', () => {
    createClient({ endpoint: BASE, credential: { kind: 'token', token: 'registered-secret-value' } });
    expect(scrub('oops registered-secret-value here')).toBe('oops [redacted] here');
    expect(scrub('Authorization: Bearer abc.def.ghi')).toBe('Authorization: Bearer [redacted]');
    expect(scrub('X-APITOKEN: qwerty123')).toBe('X-APITOKEN: [redacted]');
    expect(scrub('{"password":"pw123456"}')).toBe('{"password":"[redacted]"}');
    expect(scrub('jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.sig here')).toBe('jwt [redacted] here');
    expect(scrub('server not found')).toBe('server not found');
  });
});

describe('over a real loopback socket', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it('logs in, reads, retries and fails the same way as over fetch', async () => {
    const { createEmulator } = await import('../../src/emulator/app.js');
    const emulator = createEmulator({ clock: 'manual', seed: 'demo', dialect: 'live' });
    const srv = await emulator.listen({ port: 0 });
    close = srv.close;
    const rec = recording((r) => fetch(r));
    const client = createClient({ endpoint: srv.url, fetch: rec.fetch, retry: { baseDelayMs: 1 } });
    await client.login('demo', 'demo');
    const servers = await client.servers.list();
    expect(servers.length).toBeGreaterThan(5);
    const admin = (path: string, body: unknown) =>
      fetch(srv.url + path, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    await admin('/__emulator/faults', { error_next: 2, error_status: 503 });
    rec.sent.length = 0;
    expect((await client.catalog.plans()).length).toBe(15);
    expect(rec.sent).toHaveLength(3);
    await expect(client.servers.get('ec299999')).rejects.toMatchObject({ status: 404 });
  });
});

describe('reuse: a polled list answered as last time', () => {
  it('gives back the very same rows while the answer stays the same, and new rows as soon as it changes', async () => {
    const e = await emuClient('primary', 'demo');
    await e.client.login('demo', PASSWORD);
    const first = await e.client.servers.list({ reuse: true });
    const again = await e.client.servers.list({ reuse: true });
    expect(again).toBe(first);
    expect(e.sent.filter((s) => s.path === '/ecs/v2/servers')).toHaveLength(2);

    const name = first[0].name;
    await e.client.servers.update(name, { notes: 'renamed-by-test' });
    const changed = await e.client.servers.list({ reuse: true });
    expect(changed).not.toBe(first);
    expect(changed.find((s) => s.name === name)?.notes).toBe('renamed-by-test');
    expect(first.find((s) => s.name === name)?.notes).not.toBe('renamed-by-test');
    expect(await e.client.servers.list({ reuse: true })).toBe(changed);
  });

  it('is asked for: without it, every answer is parsed into new rows', async () => {
    const e = await emuClient('primary', 'demo');
    await e.client.login('demo', PASSWORD);
    const first = await e.client.servers.list();
    const again = await e.client.servers.list();
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });

  it('never keeps an error: the message comes through, and the next good answer is read', async () => {
    const good = { status: 'ok', count: 1, server: [{ name: 'ec200001', notes: 'web-1', current_status: 'Booted' }] };
    const answers = [json(good), json({ status: 'error', message: 'Invalid token' }, 401), json(good), json(good)];
    const { client } = cannedClient(() => answers.shift()!, { retry: { limit: 0 } });
    const first = await client.servers.list({ reuse: true });
    await expect(client.servers.list({ reuse: true })).rejects.toThrow('Invalid token');
    const after = await client.servers.list({ reuse: true });
    expect(after.map((s) => s.notes)).toEqual(['web-1']);
    expect(await client.servers.list({ reuse: true })).toBe(after);
    expect(after).toBe(first);
  });
});
