// `ecsdeck servers …`: the servers and what the dashboard does to one (power, console, restore, reserve,
// support, spot, isolations, metrics), with the requests their writes send.
import { ApiError, type CreatedServer, type Isolation, type ReservedPeriod, type Server, type ServerMetrics, type SpotStatus, type SupportPlan } from '../../api/index.js';
import { mapPooled } from '../../session/pool.js';
import { bytesPerSecond, percent } from '../../ui/format.js';
import { col, type Column, type Resource, type Verb } from '../types.js';
import { actionResult, arg, done, flag, num, opt, record, rows, serverArg, text, when, yes } from '../shapes.js';

const SERVER_COLUMNS: Column[] = [
  col<Server>('NAME', (s) => s.name),
  col<Server>('STATUS', (s) => s.status),
  col<Server>('PLAN', (s) => s.plan),
  col<Server>('LOCATION', (s) => s.location),
  col<Server>('IPV4', (s) => text(s.ipv4)),
  col<Server>('NOTES', (s) => s.notes),
];

/** The list with each server's power beside its STATUS (`servers list --power`). */
const POWER_COLUMNS: Column[] = [
  ...SERVER_COLUMNS.slice(0, 2),
  col<Server & { power: string | null }>('POWER', (s) => text(s.power)),
  ...SERVER_COLUMNS.slice(2),
];

const SERVER_RECORD: Column[] = [
  ...SERVER_COLUMNS,
  col<Server>('IPV6', (s) => text(s.ipv6)),
  col<Server>('IMAGE', (s) => s.image),
  col<Server>('GROUP', (s) => text(s.group)),
  col<Server>('RESERVED UNTIL', (s) => when(s.reservedUntil)),
  col<Server>('SUPPORT', (s) => s.support?.code ?? ''),
  col<Server>('SPOT', (s) => s.spot?.status ?? ''),
  col<Server>('CREATED', (s) => when(s.createdAt)),
];

const CREATED_COLUMNS: Column[] = [
  col<CreatedServer>('NAME', (c) => c.server.name),
  col<CreatedServer>('ACTION', (c) => String(c.actionId)),
  col<CreatedServer>('STATUS', (c) => c.server.status),
  col<CreatedServer>('PLAN', (c) => c.server.plan),
  col<CreatedServer>('LOCATION', (c) => c.server.location),
  col<CreatedServer>('NOTES', (c) => c.server.notes),
];

const SPOT_COLUMNS: Column[] = [
  col<SpotStatus>('SERVER', (s) => s.server),
  col<SpotStatus>('STATUS', (s) => s.status),
  // a fraction of the price (0.3 is 30 % off): it was written `0.3%`
  col<SpotStatus>('DISCOUNT', (s) => String(s.discount), { show: (s) => percent(s.discount) }),
  col<SpotStatus>('NOTIFIED', (s) => when(s.notifiedAt)),
  col<SpotStatus>('TERMINATES', (s) => when(s.terminateAt)),
  col<SpotStatus>('PROMOTED', (s) => when(s.promotedAt)),
];

const SUPPORT_COLUMNS: Column[] = [
  col<SupportPlan>('CODE', (s) => s.code),
  col<SupportPlan>('TITLE', (s) => s.title),
  col<SupportPlan>('START', (s) => when(s.start)),
  col<SupportPlan>('CANCELLED', (s) => yes(s.cancelled)),
];

const RESERVED_COLUMNS: Column[] = [
  col<ReservedPeriod>('SERVER', (r) => r.server),
  col<ReservedPeriod>('MONTHS', (r) => String(r.reservedMonth)),
  // a whole percentage, as the service gives it
  col<ReservedPeriod>('DISCOUNT', (r) => String(r.discount), { show: (r) => `${r.discount}%` }),
  col<ReservedPeriod>('START', (r) => when(r.startDate)),
  col<ReservedPeriod>('END', (r) => when(r.endDate)),
];

const ISOLATION_COLUMNS: Column[] = [col<Isolation>('NAME', (i) => i.name), col<Isolation>('NOTES', (i) => i.notes)];

interface MetricRow {
  at: Date;
  cpu: number | null;
  diskReads: number | null;
  diskWrites: number | null;
  netIn: number | null;
  netOut: number | null;
}

