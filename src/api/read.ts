// Small field readers that turn a wire record into a clean model. Each shape variant the service is known to
// send (numbers as strings or integers, "" or null for unset timestamps) is read here, once. A missing required
// field is a ShapeError naming it; fields nobody asked for end up in `rest()`, out of the way.
import { ShapeError } from './errors.js';

export type Json = Record<string, unknown>;

export function isRecord(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A wire value meant as text: a string as it is, a number or a boolean written out, anything else as JSON (where
 * String() would give "[object Object]"). */
export function scalarText(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  return JSON.stringify(v) ?? '';
}

const absent = (v: unknown) => v === undefined || v === null;

export class Reader {
  private readonly used = new Set<string>();

  constructor(
    readonly raw: Json,
    /** what the record is, for messages: "server record" */
    readonly what: string,
  ) {}

  static of(v: unknown, what: string): Reader {
    if (!isRecord(v)) throw new ShapeError(`${what} is not an object`);
    return new Reader(v, what);
  }

  has(key: string): boolean {
    return !absent(this.raw[key]);
  }

  /** The raw value, marked as read. */
  any(key: string): unknown {
    this.used.add(key);
    return this.raw[key];
  }

  private skip<T>(key: string, fallback: T): T {
    this.used.add(key);
    return fallback;
  }

  private missing(key: string): never {
    throw new ShapeError(`${this.what} is missing '${key}'`);
  }

  private wrong(key: string, expected: string): never {
    throw new ShapeError(`${this.what} has '${key}' that is not ${expected}`);
  }

  str(key: string): string {
    const v = this.any(key);
    if (absent(v)) this.missing(key);
    if (typeof v === 'string') return v;
    if (typeof v === 'number' || typeof v === 'boolean') return String(v);
    return this.wrong(key, 'text');
  }

  optStr(key: string, fallback = ''): string {
    return this.has(key) ? this.str(key) : this.skip(key, fallback);
  }

  /** Text, with "" and null read as null. */
  nullableStr(key: string): string | null {
    if (!this.has(key)) return this.skip(key, null);
    const s = this.str(key);
    return s === '' ? null : s;
  }

  num(key: string): number {
    const v = this.any(key);
    if (absent(v)) this.missing(key);
    const n = toNumber(v);
    if (n === undefined) this.wrong(key, 'a number');
    return n;
  }

  optNum(key: string, fallback = 0): number {
    return this.has(key) && this.raw[key] !== '' ? this.num(key) : this.skip(key, fallback);
  }

  nullableNum(key: string): number | null {
    return this.has(key) && this.raw[key] !== '' ? this.num(key) : this.skip(key, null);
  }

  bool(key: string): boolean {
    const v = this.any(key);
    if (absent(v)) this.missing(key);
    const b = toBool(v);
    if (b === undefined) this.wrong(key, 'true or false');
    return b;
  }

  optBool(key: string, fallback = false): boolean {
    return this.has(key) ? this.bool(key) : this.skip(key, fallback);
  }

  /** A timestamp: ISO 8601 (micro- or milliseconds, `Z` or an offset) or Unix seconds; "" and null are null. */
  date(key: string): Date | null {
    const v = this.any(key);
    if (absent(v) || v === '') return null;
    const d = toDate(v);
    if (d === undefined) this.wrong(key, 'a date');
    return d;
  }

  /** A nested record read by `read`, or null when absent. */
  nested<T>(key: string, read: (r: Reader) => T): T | null {
    const v = this.any(key);
    if (absent(v) || v === '') return null;
    return read(Reader.of(v, `${this.what} '${key}'`));
  }

  list<T>(key: string, read: (v: unknown, i: number) => T, required = false): T[] {
    const v = this.any(key);
    if (absent(v)) {
      if (required) this.missing(key);
      return [];
    }
    if (!Array.isArray(v)) this.wrong(key, 'a list');
    return v.map(read);
  }

  /** Fields not read so far: kept out of the way, not lost. */
  rest(): Json {
    const out: Json = {};
    // for-in over a parsed record: no array of entries made for each of 10,000 servers
    for (const k in this.raw) if (!this.used.has(k) && Object.hasOwn(this.raw, k)) out[k] = this.raw[k];
    return out;
  }
}

export function toNumber(v: unknown): number | undefined {
  if (typeof v === 'number') return Number.isFinite(v) ? v : undefined;
  if (typeof v === 'string' && v.trim() !== '') {
    const n = Number(v.trim());
    return Number.isFinite(n) ? n : undefined;
  }
  return undefined;
}

function toBool(v: unknown): boolean | undefined {
  if (typeof v === 'boolean') return v;
  if (v === 1 || v === '1' || v === 'true' || v === 'True') return true;
  if (v === 0 || v === '0' || v === 'false' || v === 'False') return false;
  return undefined;
}

export function toDate(v: unknown): Date | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) {
    // Unix seconds on this wire; a value this large can only be milliseconds
    return new Date(v > 1e12 ? v : v * 1000);
  }
  if (typeof v !== 'string' || v.trim() === '') return undefined;
  const s = v.trim();
  if (/^\d+(\.\d+)?$/.test(s)) return toDate(Number(s));
  // JavaScript's parser takes at most milliseconds; the service sends microseconds
  const trimmed = s.length > 24 ? s.replace(/(\.\d{3})\d+/, '$1') : s;
  const d = new Date(trimmed);
  return Number.isNaN(d.getTime()) ? undefined : d;
}
