// `:scripts`: the account's cloud-script library, run by new servers at their first boot.
import type { Script } from '../../api/index.js';
import type { Column } from '../components/Table.js';
import { yesNo } from '../format.js';
import { defineResource, field } from '../resource/spec.js';

export const scriptKind = (s: Pick<Script, 'windows'>): string => (s.windows ? 'PowerShell (Windows)' : 'shell (Linux)');
const lineCount = (s: Pick<Script, 'content'>): number => (s.content === '' ? 0 : s.content.split(/\r\n|\r|\n/).length);

export const SCRIPT_COLUMNS: readonly Column<Script>[] = [
  { key: 'title', header: 'TITLE', minWidth: 12, width: 24, flex: 2, identity: true },
  { key: 'windows', header: 'KIND', width: 20, render: scriptKind, priority: 1 },
  { key: 'lines', header: 'LINES', width: 6, align: 'right', render: (s) => String(lineCount(s)), sortValue: lineCount, priority: 2 },
  { key: 'public', header: 'PUBLIC', width: 6, render: (s) => yesNo(s.public), priority: 3 },
  { key: 'category', header: 'CATEGORY', fit: true, maxWidth: 16, priority: 4 },
  { key: 'id', header: 'ID', width: 6, align: 'right', priority: 5 },
];

export default defineResource<Script>({
  name: 'scripts',
  aliases: ['sc', 'script'],
  title: 'Scripts',
  singular: 'Script',
  rowKey: (s) => String(s.id),
  label: (s) => s.title,
  columns: SCRIPT_COLUMNS,
  defaultSort: { column: 'title', descending: false },
  load: ({ client }, signal) => client.scripts.list({ signal }),
  empty: 'no scripts in the library',
  record: (s) => [
    { fields: [field('Title', s.title), field('ID', s.id), field('Kind', scriptKind(s)), field('Public', yesNo(s.public)), field('Category', s.category), field('Lines', lineCount(s))] },
    { title: 'Content', fields: s.content.split(/\r\n|\r|\n/).map((line, i) => field(String(i + 1), line === '' ? ' ' : line)) },
  ],
});
