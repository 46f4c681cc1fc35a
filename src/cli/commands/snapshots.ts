// `ecsdeck snapshots …`, `ecsdeck schedule …` and the VLAN verbs of `ecsdeck servers …`.
import type { Snapshot, SnapshotSchedule, Vlan, VlanChange } from '../../api/index.js';
import { gigabytes, weekday } from '../../ui/format.js';
import { col, type Column, type Resource, type Verb } from '../types.js';
import { actionResult, arg, flag, num, opt, record, rows, serverArg, text, when, yes } from '../shapes.js';

const SNAPSHOT_COLUMNS: Column[] = [
  col<Snapshot>('ID', (s) => String(s.id)),
  col<Snapshot>('SERVER', (s) => s.sourceServer),
  col<Snapshot>('STATUS', (s) => s.status),
  col<Snapshot>('DESCRIPTION', (s) => s.description),
  col<Snapshot>('PROTECTED', (s) => yes(s.protected)),
  col<Snapshot>('CREATED', (s) => when(s.createdAt)),
];
const SNAPSHOT_RECORD: Column[] = [
  ...SNAPSHOT_COLUMNS,
  col<Snapshot>('NOTES', (s) => s.notes),
  // the service's GB: `18 GB` in a table, 18 in CSV
  col<Snapshot>('SIZE', (s) => text(s.sizeOnDisk), { show: (s) => (s.sizeOnDisk === null ? '' : gigabytes(s.sizeOnDisk)) }),
];

const SCHEDULE_COLUMNS: Column[] = [
  col<SnapshotSchedule>('NAME', (s) => s.name),
  col<SnapshotSchedule>('ENABLED', (s) => yes(s.enabled)),
  // the service's 0 to 6: `Sunday` in a table, 0 in CSV
  col<SnapshotSchedule>('DAY', (s) => String(s.dayOfWeek), { show: (s) => weekday(s.dayOfWeek) }),
  col<SnapshotSchedule>('SCHEDULE', (s) => s.schedule),
  col<SnapshotSchedule>('RETENTION', (s) => String(s.maxRetention)),
  col<SnapshotSchedule>('LAST RUN', (s) => `${when(s.lastRunAt)} ${s.lastRunStatus ?? ''}`.trim()),
];

const VLAN_COLUMNS: Column[] = [
  col<Vlan>('VLAN', (v) => String(v.vlanId)),
  col<Vlan>('SERVER', (v) => v.server),
  col<Vlan>('NETWORK', (v) => v.network),
  col<Vlan>('PVID', (v) => yes(v.pvid)),
  col<Vlan>('STATUS', (v) => v.status),
  col<Vlan>('MAC', (v) => v.macAddress),
];

const server = (v: Record<string, unknown>) => v.server as string;
const id = (v: Record<string, unknown>) => v.id as number;
const snapshotId = num('id', 'the snapshot id', { positional: true, required: true, meta: 'ID' });
const vlanChange = (c: VlanChange) => (c.action !== null ? actionResult(c.action) : { output: c.vlan ? record(c.vlan, VLAN_COLUMNS) : { kind: 'none' as const } });

