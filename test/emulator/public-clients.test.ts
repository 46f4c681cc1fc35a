// What the public clients of the live service send and read, against the emulator: the Python SDK ecsapi
// (rh363/ecsapi: src/ecsapi and src/ecsapi_client) and the Go client (Seeweb/cloudserver-go-client). Groups are
// in groups.test.ts. The live dialect serves what these clients require; the primary one keeps the spec's shapes.
import { describe, expect, it } from 'vitest';
import { MSG } from '../../src/rules/index.js';
import { bootedServer, makeEmu, type TestEmu } from './helpers.js';

const stateJson = (t: TestEmu) => JSON.stringify(t.emulator.emu.state);

describe('explicit null in an update is "not given" (ecsapi sends null for every field its caller left out)', () => {
  it('PATCH /scripts/{id}: ecsapi update_script with only the title set', async () => {
    const t = await makeEmu();
    // the primary dialect answers a script create with the bare record (4.9)
    const id = (await t.req('POST', '/ecs/v2/scripts', { title: 'setup', content: '#!/bin/sh\necho hi', windows: false })).body.id;
    const r = await t.req('PATCH', `/ecs/v2/scripts/${id}`, { title: 'setup v2', content: null, windows: null });
    expect(r.status, r.text).toBe(200);
    expect(r.body.script).toMatchObject({ id, title: 'setup v2', content: '#!/bin/sh\necho hi', windows: false });
    const contentOnly = await t.req('PATCH', `/ecs/v2/scripts/${id}`, { title: null, content: 'echo 2', windows: null });
    expect(contentOnly.body.script).toMatchObject({ title: 'setup v2', content: 'echo 2' });
    // an empty string is still refused, with the spec's message, and nothing changes
    const before = stateJson(t);
    for (const [body, message] of [
      [{ content: '' }, MSG.scriptContentNull],
      [{ title: '  ', content: null }, MSG.scriptTitleNull],
    ] as const) {
      const refused = await t.req('PATCH', `/ecs/v2/scripts/${id}`, body);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(message);
    }
    expect(MSG.scriptContentNull).toBe('Error content cant be null');
    expect(MSG.scriptTitleNull).toBe('Error title cant be null');
    expect(stateJson(t)).toBe(before);
  });

  it('PATCH /templates/{id}: ecsapi update_template sends {description, notes}, either null', async () => {
    const t = await makeEmu();
    const server = await bootedServer(t);
    const tpl = (await t.req('POST', '/ecs/v2/templates', { description: 'golden', server })).body.template;
    const r = await t.req('PATCH', `/ecs/v2/templates/${tpl.id}`, { description: 'golden v2', notes: null });
    expect(r.status, r.text).toBe(200);
    expect(r.body.template).toMatchObject({ description: 'golden v2', notes: tpl.notes });
    const notesOnly = await t.req('PATCH', `/ecs/v2/templates/${tpl.id}`, { description: null, notes: 'for the web tier' });
    expect(notesOnly.status, notesOnly.text).toBe(200);
    expect(notesOnly.body.template).toMatchObject({ description: 'golden v2', notes: 'for the web tier' });
    const before = stateJson(t);
    const nothing = await t.req('PATCH', `/ecs/v2/templates/${tpl.id}`, { description: null, notes: null });
    expect(nothing.status).toBe(400);
    expect(nothing.body.message).toBe("field 'description' is required");
    expect(stateJson(t)).toBe(before);
  });

  it('PATCH snapshots, PATCH crons and PUT servers: null fields are kept', async () => {
    const t = await makeEmu();
    const name = await bootedServer(t);
    const snap = (await t.req('POST', `/ecs/v2/servers/${name}/snapshots`, { description: 'before', notes: 'n' })).body.snapshot;
    await t.advance(120);
    const s = await t.req('PATCH', `/ecs/v2/servers/${name}/snapshots/${snap.id}`, { description: 'after', notes: null, protected: null });
    expect(s.status, s.text).toBe(200);
    expect(s.body.snapshot).toMatchObject({ description: 'after', notes: 'n', protected: snap.protected });

    const cronPath = `/ecs/v2/servers/${name}/crons/snapshot_schedule_${name}`;
    await t.req('POST', `/ecs/v2/servers/${name}/crons`, { type: 'snapshot_schedule', config: { typology: 'weekly', day_of_week: 2, max_retention: 3 } });
    const c = await t.req('PATCH', cronPath, { enabled: null, max_retention: 5, day_of_week: null, time: null });
    expect(c.status, c.text).toBe(200);
    expect(c.body.cron).toMatchObject({ enabled: true, infos: { max_retention: 5, day_of_week: 2 } });

    // ecsapi update_server drops None fields; other tools send them: {notes, group: null} keeps the group
    const g = (await t.req('POST', '/ecs/v2/groups', { notes: 'web' })).body.group;
    await t.req('PUT', `/ecs/v2/servers/${name}`, { group: g.name });
    const u = await t.req('PUT', `/ecs/v2/servers/${name}`, { notes: 'web-2', group: null });
    expect(u.status, u.text).toBe(200);
    expect((await t.req('GET', `/ecs/v2/servers/${name}`)).body.server).toMatchObject({ notes: 'web-2', group: g.name });
  });
});

