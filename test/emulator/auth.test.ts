import { describe, expect, it } from 'vitest';
import { makeEmu } from './helpers.js';

describe('authentication (spec section 5)', () => {
  it('logs in by JSON and gives a JWT that expires one hour ahead of the emulator clock', async () => {
    const t = await makeEmu();
    const clock = await t.req('GET', '/__emulator/clock', undefined, { token: null });
    const r = await t.req('POST', '/ecs/v2/login', { username: 'demo', password: 'demo' }, { token: null });
    expect(r.status).toBe(200);
    expect(r.body.status).toBe('ok');
    expect(r.body.token.split('.')).toHaveLength(3);
    expect(r.body.expire).toBe(Math.floor(Date.parse(clock.body.now) / 1000) + 3600);
  });

  it('logs in by multipart form', async () => {
    const t = await makeEmu();
    const form = new FormData();
    form.set('username', 'demo');
    form.set('password', 'demo');
    const res = await t.emulator.fetch(new Request('http://emulator.test/ecs/v2/login', { method: 'POST', body: form }));
    expect(res.status).toBe(200);
    expect(((await res.json()) as { token: string }).token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  });

  it.each([
    ['wrong password', { username: 'demo', password: 'nope' }, 401],
    ['unknown user', { username: 'ghost', password: 'demo' }, 401],
    ['missing password', { username: 'demo' }, 400],
    ['password of the wrong type', { username: 'demo', password: 42 }, 400],
  ])('refuses a login with %s', async (_label, body, status) => {
    const t = await makeEmu();
    const r = await t.req('POST', '/ecs/v2/login', body, { token: null });
    expect(r.status).toBe(status);
    expect(r.body).toMatchObject({ status: 'error', error_code: status });
    expect(r.body.message).toEqual(expect.any(String));
  });

  it('accepts the JWT as Bearer and as the bare Authorization value', async () => {
    const t = await makeEmu();
    for (const value of [`Bearer ${t.token}`, t.token]) {
      const r = await t.req('GET', '/ecs/v2/account', undefined, { token: null, headers: { authorization: value } });
      expect(r.status).toBe(200);
      expect(r.body.username).toBe('demo');
    }
  });

  it('refuses missing, forged and expired credentials with 401 on every endpoint but login', async () => {
    const t = await makeEmu();
    const [h, p] = t.token.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ sub: 'demo', exp: 9_999_999_999, pwv: 1 })).toString('base64url');
    const cases: Array<[string, Record<string, string>]> = [
      ['missing', {}],
      ['forged signature', { authorization: `Bearer ${h}.${p}.AAAA` }],
      ['forged payload', { authorization: `Bearer ${h}.${forgedPayload}.${t.token.split('.')[2]}` }],
      ['garbage', { authorization: 'Bearer not-a-jwt' }],
      ['unknown API token', { 'x-apitoken': 'made-up' }],
    ];
    for (const path of ['/ecs/v2/account', '/ecs/v2/actions', '/ecs/v2/servers', '/ecs/v2/plans', '/k8sgpu/v1/events/']) {
      for (const [label, headers] of cases) {
        const r = await t.req('GET', path, undefined, { token: null, headers });
        expect(r.status, `${label} on ${path}`).toBe(401);
        expect(r.body.status).toBe('error');
      }
    }
    await t.advance(3601);
    const expired = await t.req('GET', '/ecs/v2/account');
    expect(expired.status).toBe(401);
    expect(expired.body.message).toBe('token expired');
  });

  it('keeps a JWT valid until just before its expiry on the emulator clock', async () => {
    const t = await makeEmu();
    await t.advance(3599);
    expect((await t.req('GET', '/ecs/v2/account')).status).toBe(200);
  });

  it('mints API tokens shown once, lists them without the value, renames and revokes them', async () => {
    const t = await makeEmu();
    const created = await t.req('POST', '/ecs/v2/keys', { notes: 'ci' });
    expect(created.status).toBe(200);
    const value: string = created.body.token;
    expect(value.length).toBeGreaterThan(20);
    const asToken = (path: string) => t.req('GET', path, undefined, { token: null, headers: { 'x-apitoken': value } });
    expect((await asToken('/ecs/v2/account')).body.username).toBe('demo');
    // API tokens never expire
    await t.advance(400 * 86400);
    expect((await asToken('/ecs/v2/account')).status).toBe(200);

    const list = await asToken('/ecs/v2/keys');
    expect(Array.isArray(list.body)).toBe(true);
    expect(list.body).toEqual([{ id: created.body.id, notes: 'ci', created_at: expect.stringMatching(/\+00:00$/) }]);
    expect(list.text).not.toContain(value);
    // stored hashed: the state never holds the value
    expect(JSON.stringify(t.emulator.emu.state)).not.toContain(value);

    const renamed = await t.req('PUT', `/ecs/v2/keys/${created.body.id}`, { notes: 'ci-2' }, { token: null, headers: { 'x-apitoken': value } });
    expect(renamed.status).toBe(200);
    expect((await asToken('/ecs/v2/keys')).body[0].notes).toBe('ci-2');

    const revoked = await t.req('DELETE', `/ecs/v2/keys/${created.body.id}`, undefined, { token: null, headers: { 'x-apitoken': value } });
    expect(revoked.status).toBe(200);
    expect((await asToken('/ecs/v2/account')).status).toBe(401);
  });

  it('answers another account\u2019s token as missing', async () => {
    const t = await makeEmu();
    const created = await t.req('POST', '/ecs/v2/keys', { notes: 'mine' });
    const other = await t.newUser('bob');
    for (const [method, body] of [['PUT', { notes: 'x' }], ['DELETE', undefined]] as const) {
      const r = await t.req(method, `/ecs/v2/keys/${created.body.id}`, body, { token: other });
      expect(r.status).toBe(404);
    }
    expect((await t.req('GET', '/ecs/v2/keys')).body[0].notes).toBe('mine');
  });

  it('changes the password: the new one logs in, the old one does not, older logins end', async () => {
    const t = await makeEmu();
    const r = await t.req('POST', '/ecs/v2/account', { password: 'correct horse' });
    expect(r.status).toBe(200);
    expect((await t.req('GET', '/ecs/v2/account')).status).toBe(401);
    await expect(t.login('demo', 'demo')).rejects.toThrow();
    expect(await t.login('demo', 'correct horse')).toMatch(/\./);
  });

  it('refuses a password change without a password, changing nothing', async () => {
    const t = await makeEmu();
    expect((await t.req('POST', '/ecs/v2/account', {})).status).toBe(400);
    expect((await t.req('POST', '/ecs/v2/account', { password: 7 })).status).toBe(400);
    expect(await t.login('demo', 'demo')).toMatch(/\./);
  });

  it('shows the account fields of spec 2.13', async () => {
    const t = await makeEmu();
    const bob = await t.newUser('bob', { reserved_available: false, ecs_special_discount: 5 });
    const r = await t.req('GET', '/ecs/v2/account', undefined, { token: bob });
    expect(r.body).toMatchObject({
      username: 'bob',
      email: expect.any(String),
      reserved_available: false,
      offline_available: true,
      ecs_special_discount: 5,
      ecshm_special_discount: 0,
      ecsgpu_special_discount: 0,
    });
  });
});
