import { describe, expect, it } from 'vitest';
import { makeEmu, type TestEmu } from './helpers.js';
import { MSG } from '../../src/rules/index.js';
import { RESERVED_NO_DELETE } from '../../src/emulator/reserved.js';
import { restartServer } from '../../src/emulator/servers.js';

const ISO_MICRO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}\+00:00$/;
const BASE_BODY = { plan: 'eCS1', location: 'it-mi2', image: 'ubuntu-2404', notes: 'web-1' };

const create = (t: TestEmu, body: Record<string, unknown> = {}, token?: string) =>
  t.req('POST', '/ecs/v2/servers', { ...BASE_BODY, ...body }, token === undefined ? {} : { token });

async function booted(t: TestEmu, body: Record<string, unknown> = {}): Promise<string> {
  const r = await create(t, body);
  expect(r.status, r.text).toBe(200);
  await t.advance(80);
  return r.body.server.name as string;
}

const stateJson = (t: TestEmu) => JSON.stringify(t.emulator.emu.state);

describe('server creation', () => {
  it('answers the full Booting record and the action id (primary)', async () => {
    const t = await makeEmu();
    const r = await create(t);
    expect(r.status).toBe(200);
    expect(r.body.status).toBe('ok');
    expect(typeof r.body.action_id).toBe('number');
    expect(r.body.action).toBeUndefined();
    const s = r.body.server;
    expect(s.name).toMatch(/^ec2\d{5}$/);
    expect(s).toMatchObject({
      status: 'Booting',
      progress: 0,
      active_flag: false,
      ipv4: '',
      ipv6: '',
      reserved_until: '',
      is_reserved: false,
      reserved_plans: [],
      support: null,
      group: null,
      deletion_date: null,
      api_version: 'v5',
      api_version_value: 5,
      last_restored_snapshot: null,
      virttype: 'KVM',
      plan: 'eCS1',
      location: 'it-mi2',
      location_label: 'Milano (IT)',
      so: 'ubuntu-2404',
      so_label: 'Ubuntu Linux 24.04 LTS',
      notes: 'web-1',
      user: 'demo',
      plan_size: { core: '1', ram: '1024', disk: '20', gpu: '0', gpu_label: null, host_type: 'ECS' },
    });
    expect(s.creation_date).toMatch(ISO_MICRO);
    expect(s.spot).toBeUndefined();
    const a = await t.req('GET', `/ecs/v2/actions/${r.body.action_id}`);
    expect(a.body.action).toMatchObject({ type: 'create_server', status: 'in-progress', resource: s.name, resource_type: 'ECS', completed_at: null });
  });

  it('uses the alternate dialect: `action` key, integer plan_size, new_server', async () => {
    const t = await makeEmu({ dialect: 'alternate' });
    const r = await create(t, { plan: 'ECS1GPU6', location: 'it-fr2' });
    expect(r.status).toBe(200);
    expect(typeof r.body.action).toBe('number');
    expect(r.body.action_id).toBeUndefined();
    expect(r.body.server.plan_size).toEqual({ core: 4, ram: 32768, disk: 100, gpu: 1, gpu_label: 'L4', host_type: 'ECSGPU6' });
    const plain = await create(t);
    expect(plain.body.server.plan_size.gpu_label).toBe('');
    const a = await t.req('GET', `/ecs/v2/actions/${r.body.action}`);
    expect(a.body.action.type).toBe('new_server');
  });

  it('live dialect answers like primary', async () => {
    const t = await makeEmu({ dialect: 'live' });
    const r = await create(t);
    expect(typeof r.body.action_id).toBe('number');
    expect(r.body.server.plan_size.core).toBe('1');
  });

  it('moves Booting → Customizing (addresses) → Booted with the clock, progress growing', async () => {
    const t = await makeEmu();
    const r = await create(t);
    const name = r.body.server.name;
    const get = async () => (await t.req('GET', `/ecs/v2/servers/${name}`)).body.server;
    await t.advance(30);
    let s = await get();
    expect(s.status).toBe('Booting');
    expect(s.progress).toBe(40);
    await t.advance(30);
    s = await get();
    expect(s).toMatchObject({ status: 'Customizing', active_flag: false, progress: 80 });
    expect(s.ipv4).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    expect(s.ipv6).toMatch(/^[0-9a-f:]+$/);
    const action = (await t.req('GET', `/ecs/v2/actions/${r.body.action_id}`)).body.action;
    expect(action).toMatchObject({ status: 'completed', progress: 100 });
    expect(action.completed_at).toMatch(ISO_MICRO);
    await t.advance(10);
    expect((await get()).progress).toBeGreaterThan(80);
    await t.advance(10);
    s = await get();
    expect(s).toMatchObject({ status: 'Booted', active_flag: true, progress: 100 });
    // addresses are stable and differ between servers
    const other = await booted(t);
    expect((await t.req('GET', `/ecs/v2/servers/${other}`)).body.server.ipv4).not.toBe(s.ipv4);
    expect(t.emulator.emu.state.servers[name].history).toEqual([{ at: t.emulator.emu.state.servers[name].created_at, state: 'on', plan: 'eCS1' }]);
  });

  it('a failed create action leaves the server Deleted and gives its host back', async () => {
    const t = await makeEmu();
    const cap = () => t.emulator.emu.state.capacity['eCS1@it-mi2'];
    const before = cap();
    await t.req('PUT', '/__emulator/faults', { fail_next_actions: 1 }, { token: null });
    const r = await create(t);
    expect(cap()).toBe(before - 1);
    await t.advance(60);
    const a = (await t.req('GET', `/ecs/v2/actions/${r.body.action_id}`)).body.action;
    expect(a.status).toBe('failed');
    expect((await t.req('GET', `/ecs/v2/servers/${r.body.server.name}`)).status).toBe(404);
    expect(cap()).toBe(before);
    const rec = t.emulator.emu.state.servers[r.body.server.name];
    expect(rec.status).toBe('Deleted');
    expect(rec.history.map((h) => h.state)).toEqual(['on', 'gone']);
  });

  it('accepts a user template (CD) as image, an ssh key, a library script with env, a group', async () => {
    const t = await makeEmu();
    const emu = t.emulator.emu;
    emu.state.templates['1'] = {
      id: 1, name: 'ei200001', user: 'demo', status: 'CD', active_flag: true, uuid: 'u', description: 'golden web image', notes: '',
      so_base: 'ubuntu', required_disk: 20, api_version: 'v5', version: '1', source_server: null, source_snapshot: null,
      size_on_disk: 10, windows: false, created_at: emu.now(), deleted_at: null,
    };
    expect((await t.req('POST', '/ecs/v2/sshkeys', { label: 'laptop', key: 'ssh-ed25519 AAAA test' })).status).toBe(200);
    const script = await t.req('POST', '/ecs/v2/scripts', { title: 'setup', content: 'apt-get update', windows: false });
    const scriptId = script.body.id ?? script.body.script.id;
    const g = await t.req('POST', '/ecs/v2/groups', { notes: 'production' });
    const r = await create(t, { image: 'ei200001', ssh_key: 'laptop', user_customize: scriptId, user_customize_env: 'A=1\\nB=2', group: g.body.group.name });
    expect(r.status, r.text).toBe(200);
    expect(r.body.server).toMatchObject({ so: 'ei200001', so_label: 'golden web image', group: g.body.group.name });
    expect(emu.state.servers[r.body.server.name]).toMatchObject({ ssh_key: 'laptop', script_id: scriptId });
  });

  it('attaches reserved, support, spot and networks through their modules', async () => {
    const t = await makeEmu();
    const reserved = await create(t, { reserved_plan: 'M12PECS1', support: 'basic' });
    expect(reserved.status, reserved.text).toBe(200);
    expect(reserved.body.server.is_reserved).toBe(true);
    expect(reserved.body.server.reserved_until).toMatch(ISO_MICRO);
    expect(reserved.body.server.reserved_plans).toHaveLength(1);
    expect(reserved.body.server.support.support_code).toBe('basic');

    const spot = await create(t, { spot: true });
    expect(spot.status, spot.text).toBe(200);
    expect(spot.body.server.spot).toMatchObject({ server: spot.body.server.name, status: 'ok', discount: 0.3 });

    const net = await t.req('POST', '/ecs/v2/networks', {});
    expect(net.status, net.text).toBeLessThan(300);
    const netName = net.body.network.name;
    const withNet = await create(t, { networks: [{ name: netName, vlans: [{ vlan_id: 10, pvid: true }] }] });
    expect(withNet.status, withNet.text).toBe(200);
    const vlans = Object.values(t.emulator.emu.state.vlans).filter((v) => v.server === withNet.body.server.name);
    expect(vlans.map((v) => v.vlan_id)).toEqual([10]);
  });

  it('places an isolated server on another host and lists isolations both ways', async () => {
    const t = await makeEmu();
    const a = await booted(t, { notes: 'db-1' });
    const r = await create(t, { notes: 'db-2', isolate_from: [a] });
    expect(r.status, r.text).toBe(200);
    const b = r.body.server.name;
    const st = t.emulator.emu.state.servers;
    expect(st[b].host).not.toBe(st[a].host);
    expect(st[b].isolate_from).toEqual([a]);
    expect((await t.req('GET', `/ecs/v2/servers/${b}/isolations`)).body).toEqual({ status: 'ok', isolations: [{ name: a, notes: 'db-1' }] });
    expect((await t.req('GET', `/ecs/v2/servers/${a}/isolations`)).body.isolations).toEqual([{ name: b, notes: 'db-2' }]);
  });

  it('takes one free host per server and answers 409 once none is left', async () => {
    const t = await makeEmu();
    const emu = t.emulator.emu;
    emu.state.capacity['eCS3@ch-lug1'] = 1;
    const first = await create(t, { plan: 'eCS3', location: 'ch-lug1' });
    expect(first.status).toBe(200);
    expect(emu.state.capacity['eCS3@ch-lug1']).toBe(0);
    const before = stateJson(t);
    const second = await create(t, { plan: 'eCS3', location: 'ch-lug1' });
    expect(second.status).toBe(409);
    expect(second.body).toEqual({ status: 'error', error_code: 409, message: 'no capacity left for plan eCS3 in ch-lug1' });
    expect(stateJson(t)).toBe(before);
    const regions = await t.req('POST', '/ecs/v2/regions/availables', { plan: 'eCS3' });
    expect(regions.body.regions[0]).not.toContain('ch-lug1');
    // deletion gives the host back
    await t.advance(80);
    await t.req('DELETE', `/ecs/v2/servers/${first.body.server.name}`);
    await t.advance(10);
    expect(emu.state.capacity['eCS3@ch-lug1']).toBe(1);
  });
});

