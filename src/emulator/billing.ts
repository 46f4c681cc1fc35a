// Monthly usage reports (spec 2.18, 4.11), computed from what happened: each server's power history, its
// plans, reserved periods and spot window; templates and snapshots by the hours they existed.
//
// Choices where the spec is silent:
// - `type` defaults to json. Year is four digits from 2000; month 1 to 12 (`7` or `07`); a month after the
//   current one (emulated clock, UTC) is refused for all three reports. The current month runs up to now.
// - Hours: time online and time offline within the month, each total rounded up to a whole hour.
// - Offline hours are billed at the plan's hourly price; accounts with `offline_available` get
//   OFFLINE_DISCOUNT_PCT off them (offline_reduction).
// - A spot instance is billed at hourly_price * (1 - discount) from creation until its promotion.
// - Reserved periods discount the online hours that fall inside them (reserved_hour, reserved_price at the
//   plan rate, reserved_reduction = reserved_price * discount%); offline hours get only the offline discount.
// - Special discounts of the account, by the host type of the plan in force at the end of the month: ECS plans
//   when ecs_special_discount > 0, ECSHM plans when ecshm_special_discount != 0, ECSGPU* plans when
//   ecsgpu_special_discount < 0; the percentage is the absolute value, applied last:
//   cost = (original_cost - offline_reduction - sum(reserved_reduction)) * (1 - special%). The summary also
//   carries `special_discount` (percent) and `special_reduction`, which the spec does not list.
// - Templates and snapshots cost size_on_disk (GB) * hours * a price per GB-hour; a snapshot still being
//   created (size null) costs nothing. Deleting (DE) and deleted (DD) ones count while they existed.
// - Money is rounded to 4 decimals; the summary's parts add up to `cost` on the rounded values.
import type { Hono } from 'hono';
import { findPlan } from './catalog.js';
import { isoMicro, isoMilli } from './clock.js';
import { badRequest } from './errors.js';
import type { Emu } from './emu.js';
import type { AppEnv, Ctx } from './http.js';
import type { UserRec } from './auth-state.js';
import type { PowerEvent, ReservedRec, ServerRec } from './servers-state.js';
import type { SnapshotRec } from './snapshots-state.js';
import type { TemplateRec } from './templates-state.js';

const OFFLINE_DISCOUNT_PCT = 50;
export const TEMPLATE_GB_HOUR = 0.0001;
export const SNAPSHOT_GB_HOUR = 0.00007;
export const FUTURE_DATES_MSG = 'future dates are not allowed';

const HOUR = 3_600_000;

const money = (x: number) => Math.round((x + Number.EPSILON) * 10_000) / 10_000;
const hoursUp = (ms: number) => Math.ceil(ms / HOUR - 1e-9);

export interface Month {
  year: number;
  month: number;
  /** first millisecond of the month */
  from: number;
  /** end of the billed window: the month's end, or now for the current month */
  to: number;
}

/** The report window, or a 400 naming what is wrong. */
function parseMonth(now: number, rawYear: string, rawMonth: string): Month {
  if (!/^\d{4}$/.test(rawYear) || Number(rawYear) < 2000) return badRequest(`invalid year '${rawYear.slice(0, 32)}': use a four-digit year from 2000`);
  if (!/^\d{1,2}$/.test(rawMonth) || Number(rawMonth) < 1 || Number(rawMonth) > 12) {
    return badRequest(`invalid month '${rawMonth.slice(0, 32)}': use 1 to 12`);
  }
  const year = Number(rawYear);
  const month = Number(rawMonth);
  const from = Date.UTC(year, month - 1, 1);
  if (from > now) return badRequest(FUTURE_DATES_MSG);
  return { year, month, from, to: Math.min(Date.UTC(year, month, 1), now) };
}

function specialPct(user: UserRec | undefined, hostType: string): number {
  if (!user) return 0;
  const clamp = (v: number) => Math.min(100, Math.abs(v));
  if (hostType.startsWith('ECSGPU')) return user.ecsgpu_special_discount < 0 ? clamp(user.ecsgpu_special_discount) : 0;
  if (hostType === 'ECSHM') return user.ecshm_special_discount !== 0 ? clamp(user.ecshm_special_discount) : 0;
  return user.ecs_special_discount > 0 ? clamp(user.ecs_special_discount) : 0;
}

