// The records a server carries or has attached, read for servers.ts (whose calls fetch them): its spot status,
// its support plan, its reserved periods, and its metrics.
import { ShapeError } from './errors.js';
import { envelope, lower, requireRecord, unwrap, type Extra } from './parse-base.js';
import { Reader, isRecord, toDate, toNumber } from './read.js';

export type SpotState = 'ok' | 'terminating' | 'terminated' | 'promoted';

export interface SpotStatus {
  server: string;
  status: SpotState | (string & {});
  discount: number;
  notifiedAt: Date | null;
  terminateAt: Date | null;
  promotedAt: Date | null;
  extra: Extra;
}

export interface SupportPlan {
  title: string;
  code: string;
  immutable: boolean;
  start: Date | null;
  mayDowngrade: boolean;
  /** `weigth` on the wire */
  weight: number;
  days: number;
  cancelled: boolean;
  cancelledAt: Date | null;
  extra: Extra;
}

export interface ReservedPeriod {
  reservedPlan: number;
  reservedMonth: number;
  plan: number;
  discount: number;
  startDate: Date | null;
  endDate: Date | null;
  server: string;
  extra: Extra;
}

export interface MetricPoint {
  at: Date;
  value: number;
}

export interface ServerMetrics {
  resource: string;
  core: MetricPoint[];
  disk: { reads: MetricPoint[]; writes: MetricPoint[] };
  network: { received: MetricPoint[]; transmitted: MetricPoint[] };
}

// ------------------------------------------------------------------------------------------------ reading

export function readSpot(r: Reader, server = ''): SpotStatus {
  return {
    server: r.has('server') ? r.str('server') : server,
    status: lower(r.optStr('status', 'ok')),
    discount: r.optNum('discount'),
    notifiedAt: r.date('notified_at'),
    terminateAt: r.date('terminate_at'),
    promotedAt: r.date('promoted_at'),
    extra: r.rest(),
  };
}

export function parseSpotStatus(body: unknown): SpotStatus {
  const inner = isRecord(body) && isRecord(body.spot) ? body.spot : isRecord(body) && isRecord(body.spot_status) ? body.spot_status : body;
  const r = Reader.of(inner, 'spot status record');
  const s = readSpot(r);
  if (s.server === '') throw new ShapeError("spot status record is missing 'server'");
  if (!r.has('status')) throw new ShapeError("spot status record is missing 'status'");
  return s;
}

export function readSupport(r: Reader): SupportPlan {
  return {
    title: r.optStr('support_title'),
    code: r.str('support_code'),
    immutable: r.optBool('immutable'),
    start: r.date('start'),
    mayDowngrade: r.optBool('may_downgrade'),
    // spelled `weigth` by the service
    weight: r.has('weigth') ? r.num('weigth') : r.optNum('weight'),
    days: r.optNum('days'),
    cancelled: r.optBool('cancelled'),
    cancelledAt: r.date('cancelled_at'),
    extra: r.rest(),
  };
}

export function parseSupport(body: unknown): SupportPlan {
  return readSupport(Reader.of(unwrap(body, 'support'), 'support plan record'));
}

export function parseReservedPeriod(v: unknown, server = ''): ReservedPeriod {
  const r = Reader.of(unwrap(v, 'reserved'), 'reserved period record');
  envelope(r);
  return {
    reservedPlan: r.optNum('reserved_plan'),
    // `reserved_months` on the live service (the Python SDK ecsapi reads that spelling)
    reservedMonth: r.has('reserved_month') ? r.num('reserved_month') : r.optNum('reserved_months'),
    plan: r.optNum('plan'),
    discount: r.optNum('discount'),
    startDate: r.date('start_date'),
    endDate: r.date('end_date'),
    server: r.has('server') ? r.str('server') : server,
    extra: r.rest(),
  };
}

/** `[epoch_seconds, "value"]` or `{t: ISO, y: "value"}`; a point without a value is a gap, left out. */
function parsePoint(p: unknown): MetricPoint | null {
  let at: Date | undefined;
  let raw: unknown;
  if (Array.isArray(p) && p.length >= 2) {
    at = toDate(p[0]);
    raw = p[1];
  } else if (isRecord(p) && ('t' in p || 'x' in p)) {
    at = toDate(p.t ?? p.x);
    raw = p.y;
  } else {
    throw new ShapeError('metric point is neither [time, value] nor {t, y}');
  }
  if (!at) throw new ShapeError('metric point has no readable time');
  if (raw === null || raw === undefined || raw === '') return null;
  const value = toNumber(raw);
  if (value === undefined) throw new ShapeError('metric point has a value that is not a number');
  return { at, value };
}

function series(v: unknown): MetricPoint[] {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) throw new ShapeError('metric series is not a list');
  const out: MetricPoint[] = [];
  for (const p of v) {
    const point = parsePoint(p);
    if (point) out.push(point);
  }
  return out;
}

export function parseMetrics(body: unknown): ServerMetrics {
  const m = requireRecord(unwrap(body, 'metrics'), 'metrics');
  const disk = isRecord(m.disk) ? m.disk : {};
  const net = isRecord(m.network) ? m.network : {};
  return {
    resource: typeof m.resource === 'string' ? m.resource : '',
    core: series(m.core),
    disk: { reads: series(disk.reads), writes: series(disk.writes) },
    network: { received: series(net.received), transmitted: series(net.transmitted) },
  };
}
