// The client against the shapes the public clients of the live service send and read: the official Go client
// (Seeweb/cloudserver-go-client) and the Python SDK (ecsapi). Each test names the client a shape comes from.
import { describe, expect, it } from 'vitest';
import { parseReservedPeriod } from '../../src/api/server-options.js';
import { parseSnapshot } from '../../src/api/snapshots.js';
import { snapshotRecord } from './fixtures.js';
import { cannedClient, emuClient, json } from './helpers.js';

describe('groups (Go client seeweb/group.go and its tests)', () => {
  it('list reads {id: <integer>, name: "eg1xxxxx", notes, enabled}', async () => {
    const { client, sent } = cannedClient(() => json({ status: 'ok', groups: [{ id: 2, name: 'eg100001', notes: 'Test group 1', enabled: true }] }));
    expect(await client.groups.list()).toEqual([{ id: 2, name: 'eg100001', notes: 'Test group 1', enabled: true, extra: {} }]);
    expect(sent.map((s) => [s.method, s.path])).toEqual([['GET', '/ecs/v2/groups']]);
  });

  it('create sends {notes, password}, no name, and reads the group the service named', async () => {
    const { client, sent } = cannedClient(() => json({ status: 'ok', group: { id: 2, name: 'eg100001', notes: 'Test group 1', enabled: true } }));
    const g = await client.groups.create({ notes: 'Test group 1', password: 'gr0up-pw-8241' });
    expect(g).toMatchObject({ id: 2, name: 'eg100001', notes: 'Test group 1' });
    expect(sent.map((s) => [s.method, s.path, s.body])).toEqual([['POST', '/ecs/v2/groups', { notes: 'Test group 1', password: 'gr0up-pw-8241' }]]);
  });

  it('a create refused with the password echoed back shows no password', async () => {
    const { client } = cannedClient(() => json({ status: 'error', message: 'password gr0up-pw-7713 is too weak' }, 400));
    const err = await client.groups.create({ notes: 'x', password: 'gr0up-pw-7713' }).catch((e: Error) => e);
    expect(err).toMatchObject({ status: 400 });
    expect(String((err as Error).message)).not.toContain('gr0up-pw-7713');
  });

  it('delete by integer id (as the Go client) or by the eg1 name', async () => {
    const { client, sent } = cannedClient(() => json({ status: 'ok' }));
    await client.groups.delete(2);
    await client.groups.delete('eg100001');
    expect(sent.map((s) => [s.method, s.path])).toEqual([
      ['DELETE', '/ecs/v2/groups/2'],
      ['DELETE', '/ecs/v2/groups/eg100001'],
    ]);
  });
});

describe('records of the live dialect, as the Python SDK ecsapi (ecsapi_client) reads them', () => {
  it('a reserved record with reserved_months (DiscountRecord) reads as the spec`s reserved_month', () => {
    const live = parseReservedPeriod({ reserved_plan: 112, reserved_months: 12, plan: 1, discount: 30, start_date: '2026-01-31T10:00:00.000000+00:00', end_date: '2027-01-31T10:00:00.000000+00:00', server: 'ec206922' });
    const spec = parseReservedPeriod({ reserved_plan: 112, reserved_month: 12, plan: 1, discount: 30, start_date: '2026-01-31T10:00:00.000000+00:00', end_date: '2027-01-31T10:00:00.000000+00:00', server: 'ec206922' });
    expect(live.reservedMonth).toBe(12);
    expect(live).toEqual(spec);
  });

  it('last_restored_snapshot with snapshot_parent as the parent record (Snapshot) gives the parent id and name', () => {
    const parent = { ...snapshotRecord(), id: 104, name: 'ec206922-SNP-1', snapshot_parent: null, snapshot_parent_name: null };
    const live = parseSnapshot({ ...snapshotRecord(), id: 105, snapshot_parent: parent, snapshot_parent_name: 'ec206922-SNP-1' });
    const spec = parseSnapshot({ ...snapshotRecord(), id: 105, snapshot_parent: 104, snapshot_parent_name: 'ec206922-SNP-1' });
    expect(live).toMatchObject({ parentId: 104, parentName: 'ec206922-SNP-1' });
    expect(live).toEqual(spec);
    const noName = parseSnapshot({ ...snapshotRecord(), id: 105, snapshot_parent: parent, snapshot_parent_name: undefined });
    expect(noName).toMatchObject({ parentId: 104, parentName: 'ec206922-SNP-1' });
  });

  it('a server from the live emulator (support with server__name, server_notes, end; reserved_months) reads whole', async () => {
    const e = await emuClient('live');
    const { server } = await e.client.servers.create({ plan: 'eCS1', location: 'it-mi2', image: 'ubuntu-2404', notes: 'db-1', support: 'basic', reservedPlan: 'M12PECS1' });
    const s = await e.client.servers.get(server.name);
    expect(s.support).toMatchObject({ code: 'basic', weight: 1, days: 30 });
    expect(s.support?.extra).toMatchObject({ server__name: server.name, server_notes: 'db-1' });
    expect(s.reservedPlans[0]).toMatchObject({ reservedMonth: 12, server: server.name });
  });
});
