// `ecsdeck actions|plans|regions|images|availability|billing|events|account|tokens …`.
import type { Account, Client, ApiTokenInfo, Image, Plan, PlanAvailability, PodEvent, Region, ServerUsage, SnapshotUsageRow, TemplateUsage } from '../../api/index.js';
import { gigabytes, money, percent, rate } from '../../ui/format.js';
import { col, UsageError, type Column, type Output, type Resource, type Verb } from '../types.js';
import { ACTION_COLUMNS, arg, done, find, num, opt, record, rows, text, when, yes } from '../shapes.js';

const PLAN_COLUMNS: Column[] = [
  col<Plan>('NAME', (p) => p.name),
  col<Plan>('CPU', (p) => String(p.cpu), { right: true }),
  col<Plan>('RAM MB', (p) => String(p.ram), { right: true }),
  col<Plan>('DISK GB', (p) => String(p.disk), { right: true }),
  col<Plan>('GPU', (p) => (p.gpu > 0 ? `${p.gpu} ${p.gpuLabel ?? ''}`.trim() : '')),
  // the catalog's prices; a table writes them as the dashboard does, `€ 0.0190` and `€ 14.00`
  col<Plan>('HOURLY', (p) => String(p.hourlyPrice), { show: (p) => rate(p.hourlyPrice), right: true }),
  col<Plan>('MONTHLY', (p) => String(p.monthlyPrice), { show: (p) => money(p.monthlyPrice), right: true }),
  col<Plan>('AVAILABLE', (p) => yes(p.available)),
];
const REGION_COLUMNS: Column[] = [col<Region>('LOCATION', (r) => r.location), col<Region>('DESCRIPTION', (r) => r.description), col<Region>('ID', (r) => String(r.id))];
const IMAGE_COLUMNS: Column[] = [
  col<Image>('NAME', (i) => i.name),
  col<Image>('DESCRIPTION', (i) => i.description),
  col<Image>('OS', (i) => i.osBase),
  col<Image>('MIN DISK', (i) => text(i.requiredDisk), { show: (i) => (i.requiredDisk === null ? '' : gigabytes(i.requiredDisk)), right: true }),
];
const AVAILABILITY_COLUMNS: Column[] = [
  col<PlanAvailability>('PLAN', (a) => a.plan),
  col<PlanAvailability>('LOCATION', (a) => a.location),
  col<PlanAvailability>('AVAILABLE', (a) => (a.available === null ? '' : yes(a.available))),
  col<PlanAvailability>('SPOT', (a) => yes(a.spotAvailable)),
  // a fraction of the price (0.3 is 30 % off): it was written `0.3%`
  col<PlanAvailability>('SPOT DISCOUNT', (a) => text(a.spotDiscount), { show: (a) => (a.spotDiscount === null ? '' : percent(a.spotDiscount)), right: true }),
];
const EVENT_COLUMNS: Column[] = [
  col<PodEvent>('ID', (e) => String(e.id)),
  col<PodEvent>('DATE', (e) => when(e.date)),
  col<PodEvent>('TYPE', (e) => e.eventType),
  col<PodEvent>('POD', (e) => e.pod),
  col<PodEvent>('CLUSTER', (e) => e.cluster),
  col<PodEvent>('RUNTIME', (e) => e.runtimeClass),
];
const ACCOUNT_COLUMNS: Column[] = [
  col<Account>('USERNAME', (a) => a.username),
  col<Account>('EMAIL', (a) => a.email),
  col<Account>('RESERVED', (a) => yes(a.reservedAvailable)),
  col<Account>('OFFLINE DISCOUNT', (a) => yes(a.offlineAvailable)),
];
const TOKEN_COLUMNS: Column[] = [col<ApiTokenInfo>('ID', (t) => String(t.id)), col<ApiTokenInfo>('NOTES', (t) => t.notes), col<ApiTokenInfo>('CREATED', (t) => when(t.createdAt))];
const SERVER_USAGE: Column[] = [
  col<ServerUsage>('NAME', (u) => u.name),
  col<ServerUsage>('NOTES', (u) => u.notes),
  col<ServerUsage>('PLAN', (u) => u.plan),
  col<ServerUsage>('STATUS', (u) => u.status),
  col<ServerUsage>('HOURS', (u) => String(u.billedHours), { right: true }),
  col<ServerUsage>('COST', (u) => u.cost.toFixed(2), { show: (u) => money(u.cost), right: true }),
];
const TEMPLATE_USAGE: Column[] = [
  col<TemplateUsage>('NAME', (u) => u.name),
  col<TemplateUsage>('NOTES', (u) => u.notes),
  col<TemplateUsage>('STATUS', (u) => u.status),
  col<TemplateUsage>('HOURS', (u) => String(u.hours), { right: true }),
  col<TemplateUsage>('COST', (u) => u.cost.toFixed(2), { show: (u) => money(u.cost), right: true }),
];
const SNAPSHOT_USAGE: Column[] = [
  col<SnapshotUsageRow>('SNAPSHOT', (u) => String(u.snapshot)),
  col<SnapshotUsageRow>('NAME', (u) => u.name),
  col<SnapshotUsageRow>('DESCRIPTION', (u) => u.description),
  col<SnapshotUsageRow>('HOURS', (u) => String(u.hours), { right: true }),
  col<SnapshotUsageRow>('COST', (u) => u.cost.toFixed(2), { show: (u) => money(u.cost), right: true }),
];

