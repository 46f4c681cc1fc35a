// Server metrics (spec 2.17, 4.3): GET /ecs/v2/servers/{name}/metrics?start&end.
// Choices where the spec is silent:
// - start and end are ISO 8601 dates or date-times (no zone means UTC). Defaults: end = now, start = end - 1 h.
//   A bad date, or end before start: 400 naming the parameter.
// - Points sit on multiples of a step of whole minutes (at least 60 s) chosen so the part of the range the server
//   lived through has at most MAX_POINTS points; none before its creation or at its instant, after its deletion,
//   or in the future.
// - Values are deterministic: smooth noise keyed by server name and time (15-minute knots, a daily cycle and a
//   little per-minute jitter), so the same query always answers the same numbers.
// - While the server is powered off every series reads "0" (the VM uses nothing), so charts show the gap.
// - Units: core in percent of the plan's CPUs, disk in bytes/s read and written, network in bytes/s.
import type { Hono } from 'hono';
import type { Emu } from './emu.js';
import { badRequest } from './errors.js';
import type { AppEnv } from './http.js';
import { ownedServer } from './server-core.js';
import type { ServerRec } from './servers-state.js';

export const MAX_POINTS = 300;
const DEFAULT_RANGE_S = 3600;
const KNOT_S = 900;

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

/** Milliseconds of an ISO 8601 date or date-time, or undefined when it is not one. */
export function parseIsoDate(raw: string): number | undefined {
  const m = ISO.exec(raw.trim());
  if (!m) return undefined;
  const [, y, mo, d, h = '00', mi = '00', s = '00', frac = '', zone = 'Z'] = m;
  const ms = frac === '' ? '' : `.${frac.slice(1, 4).padEnd(3, '0')}`;
  let tz = zone.toUpperCase();
  if (tz !== 'Z') tz = tz.length === 3 ? `${tz}:00` : tz.length === 5 ? `${tz.slice(0, 3)}:${tz.slice(3)}` : tz;
  const t = Date.parse(`${y}-${mo}-${d}T${h}:${mi}:${s}${ms}${tz}`);
  if (!Number.isFinite(t)) return undefined;
  // Date.parse rolls 2026-02-31 over to March: refuse dates that do not exist.
  const check = new Date(Date.parse(`${y}-${mo}-${d}T00:00:00Z`));
  if (check.getUTCDate() !== Number(d) || check.getUTCMonth() + 1 !== Number(mo)) return undefined;
  if (Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) return undefined;
  return t;
}

function queryDate(raw: string | undefined, name: string): number | undefined {
  if (raw === undefined || raw === '') return undefined;
  const t = parseIsoDate(raw);
  if (t === undefined) return badRequest(`query parameter '${name}' must be an ISO 8601 date or date-time (e.g. 2026-01-31T12:00:00Z)`);
  return t;
}

function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  // a final avalanche so neighbouring keys give unrelated values
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return h >>> 0;
}

const unit = (key: string) => hash32(key) / 4294967296;

/** Smooth 0..1 noise: cosine interpolation between random knots every KNOT_S seconds. */
function smooth(key: string, tS: number): number {
  const k = Math.floor(tS / KNOT_S);
  const f = (tS - k * KNOT_S) / KNOT_S;
  const a = unit(`${key}:${k}`);
  const b = unit(`${key}:${k + 1}`);
  const w = (1 - Math.cos(f * Math.PI)) / 2;
  return a * (1 - w) + b * w;
}

/** 0..1, high in European working hours. */
const daily = (tS: number) => 0.5 + 0.5 * Math.sin(((tS % 86400) / 86400 - 0.3) * 2 * Math.PI);

interface Sample {
  core: number;
  reads: number;
  writes: number;
  received: number;
  transmitted: number;
}

function sample(name: string, tS: number): Sample {
  const base = 5 + unit(`${name}:base`) * 40;
  const day = daily(tS);
  const jitter = unit(`${name}:j:${Math.floor(tS / 60)}`);
  const core = Math.min(100, Math.max(0.3, base * (0.5 + day) * (0.4 + 1.2 * smooth(`${name}:core`, tS)) + jitter * 3));
  const io = 0.3 + smooth(`${name}:io`, tS) * (0.4 + day);
  const net = 0.2 + smooth(`${name}:net`, tS) * (0.3 + day);
  return {
    core,
    reads: io * (200_000 + unit(`${name}:rb`) * 4_000_000) * (0.8 + 0.4 * jitter),
    writes: io * (100_000 + unit(`${name}:wb`) * 2_000_000) * (0.9 + 0.2 * jitter),
    received: net * (50_000 + unit(`${name}:nr`) * 5_000_000) * (0.8 + 0.4 * jitter),
    transmitted: net * (30_000 + unit(`${name}:nt`) * 8_000_000) * (0.85 + 0.3 * jitter),
  };
}

const OFF: Sample = { core: 0, reads: 0, writes: 0, received: 0, transmitted: 0 };

/** Step in whole minutes so that (end - start) holds at most MAX_POINTS points. */
function stepFor(rangeMs: number): number {
  const minutes = Math.max(1, Math.ceil(rangeMs / 60_000 / MAX_POINTS));
  return minutes * 60_000;
}

/** The series of one server between start and end (ms), in the emulator's dialect. */
function serverMetrics(emu: Emu, s: ServerRec, start: number, end: number) {
  // none at the instant of creation either: a server created a moment ago has no data yet, even when the clock
  // reads a whole minute (a manual clock starts on a whole second, so one start in sixty did)
  const from = Math.max(start, s.created_at + 1);
  const to = Math.min(end, s.deleted_at ?? Infinity, emu.now());
  // the step follows the part of the range the server lived through, so a wide query still gets detail
  const step = stepFor(Math.max(0, to - from));
  const series: Record<keyof Sample, unknown[]> = { core: [], reads: [], writes: [], received: [], transmitted: [] };
  const alternate = emu.dialect === 'alternate';
  const history = s.history;
  let hi = 0;
  let power: 'on' | 'off' | 'gone' = 'on';
  for (let t = Math.ceil(from / step) * step; t <= to; t += step) {
    while (hi < history.length && history[hi].at <= t) power = history[hi++].state;
    const tS = Math.floor(t / 1000);
    const v = power === 'on' ? sample(s.name, tS) : OFF;
    for (const k of Object.keys(series) as Array<keyof Sample>) {
      const y = v[k].toFixed(2);
      series[k].push(alternate ? { t: new Date(t).toISOString(), y } : [tS, y]);
    }
  }
  return {
    resource: s.name,
    core: series.core,
    disk: { reads: series.reads, writes: series.writes },
    network: { received: series.received, transmitted: series.transmitted },
  };
}

export function register(app: Hono<AppEnv>, emu: Emu): void {
  app.get('/ecs/v2/servers/:name/metrics', (c) => {
    const s = ownedServer(emu, c.get('user'), c.req.param('name'));
    const qStart = queryDate(c.req.query('start'), 'start');
    const qEnd = queryDate(c.req.query('end'), 'end');
    const end = qEnd ?? (qStart !== undefined ? Math.max(emu.now(), qStart) : emu.now());
    const start = qStart ?? end - DEFAULT_RANGE_S * 1000;
    if (end < start) return badRequest("query parameter 'end' must not be before 'start'");
    return c.json({ status: 'ok', metrics: serverMetrics(emu, s, start, end) });
  });
}
