import { describe, expect, it } from 'vitest';
import { MSG } from '../../src/rules/index.js';
import { makeEmu } from './helpers.js';

const ISO_MICRO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}\+00:00$/;
const KEY = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGq3vX0d8Qm3yKJx5Zb7nB1pT2wYfR9sLhE4cUuVa6Ko me@host';

describe('ssh keys', () => {
  it('adds a key, answers only status, and lists it with an ISO created_at', async () => {
    const t = await makeEmu();
    const r = await t.req('POST', '/ecs/v2/sshkeys', { key: KEY, label: 'laptop' });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ status: 'ok' });
    const list = await t.req('GET', '/ecs/v2/sshkeys');
    expect(list.body.status).toBe('ok');
    expect(list.body.pubkeys).toHaveLength(1);
    const k = list.body.pubkeys[0];
    expect(k).toEqual({ id: expect.any(Number), label: 'laptop', key: KEY, created_at: expect.stringMatching(ISO_MICRO) });
    const one = await t.req('GET', `/ecs/v2/sshkeys/${k.id}`);
    expect(one.body).toEqual({ status: 'ok', pubkey: k });
  });

  it('does not check key validity', async () => {
    const t = await makeEmu();
    expect((await t.req('POST', '/ecs/v2/sshkeys', { key: 'not a key at all', label: 'junk' })).status).toBe(200);
  });

  it.each([
    ['missing key', { label: 'x' }],
    ['missing label', { key: KEY }],
    ['empty body', {}],
    ['blank label', { key: KEY, label: '   ' }],
    ['empty key', { key: '', label: 'x' }],
    ['null key', { key: null, label: 'x' }],
  ])('%s: 400 "%s" and nothing added', async (_name, body) => {
    const t = await makeEmu();
    const r = await t.req('POST', '/ecs/v2/sshkeys', body);
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ status: 'error', error_code: 400, message: MSG.sshKeyRequired });
    expect((await t.req('GET', '/ecs/v2/sshkeys')).body.pubkeys).toEqual([]);
  });

  it.each([
    ['key as number', { key: 12, label: 'x' }, "'key'"],
    ['label as object', { key: KEY, label: { a: 1 } }, "'label'"],
    ['label too long', { key: KEY, label: 'x'.repeat(300) }, "'label'"],
  ])('%s: 400 naming the field, nothing added', async (_n, body, field) => {
    const t = await makeEmu();
    const r = await t.req('POST', '/ecs/v2/sshkeys', body);
    expect(r.status).toBe(400);
    expect(r.body.message).toContain(field);
    expect((await t.req('GET', '/ecs/v2/sshkeys')).body.pubkeys).toEqual([]);
  });

  it('refuses a duplicate label for the same user, not for another user', async () => {
    const t = await makeEmu();
    await t.req('POST', '/ecs/v2/sshkeys', { key: KEY, label: 'laptop' });
    const dup = await t.req('POST', '/ecs/v2/sshkeys', { key: 'ssh-rsa AAAA other', label: 'laptop' });
    expect(dup.status).toBe(400);
    expect(dup.body.message).toBe(MSG.sshKeyDuplicateLabel);
    expect((await t.req('GET', '/ecs/v2/sshkeys')).body.pubkeys).toHaveLength(1);
    const bob = await t.newUser('bob');
    expect((await t.req('POST', '/ecs/v2/sshkeys', { key: KEY, label: 'laptop' }, { token: bob })).status).toBe(200);
  });

  it('renames with PUT, keeping labels unique', async () => {
    const t = await makeEmu();
    await t.req('POST', '/ecs/v2/sshkeys', { key: KEY, label: 'a' });
    await t.req('POST', '/ecs/v2/sshkeys', { key: KEY, label: 'b' });
    const [a] = (await t.req('GET', '/ecs/v2/sshkeys')).body.pubkeys;
    const r = await t.req('PUT', `/ecs/v2/sshkeys/${a.id}`, { label: 'work' });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ status: 'ok', pubkey: { ...a, label: 'work' } });
    const dup = await t.req('PUT', `/ecs/v2/sshkeys/${a.id}`, { label: 'b' });
    expect(dup.status).toBe(400);
    expect(dup.body.message).toBe(MSG.sshKeyDuplicateLabel);
    // renaming to its own label is not a duplicate
    expect((await t.req('PUT', `/ecs/v2/sshkeys/${a.id}`, { label: 'work' })).status).toBe(200);
    const missing = await t.req('PUT', `/ecs/v2/sshkeys/${a.id}`, {});
    expect(missing.status).toBe(400);
    expect((await t.req('GET', `/ecs/v2/sshkeys/${a.id}`)).body.pubkey.label).toBe('work');
  });

  it('deletes a key', async () => {
    const t = await makeEmu();
    await t.req('POST', '/ecs/v2/sshkeys', { key: KEY, label: 'a' });
    const [a] = (await t.req('GET', '/ecs/v2/sshkeys')).body.pubkeys;
    expect((await t.req('DELETE', `/ecs/v2/sshkeys/${a.id}`)).body).toEqual({ status: 'ok' });
    expect((await t.req('GET', `/ecs/v2/sshkeys/${a.id}`)).status).toBe(404);
    expect((await t.req('DELETE', `/ecs/v2/sshkeys/${a.id}`)).status).toBe(404);
  });

  it("answers another account's key exactly as a missing one, and odd ids with 404", async () => {
    const t = await makeEmu();
    await t.req('POST', '/ecs/v2/sshkeys', { key: KEY, label: 'a' });
    const [a] = (await t.req('GET', '/ecs/v2/sshkeys')).body.pubkeys;
    const bob = await t.newUser('bob');
    const missing = await t.req('GET', '/ecs/v2/sshkeys/99999');
    for (const [method, body] of [['GET', undefined], ['PUT', { label: 'x' }], ['DELETE', undefined]] as const) {
      const r = await t.req(method, `/ecs/v2/sshkeys/${a.id}`, body, { token: bob });
      expect(r.status).toBe(404);
      expect(r.body).toEqual(missing.body);
    }
    for (const id of ['abc', '%00', '99999999999999999999', '-1', '1.5']) {
      const r = await t.req('GET', `/ecs/v2/sshkeys/${id}`);
      expect(r.status, id).toBe(404);
    }
    expect((await t.req('GET', '/ecs/v2/sshkeys')).body.pubkeys).toEqual([a]);
  });

  it('refuses malformed JSON with a 400', async () => {
    const t = await makeEmu();
    const r = await t.req('POST', '/ecs/v2/sshkeys', undefined, { raw: '{"key":', headers: { 'content-type': 'application/json' } });
    expect(r.status).toBe(400);
  });

  it('seeds realistic demo keys', async () => {
    const t = await makeEmu({ seed: 'demo' });
    const keys = (await t.req('GET', '/ecs/v2/sshkeys')).body.pubkeys;
    expect(keys.map((k: { label: string }) => k.label)).toEqual(expect.arrayContaining(['laptop', 'ci-deploy']));
    for (const k of keys) expect(k.key).toMatch(/^ssh-(ed25519|rsa) AAAA/);
  });
});
