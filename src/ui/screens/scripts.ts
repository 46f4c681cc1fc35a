// `:scripts`: the account's cloud-script library, run by new servers at their first boot. ⏎ reads a script
// whole in the pager; `c` and `e` write its content in $VISUAL / $EDITOR / vi (the editor hand-off), `E`
// changes its title and kind (tui.md keeps `e` for the content alone, straight into the editor); the spec's
// rules and messages (src/rules/scripts.ts, the limit of 20) are checked before anything is sent.
import type { Script } from '../../api/index.js';
import { LIMITS, MSG, checkLibraryScript, checkLibraryScriptUpdate, ruleMessage } from '../../rules/index.js';
import type { Column } from '../components/Table.js';
import { formatDate, yesNo } from '../format.js';
import { char } from '../keymap.js';
import { defineResource, field, type ConfirmSpec, type FieldSpec, type FormSpec, type FormValues, type KeyContext } from '../resource/spec.js';
import { date } from './columns.js';

const scriptKind = (s: Pick<Script, 'windows'>): string => (s.windows ? 'PowerShell (Windows)' : 'shell (Linux)');
/** The text without the line break that ends its last line (an editor's file ends with one). */
const body = (content: string): string => content.replace(/(\r\n|\r|\n)$/, '');
const lineCount = (s: Pick<Script, 'content'>): number => (body(s.content) === '' ? 0 : body(s.content).split(/\r\n|\r|\n/).length);

// One content field per kind, so the editor gets the file suffix it colours by (.sh or .ps1).
const contentFields = (initial = ''): FieldSpec[] => [
  { id: 'sh', label: 'Content', kind: 'editor', suffix: '.sh', initial, when: (v) => v.windows !== true },
  { id: 'ps1', label: 'Content', kind: 'editor', suffix: '.ps1', initial, when: (v) => v.windows === true },
];
const contentOf = (v: FormValues): string => String((v.windows === true ? v.ps1 : v.sh) ?? '');

const createScript: FormSpec<Script> = {
  title: 'New script',
  consequence: 'A script new servers can run at their first boot; after the title and the kind your editor opens ($VISUAL, $EDITOR or vi). An empty or unchanged file sends nothing.',
  fields: [{ id: 'title', label: 'Title', placeholder: 'e.g. install nginx' }, { id: 'windows', label: 'Windows', kind: 'yesno', hint: 'y: a PowerShell script for Windows servers; n: a shell script for Linux' }, ...contentFields()],
  verb: 'create',
  check: (v) => ruleMessage(() => checkLibraryScript({ title: String(v.title), content: contentOf(v), windows: v.windows === true })),
  async submit(values, { client }) {
    const created = await client.scripts.create({ title: String(values.title), content: contentOf(values), windows: values.windows === true });
    return { message: `Created script ${created.title} (${lineCount(created)} lines).`, select: String(created.id) };
  },
};

/** `e`: the content straight into the editor; saving sends it, an unchanged file sends nothing. */
function editContent(s: Script): FormSpec<Script> {
  return {
    title: `Content of ${s.title}`,
    consequence: 'The editor opens with the script; save and quit to send it.',
    fields: [{ ...contentFields(s.content)[s.windows ? 1 : 0], when: undefined }],
    editFirst: true,
    verb: 'save',
    check: (v) => ruleMessage(() => checkLibraryScriptUpdate({ content: String(v.sh ?? v.ps1 ?? '') })),
    async submit(values, { client }) {
      const saved = await client.scripts.update(s.id, { content: String(values.sh ?? values.ps1 ?? '') });
      return { message: `Saved script ${saved.title} (${lineCount(saved)} lines).`, select: String(saved.id) };
    },
  };
}

/** `E`: the title and the kind, with the script's as they are; the content stays (the spec's PUT takes each field alone). */
function editTitleKind(s: Script): FormSpec<Script> {
  return {
    title: `Title and kind of ${s.title}`,
    consequence: 'The content stays as it is (e opens it in the editor). Servers that already ran the script are not touched.',
    fields: [
      { id: 'title', label: 'Title', initial: s.title },
      { id: 'windows', label: 'Windows', kind: 'yesno', initial: s.windows, hint: 'y: a PowerShell script for Windows servers; n: a shell script for Linux' },
    ],
    verb: 'save',
    check: (v) => ruleMessage(() => checkLibraryScriptUpdate({ title: String(v.title), windows: v.windows === true })),
    async submit(values, { client }) {
      const change: { title?: string; windows?: boolean } = {};
      if (String(values.title) !== s.title) change.title = String(values.title);
      if ((values.windows === true) !== s.windows) change.windows = values.windows === true;
      if (Object.keys(change).length === 0) return { message: `Nothing changed in script ${s.title}.`, refresh: false };
      const saved = await client.scripts.update(s.id, change);
      return { message: `Saved script ${saved.title}: ${scriptKind(saved)}.`, select: String(saved.id) };
    },
  };
}

