// The request pipeline every endpoint shares: error bodies, unknown paths and methods, body limits,
// actions listing and paging, fault injection and the admin clock.
import { describe, expect, it } from 'vitest';
import { MSG } from '../../src/rules/index.js';
import { makeEmu } from './helpers.js';

describe('errors common to every endpoint', () => {
  it('answers an unknown path with a 404 JSON error', async () => {
    const t = await makeEmu();
    for (const path of ['/nope', '/ecs/v2/nope', '/ecs/v3/servers', '/ecs/v2/servers/%00/x/y/z', '/../etc/passwd']) {
      const r = await t.req('GET', path);
      expect(r.status, path).toBe(404);
      expect(r.body).toMatchObject({ status: 'error', error_code: 404, message: expect.any(String) });
    }
  });

  it('answers a wrong method with a 405 JSON error naming the allowed ones', async () => {
    const t = await makeEmu();
    const r = await t.req('DELETE', '/ecs/v2/actions');
    expect(r.status).toBe(405);
    expect(r.body).toMatchObject({ status: 'error', error_code: 405 });
    expect(r.headers.get('allow')).toContain('GET');
  });

  it.each([
    ['malformed JSON', '{"notes": '],
    ['a JSON array', '[1,2]'],
    ['a JSON string', '"hello"'],
    ['a JSON number', '12'],
  ])('refuses %s with a 400 that says what is wrong', async (_label, raw) => {
    const t = await makeEmu();
    const r = await t.req('POST', '/ecs/v2/keys', undefined, { raw, headers: { 'content-type': 'application/json' } });
    expect(r.status).toBe(400);
    expect(r.body.status).toBe('error');
    expect(r.body.message).toMatch(/JSON/);
    expect((await t.req('GET', '/ecs/v2/keys')).body).toEqual([]);
  });

  it('refuses a body over 1 MiB with 413', async () => {
    const t = await makeEmu();
    const r = await t.req('POST', '/ecs/v2/keys', { notes: 'x'.repeat(1_100_000) });
    expect(r.status).toBe(413);
    expect(r.body.error_code).toBe(413);
  });

  it('a shared rule that refuses (RuleError) is answered by the error handler alone, as JSON with its status and exact message, nothing changed', async () => {
    // the modules call the rules of src/rules directly, with no wrapper of their own: one per kind of rule
    const t = await makeEmu();
    const before = JSON.stringify(t.emulator.emu.state);
    const server = { plan: 'eCS1', location: 'it-mi2', image: 'ubuntu-2404', notes: 'x' };
    for (const [method, path, body, status, message] of [
      ['POST', '/ecs/v2/servers', { ...server, spot: true, reserved_plan: 'M12PECS1' }, 400, MSG.spotReservedExclusive],
      ['POST', '/ecs/v2/servers', { ...server, user_customize: 'cd ../x' }, 400, MSG.serverScriptRelativePath],
      ['POST', '/ecs/v2/scripts', { title: '', content: 'x' }, 400, MSG.scriptTitleNull],
      ['POST', '/ecs/v2/servers', { ...server, reserved_plan: 'twelve months' }, 400, MSG.reservedInvalidFormula],
    ] as const) {
      const r = await t.req(method, path, body);
      expect(r.status, `${path} ${JSON.stringify(body)}`).toBe(status);
      expect(r.body).toEqual({ status: 'error', error_code: status, message });
    }
    expect(JSON.stringify(t.emulator.emu.state)).toBe(before);
  });

  it('names the field of a wrong type', async () => {
    const t = await makeEmu();
    const r = await t.req('POST', '/ecs/v2/keys', { notes: { nested: true } });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe("field 'notes' must be a string");
  });
});