describe('section 7 messages of server creation and status', () => {
  // [label, body override or setup, status, message]
  const cases: Array<[string, (t: TestEmu) => Promise<Record<string, unknown>>, number, string]> = [
    ['powershell script on a linux image', async (t) => {
      const s = await t.req('POST', '/ecs/v2/scripts', { title: 'ps', content: 'Write-Host hi', windows: true });
      return { user_customize: s.body.id ?? s.body.script.id };
    }, 400, MSG.powershellOnLinux],
    ['badly formed env', async (t) => {
      const s = await t.req('POST', '/ecs/v2/scripts', { title: 'sh', content: 'echo hi', windows: false });
      return { user_customize: s.body.id ?? s.body.script.id, user_customize_env: 'not a variable' };
    }, 400, MSG.invalidEnv],
    ['relative path in a temporary script', async () => ({ user_customize: 'cd ./build && make' }), 400, MSG.serverScriptRelativePath],
    ['home path in a temporary script', async () => ({ user_customize: 'cat ~/.profile' }), 400, MSG.serverScriptRelativePath],
    ['spot and reserved', async () => ({ spot: true, reserved_plan: 'M12PECS1' }), 400, MSG.spotReservedExclusive],
    ['unknown group', async () => ({ group: 'eg199999' }), 404, MSG.groupNotFound],
    ['reserved formula', async () => ({ reserved_plan: 'twelve months' }), 400, MSG.reservedInvalidFormula],
    ['reserved plan not found', async () => ({ reserved_plan: 'M12PECS9' }), 404, MSG.reservedPlanNotFound],
    ['reserved plan of another plan', async () => ({ reserved_plan: 'M12PECS2' }), 400, MSG.reservedPlanMismatch],
    ['support code', async () => ({ support: 'platinum' }), 400, MSG.supportCodeNotFound],
  ];
  for (const [label, setup, status, message] of cases) {
    it(`${label}: ${status} "${message}" and nothing changes`, async () => {
      const t = await makeEmu();
      const extra = await setup(t);
      const before = stateJson(t);
      const r = await create(t, extra);
      expect(r.status).toBe(status);
      expect(r.body).toEqual({ status: 'error', error_code: status, message });
      expect(stateJson(t)).toBe(before);
    });
  }

  it('reserved plans not available for the profile', async () => {
    const t = await makeEmu();
    const token = await t.newUser('noreserve', { reserved_available: false });
    const r = await create(t, { reserved_plan: 'M12PECS1' }, token);
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(MSG.reservedNotAvailable);
  });

  it('SpotPlanNotAvailable for a plan without a spot discount, status 400', async () => {
    const t = await makeEmu();
    const before = stateJson(t);
    const r = await create(t, { plan: 'eCS2W', image: 'windows-2022', spot: true });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('SpotPlanNotAvailable');
    expect(r.body.message).toMatch(/^SpotPlanNotAvailable/);
    expect(stateJson(t)).toBe(before);
  });

  it('group not found on update', async () => {
    const t = await makeEmu();
    const name = await booted(t);
    const r = await t.req('PUT', `/ecs/v2/servers/${name}`, { group: 'eg100000' });
    expect(r.status).toBe(404);
    expect(r.body.message).toBe(MSG.groupNotFound);
  });

  it('Unable to retrieve server status while Booting and Deleting, and for a Deleted server', async () => {
    const t = await makeEmu();
    const r = await create(t);
    const name = r.body.server.name;
    const status = () => t.req('GET', `/ecs/v2/servers/${name}/status`);
    const booting = await status();
    expect(booting.status).toBe(400);
    expect(booting.body.message).toBe(MSG.serverStatusUnavailable);
    await t.advance(60);
    expect((await status()).body.server.current_status).toBe('RUNNING');
    await t.advance(20);
    await t.req('DELETE', `/ecs/v2/servers/${name}`);
    expect((await status()).body.message).toBe(MSG.serverStatusUnavailable);
    await t.advance(10);
    const gone = await status();
    expect(gone.status).toBe(400);
    expect(gone.body.message).toBe(MSG.serverStatusUnavailable);
  });
});

