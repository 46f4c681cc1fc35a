// What every resource's reader builds on (each resource's model and parser live in its own module,
// api/<resource>.ts): the envelopes answers come in, the shared vocabulary, and `extra` for the fields the
// client does not know, so a new field on the service is neither fatal nor lost. Models are clean: numbers as
// numbers, timestamps as `Date | null`, one spelling per status, camelCase names.
import { ShapeError } from './errors.js';
import { Reader, isRecord, toNumber, type Json } from './read.js';

export type Extra = Record<string, unknown>;

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

/** `action_id` (spec) or `action` (one document page) of a creation; the latter possibly a whole action record. */
export function createdActionId(b: Json, what: string): number {
  const raw = b.action_id ?? b.action;
  const id = isRecord(raw) ? toNumber(raw.id) : toNumber(raw);
  if (id === undefined) throw new ShapeError(`${what} answer is missing 'action_id'`);
  return id;
}

/** Answers that carry nothing but `status`: accept anything that is not an error. */
export const parseNothing = (_body: unknown): void => undefined;

// --------------------------------------------------------------------------------------------- vocabulary

export const lower = (s: string) => s.trim().toLowerCase();

export type ImageStatus = 'creating' | 'created' | 'deleting' | 'deleted';

const IMAGE_CODES: Record<string, ImageStatus> = { cg: 'creating', cd: 'created', de: 'deleting', dd: 'deleted' };

/** Snapshot and template status codes (`CG`, `CD`, `DE`, `DD`) and their labels (`Created`) as one word. */
export function imageStatus(raw: string): ImageStatus | (string & {}) {
  const s = lower(raw);
  return IMAGE_CODES[s] ?? s;
}
