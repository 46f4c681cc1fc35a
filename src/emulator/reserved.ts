// Reserved periods (spec 2.16, 4.3, section 7): a discount for committing a server to its plan for 3, 6 or
// 12 months. While reserved, the server cannot be destroyed (servers.ts refuses DELETE) and its support plan
// is immutable (support.ts).
import type { Hono } from 'hono';
import { findPlan, findPlanById, type CatalogReservedPlan } from './catalog.js';
import { isoMicro } from './clock.js';
import { fail } from './errors.js';
import type { Emu } from './emu.js';
import { readBody, type AppEnv, type Ctx } from './http.js';
import { ownedServer } from './server-core.js';
import { refreshSupport } from './support.js';
import type { ReservedRec, ServerRec } from './servers-state.js';
import { MSG, parseReservedPlan } from '../rules/index.js';

/** Chosen text for DELETE of a reserved server (the spec says destroy is disabled, without a message). */
export const RESERVED_NO_DELETE = 'server has an active reserved period: destroy is disabled until it ends';

/**
 * `reserved_plan` (id or `M<3|6|12>P<plan>`) for a server of `planName`, checked in this order (the spec gives
 * none): required, formula, profile, existence, plan match. Changes nothing.
 */
export function planReserved(emu: Emu, user: string, planName: string, value: unknown): CatalogReservedPlan {
  const ref = parseReservedPlan(value);
  if (emu.state.users[user]?.reserved_available !== true) return fail(400, MSG.reservedNotAvailable);
  const rp =
    ref.kind === 'id'
      ? emu.catalog.reserved_plans.find((r) => r.id === ref.id)
      : emu.catalog.reserved_plans.find(
          (r) => r.months === ref.months && findPlanById(emu.catalog, r.plan)?.name.toLowerCase() === ref.plan.toLowerCase(),
        );
  if (!rp) return fail(404, MSG.reservedPlanNotFound);
  if (findPlan(emu.catalog, planName)?.id !== rp.plan) return fail(400, MSG.reservedPlanMismatch);
  return rp;
}

/** `months` calendar months after `ms` (UTC), the day clamped to the target month's last day. */
export function addMonths(ms: number, months: number): number {
  const d = new Date(ms);
  const day = d.getUTCDate();
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1, d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCMilliseconds()));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.getTime();
}

/**
 * Attaches a reserved period. A server that is already reserved renews: the new period starts when the
 * current one ends (the spec is silent; refusing would make renewals impossible before expiry).
 */
export function applyReserved(emu: Emu, server: ServerRec, rp: CatalogReservedPlan, at: number): ReservedRec {
  const start = server.is_reserved && server.reserved_until !== null && server.reserved_until > at ? server.reserved_until : at;
  const rec: ReservedRec = {
    reserved_plan: rp.id,
    reserved_month: rp.months,
    plan: rp.plan,
    discount: rp.discount,
    start_date: start,
    end_date: addMonths(start, rp.months),
    server: server.name,
  };
  server.reserved_plans.push(rec);
  server.is_reserved = true;
  server.reserved_until = rec.end_date;
  if (server.support) {
    server.support.immutable = true;
    refreshSupport(server.support, at);
  }
  emu.schedule(rec.end_date, { kind: 'reserved.end', args: { server: server.name } });
  emu.dirty = true;
  return rec;
}

/** The wire shape (2.16); server-format.ts uses it for the server's `reserved_plans`. */
/** The spec's `reserved_month` (2.16); the live dialect spells it `reserved_months`, as the Python SDK ecsapi reads it. */
export function formatReserved(emu: Emu, rec: ReservedRec) {
  return {
    reserved_plan: rec.reserved_plan,
    [emu.dialect === 'live' ? 'reserved_months' : 'reserved_month']: rec.reserved_month,
    plan: rec.plan,
    discount: rec.discount,
    start_date: isoMicro(rec.start_date),
    end_date: isoMicro(rec.end_date),
    server: rec.server,
  };
}

/** Whether the server is inside a reserved period now (destroy disabled). */
export function isReservedAt(server: ServerRec, at: number): boolean {
  return server.is_reserved && server.reserved_until !== null && server.reserved_until > at;
}

export function register(app: Hono<AppEnv>, emu: Emu): void {
  emu.onTask('reserved.end', (e, args, at) => {
    const name = String(args.server);
    if (!Object.hasOwn(e.state.servers, name)) return;
    const s = e.state.servers[name];
    // a renewal scheduled its own end: only the last period's end releases the server
    if (s.reserved_until !== null && s.reserved_until > at) return;
    s.is_reserved = false;
    s.reserved_until = null;
    if (s.support) {
      s.support.immutable = false;
      refreshSupport(s.support, at);
    }
    e.dirty = true;
  });

  const add = async (c: Ctx) => {
    const user = c.get('user');
    const server = ownedServer(emu, user, c.req.param('name') ?? '');
    const body = await readBody(c);
    if (server.status === 'Deleting') return fail(400, 'server is being deleted');
    if (server.spot) return fail(400, MSG.spotReservedExclusive);
    const rp = planReserved(emu, user, server.plan, body.reserved_plan);
    const rec = applyReserved(emu, server, rp, emu.now());
    return c.json({ status: 'ok', ...formatReserved(emu, rec) });
  };

  // the spec writes /api/v2; /ecs/v2 is accepted too since every other server path lives there
  app.post('/api/v2/servers/:name/reserved', add);
  app.post('/ecs/v2/servers/:name/reserved', add);
}