describe('actions (spec 4.4)', () => {
  async function withActions(n: number) {
    const t = await makeEmu();
    const ids: number[] = [];
    for (let i = 0; i < n; i++) {
      const a = t.emulator.emu.startAction({ user: 'demo', type: 'power_on', resource: i % 2 ? 'ec200001' : 'ec200002', resource_type: 'ECS' });
      ids.push(a.id);
    }
    t.emulator.emu.startAction({ user: 'someone-else', type: 'power_on', resource: 'ec299999', resource_type: 'ECS' });
    return { t, ids };
  }

  it('lists the last 50 actions, most recent first, with the total', async () => {
    const { t, ids } = await withActions(60);
    const r = await t.req('GET', '/ecs/v2/actions');
    expect(r.body.total_actions).toBe(60);
    expect(r.body.actions).toHaveLength(50);
    expect(r.body.actions.map((a: { id: number }) => a.id)).toEqual([...ids].reverse().slice(0, 50));
  });

  it('filters by resource first, then pages', async () => {
    const { t, ids } = await withActions(20);
    const r = await t.req('GET', '/ecs/v2/actions?resource=ec200001&start=2&length=3');
    const mine = ids.filter((_, i) => i % 2 === 1).reverse();
    expect(r.body.total_actions).toBe(10);
    expect(r.body.actions.map((a: { id: number }) => a.id)).toEqual(mine.slice(2, 5));
  });

  it('refuses paging values that are not non-negative integers', async () => {
    const { t } = await withActions(1);
    for (const q of ['start=-1', 'length=abc', 'start=1.5']) {
      const r = await t.req('GET', `/ecs/v2/actions?${q}`);
      expect(r.status, q).toBe(400);
    }
  });

  it('moves an action from in-progress to completed with growing progress', async () => {
    const t = await makeEmu();
    const a = t.emulator.emu.startAction({ user: 'demo', type: 'power_off', resource: 'ec200001', resource_type: 'ECS' });
    const get = async () => (await t.req('GET', `/ecs/v2/actions/${a.id}`)).body.action;
    expect(await get()).toMatchObject({ status: 'in-progress', progress: 0, completed_at: null, type: 'power_off' });
    await t.advance(2);
    expect((await get()).progress).toBe(40);
    await t.advance(3);
    const done = await get();
    expect(done).toMatchObject({ status: 'completed', progress: 100 });
    expect(done.completed_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}\+00:00$/);
  });

  it.each([
    ['primary', 'failed'],
    ['alternate', 'error'],
    ['live', 'failed'],
  ] as const)('ends an injected failure with the %s dialect failure status %s', async (dialect, status) => {
    const t = await makeEmu({ dialect });
    await t.req('PUT', '/__emulator/faults', { fail_next_actions: 1 }, { token: null });
    const a = t.emulator.emu.startAction({ user: 'demo', type: 'power_off', resource: 'ec200001', resource_type: 'ECS' });
    const b = t.emulator.emu.startAction({ user: 'demo', type: 'power_off', resource: 'ec200001', resource_type: 'ECS' });
    await t.advance(10);
    expect((await t.req('GET', `/ecs/v2/actions/${a.id}`)).body.action.status).toBe(status);
    expect((await t.req('GET', `/ecs/v2/actions/${b.id}`)).body.action.status).toBe('completed');
  });

  it('answers another account\u2019s action and a missing one alike, with 404', async () => {
    const { t } = await withActions(1);
    const other = await t.newUser('eve');
    const mine = (await t.req('GET', '/ecs/v2/actions')).body.actions[0].id;
    const a = await t.req('GET', `/ecs/v2/actions/${mine}`, undefined, { token: other });
    const b = await t.req('GET', '/ecs/v2/actions/123456789');
    const c = await t.req('GET', '/ecs/v2/actions/abc');
    expect([a.status, b.status, c.status]).toEqual([404, 404, 404]);
    expect(a.body.message).toBe(b.body.message);
  });
});

