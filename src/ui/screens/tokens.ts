// `:tokens`: the account's API tokens (their values are shown once, when made, and never again).
import type { ApiTokenInfo } from '../../api/index.js';
import type { Column } from '../components/Table.js';
import { formatDate } from '../format.js';
import { defineResource, field } from '../resource/spec.js';
import { date } from './columns.js';

export const TOKEN_COLUMNS: readonly Column<ApiTokenInfo>[] = [
  { key: 'notes', header: 'LABEL', minWidth: 12, flex: 1, identity: true },
  { key: 'id', header: 'ID', width: 6, align: 'right' },
  date<ApiTokenInfo>('createdAt', 'CREATED', 1),
];

export default defineResource<ApiTokenInfo>({
  name: 'tokens',
  aliases: ['tok', 'token', 'apitokens'],
  title: 'API tokens',
  singular: 'API token',
  rowKey: (t) => String(t.id),
  label: (t) => t.notes || String(t.id),
  columns: TOKEN_COLUMNS,
  defaultSort: { column: 'createdAt', descending: true },
  load: ({ client }, signal) => client.account.tokens.list({ signal }),
  empty: 'no API tokens',
  record: (t) => [{ fields: [field('Label', t.notes), field('ID', t.id), field('Created (UTC)', formatDate(t.createdAt)), field('Value', 'shown once, when it was made')] }],
});
