// `:history`: every write sent from this machine (the dashboard's and the one-shot commands'), newest first,
// read from the history file (src/history/). ⏎ shows the record with the one-shot command that does the same;
// `y` copies that command.
import { historyPath } from '../../history/file.js';
import { outcomeText, replayOf, sentAt, viaOf, type CommandFor, type HistoryEntry, type Via } from '../../history/record.js';
import type { Column } from '../components/Table.js';
import { defineResource, field } from '../resource/spec.js';

/** the command table, loaded with the first look at the history (it is not needed before) */
let commandFor: CommandFor | null = null;
/** lines the last read skipped, for the title line */
let skipped = 0;

/** How the write reached its service, in words: where the command below sends it again. */
const THROUGH: Record<Via, (profile: string) => string> = {
  profile: (profile) => `the profile ${profile}`,
  env: () => 'the ECSDECK_* variables of the environment it ran in',
  demo: () => "the demo's emulator (it lasts only while its program runs)",
};
const commandOf = (e: HistoryEntry) => replayOf(e, commandFor);

const outcomeRole = (e: HistoryEntry) =>
  e.answer?.result === 'refused' || e.answer?.result === 'failed' || e.end?.end === 'failed' ? ('error' as const) : e.end?.end === 'completed' || (e.answer?.result === 'done' && e.answer.action === undefined) ? ('ok' as const) : undefined;

const HISTORY_COLUMNS: readonly Column<HistoryEntry>[] = [
  { key: 'at', header: 'WHEN (UTC)', width: 19, render: sentAt },
  { key: 'profile', header: 'PROFILE', fit: true, maxWidth: 14, priority: 2 },
  // up to 100 columns (a snapshot's description is in it): on a wide terminal RESULT stays beside it
  { key: 'what', header: 'WHAT', minWidth: 16, maxWidth: 100, flex: 2, identity: true },
  // as wide as its widest cell up to `action 590381 completed`, so that a narrow terminal cuts WHAT's end (⏎
  // shows it whole) before the action's number and how it ended (colour alone says nothing)
  { key: 'result', header: 'RESULT', fit: true, minWidth: 12, maxWidth: 24, render: outcomeText, color: outcomeRole, priority: 1 },
  { key: 'by', header: 'BY', width: 9, priority: 3, wide: true, render: (e) => e.by },
];

export default defineResource<HistoryEntry>({
  name: 'history',
  aliases: ['hist'],
  title: 'History',
  singular: 'Write',
  rowKey: (e) => e.id,
  label: (e) => e.what,
  columns: HISTORY_COLUMNS,
  defaultSort: { column: 'at', descending: true },
  // the file grows as writes are sent and their actions end
  live: true,
  copyId: (e) => commandOf(e).command ?? e.what,
  load: async ({ session }) => {
    const [{ readHistory }, reverse] = await Promise.all([import('../../history/file.js'), import('../../cli/reverse.js')]);
    commandFor = reverse.commandForWrite;
    const read = readHistory(session.history?.path ?? historyPath(process.env));
    skipped = read.skipped;
    return read.entries;
  },
  empty: 'no writes yet: each change sent to the service is listed here',
  note: (rows) => {
    const bad = skipped > 0 ? ` · ${skipped} unreadable line${skipped === 1 ? '' : 's'} skipped` : '';
    return `${rows.length} write${rows.length === 1 ? '' : 's'}${bad}`;
  },
  record: (e, { session }) => {
    const { command, why } = commandOf(e);
    return [
      {
        fields: [
          field('When (UTC)', sentAt(e)),
          field('Profile', e.profile),
          field('Service', e.endpoint),
          field('Through', THROUGH[viaOf(e)](e.profile)),
          field('Sent by', e.by === 'command' ? 'a one-shot command' : 'the dashboard'),
          field('What', e.what),
          field('Result', outcomeText(e), outcomeRole(e)),
          field('Action', e.answer?.action),
        ],
      },
      { title: 'Command', fields: [field('Same from a shell', command ?? why)] },
      {
        title: 'Request',
        fields: [
          field('Sent', `${e.method} ${e.path}`),
          field('Body', e.body === undefined ? null : JSON.stringify(e.body)),
          ...(session.history === null ? [field('Recording', 'off for this session (--no-history or the profile says so)', 'dim')] : []),
        ],
      },
    ];
  },
});