/** The power history, or one synthesised from creation and deletion for a record that has none. */
function historyOf(s: ServerRec): PowerEvent[] {
  if (s.history.length > 0) {
    for (let i = 1; i < s.history.length; i++) {
      if (s.history[i].at < s.history[i - 1].at) return [...s.history].sort((a, b) => a.at - b.at);
    }
    return s.history;
  }
  const h: PowerEvent[] = [{ at: s.created_at, state: 'on', plan: s.plan }];
  if (s.deleted_at !== null) h.push({ at: s.deleted_at, state: 'gone', plan: s.plan });
  return h;
}

const overlap = (a0: number, a1: number, b0: number, b1: number) => Math.max(0, Math.min(a1, b1) - Math.max(a0, b0));

interface Acc {
  ms: number;
  cost: number;
}

function serverUsage(emu: Emu, s: ServerRec, m: Month) {
  const user = emu.state.users[s.user];
  const history = historyOf(s);
  const spotRec = Object.hasOwn(emu.state.spots, s.name) ? emu.state.spots[s.name] : undefined;
  const spotEnd = spotRec ? (spotRec.promoted_at ?? Infinity) : -Infinity;
  const spotFactor = spotRec ? 1 - spotRec.discount : 1;
  const online: Acc = { ms: 0, cost: 0 };
  const offline: Acc = { ms: 0, cost: 0 };
  const reservations = s.reserved_plans.filter((r) => overlap(r.start_date, r.end_date, m.from, m.to) > 0);
  const inReserved: Acc[] = reservations.map(() => ({ ms: 0, cost: 0 }));
  let planName = s.plan;
  for (let i = 0; i < history.length; i++) {
    const ev = history[i];
    if (ev.at < m.to) planName = ev.plan;
    if (ev.state === 'gone') break;
    const from = Math.max(ev.at, m.from);
    const to = Math.min(i + 1 < history.length ? history[i + 1].at : Infinity, m.to);
    if (to <= from) continue;
    const hourly = findPlan(emu.catalog, ev.plan)?.hourly_price ?? 0;
    const spotMs = overlap(from, to, s.created_at, spotEnd);
    const cost = (((to - from - spotMs) + spotMs * spotFactor) / HOUR) * hourly;
    const acc = ev.state === 'on' ? online : offline;
    acc.ms += to - from;
    acc.cost += cost;
    if (ev.state === 'on') {
      reservations.forEach((r, k) => {
        const ms = overlap(from, to, r.start_date, r.end_date);
        inReserved[k].ms += ms;
        inReserved[k].cost += to > from ? (cost * ms) / (to - from) : 0;
      });
    }
  }
  const plan = findPlan(emu.catalog, planName);
  const listRate = plan?.hourly_price ?? 0;
  // rounding up is charged at the period's average rate, so a plan change or spot window is priced fairly
  const priced = (acc: Acc, hours: number) => money(hours * (acc.ms > 0 ? acc.cost / (acc.ms / HOUR) : listRate));
  const online_hour = hoursUp(online.ms);
  const offline_hour = hoursUp(offline.ms);
  const online_price = priced(online, online_hour);
  const offline_price = priced(offline, offline_hour);
  const offline_discount = user?.offline_available ? OFFLINE_DISCOUNT_PCT : 0;
  const offline_reduction = money((offline_price * offline_discount) / 100);
  const original_cost = money(online_price + offline_price);
  let hoursLeft = online_hour;
  const reserved_discounts = reservations.map((r: ReservedRec, k) => {
    const reserved_hour = Math.min(hoursUp(inReserved[k].ms), hoursLeft);
    hoursLeft -= reserved_hour;
    const reserved_price = priced(inReserved[k], reserved_hour);
    return {
      reserved_plan: r.reserved_plan,
      reserved_hour,
      reserved_discount: r.discount,
      reserved_price,
      reserved_reduction: money((reserved_price * r.discount) / 100),
      reserved_start_date: isoMicro(r.start_date),
      reserved_end_date: isoMicro(r.end_date),
    };
  });
  const reservedReduction = reserved_discounts.reduce((sum, r) => sum + r.reserved_reduction, 0);
  const net = money(original_cost - offline_reduction - reservedReduction);
  const special_discount = specialPct(user, plan?.host_type ?? 'ECS');
  const special_reduction = money((net * special_discount) / 100);
  return {
    plan: plan?.name ?? planName,
    name: s.name,
    group: s.group,
    notes: s.notes,
    status: s.status,
    year: m.year,
    month: m.month,
    creation_date: isoMicro(s.created_at),
    deletion_date: s.deleted_at === null ? null : isoMicro(s.deleted_at),
    billed_hours: online_hour + offline_hour,
    cost: money(net - special_reduction),
    summary: {
      online_hour,
      online_price,
      offline_hour,
      offline_discount,
      offline_price,
      offline_reduction,
      original_cost,
      reserved_discounts,
      special_discount,
      special_reduction,
    },
  };
}