const actionId = num('id', 'the action id', { positional: true, required: true, meta: 'ID' });

const actions: Verb[] = [
  {
    resource: 'actions',
    name: 'list',
    summary: 'the latest actions, newest first',
    params: [opt('resource', 'only those of this server (or snapshot id, server-network)', { complete: 'servers', meta: 'NAME' }), num('start', 'skip this many', { meta: 'N' }), num('length', 'this many (the service gives 50 by default)', { meta: 'N' })],
    run: async ({ client }, v) => {
      const page = await client.actions.list({ resource: v.resource as string | undefined, start: v.start as number | undefined, length: v.length as number | undefined });
      return { output: rows(page.actions, ACTION_COLUMNS) };
    },
  },
  { resource: 'actions', name: 'get', summary: 'one action', params: [actionId], run: async ({ client }, v) => ({ output: record(await client.actions.get(v.id as number), ACTION_COLUMNS) }) },
  {
    resource: 'actions',
    name: 'wait',
    summary: 'wait until an action has ended: exit 0 completed, 5 failed',
    params: [actionId],
    waits: true,
    run: async ({ client }, v) => {
      const action = await client.actions.get(v.id as number);
      return { output: record(action, ACTION_COLUMNS), actionId: action.id };
    },
  },
];

/** `YYYY-MM` as the report's year and month. */
function month(v: string): [number, number] {
  const m = /^(\d{4})-(\d{2})$/.exec(v);
  if (!m || Number(m[2]) < 1 || Number(m[2]) > 12) throw new UsageError(`--month is YYYY-MM, e.g. 2026-10 (got '${v}')`);
  return [Number(m[1]), Number(m[2])];
}

const billing: Verb[] = (['servers', 'templates', 'snapshots'] as const).map(
  (kind): Verb => ({
    resource: 'billing',
    name: kind,
    summary: `the ${kind}' usage of a month; -o csv is the service's own report`,
    params: [opt('month', 'the month', { required: true, meta: 'YYYY-MM' })],
    run: async ({ client, format }, v) => {
      const [y, m] = month(v.month as string);
      return { output: await billingOutput(client, kind, y, m, format) };
    },
  }),
);

