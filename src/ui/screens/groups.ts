// `:groups`: server groups, with how many servers are in each.
import type { Group } from '../../api/index.js';
import type { Column } from '../components/Table.js';
import { yesNo } from '../format.js';
import { defineResource, field } from '../resource/spec.js';

export interface GroupRow extends Group {
  servers: string[];
}

export const GROUP_COLUMNS: readonly Column<GroupRow>[] = [
  { key: 'name', header: 'GROUP', fit: true, minWidth: 8, maxWidth: 14, identity: true },
  { key: 'notes', header: 'LABEL', minWidth: 10, width: 20, flex: 1 },
  { key: 'count', header: 'SERVERS', width: 7, align: 'right', render: (g) => String(g.servers.length), sortValue: (g) => g.servers.length },
  { key: 'serverNames', header: 'MEMBERS', minWidth: 10, flex: 2, render: (g) => g.servers.join(' '), priority: 2 },
  { key: 'enabled', header: 'ENABLED', width: 7, render: (g) => yesNo(g.enabled), priority: 3 },
];

export default defineResource<GroupRow>({
  name: 'groups',
  aliases: ['grp', 'group'],
  title: 'Groups',
  singular: 'Group',
  rowKey: (g) => g.name,
  label: (g) => (g.notes ? `${g.notes} (${g.name})` : g.name),
  columns: GROUP_COLUMNS,
  defaultSort: { column: 'name', descending: false },
  load: async ({ client }, signal) => {
    const [groups, servers] = await Promise.all([client.groups.list({ signal }), client.servers.list({ signal })]);
    return groups.map((g) => ({ ...g, servers: servers.filter((s) => s.group === g.name).map((s) => s.name) }));
  },
  empty: 'no groups',
  record: (g) => [
    { fields: [field('Group', g.name), field('ID', String(g.id)), field('Label', g.notes), field('Enabled', yesNo(g.enabled))] },
    { title: 'Servers', fields: g.servers.length > 0 ? g.servers.map((s) => field('Server', s)) : [field('Servers', 'none')] },
  ],
});