const publicRefusal = (s: Script): string | null => (s.public ? `${s.title} is a public script: it can be used, not changed or deleted` : null);

const deleteScript: ConfirmSpec<Script> = {
  kind: 'yesno',
  title: (s) => `Delete script ${s.title}?`,
  consequence: () => 'Servers that already ran it keep what it did; new servers can no longer be given it.',
  refuse: publicRefusal,
  async run(s, { client }) {
    await client.scripts.remove(s.id);
    return { message: `Deleted script ${s.title}.` };
  },
};

/** `c`: the library holds 20 of one's own scripts at most; said before the form, in the service's words. */
function askCreate(ctx: KeyContext<Script>): null {
  ctx.run('Counting your scripts', async () => {
    const own = (await ctx.client.scripts.list()).filter((s) => !s.public).length;
    if (own >= LIMITS.scripts) throw new Error(MSG.scriptLimit);
    ctx.open({ kind: 'form', form: createScript });
    return { message: `${own} of ${LIMITS.scripts} scripts used.`, refresh: false };
  });
  return null;
}

const SCRIPT_COLUMNS: readonly Column<Script>[] = [
  { key: 'title', header: 'TITLE', minWidth: 12, width: 24, flex: 2, identity: true },
  { key: 'windows', header: 'KIND', width: 20, render: scriptKind },
  { key: 'lines', header: 'LINES', width: 6, align: 'right', render: (s) => String(lineCount(s)), sortValue: lineCount, priority: 2 },
  { key: 'public', header: 'PUBLIC', width: 6, render: (s) => yesNo(s.public), priority: 3 },
  { key: 'category', header: 'CATEGORY', fit: true, maxWidth: 16, priority: 4 },
  date<Script>('createdAt', 'CREATED', 5),
  { key: 'id', header: 'ID', width: 6, align: 'right', priority: 5, wide: true },
];

const UNDATED_COLUMNS = SCRIPT_COLUMNS.filter((c) => c.key !== 'createdAt');

const head = (s: Script) => [
  field('Title', s.title),
  field('ID', s.id),
  field('Kind', scriptKind(s)),
  field('Public', yesNo(s.public)),
  field('Category', s.category),
  ...(s.createdAt ? [field('Created (UTC)', formatDate(s.createdAt))] : []),
];

export default defineResource<Script>({
  name: 'scripts',
  aliases: ['sc', 'script'],
  title: 'Scripts',
  singular: 'Script',
  rowKey: (s) => String(s.id),
  label: (s) => s.title,
  columns: SCRIPT_COLUMNS,
  // the spec's scripts carry no date (2.11): the column is there only when the service sends one
  columnsFor: (rows) => (rows.some((s) => s.createdAt !== null) ? SCRIPT_COLUMNS : UNDATED_COLUMNS),
  defaultSort: { column: 'title', descending: false },
  load: ({ client }, signal) => client.scripts.list({ signal }),
  empty: 'no scripts in the library: c writes one',
  page: (s) => ({ fields: head(s), text: body(s.content), copyId: String(s.id) }),
  create: askCreate,
  edit: (s) => publicRefusal(s) ?? { kind: 'form', form: editContent(s), row: s },
  remove: deleteScript,
  keys: [
    {
      id: 'scripts.retitle',
      keys: ['E'],
      match: char('E'),
      description: 'change the title and kind (shell or PowerShell) of the selected script',
      hint: 'title/kind',
      rank: 23,
      write: true,
      refuse: publicRefusal,
      run: (s, ctx) => ctx.open({ kind: 'form', form: editTitleKind(s), row: s }),
    },
  ],
  record: (s) => [{ fields: [...head(s), field('Lines', lineCount(s))] }],
});