describe('GET /ecs/v2/plans/availables (ecsapi fetch_plans_available, can_create_plan)', () => {
  it('live: each available plan with os_availables and region_availables [{region, hosts: [{host, servers}]}]', async () => {
    const t = await makeEmu({ dialect: 'live' });
    const name = await bootedServer(t, { notes: 'api-1' });
    const r = await t.req('GET', '/ecs/v2/plans/availables');
    expect(r.status, r.text).toBe(200);
    expect(r.body.status).toBe('ok');
    const ecs1 = r.body.plans.find((p: { name: string }) => p.name === 'eCS1');
    // the fields ecsapi's _PlanAvailable requires
    expect(ecs1).toMatchObject({ id: expect.any(Number), name: 'eCS1', cpu: expect.any(String), ram: expect.any(String), disk: expect.any(String), hourly_price: expect.any(Number), montly_price: expect.any(Number), windows: false, host_type: expect.any(String), available: true });
    expect(ecs1.os_availables.map((i: { name: string }) => i.name)).toContain('ubuntu-2404');
    expect(ecs1.os_availables.some((i: { name: string }) => /windows/i.test(i.name))).toBe(false);
    const windowsPlan = r.body.plans.find((p: { windows: boolean }) => p.windows);
    expect(windowsPlan.os_availables.some((i: { name: string }) => /windows/i.test(i.name))).toBe(true);
    expect(ecs1.region_availables.map((x: { region: string }) => x.region)).toEqual(expect.arrayContaining(['it-mi2', 'it-fr2']));
    const mi2 = ecs1.region_availables.find((x: { region: string }) => x.region === 'it-mi2');
    expect(mi2.hosts.length).toBeGreaterThan(1);
    for (const h of mi2.hosts) expect(h).toEqual({ host: expect.any(String), servers: expect.any(Array) });
    const mine = mi2.hosts.flatMap((h: { servers: unknown[] }) => h.servers);
    expect(mine).toEqual([{ name, notes: 'api-1' }]);
    // ecsapi can_create_plan: the plan is offered where a server of it can be created
    expect(r.body.plans.every((p: { available: boolean }) => p.available)).toBe(true);
  });

  it('live: a region whose hosts are used up is not offered; another account sees none of my servers', async () => {
    const t = await makeEmu({ dialect: 'live' });
    await bootedServer(t);
    t.emulator.emu.state.capacity['eCS1@bg-sof1'] = 0;
    const other = await t.newUser('eve');
    const r = await t.req('GET', '/ecs/v2/plans/availables', undefined, { token: other });
    const ecs1 = r.body.plans.find((p: { name: string }) => p.name === 'eCS1');
    expect(ecs1.region_availables.map((x: { region: string }) => x.region)).not.toContain('bg-sof1');
    expect(ecs1.region_availables.flatMap((x: { hosts: Array<{ servers: unknown[] }> }) => x.hosts.flatMap((h) => h.servers))).toEqual([]);
  });

  it('primary: not served (the spec lists /api/v2/plans/availables only, still served)', async () => {
    const t = await makeEmu();
    expect((await t.req('GET', '/ecs/v2/plans/availables')).status).toBe(404);
    expect((await t.req('GET', '/api/v2/plans/availables')).status).toBe(200);
  });
});

