// The demo's emulator as the built program runs it: a worker thread (dist/embedded-worker.cjs) running the
// emulator's bundle, listening on a loopback port, answering the dashboard's requests over messages, and
// logging the demo account in as soon as it is up. `npm test` builds before it runs the tests.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/index.js';
import { DEMO_USER, startEmulator, type Embedded } from '../../src/boot/embedded.js';

const DIST = new URL('../../dist/', import.meta.url);
const started: Embedded[] = [];
afterEach(async () => {
  for (const e of started.splice(0)) await e.close();
});

beforeAll(() => {
  if (!existsSync(fileURLToPath(new URL('embedded-worker.cjs', DIST)))) throw new Error('build first: npm run build');
});

async function start(): Promise<Embedded> {
  const e = await startEmulator(20, DIST);
  started.push(e);
  return e;
}

describe('the embedded emulator in its worker', () => {
  it('listens on a loopback port and answers over it as the service does', async () => {
    const e = await start();
    expect(e.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const res = await fetch(`${e.url}/ecs/v2/servers`);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ status: 'error', error_code: 401 });
  });

  it('logs the demo account in by itself; the dashboard takes that login and lists the demo servers', async () => {
    const e = await start();
    expect(e.exchange).toBeDefined();
    const login = await e.login!;
    expect(login.status).toBe(200);
    const client = createClient({ endpoint: e.url, exchange: e.exchange });
    client.account.acceptLogin(DEMO_USER, JSON.parse(login.body));
    const servers = await client.servers.list();
    expect(servers.map((s) => s.notes)).toContain('web-1');
    // the same login works over the socket too: one emulator behind both
    const token = (JSON.parse(login.body) as { token: string }).token;
    const overSocket = await fetch(`${e.url}/ecs/v2/servers`, { headers: { authorization: `Bearer ${token}` } });
    const names = ((await overSocket.json()) as { server: { name: string }[] }).server.map((s) => s.name);
    // the demo's clock runs at 20×: a server being deleted may be gone by the second look, the others are there
    const staying = servers.filter((s) => s.status !== 'deleting').map((s) => s.name);
    expect(names).toEqual(expect.arrayContaining(staying));
    expect(names.length).toBeLessThanOrEqual(servers.length);
  });

  it('after close, requests fail as a network failure, not by hanging', async () => {
    const e = await start();
    await e.login;
    await e.close();
    started.length = 0;
    await expect(e.exchange!({ method: 'GET', url: `${e.url}/ecs/v2/servers`, headers: {}, body: null, signal: new AbortController().signal })).rejects.toThrow(/fetch failed/);
  });
});
