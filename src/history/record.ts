// What one history line holds, and the record the lines of one write make together. A write is appended
// as three kinds of line, each a JSON object with the write's `id`: `sent` before the request goes out (what,
// where, as whom), `answer` when the service answered (the action it started, or its refusal), `end` when
// the tracker saw that action end. Lines are only ever appended, so a crash between them loses nothing
// already written; reading merges them by id.
import { scrub } from '../api/secrets.js';
import { shellWord } from './shell-word.js';

export type Sender = 'dashboard' | 'command';

/**
 * How the write reached its service: through the saved profile named in `profile`, through the environment's
 * ECSDECK_* variables (`profile` is then `env`), or to the demo's emulator, which lives only while its program
 * runs.
 */
export type Via = 'profile' | 'env' | 'demo';
const isVia = (v: unknown): v is Via => v === 'profile' || v === 'env' || v === 'demo';

export interface SentLine {
  v: 1;
  t: 'sent';
  id: string;
  /** ISO 8601, UTC */
  at: string;
  by: Sender;
  profile: string;
  endpoint: string;
  /** absent in lines written before it was: see `viaOf` */
  via?: Via;
  method: string;
  path: string;
  /** the request's body, secrets replaced by `[redacted]` */
  body?: unknown;
  /** true when something was taken out of the body: no command line can repeat it */
  redacted?: boolean;
  /** `power off ec206901` */
  what: string;
}

export interface AnswerLine {
  v: 1;
  t: 'answer';
  id: string;
  at: string;
  /** `done`: the service did it (`action` when it started one); `refused`: its refusal; `failed`: no answer */
  result: 'done' | 'refused' | 'failed';
  action?: number;
  status?: number;
  message?: string;
}

export interface EndLine {
  v: 1;
  t: 'end';
  id: string;
  at: string;
  action: number;
  end: 'completed' | 'failed';
  failure?: string;
}

export type HistoryLine = SentLine | AnswerLine | EndLine;

/** One write with everything known of how it went. */
export interface HistoryEntry extends SentLine {
  answer: AnswerLine | null;
  end: EndLine | null;
}

const SECRET_KEYS = /password|passwd|secret|token|jwt|console_key|apikey|api_key|user_customize_env/i;

/**
 * The body as it may be written down: values under secret-sounding keys, a temporary script's content
 * (`user_customize` as text: scripts hold passwords) and anything the client knows to be a secret are
 * replaced by `[redacted]`.
 */
export function redact(body: unknown): { body: unknown; redacted: boolean } {
  let redacted = false;
  const walk = (value: unknown, key: string): unknown => {
    if (SECRET_KEYS.test(key) || (key === 'user_customize' && typeof value === 'string')) {
      redacted = true;
      return '[redacted]';
    }
    if (typeof value === 'string') {
      const clean = scrub(value);
      if (clean !== value) redacted = true;
      return clean;
    }
    if (Array.isArray(value)) return value.map((v) => walk(v, ''));
    if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v, k)]));
    return value;
  };
  return { body: walk(body, ''), redacted };
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const positiveInt = (v: unknown): number | undefined => (typeof v === 'number' && Number.isSafeInteger(v) && v > 0 ? v : undefined);

/**
 * The action a write's answer started: the raw JSON (`action_id`, `action` as a number or an Action) or what
 * the client made of it (an Action, `{ actionId }`, `{ action }`).
 */
export function actionIdOf(body: unknown): number | undefined {
  if (!isRecord(body)) return undefined;
  const direct = positiveInt(body.action_id) ?? positiveInt(body.actionId) ?? positiveInt(body.action);
  if (direct !== undefined) return direct;
  if (isRecord(body.action)) return positiveInt(body.action.id);
  // an Action itself (a lost answer recovered as the action under way)
  if (typeof body.status === 'string' && typeof body.type === 'string') return positiveInt(body.id);
  return undefined;
}

const decode = (s: string): string => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

const str = (v: unknown): string => (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? String(v) : '');

type Rule = [method: string, pattern: RegExp, describe: (m: string[], body: Record<string, unknown>) => string];