describe('bad input: a 4xx naming the problem, nothing changed', () => {
  const cases: Array<[string, unknown, number, RegExp]> = [
    ['missing plan', { location: 'it-mi2', image: 'ubuntu-2404', notes: 'x' }, 400, /'plan' is required/],
    ['plan as a number', { ...BASE_BODY, plan: 1 }, 400, /'plan' must be a string/],
    ['unknown plan', { ...BASE_BODY, plan: 'eCS99' }, 400, /plan 'eCS99' not found/],
    ['unknown location', { ...BASE_BODY, location: 'xx-yy1' }, 400, /location 'xx-yy1' not found/],
    ['plan not sold there', { ...BASE_BODY, plan: 'eCS2HM' }, 400, /plan eCS2HM is not available in it-mi2/],
    ['unknown image', { ...BASE_BODY, image: 'gentoo' }, 400, /image 'gentoo' not found/],
    ['windows image on a linux plan', { ...BASE_BODY, image: 'windows-2022' }, 400, /needs a Windows plan/],
    ['missing notes', { plan: 'eCS1', location: 'it-mi2', image: 'ubuntu-2404' }, 400, /'notes' is required/],
    ['huge notes', { ...BASE_BODY, notes: 'x'.repeat(100_000) }, 400, /'notes' is too long/],
    ['isolate_from not an array', { ...BASE_BODY, isolate_from: 'ec200001' }, 400, /isolate_from/],
    ['isolate_from unknown server', { ...BASE_BODY, isolate_from: ['ec299999'] }, 400, /isolate_from: server 'ec299999' not found/],
    ['unknown ssh key', { ...BASE_BODY, ssh_key: 'nope' }, 404, /ssh key 'nope' not found/],
    ['user_customize boolean', { ...BASE_BODY, user_customize: true }, 400, /user_customize/],
    ['env with a temporary script', { ...BASE_BODY, user_customize: 'echo hi', user_customize_env: 'A=1' }, 400, /library script/],
    ['unknown library script', { ...BASE_BODY, user_customize: 424242 }, 404, /script not found/],
    ['spot not a boolean', { ...BASE_BODY, spot: 'yes' }, 400, /'spot' must be a boolean/],
    ['networks not an array', { ...BASE_BODY, networks: 'net000001' }, 400, /networks/],
    ['group as a number', { ...BASE_BODY, group: 5 }, 400, /'group' must be a string/],
    ['body is an array', [BASE_BODY], 400, /JSON object/],
  ];
  for (const [label, body, status, message] of cases) {
    it(label, async () => {
      const t = await makeEmu();
      const before = stateJson(t);
      const r = await t.req('POST', '/ecs/v2/servers', body);
      expect(r.status, r.text).toBe(status);
      expect(r.body.status).toBe('error');
      expect(r.body.message).toMatch(message);
      expect(stateJson(t)).toBe(before);
    });
  }

  it('malformed JSON', async () => {
    const t = await makeEmu();
    const before = stateJson(t);
    const r = await t.req('POST', '/ecs/v2/servers', undefined, { raw: '{"plan": ', headers: { 'content-type': 'application/json' } });
    expect(r.status).toBe(400);
    expect(stateJson(t)).toBe(before);
  });

  it('odd path segments answer 404 server not found', async () => {
    const t = await makeEmu();
    for (const seg of ['%00', '__proto__', 'constructor', 'abc', '..%2f..', '%E0%A4%A', '%', 'ec2' + '9'.repeat(400)]) {
      for (const [method, suffix] of [['GET', ''], ['PUT', ''], ['DELETE', ''], ['GET', '/status'], ['POST', '/actions'], ['GET', '/isolations'], ['GET', '/metrics']]) {
        const r = await t.req(method, `/ecs/v2/servers/${seg}${suffix}`, method === 'GET' || method === 'DELETE' ? undefined : { type: 'console', note: 'x' });
        expect(r.status, `${method} ${seg}${suffix}: ${r.text}`).toBe(404);
        expect(r.body.status).toBe('error');
      }
    }
  });

  it('actions: unknown type, missing type, rollback without snapshot', async () => {
    const t = await makeEmu();
    const name = await booted(t);
    const before = stateJson(t);
    for (const [body, msg] of [[{ type: 'reboot' }, /'type' must be one of/], [{}, /'type' is required/], [{ type: 'rollback' }, /'snapshot' is required/], [{ type: 'rollback', snapshot: 'x' }, /'snapshot' must be an integer/]] as const) {
      const r = await t.req('POST', `/ecs/v2/servers/${name}/actions`, body);
      expect(r.status).toBe(400);
      expect(r.body.message).toMatch(msg);
    }
    expect(stateJson(t)).toBe(before);
  });
});

