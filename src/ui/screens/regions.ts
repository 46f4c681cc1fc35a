// `:regions`: where servers can run.
import type { Region } from '../../api/index.js';
import type { Column } from '../components/Table.js';
import { defineResource, field } from '../resource/spec.js';

const REGION_COLUMNS: readonly Column<Region>[] = [
  { key: 'location', header: 'LOCATION', width: 10, identity: true },
  { key: 'description', header: 'NAME', fit: true, maxWidth: 30 },
  { key: 'id', header: 'ID', width: 4, align: 'right' },
];

export default defineResource<Region>({
  name: 'regions',
  aliases: ['reg', 'region', 'loc'],
  title: 'Regions',
  singular: 'Region',
  rowKey: (r) => r.location,
  label: (r) => `${r.description} (${r.location})`,
  columns: REGION_COLUMNS,
  defaultSort: { column: 'location', descending: false },
  load: ({ client }, signal) => client.catalog.regions({ signal }),
  record: (r) => [{ fields: [field('Location', r.location), field('Name', r.description), field('ID', r.id)] }],
});