describe('record fields ecsapi_client requires (live), the spec shapes kept (primary)', () => {
  it('reserved records: reserved_months (DiscountRecord) in live, reserved_month in primary', async () => {
    for (const [dialect, key, absent] of [['live', 'reserved_months', 'reserved_month'], ['primary', 'reserved_month', 'reserved_months']] as const) {
      const t = await makeEmu({ dialect });
      const name = await bootedServer(t);
      const r = await t.req('POST', `/api/v2/servers/${name}/reserved`, { reserved_plan: 'M12PECS1' });
      expect(r.status, r.text).toBe(200);
      expect(r.body[key]).toBe(12);
      expect(r.body).not.toHaveProperty(absent);
      const rec = (await t.req('GET', `/ecs/v2/servers/${name}`)).body.server.reserved_plans[0];
      expect(rec).toMatchObject({ reserved_plan: 112, [key]: 12, plan: 1, discount: 30, server: name });
      expect(rec).not.toHaveProperty(absent);
    }
  });

  it('support records: server__name, server_notes and end (ServerSupport) in live; the 2.15 fields only in primary', async () => {
    for (const dialect of ['live', 'primary'] as const) {
      const t = await makeEmu({ dialect, start: Date.UTC(2026, 2, 1, 9, 0, 0) });
      const name = await bootedServer(t, { notes: 'db-1' });
      const r = await t.req('POST', `/ecs/v2/servers/${name}/support`, { code: 'basic' });
      expect(r.status, r.text).toBe(200);
      const fromServer = (await t.req('GET', `/ecs/v2/servers/${name}`)).body.server.support;
      for (const rec of [r.body.support, fromServer]) {
        if (dialect === 'live') {
          expect(rec).toMatchObject({ server__name: name, server_notes: 'db-1', support_code: 'basic', weigth: 1, days: 30, end: '2026-03-31T09:01:20.000000+00:00' });
        } else {
          expect(Object.keys(rec).sort()).toEqual(['cancelled', 'cancelled_at', 'days', 'immutable', 'may_downgrade', 'start', 'support_code', 'support_title', 'weigth']);
        }
      }
    }
  });

  it('last_restored_snapshot: snapshot_parent is the parent record (Snapshot) in live, its id in primary', async () => {
    for (const dialect of ['live', 'primary'] as const) {
      const t = await makeEmu({ dialect });
      const name = await bootedServer(t);
      const first = (await t.req('POST', `/ecs/v2/servers/${name}/snapshots`, { description: 'first', notes: '' })).body.snapshot;
      await t.advance(120);
      const second = (await t.req('POST', `/ecs/v2/servers/${name}/snapshots`, { description: 'second', notes: '' })).body.snapshot;
      await t.advance(120);
      expect((await t.req('POST', `/ecs/v2/servers/${name}/actions`, { type: 'rollback', snapshot: second.id })).status).toBe(200);
      await t.advance(30);
      const restored = (await t.req('GET', `/ecs/v2/servers/${name}`)).body.server.last_restored_snapshot;
      expect(restored).toMatchObject({ id: second.id, snapshot_parent_name: first.name });
      if (dialect === 'live') {
        expect(restored.snapshot_parent).toMatchObject({ id: first.id, name: first.name, description: 'first', snapshot_parent: null, status: 'CD' });
      } else {
        expect(restored.snapshot_parent).toBe(first.id);
      }
      // the snapshot list keeps the spec's id in every dialect
      const listed = (await t.req('GET', `/ecs/v2/servers/${name}/snapshots/${second.id}`)).body.snapshot;
      expect(listed.snapshot_parent).toBe(first.id);
    }
  });
});
