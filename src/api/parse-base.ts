// Wire shapes → models, part 1 of 3 (parse.ts is the whole, re-exporting the other parts): the envelopes, the
// vocabulary folded into one spelling, and the action record, which every other reader builds on.
import { ShapeError } from './errors.js';
import type * as M from './models.js';
import { Reader, isRecord, toNumber, type Json } from './read.js';

// ---------------------------------------------------------------------------------------------- envelopes

/** `{status, <key>: {...}}` or the record itself: several answers come either way. */
export function unwrap(body: unknown, key: string): unknown {
  if (isRecord(body) && isRecord(body[key])) return body[key];
  return body;
}

/** The list under `key`, or the body itself when the service sent a bare array. */
export function listOf(body: unknown, key: string, what: string): unknown[] {
  if (Array.isArray(body)) return body;
  if (isRecord(body)) {
    const v = body[key];
    if (Array.isArray(v)) return v;
    if (v === undefined || v === null) throw new ShapeError(`${what} answer is missing '${key}'`);
  }
  throw new ShapeError(`${what} answer has no list '${key}'`);
}

/** A record sent flat beside the envelope's `status: "ok"`: that status is not the record's. */
export function envelope(r: Reader): void {
  if (r.raw.status === 'ok') r.any('status');
}

export function requireRecord(body: unknown, what: string): Json {
  if (!isRecord(body)) throw new ShapeError(`${what} answer is not an object`);
  return body;
}

// ------------------------------------------------------------------------------------------- vocabulary

export const lower = (s: string) => s.trim().toLowerCase();

/** `failed` and `error` are one failure status; a few other spellings are folded in for safety. */
function actionStatus(raw: string): M.ActionStatus | (string & {}) {
  const s = lower(raw).replace(/[_ ]/g, '-');
  if (s === 'failed' || s === 'error' || s === 'failure' || s === 'fail') return 'failed';
  if (s === 'completed' || s === 'complete' || s === 'done' || s === 'success') return 'completed';
  if (s === 'in-progress' || s === 'inprogress' || s === 'running' || s === 'pending') return 'in-progress';
  return s;
}

/** `new_server` is what one document page calls `create_server`. */
function actionType(raw: string): string {
  const s = lower(raw);
  return s === 'new_server' ? 'create_server' : s;
}

/** `RUNNING`, `Running` → 'running'; `SHUTOFF` → 'shutoff'. */
export function powerState(raw: string): string {
  return lower(raw).replace(/[\s-]+/g, '_');
}

const IMAGE_CODES: Record<string, M.ImageStatus> = { cg: 'creating', cd: 'created', de: 'deleting', dd: 'deleted' };

/** Snapshot and template status codes (`CG`, `CD`, `DE`, `DD`) and their labels (`Created`) as one word. */
export function imageStatus(raw: string): M.ImageStatus | (string & {}) {
  const s = lower(raw);
  return IMAGE_CODES[s] ?? s;
}

// ------------------------------------------------------------------------------------------------ actions

export function parseAction(v: unknown): M.Action {
  const r = Reader.of(v, 'action record');
  const a: M.Action = {
    id: r.num('id'),
    status: actionStatus(r.str('status')),
    user: r.optStr('user'),
    createdAt: r.date('created_at'),
    startedAt: r.date('started_at'),
    completedAt: r.date('completed_at'),
    resource: r.optStr('resource'),
    resourceType: r.optStr('resource_type'),
    type: actionType(r.str('type')),
    progress: r.optNum('progress'),
    extra: r.rest(),
  };
  // a bare console answer carries the key beside the action's fields; it is not part of the action
  delete a.extra.console_key;
  return a;
}

/** `{status:"ok", action:{...}}` or the bare action (power, console, rollback answers). */
export function parseActionAnswer(body: unknown): M.Action {
  return parseAction(unwrap(body, 'action'));
}

export function parseConsole(body: unknown): M.ConsoleAccess {
  const b = requireRecord(body, 'console');
  const inner = isRecord(b.action) ? b.action : b;
  const key = b.console_key ?? inner.console_key;
  if (typeof key !== 'string' || key === '') throw new ShapeError("console answer is missing 'console_key'");
  return { action: parseAction(inner), consoleKey: key };
}

export function parseActionPage(body: unknown): M.ActionPage {
  const actions = listOf(body, 'actions', 'action list').map(parseAction);
  const total = isRecord(body) ? toNumber(body.total_actions) : undefined;
  return { actions, total: total ?? actions.length };
}

