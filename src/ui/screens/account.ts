// `:account`: who the dashboard is signed in as, and what the account may use.
import type { Account } from '../../api/index.js';
import type { Column } from '../components/Table.js';
import { defineResource, type RecordField } from '../resource/spec.js';

const discount = (n: number, active: (n: number) => boolean): string => (active(n) ? `yes (${n})` : 'no');

/** The account's fields with their meaning spelled out (spec 2.13). */
export function accountFields(a: Account): RecordField[] {
  return [
    { label: 'User name', value: a.username },
    { label: 'Email', value: a.email || '—' },
    { label: 'Reserved periods allowed', value: a.reservedAvailable ? 'yes' : 'no' },
    { label: 'Offline discount', value: a.offlineAvailable ? 'yes: hours powered off cost less' : 'no' },
    { label: 'Special discount, standard plans', value: discount(a.ecsSpecialDiscount, (n) => n > 0) },
    { label: 'Special discount, high-memory plans', value: discount(a.ecshmSpecialDiscount, (n) => n !== 0) },
    { label: 'Special discount, GPU plans', value: discount(a.ecsgpuSpecialDiscount, (n) => n < 0) },
  ];
}

const COLUMNS: readonly Column<RecordField>[] = [
  { key: 'label', header: 'FIELD', fit: true, maxWidth: 36, identity: true },
  { key: 'value', header: 'VALUE', flex: 1, minWidth: 10, color: (f) => f.role },
];

export default defineResource<RecordField>({
  name: 'account',
  aliases: ['acc', 'me', 'whoami'],
  title: 'Account',
  singular: 'Account field',
  rowKey: (f) => f.label,
  copyId: (f) => f.value,
  label: (f) => f.label,
  columns: COLUMNS,
  load: async ({ client }, signal) => accountFields(await client.account.get({ signal })),
});
