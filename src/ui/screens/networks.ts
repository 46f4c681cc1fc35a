// `:networks`: the account's private networks (VLANs join servers to them). `c` makes one after y/N (the
// service names it and nothing else is asked; the status line then says its name), `d` deletes one after
// y/N; the service refuses while a VLAN is attached, and its message is shown as it is. VLANs are added on a
// server's Networks tab.
import type { Network } from '../../api/index.js';
import type { Column } from '../components/Table.js';
import { formatDate, yesNo } from '../format.js';
import { askDialog } from '../resource/ask.js';
import { defineResource, field } from '../resource/spec.js';
import { date } from './columns.js';

const NETWORK_COLUMNS: readonly Column<Network>[] = [
  { key: 'name', header: 'NAME', width: 10, identity: true },
  { key: 'networkId', header: 'NETWORK ID', width: 10, align: 'right' },
  { key: 'active', header: 'ACTIVE', width: 6, render: (n) => yesNo(n.active), color: (n) => (n.active ? 'ok' : 'dim') },
  date<Network>('createdAt', 'CREATED', 2),
  date<Network>('deactivatedAt', 'DEACTIVATED', 3),
];

const CREATE_CONSEQUENCE =
  "The service makes an empty private network and names it itself (net…); nothing is attached to it. VLANs join servers to it from a server's Networks tab (4).";

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
  empty: 'no private networks: c makes one',
  create: (ctx) => ({
    kind: 'custom',
    custom: askDialog({
      question: 'Create a private network?',
      consequence: CREATE_CONSEQUENCE,
      onYes: () =>
        ctx.run('Creating a private network', async () => {
          const n = await ctx.client.networks.create();
          return { message: `Private network ${n.name} created: add VLANs from a server's Networks tab (4).`, select: n.name };
        }),
      onNo: () => ctx.nav.report('info', 'Nothing was created.', 'action'),
    }),
  }),
  remove: {
    kind: 'yesno',
    title: (n) => `Delete private network ${n.name}?`,
    consequence: (n) => `${n.name} is deleted. The service refuses while a VLAN is attached to it: remove those first on each server's Networks tab.`,
    async run(n, { client }) {
      await client.networks.remove(n.name);
      return { message: `Private network ${n.name} deleted.` };
    },
  },
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
