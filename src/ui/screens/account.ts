// `:account`: who the dashboard is signed in as, and what the account may use; `e` changes the password.
import type { Account } from '../../api/index.js';
import type { Column } from '../components/Table.js';
import { char } from '../keymap.js';
import { defineResource, type FormSpec, type RecordField } from '../resource/spec.js';

const discount = (n: number, active: (n: number) => boolean): string => (active(n) ? `yes (${n})` : 'no');

/** The account's fields with their meaning spelled out (spec 2.13). */
function accountFields(a: Account): RecordField[] {
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

/**
 * `e`: the new password twice, both masked. Logged in with a password, the dashboard logs in again with the
 * new one at once (the service ends earlier logins) and renews with it from then on; API tokens, the
 * profiles' usual credential, are not touched by a password change.
 */
const changePassword: FormSpec<RecordField> = {
  title: 'Change the password',
  consequence: 'Every login made with the old password ends; API tokens keep working.',
  fields: [
    { id: 'password', label: 'New password', kind: 'secret' },
    { id: 'again', label: 'The same again', kind: 'secret' },
  ],
  verb: 'change it',
  check: (v) => (v.password !== v.again ? 'the two passwords differ: type the same one twice' : null),
  async submit(values, { client, session }) {
    const password = String(values.password);
    const { username } = await client.account.get();
    await client.account.changePassword(password, { username });
    session.passwordChanged?.(password);
    return { message: `The password of ${username} is changed; this dashboard stays signed in.`, refresh: false };
  },
};

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
  keys: [
    {
      id: 'account.password',
      keys: ['e'],
      match: char('e'),
      description: 'change the password (typed twice, masked)',
      hint: 'password',
      rank: 20,
      write: true,
      noRow: true,
      run: (_row, ctx) => ctx.open({ kind: 'form', form: changePassword }),
    },
  ],
});