// `{1}`: the path's first name. Most specific first.
const RULES: Rule[] = [
  ['POST', /^\/ecs\/v2\/servers\/([^/]+)\/actions$/, (m, b) => `${str(b.type).replace(/_/g, ' ') || 'action'}${b.type === 'console' ? ' key for' : ''} ${m[1]}`],
  ['POST', /^\/ecs\/v2\/servers$/, (_m, b) => `create server ${str(b.notes)} (${str(b.plan)}, ${str(b.location)}, ${str(b.image)})`],
  ['DELETE', /^\/ecs\/v2\/servers\/([^/]+)$/, (m) => `delete server ${m[1]}`],
  ['PUT', /^\/ecs\/v2\/servers\/([^/]+)$/, (m, b) => `edit server ${m[1]}${b.note !== undefined ? ` (label ${str(b.note)})` : ''}${b.group !== undefined ? ` (group ${str(b.group)})` : ''}`],
  ['POST', /^\/ecs\/v2\/servers\/([^/]+)\/snapshots$/, (m, b) => `snapshot ${m[1]}${b.description ? ` (${str(b.description)})` : ''}`],
  ['PATCH', /^\/ecs\/v2\/servers\/([^/]+)\/snapshots\/([^/]+)$/, (m, b) => `${b.protected === true ? 'protect' : 'edit'} snapshot ${m[2]} of ${m[1]}`],
  ['DELETE', /^\/ecs\/v2\/servers\/([^/]+)\/snapshots\/([^/]+)$/, (m) => `delete snapshot ${m[2]} of ${m[1]}`],
  ['POST', /^\/ecs\/v2\/servers\/([^/]+)\/crons$/, (m) => `schedule snapshots of ${m[1]}`],
  ['PATCH', /^\/ecs\/v2\/servers\/([^/]+)\/crons/, (m) => `edit the snapshot schedule of ${m[1]}`],
  ['DELETE', /^\/ecs\/v2\/servers\/([^/]+)\/crons/, (m) => `stop the snapshot schedule of ${m[1]}`],
  ['POST', /^\/ecs\/v2\/servers\/([^/]+)\/support$/, (m, b) => `support ${str(b.code)} for ${m[1]}`],
  ['DELETE', /^\/ecs\/v2\/servers\/([^/]+)\/support$/, (m) => `end support for ${m[1]}`],
  ['POST', /^\/api\/v2\/servers\/([^/]+)\/reserved$/, (m, b) => `reserve ${m[1]} (${str(b.reserved_plan)})`],
  ['PUT', /^\/api\/v2\/servers\/([^/]+)\/spot-status$/, (m) => `promote spot ${m[1]}`],
  ['PATCH', /^\/api\/v2\/servers\/([^/]+)\/spot-status$/, (m) => `promote spot ${m[1]}`],
  ['POST', /^\/ecs\/v2\/servers\/([^/]+)\/networks\/([^/]+)\/vlans$/, (m, b) => `add VLAN ${str(b.vlan_id ?? b.vlans)} on ${m[2]} to ${m[1]}`],
  ['PATCH', /^\/ecs\/v2\/servers\/([^/]+)\/networks\/([^/]+)\/vlans\/([^/]+)$/, (m, b) => `${b.pvid === true ? 'set PVID on' : 'unset PVID on'} VLAN ${m[3]} of ${m[1]}`],
  ['DELETE', /^\/ecs\/v2\/servers\/([^/]+)\/networks\/([^/]+)\/vlans\/([^/]+)$/, (m) => `remove VLAN ${m[3]} on ${m[2]} from ${m[1]}`],
  ['POST', /^\/ecs\/v2\/templates$/, (_m, b) => `make template ${str(b.description)} from ${str(b.server ?? b.snapshot)}`],
  ['PUT', /^\/ecs\/v2\/templates\/([^/]+)$/, (m, b) => `rename template ${m[1]} to ${str(b.description)}`],
  ['DELETE', /^\/ecs\/v2\/templates\/([^/]+)$/, (m) => `delete template ${m[1]}`],
  ['POST', /^\/ecs\/v2\/sshkeys$/, (_m, b) => `add SSH key ${str(b.label)}`],
  ['PUT', /^\/ecs\/v2\/sshkeys\/([^/]+)$/, (m, b) => `rename SSH key ${m[1]} to ${str(b.label)}`],
  ['DELETE', /^\/ecs\/v2\/sshkeys\/([^/]+)$/, (m) => `delete SSH key ${m[1]}`],
  ['POST', /^\/ecs\/v2\/scripts$/, (_m, b) => `add script ${str(b.title)}`],
  ['PUT', /^\/ecs\/v2\/scripts\/([^/]+)$/, (m) => `edit script ${m[1]}`],
  ['DELETE', /^\/ecs\/v2\/scripts\/([^/]+)$/, (m) => `delete script ${m[1]}`],
  ['POST', /^\/ecs\/v2\/networks$/, (_m, b) => `create network ${str(b.name)}`],
  ['DELETE', /^\/ecs\/v2\/networks\/([^/]+)$/, (m) => `delete network ${m[1]}`],
  ['POST', /^\/ecs\/v2\/groups$/, (_m, b) => `create group ${str(b.notes ?? b.name)}`],
  ['DELETE', /^\/ecs\/v2\/groups\/([^/]+)$/, (m) => `delete group ${m[1]}`],
  ['POST', /^\/ecs\/v2\/keys$/, (_m, b) => `create API token ${str(b.notes)}`],
  ['PUT', /^\/ecs\/v2\/keys\/([^/]+)$/, (m, b) => `rename API token ${m[1]} to ${str(b.notes)}`],
  ['DELETE', /^\/ecs\/v2\/keys\/([^/]+)$/, (m) => `revoke API token ${m[1]}`],
  ['POST', /^\/ecs\/v2\/account$/, () => 'change the password'],
];

