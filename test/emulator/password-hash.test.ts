// Passwords are kept as scrypt hashes. The demo account's hash is worked out ahead of time and recent
// hashes are remembered so that a start does not pay for scrypt twice; neither shortcut may let a wrong
// password in or keep a password in the clear.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashPassword, makeUser, scryptHex } from '../../src/emulator/auth.js';
import { DEMO_PASSWORD, DEMO_PASSWORD_HASH, DEMO_SALT, DEMO_USER } from '../../src/emulator/seed.js';
import { makeEmu } from './helpers.js';

const login = (t: Awaited<ReturnType<typeof makeEmu>>, username: string, password: string) =>
  t.req('POST', '/ecs/v2/login', { username, password }, { token: null });

describe('password hashes', () => {
  it("the demo account's precomputed hash is the scrypt hash of the demo password", () => {
    expect(DEMO_USER).toBe('demo');
    expect(DEMO_PASSWORD).toBe('demo');
    expect(DEMO_PASSWORD_HASH).toBe(scryptHex(DEMO_PASSWORD, DEMO_SALT));
  });

  it('hashPassword gives the scrypt hash, the same on a second call', () => {
    const password = `pw-${randomBytes(6).toString('hex')}`;
    const salt = randomBytes(16).toString('hex');
    const expected = scryptHex(password, salt);
    expect(expected).toMatch(/^[0-9a-f]{64}$/);
    expect(hashPassword(password, salt)).toBe(expected);
    expect(hashPassword(password, salt)).toBe(expected);
  });

  it('the hash depends on both the password and the salt', () => {
    const salt = randomBytes(16).toString('hex');
    const a = hashPassword('same-password', salt);
    expect(hashPassword('same-passworD', salt)).not.toBe(a);
    expect(hashPassword('same-password', randomBytes(16).toString('hex'))).not.toBe(a);
  });

  it('makeUser with a known salt and hash keeps them; without, it makes a fresh salt and the real hash', () => {
    const known = makeUser({ username: 'k', password: DEMO_PASSWORD }, { salt: DEMO_SALT, passwordHash: DEMO_PASSWORD_HASH });
    expect(known).toMatchObject({ salt: DEMO_SALT, passwordHash: DEMO_PASSWORD_HASH });
    expect(known).not.toHaveProperty('password');

    const fresh = makeUser({ username: 'f', password: 'fresh-pass-1' });
    const other = makeUser({ username: 'g', password: 'fresh-pass-1' });
    expect(fresh.salt).not.toBe(other.salt);
    expect(fresh.passwordHash).toBe(scryptHex('fresh-pass-1', fresh.salt));
    expect(other.passwordHash).toBe(scryptHex('fresh-pass-1', other.salt));
    expect(fresh.passwordHash).not.toBe(other.passwordHash);
  });
});

describe('logging in through the emulator', () => {
  it('the demo account logs in with its password', async () => {
    const t = await makeEmu({ seed: 'demo' });
    const r = await login(t, 'demo', 'demo');
    expect(r.status).toBe(200);
    expect(r.body.status).toBe('ok');
    expect(r.body.token.split('.')).toHaveLength(3);
  });

  it.each(['demo2', 'Demo', '', 'demo '])('the demo account refuses the password %j', async (password) => {
    const t = await makeEmu({ seed: 'demo' });
    const r = await login(t, 'demo', password);
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ status: 'error', error_code: 401, message: 'invalid username or password' });
  });

  it('an unknown user gets the same refusal as a wrong password', async () => {
    const t = await makeEmu({ seed: 'demo' });
    const r = await login(t, 'nobody', 'demo');
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ status: 'error', error_code: 401, message: 'invalid username or password' });
  });

  it('an account made through the admin endpoint logs in with its password and with no other', async () => {
    const t = await makeEmu({ seed: 'demo' });
    const made = await t.req('POST', '/__emulator/users', { username: 'alice', password: 'alice-secret-1' }, { token: null });
    expect(made.status).toBe(201);

    const good = await login(t, 'alice', 'alice-secret-1');
    expect(good.status).toBe(200);
    const account = await t.req('GET', '/ecs/v2/account', undefined, { token: good.body.token });
    expect(account.body.username).toBe('alice');

    for (const wrong of ['alice-secret-2', 'demo', 'ALICE-SECRET-1']) {
      const r = await login(t, 'alice', wrong);
      expect(r.status, wrong).toBe(401);
      expect(r.body.message).toBe('invalid username or password');
    }
    // nor does its password open the demo account
    expect((await login(t, 'demo', 'alice-secret-1')).status).toBe(401);
  });

  it('two accounts with the same password each log in only as themselves', async () => {
    const t = await makeEmu({ seed: 'empty' });
    for (const username of ['bob', 'carol']) {
      expect((await t.req('POST', '/__emulator/users', { username, password: 'shared-pass-77' }, { token: null })).status).toBe(201);
    }
    const bob = await login(t, 'bob', 'shared-pass-77');
    const carol = await login(t, 'carol', 'shared-pass-77');
    const whoBob = await t.req('GET', '/ecs/v2/account', undefined, { token: bob.body.token });
    const whoCarol = await t.req('GET', '/ecs/v2/account', undefined, { token: carol.body.token });
    expect([whoBob.body.username, whoCarol.body.username]).toEqual(['bob', 'carol']);
  });

  it('the stored state never holds a password in the clear', async () => {
    const t = await makeEmu({ seed: 'demo' });
    const password = 'zebra-pass-8841';
    expect((await t.req('POST', '/__emulator/users', { username: 'zed', password }, { token: null })).status).toBe(201);
    expect((await login(t, 'zed', password)).status).toBe(200);

    const state = JSON.stringify(t.emulator.emu.state);
    expect(state).toContain('"zed"');
    expect(state).not.toContain(password);
  });

  it('a password changed through the account endpoint is stored hashed, and the old one stops working', async () => {
    const t = await makeEmu({ seed: 'empty' });
    const token = await t.newUser('dave');
    const changed = await t.req('POST', '/ecs/v2/account', { password: 'zebra-new-5512' }, { token });
    expect(changed.status).toBe(200);

    expect((await login(t, 'dave', 'dave-pw')).status).toBe(401);
    expect((await login(t, 'dave', 'zebra-new-5512')).status).toBe(200);
    expect(JSON.stringify(t.emulator.emu.state)).not.toContain('zebra-new-5512');
  });
});