/** Whether the server existed (was not gone) at some point of the window. */
function aliveIn(s: ServerRec, m: Month): boolean {
  if (s.created_at >= m.to) return false;
  const end = s.deleted_at ?? Infinity;
  return end > m.from;
}

function serversReport(emu: Emu, user: string, m: Month) {
  const out: ReturnType<typeof serverUsage>[] = [];
  const servers = Object.values(emu.state.servers)
    .filter((s) => s.user === user && aliveIn(s, m))
    .sort((a, b) => a.created_at - b.created_at || a.name.localeCompare(b.name));
  for (const s of servers) out.push(serverUsage(emu, s, m));
  return out;
}

const TEMPLATE_LABELS: Record<string, string> = { CG: 'Creating', CD: 'Created', DE: 'Deleting', DD: 'Deleted' };

function templatesReport(emu: Emu, user: string, m: Month) {
  const rows: Array<{ t: TemplateRec; hours: number }> = [];
  for (const t of Object.values(emu.state.templates)) {
    if (t.user !== user) continue;
    const ms = overlap(t.created_at, t.deleted_at ?? Infinity, m.from, m.to);
    if (ms > 0) rows.push({ t, hours: hoursUp(ms) });
  }
  rows.sort((a, b) => a.t.created_at - b.t.created_at || a.t.id - b.t.id);
  return rows.map(({ t, hours }) => {
    const size = t.size_on_disk ?? t.required_disk;
    return {
      cost: money(hours * size * TEMPLATE_GB_HOUR),
      name: t.name,
      status: TEMPLATE_LABELS[t.status] ?? t.status,
      creation_date: isoMicro(t.created_at),
      deletion_date: t.deleted_at === null ? null : isoMicro(t.deleted_at),
      notes: t.notes,
      year: m.year,
      month: m.month,
      hours,
      size_on_disk: size,
    };
  });
}

const SNAPSHOT_LABELS: Record<string, string> = { CG: 'Creating', CD: 'Created', DE: 'Deleting', DD: 'Deleted' };

function snapshotsReport(emu: Emu, user: string, m: Month) {
  const rows: Array<{ s: SnapshotRec; hours: number }> = [];
  for (const s of Object.values(emu.state.snapshots)) {
    if (s.user !== user) continue;
    const ms = overlap(s.created_at, s.deleted_at ?? Infinity, m.from, m.to);
    if (ms > 0) rows.push({ s, hours: hoursUp(ms) });
  }
  rows.sort((a, b) => a.s.created_at - b.s.created_at || a.s.id - b.s.id);
  const snapshots = rows.map(({ s, hours }) => ({
    snapshot: s.id,
    snapshot_name: s.name,
    snapshot_status: s.status,
    snapshot_status_label: SNAPSHOT_LABELS[s.status] ?? s.status,
    snapshot_description: s.description,
    snapshot_created_at: isoMilli(s.created_at),
    snapshot_deleted_at: s.deleted_at === null ? null : isoMilli(s.deleted_at),
    size_on_disk: s.size_on_disk,
    hours,
    final_cost: money(hours * (s.size_on_disk ?? 0) * SNAPSHOT_GB_HOUR),
  }));
  return {
    year: m.year,
    month: m.month,
    total_cost: money(snapshots.reduce((sum, r) => sum + r.final_cost, 0)),
    rows_count: snapshots.length,
    snapshots,
  };
}

