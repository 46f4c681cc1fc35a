import { describe, expect, it } from 'vitest';
import { makeEmu, type TestEmu } from './helpers.js';
import type { Dialect } from '../../src/emulator/state.js';
import { MSG } from '../../src/rules/index.js';

const MICRO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}\+00:00$/;

async function bulk(t: TestEmu, extra: Record<string, unknown> = {}, username = 'demo'): Promise<string> {
  const r = await t.req('POST', '/__emulator/bulk/servers', { username, count: 1, ...extra }, { token: null });
  expect(r.status).toBe(201);
  return r.body.names[0];
}

const stateJson = (t: TestEmu) => JSON.stringify(t.emulator.emu.state);

async function templateDone(t: TestEmu, server: string, description = 'golden'): Promise<{ id: number; name: string }> {
  const r = await t.req('POST', '/ecs/v2/templates', { description, server });
  expect(r.status).toBe(200);
  await t.advance(180);
  return r.body.template;
}

describe('templates (spec 2.5, 3.4, 4.7)', () => {
  it('creates from a server: CG with action_id and a create_template action, then CD after 180 s', async () => {
    const t = await makeEmu();
    const s = await bulk(t, { plan: 'eCS3', image: 'debian-12' });
    const r = await t.req('POST', '/ecs/v2/templates', { description: 'web golden image', server: s });
    expect(r.status).toBe(200);
    expect(r.body.status).toBe('ok');
    expect(Number.isInteger(r.body.action_id)).toBe(true);
    const tpl = r.body.template;
    expect(tpl).toMatchObject({
      status: 'CG',
      active_flag: false,
      description: 'web golden image',
      public: false,
      cloud_image: false,
      so_base: 'debian',
      required_disk: 80,
      api_version: 'v5',
      api_version_value: 5,
      version: '12',
    });
    expect(tpl.name).toMatch(/^ei2\d{5}$/);
    expect(tpl.creation_date).toMatch(MICRO);
    expect(Object.keys(tpl).sort()).toEqual(
      ['id', 'name', 'creation_date', 'active_flag', 'status', 'uuid', 'description', 'notes', 'public', 'cloud_image', 'so_base', 'required_disk', 'api_version', 'api_version_value', 'version'].sort(),
    );
    const action = (await t.req('GET', `/ecs/v2/actions/${r.body.action_id}`)).body.action;
    expect(action).toMatchObject({ type: 'create_template', resource: tpl.name, resource_type: 'DI', status: 'in-progress' });

    await t.advance(179);
    expect((await t.req('GET', `/ecs/v2/templates/${tpl.name}`)).body.template.status).toBe('CG');
    await t.advance(1);
    const byName = (await t.req('GET', `/ecs/v2/templates/${tpl.name}`)).body.template;
    const byId = (await t.req('GET', `/ecs/v2/templates/${tpl.id}`)).body.template;
    expect(byName).toMatchObject({ status: 'CD', active_flag: true });
    expect(byId).toEqual(byName);
    expect((await t.req('GET', '/ecs/v2/templates')).body.templates).toEqual([byName]);
  });

  it.each<[Dialect, string, string]>([
    ['primary', 'action_id', 'DI'],
    ['alternate', 'action', 'DI'],
    ['live', 'action_id', 'ECI'],
  ])('in the %s dialect answers the action under %s with resource_type %s', async (dialect, key, rt) => {
    const t = await makeEmu({ dialect });
    const s = await bulk(t);
    const r = await t.req('POST', '/ecs/v2/templates', { description: 'x', server: s });
    expect(Number.isInteger(r.body[key])).toBe(true);
    expect((await t.req('GET', `/ecs/v2/actions/${r.body[key]}`)).body.action.resource_type).toBe(rt);
    await t.advance(180);
    const d = await t.req('DELETE', `/ecs/v2/templates/${r.body.template.name}`);
    expect(d.body.action.resource_type).toBe(rt);
  });

  it('creates from a created snapshot', async () => {
    const t = await makeEmu();
    const s = await bulk(t, { plan: 'eCS2' });
    const snap = (await t.req('POST', `/ecs/v2/servers/${s}/snapshots`, {})).body.snapshot;
    const early = await t.req('POST', '/ecs/v2/templates', { description: 'x', snapshot: snap.id });
    expect(early.status).toBe(400);
    expect(early.body.message).toBe('snapshot not found');
    await t.advance(120);
    const r = await t.req('POST', '/ecs/v2/templates', { description: 'from snap', snapshot: snap.id });
    expect(r.status).toBe(200);
    expect(r.body.template).toMatchObject({ status: 'CG', required_disk: 40, notes: `from snapshot ${snap.name}` });
  });

  it.each([
    ['a missing server', 'missing', MSG.templateServerNotFound, 'server not found'],
    ["another account's server", 'other', MSG.templateServerNotFound, 'server not found'],
    ['a server still booting', 'booting', MSG.templateServerNotFound, 'server not found'],
    ['a v1 server', 'v1', MSG.templateV1Server, "Template can't be created for v1 server"],
    ['an ECSGPU8 server', 'gpu8', MSG.templateGpu8Plan, "Template can't be created for ECSGPU8 plan"],
  ])('refuses %s with the exact section-7 text (400)', async (_label, kind, msg, text) => {
    expect(msg).toBe(text);
    const t = await makeEmu();
    let server = 'ec299999';
    if (kind === 'other') {
      await t.newUser('mallory');
      server = await bulk(t, {}, 'mallory');
    } else if (kind === 'booting') {
      server = (await t.req('POST', '/ecs/v2/servers', { plan: 'eCS1', location: 'it-mi2', image: 'ubuntu-2404', notes: 'b' })).body.server.name;
    } else if (kind === 'v1') {
      server = await bulk(t);
      t.emulator.emu.state.servers[server].api_version = 'v1';
    } else if (kind === 'gpu8') {
      server = await bulk(t, { plan: 'ECS1GPU8', location: 'it-fr2', image: 'ubuntu-2204' });
    }
    const before = stateJson(t);
    const r = await t.req('POST', '/ecs/v2/templates', { description: 'x', server });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ status: 'error', error_code: 400, message: text });
    expect(stateJson(t)).toBe(before);
  });

  it('renames (description) with PUT and PATCH; the name never changes', async () => {
    const t = await makeEmu();
    const tpl = await templateDone(t, await bulk(t));
    for (const method of ['PUT', 'PATCH']) {
      const r = await t.req(method, `/ecs/v2/templates/${tpl.name}`, { description: `renamed by ${method}` });
      expect(r.status).toBe(200);
      expect(r.body.template).toMatchObject({ name: tpl.name, description: `renamed by ${method}` });
    }
    expect((await t.req('PATCH', `/ecs/v2/templates/${tpl.id}`, { description: 'by id' })).body.template.description).toBe('by id');
  });

  it('deletes: a delete_template action (10 s), DE, then gone from the API but kept for usage', async () => {
    const t = await makeEmu();
    const tpl = await templateDone(t, await bulk(t));
    const r = await t.req('DELETE', `/ecs/v2/templates/${tpl.name}`);
    expect(r.status).toBe(200);
    expect(r.body.action).toMatchObject({ type: 'delete_template', resource_type: 'DI', status: 'in-progress' });
    expect((await t.req('GET', `/ecs/v2/templates/${tpl.name}`)).body.template.status).toBe('DE');
    await t.advance(10);
    expect((await t.req('GET', `/ecs/v2/templates/${tpl.name}`)).status).toBe(404);
    expect((await t.req('GET', '/ecs/v2/templates')).body.templates).toEqual([]);
    expect(t.emulator.emu.state.templates[tpl.id]).toMatchObject({ status: 'DD' });
    expect(t.emulator.emu.state.templates[tpl.id].deleted_at).not.toBeNull();
  });

  it('refuses to delete a template still being created', async () => {
    const t = await makeEmu();
    const r = await t.req('POST', '/ecs/v2/templates', { description: 'x', server: await bulk(t) });
    const before = stateJson(t);
    expect((await t.req('DELETE', `/ecs/v2/templates/${r.body.template.name}`)).status).toBe(400);
    expect(stateJson(t)).toBe(before);
  });

  it('a failed create_template removes the template', async () => {
    const t = await makeEmu();
    await t.req('PUT', '/__emulator/faults', { fail_next_actions: 1 }, { token: null });
    const r = await t.req('POST', '/ecs/v2/templates', { description: 'x', server: await bulk(t) });
    await t.advance(180);
    expect((await t.req('GET', `/ecs/v2/actions/${r.body.action_id}`)).body.action.status).toBe('failed');
    expect((await t.req('GET', '/ecs/v2/templates')).body.templates).toEqual([]);
  });

  it('serves as the image of a new server once created', async () => {
    const t = await makeEmu();
    const tpl = await templateDone(t, await bulk(t));
    const r = await t.req('POST', '/ecs/v2/servers', { plan: 'eCS1', location: 'it-mi2', image: tpl.name, notes: 'from template' });
    expect(r.status).toBe(200);
    expect(r.body.server.so).toBe(tpl.name);
  });

  it("answers 404 for another account's template, exactly as for a missing one", async () => {
    const t = await makeEmu();
    const tpl = await templateDone(t, await bulk(t));
    const other = await t.newUser('mallory');
    const before = stateJson(t);
    for (const key of [tpl.name, String(tpl.id)]) {
      for (const [method, body] of [['GET'], ['PUT', { description: 'x' }], ['PATCH', { description: 'x' }], ['DELETE']] as const) {
        const r = await t.req(method, `/ecs/v2/templates/${key}`, body, { token: other });
        const missing = await t.req(method, '/ecs/v2/templates/ei299999', body, { token: other });
        expect(r.status).toBe(404);
        expect(r.body).toEqual(missing.body);
      }
    }
    expect((await t.req('GET', '/ecs/v2/templates', undefined, { token: other })).body.templates).toEqual([]);
    expect(stateJson(t)).toBe(before);
  });

  it.each([
    ['POST', '/ecs/v2/templates', { description: 'x' }, 400],
    ['POST', '/ecs/v2/templates', { description: 'x', server: 'S', snapshot: 1 }, 400],
    ['POST', '/ecs/v2/templates', { description: 'x', server: 42 }, 400],
    ['POST', '/ecs/v2/templates', { description: 'x', snapshot: 'abc' }, 400],
    ['POST', '/ecs/v2/templates', { description: 'x', snapshot: 1e300 }, 400],
    ['POST', '/ecs/v2/templates', { description: ['x'], server: 'S' }, 400],
    ['PUT', '/ecs/v2/templates/T', {}, 400],
    ['PATCH', '/ecs/v2/templates/T', { description: 7 }, 400],
    ['GET', '/ecs/v2/templates/%00', undefined, 404],
    ['GET', '/ecs/v2/templates/__proto__', undefined, 404],
    ['DELETE', '/ecs/v2/templates/99999999999999999999', undefined, 404],
  ])('refuses bad input %s %s %j with %i and changes nothing', async (method, path, body, status) => {
    const t = await makeEmu();
    const s = await bulk(t);
    const tpl = await templateDone(t, s);
    const fill = (v: unknown) => (v === 'S' ? s : v);
    const b = body && Object.fromEntries(Object.entries(body).map(([k, v]) => [k, fill(v)]));
    const before = stateJson(t);
    const r = await t.req(method, path.replace('/T', `/${tpl.name}`), b);
    expect(r.status).toBe(status);
    expect(r.body).toMatchObject({ status: 'error', error_code: status });
    expect(stateJson(t)).toBe(before);
  });

  it('seeds created templates (one from a snapshot) and one deleted in the past', async () => {
    const t = await makeEmu({ seed: 'demo' });
    const list = (await t.req('GET', '/ecs/v2/templates')).body.templates;
    expect(list.length).toBeGreaterThanOrEqual(2);
    expect(list.every((x: any) => x.status === 'CD')).toBe(true);
    expect(list.some((x: any) => x.notes.startsWith('from snapshot'))).toBe(true);
    expect(Object.values(t.emulator.emu.state.templates).some((x) => x.status === 'DD')).toBe(true);
  });
});
