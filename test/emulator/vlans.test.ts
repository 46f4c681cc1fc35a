import { describe, expect, it } from 'vitest';
import { makeEmu, type TestEmu } from './helpers.js';
import { MSG } from '../../src/rules/index.js';

const stateJson = (t: TestEmu) => JSON.stringify(t.emulator.emu.state);

async function setup(): Promise<{ t: TestEmu; s: string; n: string; base: string }> {
  const t = await makeEmu();
  const r = await t.req('POST', '/__emulator/bulk/servers', { username: 'demo', count: 1 }, { token: null });
  const s = r.body.names[0];
  const n = (await t.req('POST', '/ecs/v2/networks', {})).body.network.name;
  return { t, s, n, base: `/ecs/v2/servers/${s}/networks/${n}/vlans` };
}

const list = async (t: TestEmu, base: string) => (await t.req('GET', base)).body.vlans as any[];
const history = (t: TestEmu, s: string) => t.emulator.emu.state.servers[s].history.slice(1).map((h) => [h.state, h.at]);

// Section 7, range create or delete: every text to the letter.
const RANGE_CASES: Array<[string, unknown, string]> = [
  ['not a string', 12, 'when using vlans range, vlans_range field must be a string'],
  ['no divider', '12', "when using vlans range, must use '-' as divider"],
  ['two dividers', '1-2-3', "invalid range format using vlans range, only one divider '-' must be inserted"],
  ['not digits', 'a-b', 'invalid range format using vlans range, start and end must be digits'],
  ['end not greater', '9-3', 'invalid range format using vlans range, end must be greater than start'],
  ['start out of range', '0-5', 'invalid range format using vlans range, start must be greater than 0 and less than 4093'],
  ['end out of range', '5-4095', 'invalid range format using vlans range, end must be greater than 1 and less than 4094'],
];

