// A login's JWT is renewed: before it expires, on the service's "token expired", and, when the password is
// not known or no longer works, with one asked for. The emulator's manual clock is the client's clock too.
import { describe, expect, it } from 'vitest';
import { AuthExpiredError, createClient } from '../../src/api/index.js';
import { createEmulator } from '../../src/emulator/app.js';
import { jwtSubject, keepLoggedIn, type PasswordRequest } from '../../src/session/renewal.js';
import { sessionForConnection } from '../../src/session/session.js';
import { BASE, recording } from '../api/helpers.js';

async function setup(opts: { renewMarginMs?: number } = {}) {
  const emulator = createEmulator({ clock: 'manual', seed: 'empty' });
  const rec = recording(emulator.fetch);
  const now = () => emulator.emu.now();
  const client = createClient({ endpoint: BASE, fetch: rec.fetch, retry: { limit: 0 }, now, ...opts });
  await client.login('demo', 'demo');
  rec.sent.length = 0;
  const paths = () => rec.sent.map((r) => `${r.method} ${r.path.split('?')[0]}`);
  const changePassword = async (password: string) => {
    // as someone else would, from another client: this one is left with a password that no longer works
    const other = createClient({ endpoint: BASE, fetch: emulator.fetch, now });
    await other.login('demo', 'demo');
    await other.account.changePassword(password);
  };
  return { emulator, client, rec, paths, changePassword };
}

