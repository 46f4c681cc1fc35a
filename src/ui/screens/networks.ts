// `:networks`: the account's private networks (VLANs join servers to them).
import type { Network } from '../../api/index.js';
import type { Column } from '../components/Table.js';
import { formatDate, yesNo } from '../format.js';
import { defineResource, field } from '../resource/spec.js';
import { date } from './columns.js';

export const NETWORK_COLUMNS: readonly Column<Network>[] = [
  { key: 'name', header: 'NAME', width: 10, identity: true },
  { key: 'networkId', header: 'NETWORK ID', width: 10, align: 'right' },
  { key: 'active', header: 'ACTIVE', width: 6, render: (n) => yesNo(n.active), color: (n) => (n.active ? 'ok' : 'dim') },
  date<Network>('createdAt', 'CREATED', 2),
  date<Network>('deactivatedAt', 'DEACTIVATED', 3),
];

export default defineResource<Network>({
  name: 'networks',
  aliases: ['net', 'nets', 'network'],
  title: 'Networks',
  singular: 'Network',
  rowKey: (n) => n.name,
  label: (n) => n.name,
  columns: NETWORK_COLUMNS,
  defaultSort: { column: 'name', descending: false },
  load: ({ client }, signal) => client.networks.list({ signal }),
  empty: 'no private networks',
  record: (n) => [
    {
      fields: [
        field('Name', n.name),
        field('ID', n.id),
        field('Network ID', n.networkId),
        field('Active', yesNo(n.active)),
        field('Created (UTC)', formatDate(n.createdAt)),
        field('Deactivated (UTC)', formatDate(n.deactivatedAt)),
        field('Account', n.user),
      ],
    },
  ],
});
