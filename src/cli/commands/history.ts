// `ecsdeck history list|get`: the history of writes (`:history`'s file, src/history/) for scripts, read from
// this machine with no connection made. Each write with how it ended and the one-shot command that sends
// the same request again.
import { historyPath, readHistory } from '../../history/file.js';
import { outcomeText, replayOf, sentAt, viaOf, type CommandFor, type HistoryEntry, type Via } from '../../history/record.js';
import { NotFoundError, arg, num, opt, record, rows } from '../shapes.js';
import { col, type Column, type LocalVerb, type Resource } from '../types.js';

const LIST_COLUMNS: Column[] = [
  // whole at any width: it is what `history get` takes; the time to the minute, as the other lists give it
  col<HistoryEntry>('ID', (e) => e.id, { whole: true }),
  col<HistoryEntry>('WHEN', (e) => sentAt(e).slice(0, 16), { whole: true }),
  // on a narrow terminal they make room for WHAT (a sentence, cut to fewer than 20 columns it says little):
  // BY goes first, then PROFILE
  col<HistoryEntry>('PROFILE', (e) => e.profile, { spare: 1 }),
  col<HistoryEntry>('BY', (e) => e.by, { spare: 2 }),
  col<HistoryEntry>('WHAT', (e) => e.what),
  col<HistoryEntry>('RESULT', outcomeText),
];

/** A write as a script reads it: what was sent, what came of it, and the command that sends it again. */
interface WriteJson {
  id: string;
  at: string;
  by: HistoryEntry['by'];
  profile: string;
  service: string;
  /** how the service was reached: `profile` (the one named), `env` (ECSDECK_* variables), `demo` */
  via: Via;
  what: string;
  request: { method: string; path: string; body?: unknown };
  /** something was taken out of the body (a secret): no command can repeat it */
  redacted: boolean;
  /** `done`, `refused`, `failed` (no answer), or null when none was written down */
  answer: 'done' | 'refused' | 'failed' | null;
  status: number | null;
  message: string | null;
  action: number | null;
  /** how the action ended, or null while it runs (or when there is none) */
  end: 'completed' | 'failed' | null;
  failure: string | null;
  /** `action 59038 completed`, as `:history` says it */
  outcome: string;
  /** the one-shot command that sends the same request, or null */
  command: string | null;
  /** why there is none (`none: the request held a secret, …`), or null when there is one */
  why: string | null;
}

function asJson(e: HistoryEntry, commandFor: CommandFor): WriteJson {
  const { command, why } = replayOf(e, commandFor);
  return {
    id: e.id,
    at: e.at,
    by: e.by,
    profile: e.profile,
    service: e.endpoint,
    via: viaOf(e),
    what: e.what,
    request: { method: e.method, path: e.path, ...(e.body === undefined ? {} : { body: e.body }) },
    redacted: e.redacted === true,
    answer: e.answer?.result ?? null,
    status: e.answer?.status ?? null,
    message: e.answer?.message ?? null,
    action: e.answer?.action ?? e.end?.action ?? null,
    end: e.end?.end ?? null,
    failure: e.end?.failure ?? null,
    outcome: outcomeText(e),
    command,
    why: command === null ? why : null,
  };
}

const RECORD_COLUMNS: Column[] = [
  col<WriteJson>('ID', (w) => w.id),
  col<WriteJson>('WHEN', sentAt),
  col<WriteJson>('PROFILE', (w) => w.profile),
  col<WriteJson>('SERVICE', (w) => w.service),
  col<WriteJson>('BY', (w) => w.by),
  col<WriteJson>('WHAT', (w) => w.what),
  col<WriteJson>('RESULT', (w) => w.outcome),
  col<WriteJson>('SENT', (w) => `${w.request.method} ${w.request.path}`),
  col<WriteJson>('COMMAND', (w) => w.command ?? w.why ?? ''),
];

/** The file's writes, newest first, with the lines that could not be read counted for a note. */
const load = (env: Record<string, string | undefined>) => readHistory(historyPath(env));

/** `3 unreadable lines skipped`, for stderr: the file was damaged (a crash, an edit by hand). */
const skippedNote = (skipped: number): string | undefined => (skipped > 0 ? `${skipped} unreadable line${skipped === 1 ? '' : 's'} of the history file skipped` : undefined);

const verbs: LocalVerb[] = [
  {
    resource: 'history',
    name: 'list',
    summary: 'the writes sent from this machine (the dashboard\u2019s and the commands\u2019), newest first',
    local: true,
    params: [
      opt('by', 'only those the dashboard or a command sent', { choices: ['dashboard', 'command'] }),
      num('last', 'only the newest N', { meta: 'N' }),
    ],
    run: async ({ env, commandFor, format }, v) => {
      const { entries, skipped } = load(env);
      let chosen = v.by === undefined ? entries : entries.filter((e) => e.by === v.by);
      if (typeof v.last === 'number') chosen = chosen.slice(0, v.last);
      // each write's command line is worked out for JSON only (a table or CSV has no column for it)
      const json = format === 'json' ? chosen.map((e) => asJson(e, commandFor)) : undefined;
      return { output: rows(chosen, LIST_COLUMNS, json), note: skippedNote(skipped) };
    },
  },
  {
    resource: 'history',
    name: 'get',
    summary: 'one write: what was sent, what came of it, and the command that sends it again',
    local: true,
    params: [arg('id', 'the write (its ID in history list)', { meta: 'ID' })],
    run: async ({ env, commandFor }, v) => {
      const { entries, skipped } = load(env);
      const found = entries.find((e) => e.id === v.id);
      if (found === undefined) throw new NotFoundError(`write '${String(v.id)}' not found in the history (ecsdeck history list names them)`);
      const json = asJson(found, commandFor);
      return { output: record(json, RECORD_COLUMNS), note: skippedNote(skipped) };
    },
  },
];

export const history: Resource = { name: 'history', summary: 'the writes sent from this machine, and how each ended', verbs };
