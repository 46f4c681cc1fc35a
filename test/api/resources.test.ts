// Every client function against the emulator over its fetch, in each dialect: the client must work unchanged
// with the spec's shapes, the alternate documented ones and what the live service was recorded sending.
import { describe, expect, it } from 'vitest';
import { ApiError, type Client, type CreateServerInput } from '../../src/api/index.js';
import { DIALECTS, emuClient, type EmuClient } from './helpers.js';

const UBUNTU: CreateServerInput = { plan: 'eCS1', location: 'it-mi2', image: 'ubuntu-2404', notes: 'test' };

/** Creates a server and moves the clock until it is Booted (60 s create, 20 s customizing). */
async function bootServer(e: EmuClient, input: Partial<CreateServerInput> = {}): Promise<string> {
  const { server } = await e.client.servers.create({ ...UBUNTU, ...input });
  await e.advance(81);
  const s = await e.client.servers.get(server.name);
  expect(s.status).toBe('booted');
  return server.name;
}

async function waitAction(e: EmuClient, id: number, seconds: number) {
  await e.advance(seconds);
  return e.client.actions.get(id);
}

const failMessage = (p: Promise<unknown>) => p.then(() => 'no error', (err: unknown) => (err instanceof ApiError ? `${err.status} ${err.message}` : String(err)));

