// `:plans`: the catalog of server sizes and their prices, with the spot discount; `a` shows where each plan
// can be had (the availability matrix, plans × regions); `c` opens the create-server wizard with the plan
// chosen, from either view.
import type { Client, Plan, PlanAvailability } from '../../api/index.js';
import type { Column } from '../components/Table.js';
import { gigabytes, megabytes, money, rate, yesNo } from '../format.js';
import { char } from '../keymap.js';
import { defineResource, field, type KeySpec } from '../resource/spec.js';
import { amount, hourly } from './columns.js';
import { wizardDialog } from './server-dialogs.js';

const gpuText = (p: Pick<Plan, 'gpu' | 'gpuLabel'>): string => (p.gpu > 0 ? `${p.gpu}× ${p.gpuLabel ?? 'GPU'}` : '—');
const pct = (fraction: number | null): string => (fraction === null || fraction <= 0 ? '—' : `−${Math.round(fraction * 100)}%`);
const same = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

interface PlanRow extends Plan {
  /** the spot discount (fraction), null when the plan has none */
  spotDiscount: number | null;
}

async function loadPlans(client: Client, signal: AbortSignal): Promise<PlanRow[]> {
  const [plans, spot] = await Promise.all([client.catalog.plans({ signal }), client.catalog.spotPlans({ signal }).catch(() => [])]);
  return plans.map((p) => {
    const s = spot.find((x) => same(x.plan.name, p.name));
    return { ...p, spotDiscount: s && s.discount > 0 ? s.discount : null };
  });
}

/** `c`: the create-server wizard, the plan chosen (a plan not available now leaves the plan list open on it). */
function serverKey<T extends { name: string; available: boolean }>(): KeySpec<T> {
  return {
    id: 'plans.server',
    keys: ['c'],
    match: char('c'),
    description: 'a new server with the selected plan (the create wizard, the plan chosen)',
    hint: 'new server',
    rank: 20,
    write: true,
    refuse: (p) => (p.available ? null : `${p.name} is not available now`),
    run: (p, ctx) => ctx.open({ kind: 'custom', custom: wizardDialog(ctx, { plan: p.name }) }),
  };
}

const PLAN_COLUMNS: readonly Column<PlanRow>[] = [
  { key: 'name', header: 'NAME', fit: true, minWidth: 6, maxWidth: 12, identity: true },
  { key: 'cpu', header: 'vCPU', width: 4, align: 'right' },
  { key: 'ram', header: 'RAM', width: 7, align: 'right', render: (p) => megabytes(p.ram) },
  { key: 'disk', header: 'DISK', width: 7, align: 'right', render: (p) => gigabytes(p.disk), priority: 1 },
  { key: 'gpu', header: 'GPU', fit: true, maxWidth: 16, render: gpuText, sortValue: (p) => p.gpu, priority: 1 },
  hourly<PlanRow>('hourlyPrice', 'PER HOUR', 0),
  amount<PlanRow>('monthlyPrice', 'PER MONTH', 2),
  { key: 'spotDiscount', header: 'SPOT', width: 5, align: 'right', render: (p) => pct(p.spotDiscount), sortValue: (p) => p.spotDiscount ?? 0, priority: 2 },
  { key: 'hostType', header: 'FAMILY', fit: true, maxWidth: 10, priority: 4 },
  { key: 'windows', header: 'WINDOWS', width: 7, render: (p) => yesNo(p.windows), priority: 4 },
  { key: 'regions', header: 'REGIONS', minWidth: 8, flex: 1, render: (p) => p.regions.map((r) => r.location).join(' '), sortValue: (p) => p.regions.length, priority: 3 },
];

export default defineResource<PlanRow>({
  name: 'plans',
  aliases: ['pl', 'plan', 'catalog'],
  title: 'Plans',
  singular: 'Plan',
  rowKey: (p) => p.name,
  label: (p) => p.name,
  columns: PLAN_COLUMNS,
  defaultSort: { column: 'hourlyPrice', descending: false },
  load: ({ client }, signal) => loadPlans(client, signal),
  keys: [
    serverKey<PlanRow>(),
    {
      id: 'plans.matrix',
      keys: ['a'],
      match: char('a'),
      description: 'where each plan can be had: the availability matrix, plans × regions',
      hint: 'availability',
      rank: 30,
      noRow: true,
      run: (_p, ctx) => ctx.nav.push('availability', {}, 'Availability'),
    },
  ],
  record: (p) => [
    { fields: [field('Name', p.name), field('ID', p.id), field('Family', p.hostType), field('Windows', yesNo(p.windows)), field('Available', yesNo(p.available))] },
    { title: 'Size', fields: [field('vCPU', p.cpu), field('RAM', megabytes(p.ram)), field('Disk', gigabytes(p.disk)), field('GPU', gpuText(p))] },
    { title: 'Price', fields: [field('Per hour', rate(p.hourlyPrice)), field('Per month', money(p.monthlyPrice)), field('Spot discount', pct(p.spotDiscount))] },
    { title: 'Regions', fields: p.regions.map((r) => field(r.location, r.description)) },
  ],
});

