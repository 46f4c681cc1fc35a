// Request reading and field checking shared by every resource module. Bad input is answered with a 400 that
// names the field, never a 500, and is rejected before anything changes.
import type { Context } from 'hono';
import { badRequest, notFound } from './errors.js';
import type { Emu } from './emu.js';

export type Body = Record<string, unknown>;

export interface AppEnv {
  Variables: { user: string; emu: Emu };
}

export type Ctx = Context<AppEnv>;

const MAX_STRING = 65_536;

/** The body as an object: JSON, multipart or url-encoded form; an absent body is `{}`. */
export async function readBody(c: Ctx): Promise<Body> {
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  if (type.startsWith('multipart/form-data') || type.startsWith('application/x-www-form-urlencoded')) {
    let form: Record<string, unknown>;
    try {
      form = (await c.req.parseBody());
    } catch {
      return badRequest('malformed form body');
    }
    const out: Body = {};
    for (const [k, v] of Object.entries(form)) out[k] = typeof v === 'string' ? v : badRequest(`field '${k}' must be text`);
    return out;
  }
  const text = await c.req.text();
  if (text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return badRequest('malformed JSON body');
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    return badRequest('request body must be a JSON object');
  }
  checkWellFormed(parsed, 0);
  return parsed as Body;
}

const MAX_DEPTH = 32;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * JSON.parse accepts what no endpoint can use and some cannot store faithfully: nesting deeper than any
 * field needs, and strings with lone surrogates (not Unicode). Endpoints whose fields are all optional would
 * otherwise take such a body as an empty request.
 */
function checkWellFormed(value: unknown, depth: number): void {
  if (typeof value === 'string') {
    if (LONE_SURROGATE.test(value)) badRequest('malformed JSON body: text is not valid Unicode');
    return;
  }
  if (value === null || typeof value !== 'object') return;
  if (depth >= MAX_DEPTH) badRequest(`malformed JSON body: nested deeper than ${MAX_DEPTH} levels`);
  for (const [k, v] of Object.entries(value)) {
    if (LONE_SURROGATE.test(k)) badRequest('malformed JSON body: text is not valid Unicode');
    checkWellFormed(v, depth + 1);
  }
}

const has = (body: Body, field: string) => body[field] !== undefined && body[field] !== null;

export function optString(body: Body, field: string, max = MAX_STRING): string | undefined {
  if (!has(body, field)) return undefined;
  const v = body[field];
  if (typeof v !== 'string') return badRequest(`field '${field}' must be a string`);
  if (v.length > max) return badRequest(`field '${field}' is too long (at most ${max} characters)`);
  return v;
}

export function reqString(body: Body, field: string, max = MAX_STRING): string {
  const v = optString(body, field, max);
  if (v === undefined) return badRequest(`field '${field}' is required`);
  return v;
}

export function optBool(body: Body, field: string): boolean | undefined {
  if (!has(body, field)) return undefined;
  const v = body[field];
  if (typeof v === 'boolean') return v;
  // multipart forms carry text only
  if (v === 'true') return true;
  if (v === 'false') return false;
  return badRequest(`field '${field}' must be a boolean`);
}

export function optInt(body: Body, field: string, min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER): number | undefined {
  if (!has(body, field)) return undefined;
  const v = body[field];
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^-?\d+$/.test(v.trim()) ? Number(v) : NaN;
  if (!Number.isSafeInteger(n)) return badRequest(`field '${field}' must be an integer`);
  if (n < min || n > max) return badRequest(`field '${field}' must be between ${min} and ${max}`);
  return n;
}

export function reqInt(body: Body, field: string, min?: number, max?: number): number {
  const v = optInt(body, field, min, max);
  if (v === undefined) return badRequest(`field '${field}' is required`);
  return v;
}

/** A query parameter as a non-negative integer, or undefined when absent. */
export function queryInt(c: Ctx, name: string, min = 0, max = 1_000_000_000): number | undefined {
  const raw = c.req.query(name);
  if (raw === undefined || raw === '') return undefined;
  if (!/^\d+$/.test(raw)) return badRequest(`query parameter '${name}' must be a non-negative integer`);
  const n = Number(raw);
  if (n < min || n > max) return badRequest(`query parameter '${name}' must be between ${min} and ${max}`);
  return n;
}

/** A numeric path segment, or a 404 in the resource's words. */
export function pathId(raw: string, notFoundMessage: string): number {
  if (!/^\d{1,15}$/.test(raw)) return notFound(notFoundMessage);
  return Number(raw);
}

export const ok = (c: Ctx, fields: Record<string, unknown> = {}, status: 200 | 201 | 202 = 200) =>
  c.json({ status: 'ok', ...fields }, status);
