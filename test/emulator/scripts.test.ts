import { describe, expect, it } from 'vitest';
import { LIMITS, MSG, checkLibraryScript } from '../../src/rules/index.js';
import { makeEmu } from './helpers.js';

const BASH = { title: 'setup', content: '#!/bin/bash\napt-get update\n', windows: false };

describe('scripts', () => {
  it.each([
    ['primary', false],
    ['alternate', true],
    ['live', true],
  ] as const)('create in the %s dialect answers %s', async (dialect, wrapped) => {
    const t = await makeEmu({ dialect });
    const r = await t.req('POST', '/ecs/v2/scripts', BASH);
    expect(r.status).toBe(200);
    const script = { id: expect.any(Number), user: 'demo', title: 'setup', content: BASH.content, windows: false, public: false, category: null };
    expect(r.body).toEqual(wrapped ? { status: 'ok', script } : script);
  });

  it.each([
    ['missing title', { content: 'echo', windows: false }, MSG.scriptTitleNull],
    ['null title', { title: null, content: 'echo' }, MSG.scriptTitleNull],
    ['blank title', { title: '  ', content: 'echo' }, MSG.scriptTitleNull],
    ['missing content', { title: 't' }, MSG.scriptContentNull],
    ['empty content', { title: 't', content: '' }, MSG.scriptContentNull],
    ['relative path ./', { title: 't', content: 'cd ./build' }, MSG.scriptRelativePath],
    ['home path ~/', { title: 't', content: 'cat ~/.bashrc' }, MSG.scriptRelativePath],
    ['parent path ../', { title: 't', content: 'cp ../x /tmp' }, MSG.scriptRelativePath],
  ])('create with %s: 400 with the exact message, nothing added', async (_n, body, message) => {
    const t = await makeEmu();
    const r = await t.req('POST', '/ecs/v2/scripts', body);
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ status: 'error', error_code: 400, message });
    expect((await t.req('GET', '/ecs/v2/scripts')).body.scripts).toEqual([]);
  });

  it.each([
    ['title as number', { title: 5, content: 'echo' }, "'title'"],
    ['content as array', { title: 't', content: ['echo'] }, "'content'"],
    ['windows as text', { title: 't', content: 'echo', windows: 'yes' }, "'windows'"],
  ])('create with %s: 400 naming the field', async (_n, body, field) => {
    const t = await makeEmu();
    const r = await t.req('POST', '/ecs/v2/scripts', body);
    expect(r.status).toBe(400);
    expect(r.body.message).toContain(field);
    expect((await t.req('GET', '/ecs/v2/scripts')).body.scripts).toEqual([]);
  });

  it(`allows ${LIMITS.scripts} scripts per user, then refuses with the exact message`, async () => {
    const t = await makeEmu();
    for (let i = 0; i < LIMITS.scripts; i++) expect((await t.req('POST', '/ecs/v2/scripts', { ...BASH, title: `s${i}` })).status).toBe(200);
    const full = await t.req('POST', '/ecs/v2/scripts', BASH);
    expect(full.status).toBe(400);
    expect(full.body.message).toBe(MSG.scriptLimit);
    const list = (await t.req('GET', '/ecs/v2/scripts')).body.scripts;
    expect(list).toHaveLength(LIMITS.scripts);
    // another user has their own library
    const bob = await t.newUser('bob');
    expect((await t.req('POST', '/ecs/v2/scripts', BASH, { token: bob })).status).toBe(200);
    await t.req('DELETE', `/ecs/v2/scripts/${list[0].id}`);
    expect((await t.req('POST', '/ecs/v2/scripts', BASH)).status).toBe(200);
  });

  it('reads one script, updates with PUT and PATCH (fields optional), deletes', async () => {
    const t = await makeEmu();
    const id = (await t.req('POST', '/ecs/v2/scripts', BASH)).body.id;
    const one = await t.req('GET', `/ecs/v2/scripts/${id}`);
    expect(one.body).toEqual({ status: 'ok', script: expect.objectContaining({ id, title: 'setup' }) });
    const put = await t.req('PUT', `/ecs/v2/scripts/${id}`, { title: 'renamed' });
    expect(put.body).toEqual({ status: 'ok', script: expect.objectContaining({ id, title: 'renamed', content: BASH.content }) });
    const patch = await t.req('PATCH', `/ecs/v2/scripts/${id}`, { content: 'Write-Host hi', windows: true });
    expect(patch.body.script).toMatchObject({ title: 'renamed', content: 'Write-Host hi', windows: true });
    const del = await t.req('DELETE', `/ecs/v2/scripts/${id}`);
    expect(del.body).toEqual({ status: 'ok' });
    expect((await t.req('GET', `/ecs/v2/scripts/${id}`)).status).toBe(404);
  });

  it.each([
    ['blank title', { title: '' }, MSG.scriptTitleNull],
    ['empty content', { content: '' }, MSG.scriptContentNull],
    ['relative path', { content: 'source ~/env' }, MSG.scriptRelativePath],
  ])('update with %s: 400 exact message, script unchanged', async (_n, body, message) => {
    const t = await makeEmu();
    const created = (await t.req('POST', '/ecs/v2/scripts', BASH)).body;
    for (const method of ['PUT', 'PATCH']) {
      const r = await t.req(method, `/ecs/v2/scripts/${created.id}`, body);
      expect(r.status).toBe(400);
      expect(r.body.message).toBe(message);
    }
    expect((await t.req('GET', `/ecs/v2/scripts/${created.id}`)).body.script).toEqual(created);
  });

  it("answers another account's script exactly as a missing one", async () => {
    const t = await makeEmu();
    const id = (await t.req('POST', '/ecs/v2/scripts', BASH)).body.id;
    const bob = await t.newUser('bob');
    const missing = await t.req('GET', '/ecs/v2/scripts/424242');
    expect(missing.status).toBe(404);
    for (const [method, body] of [['GET', undefined], ['PUT', { title: 'x' }], ['PATCH', { title: 'x' }], ['DELETE', undefined]] as const) {
      const r = await t.req(method, `/ecs/v2/scripts/${id}`, body, { token: bob });
      expect(r.status).toBe(404);
      expect(r.body).toEqual(missing.body);
    }
    expect((await t.req('GET', '/ecs/v2/scripts', undefined, { token: bob })).body.scripts).toEqual([]);
    for (const raw of ['abc', '%00', '1e3', '99999999999999999999']) expect((await t.req('GET', `/ecs/v2/scripts/${raw}`)).status).toBe(404);
    expect((await t.req('GET', `/ecs/v2/scripts/${id}`)).body.script.title).toBe('setup');
  });

  it('demo seed: the user scripts (bash and PowerShell) plus public ones that cannot be changed', async () => {
    const t = await makeEmu({ seed: 'demo' });
    const scripts = (await t.req('GET', '/ecs/v2/scripts')).body.scripts;
    const own = scripts.filter((s: { public: boolean }) => !s.public);
    const pub = scripts.filter((s: { public: boolean }) => s.public);
    expect(own.length).toBeGreaterThanOrEqual(3);
    expect(own.some((s: { windows: boolean }) => s.windows)).toBe(true);
    expect(pub.length).toBeGreaterThan(0);
    for (const s of scripts) expect(() => checkLibraryScript(s)).not.toThrow();
    // public scripts are readable by anyone, changeable by no one, and do not count towards the limit
    const bob = await t.newUser('bob');
    expect((await t.req('GET', `/ecs/v2/scripts/${pub[0].id}`, undefined, { token: bob })).status).toBe(200);
    expect((await t.req('PUT', `/ecs/v2/scripts/${pub[0].id}`, { title: 'mine' })).status).toBe(403);
    expect((await t.req('DELETE', `/ecs/v2/scripts/${pub[0].id}`)).status).toBe(403);
    for (let i = own.length; i < LIMITS.scripts; i++) expect((await t.req('POST', '/ecs/v2/scripts', BASH)).status).toBe(200);
    expect((await t.req('POST', '/ecs/v2/scripts', BASH)).body.message).toBe(MSG.scriptLimit);
  });
});