/** The metrics' five series side by side, one row per moment. */
function metricRows(m: ServerMetrics): MetricRow[] {
  const byTime = new Map<number, MetricRow>();
  const put = (points: Array<{ at: Date; value: number }>, key: Exclude<keyof MetricRow, 'at'>) => {
    for (const p of points) {
      const row = byTime.get(p.at.getTime()) ?? { at: p.at, cpu: null, diskReads: null, diskWrites: null, netIn: null, netOut: null };
      row[key] = p.value;
      byTime.set(p.at.getTime(), row);
    }
  };
  put(m.core, 'cpu');
  put(m.disk.reads, 'diskReads');
  put(m.disk.writes, 'diskWrites');
  put(m.network.received, 'netIn');
  put(m.network.transmitted, 'netOut');
  return [...byTime.values()].sort((a, b) => a.at.getTime() - b.at.getTime());
}

/** A series' column: the service's number in CSV and JSON, with its unit in a table (`29.5 %`, `728.8 KB/s`). */
const metric = (title: string, key: Exclude<keyof MetricRow, 'at'>, unit: (v: number) => string): Column =>
  col<MetricRow>(title, (r) => text(r[key]), { show: (r) => (r[key] === null ? '' : unit(r[key])), right: true });

const METRIC_COLUMNS: Column[] = [
  col<MetricRow>('TIME', (r) => when(r.at)),
  metric('CPU', 'cpu', (v) => `${v.toFixed(1)} %`),
  metric('DISK READ', 'diskReads', bytesPerSecond),
  metric('DISK WRITE', 'diskWrites', bytesPerSecond),
  metric('NET IN', 'netIn', bytesPerSecond),
  metric('NET OUT', 'netOut', bytesPerSecond),
];

const S = (name: string) => String(name);
const server = (v: Record<string, unknown>) => S(v.server as string);

