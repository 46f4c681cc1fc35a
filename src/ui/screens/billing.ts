// `:billing`: what this month's servers cost so far (the month picker and the other reports are issue #7's).
import type { ServerUsage } from '../../api/index.js';
import type { Column } from '../components/Table.js';
import { formatDate, money, statusWord } from '../format.js';
import { defineResource, field } from '../resource/spec.js';
import { statusRole } from '../theme.js';
import { amount, groupLabel, status } from './columns.js';

export interface UsageRow extends ServerUsage {
  groupName: string;
}

const thisMonth = (now = new Date()) => ({ year: now.getUTCFullYear(), month: now.getUTCMonth() + 1 });
const monthName = ({ year, month }: { year: number; month: number }) => `${year}-${String(month).padStart(2, '0')}`;

export const USAGE_COLUMNS: readonly Column<UsageRow>[] = [
  { key: 'name', header: 'SERVER', width: 10, identity: true },
  { key: 'notes', header: 'NOTES', minWidth: 10, width: 16, maxWidth: 30, flex: 1, priority: 1 },
  { key: 'plan', header: 'PLAN', fit: true, maxWidth: 10 },
  { key: 'groupName', header: 'GROUP', fit: true, maxWidth: 16, priority: 3 },
  status<UsageRow>('status'),
  { key: 'billedHours', header: 'HOURS', width: 7, align: 'right' },
  amount<UsageRow>('cost', 'COST'),
];

export default defineResource<UsageRow>({
  name: 'billing',
  aliases: ['bill', 'usage', 'cost'],
  title: () => `Billing · servers, ${monthName(thisMonth())}`,
  singular: 'Usage record',
  rowKey: (u) => u.name,
  label: (u) => u.name,
  columns: USAGE_COLUMNS,
  defaultSort: { column: 'cost', descending: true },
  load: async ({ client }, signal) => {
    const { year, month } = thisMonth();
    const [usage, groups] = await Promise.all([client.billing.servers(year, month, 'json', { signal }), client.groups.list({ signal }).catch(() => [])]);
    return usage.map((u) => ({ ...u, groupName: groupLabel(u.group, groups) }));
  },
  note: (rows) => `total ${money(rows.reduce((s, r) => s + (Number.isFinite(r.cost) ? r.cost : 0), 0))}`,
  empty: 'nothing billed this month yet',
  record: (u) => [
    { fields: [field('Server', u.name), field('Notes', u.notes), field('Plan', u.plan), field('Group', u.groupName), field('Status', statusWord(u.status), statusRole(u.status))] },
    { title: 'Time (UTC)', fields: [field('Created', formatDate(u.createdAt)), field('Deleted', formatDate(u.deletedAt)), field('Billed hours', u.billedHours)] },
    {
      title: 'Cost',
      fields: [
        field('Total', money(u.cost)),
        ...(u.summary
          ? [
              field('Online', `${u.summary.onlineHour} h · ${money(u.summary.onlinePrice)}`),
              field('Offline', `${u.summary.offlineHour} h · ${money(u.summary.offlinePrice)}`),
              field('Offline discount', money(u.summary.offlineReduction)),
              field('Before discounts', money(u.summary.originalCost)),
            ]
          : []),
      ],
    },
  ],
});
