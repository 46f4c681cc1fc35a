// `:templates`: the account's private images, made from servers or snapshots. `c` makes one (the source a
// server or a snapshot), `e` renames it, `d` deletes it after its name is typed (its data is gone for good),
// `n` opens the create-server wizard with it as the image; a creation's progress is in the action panel.
import type { Template } from '../../api/index.js';
import type { Column } from '../components/Table.js';
import { formatDate, gigabytes, statusWord, yesNo } from '../format.js';
import { char } from '../keymap.js';
import { defineResource, field, type ConfirmSpec, type FormSpec } from '../resource/spec.js';
import { statusRole } from '../theme.js';
import { date, status } from './columns.js';
import { wizardDialog } from './server-dialogs.js';
import { allSnapshots, isGoing, snapshotStatus } from './snapshots.js';

const TEMPLATE_COLUMNS: readonly Column<Template>[] = [
  { key: 'name', header: 'NAME', width: 10, identity: true },
  { key: 'description', header: 'DESCRIPTION', minWidth: 12, width: 20, flex: 2 },
  status<Template>('status'),
  { key: 'osBase', header: 'OS', fit: true, maxWidth: 12, priority: 2 },
  { key: 'requiredDisk', header: 'DISK', width: 7, align: 'right', render: (t) => (t.requiredDisk === null ? '—' : gigabytes(t.requiredDisk)), priority: 3 },
  { key: 'notes', header: 'NOTES', minWidth: 12, flex: 2, priority: 1 },
  { key: 'id', header: 'ID', width: 6, align: 'right', priority: 5, wide: true },
  date<Template>('createdAt', 'CREATED', 4),
];

const label = (t: Template): string => (t.description ? `${t.description} (${t.name})` : t.name);
const busy = (t: Template): string | null =>
  t.status === 'creating' ? `${label(t)} is still being created` : t.status === 'deleting' || t.status === 'deleted' ? `${label(t)} is being deleted` : null;

/** The source choice's values: `server:<name>` or `snapshot:<id>`. */
const SERVER = 'server:';
const SNAPSHOT = 'snapshot:';

const createTemplate: FormSpec<Template> = {
  title: 'New template',
  consequence: 'A private image of a server or a snapshot: users, passwords, software and files, not its network interfaces or addresses. It takes minutes; the panel follows it.',
  fields: [
    {
      id: 'source',
      label: 'Source',
      kind: 'choice',
      choices: async ({ client }) => {
        const [servers, snapshots] = await Promise.all([client.servers.list(), allSnapshots(client, new AbortController().signal)]);
        return [
          ...servers.map((s) => ({ value: `${SERVER}${s.name}`, label: `server ${s.notes || s.name}`, description: `${s.name} · ${statusWord(s.status)}` })),
          ...snapshots
            .filter((s) => !isGoing(s))
            .map((s) => ({ value: `${SNAPSHOT}${s.id}`, label: `snapshot ${s.id} of ${s.server}`, description: [s.description, snapshotStatus(s)].filter(Boolean).join(' · ') })),
        ];
      },
    },
    { id: 'description', label: 'Description', placeholder: 'its name in lists, e.g. web base 2026-11' },
  ],
  verb: 'make it',
  async submit(values, { client }) {
    const source = String(values.source);
    const description = String(values.description).trim();
    const created = source.startsWith(SNAPSHOT)
      ? await client.templates.create({ description, snapshot: Number(source.slice(SNAPSHOT.length)) })
      : await client.templates.create({ description, server: source.slice(SERVER.length) });
    return {
      track: [{ id: created.actionId, status: 'in-progress', progress: 0, type: 'create_template', resource: created.template.name, resourceType: 'DI' }],
      records: { templates: [created.template] },
      message: `Making template ${created.template.name} from ${source.replace(':', ' ')}…`,
      select: created.template.name,
    };
  },
};

const renameTemplate: FormSpec<Template> = {
  title: (t) => `Rename template ${t ? label(t) : ''}`,
  fields: (t) => [{ id: 'description', label: 'Description', initial: t?.description ?? '' }],
  verb: 'save',
  async submit(values, { client }, t) {
    const description = String(values.description).trim();
    if (description === t!.description) return { message: 'Nothing changed.', refresh: false };
    await client.templates.rename(t!.name, description);
    return { message: `Renamed template ${t!.name} to ${description}.` };
  },
};

const deleteTemplate: ConfirmSpec<Template> = {
  kind: 'typed',
  title: (t) => `Delete template ${label(t)}?`,
  // the spec's own warning (4.7)
  consequence: () => 'All data in the template is irretrievably deleted. Servers made from it keep running.',
  refuse: (t) => (t.status === 'deleting' || t.status === 'deleted' ? `${label(t)} is already being deleted` : null),
  async run(t, { client }) {
    const action = await client.templates.remove(t.name);
    // its words stay known once no list holds it: `:actions` and the panel name what was deleted
    return { actions: [action], records: { templates: [t] }, message: `Deleting template ${label(t)}…` };
  },
};

export default defineResource<Template>({
  name: 'templates',
  aliases: ['tpl', 'tmpl', 'template'],
  title: 'Templates',
  singular: 'Template',
  rowKey: (t) => t.name,
  label,
  columns: TEMPLATE_COLUMNS,
  defaultSort: { column: 'createdAt', descending: true },
  load: ({ client }, signal) => client.templates.list({ signal }),
  live: true,
  empty: 'no templates: c makes one from a server or a snapshot',
  create: createTemplate,
  edit: renameTemplate,
  remove: deleteTemplate,
  keys: [
    {
      id: 'templates.server',
      keys: ['n'],
      match: char('n'),
      description: 'a new server from the selected template (the create wizard, with it as the image)',
      hint: 'new server',
      rank: 24,
      write: true,
      refuse: busy,
      run: (t, ctx) => ctx.open({ kind: 'custom', custom: wizardDialog(ctx, { image: { name: t.name, label: t.description || t.name, kind: 'template', windows: t.osBase.toLowerCase() === 'windows', requiredDisk: t.requiredDisk } }) }),
    },
  ],
  record: (t) => [
    {
      fields: [
        field('Name', t.name),
        field('ID', t.id),
        field('Description', t.description),
        field('Notes', t.notes),
        field('Status', statusWord(t.status), statusRole(t.status)),
        field('Operating system', t.osBase),
        field('Disk needed', t.requiredDisk === null ? '—' : gigabytes(t.requiredDisk)),
        field('Version', t.version),
        field('API version', t.apiVersion),
        field('Public', yesNo(t.public)),
        field('UUID', t.uuid),
        field('Created (UTC)', formatDate(t.createdAt)),
      ],
    },
  ],
});