// --- the availability matrix ----------------------------------------------------------------------------------

interface MatrixRow extends PlanRow {
  /** per location (lower case): what the service says of the plan there (a plain record: a reload that
   * changed a cell must not look the same as the last one, and the list compares records, not Maps) */
  cells: Readonly<Record<string, PlanAvailability>>;
  /** every location of the matrix, in order */
  locations: readonly string[];
}

/**
 * One cell: `✓` can be created now, `✗` cannot (sold out), `?` the service does not say, `·` not offered
 * there; then the spot price there: `spot −30%`, or `spot full` when the plan has a discount but no spot
 * capacity there.
 */
function matrixCell(row: Pick<MatrixRow, 'cells' | 'regions'>, location: string): string {
  const a = row.cells[location.toLowerCase()];
  if (!a) return row.regions.some((r) => same(r.location, location)) ? '?' : '·';
  const here = a.available === true ? '✓' : a.available === false ? '✗' : '?';
  if (a.spotDiscount === null || a.spotDiscount <= 0) return here;
  return `${here} spot ${a.spotAvailable ? pct(a.spotDiscount) : 'full'}`;
}

async function loadMatrix(client: Client, signal: AbortSignal): Promise<MatrixRow[]> {
  const [plans, availability, regions] = await Promise.all([loadPlans(client, signal), client.catalog.availability({ signal }), client.catalog.regions({ signal })]);
  const locations = regions.map((r) => r.location);
  for (const a of availability) if (!locations.some((l) => same(l, a.location))) locations.push(a.location);
  return plans.map((p) => ({
    ...p,
    cells: Object.fromEntries(availability.filter((a) => same(a.plan, p.name)).map((a) => [a.location.toLowerCase(), a])),
    locations,
  }));
}

const MATRIX_HEAD: readonly Column<MatrixRow>[] = [
  { key: 'name', header: 'PLAN', fit: true, minWidth: 6, maxWidth: 12, identity: true },
  hourly<MatrixRow>('hourlyPrice', 'PER HOUR', 3),
];

// the columns change only when the set of locations does
let lastColumns: { key: string; columns: readonly Column<MatrixRow>[] } | null = null;
function matrixColumns(rows: readonly MatrixRow[]): readonly Column<MatrixRow>[] {
  const locations = rows[0]?.locations ?? [];
  const key = locations.join(' ');
  if (lastColumns?.key === key) return lastColumns.columns;
  const columns: Column<MatrixRow>[] = [
    ...MATRIX_HEAD,
    ...locations.map(
      (l, i): Column<MatrixRow> => ({
        key: `at:${l}`,
        header: l.toUpperCase(),
        fit: true,
        minWidth: Math.max(4, l.length),
        maxWidth: 14,
        render: (r) => matrixCell(r, l),
        // ✓ first, then ? and ✗, then not offered
        sortValue: (r) => ['✓', '?', '✗', '·'].indexOf(matrixCell(r, l).charAt(0)),
        color: (r) => (matrixCell(r, l).startsWith('✓') ? 'ok' : matrixCell(r, l).startsWith('✗') ? 'error' : 'dim'),
        // the regions past the first few give way on a narrow terminal, the last first
        priority: i < 3 ? 0 : 1 + Math.min(4, i - 2),
      }),
    ),
  ];
  lastColumns = { key, columns };
  return columns;
}

export const availability = defineResource<MatrixRow>({
  name: 'availability',
  aliases: ['avail', 'matrix', 'where'],
  title: 'Availability',
  // short, so the title keeps its room at 80 columns; `·` (not offered there) is in the record and help
  note: () => '✓ now  ✗ sold out',
  singular: 'Plan',
  rowKey: (p) => p.name,
  label: (p) => p.name,
  columns: MATRIX_HEAD,
  columnsFor: matrixColumns,
  defaultSort: { column: 'hourlyPrice', descending: false },
  load: ({ client }, signal) => loadMatrix(client, signal),
  live: true,
  keys: [serverKey<MatrixRow>()],
  record: (p) => [
    { fields: [field('Plan', p.name), field('Per hour', rate(p.hourlyPrice)), field('Spot discount', pct(p.spotDiscount))] },
    {
      title: 'Where (now)',
      fields: p.locations.map((l) => {
        const a = p.cells[l.toLowerCase()];
        const free = typeof a?.extra['free_hosts'] === 'number' ? ` · ${a.extra['free_hosts']} hosts free` : '';
        return field(l, `${matrixCell(p, l)}${free}`);
      }),
    },
  ],
});
