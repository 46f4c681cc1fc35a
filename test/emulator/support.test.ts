import { describe, expect, it } from 'vitest';
import { MSG } from '../../src/rules/index.js';
import { makeEmu, type TestEmu } from './helpers.js';

const START = Date.UTC(2026, 2, 1, 9, 0, 0);
const DAYS_30 = 30 * 86400;

async function server(t: TestEmu, extra: Record<string, unknown> = {}, token?: string): Promise<string> {
  const r = await t.req('POST', '/ecs/v2/servers', { plan: 'eCS1', location: 'it-fr2', image: 'ubuntu-2404', notes: 's', ...extra }, { token });
  if (r.status !== 200) throw new Error(`server create failed: ${r.status} ${r.text}`);
  return r.body.server.name as string;
}

const setSupport = (t: TestEmu, name: string, body: unknown, token?: string) => t.req('POST', `/ecs/v2/servers/${name}/support`, body, { token });
const removeSupport = (t: TestEmu, name: string, token?: string) => t.req('DELETE', `/ecs/v2/servers/${name}/support`, undefined, { token });

/** Moves the clock, then logs in again (a login token lives one hour). */
async function later(t: TestEmu, seconds: number) {
  await t.advance(seconds);
  t.token = await t.login();
}

describe('support plans', () => {
  it('sets basic: {status, support} with the 2.15 record', async () => {
    const t = await makeEmu({ start: START });
    const name = await server(t);
    const r = await setSupport(t, name, { code: 'basic' });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      status: 'ok',
      support: {
        support_title: 'Basic support',
        support_code: 'basic',
        immutable: false,
        start: '2026-03-01T09:00:00.000000+00:00',
        may_downgrade: false,
        weigth: 1,
        days: 30,
        cancelled: false,
        cancelled_at: null,
      },
    });
    expect((await t.req('GET', `/ecs/v2/servers/${name}`)).body.server.support).toEqual(r.body.support);
  });

  it.each([
    ['unknown code', { code: 'premium' }],
    ['missing code', {}],
    ['empty code', { code: '' }],
  ])('%s: 400 "Support code not found", nothing changes', async (_n, body) => {
    const t = await makeEmu();
    const name = await server(t);
    const r = await setSupport(t, name, body);
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ status: 'error', error_code: 400, message: MSG.supportCodeNotFound });
    expect(t.emulator.emu.state.servers[name].support).toBeNull();
  });

  it.each([
    ['code as number', { code: 2 }],
    ['code as array', { code: ['basic'] }],
    ['code as object', { code: { basic: true } }],
  ])('%s: 400 naming the field, nothing changes', async (_n, body) => {
    const t = await makeEmu();
    const name = await server(t);
    const r = await setSupport(t, name, body);
    expect(r.status).toBe(400);
    expect(r.body.message).toBe("field 'code' must be a string");
    expect(t.emulator.emu.state.servers[name].support).toBeNull();
  });

  it('upgrades at any time; downgrades only once the period has passed', async () => {
    const t = await makeEmu({ start: START });
    const name = await server(t);
    await setSupport(t, name, { code: 'basic' });
    await later(t, 3600);
    const up = await setSupport(t, name, { code: 'global' });
    expect(up.status).toBe(200);
    expect(up.body.support).toMatchObject({ support_code: 'global', weigth: 2, start: '2026-03-01T10:00:00.000000+00:00' });

    const down = await setSupport(t, name, { code: 'basic' });
    expect(down.status).toBe(400);
    expect(down.body.message).toBe(MSG.supportNoDowngrade);
    expect(t.emulator.emu.state.servers[name].support?.support_code).toBe('global');

    await later(t, DAYS_30 - 1);
    expect((await setSupport(t, name, { code: 'basic' })).body.message).toBe(MSG.supportNoDowngrade);
    expect(t.emulator.emu.state.servers[name].support?.may_downgrade).toBe(false);
    await t.advance(1);
    expect((await t.req('GET', `/ecs/v2/servers/${name}`)).body.server.support.may_downgrade).toBe(true);
    const ok = await setSupport(t, name, { code: 'basic' });
    expect(ok.status).toBe(200);
    expect(ok.body.support).toMatchObject({ support_code: 'basic', may_downgrade: false });
  });

  it('sending the current code again changes nothing', async () => {
    const t = await makeEmu({ start: START });
    const name = await server(t);
    const first = (await setSupport(t, name, { code: 'global' })).body.support;
    await t.advance(600);
    const again = await setSupport(t, name, { code: 'GLOBAL' });
    expect(again.status).toBe(200);
    expect(again.body.support).toEqual(first);
  });

  it('DELETE sets unmanaged support only after the period; before, the downgrade message', async () => {
    const t = await makeEmu({ start: START });
    const name = await server(t);
    await setSupport(t, name, { code: 'basic' });
    const early = await removeSupport(t, name);
    expect(early.status).toBe(400);
    expect(early.body.message).toBe(MSG.supportNoDowngrade);
    expect(t.emulator.emu.state.servers[name].support?.cancelled).toBe(false);
    await later(t, DAYS_30);
    const r = await removeSupport(t, name);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ status: 'ok' });
    const support = (await t.req('GET', `/ecs/v2/servers/${name}`)).body.server.support;
    expect(support).toMatchObject({ cancelled: true, cancelled_at: '2026-03-31T09:00:00.000000+00:00', may_downgrade: false });
    // deleting again is harmless; a new plan starts fresh
    expect((await removeSupport(t, name)).status).toBe(200);
    const fresh = await setSupport(t, name, { code: 'basic' });
    expect(fresh.body.support).toMatchObject({ cancelled: false, start: '2026-03-31T09:00:00.000000+00:00' });
  });

  it('a server without support answers DELETE with ok', async () => {
    const t = await makeEmu();
    const name = await server(t);
    expect((await removeSupport(t, name)).body).toEqual({ status: 'ok' });
  });

  it('is immutable during a reserved period: both edit and remove are refused, then allowed after it', async () => {
    const t = await makeEmu({ start: START });
    const name = await server(t, { reserved_plan: 'M3PECS1', support: 'global' });
    const created = (await t.req('GET', `/ecs/v2/servers/${name}`)).body.server;
    expect(created.support).toMatchObject({ support_code: 'global', immutable: true });

    await later(t, DAYS_30 + 60);
    const edit = await setSupport(t, name, { code: 'basic' });
    expect(edit.status).toBe(400);
    expect(edit.body.message).toBe(MSG.supportImmutableEdit);
    const remove = await removeSupport(t, name);
    expect(remove.status).toBe(400);
    expect(remove.body.message).toBe(MSG.supportImmutableModify);
    expect(t.emulator.emu.state.servers[name].support).toMatchObject({ support_code: 'global', cancelled: false });

    const end = t.emulator.emu.state.servers[name].reserved_until!;
    await later(t, (end - t.emulator.emu.now()) / 1000);
    const after = (await t.req('GET', `/ecs/v2/servers/${name}`)).body.server;
    expect(after.is_reserved).toBe(false);
    expect(after.support).toMatchObject({ immutable: false, may_downgrade: true });
    expect((await setSupport(t, name, { code: 'basic' })).status).toBe(200);
  });

  it('reserving a server with support makes the support immutable', async () => {
    const t = await makeEmu();
    const name = await server(t);
    await setSupport(t, name, { code: 'basic' });
    await t.req('POST', `/api/v2/servers/${name}/reserved`, { reserved_plan: 'M3PECS1' });
    const r = await setSupport(t, name, { code: 'global' });
    expect(r.body.message).toBe(MSG.supportImmutableEdit);
  });

  it('an unknown support code at creation is refused and creates nothing', async () => {
    const t = await makeEmu();
    const r = await t.req('POST', '/ecs/v2/servers', { plan: 'eCS1', location: 'it-fr2', image: 'ubuntu-2404', notes: 's', support: 'gold' });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(MSG.supportCodeNotFound);
    expect(t.emulator.emu.state.servers).toEqual({});
  });

  it("answers another account's server and a missing one with the same 404", async () => {
    const t = await makeEmu();
    const bob = await t.newUser('bob');
    const bobs = await server(t, {}, bob);
    const missing = await setSupport(t, 'ec299999', { code: 'basic' });
    expect(missing.status).toBe(404);
    expect((await setSupport(t, bobs, { code: 'basic' })).body).toEqual(missing.body);
    expect((await removeSupport(t, bobs)).body).toEqual(missing.body);
    expect(t.emulator.emu.state.servers[bobs].support).toBeNull();
    for (const odd of ['%00', '__proto__', 'x'.repeat(500)]) expect((await setSupport(t, odd, { code: 'basic' })).status).toBe(404);
  });

  it('demo seed: support plans in several states', async () => {
    const t = await makeEmu({ seed: 'demo' });
    const list = (await t.req('GET', '/ecs/v2/servers')).body.server;
    const supports = list.filter((s: { support: unknown }) => s.support).map((s: { support: { support_code: string; immutable: boolean; may_downgrade: boolean } }) => s.support);
    expect(supports.length).toBeGreaterThanOrEqual(3);
    expect(supports.some((s: { immutable: boolean }) => s.immutable)).toBe(true);
    expect(supports.some((s: { may_downgrade: boolean }) => s.may_downgrade)).toBe(true);
  });
});
