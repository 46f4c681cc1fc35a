// `:tokens`: the account's API tokens. `c` makes one (its value shown once, `y` copies it, esc forgets it),
// `e` renames, `d` revokes after y/N. The token this dashboard signs in with is marked, and revoking it is
// warned about: the dashboard cannot go on without it.
import type { ApiTokenInfo, Client } from '../../api/index.js';
import type { Column } from '../components/Table.js';
import { formatDate } from '../format.js';
import { defineResource, field, type ConfirmSpec, type FormSpec, type Reveal } from '../resource/spec.js';
import { date } from './columns.js';

interface TokenRow extends ApiTokenInfo {
  /** this dashboard signs in with it */
  mine: boolean;
}

/** The id of the API token the client signs in with, when it is known (see Credential). */
function ownTokenId(client: Client): number | undefined {
  const c = client.credential;
  return c?.kind === 'token' ? c.id : undefined;
}

const TOKEN_COLUMNS: readonly Column<TokenRow>[] = [
  { key: 'mine', header: ' ', width: 1, identity: true, render: (t) => (t.mine ? '●' : ' '), color: (t) => (t.mine ? 'ok' : undefined), sortValue: (t) => (t.mine ? 0 : 1) },
  { key: 'notes', header: 'LABEL', minWidth: 12, flex: 1, identity: true },
  { key: 'id', header: 'ID', width: 6, align: 'right' },
  date<TokenRow>('createdAt', 'CREATED', 1),
  { key: 'use', header: 'USED BY', width: 14, priority: 2, render: (t) => (t.mine ? 'this dashboard' : '') },
];

const LABEL_CHECK = (v: unknown): string | null => (String(v).trim() === '' ? 'a label, so you know later what uses it' : null);

/** What the reveal dialog says: the value is shown this once. */
function revealToken(label: string, token: string): Reveal {
  return {
    title: `New API token "${label}"`,
    lines: [
      '⚠ This is the only time the service shows this token. Copy it now (y) and keep it where secrets belong.',
      'esc closes this and forgets it: it cannot be shown again. A lost token is revoked (d) and replaced.',
    ],
    label: 'Token',
    value: token,
  };
}

const createToken: FormSpec<TokenRow> = {
  title: 'New API token',
  consequence: 'A token signs in as you, with every right you have, and never expires until it is revoked.',
  fields: [{ id: 'label', label: 'Label', placeholder: 'e.g. ci-deploy', check: LABEL_CHECK }],
  verb: 'create',
  async submit(values, { client }) {
    const label = String(values.label).trim();
    const created = await client.account.tokens.create(label);
    const id = await client.account.newestTokenId(label).catch(() => undefined);
    return {
      message: `API token "${label}" created: copy it now, it is not shown again.`,
      then: { kind: 'reveal', reveal: revealToken(label, created.token) },
      ...(id !== undefined ? { select: String(id) } : {}),
    };
  },
};

const renameToken: FormSpec<TokenRow> = {
  title: (t) => `Rename API token ${t?.id ?? ''}`,
  fields: (t) => [{ id: 'label', label: 'Label', initial: t?.notes ?? '', check: LABEL_CHECK }],
  verb: 'save',
  async submit(values, { client }, t) {
    const label = String(values.label).trim();
    if (label === t!.notes) return { message: 'Nothing changed.', refresh: false };
    await client.account.tokens.rename(t!.id, label);
    return { message: `API token ${t!.id} is now "${label}".` };
  },
};

const revokeToken: ConfirmSpec<TokenRow> = {
  kind: 'yesno',
  title: (t) => `Revoke API token ${t.id} "${t.notes}"?`,
  consequence: (t) =>
    t.mine
      ? '⚠ This dashboard signs in with this token: once it is revoked, every request fails until you sign in again (:profiles). Programs using it stop working too. It cannot be undone.'
      : 'Whatever signs in with it stops working at once. It cannot be undone.',
  verb: 'revoke',
  async run(t, { client }) {
    await client.account.tokens.revoke(t.id);
    return { message: t.mine ? `API token ${t.id} is revoked; this dashboard signed in with it and must sign in again.` : `API token ${t.id} "${t.notes}" is revoked.` };
  },
};

export default defineResource<TokenRow>({
  name: 'tokens',
  aliases: ['tok', 'token', 'apitokens'],
  title: 'API tokens',
  singular: 'API token',
  rowKey: (t) => String(t.id),
  label: (t) => t.notes || String(t.id),
  columns: TOKEN_COLUMNS,
  defaultSort: { column: 'createdAt', descending: true },
  load: async ({ client }, signal) => {
    const own = ownTokenId(client);
    return (await client.account.tokens.list({ signal })).map((t) => ({ ...t, mine: t.id === own }));
  },
  note: (rows) => (rows.some((t) => t.mine) ? '● this dashboard' : ''),
  empty: 'no API tokens: c makes one',
  create: createToken,
  edit: renameToken,
  remove: revokeToken,
  record: (t) => [
    {
      fields: [
        field('Label', t.notes),
        field('ID', t.id),
        field('Created (UTC)', formatDate(t.createdAt)),
        field('Used by', t.mine ? 'this dashboard' : 'not known here'),
        field('Value', 'shown once, when it was made'),
      ],
    },
  ],
});