describe('another account', () => {
  it('sees 404 exactly as for a missing server, and none in its list', async () => {
    const t = await makeEmu();
    const name = await booted(t);
    const other = await t.newUser('mallory');
    const missing = 'ec299999';
    const probes: Array<[string, string, unknown]> = [
      ['GET', '', undefined],
      ['PUT', '', { note: 'mine' }],
      ['DELETE', '', undefined],
      ['GET', '/status', undefined],
      ['POST', '/actions', { type: 'power_off' }],
      ['GET', '/isolations', undefined],
      ['GET', '/metrics', undefined],
    ];
    const before = stateJson(t);
    for (const [method, suffix, body] of probes) {
      const theirs = await t.req(method, `/ecs/v2/servers/${name}${suffix}`, body, { token: other });
      const none = await t.req(method, `/ecs/v2/servers/${missing}${suffix}`, body, { token: other });
      expect(theirs.status, `${method} ${suffix}`).toBe(404);
      expect(theirs.body).toEqual(none.body);
    }
    expect(stateJson(t)).toBe(before);
    expect((await t.req('GET', '/ecs/v2/servers', undefined, { token: other })).body).toEqual({ status: 'ok', count: 0, server: [] });
    // nor can it isolate from it
    expect((await create(t, { isolate_from: [name] }, other)).status).toBe(400);
  });
});

