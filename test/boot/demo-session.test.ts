// The embedded demo's session: it uses the login the emulator's worker sent while the dashboard loaded, and
// logs in itself whenever that login is missing, failed or cannot be read.
import { afterEach, describe, expect, it } from 'vitest';
import { createEmulator } from '../../src/emulator/app.js';
import type { Embedded, WireAnswer } from '../../src/boot/embedded.js';
import { fetchExchange } from '../../src/api/exchange.js';
import { startEmbedded } from '../../src/boot/demo.js';
import type { Session } from '../../src/session/session.js';
import { BASE, recording } from '../api/helpers.js';

const sessions: Session[] = [];
afterEach(async () => {
  for (const s of sessions.splice(0)) await s.close();
});

/** An emulator on a manual clock, presented as the demo's embedded one, with what its client sends. */
async function embedded(login: Embedded['login'] | 'from the emulator') {
  const emulator = createEmulator({ clock: 'manual', seed: 'demo' });
  const rec = recording(emulator.fetch);
  let answer = login;
  if (answer === 'from the emulator') {
    const res = await emulator.fetch(
      new Request(`${BASE}/ecs/v2/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'demo', password: 'demo' }),
      }),
    );
    answer = Promise.resolve<WireAnswer>({ status: res.status, body: await res.text() });
  }
  let closed = false;
  const e: Embedded = { url: BASE, exchange: fetchExchange(rec.fetch), login: answer, close: async () => void (closed = true) };
  return { e, sent: rec.sent, closed: () => closed };
}

async function start(e: Embedded): Promise<Session> {
  const session = await startEmbedded({ embedded: Promise.resolve(e) });
  sessions.push(session);
  return session;
}

const logins = (sent: Array<{ method: string; path: string }>) => sent.filter((s) => s.method === 'POST' && s.path === '/ecs/v2/login');

describe('the embedded demo session', () => {
  it("uses the worker's login: the first request it sends is already authorised", async () => {
    const { e, sent } = await embedded('from the emulator');
    const session = await start(e);
    expect(session.local).toBe(true);
    expect(session.profile).toBe('demo');
    const servers = await session.client.servers.list();
    expect(servers.length).toBeGreaterThan(5);
    expect(logins(sent)).toHaveLength(0);
  });

  it.each([
    ['the worker could not log in', () => Promise.resolve<WireAnswer>({ status: 401, body: '{"status":"error","error_code":401,"message":"Unauthorized"}' })],
    ['the answer is not JSON', () => Promise.resolve<WireAnswer>({ status: 200, body: 'not json' })],
    ['the worker stopped', () => Promise.reject(new Error('the emulator stopped'))],
    ['there is no worker', () => undefined],
  ])('logs in itself when %s', async (_why, login) => {
    const { e, sent } = await embedded(login());
    const session = await start(e);
    expect(logins(sent)).toHaveLength(1);
    expect(session.client.credential).not.toBeNull();
    expect((await session.client.servers.list()).length).toBeGreaterThan(5);
  });

  it('closes the emulator when no login works at all', async () => {
    const { e, closed } = await embedded(Promise.reject(new Error('the emulator stopped')));
    const failing: Embedded = { ...e, exchange: fetchExchange(() => new Response('{"status":"error","error_code":503,"message":"down"}', { status: 503 })) };
    await expect(startEmbedded({ embedded: Promise.resolve(failing), trackerOptions: {} })).rejects.toThrow();
    expect(closed()).toBe(true);
  });
});