describe.each(DIALECTS)('client against the emulator, dialect %s', (dialect) => {
  it('catalog: plans, regions for a plan, regions, images, cloud images, spot plans, availability', async () => {
    const { client } = await emuClient(dialect);
    const plans = await client.catalog.plans();
    expect(plans).toHaveLength(15);
    const ecs3 = plans.find((p) => p.name === 'eCS3')!;
    expect(ecs3).toMatchObject({ id: 8, cpu: 4, ram: 4096, disk: 80, gpu: 0, gpuLabel: null, monthlyPrice: 35, hostType: 'ECS' });
    expect(plans.find((p) => p.name === 'ECS1GPU8')).toMatchObject({ gpu: 4, gpuLabel: 'H100 80 GB', ram: 1048576 });

    expect((await client.catalog.regionsFor('eCS1')).sort()).toEqual(['bg-sof1', 'ch-lug1', 'it-fr2', 'it-mi2']);
    expect(await client.catalog.regionsFor('eCS1HM')).toEqual(['it-fr2']);
    expect((await client.catalog.regions()).map((r) => [r.id, r.location])).toEqual([
      [2, 'it-mi2'],
      [3, 'it-fr2'],
      [6, 'ch-lug1'],
      [7, 'bg-sof1'],
    ]);
    const images = await client.catalog.images();
    expect(images.map((i) => i.name)).toContain('ubuntu-2404');
    expect(images.every((i) => i.public && i.status === 'created')).toBe(true);
    expect(Array.isArray(await client.catalog.cloudImages())).toBe(true);

    const spot = await client.catalog.spotPlans();
    expect(spot.length).toBeGreaterThan(0);
    for (const s of spot) {
      expect(s.discount).toBeGreaterThan(0);
      expect(s.discount).toBeLessThanOrEqual(1);
    }
    const avail = await client.catalog.availability();
    const row = avail.find((a) => a.plan === 'eCS1' && a.location === 'it-mi2')!;
    expect(row).toMatchObject({ spotAvailable: expect.any(Boolean), available: true });
    expect(row.spotDiscount === null || typeof row.spotDiscount === 'number').toBe(true);
  });

  it('servers: create, poll the action, booted, list, get, update, status, power, console, delete', async () => {
    const e = await emuClient(dialect);
    const { client } = e;
    const created = await client.servers.create({ ...UBUNTU, notes: 'web-1' });
    expect(created.actionId).toBeGreaterThan(0);
    expect(created.server).toMatchObject({ notes: 'web-1', status: 'booting', active: false, ipv4: null, reservedUntil: null });
    expect(created.server.planSize).toMatchObject({ core: 1, ram: 1024, disk: 20, gpu: 0, gpuLabel: null });
    const name = created.server.name;

    const a0 = await client.actions.get(created.actionId);
    expect(a0).toMatchObject({ type: 'create_server', status: 'in-progress', resource: name, completedAt: null });
    const a1 = await waitAction(e, created.actionId, 60);
    expect(a1).toMatchObject({ status: 'completed', progress: 100 });
    expect(a1.completedAt).toBeInstanceOf(Date);
    expect((await client.servers.get(name)).status).toBe('customizing');
    await e.advance(20);
    const s = await client.servers.get(name);
    expect(s).toMatchObject({ name, status: 'booted', active: true, progress: 100, virttype: 'KVM', image: 'ubuntu-2404', location: 'it-mi2' });
    expect(s.ipv4).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    expect(s.createdAt).toBeInstanceOf(Date);

    expect((await client.servers.list()).map((x) => x.name)).toEqual([name]);

    const group = await client.groups.create({ notes: 'front' });
    await client.servers.update(name, { notes: 'web-2', group: group.name });
    expect(await client.servers.get(name)).toMatchObject({ notes: 'web-2', group: group.name });
    await client.servers.update(name, { group: null });
    expect((await client.servers.get(name)).group).toBeNull();

    expect(await client.servers.status(name)).toEqual({ name, state: 'running' });
    const off = await client.servers.powerOff(name);
    expect(off).toMatchObject({ type: 'power_off', status: 'in-progress', resource: name });
    expect((await waitAction(e, off.id, 5)).status).toBe('completed');
    expect((await client.servers.status(name)).state).toBe('shutoff');
    const on = await client.servers.powerOn(name);
    expect(on.type).toBe('power_on');
    await e.advance(5);
    expect((await client.servers.status(name)).state).toBe('running');

    const con = await client.servers.console(name);
    expect(con.action.type).toBe('console');
    expect(con.consoleKey).toMatch(/\S{8,}/);

    expect(await client.servers.isolations(name)).toEqual([]);
    const m = await client.servers.metrics(name);
    expect(m.resource).toBe(name);
    expect(m.core.length).toBeGreaterThan(0);
    expect(m.core[0].at).toBeInstanceOf(Date);
    expect(typeof m.core[0].value).toBe('number');
    expect(m.network.received.length).toBe(m.core.length);
    const ranged = await client.servers.metrics(name, { start: new Date(Date.now() - 3600_000) });
    expect(ranged.core.length).toBeGreaterThan(0);

    const del = await client.servers.remove(name);
    expect(del).toMatchObject({ type: 'delete_server', status: 'in-progress', resource: name });
    await e.advance(10);
    expect(await client.servers.list()).toEqual([]);
    await expect(client.servers.get('ec299999')).rejects.toMatchObject({ status: 404 });
    await client.groups.delete(group.id);
  });

  it('one failure status: an action that fails reads failed', async () => {
    const e = await emuClient(dialect);
    await e.admin('PUT', '/__emulator/faults', { fail_next_actions: 1 });
    const { actionId } = await e.client.servers.create(UBUNTU);
    expect((await waitAction(e, actionId, 60)).status).toBe('failed');
  });

  it('isolation, reserved period, support plan', async () => {
    const e = await emuClient(dialect);
    const { client } = e;
    const a = await bootServer(e, { notes: 'a' });
    const b = await bootServer(e, { notes: 'b', isolateFrom: [a] });
    expect((await client.servers.isolations(b)).map((i) => i.name)).toEqual([a]);

    const support = await client.servers.setSupport(a, 'basic');
    expect(support).toMatchObject({ code: 'basic', cancelled: false, immutable: false });
    expect(support.start).toBeInstanceOf(Date);
    expect(await failMessage(client.servers.removeSupport(a))).toBe('400 You cannot downgrade a support plan, plan not yet finished...');
    expect(await failMessage(client.servers.setSupport(a, 'nope' as 'basic'))).toBe('400 Support code not found');

    const r = await client.servers.addReserved(b, 'M3PECS1');
    expect(r).toMatchObject({ reservedMonth: 3, server: b });
    expect(r.endDate!.getTime()).toBeGreaterThan(r.startDate!.getTime());
    expect((await client.servers.get(b)).isReserved).toBe(true);
    expect(await failMessage(client.servers.addReserved(a, 'twelve'))).toBe(
      '400 Invalid formula to define reserved plan: use id or MxxPxxxx (M12PECS1)',
    );
  });

  it('spot: create, status, promote (idempotent)', async () => {
    const e = await emuClient(dialect);
    const { client } = e;
    const created = await client.servers.create({ ...UBUNTU, spot: true });
    const name = created.server.name;
    await e.advance(81);
    const st = await client.servers.spotStatus(name);
    expect(st).toMatchObject({ server: name, status: 'ok', promotedAt: null });
    expect(st.discount).toBeGreaterThan(0);
    const p = await client.servers.promoteSpot(name);
    expect(p.status).toBe('promoted');
    expect(p.promotedAt).toBeInstanceOf(Date);
    expect((await client.servers.promoteSpot(name)).status).toBe('promoted');
    expect(await failMessage(client.servers.create({ ...UBUNTU, spot: true, reservedPlan: 'M3PECS1' }))).toBe(
      '400 spot and reserved_plan are mutually exclusive',
    );
  });

  it('snapshots: create, poll, get, list, update, protect, restore, remove', async () => {
    const e = await emuClient(dialect);
    const { client } = e;
    const name = await bootServer(e);
    const made = await client.snapshots.create(name, { description: 'before upgrade', notes: 'n' });
    expect(made.snapshot).toMatchObject({ sourceServer: name, status: 'creating', active: false, sizeOnDisk: null, description: 'before upgrade' });
    expect(made.action).toMatchObject({ type: 'create_snapshot', status: 'in-progress' });
    expect(made.action!.resource).toBe(String(made.snapshot.id));
    expect(await failMessage(client.snapshots.create(name, { description: 'again' }))).toBe(
      "400 can't create a snapshot if there is snapshot pending for selected server",
    );
    await e.advance(120);
    const snap = await client.snapshots.get(name, made.snapshot.id);
    expect(snap).toMatchObject({ status: 'created', active: true, protected: true });
    expect(snap.sizeOnDisk).toBeGreaterThan(0);
    expect(snap.createdAt).toBeInstanceOf(Date);
    expect((await client.snapshots.list(name)).map((s) => s.id)).toEqual([snap.id]);

    expect((await client.snapshots.update(name, snap.id, { description: 'renamed' })).description).toBe('renamed');
    expect((await client.snapshots.protect(name, snap.id)).protected).toBe(true);

    const rb = await client.servers.rollback(name, snap.id);
    expect(rb).toMatchObject({ type: 'rollback', resource: name });
    await e.advance(30);
    expect((await client.servers.get(name)).lastRestoredSnapshot).toMatchObject({ id: snap.id, isLastRestored: true });

    const gone = await client.snapshots.remove(name, snap.id);
    expect(gone.action).toMatchObject({ type: 'delete_snapshot' });
    expect(gone.snapshot.deletedAt).toBeInstanceOf(Date);
    expect(gone.snapshot.status).toBe('deleting');
  });

  it('periodic snapshots: create, get, update, disable', async () => {
    const e = await emuClient(dialect);
    const name = await bootServer(e);
    const c = await e.client.schedules.create(name, { maxRetention: 2, dayOfWeek: 0, time: '02:30' });
    expect(c).toMatchObject({ name: `snapshot_schedule_${name}`, enabled: true, maxRetention: 2, dayOfWeek: 0, lastRunAt: null });
    expect(c.schedule).toContain('UTC');
    expect(await e.client.schedules.get(name)).toEqual(c);
    expect(await e.client.schedules.update(name, { dayOfWeek: 1, maxRetention: 4 })).toMatchObject({ dayOfWeek: 1, maxRetention: 4 });
    expect((await e.client.schedules.disable(name)).enabled).toBe(false);
    expect((await e.client.schedules.update(name, { enabled: true })).enabled).toBe(true);
  });

  it('templates: create from a server, list, get by name and id, rename, remove', async () => {
    const e = await emuClient(dialect);
    const { client } = e;
    const name = await bootServer(e);
    const made = await client.templates.create({ server: name, description: 'golden' });
    expect(made.actionId).toBeGreaterThan(0);
    expect(made.template).toMatchObject({ status: 'creating', description: 'golden', public: false });
    const action = await client.actions.get(made.actionId);
    expect(action.type).toBe('create_template');
    expect((await client.templates.list()).map((t) => t.name)).toEqual([made.template.name]);
    expect(await client.templates.get(made.template.id)).toEqual(await client.templates.get(made.template.name));
    expect((await client.templates.rename(made.template.name, 'golden-2')).description).toBe('golden-2');
    await e.advance(180);
    expect((await client.templates.get(made.template.name)).status).toBe('created');
    const del = await client.templates.remove(made.template.id);
    expect(del).toMatchObject({ type: 'delete_template', status: 'in-progress' });
  });

  it('ssh keys: add, list, get, rename, remove', async () => {
    const { client } = await emuClient(dialect);
    await client.sshKeys.add({ label: 'laptop', key: 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIJ2 me@laptop' });
    const [k] = await client.sshKeys.list();
    expect(k).toMatchObject({ label: 'laptop' });
    expect(k.createdAt).toBeInstanceOf(Date);
    expect(await client.sshKeys.get(k.id)).toEqual(k);
    expect(await failMessage(client.sshKeys.add({ label: 'laptop', key: 'ssh-ed25519 AAAA other' }))).toBe(
      "400 An SSHKey may only have unique 'label' for 'user'",
    );
    expect((await client.sshKeys.rename(k.id, 'desk')).label).toBe('desk');
    await client.sshKeys.remove(k.id);
    expect(await client.sshKeys.list()).toEqual([]);
  });

  it('scripts: create (bare or wrapped), list, get, update, remove', async () => {
    const { client } = await emuClient(dialect);
    const s = await client.scripts.create({ title: 'nginx', content: '#!/bin/sh\napt-get install -y nginx\n' });
    expect(s).toMatchObject({ title: 'nginx', windows: false, public: false });
    expect((await client.scripts.list()).map((x) => x.id)).toContain(s.id);
    expect(await client.scripts.get(s.id)).toEqual(s);
    expect((await client.scripts.update(s.id, { title: 'nginx2' })).title).toBe('nginx2');
    expect(await failMessage(client.scripts.update(s.id, { content: '' }))).toBe('400 Error content cant be null');
    await client.scripts.remove(s.id);
    expect((await client.scripts.list()).map((x) => x.id)).not.toContain(s.id);
  });

  it('networks and VLANs: create, attach one and a range, update, remove', async () => {
    const e = await emuClient(dialect);
    const { client } = e;
    const server = await bootServer(e);
    const net = await client.networks.create();
    expect(net.name).toMatch(/^net\d+/);
    expect(net.active).toBe(true);
    expect((await client.networks.list()).map((n) => n.name)).toEqual([net.name]);
    expect(await client.networks.get(net.name)).toEqual(net);

    const add = await client.vlans.add(server, net.name, { vlanId: 10, pvid: true });
    expect(add.action).toMatchObject({ type: 'add_vlan', resource: `${server}-${net.name}` });
    await e.advance(10);
    const [v] = await client.vlans.list(server, net.name);
    expect(v).toMatchObject({ vlanId: 10, pvid: true, status: 'ok', server, network: net.name });

    const upd = await client.vlans.update(server, net.name, 10, { pvid: false });
    expect(upd.vlan).toMatchObject({ vlanId: 10, pvid: false, status: 'updating' });
    expect(upd.action?.type).toBe('update_vlan');
    await e.advance(10);

    await client.vlans.addRange(server, net.name, 20, 22);
    await e.advance(10);
    expect((await client.vlans.list(server, net.name)).map((x) => x.vlanId).sort((a, b) => a - b)).toEqual([10, 20, 21, 22]);
    expect(await failMessage(client.vlans.addRange(server, net.name, 30, 29))).toBe(
      '400 invalid range format using vlans range, end must be greater than start',
    );
    expect(await failMessage(client.networks.remove(net.name))).toBe("400 can't delete network until there are vlan attached to it");

    const r1 = await client.vlans.removeRange(server, net.name, 20, 22);
    expect(r1.action).not.toBeNull();
    await e.advance(10);
    await client.vlans.remove(server, net.name, 10);
    await e.advance(10);
    expect(await client.vlans.list(server, net.name)).toEqual([]);
    await client.networks.remove(net.name);
    expect(await client.networks.list()).toEqual([]);
  });

  it('actions: list with paging and resource filter, get', async () => {
    const e = await emuClient(dialect);
    const a = await bootServer(e, { notes: 'a' });
    await bootServer(e, { notes: 'b' });
    const all = await e.client.actions.list();
    expect(all.total).toBe(2);
    expect(all.actions.map((x) => x.type)).toEqual(['create_server', 'create_server']);
    expect(all.actions[0].id).toBeGreaterThan(all.actions[1].id);
    const page = await e.client.actions.list({ start: 1, length: 1 });
    expect(page).toMatchObject({ total: 2 });
    expect(page.actions).toHaveLength(1);
    const forA = await e.client.actions.list({ resource: a });
    expect(forA.actions.map((x) => x.resource)).toEqual([a]);
    expect(await e.client.actions.get(forA.actions[0].id)).toEqual(forA.actions[0]);
  });

  it('account: get, change password (logged in again), tokens list/create/rename/revoke', async () => {
    const e = await emuClient(dialect);
    const { client } = e;
    expect(await client.account.get()).toMatchObject({ username: 'demo', reservedAvailable: true });
    const t = await client.account.tokens.create('ci');
    expect(t.token.length).toBeGreaterThan(10);
    const [info] = await client.account.tokens.list();
    expect(info).toMatchObject({ notes: 'ci' });
    await client.account.tokens.rename(info.id, 'ci-2');
    expect((await client.account.tokens.list())[0].notes).toBe('ci-2');
    await client.account.tokens.revoke(info.id);
    expect(await client.account.tokens.list()).toEqual([]);

    const before = client.credential;
    await client.account.changePassword('a-new-password-1');
    expect(client.credential).not.toEqual(before);
    expect((await client.account.get()).username).toBe('demo');
  });

  it('groups: list, create (the service names it), delete by id or by name', async () => {
    const { client } = await emuClient(dialect);
    const g = await client.groups.create({ notes: 'production', password: 'gr0up-pw-8241' });
    expect(g).toMatchObject({ id: expect.any(Number), name: expect.stringMatching(/^eg1\d{5}$/), notes: 'production', enabled: true });
    const h = await client.groups.create({ notes: 'staging' });
    expect((await client.groups.list()).map((x) => x.id)).toEqual([g.id, h.id]);
    await client.groups.delete(g.id);
    await client.groups.delete(h.name);
    expect(await client.groups.list()).toEqual([]);
    await expect(client.groups.delete(g.id)).rejects.toMatchObject({ status: 404, message: 'group not found' });
  });

  it('billing (demo estate): servers, templates and snapshots as JSON and CSV', async () => {
    const { client } = await emuClient(dialect, 'demo');
    const last = new Date();
    last.setUTCDate(1);
    last.setUTCMonth(last.getUTCMonth() - 1);
    const y = last.getUTCFullYear();
    const m = last.getUTCMonth() + 1;
    const servers = await client.billing.servers(y, m, 'json');
    expect(servers.length).toBeGreaterThan(0);
    expect(servers[0]).toMatchObject({ year: y, month: m });
    expect(typeof servers[0].cost).toBe('number');
    expect(servers[0].summary).not.toBeNull();
    const csv = await client.billing.servers(y, m, 'csv');
    expect(typeof csv).toBe('string');
    expect(csv.split('\n')[0]).toContain('name');
    expect(Array.isArray(await client.billing.templates(y, m, 'json'))).toBe(true);
    expect(typeof (await client.billing.templates(y, m, 'csv'))).toBe('string');
    const snaps = await client.billing.snapshots(y, m, 'json');
    expect(snaps).toMatchObject({ year: y, month: m });
    expect(Array.isArray(snaps.snapshots)).toBe(true);
    expect(typeof (await client.billing.snapshots(y, m, 'csv'))).toBe('string');
    await expect(client.billing.snapshots(y + 2, 1, 'json')).rejects.toBeInstanceOf(ApiError);
  });

  it('events (demo estate): list with paging and search', async () => {
    const { client } = await emuClient(dialect, 'demo');
    const page = await client.events.list({ offset: 0, length: 3 });
    expect(page.items.length).toBeLessThanOrEqual(3);
    expect(page.total).toBeGreaterThanOrEqual(page.items.length);
    expect(page.length).toBe(page.items.length);
    expect(['started', 'terminated']).toContain(page.items[0].eventType);
    expect(page.items[0].date).toBeInstanceOf(Date);
    const found = await client.events.list({ search: page.items[0].pod });
    expect(found.items.some((x) => x.pod === page.items[0].pod)).toBe(true);
  });

  it('the demo estate reads whole: every server, with its snapshots, schedule and status', async () => {
    const { client } = await emuClient(dialect, 'demo');
    const servers = await client.servers.list();
    expect(servers.length).toBeGreaterThan(5);
    for (const s of servers) {
      expect(s.name).toMatch(/^ec/);
      await client.snapshots.list(s.name);
    }
    expect((await client.templates.list()).length).toBeGreaterThan(0);
    expect((await client.sshKeys.list()).length).toBeGreaterThan(0);
    expect((await client.scripts.list()).length).toBeGreaterThan(0);
    const nets = await client.networks.list();
    expect(nets.length).toBeGreaterThan(0);
    expect((await client.actions.list()).total).toBeGreaterThan(0);
  });
});

export type { Client };
