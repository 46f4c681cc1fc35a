// `:groups`: server groups with the servers in each; `c` creates one (the service names it `eg1xxxxx`),
// `d` deletes an empty one after y/N. Moving a server between groups is `e` on the server.
import type { Group } from '../../api/index.js';
import type { Column } from '../components/Table.js';
import { yesNo } from '../format.js';
import { defineResource, field, type ConfirmSpec, type FormSpec } from '../resource/spec.js';

interface GroupRow extends Group {
  servers: string[];
}

const GROUP_COLUMNS: readonly Column<GroupRow>[] = [
  { key: 'name', header: 'GROUP', fit: true, minWidth: 8, maxWidth: 14, identity: true },
  { key: 'notes', header: 'LABEL', minWidth: 10, width: 20, flex: 1 },
  { key: 'count', header: 'SERVERS', width: 7, align: 'right', render: (g) => String(g.servers.length), sortValue: (g) => g.servers.length },
  { key: 'serverNames', header: 'MEMBERS', minWidth: 10, flex: 2, render: (g) => g.servers.join(' '), priority: 2 },
  { key: 'enabled', header: 'ENABLED', width: 7, render: (g) => yesNo(g.enabled), priority: 3 },
  { key: 'id', header: 'ID', width: 6, align: 'right', priority: 4, wide: true },
];

const createGroup: FormSpec<GroupRow> = {
  title: 'New group',
  consequence: 'The service names the group (eg1…); servers join it with e on a server.',
  fields: [
    { id: 'notes', label: 'Label', placeholder: 'e.g. production', check: (v) => (String(v).trim() === '' ? 'a label, so you know the group by it' : null) },
    { id: 'password', label: 'Password', kind: 'secret', optional: true, hint: "optional: sent with the group as the service's clients do; never shown or kept here" },
  ],
  verb: 'create',
  async submit(values, { client }) {
    const password = String(values.password ?? '');
    const group = await client.groups.create({ notes: String(values.notes).trim(), ...(password !== '' ? { password } : {}) });
    return { message: `Group ${group.name} "${group.notes}" created.`, select: group.name };
  },
};

const deleteGroup: ConfirmSpec<GroupRow> = {
  kind: 'yesno',
  title: (g) => `Delete group ${g.notes ? `"${g.notes}" (${g.name})` : g.name}?`,
  consequence: () => 'The group goes; no server is in it, so no server changes.',
  // the service refuses a group that still holds servers: said at once, with where to move them
  refuse: (g) =>
    g.servers.length > 0
      ? `group ${g.name} still holds ${g.servers.length === 1 ? 'a server' : `${g.servers.length} servers`} (${g.servers.slice(0, 5).join(', ')}${g.servers.length > 5 ? ', …' : ''}): move ${g.servers.length === 1 ? 'it' : 'them'} out first (e on a server)`
      : null,
  async run(g, { client }) {
    await client.groups.delete(g.id);
    return { message: `Group ${g.name} deleted.` };
  },
};

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
    // a deleted server is no longer in its group (the service does not count it either)
    // (the client reads the service's status words in lower case)
    const live = servers.filter((s) => s.status !== 'deleted');
    return groups.map((g) => ({ ...g, servers: live.filter((s) => s.group === g.name).map((s) => s.name) }));
  },
  empty: 'no groups: c creates one',
  create: createGroup,
  remove: deleteGroup,
  record: (g) => [
    { fields: [field('Group', g.name), field('ID', String(g.id)), field('Label', g.notes), field('Enabled', yesNo(g.enabled))] },
    { title: 'Servers', fields: g.servers.length > 0 ? g.servers.map((s) => field('Server', s)) : [field('Servers', 'none')] },
  ],
});