describe('admin endpoints', () => {
  it('reports and advances the manual clock', async () => {
    const t = await makeEmu();
    const before = await t.req('GET', '/__emulator/clock', undefined, { token: null });
    expect(before.body).toMatchObject({ mode: 'manual', speed: 1 });
    const r = await t.req('POST', '/__emulator/clock/advance', { seconds: 90 }, { token: null });
    expect(Date.parse(r.body.now) - Date.parse(before.body.now)).toBe(90_000);
    expect((await t.req('POST', '/__emulator/clock/advance', { seconds: -1 }, { token: null })).status).toBe(400);
    expect((await t.req('POST', '/__emulator/clock/advance', { seconds: 'x' }, { token: null })).status).toBe(400);
  });

  it('creates accounts and refuses a duplicate with 409', async () => {
    const t = await makeEmu();
    const body = { username: 'ann', password: 'pw' };
    expect((await t.req('POST', '/__emulator/users', body, { token: null })).status).toBe(201);
    expect((await t.req('POST', '/__emulator/users', body, { token: null })).status).toBe(409);
    expect((await t.req('POST', '/__emulator/users', { username: 'x' }, { token: null })).status).toBe(400);
  });

  it('injects a fixed number of errors, then clears faults', async () => {
    const t = await makeEmu();
    await t.req('PUT', '/__emulator/faults', { error_next: 2, error_status: 503 }, { token: null });
    expect((await t.req('GET', '/ecs/v2/account')).status).toBe(503);
    // admin endpoints are never faulted
    expect((await t.req('GET', '/__emulator/clock', undefined, { token: null })).status).toBe(200);
    expect((await t.req('GET', '/ecs/v2/account')).status).toBe(503);
    expect((await t.req('GET', '/ecs/v2/account')).status).toBe(200);
    await t.req('PUT', '/__emulator/faults', { error_rate: 1, error_status: 502, path_prefix: '/ecs/v2/actions' }, { token: null });
    expect((await t.req('GET', '/ecs/v2/actions')).status).toBe(502);
    expect((await t.req('GET', '/ecs/v2/account')).status).toBe(200);
    await t.req('DELETE', '/__emulator/faults', undefined, { token: null });
    expect((await t.req('GET', '/ecs/v2/actions')).status).toBe(200);
  });

  it('drops connections: the caller sees a network failure', async () => {
    const t = await makeEmu();
    await t.req('PUT', '/__emulator/faults', { drop_rate: 1 }, { token: null });
    await expect(t.req('GET', '/ecs/v2/account')).rejects.toThrow(/fetch failed/);
  });

  it('refuses fault values out of range', async () => {
    const t = await makeEmu();
    for (const body of [{ error_rate: 2 }, { error_status: 200 }, { latency_ms: -5 }, { drop_rate: 'all' }]) {
      expect((await t.req('PUT', '/__emulator/faults', body, { token: null })).status).toBe(400);
    }
  });

  it('resets to a fresh seed', async () => {
    const t = await makeEmu();
    await t.req('POST', '/ecs/v2/keys', { notes: 'temp' });
    const r = await t.req('POST', '/__emulator/reset', { seed: 'empty' }, { token: null });
    expect(r.status).toBe(200);
    const token = await t.login();
    expect((await t.req('GET', '/ecs/v2/keys', undefined, { token })).body).toEqual([]);
    expect((await t.req('POST', '/__emulator/reset', { seed: 'lots' }, { token: null })).status).toBe(400);
  });
});

describe('request statistics', () => {
  it('counts service requests, not admin ones', async () => {
    const t = await makeEmu();
    const before = (await t.req('GET', '/__emulator/stats', undefined, { token: null })).body.requests;
    await t.req('GET', '/ecs/v2/account');
    await t.req('GET', '/ecs/v2/actions');
    await t.req('GET', '/__emulator/clock', undefined, { token: null });
    expect((await t.req('GET', '/__emulator/stats', undefined, { token: null })).body.requests).toBe(before + 2);
  });

  it('counts metrics requests apart, so a dashboard\'s sparkline polling can be measured', async () => {
    const t = await makeEmu();
    const stats = async () => (await t.req('GET', '/__emulator/stats', undefined, { token: null })).body;
    const before = await stats();
    await t.req('GET', '/ecs/v2/servers/ec206901/metrics');
    await t.req('GET', '/ecs/v2/servers');
    const after = await stats();
    expect(after.metrics_requests - before.metrics_requests).toBe(1);
    expect(after.requests - before.requests).toBe(2);
  });

  it('counts action list and lookup requests apart, so a dashboard\'s action watcher can be measured', async () => {
    const t = await makeEmu();
    const stats = async () => (await t.req('GET', '/__emulator/stats', undefined, { token: null })).body;
    const before = await stats();
    await t.req('GET', '/ecs/v2/actions?start=0&length=20');
    await t.req('GET', '/ecs/v2/actions/1');
    await t.req('GET', '/ecs/v2/servers/ec206901/actions');
    const after = await stats();
    expect(after.actions_requests - before.actions_requests).toBe(2);
    expect(after.requests - before.requests).toBe(3);
  });
});