describe('VLANs (spec 2.9, 3.6, 4.10)', () => {
  it('adds a VLAN: {status:"creating", action add_vlan on <server>-<network>}, creating → ok after 10 s', async () => {
    const { t, s, n, base } = await setup();
    const r = await t.req('POST', base, { vlan_id: 100, pvid: true });
    expect(r.status).toBe(200);
    expect(r.body.status).toBe('creating');
    expect(r.body.action).toMatchObject({ type: 'add_vlan', resource: `${s}-${n}`, resource_type: 'network', status: 'in-progress' });
    const [v] = await list(t, base);
    expect(v).toMatchObject({ vlan_id: 100, pvid: true, status: 'creating', active: true, deactivated_at: null, network: n, server: s });
    expect(v.mac_address).toMatch(/^52:54:00(:[0-9a-f]{2}){3}$/);
    expect(v.created_at).toMatch(/\.\d{3}Z$/);
    await t.advance(9);
    expect((await list(t, base))[0].status).toBe('creating');
    await t.advance(1);
    expect((await list(t, base))[0].status).toBe('ok');
  });

  it('adds a range: one VLAN per id, one action', async () => {
    const { t, base } = await setup();
    const r = await t.req('POST', base, { vlans: '10-13' });
    expect(r.body.status).toBe('creating');
    await t.advance(10);
    const vlans = await list(t, base);
    expect(vlans.map((v) => [v.vlan_id, v.pvid, v.status])).toEqual([10, 11, 12, 13].map((id) => [id, false, 'ok']));
    expect(new Set(vlans.map((v) => v.mac_address)).size).toBe(1);
  });

  it('restarts the server when the first VLAN with a network is created, not for later ones', async () => {
    const { t, s, base } = await setup();
    const t0 = t.emulator.emu.now();
    await t.req('POST', base, { vlan_id: 1, pvid: true });
    await t.advance(5);
    expect(history(t, s)).toEqual([]);
    await t.advance(5);
    expect(history(t, s)).toEqual([['off', t0 + 10_000]]);
    expect((await t.req('GET', `/ecs/v2/servers/${s}/status`)).body.server.current_status).toBe('SHUTOFF');
    await t.advance(10);
    expect(history(t, s)).toEqual([
      ['off', t0 + 10_000],
      ['on', t0 + 15_000],
    ]);
    await t.req('POST', base, { vlan_id: 2, pvid: false });
    await t.advance(20);
    expect(history(t, s)).toHaveLength(2);
  });

  it('restarts the server when any VLAN is removed, at the end of the removal', async () => {
    const { t, s, base } = await setup();
    await t.req('POST', base, { vlans: '1-3' });
    await t.advance(30);
    const before = history(t, s).length;
    const t1 = t.emulator.emu.now();
    const r = await t.req('DELETE', `${base}/2`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: 'ok', action: { type: 'delete_vlan', resource_type: 'network', status: 'in-progress' } });
    expect((await list(t, base)).find((v) => v.vlan_id === 2).status).toBe('deleting');
    await t.advance(10);
    expect(history(t, s).slice(before)).toEqual([['off', t1 + 10_000]]);
    expect((await list(t, base)).map((v) => v.vlan_id)).toEqual([1, 3]);
    const gone = Object.values(t.emulator.emu.state.vlans).find((v) => v.vlan_id === 2)!;
    expect(gone).toMatchObject({ active: false, status: 'deleted', deactivated_at: t1 + 10_000 });
  });

  it('removes a range by path <start>-<end>', async () => {
    const { t, base } = await setup();
    await t.req('POST', base, { vlans: '10-15' });
    await t.advance(10);
    expect((await t.req('DELETE', `${base}/11-13`)).status).toBe(200);
    await t.advance(10);
    expect((await list(t, base)).map((v) => v.vlan_id)).toEqual([10, 14, 15]);
  });

  it('updates pvid: {status:"updating", vlan (with user), action update_vlan}, updating → ok after 10 s', async () => {
    const { t, s, n, base } = await setup();
    await t.req('POST', base, { vlan_id: 7, pvid: false });
    const early = await t.req('PATCH', `${base}/7`, { pvid: true });
    expect(early.status).toBe(400);
    // past the first-VLAN restart (off at 10 s, on at 15 s)
    await t.advance(20);
    const history0 = history(t, s).length;
    const r = await t.req('PATCH', `${base}/7`, { pvid: true });
    expect(r.status).toBe(200);
    expect(r.body.status).toBe('updating');
    expect(r.body.vlan).toMatchObject({ vlan_id: 7, pvid: true, status: 'updating', user: 'demo', server: s, network: n });
    expect(r.body.action).toMatchObject({ type: 'update_vlan', resource: `${s}-${n}`, resource_type: 'network' });
    expect((await t.req('DELETE', `${base}/7`)).status).toBe(400);
    await t.advance(10);
    expect((await list(t, base))[0]).toMatchObject({ pvid: true, status: 'ok' });
    expect((await list(t, base))[0].user).toBeUndefined();
    expect(history(t, s)).toHaveLength(history0);
  });

  it.each(RANGE_CASES)('range create with %s: 400 with the exact text', async (_label, vlans, text) => {
    const { t, base } = await setup();
    const before = stateJson(t);
    const r = await t.req('POST', base, { vlans });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ status: 'error', error_code: 400, message: text });
    expect(stateJson(t)).toBe(before);
  });

  it.each(RANGE_CASES.filter(([, v]) => typeof v === 'string' && v.includes('-')))('range delete with %s: 400 with the exact text', async (_label, vlans, text) => {
    const { t, base } = await setup();
    await t.req('POST', base, { vlans: '1-20' });
    await t.advance(10);
    const before = stateJson(t);
    const r = await t.req('DELETE', `${base}/${vlans as string}`);
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(text);
    expect(stateJson(t)).toBe(before);
  });

  it.each([
    ['pvid', { vlans: '1-5', pvid: true }, "when using vlans range, 'pvid' field is not supported"],
    ['vlan_id', { vlans: '1-5', vlan_id: 3 }, "when using vlans range, 'vlan_id' field is not supported"],
  ])('range create with %s: 400 with the exact text', async (_label, body, text) => {
    const { t, base } = await setup();
    const before = stateJson(t);
    const r = await t.req('POST', base, body);
    expect(r.body).toEqual({ status: 'error', error_code: 400, message: text });
    expect(stateJson(t)).toBe(before);
  });

  it.each([0, 4095, -1, 99999999999, 'abc', true])('single create with vlan_id %j: "vlan with id … not in 1-4094"', async (vlan_id) => {
    const { t, base } = await setup();
    const before = stateJson(t);
    const r = await t.req('POST', base, { vlan_id, pvid: false });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(MSG.vlanOutOfRange(vlan_id));
    expect(r.body.message).toBe(`vlan with id ${vlan_id} not in 1-4094`);
    expect(stateJson(t)).toBe(before);
  });

  it.each([
    ['a single id', { vlan_id: 12, pvid: false }, 12],
    ['an overlapping range', { vlans: '8-20' }, 10],
  ])('refuses %s already there: "vlan with id … already exists in network \'<name>\'"', async (_label, body, clash) => {
    const { t, n, base } = await setup();
    await t.req('POST', base, { vlans: '10-12' });
    const before = stateJson(t);
    const r = await t.req('POST', base, body);
    expect(r.body).toEqual({ status: 'error', error_code: 400, message: `vlan with id ${clash} already exists in network '${n}'` });
    expect(stateJson(t)).toBe(before);
  });

  it('lets another server use the same VLAN id on the same network', async () => {
    const { t, n, base } = await setup();
    const other = (await t.req('POST', '/__emulator/bulk/servers', { username: 'demo', count: 1 }, { token: null })).body.names[0];
    await t.req('POST', base, { vlan_id: 30, pvid: true });
    const r = await t.req('POST', `/ecs/v2/servers/${other}/networks/${n}/vlans`, { vlan_id: 30, pvid: true });
    expect(r.status).toBe(200);
  });

  it('refuses VLAN changes on a server that is not ready', async () => {
    const { t, n } = await setup();
    const s = (await t.req('POST', '/ecs/v2/servers', { plan: 'eCS1', location: 'it-mi2', image: 'ubuntu-2404', notes: 'b' })).body.server.name;
    const before = stateJson(t);
    const r = await t.req('POST', `/ecs/v2/servers/${s}/networks/${n}/vlans`, { vlan_id: 5, pvid: true });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe("server in current status can't change vlans");
    expect(stateJson(t)).toBe(before);
  });

  it('a failed add_vlan leaves no VLAN; a failed removal puts the VLAN back to ok', async () => {
    const { t, base } = await setup();
    await t.req('PUT', '/__emulator/faults', { fail_next_actions: 1 }, { token: null });
    await t.req('POST', base, { vlans: '1-2' });
    await t.advance(10);
    expect(await list(t, base)).toEqual([]);
    await t.req('POST', base, { vlan_id: 3, pvid: false });
    await t.advance(10);
    await t.req('PUT', '/__emulator/faults', { fail_next_actions: 1 }, { token: null });
    await t.req('DELETE', `${base}/3`);
    await t.advance(10);
    expect((await list(t, base)).map((v) => [v.vlan_id, v.status])).toEqual([[3, 'ok']]);
  });

  it.each([
    ['POST', '', {}, 400],
    ['POST', '', { vlan_id: 5, pvid: 'yes' }, 400],
    ['PATCH', '/5', {}, 400],
    ['PATCH', '/5', { pvid: 1 }, 400],
    ['PATCH', '/77', { pvid: true }, 404],
    ['PATCH', '/abc', { pvid: true }, 400],
    ['DELETE', '/77', undefined, 404],
    ['DELETE', '/70-80', undefined, 404],
    ['DELETE', '/%00', undefined, 400],
  ])('refuses bad input %s%s %j with %i and changes nothing', async (method, tail, body, status) => {
    const { t, base } = await setup();
    await t.req('POST', base, { vlan_id: 5, pvid: false });
    await t.advance(10);
    const before = stateJson(t);
    const r = await t.req(method, base + tail, body);
    expect(r.status).toBe(status);
    expect(r.body).toMatchObject({ status: 'error', error_code: status });
    expect(stateJson(t)).toBe(before);
  });

  it("answers 404 for another account's server or network, exactly as for missing ones", async () => {
    const { t, s, n, base } = await setup();
    await t.req('POST', base, { vlan_id: 5, pvid: false });
    await t.advance(10);
    const other = await t.newUser('mallory');
    const theirServer = (await t.req('POST', '/__emulator/bulk/servers', { username: 'mallory', count: 1 }, { token: null })).body.names[0];
    const before = stateJson(t);
    const cases: Array<[string, string, unknown]> = [
      ['GET', base, undefined],
      ['POST', base, { vlan_id: 6, pvid: false }],
      ['PATCH', `${base}/5`, { pvid: true }],
      ['DELETE', `${base}/5`, undefined],
      ['GET', `/ecs/v2/servers/${theirServer}/networks/${n}/vlans`, undefined],
    ];
    for (const [method, path, body] of cases) {
      const r = await t.req(method, path, body, { token: other });
      const missing = await t.req(method, path.replace(s, 'ec299999').replace(theirServer, 'ec299999'), body, { token: other });
      expect(r.status).toBe(404);
      expect(r.body.message).toMatch(/^(server|network) not found$/);
      if (path.includes(s)) expect(r.body).toEqual(missing.body);
    }
    expect(stateJson(t)).toBe(before);
  });
});