// ---- CSV ----------------------------------------------------------------------------------------------

function csvField(v: unknown): string {
  if (v === null || v === undefined) return '';
  const s = typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : JSON.stringify(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** RFC 4180: CRLF line ends, quoted fields where needed; a report with no rows is the header alone. */
function toCsv(header: string[], rows: unknown[][]): string {
  return [header, ...rows].map((r) => r.map(csvField).join(',') + '\r\n').join('');
}

const SERVER_COLUMNS = [
  'plan',
  'name',
  'group',
  'notes',
  'status',
  'year',
  'month',
  'creation_date',
  'deletion_date',
  'billed_hours',
  'cost',
  'online_hour',
  'online_price',
  'offline_hour',
  'offline_discount',
  'offline_price',
  'offline_reduction',
  'original_cost',
  'reserved_hour',
  'reserved_reduction',
  'special_discount',
  'special_reduction',
];

function serversCsv(items: ReturnType<typeof serversReport>): string {
  return toCsv(
    SERVER_COLUMNS,
    items.map((i) => {
      const s = i.summary;
      const reservedHour = s.reserved_discounts.reduce((n, r) => n + r.reserved_hour, 0);
      const reservedReduction = money(s.reserved_discounts.reduce((n, r) => n + r.reserved_reduction, 0));
      return [
        i.plan, i.name, i.group, i.notes, i.status, i.year, i.month, i.creation_date, i.deletion_date, i.billed_hours, i.cost,
        s.online_hour, s.online_price, s.offline_hour, s.offline_discount, s.offline_price, s.offline_reduction, s.original_cost,
        reservedHour, reservedReduction, s.special_discount, s.special_reduction,
      ];
    }),
  );
}

const TEMPLATE_COLUMNS = ['name', 'status', 'creation_date', 'deletion_date', 'notes', 'year', 'month', 'hours', 'size_on_disk', 'cost'] as const;

const SNAPSHOT_COLUMNS = [
  'snapshot',
  'snapshot_name',
  'snapshot_status',
  'snapshot_status_label',
  'snapshot_description',
  'snapshot_created_at',
  'snapshot_deleted_at',
  'size_on_disk',
  'hours',
  'final_cost',
] as const;

function reportType(c: Ctx): 'csv' | 'json' {
  const t = c.req.query('type');
  if (t === undefined || t === '') return 'json';
  const v = t.toLowerCase();
  if (v === 'csv' || v === 'json') return v;
  return badRequest("query parameter 'type' must be 'csv' or 'json'");
}

const csvResponse = (c: Ctx, body: string) => c.body(body, 200, { 'content-type': 'text/csv; charset=utf-8' });

export function register(app: Hono<AppEnv>, emu: Emu): void {
  const window = (c: Ctx) => {
    const m = parseMonth(emu.now(), c.req.param('year') ?? '', c.req.param('month') ?? '');
    return { m, type: reportType(c), user: c.get('user') };
  };

  app.get('/ecs/v2/billing/servers/:year/:month', (c) => {
    const { m, type, user } = window(c);
    const items = serversReport(emu, user, m);
    return type === 'csv' ? csvResponse(c, serversCsv(items)) : c.json(items);
  });

  app.get('/ecs/v2/billing/templates/:year/:month', (c) => {
    const { m, type, user } = window(c);
    const items = templatesReport(emu, user, m);
    if (type === 'json') return c.json(items);
    return csvResponse(c, toCsv([...TEMPLATE_COLUMNS], items.map((i) => TEMPLATE_COLUMNS.map((k) => i[k]))));
  });

  app.get('/ecs/v2/billing/snapshots/:year/:month', (c) => {
    const { m, type, user } = window(c);
    const report = snapshotsReport(emu, user, m);
    if (type === 'json') return c.json(report);
    return csvResponse(c, toCsv([...SNAPSHOT_COLUMNS], report.snapshots.map((i) => SNAPSHOT_COLUMNS.map((k) => i[k]))));
  });
}