describe('list, get, update', () => {
  it('lists the account servers with Deleting ones, without Deleted ones', async () => {
    const t = await makeEmu();
    const a = await booted(t, { notes: 'a' });
    const b = await booted(t, { notes: 'b' });
    let list = (await t.req('GET', '/ecs/v2/servers')).body;
    expect(list.count).toBe(2);
    expect(list.server.map((s: { name: string }) => s.name)).toEqual([a, b]);
    expect(list.server[0].virttype).toBe('KVM');
    await t.req('DELETE', `/ecs/v2/servers/${a}`);
    list = (await t.req('GET', '/ecs/v2/servers')).body;
    expect(list.server.map((s: { status: string }) => s.status)).toEqual(['Deleting', 'Booted']);
    await t.advance(10);
    list = (await t.req('GET', '/ecs/v2/servers')).body;
    expect(list).toMatchObject({ count: 1, server: [{ name: b }] });
  });

  it('a list answer reused between requests still follows every change', async () => {
    const t = await makeEmu();
    const a = await booted(t, { notes: 'a' });
    await t.req('GET', '/ecs/v2/servers');
    await t.req('PUT', `/ecs/v2/servers/${a}`, { note: 'renamed' });
    expect((await t.req('GET', '/ecs/v2/servers')).body.server[0].notes).toBe('renamed');
    // a Booting server's progress moves with the clock alone
    await create(t);
    const p1 = (await t.req('GET', '/ecs/v2/servers')).body.server[1].progress;
    await t.advance(20);
    const p2 = (await t.req('GET', '/ecs/v2/servers')).body.server[1].progress;
    expect(p2).toBeGreaterThan(p1);
  });

  it('PUT accepts note and notes, sets and removes the group, refuses an empty update', async () => {
    const t = await makeEmu();
    const name = await booted(t);
    const g = (await t.req('POST', '/ecs/v2/groups', { notes: 'prod' })).body.group.name;
    const get = async () => (await t.req('GET', `/ecs/v2/servers/${name}`)).body.server;
    expect((await t.req('PUT', `/ecs/v2/servers/${name}`, { note: 'api-1' })).body).toEqual({ status: 'ok' });
    expect((await get()).notes).toBe('api-1');
    await t.req('PUT', `/ecs/v2/servers/${name}`, { notes: 'api-2', group: g });
    expect(await get()).toMatchObject({ notes: 'api-2', group: g });
    await t.req('PUT', `/ecs/v2/servers/${name}`, { group: 'nogroup' });
    expect((await get()).group).toBeNull();
    expect((await t.req('PUT', `/ecs/v2/servers/${name}`, { group: 'nogroup' })).status).toBe(200);
    const before = stateJson(t);
    const empty = await t.req('PUT', `/ecs/v2/servers/${name}`, {});
    expect(empty.status).toBe(400);
    expect(empty.body.message).toMatch(/note/);
    expect((await t.req('PUT', `/ecs/v2/servers/${name}`, { note: 7 })).status).toBe(400);
    expect(stateJson(t)).toBe(before);
  });
});

