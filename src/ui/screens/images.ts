// `:images`: the public operating-system images a server can start from.
import type { Image } from '../../api/index.js';
import type { Column } from '../components/Table.js';
import { formatDate, gigabytes, statusWord, yesNo } from '../format.js';
import { defineResource, field } from '../resource/spec.js';
import { statusRole } from '../theme.js';
import { date, status } from './columns.js';

const IMAGE_COLUMNS: readonly Column<Image>[] = [
  { key: 'name', header: 'NAME', fit: true, minWidth: 10, maxWidth: 18, identity: true },
  { key: 'description', header: 'DESCRIPTION', minWidth: 12, flex: 2 },
  { key: 'osBase', header: 'OS', fit: true, maxWidth: 12, priority: 2 },
  { key: 'version', header: 'VERSION', fit: true, maxWidth: 10, priority: 3 },
  { key: 'requiredDisk', header: 'DISK', width: 7, align: 'right', render: (i) => (i.requiredDisk === null ? '—' : gigabytes(i.requiredDisk)), priority: 4 },
  status<Image>('status'),
  date<Image>('createdAt', 'CREATED', 5),
];

export default defineResource<Image>({
  name: 'images',
  aliases: ['img', 'image', 'os'],
  title: 'Images',
  singular: 'Image',
  rowKey: (i) => i.name,
  label: (i) => i.name,
  columns: IMAGE_COLUMNS,
  defaultSort: { column: 'name', descending: false },
  load: ({ client }, signal) => client.catalog.images({ signal }),
  record: (i) => [
    {
      fields: [
        field('Name', i.name),
        field('Description', i.description),
        field('Operating system', i.osBase),
        field('Version', i.version),
        field('Disk needed', i.requiredDisk === null ? '—' : gigabytes(i.requiredDisk)),
        field('Status', statusWord(i.status), statusRole(i.status)),
        field('Cloud image', yesNo(i.cloudImage)),
        field('API version', i.apiVersion),
        field('ID', i.id),
        field('UUID', i.uuid),
        field('Created (UTC)', formatDate(i.createdAt)),
      ],
    },
  ],
});
