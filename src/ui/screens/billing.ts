// `:billing`: the month's three usage reports (servers, templates, snapshots), one tab each; `[` `]` change
// the month, Tab the report, `x` writes the report shown as the service's own CSV to a file here.
import { constants as fsc } from 'node:fs';
import { join } from 'node:path';
import type { Client, ServerUsage, SnapshotUsageRow, TemplateUsage } from '../../api/index.js';
import type { Column } from '../components/Table.js';
import { monthAfter } from '../../rules/costs.js';
import { formatDate, gigabytes, money, monthName, rate, snapshotName, statusWord } from '../format.js';
import { errorText } from '../hooks/useResource.js';
import { char } from '../keymap.js';
import { defineResource, defineTabs, field, type Ctx, type KeySpec, type RecordField } from '../resource/spec.js';
import { statusRole } from '../theme.js';
import { amount, date, groupLabel, size, status } from './columns.js';

type Report = 'servers' | 'templates' | 'snapshots';
type MonthParams = { year?: string; month?: string };

interface UsageRow extends ServerUsage {
  groupName: string;
}

const monthOf = (p: MonthParams): { year: number; month: number } => ({ year: Number(p.year), month: Number(p.month) });
/** `2026-11`, as the file names and titles write a month. */
const monthText = (p: MonthParams): string => `${p.year}-${String(p.month).padStart(2, '0')}`;

/** The month `by` months after `p` (before, when negative). */
export function stepMonth(p: MonthParams, by: number): MonthParams {
  const { year, month } = monthAfter(monthOf(p), by);
  return { year: String(year), month: String(month) };
}

const sum = <T>(rows: readonly T[], of: (r: T) => number): number => rows.reduce((s, r) => s + (Number.isFinite(of(r)) ? of(r) : 0), 0);
const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

// --- the CSV export ------------------------------------------------------------------------------------------

/** `ecsdeck-servers-2026-11.csv` (tui.md). */
function csvName(report: Report, p: MonthParams): string {
  return `ecsdeck-${report}-${monthText(p)}.csv`;
}

/**
 * Writes `text` to `dir/name`, never over a file that is there: then `-2`, `-3`... before the extension,
 * created exclusively, so two exports at once cannot both take one name. Returns the path written.
 */
export async function writeNewFile(dir: string, name: string, text: string): Promise<string> {
  const dot = name.lastIndexOf('.');
  const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  for (let n = 1; n <= 999; n++) {
    const path = join(dir, n === 1 ? name : `${stem}-${n}${ext}`);
    let handle;
    try {
      // node:fs/promises when a report is written, not at every start (1 to 2 ms of it on Node 22)
      handle = await process.getBuiltinModule('node:fs/promises').open(path, fsc.O_WRONLY | fsc.O_CREAT | fsc.O_EXCL, 0o644);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EEXIST') continue;
      throw err;
    }
    try {
      await handle.writeFile(text, 'utf8');
    } finally {
      await handle.close();
    }
    return path;
  }
  throw new Error(`${name} and 998 numbered copies of it already exist in ${dir}: nothing was written`);
}

function fetchCsv(client: Client, report: Report, p: MonthParams): Promise<string> {
  const { year, month } = monthOf(p);
  return report === 'servers' ? client.billing.servers(year, month, 'csv') : report === 'templates' ? client.billing.templates(year, month, 'csv') : client.billing.snapshots(year, month, 'csv');
}

/** The report's CSV as the service writes it, in a new file in `dir`; what the status line says. */
async function exportReport(client: Client, report: Report, p: MonthParams, dir = process.cwd()): Promise<string> {
  const csv = await fetchCsv(client, report, p);
  const name = csvName(report, p);
  const path = await writeNewFile(dir, name, csv);
  const kept = path.endsWith(`/${name}`) ? '' : ` (${name} was already there and is kept)`;
  return `The ${report} report of ${monthText(p)} is in ${path}${kept}.`;
}

/** `x`: not a change on the service, so it works in read-only mode too. */
function exportKey<T>(report: Report): KeySpec<T> {
  return {
    id: 'billing.export',
    keys: ['x'],
    match: char('x'),
    description: `write this report as the service's CSV to ecsdeck-${report}-YYYY-MM.csv in the current directory (a new name if that file exists)`,
    hint: 'export csv',
    rank: 23,
    noRow: true,
    run: (_row, ctx) => {
      const p = ctx.params as MonthParams;
      ctx.nav.report('info', `Writing the ${report} report of ${monthText(p)}…`, 'billing.export');
      exportReport(ctx.client, report, p).then(
        (message) => ctx.nav.report('info', message, 'billing.export'),
        (err: unknown) => ctx.nav.report('error', errorText(err), 'billing.export'),
      );
    },
  };
}