describe('renewing a login', () => {
  it('a JWT near its end is renewed before the next request, with the password given at start', async () => {
    const t = await setup();
    keepLoggedIn(t.client, { username: 'demo', password: 'demo' });
    const first = t.client.expiresAt!.getTime();
    t.emulator.advance(3600 - 30);
    await t.client.actions.list();
    expect(t.paths()).toEqual(['POST /ecs/v2/login', 'GET /ecs/v2/actions']);
    expect(t.client.expiresAt!.getTime()).toBeGreaterThan(first);
    // and not again while the new one is young
    await t.client.actions.list();
    expect(t.paths().filter((p) => p.includes('login'))).toHaveLength(1);
  });

  it('an expired JWT is renewed and the request goes out with the new one; requests at once share one login', async () => {
    const t = await setup();
    keepLoggedIn(t.client, { username: 'demo', password: 'demo' });
    t.emulator.advance(7200);
    expect(t.client.isExpired()).toBe(true);
    const [a, b] = await Promise.all([t.client.actions.list(), t.client.servers.list()]);
    expect(a.actions).toEqual([]);
    expect(b).toEqual([]);
    expect(t.paths().filter((p) => p.includes('login'))).toHaveLength(1);
    expect(t.client.isExpired()).toBe(false);
  });

  it('expiry is judged on the service\'s clock (its Date header), not this machine\'s: renewed before sending', async () => {
    // this machine's clock two hours behind the service's
    const emulator = createEmulator({ clock: 'manual', seed: 'empty' });
    const rec = recording(emulator.fetch);
    const client = createClient({ endpoint: BASE, fetch: rec.fetch, retry: { limit: 0 }, now: () => emulator.emu.now() - 7200_000 });
    await client.login('demo', 'demo');
    expect(client.isExpired()).toBe(false);
    expect(Math.abs(client.serviceNow().getTime() - emulator.emu.now())).toBeLessThan(1000);
    emulator.advance(3601);
    // by this machine's clock the token is an hour from its end; by the service's it has ended
    expect(client.isExpired()).toBe(true);
    keepLoggedIn(client, { username: 'demo', password: 'demo' });
    rec.sent.length = 0;
    const group = await client.groups.create({ notes: 'renewed' });
    expect(group.notes).toBe('renewed');
    // never sent with the ended token: renewed first, so the service refused nothing
    expect(rec.sent.map((r) => `${r.method} ${r.path.split('?')[0]}`)).toEqual(['POST /ecs/v2/login', 'POST /ecs/v2/groups']);
  });

  it('any 401 on a login token renews once and sends again: the service restarted without its state ("invalid token")', async () => {
    // the same address answered by a first emulator, then by a fresh one (a restart without --state: new
    // signing secret, so every token of the first is refused)
    let emulator = createEmulator({ clock: 'manual', seed: 'empty' });
    const rec = recording((r) => emulator.fetch(r));
    const client = createClient({ endpoint: BASE, fetch: rec.fetch, retry: { limit: 0 }, now: () => emulator.emu.now() });
    await client.login('demo', 'demo');
    keepLoggedIn(client, { username: 'demo', password: 'demo' });
    emulator = createEmulator({ clock: 'manual', seed: 'empty' });
    rec.sent.length = 0;
    // a POST too: the refused first attempt did nothing
    const group = await client.groups.create({ notes: 'after restart' });
    expect(group.notes).toBe('after restart');
    expect(rec.sent.map((r) => `${r.method} ${r.path.split('?')[0]}`)).toEqual(['POST /ecs/v2/groups', 'POST /ecs/v2/login', 'POST /ecs/v2/groups']);
    expect((await client.groups.list()).filter((g) => g.notes === 'after restart')).toHaveLength(1);
    // requests refused together share one login
    emulator = createEmulator({ clock: 'manual', seed: 'empty' });
    rec.sent.length = 0;
    await Promise.all([client.actions.list(), client.servers.list(), client.groups.list()]);
    expect(rec.sent.filter((r) => r.path.includes('login'))).toHaveLength(1);
  });

  it('a 401 that survives the renewal is not renewed again: the request fails with the service\'s words', async () => {
    const emulator = createEmulator({ clock: 'manual', seed: 'empty' });
    const rec = recording(async (r) => {
      // every request but the login is refused, as a service that takes logins but not their tokens
      if (!r.url.includes('/login')) return new Response(JSON.stringify({ status: 'error', message: 'invalid token' }), { status: 401, headers: { 'content-type': 'application/json' } });
      return emulator.fetch(r);
    });
    const client = createClient({ endpoint: BASE, fetch: rec.fetch, retry: { limit: 0 }, now: () => emulator.emu.now() });
    await client.login('demo', 'demo');
    keepLoggedIn(client, { username: 'demo', password: 'demo' });
    rec.sent.length = 0;
    await expect(client.actions.list()).rejects.toMatchObject({ status: 401, message: 'invalid token' });
    expect(rec.sent.map((r) => `${r.method} ${r.path.split('?')[0]}`)).toEqual(['GET /ecs/v2/actions', 'POST /ecs/v2/login', 'GET /ecs/v2/actions']);
  });

  it('a password that no longer works is asked for (masked form in the dashboard); the answer renews the login', async () => {
    const t = await setup();
    const asked: PasswordRequest[] = [];
    keepLoggedIn(t.client, {
      username: 'demo',
      password: 'demo',
      ask: () => async (request) => {
        asked.push(request);
        return asked.length === 1 ? 'wrong-again' : 'new-password-1';
      },
    });
    await t.changePassword('new-password-1');
    t.emulator.advance(7200);
    await t.client.actions.list();
    // the known password refused, then a wrong one typed, then the right one
    expect(asked).toEqual([
      { username: 'demo', refused: true },
      { username: 'demo', refused: true },
    ]);
    expect(t.paths().filter((p) => p.includes('login'))).toHaveLength(3);
    expect(t.client.isExpired()).toBe(false);
  });

  it('a password changed elsewhere: the service\'s 401 on the token asks, saying the password it had was refused', async () => {
    const t = await setup();
    const asked: PasswordRequest[] = [];
    keepLoggedIn(t.client, { username: 'demo', password: 'demo', ask: () => async (r) => (asked.push(r), null) });
    await t.changePassword('new-password-1');
    t.emulator.advance(3600 - 30);
    const err = await t.client.actions.list().catch((e: unknown) => e);
    // the early renewal (token near its end, still good by its expiry) is tried with the old password and
    // quietly given up; the request's own 401 (the emulator ends earlier logins on a password change) then
    // asks, and the form says the password it had was refused
    expect(t.paths().slice(0, 2)).toEqual(['POST /ecs/v2/login', 'GET /ecs/v2/actions']);
    expect(asked).toEqual([{ username: 'demo', refused: true }]);
    expect(err).toBeInstanceOf(AuthExpiredError);
  });

  it('giving up (esc) or nobody to ask ends with "your login has expired; log in again"', async () => {
    const t = await setup();
    keepLoggedIn(t.client, { username: 'demo', ask: () => async () => null });
    t.emulator.advance(7200);
    const err = await t.client.actions.list().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AuthExpiredError);
    expect((err as Error).message).toBe('your login has expired; log in again');

    const u = await setup();
    keepLoggedIn(u.client, { username: 'demo', password: 'demo' });
    await u.changePassword('new-password-1');
    u.emulator.advance(7200);
    const refused = await u.client.actions.list().catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AuthExpiredError);
    expect((refused as Error).message).toBe('the password no longer works; log in again');
    expect((refused as Error).message).not.toContain('demo');
  });

  it('a profile that kept a JWT asks for the password of the user the token names', async () => {
    const emulator = createEmulator({ clock: 'manual', seed: 'empty' });
    const login = createClient({ endpoint: BASE, fetch: emulator.fetch, now: () => emulator.emu.now() });
    const answer = await login.login('demo', 'demo');
    expect(jwtSubject(answer.token)).toBe('demo');
    expect(jwtSubject('not-a-jwt')).toBeNull();
    const session = await sessionForConnection(
      { source: 'profile', profileName: 'work', endpoint: BASE, auth: { kind: 'jwt', token: answer.token, expire: Math.floor(answer.expire.getTime() / 1000) } },
      { connect: { fetch: emulator.fetch, retry: { limit: 0 }, now: () => emulator.emu.now() } },
    );
    const asked: PasswordRequest[] = [];
    session.askPassword = async (r) => (asked.push(r), 'demo');
    emulator.advance(7200);
    await session.client.actions.list();
    expect(asked).toEqual([{ username: 'demo', refused: false }]);
    await session.close();
  });
});