async function billingOutput(client: Client, kind: 'servers' | 'templates' | 'snapshots', y: number, m: number, format: string): Promise<Output> {
  // the service's own bytes, not a CSV made here from its records
  if (format === 'csv') return { kind: 'text', text: await client.billing[kind](y, m, 'csv') };
  if (kind === 'servers') return rows(await client.billing.servers(y, m), SERVER_USAGE);
  if (kind === 'templates') return rows(await client.billing.templates(y, m), TEMPLATE_USAGE);
  const usage = await client.billing.snapshots(y, m);
  return rows(usage.snapshots, SNAPSHOT_USAGE, usage);
}

const catalog: Resource[] = [
  {
    name: 'plans',
    summary: 'server plans and prices',
    verbs: [
      { resource: 'plans', name: 'list', summary: 'every plan', params: [], run: async ({ client }) => ({ output: rows(await client.catalog.plans(), PLAN_COLUMNS) }) },
      {
        resource: 'plans',
        name: 'get',
        summary: 'one plan',
        params: [arg('plan', 'its name, e.g. ECS1', { meta: 'PLAN' })],
        run: async ({ client }, v) => ({ output: record(find(await client.catalog.plans(), (p) => p.name.toLowerCase() === String(v.plan).toLowerCase(), `plan ${String(v.plan)}`), PLAN_COLUMNS) }),
      },
    ],
  },
  {
    name: 'regions',
    summary: 'where servers can be',
    verbs: [
      {
        resource: 'regions',
        name: 'list',
        summary: 'every region, or those where a plan can be created now',
        params: [opt('plan', 'only where this plan is available', { meta: 'PLAN' })],
        run: async ({ client }, v) => {
          const all = await client.catalog.regions();
          if (v.plan === undefined) return { output: rows(all, REGION_COLUMNS) };
          const names = new Set(await client.catalog.regionsFor(v.plan as string));
          return { output: rows(all.filter((r) => names.has(r.location)), REGION_COLUMNS) };
        },
      },
      {
        resource: 'regions',
        name: 'get',
        summary: 'one region',
        params: [arg('location', 'e.g. it-fr2', { meta: 'LOCATION' })],
        run: async ({ client }, v) => ({ output: record(find(await client.catalog.regions(), (r) => r.location === v.location, `region ${String(v.location)}`), REGION_COLUMNS) }),
      },
    ],
  },
  {
    name: 'images',
    summary: 'public images to create servers from',
    verbs: [
      { resource: 'images', name: 'list', summary: 'every public image', params: [], run: async ({ client }) => ({ output: rows(await client.catalog.images(), IMAGE_COLUMNS) }) },
      {
        resource: 'images',
        name: 'get',
        summary: 'one image',
        params: [arg('image', 'its name', { meta: 'IMAGE' })],
        run: async ({ client }, v) => ({ output: record(find(await client.catalog.images(), (i) => i.name === v.image, `image ${String(v.image)}`), IMAGE_COLUMNS) }),
      },
    ],
  },
  {
    name: 'availability',
    summary: 'which plan can be created where, spot discounts',
    verbs: [
      { resource: 'availability', name: 'list', summary: 'per plan and region', params: [], run: async ({ client }) => ({ output: rows(await client.catalog.availability(), AVAILABILITY_COLUMNS) }) },
      {
        resource: 'availability',
        name: 'get',
        summary: "one plan's regions",
        params: [arg('plan', 'its name', { meta: 'PLAN' })],
        run: async ({ client }, v) => ({ output: rows((await client.catalog.availability()).filter((a) => a.plan.toLowerCase() === String(v.plan).toLowerCase()), AVAILABILITY_COLUMNS) }),
      },
    ],
  },
];

