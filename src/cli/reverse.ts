// Writes and command lines, both ways, from the command table's WriteSpecs: `requestFor` is the request a
// write verb sends with given values; `commandForWrite` is the one-shot command that sends a given request
// (the history shows it beside what the dashboard did), or null when no verb sends exactly that.
import { seg } from '../api/path.js';
import { shellWord } from '../history/shell-word.js';
import { allVerbs } from './table.js';
import type { Param, Value, Values, Verb, WriteSpec } from './types.js';

export interface WriteRequest {
  method: string;
  path: string;
  body?: unknown;
}

/** The request `verb` (a write) sends with these values. */
export function requestFor(verb: Verb & { write: WriteSpec }, values: Values): WriteRequest {
  const { method, path, body } = verb.write;
  const filled = path.replace(/\{([\w-]+)\}/g, (_, name: string) => seg(String(values[name])));
  if (body === undefined) return { method, path: filled };
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(body)) {
    const value = 'const' in field ? field.const : values[field.from];
    if (value === undefined) continue;
    const parts = key.split('.');
    let at = out;
    for (const p of parts.slice(0, -1)) at = (at[p] ??= {}) as Record<string, unknown>;
    at[parts[parts.length - 1]] = value;
  }
  return { method, path: filled, body: out };
}

const isPlain = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `{a: {b: 1}}` as `{'a.b': 1}`; null when a leaf is a list or null (no verb sends one). */
function flatten(body: unknown, prefix = '', out: Record<string, Value> = {}): Record<string, Value> | null {
  if (body === undefined || body === null) return out;
  if (!isPlain(body)) return null;
  for (const [k, v] of Object.entries(body)) {
    const key = prefix + k;
    if (isPlain(v)) {
      if (flatten(v, `${key}.`, out) === null) return null;
    } else if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') out[key] = v;
    else return null;
  }
  return out;
}

/** A value of the request as the parameter takes it, or undefined when it cannot be one. */
function asParam(p: Param | undefined, v: Value): Value | undefined {
  if (p === undefined) return undefined;
  const type = p.type ?? 'string';
  if (type === 'number') return typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : undefined;
  if (type === 'boolean' || type === 'switch') return typeof v === 'boolean' ? v : undefined;
  if (typeof v !== 'string') return undefined;
  return p.choices && !p.choices.includes(v) ? undefined : v;
}

function matchPath(template: string, path: string): Record<string, string> | null {
  const names: string[] = [];
  const pattern = template.split(/(\{[\w-]+\})/).map((part) => {
    const m = /^\{([\w-]+)\}$/.exec(part);
    if (!m) return part.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
    names.push(m[1]);
    return '([^/]+)';
  });
  const m = new RegExp(`^${pattern.join('')}$`).exec(path.split('?')[0]);
  if (!m) return null;
  const out: Record<string, string> = {};
  for (let i = 0; i < names.length; i++) {
    let value: string;
    try {
      value = decodeURIComponent(m[i + 1]);
    } catch {
      return null;
    }
    if (out[names[i]] !== undefined && out[names[i]] !== value) return null;
    out[names[i]] = value;
  }
  return out;
}

/** The values `verb` would need to send `req`, or null. */
function valuesFor(verb: Verb & { write: WriteSpec }, req: WriteRequest): Values | null {
  if (verb.write.method !== req.method.toUpperCase()) return null;
  const fromPath = matchPath(verb.write.path, req.path);
  if (fromPath === null) return null;
  const body = flatten(req.body);
  if (body === null) return null;
  const param = (name: string) => verb.params.find((p) => p.name === name);
  const values: Values = {};
  for (const [name, raw] of Object.entries(fromPath)) {
    const v = asParam(param(name), raw);
    if (v === undefined) return null;
    values[name] = v;
  }
  const spec = verb.write.body ?? {};
  for (const [key, v] of Object.entries(body)) {
    const field = spec[key];
    if (field === undefined) return null;
    if ('const' in field) {
      if (field.const !== v) return null;
      continue;
    }
    const typed = asParam(param(field.from), v);
    if (typed === undefined || (values[field.from] !== undefined && values[field.from] !== typed)) return null;
    values[field.from] = typed;
  }
  // a constant the verb always sends must be there
  for (const [key, field] of Object.entries(spec)) if ('const' in field && body[key] === undefined) return null;
  for (const p of verb.params) {
    if (values[p.name] === undefined && p.default !== undefined) values[p.name] = p.default;
    if (p.required && values[p.name] === undefined) return null;
  }
  if (verb.check?.(values)) return null;
  // the request the command would send must be this one, whatever the defaults add
  const again = requestFor(verb, values);
  const canonical = (b: Record<string, Value> | null) => JSON.stringify(Object.entries(b ?? {}).sort(([a], [c]) => (a < c ? -1 : 1)));
  if (canonical(flatten(again.body)) !== canonical(body)) return null;
  return values;
}

function line(verb: Verb, values: Values): string {
  const words = ['ecsdeck', verb.resource, verb.name];
  for (const p of verb.params.filter((q) => q.positional)) if (values[p.name] !== undefined) words.push(shellWord(String(values[p.name])));
  for (const p of verb.params.filter((q) => !q.positional)) {
    const v = values[p.name];
    if (v === undefined || v === p.default) continue;
    if (p.type === 'switch') words.push(`--${p.name} ${v === true ? 'yes' : 'no'}`);
    else if (v !== false) words.push(v === true ? `--${p.name}` : `--${p.name} ${shellWord(String(v))}`);
  }
  return words.join(' ');
}

const writers = (): Array<Verb & { write: WriteSpec }> => allVerbs().filter((v): v is Verb & { write: WriteSpec } => v.write !== undefined);

/**
 * The one-shot command line that sends this write, e.g. `ecsdeck servers power-off ec206901`; null when no
 * verb sends it (a password change, a group with a password: what the line would have to print is secret).
 */
export function commandForWrite(req: { method: string; path: string; body?: unknown }): string | null {
  for (const verb of writers()) {
    const values = valuesFor(verb, req);
    if (values !== null) return line(verb, values);
  }
  return null;
}
