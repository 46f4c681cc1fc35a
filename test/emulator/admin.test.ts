// The admin endpoints take no credential, so a web page on another site must not be able to drive them
// (emulator.md): a plain form POST, a text/plain fetch, anything a browser marks as coming from elsewhere.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ADMIN_OFF_MESSAGE, ADMIN_TOKEN_MESSAGE, CROSS_SITE_MESSAGE, NOT_JSON_MESSAGE } from '../../src/emulator/admin.js';
import { BASE, makeEmu } from './helpers.js';

describe('admin endpoints refuse what a browser on another site sends', () => {
  it('refuses a plain HTML form POST (no preflight) to reset, and nothing is wiped', async () => {
    const t = await makeEmu({ seed: 'demo' });
    const before = (await t.req('GET', '/ecs/v2/servers')).body.count;
    expect(before).toBeGreaterThan(0);
    const r = await t.req('POST', '/__emulator/reset', undefined, {
      token: null,
      raw: 'seed=empty',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ status: 'error', error_code: 403, message: CROSS_SITE_MESSAGE });
    expect((await t.req('GET', '/ecs/v2/servers')).body.count).toBe(before);
  });

  it.each([
    ['another Origin', { origin: 'https://evil.example' }],
    ['Origin null (a sandboxed page)', { origin: 'null' }],
    ['another port on the same host', { origin: 'http://emulator.test:9999' }],
    ['Sec-Fetch-Site cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site same-site (a sibling subdomain)', { 'sec-fetch-site': 'same-site' }],
  ])('refuses %s with 403, even with a JSON body', async (_label, headers) => {
    const t = await makeEmu();
    const r = await t.req('POST', '/__emulator/users', { username: 'mallory', password: 'x' }, { token: null, headers });
    expect(r.status).toBe(403);
    expect(r.body.message).toBe(CROSS_SITE_MESSAGE);
    // nothing was made
    expect((await t.req('POST', '/ecs/v2/login', { username: 'mallory', password: 'x' }, { token: null })).status).toBe(401);
  });

  it.each([
    ['text/plain', 'text/plain;charset=UTF-8', '{"seconds": 60}'],
    ['a url-encoded form', 'application/x-www-form-urlencoded', 'seconds=60'],
    ['multipart', 'multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="seconds"\r\n\r\n60\r\n--x--\r\n'],
    ['a JSON look-alike type', 'application/jsonp', '{"seconds": 60}'],
  ])('refuses a body sent as %s, from anywhere, and the clock stays put', async (_label, type, raw) => {
    const t = await makeEmu();
    const before = (await t.req('GET', '/__emulator/clock', undefined, { token: null })).body.now;
    const r = await t.req('POST', '/__emulator/clock/advance', undefined, { token: null, raw, headers: { 'content-type': type } });
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ status: 'error', error_code: 403, message: NOT_JSON_MESSAGE });
    expect((await t.req('GET', '/__emulator/clock', undefined, { token: null })).body.now).toBe(before);
  });

  it('refuses a body with no content type at all', async () => {
    const t = await makeEmu();
    const res = await t.emulator.fetch(
      new Request(`${BASE}/__emulator/reset`, { method: 'POST', body: new Blob(['{"seed":"empty"}']) }),
    );
    expect(res.status).toBe(403);
    expect(((await res.json()) as { message: string }).message).toBe(NOT_JSON_MESSAGE);
  });

  it('serves scripts and curl: no Origin, JSON or no body, the same origin, Sec-Fetch-Site same-origin or none', async () => {
    const t = await makeEmu();
    expect((await t.req('POST', '/__emulator/clock/advance', { seconds: 1 }, { token: null })).status).toBe(200);
    expect((await t.req('DELETE', '/__emulator/faults', undefined, { token: null })).status).toBe(200);
    expect((await t.req('POST', '/__emulator/reset', undefined, { token: null })).status).toBe(200);
    const json = { 'content-type': 'application/json; charset=utf-8' };
    expect((await t.req('POST', '/__emulator/clock/advance', { seconds: 1 }, { token: null, headers: { ...json, origin: BASE } })).status).toBe(200);
    for (const site of ['same-origin', 'none']) {
      expect((await t.req('GET', '/__emulator/clock', undefined, { token: null, headers: { 'sec-fetch-site': site } })).status).toBe(200);
    }
  });

  it('never answers with CORS headers, not even to a preflight', async () => {
    const t = await makeEmu();
    const preflight = await t.req('OPTIONS', '/__emulator/reset', undefined, {
      token: null,
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    const refused = await t.req('POST', '/__emulator/reset', undefined, { token: null, headers: { origin: 'https://evil.example' } });
    const served = await t.req('GET', '/__emulator/clock', undefined, { token: null });
    for (const r of [preflight, refused, served]) {
      expect([...r.headers.keys()].filter((k) => k.startsWith('access-control-'))).toEqual([]);
    }
    expect(preflight.status).toBeGreaterThanOrEqual(400);
  });

  it('covers the admin endpoints resource modules add (bulk servers)', async () => {
    const t = await makeEmu();
    const r = await t.req('POST', '/__emulator/bulk/servers', { username: 'demo', count: 5 }, { token: null, headers: { 'sec-fetch-site': 'cross-site' } });
    expect(r.status).toBe(403);
    expect((await t.req('GET', '/ecs/v2/servers')).body.count).toBe(0);
  });
});