const events: Verb[] = [
  {
    resource: 'events',
    name: 'list',
    summary: 'GPU pod events, newest first',
    params: [opt('search', 'only those matching', { meta: 'TEXT' }), num('offset', 'skip this many', { meta: 'N' }), num('length', 'this many', { meta: 'N' })],
    run: async ({ client }, v) => {
      const page = await client.events.list({ search: v.search as string | undefined, offset: v.offset as number | undefined, length: v.length as number | undefined });
      return { output: rows(page.items, EVENT_COLUMNS, page) };
    },
  },
  {
    resource: 'events',
    name: 'get',
    summary: 'one event',
    params: [num('id', 'its id', { positional: true, required: true, meta: 'ID' })],
    run: async ({ client }, v) => {
      const page = await client.events.list({ search: String(v.id) });
      return { output: record(find(page.items, (e) => e.id === v.id, `event ${String(v.id)}`), EVENT_COLUMNS) };
    },
  },
];

const tokenId = num('id', 'the token id', { positional: true, required: true, meta: 'ID' });
const tokens: Verb[] = [
  { resource: 'tokens', name: 'list', summary: 'the API tokens (their values are never shown again)', params: [], run: async ({ client }) => ({ output: rows(await client.account.tokens.list(), TOKEN_COLUMNS) }) },
  {
    resource: 'tokens',
    name: 'get',
    summary: 'one token (without its value)',
    params: [tokenId],
    run: async ({ client }, v) => ({ output: record(find(await client.account.tokens.list(), (t) => t.id === v.id, `token ${String(v.id)}`), TOKEN_COLUMNS) }),
  },
  {
    resource: 'tokens',
    name: 'create',
    summary: "make an API token: its value is printed once, on stdout, and never again",
    params: [opt('notes', 'its label', { required: true, meta: 'TEXT' })],
    write: { method: 'POST', path: '/ecs/v2/keys', body: { notes: { from: 'notes' } } },
    run: async ({ client }, v) => ({ output: { kind: 'text', text: `${(await client.account.tokens.create(v.notes as string)).token}\n` } }),
  },
  {
    resource: 'tokens',
    name: 'rename',
    summary: "change a token's label",
    params: [tokenId, arg('notes', 'the new label', { meta: 'TEXT' })],
    write: { method: 'PUT', path: '/ecs/v2/keys/{id}', body: { notes: { from: 'notes' } } },
    run: async ({ client }, v) => {
      await client.account.tokens.rename(v.id as number, v.notes as string);
      return done(`token ${String(v.id)} renamed`);
    },
  },
  {
    resource: 'tokens',
    name: 'revoke',
    summary: 'revoke a token: whatever uses it stops working',
    params: [tokenId],
    destructive: true,
    write: { method: 'DELETE', path: '/ecs/v2/keys/{id}' },
    run: async ({ client }, v) => {
      await client.account.tokens.revoke(v.id as number);
      return done(`token ${String(v.id)} revoked`);
    },
  },
];

const accountVerbs: Verb[] = [
  { resource: 'account', name: 'get', summary: 'who you are', params: [], run: async ({ client }) => ({ output: record(await client.account.get(), ACCOUNT_COLUMNS) }) },
  {
    resource: 'account',
    name: 'password',
    summary: 'change the password: the new one is read from stdin (its first line), never from the command line',
    params: [],
    // no WriteSpec: the request holds the password, so no command line can repeat it
    writes: true,
    destructive: true,
    run: async (ctx) => {
      const { client } = ctx;
      const password = (await ctx.readInput('-')).split(/\r?\n/)[0] ?? '';
      if (password === '') throw new UsageError('give the new password on stdin, e.g. ecsdeck account password --yes < file');
      await client.account.changePassword(password);
      return done('password changed');
    },
  },
];

export const accountResources: Resource[] = [
  { name: 'actions', summary: "the service's asynchronous operations", verbs: actions },
  ...catalog,
  { name: 'billing', summary: 'monthly usage reports', verbs: billing },
  { name: 'events', summary: 'GPU pod events', verbs: events },
  { name: 'account', summary: 'the account', verbs: accountVerbs },
  { name: 'tokens', summary: 'API tokens', verbs: tokens },
];
