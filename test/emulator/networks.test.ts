import { describe, expect, it } from 'vitest';
import { makeEmu, type TestEmu } from './helpers.js';
import { MSG } from '../../src/rules/index.js';

const MILLI = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const stateJson = (t: TestEmu) => JSON.stringify(t.emulator.emu.state);

async function bulk(t: TestEmu, username = 'demo'): Promise<string> {
  const r = await t.req('POST', '/__emulator/bulk/servers', { username, count: 1 }, { token: null });
  expect(r.status).toBe(201);
  return r.body.names[0];
}

const newNetwork = async (t: TestEmu, token?: string) => (await t.req('POST', '/ecs/v2/networks', {}, { token })).body.network;

const createServer = (t: TestEmu, networks: unknown) =>
  t.req('POST', '/ecs/v2/servers', { plan: 'eCS1', location: 'it-mi2', image: 'ubuntu-2404', notes: 'with networks', networks });

describe('networks (spec 2.8, 3.6, 4.10)', () => {
  it('creates networks named net0000NN: {status:"created", network}', async () => {
    const t = await makeEmu();
    const r = await t.req('POST', '/ecs/v2/networks');
    expect(r.status).toBe(201);
    expect(r.body.status).toBe('created');
    expect(r.body.network).toMatchObject({ id: 1, name: 'net000001', active: true, deactivated_at: null, user: 'demo' });
    expect(Number.isInteger(r.body.network.network_id)).toBe(true);
    expect(r.body.network.created_at).toMatch(MILLI);
    expect((await t.req('POST', '/ecs/v2/networks', {})).body.network.name).toBe('net000002');
  });

  it('lists the active networks of the account and gets one by name', async () => {
    const t = await makeEmu();
    const a = await newNetwork(t);
    const b = await newNetwork(t);
    const other = await t.newUser('mallory');
    await newNetwork(t, other);
    expect((await t.req('GET', '/ecs/v2/networks')).body).toEqual({ status: 'ok', networks: [a, b] });
    expect((await t.req('GET', `/ecs/v2/networks/${a.name}`)).body).toEqual({ status: 'ok', network: a });
    expect((await t.req('DELETE', `/ecs/v2/networks/${a.name}`)).body).toEqual({ status: 'no_content' });
    expect((await t.req('GET', '/ecs/v2/networks')).body.networks).toEqual([b]);
    expect((await t.req('GET', `/ecs/v2/networks/${a.name}`)).status).toBe(404);
    expect(t.emulator.emu.state.networks[a.name]).toMatchObject({ active: false });
    expect(t.emulator.emu.state.networks[a.name].deactivated_at).not.toBeNull();
  });

  it('refuses to delete a network with a VLAN attached (exact text), then allows it once the VLAN is removed', async () => {
    expect(MSG.networkHasVlans).toBe("can't delete network until there are vlan attached to it");
    const t = await makeEmu();
    const s = await bulk(t);
    const n = await newNetwork(t);
    await t.req('POST', `/ecs/v2/servers/${s}/networks/${n.name}/vlans`, { vlan_id: 10, pvid: true });
    const before = stateJson(t);
    const r = await t.req('DELETE', `/ecs/v2/networks/${n.name}`);
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ status: 'error', error_code: 400, message: "can't delete network until there are vlan attached to it" });
    expect(stateJson(t)).toBe(before);
    await t.advance(10);
    await t.req('DELETE', `/ecs/v2/servers/${s}/networks/${n.name}/vlans/10`);
    expect((await t.req('DELETE', `/ecs/v2/networks/${n.name}`)).status).toBe(400);
    await t.advance(10);
    expect((await t.req('DELETE', `/ecs/v2/networks/${n.name}`)).body).toEqual({ status: 'no_content' });
  });

  it("answers 404 for another account's network, exactly as for a missing one", async () => {
    const t = await makeEmu();
    const n = await newNetwork(t);
    const other = await t.newUser('mallory');
    const before = stateJson(t);
    for (const method of ['GET', 'DELETE']) {
      const r = await t.req(method, `/ecs/v2/networks/${n.name}`, undefined, { token: other });
      const missing = await t.req(method, '/ecs/v2/networks/net009999', undefined, { token: other });
      expect(r.status).toBe(404);
      expect(r.body).toEqual(missing.body);
    }
    for (const seg of ['%00', '__proto__', 'constructor', '99999999999999999999']) {
      expect((await t.req('GET', `/ecs/v2/networks/${seg}`)).status).toBe(404);
    }
    expect(stateJson(t)).toBe(before);
  });

  it('refuses a body that is not a JSON object', async () => {
    const t = await makeEmu();
    const before = stateJson(t);
    for (const raw of ['[1,2]', '{bad', '"x"']) {
      const r = await t.req('POST', '/ecs/v2/networks', undefined, { raw, headers: { 'content-type': 'application/json' } });
      expect(r.status).toBe(400);
    }
    expect(stateJson(t)).toBe(before);
  });

  it('creates the VLANs given with a new server (single and range), ok at once', async () => {
    const t = await makeEmu();
    const n = await newNetwork(t);
    const r = await createServer(t, [{ name: n.name, vlans: [{ vlan_id: 5, pvid: true }, { vlans: '20-22' }] }]);
    expect(r.status).toBe(200);
    const s = r.body.server.name;
    await t.advance(80);
    const vlans = (await t.req('GET', `/ecs/v2/servers/${s}/networks/${n.name}/vlans`)).body.vlans;
    expect(vlans.map((v: any) => [v.vlan_id, v.pvid, v.status])).toEqual([
      [5, true, 'ok'],
      [20, false, 'ok'],
      [21, false, 'ok'],
      [22, false, 'ok'],
    ]);
  });

  it.each([
    ['not an array', { name: 'N' }, 400, "field 'networks' must be an array"],
    ['an item that is not an object', ['N'], 400, "field 'networks[0]' must be an object"],
    ['an unknown network', [{ name: 'net009999', vlans: [] }], 404, 'network not found'],
    ['vlans not an array', [{ name: 'N', vlans: 'x' }], 400, "field 'networks[0].vlans' must be an array"],
    ['a VLAN out of range', [{ name: 'N', vlans: [{ vlan_id: 4095, pvid: false }] }], 400, 'vlan with id 4095 not in 1-4094'],
    ['a bad range', [{ name: 'N', vlans: [{ vlans: '9-3' }] }], 400, MSG.rangeEndNotGreater],
    ['a range with pvid', [{ name: 'N', vlans: [{ vlans: '3-9', pvid: true }] }], 400, MSG.rangePvidUnsupported],
    ['a duplicate VLAN', [{ name: 'N', vlans: [{ vlan_id: 7, pvid: false }, { vlans: '5-8' }] }], 400, "vlan with id 7 already exists in network 'N'"],
    ['a VLAN without id', [{ name: 'N', vlans: [{ pvid: true }] }], 400, "field 'networks[0].vlans[0].vlan_id' is required (or 'vlans' for a range)"],
  ])('refuses server creation with %s, before anything changes', async (_label, networks, status, message) => {
    const t = await makeEmu();
    const n = await newNetwork(t);
    const fill = (v: unknown): unknown =>
      v === 'N' ? n.name : typeof v === 'string' ? v.replace("'N'", `'${n.name}'`) : Array.isArray(v) ? v.map(fill) : v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, fill(x)])) : v;
    const before = stateJson(t);
    const r = await createServer(t, fill(networks));
    expect(r.status).toBe(status);
    expect(r.body.message).toBe(fill(message));
    expect(stateJson(t)).toBe(before);
  });

  it("refuses another account's network at server creation as a missing one", async () => {
    const t = await makeEmu();
    const other = await t.newUser('mallory');
    const theirs = await newNetwork(t, other);
    const r = await createServer(t, [{ name: theirs.name, vlans: [{ vlan_id: 1, pvid: true }] }]);
    expect(r.status).toBe(404);
    expect(r.body.message).toBe('network not found');
  });

  it('deactivates the VLANs of a deleted server, freeing the network', async () => {
    const t = await makeEmu();
    const n = await newNetwork(t);
    const s = (await createServer(t, [{ name: n.name, vlans: [{ vlan_id: 5, pvid: true }] }])).body.server.name;
    await t.advance(80);
    expect((await t.req('DELETE', `/ecs/v2/servers/${s}`)).status).toBe(200);
    await t.advance(10);
    const [v] = Object.values(t.emulator.emu.state.vlans);
    expect(v).toMatchObject({ active: false, status: 'deleted' });
    expect(v.deactivated_at).not.toBeNull();
    expect((await t.req('DELETE', `/ecs/v2/networks/${n.name}`)).body).toEqual({ status: 'no_content' });
  });

  it('seeds two networks with VLANs on demo servers', async () => {
    const t = await makeEmu({ seed: 'demo' });
    const nets = (await t.req('GET', '/ecs/v2/networks')).body.networks;
    expect(nets.map((n: any) => n.name)).toEqual(['net000001', 'net000002']);
    const vlans = Object.values(t.emulator.emu.state.vlans);
    for (const n of nets) expect(vlans.some((v) => v.network === n.name && v.status === 'ok')).toBe(true);
    const v = vlans[0];
    const r = await t.req('GET', `/ecs/v2/servers/${v.server}/networks/${v.network}/vlans`);
    expect(r.body.vlans.length).toBeGreaterThan(0);
  });
});