/** The write in a few words: `power off ec206901`, `delete server ec206901`; else its method and path. */
export function describeWrite(method: string, path: string, body: unknown): string {
  const bare = path.split('?')[0];
  const b = isRecord(body) ? body : {};
  for (const [m, re, describe] of RULES) {
    if (m !== method) continue;
    const match = re.exec(bare);
    if (match) return describe(match.map(decode), b).replace(/\s+/g, ' ').trim();
  }
  return `${method} ${decode(bare)}`;
}

/** The lines of a file, merged by write, oldest first; lines of a write whose `sent` is gone are dropped. */
export function mergeLines(lines: readonly HistoryLine[]): HistoryEntry[] {
  const byId = new Map<string, HistoryEntry>();
  for (const line of lines) {
    if (line.t === 'sent') byId.set(line.id, { ...line, answer: null, end: null });
    else {
      const entry = byId.get(line.id);
      if (entry === undefined) continue;
      if (line.t === 'answer') entry.answer = line;
      else entry.end = line;
    }
  }
  return [...byId.values()];
}

/** Reads one line; null for anything that is not a history line of this version. */
export function parseLine(text: string): HistoryLine | null {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(v) || v.v !== 1 || typeof v.id !== 'string' || typeof v.at !== 'string') return null;
  if (v.t === 'sent') {
    return typeof v.method === 'string' && typeof v.path === 'string' && typeof v.what === 'string' && typeof v.profile === 'string' && typeof v.endpoint === 'string'
      ? ({ ...(v as unknown as SentLine), via: isVia(v.via) ? v.via : undefined })
      : null;
  }
  if (v.t === 'answer') return v.result === 'done' || v.result === 'refused' || v.result === 'failed' ? (v as unknown as AnswerLine) : null;
  if (v.t === 'end') return positiveInt(v.action) !== undefined && (v.end === 'completed' || v.end === 'failed') ? (v as unknown as EndLine) : null;
  return null;
}

/** `2026-11-28 17:20:05`: when a write was sent, as the history shows it (UTC). */
export const sentAt = (e: Pick<HistoryEntry, 'at'>): string => e.at.replace('T', ' ').replace(/\.\d+Z$|Z$/, '');

/** The one-shot command line that sends a request (src/cli/reverse.ts's commandForWrite), or null. */
export type CommandFor = (req: { method: string; path: string; body?: unknown }) => string | null;

/** How a write reached its service; for a line written before `via` was, told from its profile and address. */
export function viaOf(e: Pick<SentLine, 'via' | 'profile' | 'endpoint'>): Via {
  if (isVia(e.via)) return e.via;
  if (e.profile === 'env') return 'env';
  return e.profile === 'demo' && /^127\.0\.0\.1:\d+$/.test(e.endpoint) ? 'demo' : 'profile';
}

/**
 * The one-shot command that sends the same request again, to the same service, or why there is none. A write
 * made through a profile names it (`ecsdeck --profile work servers power-off ec206901`): the profile current
 * when the command is run may be another service's. The demo's writes go to a demo (`--demo`, a fresh one: the
 * emulator they were sent to is gone), never to a real service; the environment's go where the environment
 * says, as they went.
 */
export function replayOf(e: HistoryEntry, commandFor: CommandFor | null): { command: string | null; why: string } {
  if (e.redacted) return { command: null, why: 'none: the request held a secret, which is not written down' };
  const command = commandFor?.({ method: e.method, path: e.path, body: e.body }) ?? null;
  if (command === null) return { command: null, why: 'none: no one-shot command sends this request' };
  const via = viaOf(e);
  const flags = via === 'profile' ? `--profile ${shellWord(e.profile)} ` : via === 'demo' ? '--demo ' : '';
  return { command: command.replace(/^ecsdeck /, `ecsdeck ${flags}`), why: '' };
}

/** What came of it, in a few words: `action 123 completed`, `refused: server is off`. */
export function outcomeText(e: HistoryEntry): string {
  const a = e.answer;
  if (a === null) return 'no answer recorded';
  if (a.result === 'refused') return `refused: ${a.message ?? `HTTP ${a.status ?? '?'}`}`;
  if (a.result === 'failed') return `no answer: ${a.message ?? 'unknown'}`;
  if (a.action === undefined) return 'done';
  if (e.end === null) return `action ${a.action} started`;
  return e.end.end === 'completed' ? `action ${a.action} completed` : `action ${a.action} failed${e.end.failure ? `: ${e.end.failure}` : ''}`;
}