describe('accounts named like the properties every object has', () => {
  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty'])('%s is created, logs in, is refused twice, and survives a restart', async (name) => {
    const dir = mkdtempSync(join(tmpdir(), 'ecsdeck-names-'));
    const t = await makeEmu({ stateFile: join(dir, 'state.json') });
    try {
      const made = await t.req('POST', '/__emulator/users', { username: name, password: 'pw-of-it' }, { token: null });
      expect(made.status, made.text).toBe(201);
      expect((await t.req('POST', '/__emulator/users', { username: name, password: 'other' }, { token: null })).body.message).toBe(`user ${name} already exists`);
      const login = await t.req('POST', '/ecs/v2/login', { username: name, password: 'pw-of-it' }, { token: null });
      expect(login.status).toBe(200);
      const account = await t.req('GET', '/ecs/v2/account', undefined, { token: login.body.token });
      expect(account.body.username).toBe(name);
      // the demo account is still an account like any other (a `__proto__` key must not have replaced the map)
      expect((await t.req('GET', '/ecs/v2/account')).body.username).toBe('demo');
    } finally {
      t.emulator.emu.close();
    }
    // from the journal, as written
    const again = await makeEmu({ stateFile: join(dir, 'state.json') });
    try {
      expect((await again.req('POST', '/ecs/v2/login', { username: name, password: 'pw-of-it' }, { token: null })).status).toBe(200);
      expect(Object.keys(again.emulator.emu.state.users).sort()).toEqual([name, 'demo'].sort());
    } finally {
      again.emulator.emu.close();
    }
  });
});

describe('admin endpoints with an admin token (a host beyond loopback)', () => {
  const token = 'an-admin-token-0123456789';

  it('answers only requests that carry it', async () => {
    const t = await makeEmu({ adminToken: token });
    const clock = (headers: Record<string, string>) => t.req('GET', '/__emulator/clock', undefined, { token: null, headers });
    for (const headers of [{}, { authorization: 'Bearer wrong-token-0123456789' }, { authorization: `Bearer ${token}x` }] as Array<Record<string, string>>) {
      const r = await clock(headers);
      expect(r.status).toBe(401);
      expect(r.body.message).toBe(ADMIN_TOKEN_MESSAGE);
    }
    expect((await clock({ authorization: `Bearer ${token}` })).status).toBe(200);
  });

  it('are all refused when turned off, with the way to turn them on', async () => {
    const t = await makeEmu({ adminOff: true });
    const r = await t.req('POST', '/__emulator/reset', {}, { token: null });
    expect(r.status).toBe(403);
    expect(r.body.message).toBe(ADMIN_OFF_MESSAGE);
    expect(ADMIN_OFF_MESSAGE).toContain('--admin-token');
  });
});
