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

  it('the service\'s 401 "token expired" (its clock ahead of ours) renews and sends the request once more', async () => {
    // a client whose clock says the token is young, against a service that says it has expired
    const emulator = createEmulator({ clock: 'manual', seed: 'empty' });
    const rec = recording(emulator.fetch);
    const client = createClient({ endpoint: BASE, fetch: rec.fetch, retry: { limit: 0 }, now: () => emulator.emu.now() - 7200_000 });
    await client.login('demo', 'demo');
    emulator.advance(3601);
    // without a renewer: the service's answer to the letter
    await expect(client.actions.list()).rejects.toMatchObject({ status: 401, message: 'token expired' });
    keepLoggedIn(client, { username: 'demo', password: 'demo' });
    rec.sent.length = 0;
    // a POST too: a refused request did nothing, so sending it again is safe
    const group = await client.groups.create({ notes: 'renewed' });
    expect(group.notes).toBe('renewed');
    const methods = rec.sent.map((r) => `${r.method} ${r.path.split('?')[0]}`);
    expect(methods).toEqual(['POST /ecs/v2/groups', 'POST /ecs/v2/login', 'POST /ecs/v2/groups']);
    // made once: the refused first attempt did nothing
    expect((await client.groups.list()).filter((g) => g.notes === 'renewed')).toHaveLength(1);
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

  it('near the end, a refused password is not asked for yet: the token still works', async () => {
    const t = await setup();
    const asked: PasswordRequest[] = [];
    keepLoggedIn(t.client, { username: 'demo', password: 'demo', ask: () => async (r) => (asked.push(r), null) });
    await t.changePassword('new-password-1');
    t.emulator.advance(3600 - 30);
    const err = await t.client.actions.list().catch((e: unknown) => e);
    // the early renewal was tried with the old password and quietly given up: nobody was interrupted
    expect(t.paths()[0]).toBe('POST /ecs/v2/login');
    expect(asked).toEqual([]);
    // (the emulator ends earlier logins on a password change, so the request itself is refused as such)
    expect(err).toMatchObject({ status: 401 });
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
