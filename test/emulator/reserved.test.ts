import { describe, expect, it } from 'vitest';
import { addMonths } from '../../src/emulator/reserved.js';
import { MSG } from '../../src/rules/index.js';
import { makeEmu, type TestEmu } from './helpers.js';

const ISO_MICRO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}\+00:00$/;
const START = Date.UTC(2026, 0, 31, 10, 0, 0);
const DAY = 86_400_000;

async function server(t: TestEmu, extra: Record<string, unknown> = {}, token?: string): Promise<string> {
  const r = await t.req('POST', '/ecs/v2/servers', { plan: 'eCS1', location: 'it-fr2', image: 'ubuntu-2404', notes: 'r', ...extra }, { token });
  if (r.status !== 200) throw new Error(`server create failed: ${r.status} ${r.text}`);
  return r.body.server.name as string;
}

const reserve = (t: TestEmu, name: string, body: unknown, token?: string) => t.req('POST', `/api/v2/servers/${name}/reserved`, body, { token });

describe('reserved periods', () => {
  it.each([
    ['formula', 'M12PECS1'],
    ['formula in other case', 'm12pecs1'],
    ['id as number', 112],
    ['id as text', '112'],
  ])('reserves by %s: the 2.16 record with ISO dates, 12 months', async (_n, value) => {
    const t = await makeEmu({ start: START });
    const name = await server(t);
    const r = await reserve(t, name, { reserved_plan: value });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      status: 'ok',
      reserved_plan: 112,
      reserved_month: 12,
      plan: 1,
      discount: 30,
      start_date: '2026-01-31T10:00:00.000000+00:00',
      end_date: '2027-01-31T10:00:00.000000+00:00',
      server: name,
    });
    const s = (await t.req('GET', `/ecs/v2/servers/${name}`)).body.server;
    expect(s.is_reserved).toBe(true);
    expect(s.reserved_until).toBe('2027-01-31T10:00:00.000000+00:00');
    expect(s.reserved_plans).toEqual([expect.objectContaining({ reserved_plan: 112, start_date: expect.stringMatching(ISO_MICRO) })]);
  });

  it.each([
    ['missing field', {}, 400, MSG.reservedPlanRequired],
    ['null', { reserved_plan: null }, 400, MSG.reservedPlanRequired],
    ['empty text', { reserved_plan: '' }, 400, MSG.reservedPlanRequired],
    ['bad formula', { reserved_plan: 'X12PECS1' }, 400, MSG.reservedInvalidFormula],
    ['bad months', { reserved_plan: 'M5PECS1' }, 400, MSG.reservedInvalidFormula],
    ['boolean', { reserved_plan: true }, 400, MSG.reservedInvalidFormula],
    ['object', { reserved_plan: { id: 112 } }, 400, MSG.reservedInvalidFormula],
    ['negative id', { reserved_plan: -3 }, 400, MSG.reservedInvalidFormula],
    ['unknown plan in formula', { reserved_plan: 'M12PECS99' }, 404, MSG.reservedPlanNotFound],
    ['no reserved plan for GPU', { reserved_plan: 'M3PECS1GPU' }, 404, MSG.reservedPlanNotFound],
    ['unknown id', { reserved_plan: 999999 }, 404, MSG.reservedPlanNotFound],
    ['huge id', { reserved_plan: '99999999999999999999999' }, 404, MSG.reservedPlanNotFound],
    ['formula of another plan', { reserved_plan: 'M6PECS2' }, 400, MSG.reservedPlanMismatch],
    ['id of another plan', { reserved_plan: 703 }, 400, MSG.reservedPlanMismatch],
  ])('%s: the exact error, nothing changes', async (_n, body, status, message) => {
    const t = await makeEmu();
    const name = await server(t);
    const r = await reserve(t, name, body);
    expect(r.status).toBe(status);
    expect(r.body).toEqual({ status: 'error', error_code: status, message });
    const s = t.emulator.emu.state.servers[name];
    expect(s.is_reserved).toBe(false);
    expect(s.reserved_plans).toEqual([]);
  });

  it('refuses accounts without reserved plans', async () => {
    const t = await makeEmu();
    const token = await t.newUser('noreserve', { reserved_available: false });
    const name = await server(t, {}, token);
    const r = await reserve(t, name, { reserved_plan: 'M3PECS1' }, token);
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(MSG.reservedNotAvailable);
    expect(t.emulator.emu.state.servers[name].is_reserved).toBe(false);
    // at creation too
    const c = await t.req('POST', '/ecs/v2/servers', { plan: 'eCS1', location: 'it-fr2', image: 'ubuntu-2404', notes: 'r', reserved_plan: 'M3PECS1' }, { token });
    expect(c.body.message).toBe(MSG.reservedNotAvailable);
  });

  it('refuses a spot server: spot and reserved_plan are mutually exclusive', async () => {
    const t = await makeEmu();
    const name = await server(t, { spot: true });
    const r = await reserve(t, name, { reserved_plan: 'M3PECS1' });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(MSG.spotReservedExclusive);
    expect(t.emulator.emu.state.servers[name].is_reserved).toBe(false);
  });

  it('disables destroy until the period ends, then releases the server', async () => {
    const t = await makeEmu({ start: START });
    const name = await server(t);
    await t.advance(90);
    await reserve(t, name, { reserved_plan: 'M3PECS1' });
    const del = await t.req('DELETE', `/ecs/v2/servers/${name}`);
    expect(del.status).toBe(400);
    const end = addMonths(START + 90_000, 3);
    await t.advance((end - t.emulator.emu.now()) / 1000 - 1);
    t.token = await t.login();
    expect((await t.req('GET', `/ecs/v2/servers/${name}`)).body.server.is_reserved).toBe(true);
    await t.advance(1);
    const s = (await t.req('GET', `/ecs/v2/servers/${name}`)).body.server;
    expect(s.is_reserved).toBe(false);
    expect(s.reserved_until).toBe('');
    // the period stays in the record (usage reports read it)
    expect(s.reserved_plans).toHaveLength(1);
    expect((await t.req('DELETE', `/ecs/v2/servers/${name}`)).status).toBe(200);
  });

  it('renews: a second period starts when the current one ends', async () => {
    const t = await makeEmu({ start: START });
    const name = await server(t);
    const first = (await reserve(t, name, { reserved_plan: 'M3PECS1' })).body;
    await t.advance(10 * 86400);
    t.token = await t.login();
    const second = (await reserve(t, name, { reserved_plan: 'M6PECS1' })).body;
    expect(second.start_date).toBe(first.end_date);
    const s = t.emulator.emu.state.servers[name];
    expect(s.reserved_until).toBe(Date.parse(second.end_date));
    // the first period's end does not release the server
    await t.advance((Date.parse(first.end_date) - t.emulator.emu.now()) / 1000 + 5);
    expect(s.is_reserved).toBe(true);
  });

  it('works at creation with reserved_plan', async () => {
    const t = await makeEmu({ start: START });
    const r = await t.req('POST', '/ecs/v2/servers', { plan: 'eCS2', location: 'it-mi2', image: 'ubuntu-2404', notes: 'r', reserved_plan: 'M6PECS2' });
    expect(r.status).toBe(200);
    expect(r.body.server).toMatchObject({ is_reserved: true, reserved_until: '2026-07-31T10:00:00.000000+00:00' });
  });

  it("answers another account's server and a missing one with the same 404", async () => {
    const t = await makeEmu();
    const bob = await t.newUser('bob');
    const bobs = await server(t, {}, bob);
    const missing = await reserve(t, 'ec299999', { reserved_plan: 'M3PECS1' });
    const foreign = await reserve(t, bobs, { reserved_plan: 'M3PECS1' });
    expect(missing.status).toBe(404);
    expect(foreign.body).toEqual(missing.body);
    expect(t.emulator.emu.state.servers[bobs].is_reserved).toBe(false);
    expect((await reserve(t, '%00', { reserved_plan: 'M3PECS1' })).status).toBe(404);
    const bad = await reserve(t, bobs, undefined, undefined);
    expect(bad.status).toBe(404);
  });

  it('the /ecs/v2 alias works and malformed JSON is a 400', async () => {
    const t = await makeEmu();
    const name = await server(t);
    const r = await t.req('POST', `/ecs/v2/servers/${name}/reserved`, undefined, { raw: '{', headers: { 'content-type': 'application/json' } });
    expect(r.status).toBe(400);
    expect((await t.req('POST', `/ecs/v2/servers/${name}/reserved`, { reserved_plan: 103 })).status).toBe(200);
  });

  it('adds calendar months, clamping the day', () => {
    expect(new Date(addMonths(Date.UTC(2026, 0, 31, 10), 1)).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(new Date(addMonths(Date.UTC(2027, 10, 30), 3)).toISOString()).toBe('2028-02-29T00:00:00.000Z');
    expect(new Date(addMonths(Date.UTC(2026, 4, 15, 8, 30), 12)).toISOString()).toBe('2027-05-15T08:30:00.000Z');
  });

  it('demo seed has a reserved server with a past start', async () => {
    const t = await makeEmu({ seed: 'demo' });
    const list = (await t.req('GET', '/ecs/v2/servers')).body.server;
    const reserved = list.filter((s: { is_reserved: boolean }) => s.is_reserved);
    expect(reserved).toHaveLength(1);
    expect(Date.parse(reserved[0].reserved_plans[0].start_date)).toBeLessThan(t.emulator.emu.now() - 30 * DAY);
    expect(reserved[0].support).toMatchObject({ immutable: true });
  });
});
