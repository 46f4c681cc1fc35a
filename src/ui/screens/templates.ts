// `:templates`: the account's private images, made from servers or snapshots.
import type { Template } from '../../api/index.js';
import type { Column } from '../components/Table.js';
import { formatDate, gigabytes, statusWord, yesNo } from '../format.js';
import { defineResource, field } from '../resource/spec.js';
import { statusRole } from '../theme.js';
import { date, status } from './columns.js';

export const TEMPLATE_COLUMNS: readonly Column<Template>[] = [
  { key: 'name', header: 'NAME', width: 10, identity: true },
  { key: 'description', header: 'DESCRIPTION', minWidth: 12, width: 20, flex: 2 },
  status<Template>('status'),
  { key: 'osBase', header: 'OS', fit: true, maxWidth: 12, priority: 2 },
  { key: 'requiredDisk', header: 'DISK', width: 7, align: 'right', render: (t) => (t.requiredDisk === null ? '—' : gigabytes(t.requiredDisk)), priority: 3 },
  { key: 'notes', header: 'NOTES', minWidth: 12, flex: 2, priority: 1 },
  { key: 'id', header: 'ID', width: 6, align: 'right', priority: 5, wide: true },
  date<Template>('createdAt', 'CREATED', 4),
];

export default defineResource<Template>({
  name: 'templates',
  aliases: ['tpl', 'tmpl', 'template'],
  title: 'Templates',
  singular: 'Template',
  rowKey: (t) => t.name,
  label: (t) => (t.description ? `${t.description} (${t.name})` : t.name),
  columns: TEMPLATE_COLUMNS,
  defaultSort: { column: 'createdAt', descending: true },
  load: ({ client }, signal) => client.templates.list({ signal }),
  live: true,
  empty: 'no templates: T on a server makes one',
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
