// `:sshkeys`: the public keys the account can put on new servers.
import type { SshKey } from '../../api/index.js';
import { parsePublicKey } from '../../rules/sshkey.js';
import type { Column } from '../components/Table.js';
import { formatDate } from '../format.js';
import { defineResource, field } from '../resource/spec.js';
import { date } from './columns.js';

export interface SshKeyRow extends SshKey {
  /** parsed from the key text: `ssh-ed25519`, the fingerprint, the comment; or why it is not a key */
  type: string;
  fingerprint: string;
  comment: string;
}

export function keyRow(k: SshKey): SshKeyRow {
  const parsed = parsePublicKey(k.key);
  if ('error' in parsed) return { ...k, type: 'not a key', fingerprint: '—', comment: '' };
  return { ...k, type: parsed.type, fingerprint: parsed.fingerprint, comment: parsed.comment };
}

export const SSHKEY_COLUMNS: readonly Column<SshKeyRow>[] = [
  { key: 'label', header: 'LABEL', fit: true, minWidth: 8, maxWidth: 24, identity: true },
  { key: 'type', header: 'TYPE', fit: true, maxWidth: 20, priority: 2 },
  { key: 'comment', header: 'COMMENT', minWidth: 10, width: 20, flex: 2, priority: 1 },
  { key: 'fingerprint', header: 'FINGERPRINT', fit: true, maxWidth: 51, priority: 3 },
  { key: 'id', header: 'ID', width: 6, align: 'right', priority: 5, wide: true },
  date<SshKeyRow>('createdAt', 'ADDED', 4),
];

export default defineResource<SshKeyRow>({
  name: 'sshkeys',
  aliases: ['keys', 'key', 'ssh'],
  title: 'SSH keys',
  singular: 'SSH key',
  rowKey: (k) => String(k.id),
  copyId: (k) => k.label,
  label: (k) => k.label,
  columns: SSHKEY_COLUMNS,
  defaultSort: { column: 'label', descending: false },
  load: async ({ client }, signal) => (await client.sshKeys.list({ signal })).map(keyRow),
  empty: 'no SSH keys',
  record: (k) => [
    {
      fields: [
        field('Label', k.label),
        field('ID', k.id),
        field('Type', k.type),
        field('Fingerprint', k.fingerprint),
        field('Comment', k.comment),
        field('Added (UTC)', formatDate(k.createdAt)),
        field('Public key', k.key),
      ],
    },
  ],
});
