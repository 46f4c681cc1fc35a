// A server's Networks tab: every private network of the account, with this server's VLANs on it. `c` adds a
// VLAN or a range, `e` changes a VLAN's pvid, `d` removes one, `D` removes a range. The service restarts the
// server on the first VLAN between it and a network and on any removal (spec 3.6): the y/N says so before
// anything is sent. A VLAN that is not `ok` cannot be changed, and that is said at once.
import type { Client, Vlan, VlanChange } from '../../api/index.js';
import { checkVlanId, parseVlanRange, ruleMessage } from '../../rules/index.js';
import { mapPooled } from '../../session/pool.js';
import type { Column } from '../components/Table.js';
import { formatDate, statusWord, yesNo } from '../format.js';
import { char } from '../keymap.js';
import { defineResource, field, type ConfirmSpec, type FieldSpec, type FormSpec, type FormValues, type Outcome } from '../resource/spec.js';
import { statusRole } from '../theme.js';

interface AttachmentRow {
  network: string;
  server: string;
  /** null: the network has no VLAN to this server */
  vlan: Vlan | null;
}

type Params = { server?: string };

const serverOf = (ctx: { params: Params }): string => String(ctx.params.server ?? '');
const rowKey = (r: AttachmentRow): string => (r.vlan ? `${r.network}:${r.vlan.vlanId}` : r.network);
const vlanState = (r: AttachmentRow): string => (r.vlan ? r.vlan.status : 'not attached');

/** The server's VLANs on each network, a few networks at a time; a network without one is a row too. */
async function loadAttachments(client: Client, server: string, signal?: AbortSignal): Promise<AttachmentRow[]> {
  const networks = await client.networks.list({ signal });
  const each = await mapPooled(networks, 4, async (n) => {
    const vlans = (await client.vlans.list(server, n.name, { signal })).filter((v) => v.active !== false);
    return vlans.length === 0 ? [{ network: n.name, server, vlan: null }] : vlans.map((vlan) => ({ network: n.name, server, vlan }));
  });
  return each.flat();
}

/** Why a VLAN cannot be changed now, if it cannot: the service changes only VLANs that are `ok`. */
function vlanRefusal(r: AttachmentRow): string | null {
  if (!r.vlan) return `${r.server} has no VLAN on ${r.network}: c adds one`;
  if (r.vlan.status !== 'ok') return `VLAN ${r.vlan.vlanId} on ${r.network} is ${statusWord(r.vlan.status).toLowerCase()}: it can be changed once it is ok`;
  return null;
}

/** A VLAN id (`120`) or a range (`100-110`), read with the service's own rules and messages. */
function readVlans(text: string): { single: number } | { start: number; end: number } {
  const t = text.trim();
  return t.includes('-') ? parseVlanRange(t) : { single: checkVlanId(t) };
}

const networkField = (initial: string | undefined): FieldSpec => ({
  id: 'network',
  label: 'Network',
  kind: 'choice',
  initial: initial ?? '',
  choices: async ({ client }) => (await client.networks.list()).map((n) => ({ value: n.name, label: n.name, description: n.active ? '' : 'inactive' })),
});

const restartLine = (server: string, what: string): string => `${what} restarts ${server}. Go on?`;

const changed = (c: VlanChange, message: string): Outcome<AttachmentRow> => ({ actions: [c.action], message });

/** `c`: a VLAN id with its pvid, or a range; asks first when it is the first VLAN between server and network. */
function addForm(server: string, row: AttachmentRow | undefined): FormSpec<AttachmentRow> {
  return {
    title: `Add a VLAN to ${server}`,
    consequence: 'One VLAN id (1 to 4094) with its pvid, or a range such as 100-110. The first VLAN between a server and a network restarts the server.',
    fields: [
      networkField(row?.network),
      { id: 'vlans', label: 'VLAN', placeholder: 'an id, or start-end', check: (v) => ruleMessage(() => readVlans(String(v))) },
      { id: 'pvid', label: 'Untagged (pvid)', kind: 'yesno', when: (v) => !String(v.vlans ?? '').includes('-') },
    ],
    verb: 'add',
    async ask(values, { client }) {
      const network = String(values.network);
      const current = (await client.vlans.list(server, network)).filter((v) => v.active !== false);
      return current.length === 0 ? restartLine(server, `The first VLAN between ${server} and ${network}`) : null;
    },
    async submit(values: FormValues, { client }) {
      const network = String(values.network);
      const v = readVlans(String(values.vlans));
      if ('single' in v) {
        const c = await client.vlans.add(server, network, { vlanId: v.single, pvid: values.pvid === true });
        return { ...changed(c, `Adding VLAN ${v.single} between ${server} and ${network}…`), select: `${network}:${v.single}` };
      }
      const c = await client.vlans.addRange(server, network, v.start, v.end);
      return changed(c, `Adding VLANs ${v.start}-${v.end} between ${server} and ${network}…`);
    },
  };
}

