import { describe, expect, it } from 'vitest';
import { LIMITS, MSG, MSG_CHOSEN } from '../../src/rules/index.js';
import { makeEmu, type TestEmu } from './helpers.js';

const ISO_MICRO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}\+00:00$/;

async function server(t: TestEmu, extra: Record<string, unknown> = {}, token?: string): Promise<string> {
  const r = await t.req('POST', '/ecs/v2/servers', { plan: 'eCS1', location: 'it-fr2', image: 'ubuntu-2404', notes: 'spot-test', ...extra }, { token });
  if (r.status !== 200) throw new Error(`server create failed: ${r.status} ${r.text}`);
  return r.body.server.name as string;
}

const status = (t: TestEmu, name: string, token?: string) => t.req('GET', `/api/v2/servers/${name}/spot-status`, undefined, { token });
const promote = (t: TestEmu, name: string, method = 'PATCH', body: unknown = { status: 'promoted' }) =>
  t.req(method, `/api/v2/servers/${name}/spot-status`, body);
const reclaim = (t: TestEmu, name: string) => t.req('POST', `/__emulator/servers/${name}/reclaim`, undefined, { token: null });

describe('spot', () => {
  it('creates a spot server whose create response and status carry the spot record', async () => {
    const t = await makeEmu();
    const r = await t.req('POST', '/ecs/v2/servers', { plan: 'eCS1', location: 'it-fr2', image: 'ubuntu-2404', notes: 's', spot: true });
    expect(r.status).toBe(200);
    const name = r.body.server.name;
    const record = { server: name, status: 'ok', discount: 0.3, notified_at: null, terminate_at: null, promoted_at: null };
    expect(r.body.server.spot).toEqual(record);
    const s = await status(t, name);
    expect(s.status).toBe(200);
    expect(s.body).toEqual(record);
    // the same record is served under /ecs/v2
    expect((await t.req('GET', `/ecs/v2/servers/${name}/spot-status`)).body).toEqual(record);
  });

  it('SpotPlanNotAvailable for a plan without spot discount, or without capacity, and nothing is created', async () => {
    const t = await makeEmu();
    const noDiscount = await t.req('POST', '/ecs/v2/servers', { plan: 'eCS2W', location: 'it-fr2', image: 'windows-2022', notes: 's', spot: true });
    expect(noDiscount.status).toBe(400);
    expect(noDiscount.body).toMatchObject({ status: 'error', error_code: 400, error: MSG.spotPlanNotAvailable });
    expect(noDiscount.body.message).toMatch(/^SpotPlanNotAvailable: /);
    t.emulator.emu.state.capacity['eCS1@bg-sof1'] = 0;
    const full = await t.req('POST', '/ecs/v2/servers', { plan: 'eCS1', location: 'bg-sof1', image: 'ubuntu-2404', notes: 's', spot: true });
    expect(full.status).toBe(400);
    expect(full.body.error).toBe('SpotPlanNotAvailable');
    expect(Object.keys(t.emulator.emu.state.servers)).toEqual([]);
    expect(t.emulator.emu.state.spots).toEqual({});
  });

  it('ok → promoted (PATCH), then idempotent (PUT); the server becomes on-demand', async () => {
    const t = await makeEmu();
    const name = await server(t, { spot: true });
    await t.advance(90);
    const p = await promote(t, name);
    expect(p.status).toBe(200);
    expect(p.body).toMatchObject({ server: name, status: 'promoted', notified_at: null, terminate_at: null });
    expect(p.body.promoted_at).toMatch(ISO_MICRO);
    expect(Date.parse(p.body.promoted_at)).toBe(t.emulator.emu.now());
    const srv = (await t.req('GET', `/ecs/v2/servers/${name}`)).body.server;
    expect(srv.spot).toBeUndefined();
    await t.advance(30);
    const again = await promote(t, name, 'PUT');
    expect(again.status).toBe(200);
    expect(again.body).toEqual(p.body);
    // an on-demand server cannot be reclaimed
    expect((await reclaim(t, name)).status).toBe(400);
  });

  it('reclaim: terminating now, terminated and deleted 120 s later; the record survives', async () => {
    const t = await makeEmu();
    const name = await server(t, { spot: true });
    await t.advance(90);
    const r = await reclaim(t, name);
    expect(r.status).toBe(200);
    expect(r.body.status).toBe('terminating');
    const notified = Date.parse(r.body.notified_at);
    expect(notified).toBe(t.emulator.emu.now());
    expect(Date.parse(r.body.terminate_at) - notified).toBe(LIMITS.spotNoticeSeconds * 1000);

    const p = await promote(t, name);
    expect(p.status).toBe(400);
    expect(p.body.message).toBe(MSG.spotTerminationScheduled);
    expect((await status(t, name)).body.status).toBe('terminating');
    expect((await reclaim(t, name)).status).toBe(400);

    await t.advance(119);
    expect((await status(t, name)).body.status).toBe('terminating');
    expect((await t.req('GET', `/ecs/v2/servers/${name}`)).body.server.status).toBe('Booted');
    await t.advance(1);
    expect((await status(t, name)).body.status).toBe('terminated');
    expect((await t.req('GET', `/ecs/v2/servers/${name}`)).body.server.status).toBe('Deleting');
    await t.advance(15);
    expect((await t.req('GET', `/ecs/v2/servers/${name}`)).status).toBe(404);
    const after = await status(t, name);
    expect(after.status).toBe(200);
    expect(after.body).toMatchObject({ server: name, status: 'terminated', notified_at: r.body.notified_at, terminate_at: r.body.terminate_at });
    const p2 = await promote(t, name, 'PUT');
    expect(p2.status).toBe(400);
    expect(p2.body.message).toBe(MSG.spotAlreadyTerminated);
    // the reclaim's delete is an ordinary delete_server action
    const actions = (await t.req('GET', `/ecs/v2/actions?resource=${name}`)).body.actions;
    expect(actions[0]).toMatchObject({ type: 'delete_server', status: 'completed' });
  });

  it('a spot the user deleted cannot be promoted or reclaimed', async () => {
    const t = await makeEmu();
    const name = await server(t, { spot: true });
    await t.advance(90);
    expect((await t.req('DELETE', `/ecs/v2/servers/${name}`)).status).toBe(200);
    await t.advance(15);
    expect((await status(t, name)).body.status).toBe('ok');
    expect((await promote(t, name)).body.message).toBe(MSG.spotAlreadyTerminated);
    expect((await reclaim(t, name)).status).toBe(404);
  });

  it('promotion of an on-demand server is 404 with a reason; missing and foreign servers answer the same 404', async () => {
    const t = await makeEmu();
    const plain = await server(t);
    const r = await promote(t, plain);
    expect(r.status).toBe(404);
    expect(r.body.message).toBe(MSG_CHOSEN.spotNotSpot);
    expect((await status(t, plain)).status).toBe(404);

    const bob = await t.newUser('bob');
    const bobs = await server(t, { spot: true }, bob);
    const missing = await status(t, 'ec299999');
    expect(missing.status).toBe(404);
    const foreign = await status(t, bobs);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(missing.body);
    expect((await promote(t, bobs)).body).toEqual(missing.body);
    expect(t.emulator.emu.state.spots[bobs].status).toBe('ok');
    for (const odd of ['%00', '__proto__', 'constructor', 'x'.repeat(300)]) expect((await status(t, odd)).status, odd).toBe(404);
  });

  it.each([
    ['other status', { status: 'terminated' }],
    ['no status', {}],
    ['status not a string', { status: 1 }],
    ['status as object', { status: { promoted: true } }],
  ])('promotion with %s: 400, nothing changes', async (_n, body) => {
    const t = await makeEmu();
    const name = await server(t, { spot: true });
    const r = await promote(t, name, 'PATCH', body);
    expect(r.status).toBe(400);
    expect(t.emulator.emu.state.spots[name].status).toBe('ok');
    expect(t.emulator.emu.state.servers[name].spot).toBe(true);
  });

  it('reclaim of an unknown server is 404', async () => {
    const t = await makeEmu();
    expect((await reclaim(t, 'ec212345')).status).toBe(404);
  });

  it('demo seed has a running spot and a reclaimed one', async () => {
    const t = await makeEmu({ seed: 'demo' });
    const spots = Object.values(t.emulator.emu.state.spots).filter((s) => s.user === 'demo');
    expect(spots.map((s) => s.status).sort()).toEqual(['ok', 'terminated']);
    const ok = spots.find((s) => s.status === 'ok')!;
    expect(t.emulator.emu.state.servers[ok.server].status).toBe('Booted');
    const gone = spots.find((s) => s.status === 'terminated')!;
    expect(gone.terminate_at! - gone.notified_at!).toBe(120_000);
    expect((await status(t, gone.server)).body.status).toBe('terminated');
  });
});