const snapshotVerbs: Verb[] = [
  {
    resource: 'snapshots',
    name: 'list',
    summary: "a server's snapshots",
    params: [serverArg()],
    run: async ({ client }, v) => ({ output: rows(await client.snapshots.list(server(v)), SNAPSHOT_COLUMNS) }),
  },
  {
    resource: 'snapshots',
    name: 'get',
    summary: 'one snapshot',
    params: [serverArg(), snapshotId],
    run: async ({ client }, v) => ({ output: record(await client.snapshots.get(server(v), id(v)), SNAPSHOT_RECORD) }),
  },
  {
    resource: 'snapshots',
    name: 'create',
    summary: 'take a snapshot (starts a create_snapshot action)',
    params: [serverArg(), opt('description', 'what the snapshot is', { required: true, meta: 'TEXT' }), opt('notes', 'more words about it', { default: '', meta: 'TEXT' })],
    startsAction: true,
    write: { method: 'POST', path: '/ecs/v2/servers/{server}/snapshots', body: { description: { from: 'description' }, notes: { from: 'notes' } } },
    run: async ({ client }, v) => actionResult((await client.snapshots.create(server(v), { description: v.description as string, notes: v.notes as string })).action),
  },
  {
    resource: 'snapshots',
    name: 'update',
    summary: "change a snapshot's description or notes",
    params: [serverArg(), snapshotId, opt('description', 'what the snapshot is', { meta: 'TEXT' }), opt('notes', 'more words about it', { meta: 'TEXT' })],
    write: { method: 'PATCH', path: '/ecs/v2/servers/{server}/snapshots/{id}', body: { description: { from: 'description' }, notes: { from: 'notes' } } },
    check: (v) => (v.description === undefined && v.notes === undefined ? 'say what to change: --description and/or --notes' : null),
    run: async ({ client }, v) => ({
      output: record(await client.snapshots.update(server(v), id(v), { description: v.description as string | undefined, notes: v.notes as string | undefined }), SNAPSHOT_RECORD),
    }),
  },
  {
    resource: 'snapshots',
    name: 'protect',
    summary: 'keep a snapshot from the retention (no way back)',
    params: [serverArg(), snapshotId],
    destructive: true,
    write: { method: 'PATCH', path: '/ecs/v2/servers/{server}/snapshots/{id}', body: { protected: { const: true } } },
    run: async ({ client }, v) => ({ output: record(await client.snapshots.protect(server(v), id(v)), SNAPSHOT_RECORD) }),
  },
  {
    resource: 'snapshots',
    name: 'delete',
    summary: 'delete a snapshot (starts a delete_snapshot action)',
    params: [serverArg(), snapshotId],
    destructive: true,
    startsAction: true,
    write: { method: 'DELETE', path: '/ecs/v2/servers/{server}/snapshots/{id}' },
    run: async ({ client }, v) => actionResult((await client.snapshots.remove(server(v), id(v))).action),
  },
];

const day = num('day', 'the day of the week, 0 (Sunday) to 6', { meta: 'DAY' });
const retention = num('retention', 'snapshots kept', { meta: 'N' });
const time = opt('time', 'HH:MM UTC, between 00:00 and 06:00', { meta: 'HH:MM' });
const scheduleOne = '/ecs/v2/servers/{server}/crons/snapshot_schedule_{server}';

const scheduleVerbs: Verb[] = [
  {
    resource: 'schedule',
    name: 'get',
    summary: "a server's weekly snapshot schedule",
    params: [serverArg()],
    run: async ({ client }, v) => ({ output: record(await client.schedules.get(server(v)), SCHEDULE_COLUMNS) }),
  },
  {
    resource: 'schedule',
    name: 'create',
    summary: 'take a snapshot of a server every week',
    params: [serverArg(), { ...retention, required: true }, { ...day, required: true }, time],
    write: {
      method: 'POST',
      path: '/ecs/v2/servers/{server}/crons',
      body: {
        type: { const: 'snapshot_schedule' },
        'config.typology': { const: 'weekly' },
        'config.max_retention': { from: 'retention' },
        'config.day_of_week': { from: 'day' },
        'config.time': { from: 'time' },
      },
    },
    run: async ({ client }, v) => ({
      output: record(
        await client.schedules.create(server(v), { maxRetention: v.retention as number, dayOfWeek: v.day as number, time: v.time as string | undefined }),
        SCHEDULE_COLUMNS,
      ),
    }),
  },
  {
    resource: 'schedule',
    name: 'update',
    summary: "change a schedule's day, time or retention",
    params: [serverArg(), retention, day, time],
    write: { method: 'PATCH', path: scheduleOne, body: { max_retention: { from: 'retention' }, day_of_week: { from: 'day' }, time: { from: 'time' } } },
    check: (v) => (v.retention === undefined && v.day === undefined && v.time === undefined ? 'say what to change: --retention, --day, --time' : null),
    run: async ({ client }, v) => ({
      output: record(
        await client.schedules.update(server(v), { maxRetention: v.retention as number | undefined, dayOfWeek: v.day as number | undefined, time: v.time as string | undefined }),
        SCHEDULE_COLUMNS,
      ),
    }),
  },
  ...([true, false] as const).map(
    (enabled): Verb => ({
      resource: 'schedule',
      name: enabled ? 'resume' : 'pause',
      summary: enabled ? 'take the weekly snapshots again' : 'stop taking the weekly snapshots for now',
      params: [serverArg()],
      write: { method: 'PATCH', path: scheduleOne, body: { enabled: { const: enabled } } },
      run: async ({ client }, v) => ({ output: record(await client.schedules.update(server(v), { enabled }), SCHEDULE_COLUMNS) }),
    }),
  ),
  {
    resource: 'schedule',
    name: 'disable',
    summary: 'turn the weekly snapshots off',
    params: [serverArg()],
    destructive: true,
    write: { method: 'DELETE', path: scheduleOne },
    run: async ({ client }, v) => ({ output: record(await client.schedules.disable(server(v)), SCHEDULE_COLUMNS) }),
  },
];