describe('deletion', () => {
  it('Deleting with a delete_server action, then Deleted 10 s later: host back, history gone, 404', async () => {
    const t = await makeEmu();
    const name = await booted(t);
    const emu = t.emulator.emu;
    const cap = emu.state.capacity['eCS1@it-mi2'];
    const r = await t.req('DELETE', `/ecs/v2/servers/${name}`);
    expect(r.status).toBe(200);
    expect(r.body.action).toMatchObject({ type: 'delete_server', status: 'in-progress', resource: name, resource_type: 'ECS' });
    expect((await t.req('GET', `/ecs/v2/servers/${name}`)).body.server.status).toBe('Deleting');
    const again = await t.req('DELETE', `/ecs/v2/servers/${name}`);
    expect(again.status).toBe(400);
    await t.advance(10);
    expect((await t.req('GET', `/ecs/v2/actions/${r.body.action.id}`)).body.action.status).toBe('completed');
    expect((await t.req('GET', `/ecs/v2/servers/${name}`)).status).toBe(404);
    expect((await t.req('DELETE', `/ecs/v2/servers/${name}`)).status).toBe(404);
    const rec = emu.state.servers[name];
    expect(rec.status).toBe('Deleted');
    expect(rec.deleted_at).toBe(emu.now());
    expect(rec.history.at(-1)).toEqual({ at: emu.now(), state: 'gone', plan: 'eCS1' });
    expect(emu.state.capacity['eCS1@it-mi2']).toBe(cap + 1);
  });

  it('a server deleted while Booting ends Deleted, never Booted', async () => {
    const t = await makeEmu();
    const r = await create(t);
    await t.advance(5);
    expect((await t.req('DELETE', `/ecs/v2/servers/${r.body.server.name}`)).status).toBe(200);
    await t.advance(100);
    expect(t.emulator.emu.state.servers[r.body.server.name].status).toBe('Deleted');
  });

  it('a failed delete puts the server back', async () => {
    const t = await makeEmu();
    const name = await booted(t);
    await t.req('PUT', '/__emulator/faults', { fail_next_actions: 1 }, { token: null });
    const r = await t.req('DELETE', `/ecs/v2/servers/${name}`);
    await t.advance(10);
    expect((await t.req('GET', `/ecs/v2/actions/${r.body.action.id}`)).body.action.status).toBe('failed');
    expect((await t.req('GET', `/ecs/v2/servers/${name}`)).body.server).toMatchObject({ status: 'Booted', active_flag: true });
  });

  it('a reserved server cannot be destroyed', async () => {
    const t = await makeEmu();
    const name = await booted(t, { reserved_plan: 'M3PECS1' });
    const before = stateJson(t);
    const r = await t.req('DELETE', `/ecs/v2/servers/${name}`);
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(RESERVED_NO_DELETE);
    expect(stateJson(t)).toBe(before);
  });
});

