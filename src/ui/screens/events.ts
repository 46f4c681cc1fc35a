// `:events`: the GPU pod event log, newest first, paged in from the service as the cursor goes down; `/`
// searches on the service, `f` follows new events, ⏎ shows every field.
import type { PodEvent } from '../../api/index.js';
import type { Column } from '../components/Table.js';
import { formatDate, statusWord } from '../format.js';
import { defineResource, field } from '../resource/spec.js';
import { date } from './columns.js';

const EVENT_COLUMNS: readonly Column<PodEvent>[] = [
  date<PodEvent>('date', 'DATE', 0),
  { key: 'eventType', header: 'EVENT', width: 10, render: (e) => statusWord(e.eventType), color: (e) => (e.eventType === 'started' ? 'ok' : e.eventType === 'terminated' ? 'dim' : undefined) },
  { key: 'pod', header: 'POD', minWidth: 12, flex: 2, identity: true },
  { key: 'cluster', header: 'CLUSTER', fit: true, maxWidth: 16, priority: 1 },
  { key: 'runtimeClass', header: 'RUNTIME', fit: true, maxWidth: 14, priority: 2 },
  { key: 'localReferenceNamespace', header: 'NAMESPACE', fit: true, maxWidth: 16, priority: 3, wide: true },
  { key: 'id', header: 'ID', width: 6, align: 'right', priority: 4, wide: true },
];

export default defineResource<PodEvent>({
  name: 'events',
  aliases: ['ev', 'event', 'gpu'],
  title: 'Events (GPU pods)',
  singular: 'Event',
  rowKey: (e) => String(e.id),
  label: (e) => `${e.id} ${e.eventType} ${e.pod}`,
  columns: EVENT_COLUMNS,
  // never called: the rows come page by page (`paged`)
  load: async () => [],
  paged: {
    pageSize: 100,
    noun: 'events',
    follow: true,
    load: async ({ client }, query, signal) => {
      const page = await client.events.list({ offset: query.offset, length: query.length, search: query.search || undefined }, { signal });
      return { rows: page.items, total: page.total };
    },
  },
  empty: 'no GPU pod events',
  record: (e) => [
    { fields: [field('ID', e.id), field('Event', statusWord(e.eventType)), field('Date (UTC)', formatDate(e.date)), field('Epoch', e.eventEpoch), field('Pod', e.pod), field('Cluster', e.cluster), field('Runtime class', e.runtimeClass), field('UUID', e.uuid), field('Account', e.user)] },
    {
      title: 'References',
      fields: [
        field('Local namespace', e.localReferenceNamespace),
        field('Local name', e.localReferenceName),
        field('Remote namespace', e.remoteReferenceNamespace),
        field('Remote name', e.remoteReferenceName),
      ],
    },
    ...(Object.keys(e.extra).length > 0
      ? [{ title: 'Other fields from the service', fields: Object.entries(e.extra).map(([k, v]) => field(k, typeof v === 'string' ? v : JSON.stringify(v))) }]
      : []),
  ],
});
