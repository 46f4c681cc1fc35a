// `:plans`: the catalog of server sizes and their prices.
import type { Plan } from '../../api/index.js';
import type { Column } from '../components/Table.js';
import { gigabytes, megabytes, money, rate, yesNo } from '../format.js';
import { defineResource, field } from '../resource/spec.js';
import { amount, hourly } from './columns.js';

export const gpuText = (p: Pick<Plan, 'gpu' | 'gpuLabel'>): string => (p.gpu > 0 ? `${p.gpu}× ${p.gpuLabel ?? 'GPU'}` : '—');

export const PLAN_COLUMNS: readonly Column<Plan>[] = [
  { key: 'name', header: 'NAME', fit: true, minWidth: 6, maxWidth: 12, identity: true },
  { key: 'cpu', header: 'vCPU', width: 4, align: 'right' },
  { key: 'ram', header: 'RAM', width: 7, align: 'right', render: (p) => megabytes(p.ram) },
  { key: 'disk', header: 'DISK', width: 7, align: 'right', render: (p) => gigabytes(p.disk), priority: 1 },
  { key: 'gpu', header: 'GPU', fit: true, maxWidth: 16, render: gpuText, sortValue: (p) => p.gpu, priority: 1 },
  hourly<Plan>('hourlyPrice', 'PER HOUR', 0),
  amount<Plan>('monthlyPrice', 'PER MONTH', 2),
  { key: 'hostType', header: 'FAMILY', fit: true, maxWidth: 10, priority: 4 },
  { key: 'windows', header: 'WINDOWS', width: 7, render: (p) => yesNo(p.windows), priority: 4 },
  { key: 'regions', header: 'REGIONS', minWidth: 8, flex: 1, render: (p) => p.regions.map((r) => r.location).join(' '), sortValue: (p) => p.regions.length, priority: 3 },
];

export default defineResource<Plan>({
  name: 'plans',
  aliases: ['pl', 'plan', 'catalog'],
  title: 'Plans',
  singular: 'Plan',
  rowKey: (p) => p.name,
  label: (p) => p.name,
  columns: PLAN_COLUMNS,
  defaultSort: { column: 'hourlyPrice', descending: false },
  load: ({ client }, signal) => client.catalog.plans({ signal }),
  record: (p) => [
    { fields: [field('Name', p.name), field('ID', p.id), field('Family', p.hostType), field('Windows', yesNo(p.windows)), field('Available', yesNo(p.available))] },
    { title: 'Size', fields: [field('vCPU', p.cpu), field('RAM', megabytes(p.ram)), field('Disk', gigabytes(p.disk)), field('GPU', gpuText(p))] },
    { title: 'Price', fields: [field('Per hour', rate(p.hourlyPrice)), field('Per month', money(p.monthlyPrice))] },
    { title: 'Regions', fields: p.regions.map((r) => field(r.location, r.description)) },
  ],
});