const verbs: Verb[] = [
  {
    resource: 'servers',
    name: 'list',
    summary: 'list the servers (--power: whether each one is on)',
    params: [flag('power', "each server's power, running or shutoff (STATUS says booted even when off); a request each, 8 at a time (how far on a terminal's stderr)")],
    run: async ({ client, progress }, v) => {
      const servers = await client.servers.list();
      if (v.power !== true) return { output: rows(servers, SERVER_COLUMNS) };
      // a server being made or deleted has no power yet: the service refuses its status (blank, null in JSON)
      let asked = 0;
      const power = await mapPooled(servers, 8, (s) =>
        client.servers.status(s.name).then(
          (p) => p.state,
          (err: unknown) => {
            if (err instanceof ApiError) return null;
            throw err;
          },
        ).finally(() => progress?.(`power ${++asked}/${servers.length}`)),
      );
      const withPower = servers.map((s, i) => ({ ...s, power: power[i] }));
      return { output: rows(withPower, POWER_COLUMNS) };
    },
  },
  {
    resource: 'servers',
    name: 'get',
    summary: "one server's record",
    params: [serverArg()],
    run: async ({ client }, v) => ({ output: record(await client.servers.get(server(v)), SERVER_RECORD) }),
  },
  {
    resource: 'servers',
    name: 'create',
    summary: 'create a server (starts a create_server action)',
    params: [
      opt('plan', 'the plan, e.g. ECS1 (ecsdeck plans list)', { required: true, meta: 'PLAN' }),
      opt('location', 'the region, e.g. it-fr2 (ecsdeck regions list)', { required: true, meta: 'LOCATION' }),
      opt('image', 'a public image or a template (ecsdeck images list)', { required: true, meta: 'IMAGE', complete: 'templates' }),
      opt('notes', 'the name people see', { default: '', meta: 'TEXT' }),
      opt('ssh-key', 'the label of a registered public key', { meta: 'LABEL' }),
      opt('group', 'a group name (eg1…)', { meta: 'GROUP' }),
      opt('support', 'a support plan', { choices: ['basic', 'global'], meta: 'PLAN' }),
      opt('reserved-plan', 'a reserved period, M<months>P<plan> (e.g. M12PECS1)', { meta: 'FORMULA' }),
      num('script', 'a library script run at first boot (its id)', { meta: 'ID' }),
      flag('spot', 'a spot instance (cheaper; may be reclaimed)'),
    ],
    startsAction: true,
    write: {
      method: 'POST',
      path: '/ecs/v2/servers',
      body: {
        plan: { from: 'plan' },
        location: { from: 'location' },
        image: { from: 'image' },
        notes: { from: 'notes' },
        ssh_key: { from: 'ssh-key' },
        reserved_plan: { from: 'reserved-plan' },
        support: { from: 'support' },
        group: { from: 'group' },
        user_customize: { from: 'script' },
        spot: { from: 'spot' },
      },
    },
    run: async ({ client }, v) => {
      const created = await client.servers.create({
        plan: v.plan as string,
        location: v.location as string,
        image: v.image as string,
        notes: (v.notes as string | undefined) ?? '',
        sshKey: v['ssh-key'] as string | undefined,
        reservedPlan: v['reserved-plan'] as string | undefined,
        support: v.support as 'basic' | 'global' | undefined,
        group: v.group as string | undefined,
        userCustomize: v.script as number | undefined,
        spot: v.spot === true ? true : undefined,
      });
      return {
        output: record(created, CREATED_COLUMNS),
        actionId: created.actionId,
        after: async () => {
          const now = { ...created, server: await client.servers.get(created.server.name) };
          return record(now, CREATED_COLUMNS);
        },
      };
    },
  },
  {
    resource: 'servers',
    name: 'update',
    summary: "change a server's notes or group",
    params: [serverArg(), opt('notes', 'the name people see', { meta: 'TEXT' }), opt('group', "a group name (eg1…), or 'nogroup' to leave its group", { meta: 'GROUP' })],
    write: { method: 'PUT', path: '/ecs/v2/servers/{server}', body: { note: { from: 'notes' }, group: { from: 'group' } } },
    check: (v) => (v.notes === undefined && v.group === undefined ? 'say what to change: --notes and/or --group' : null),
    run: async ({ client }, v) => {
      const group = v.group === undefined ? undefined : v.group === 'nogroup' ? null : (v.group as string);
      await client.servers.update(server(v), { notes: v.notes as string | undefined, group });
      return { output: record(await client.servers.get(server(v)), SERVER_RECORD) };
    },
  },
  {
    resource: 'servers',
    name: 'delete',
    summary: 'delete a server and its disks (starts a delete_server action)',
    params: [serverArg()],
    destructive: true,
    startsAction: true,
    write: { method: 'DELETE', path: '/ecs/v2/servers/{server}' },
    run: async ({ client }, v) => actionResult(await client.servers.remove(server(v))),
  },
  ...(['on', 'off'] as const).map(
    (state): Verb => ({
      resource: 'servers',
      name: `power-${state}`,
      summary: state === 'on' ? 'start a server' : 'stop a server (as pulling the plug)',
      params: [serverArg()],
      destructive: state === 'off',
      startsAction: true,
      write: { method: 'POST', path: '/ecs/v2/servers/{server}/actions', body: { type: { const: `power_${state}` } } },
      run: async ({ client }, v) => actionResult(await (state === 'on' ? client.servers.powerOn(server(v)) : client.servers.powerOff(server(v)))),
    }),
  ),
  {
    resource: 'servers',
    name: 'status',
    summary: "a server's power state",
    params: [serverArg()],
    run: async ({ client }, v) => {
      const p = await client.servers.status(server(v));
      return { output: record(p, [col<typeof p>('NAME', (x) => x.name), col<typeof p>('STATE', (x) => x.state)]) };
    },
  },
  {
    resource: 'servers',
    name: 'console',
    summary: "a key for the server's web console (printed once, on stdout)",
    params: [serverArg()],
    writes: true,
    write: { method: 'POST', path: '/ecs/v2/servers/{server}/actions', body: { type: { const: 'console' } } },
    run: async ({ client }, v) => {
      const access = await client.servers.console(server(v));
      return { output: { kind: 'text', text: `${access.consoleKey}\n` } };
    },
  },
  {
    resource: 'servers',
    name: 'rollback',
    summary: 'restore a server from one of its snapshots (starts a rollback action)',
    params: [serverArg(), num('snapshot', 'the snapshot id (ecsdeck snapshots list SERVER)', { positional: true, required: true, meta: 'SNAPSHOT' })],
    destructive: true,
    startsAction: true,
    write: { method: 'POST', path: '/ecs/v2/servers/{server}/actions', body: { type: { const: 'rollback' }, snapshot: { from: 'snapshot' } } },
    run: async ({ client }, v) => actionResult(await client.servers.rollback(server(v), v.snapshot as number)),
  },
  {
    resource: 'servers',
    name: 'snapshot',
    summary: 'take a snapshot of a server (starts a create_snapshot action)',
    params: [serverArg(), opt('description', 'what the snapshot is', { required: true, meta: 'TEXT' }), opt('notes', 'more words about it', { default: '', meta: 'TEXT' })],
    startsAction: true,
    write: { method: 'POST', path: '/ecs/v2/servers/{server}/snapshots', body: { description: { from: 'description' }, notes: { from: 'notes' } } },
    run: async ({ client }, v) => {
      const change = await client.snapshots.create(server(v), { description: v.description as string, notes: v.notes as string | undefined });
      return actionResult(change.action);
    },
  },
  {
    resource: 'servers',
    name: 'template',
    summary: 'make a template from a server (starts a create_template action)',
    params: [serverArg(), opt('description', "the template's name", { required: true, meta: 'TEXT' })],
    startsAction: true,
    write: { method: 'POST', path: '/ecs/v2/templates', body: { description: { from: 'description' }, server: { from: 'server' } } },
    run: async ({ client }, v) => {
      const made = await client.templates.create({ description: v.description as string, server: server(v) });
      return { output: record(made, [col<typeof made>('TEMPLATE', (m) => m.template.name), col<typeof made>('ACTION', (m) => String(m.actionId))]), actionId: made.actionId };
    },
  },
  {
    resource: 'servers',
    name: 'reserve',
    summary: 'reserve a server for a period, at a discount',
    params: [serverArg(), arg('period', 'M<months>P<plan> (e.g. M12PECS1)', { meta: 'FORMULA' })],
    destructive: true,
    write: { method: 'POST', path: '/api/v2/servers/{server}/reserved', body: { reserved_plan: { from: 'period' } } },
    run: async ({ client }, v) => ({ output: record(await client.servers.addReserved(server(v), v.period as string), RESERVED_COLUMNS) }),
  },
  {
    resource: 'servers',
    name: 'support',
    summary: "set a server's support plan",
    params: [serverArg(), arg('plan', 'basic or global', { choices: ['basic', 'global'], meta: 'PLAN' })],
    write: { method: 'POST', path: '/ecs/v2/servers/{server}/support', body: { code: { from: 'plan' } } },
    run: async ({ client }, v) => ({ output: record(await client.servers.setSupport(server(v), v.plan as 'basic' | 'global'), SUPPORT_COLUMNS) }),
  },
  {
    resource: 'servers',
    name: 'support-remove',
    summary: "end a server's support plan",
    params: [serverArg()],
    destructive: true,
    write: { method: 'DELETE', path: '/ecs/v2/servers/{server}/support' },
    run: async ({ client }, v) => {
      await client.servers.removeSupport(server(v));
      return done(`support removed from ${server(v)}`);
    },
  },
  {
    resource: 'servers',
    name: 'spot',
    summary: "a spot server's status",
    params: [serverArg()],
    run: async ({ client }, v) => ({ output: record(await client.servers.spotStatus(server(v)), SPOT_COLUMNS) }),
  },
  {
    resource: 'servers',
    name: 'promote',
    summary: 'turn a spot server into an on-demand one (no way back)',
    params: [serverArg()],
    destructive: true,
    write: { method: 'PUT', path: '/api/v2/servers/{server}/spot-status', body: { status: { const: 'promoted' } } },
    run: async ({ client }, v) => ({ output: record(await client.servers.promoteSpot(server(v)), SPOT_COLUMNS) }),
  },
  {
    resource: 'servers',
    name: 'isolations',
    summary: 'the servers a server is kept apart from',
    params: [serverArg()],
    run: async ({ client }, v) => ({ output: rows(await client.servers.isolations(server(v)), ISOLATION_COLUMNS) }),
  },
  {
    resource: 'servers',
    name: 'metrics',
    summary: "a server's CPU, disk and network figures",
    params: [serverArg(), opt('start', 'from (ISO date and time)', { meta: 'TIME' }), opt('end', 'until (ISO date and time)', { meta: 'TIME' })],
    run: async ({ client }, v) => {
      const m = await client.servers.metrics(server(v), { start: v.start as string | undefined, end: v.end as string | undefined });
      return { output: rows(metricRows(m), METRIC_COLUMNS, m) };
    },
  },
];

export const servers: Resource = { name: 'servers', summary: 'servers: create, power, delete, restore, reserve, support', verbs };