// --- the three reports ----------------------------------------------------------------------------------------

const USAGE_COLUMNS: readonly Column<UsageRow>[] = [
  { key: 'name', header: 'SERVER', width: 10, identity: true },
  { key: 'notes', header: 'NOTES', minWidth: 10, width: 16, maxWidth: 30, flex: 1, priority: 1 },
  { key: 'plan', header: 'PLAN', fit: true, maxWidth: 10 },
  { key: 'groupName', header: 'GROUP', fit: true, maxWidth: 16, priority: 3 },
  status<UsageRow>('status'),
  { key: 'billedHours', header: 'HOURS', width: 7, align: 'right' },
  amount<UsageRow>('cost', 'COST'),
];

const perHour = (price: number, hours: number): string => (hours > 0 ? ` (${rate(price / hours)}/h)` : '');

const serversReport = defineResource<UsageRow, MonthParams>({
  name: 'billing-servers',
  title: (p) => `Servers, ${monthText(p)}`,
  singular: 'Server usage',
  rowKey: (u) => u.name,
  label: (u) => u.name,
  columns: USAGE_COLUMNS,
  defaultSort: { column: 'cost', descending: true },
  cacheKey: (p) => `billing:servers:${monthText(p)}`,
  load: async ({ client, params }, signal) => {
    const { year, month } = monthOf(params);
    const [usage, groups] = await Promise.all([client.billing.servers(year, month, 'json', { signal }), client.groups.list({ signal }).catch(() => [])]);
    return usage.map((u) => ({ ...u, groupName: groupLabel(u.group, groups) }));
  },
  note: (rows) => `${plural(rows.length, 'server')} · total ${money(sum(rows, (r) => r.cost))}`,
  empty: 'no server was billed this month',
  keys: [exportKey<UsageRow>('servers')],
  record: (u) => [
    { fields: [field('Server', u.name), field('Notes', u.notes), field('Plan', u.plan), field('Group', u.groupName), field('Status', statusWord(u.status), statusRole(u.status))] },
    { title: 'Time (UTC)', fields: [field('Created', formatDate(u.createdAt)), field('Deleted', formatDate(u.deletedAt)), field('Billed hours', `${u.billedHours} h`)] },
    {
      title: 'Cost',
      fields: [
        field('Total', money(u.cost)),
        ...(u.summary
          ? [
              field('Online', `${u.summary.onlineHour} h · ${money(u.summary.onlinePrice)}${perHour(u.summary.onlinePrice, u.summary.onlineHour)}`),
              field('Offline', `${u.summary.offlineHour} h · ${money(u.summary.offlinePrice)}${perHour(u.summary.offlinePrice, u.summary.offlineHour)}`),
              field('Offline discount', money(u.summary.offlineReduction)),
              ...u.summary.reservedDiscounts.map(
                (r): RecordField =>
                  field(
                    `Reserved ${r.reservedPlan}`,
                    `${r.reservedHour} h · ${money(r.reservedPrice)} · ${r.reservedDiscount}% off: ${money(r.reservedReduction)} (${formatDate(r.reservedStartDate)} → ${formatDate(r.reservedEndDate)})`,
                  ),
              ),
              field('Before discounts', money(u.summary.originalCost)),
            ]
          : []),
      ],
    },
  ],
});

const TEMPLATE_USAGE_COLUMNS: readonly Column<TemplateUsage>[] = [
  { key: 'name', header: 'TEMPLATE', width: 10, identity: true },
  { key: 'notes', header: 'NOTES', minWidth: 10, width: 16, flex: 1, priority: 1 },
  status<TemplateUsage>('status'),
  size<TemplateUsage>('sizeOnDisk', 'SIZE', 2),
  { key: 'hours', header: 'HOURS', width: 7, align: 'right' },
  amount<TemplateUsage>('cost', 'COST'),
  date<TemplateUsage>('createdAt', 'CREATED', 4),
];

