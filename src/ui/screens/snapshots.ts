// `:snapshots`: the snapshots of every server, loaded a few servers at a time.
import type { Client, Snapshot } from '../../api/index.js';
import type { Column } from '../components/Table.js';
import { formatDate, gigabytes, statusWord, yesNo } from '../format.js';
import { defineResource, field } from '../resource/spec.js';
import { statusRole } from '../theme.js';
import { date, size } from './columns.js';

export interface SnapshotRow extends Snapshot {
  server: string;
}

/** The snapshot states in words: CG Creating, CD Created, DE Deleting, DD Deleted. */
export function snapshotStatus(s: Pick<Snapshot, 'status' | 'statusLabel'>): string {
  return statusWord(s.statusLabel || s.status);
}

/** Every server's snapshots, four servers at a time: an estate of hundreds must not open hundreds of requests. */
export async function allSnapshots(client: Client, signal: AbortSignal): Promise<SnapshotRow[]> {
  const servers = await client.servers.list({ signal });
  const out: SnapshotRow[] = [];
  const queue = servers.map((s) => s.name);
  const worker = async () => {
    for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
      for (const snap of await client.snapshots.list(name, { signal })) out.push({ ...snap, server: name });
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  return out;
}

export const SNAPSHOT_COLUMNS: readonly Column<SnapshotRow>[] = [
  { key: 'server', header: 'SERVER', width: 10, identity: true },
  { key: 'id', header: 'ID', width: 6, align: 'right', identity: true },
  { key: 'description', header: 'DESCRIPTION', minWidth: 12, width: 20, flex: 2, priority: 1 },
  { key: 'status', header: 'STATUS', width: 9, render: snapshotStatus, color: (s) => statusRole(snapshotStatus(s)) },
  { key: 'protected', header: 'PROTECTED', width: 9, render: (s) => yesNo(s.protected), priority: 2 },
  size<SnapshotRow>('sizeOnDisk', 'SIZE'),
  { key: 'notes', header: 'NOTES', minWidth: 10, flex: 1, priority: 5 },
  { key: 'name', header: 'NAME', fit: true, maxWidth: 22, priority: 6, wide: true },
  date<SnapshotRow>('createdAt', 'CREATED', 3),
];

export default defineResource<SnapshotRow>({
  name: 'snapshots',
  aliases: ['snap', 'snaps', 'snapshot'],
  title: 'Snapshots (all servers)',
  singular: 'Snapshot',
  rowKey: (s) => `${s.server}:${s.id}`,
  copyId: (s) => String(s.id),
  label: (s) => `${s.id} of ${s.server}`,
  columns: SNAPSHOT_COLUMNS,
  defaultSort: { column: 'createdAt', descending: true },
  load: ({ client }, signal) => allSnapshots(client, signal),
  live: true,
  empty: 'no snapshots: s on a server takes one',
  record: (s) => [
    {
      fields: [
        field('ID', s.id),
        field('Name', s.name),
        field('Server', s.server),
        field('Description', s.description),
        field('Notes', s.notes),
        field('Status', snapshotStatus(s), statusRole(snapshotStatus(s))),
        field('Protected', s.protected ? 'yes: kept until deleted by hand' : 'no: made by the schedule, subject to retention'),
        field('Size on disk', s.sizeOnDisk === null ? '—' : gigabytes(s.sizeOnDisk)),
        field('Last restored', yesNo(s.isLastRestored)),
        field('Restoring now', yesNo(s.restoring)),
        field('Parent', s.parentId === null ? '—' : `${s.parentId}${s.parentName ? ` (${s.parentName})` : ''}`),
        field('UUID', s.uid),
      ],
    },
    { title: 'Times (UTC)', fields: [field('Created', formatDate(s.createdAt)), field('Updated', formatDate(s.updatedAt)), field('Deleted', formatDate(s.deletedAt))] },
  ],
});