describe('power, console, status', () => {
  it('power_off then power_on: 5 s actions, SHUTOFF/RUNNING, history off/on (primary answer wrapped)', async () => {
    const t = await makeEmu();
    const name = await booted(t);
    const emu = t.emulator.emu;
    const status = async () => (await t.req('GET', `/ecs/v2/servers/${name}/status`)).body;
    expect(await status()).toEqual({ status: 'ok', server: { name, current_status: 'RUNNING' } });
    const off = await t.req('POST', `/ecs/v2/servers/${name}/actions`, { type: 'power_off' });
    expect(off.status).toBe(200);
    expect(off.body.status).toBe('ok');
    expect(off.body.action).toMatchObject({ type: 'power_off', status: 'in-progress', resource: name });
    const busy = await t.req('POST', `/ecs/v2/servers/${name}/actions`, { type: 'power_on' });
    expect(busy.status).toBe(400);
    await t.advance(5);
    expect((await status()).server.current_status).toBe('SHUTOFF');
    const twice = await t.req('POST', `/ecs/v2/servers/${name}/actions`, { type: 'power_off' });
    expect(twice.status).toBe(400);
    expect(twice.body.message).toMatch(/already powered off/);
    const offAt = emu.now();
    await t.advance(100);
    const on = await t.req('POST', `/ecs/v2/servers/${name}/actions`, { type: 'power_on' });
    expect(on.status).toBe(200);
    await t.advance(5);
    expect((await status()).server.current_status).toBe('RUNNING');
    expect(emu.state.servers[name].history.map((h) => [h.state, h.at])).toEqual([
      ['on', emu.state.servers[name].created_at],
      ['off', offAt],
      ['on', emu.now()],
    ]);
    expect((await t.req('POST', `/ecs/v2/servers/${name}/actions`, { type: 'power_on' })).body.message).toMatch(/already powered on/);
  });

  it('alternate and live answer the bare action; alternate status is flat with Running/Shutoff', async () => {
    for (const dialect of ['alternate', 'live'] as const) {
      const t = await makeEmu({ dialect });
      const name = await booted(t);
      const off = await t.req('POST', `/ecs/v2/servers/${name}/actions`, { type: 'power_off' });
      expect(off.body).toMatchObject({ type: 'power_off', status: 'in-progress', resource: name });
      expect(off.body.action).toBeUndefined();
      await t.advance(5);
      const st = (await t.req('GET', `/ecs/v2/servers/${name}/status`)).body;
      if (dialect === 'alternate') expect(st).toEqual({ status: 'ok', name, current_status: 'Shutoff' });
      else expect(st).toEqual({ status: 'ok', server: { name, current_status: 'SHUTOFF' } });
      const con = await t.req('POST', `/ecs/v2/servers/${name}/actions`, { type: 'console' });
      expect(con.body).toMatchObject({ type: 'console', status: 'completed' });
      expect(con.body.console_key).toMatch(/^[0-9a-f]{32}$/);
    }
  });

  it('console is a 0 s action with a console_key (primary wraps it)', async () => {
    const t = await makeEmu();
    const name = await booted(t);
    const r = await t.req('POST', `/ecs/v2/servers/${name}/actions`, { type: 'console' });
    expect(r.status).toBe(200);
    expect(r.body.status).toBe('ok');
    expect(r.body.action).toMatchObject({ type: 'console', status: 'completed', progress: 100 });
    expect(r.body.console_key).toMatch(/^[0-9a-f]{32}$/);
  });

  it('actions need a Booted server', async () => {
    const t = await makeEmu();
    const r = await create(t);
    const a = await t.req('POST', `/ecs/v2/servers/${r.body.server.name}/actions`, { type: 'console' });
    expect(a.status).toBe(400);
    expect(a.body.message).toMatch(/not ready \(status Booting\)/);
  });

  it('restartServer (VLAN change) shows SHUTOFF for a few seconds and records off/on', async () => {
    const t = await makeEmu();
    const name = await booted(t);
    const emu = t.emulator.emu;
    const at = emu.now();
    restartServer(emu, emu.state.servers[name], at);
    expect((await t.req('GET', `/ecs/v2/servers/${name}/status`)).body.server.current_status).toBe('SHUTOFF');
    await t.advance(5);
    expect((await t.req('GET', `/ecs/v2/servers/${name}/status`)).body.server.current_status).toBe('RUNNING');
    expect(emu.state.servers[name].history.slice(1)).toEqual([
      { at, state: 'off', plan: 'eCS1' },
      { at: at + 5000, state: 'on', plan: 'eCS1' },
    ]);
  });
});

describe('rollback', () => {
  it('restores a created snapshot: restoring while the action runs, then last_restored_snapshot', async () => {
    const t = await makeEmu();
    const name = await booted(t);
    const snap = await t.req('POST', `/ecs/v2/servers/${name}/snapshots`, { description: 'before upgrade', notes: '' });
    expect(snap.status, snap.text).toBe(200);
    const id = snap.body.snapshot.id;
    const early = await t.req('POST', `/ecs/v2/servers/${name}/actions`, { type: 'rollback', snapshot: id });
    expect(early.status).toBe(400);
    await t.advance(120);
    const r = await t.req('POST', `/ecs/v2/servers/${name}/actions`, { type: 'rollback', snapshot: id });
    expect(r.status, r.text).toBe(200);
    expect(r.body.action).toMatchObject({ type: 'rollback', status: 'in-progress', resource: name });
    expect((await t.req('GET', `/ecs/v2/servers/${name}/snapshots/${id}`)).body.snapshot.restoring).toBe(true);
    await t.advance(30);
    const s = (await t.req('GET', `/ecs/v2/servers/${name}`)).body.server;
    expect(s.last_restored_snapshot).toMatchObject({ id, is_last_restored: true, restoring: false, status: 'CD' });
    expect(s.last_restored_snapshot.created_at).toMatch(/Z$/);
  });

  it('a snapshot of another server, or unknown, is 404 snapshot not found', async () => {
    const t = await makeEmu();
    const a = await booted(t);
    const b = await booted(t);
    const snap = await t.req('POST', `/ecs/v2/servers/${a}/snapshots`, { description: 'x', notes: '' });
    await t.advance(120);
    for (const id of [snap.body.snapshot.id, 99999]) {
      const r = await t.req('POST', `/ecs/v2/servers/${b}/actions`, { type: 'rollback', snapshot: id });
      expect(r.status).toBe(404);
      expect(r.body.message).toBe('snapshot not found');
    }
  });
});