const network = arg('network', 'the private network', { meta: 'NETWORK' });
const vlanId = num('vlan', 'the VLAN id, 1 to 4094', { positional: true, required: true, meta: 'VLAN' });
const vlanBase = '/ecs/v2/servers/{server}/networks/{network}/vlans';

export const vlanVerbs: Verb[] = [
  {
    resource: 'servers',
    name: 'vlans',
    summary: "a server's VLANs on a private network",
    params: [serverArg(), network],
    run: async ({ client }, v) => ({ output: rows(await client.vlans.list(server(v), v.network as string), VLAN_COLUMNS) }),
  },
  {
    resource: 'servers',
    name: 'vlan-add',
    summary: 'attach a server to a network on a VLAN (the first one restarts it)',
    params: [serverArg(), network, vlanId, flag('pvid', 'untagged (the port VLAN)', { default: false })],
    startsAction: true,
    write: { method: 'POST', path: vlanBase, body: { vlan_id: { from: 'vlan' }, pvid: { from: 'pvid' } } },
    run: async ({ client }, v) => vlanChange(await client.vlans.add(server(v), v.network as string, { vlanId: v.vlan as number, pvid: v.pvid === true })),
  },
  {
    resource: 'servers',
    name: 'vlan-add-range',
    summary: 'attach a server on the VLANs of a range, e.g. 100-110',
    params: [serverArg(), network, arg('range', 'first-last', { meta: 'FIRST-LAST' })],
    startsAction: true,
    check: (v) => (/^\d+-\d+$/.test(String(v.range)) ? null : 'the range is FIRST-LAST, e.g. 100-110'),
    write: { method: 'POST', path: vlanBase, body: { vlans: { from: 'range' } } },
    run: async ({ client }, v) => {
      const [a, b] = String(v.range).split('-').map(Number) as [number, number];
      return vlanChange(await client.vlans.addRange(server(v), v.network as string, a, b));
    },
  },
  ...([true, false] as const).map(
    (pvid): Verb => ({
      resource: 'servers',
      name: pvid ? 'vlan-pvid' : 'vlan-tagged',
      summary: pvid ? 'make a VLAN the untagged one' : 'make a VLAN tagged',
      params: [serverArg(), network, vlanId],
      startsAction: true,
      write: { method: 'PATCH', path: `${vlanBase}/{vlan}`, body: { pvid: { const: pvid } } },
      run: async ({ client }, v) => vlanChange(await client.vlans.update(server(v), v.network as string, v.vlan as number, { pvid })),
    }),
  ),
  {
    resource: 'servers',
    name: 'vlan-remove',
    summary: 'detach a server from a VLAN (restarts it)',
    params: [serverArg(), network, vlanId],
    destructive: true,
    startsAction: true,
    write: { method: 'DELETE', path: `${vlanBase}/{vlan}` },
    run: async ({ client }, v) => vlanChange(await client.vlans.remove(server(v), v.network as string, v.vlan as number)),
  },
  {
    resource: 'servers',
    name: 'vlan-remove-range',
    summary: 'detach a server from the VLANs of a range, e.g. 100-110 (restarts it)',
    params: [serverArg(), network, arg('range', 'first-last', { meta: 'FIRST-LAST' })],
    destructive: true,
    startsAction: true,
    check: (v) => (/^\d+-\d+$/.test(String(v.range)) ? null : 'the range is FIRST-LAST, e.g. 100-110'),
    write: { method: 'DELETE', path: `${vlanBase}/{range}` },
    run: async ({ client }, v) => {
      const [a, b] = String(v.range).split('-').map(Number) as [number, number];
      return vlanChange(await client.vlans.removeRange(server(v), v.network as string, a, b));
    },
  },
];

export const snapshots: Resource = { name: 'snapshots', summary: "a server's snapshots", verbs: snapshotVerbs };
export const schedule: Resource = { name: 'schedule', summary: 'weekly snapshots of a server', verbs: scheduleVerbs };