const templatesReport = defineResource<TemplateUsage, MonthParams>({
  name: 'billing-templates',
  title: (p) => `Templates, ${monthText(p)}`,
  singular: 'Template usage',
  rowKey: (t) => t.name,
  label: (t) => t.name,
  columns: TEMPLATE_USAGE_COLUMNS,
  defaultSort: { column: 'cost', descending: true },
  cacheKey: (p) => `billing:templates:${monthText(p)}`,
  load: ({ client, params }, signal) => {
    const { year, month } = monthOf(params);
    return client.billing.templates(year, month, 'json', { signal });
  },
  note: (rows) => `${plural(rows.length, 'template')} · total ${money(sum(rows, (r) => r.cost))}`,
  empty: 'no template was billed this month',
  keys: [exportKey<TemplateUsage>('templates')],
  record: (t) => [
    { fields: [field('Template', t.name), field('Notes', t.notes), field('Status', statusWord(t.status), statusRole(t.status)), field('Size on disk', t.sizeOnDisk === null ? null : gigabytes(t.sizeOnDisk))] },
    { title: 'Time (UTC)', fields: [field('Created', formatDate(t.createdAt)), field('Deleted', formatDate(t.deletedAt)), field('Billed hours', `${t.hours} h`)] },
    { title: 'Cost', fields: [field('Total', money(t.cost)), field('Per hour', t.hours > 0 ? rate(t.cost / t.hours) : null)] },
  ],
});

const SNAPSHOT_USAGE_COLUMNS: readonly Column<SnapshotUsageRow>[] = [
  { key: 'snapshot', header: 'ID', width: 6, align: 'right', identity: true },
  { key: 'name', header: 'SNAPSHOT', fit: true, maxWidth: 22, priority: 2 },
  { key: 'description', header: 'DESCRIPTION', minWidth: 10, width: 16, flex: 1, priority: 1 },
  status<SnapshotUsageRow>('status', 'STATUS', (s) => s.statusLabel || s.status),
  size<SnapshotUsageRow>('sizeOnDisk', 'SIZE', 2),
  { key: 'hours', header: 'HOURS', width: 7, align: 'right' },
  amount<SnapshotUsageRow>('cost', 'COST'),
];

const snapshotsReport = defineResource<SnapshotUsageRow, MonthParams>({
  name: 'billing-snapshots',
  title: (p) => `Snapshots, ${monthText(p)}`,
  singular: 'Snapshot usage',
  rowKey: (s) => String(s.snapshot),
  label: (s) => snapshotName(s.snapshot, s.description),
  columns: SNAPSHOT_USAGE_COLUMNS,
  defaultSort: { column: 'cost', descending: true },
  cacheKey: (p) => `billing:snapshots:${monthText(p)}`,
  load: async ({ client, params }, signal) => {
    const { year, month } = monthOf(params);
    return (await client.billing.snapshots(year, month, 'json', { signal })).snapshots;
  },
  note: (rows) => `${plural(rows.length, 'snapshot')} · total ${money(sum(rows, (r) => r.cost))}`,
  empty: 'no snapshot was billed this month',
  keys: [exportKey<SnapshotUsageRow>('snapshots')],
  record: (s) => [
    {
      fields: [
        field('ID', s.snapshot),
        field('Name', s.name),
        field('Description', s.description),
        field('Status', statusWord(s.statusLabel || s.status), statusRole(s.statusLabel || s.status)),
        field('Size on disk', s.sizeOnDisk === null ? null : gigabytes(s.sizeOnDisk)),
      ],
    },
    { title: 'Time (UTC)', fields: [field('Created', formatDate(s.createdAt)), field('Deleted', formatDate(s.deletedAt)), field('Billed hours', `${s.hours} h`)] },
    { title: 'Cost', fields: [field('Total', money(s.cost)), field('Per hour', s.hours > 0 ? rate(s.cost / s.hours) : null)] },
  ],
});

/** This month by the service's clock (its Date header), which the emulator may run ahead or stop. */
function thisMonth(ctx: Ctx): MonthParams {
  const now = ctx.client.serviceNow();
  return { year: String(now.getUTCFullYear()), month: String(now.getUTCMonth() + 1) };
}

export default defineTabs<MonthParams>({
  name: 'billing',
  aliases: ['bill', 'usage', 'cost'],
  title: 'Billing',
  tabs: [
    { id: 'servers', title: 'Servers', spec: serversReport },
    { id: 'templates', title: 'Templates', spec: templatesReport },
    { id: 'snapshots', title: 'Snapshots', spec: snapshotsReport },
  ],
  initial: thisMonth,
  describe: (p) => `[ ◂ ${monthName(p.year, p.month)} ▸ ]`,
  steps: [
    { id: 'billing.prevMonth', keys: ['['], match: char('['), description: 'the month before', hint: 'month', rank: 26, apply: (p) => stepMonth(p, -1) },
    // a month still to come is asked for too: the service says why it has no report
    { id: 'billing.nextMonth', keys: [']'], match: char(']'), description: 'the month after', rank: 26, apply: (p) => stepMonth(p, 1) },
  ],
});