describe('admin bulk creation', () => {
  // Speed is measured by `npm run bench`, not asserted here: timed assertions fail on a busy machine.
  it('creates 1,000 Booted servers at once, without using capacity', async () => {
    const t = await makeEmu();
    const cap = { ...t.emulator.emu.state.capacity };
    const r = await t.req('POST', '/__emulator/bulk/servers', { username: 'demo', count: 1000 }, { token: null });
    expect(r.status).toBe(201);
    expect(r.body.count).toBe(1000);
    expect(r.body.names).toHaveLength(1000);
    const list = (await t.req('GET', '/ecs/v2/servers')).body;
    expect(list.count).toBe(1000);
    expect(list.server.every((s: { status: string; ipv4: string }) => s.status === 'Booted' && s.ipv4 !== '')).toBe(true);
    expect(t.emulator.emu.state.capacity).toEqual(cap);
    expect((await create(t)).status).toBe(200);
    // deleting a bulk server gives back no host it never took
    await t.req('DELETE', `/ecs/v2/servers/${r.body.names[0]}`);
    await t.advance(10);
    expect(t.emulator.emu.state.capacity['eCS1@it-mi2']).toBe(cap['eCS1@it-mi2'] - 1);
  });

  it('refuses bad input', async () => {
    const t = await makeEmu();
    const before = stateJson(t);
    for (const [body, status] of [
      [{ username: 'nobody', count: 1 }, 404],
      [{ username: 'demo', count: 0 }, 400],
      [{ username: 'demo', count: 1e12 }, 400],
      [{ username: 'demo', count: 1, plan: 'eCS2HM' }, 400],
      [{ username: 'demo' }, 400],
    ] as const) {
      expect((await t.req('POST', '/__emulator/bulk/servers', body, { token: null })).status).toBe(status);
    }
    expect(stateJson(t)).toBe(before);
  });
});

describe('demo estate', () => {
  it('a dozen servers across regions and families, in every status, consistent with capacity', async () => {
    const t = await makeEmu({ seed: 'demo' });
    const emu = t.emulator.emu;
    const list = (await t.req('GET', '/ecs/v2/servers')).body.server as Array<Record<string, any>>;
    expect(list.length).toBeGreaterThanOrEqual(12);
    const statuses = new Set(list.map((s) => s.status));
    for (const st of ['Booted', 'Booting', 'Customizing', 'Deleting']) expect(statuses).toContain(st);
    expect(Object.values(emu.state.servers).some((s) => s.user === 'demo' && s.status === 'Deleted')).toBe(true);
    expect(new Set(list.map((s) => s.location))).toEqual(new Set(['it-mi2', 'it-fr2', 'ch-lug1', 'bg-sof1']));
    for (const family of ['ECS', 'ECSHM']) expect(list.some((s) => s.plan_size.host_type === family)).toBe(true);
    expect(list.some((s) => s.plan_size.host_type.startsWith('ECSGPU'))).toBe(true);
    expect(list.some((s) => s.group !== null)).toBe(true);
    for (const s of list) expect(s.name).toMatch(/^ec2\d{5}$/);
    const off = list.find((s) => s.notes === 'win-build')!;
    expect((await t.req('GET', `/ecs/v2/servers/${off.name}/status`)).body.server.current_status).toBe('SHUTOFF');
    // every server still holding a host is counted out of the catalog capacity
    for (const plan of emu.catalog.plans) {
      for (const r of plan.regions) {
        const held = Object.values(emu.state.servers).filter((s) => s.plan === plan.name && s.location === r.location && s.status !== 'Deleted' && !s.bulk).length;
        expect(emu.state.capacity[`${plan.name}@${r.location}`], `${plan.name}@${r.location}`).toBe(r.capacity - held);
      }
    }
    // the in-flight ones finish with the clock
    await t.advance(120);
    const after = (await t.req('GET', '/ecs/v2/servers')).body.server as Array<Record<string, any>>;
    expect(after.every((s) => s.status === 'Booted')).toBe(true);
    // create actions are recorded
    const actions = (await t.req('GET', '/ecs/v2/actions?length=1000')).body.actions as Array<Record<string, any>>;
    for (const s of after) expect(actions.some((a) => a.resource === s.name && a.type === 'create_server' && a.status === 'completed')).toBe(true);
  });
});