/** `e`: the VLAN's pvid (untagged or not); no restart. */
function pvidForm(r: AttachmentRow): FormSpec<AttachmentRow> {
  const vlan = r.vlan!;
  return {
    title: `VLAN ${vlan.vlanId} on ${r.network}`,
    consequence: 'Whether this VLAN carries the untagged traffic (pvid). The server is not restarted.',
    fields: [{ id: 'pvid', label: 'Untagged (pvid)', kind: 'yesno', initial: vlan.pvid }],
    async submit(values, { client }) {
      const c = await client.vlans.update(r.server, r.network, vlan.vlanId, { pvid: values.pvid === true });
      return changed(c, `VLAN ${vlan.vlanId} on ${r.network}: pvid ${yesNo(values.pvid === true).toLowerCase()}…`);
    },
  };
}

/** `D`: a range of VLANs of one network; always asks, since any removal restarts the server. */
function removeRangeForm(server: string, row: AttachmentRow | undefined): FormSpec<AttachmentRow> {
  return {
    title: `Remove VLANs from ${server}`,
    consequence: 'Every VLAN of the range between this server and the network is removed.',
    fields: [networkField(row?.network), { id: 'range', label: 'Range', placeholder: 'start-end', check: (v) => ruleMessage(() => parseVlanRange(String(v).trim())) }],
    verb: 'remove',
    ask: (values) => restartLine(server, `Removing VLANs ${String(values.range).trim()} between ${server} and ${String(values.network)}`),
    async submit(values, { client }) {
      const network = String(values.network);
      const { start, end } = parseVlanRange(String(values.range).trim());
      const c = await client.vlans.removeRange(server, network, start, end);
      return changed(c, `Removing VLANs ${start}-${end} between ${server} and ${network}…`);
    },
  };
}

const removeVlan: ConfirmSpec<AttachmentRow> = {
  kind: 'yesno',
  title: (r) => `Remove VLAN ${r.vlan?.vlanId} from ${r.server}?`,
  consequence: (r) => `VLAN ${r.vlan?.vlanId} between ${r.server} and ${r.network} is removed, and ${r.server} restarts.`,
  verb: 'remove',
  refuse: (r) => vlanRefusal(r),
  async run(r, { client }) {
    const c = await client.vlans.remove(r.server, r.network, r.vlan!.vlanId);
    return changed(c, `Removing VLAN ${r.vlan!.vlanId} between ${r.server} and ${r.network}; ${r.server} restarts…`);
  },
};

const ATTACHMENT_COLUMNS: readonly Column<AttachmentRow>[] = [
  { key: 'network', header: 'NETWORK', fit: true, minWidth: 8, maxWidth: 24, identity: true },
  { key: 'vlanId', header: 'VLAN', width: 5, align: 'right', render: (r) => (r.vlan ? String(r.vlan.vlanId) : '—'), sortValue: (r) => r.vlan?.vlanId ?? 0 },
  { key: 'pvid', header: 'PVID', width: 4, render: (r) => (r.vlan ? yesNo(r.vlan.pvid) : '') },
  { key: 'status', header: 'STATUS', width: 12, render: (r) => statusWord(vlanState(r)), color: (r) => (r.vlan ? statusRole(r.vlan.status) : 'dim') },
  { key: 'mac', header: 'MAC', width: 17, priority: 2, render: (r) => r.vlan?.macAddress ?? '' },
  { key: 'createdAt', header: 'ADDED', width: 16, priority: 3, render: (r) => (r.vlan ? formatDate(r.vlan.createdAt) : '') },
];

export const serverNetworks = defineResource<AttachmentRow, Params>({
  name: 'server-networks',
  title: (p) => `Networks of ${p.server ?? ''}`,
  singular: 'VLAN',
  rowKey,
  label: (r) => (r.vlan ? `VLAN ${r.vlan.vlanId} on ${r.network}` : r.network),
  copyId: (r) => (r.vlan ? String(r.vlan.vlanId) : r.network),
  columns: ATTACHMENT_COLUMNS,
  defaultSort: { column: 'network', descending: false },
  load: ({ client, params }, signal) => loadAttachments(client, params.server ?? '', signal),
  cacheKey: (p) => `vlans:${p.server}`,
  touches: (a, p) => a.resource.startsWith(`${p.server}-`),
  live: true,
  empty: 'the account has no private network: :networks, then c, makes one',
  record: (r) => [
    {
      fields: [
        field('Network', r.network),
        field('Server', r.server),
        field('VLAN', r.vlan?.vlanId ?? 'none'),
        field('Untagged (pvid)', r.vlan ? yesNo(r.vlan.pvid) : null),
        field('Status', statusWord(vlanState(r)), r.vlan ? statusRole(r.vlan.status) : undefined),
        field('MAC address', r.vlan?.macAddress),
        field('Added (UTC)', r.vlan ? formatDate(r.vlan.createdAt) : null),
        field('Record ID', r.vlan?.id),
      ],
    },
  ],
  create: (ctx, selected) => ({ kind: 'form', form: addForm(serverOf(ctx), selected) }),
  edit: (r) => vlanRefusal(r) ?? { kind: 'form', form: pvidForm(r), row: r },
  remove: removeVlan,
  keys: [
    {
      id: 'vlans.removeRange',
      keys: ['D'],
      match: char('D'),
      description: 'remove a range of VLANs from this server (y/N: the server restarts)',
      hint: 'remove range',
      rank: 24,
      write: true,
      noRow: true,
      run: (row, ctx) => ctx.open({ kind: 'form', form: removeRangeForm(serverOf(ctx), row) }),
    },
  ],
});
