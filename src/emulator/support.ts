// Support plans (spec 2.15, 4.3, section 7). Choices where the spec is silent:
// - `weigth` ranks plans (global 2 > basic 1). An upgrade is allowed at any time and restarts the period; a
//   downgrade (lower weigth, or DELETE, which sets unmanaged support) is allowed only once the current plan's
//   `days` have passed since its `start`.
// - A support plan is immutable while its server is in a reserved period: the reservation is a commitment
//   that includes the support level. It becomes mutable again when the period ends (reserved.ts).
// - Sending the code already in force is a no-op answering the current record (not an edit, so not refused).
// - DELETE keeps the record with `cancelled: true` and `cancelled_at`; a later POST starts a fresh plan.
import type { Hono } from 'hono';
import type { CatalogSupportPlan } from './catalog.js';
import { isoMicro } from './clock.js';
import { fail } from './errors.js';
import type { Emu } from './emu.js';
import { ok, readBody, type AppEnv, type Ctx } from './http.js';
import { ownedServer } from './server-core.js';
import type { ServerRec, SupportRec } from './servers-state.js';
import { MSG } from '../rules/index.js';

const DAY_MS = 86_400_000;

const active = (s: ServerRec | null): SupportRec | null => (s?.support && !s.support.cancelled ? s.support : null);

const finished = (rec: SupportRec, at: number) => at >= rec.start + rec.days * DAY_MS;

/**
 * Keeps the stored `may_downgrade` true exactly when a downgrade would be accepted at `at`. Called when the
 * period ends (a scheduled task) and when a reserved period starts or ends, so any reader of the record
 * (server-format.ts formats it too) sees the right value without computing it.
 */
export function refreshSupport(rec: SupportRec, at: number): void {
  rec.may_downgrade = !rec.cancelled && !rec.immutable && finished(rec, at);
}

/** `code` at creation (server null) or on the support endpoint; changes nothing. */
export function planSupport(emu: Emu, server: ServerRec | null, code: unknown): CatalogSupportPlan {
  const plan =
    typeof code === 'string' ? emu.catalog.support_plans.find((p) => p.support_code.toLowerCase() === code.trim().toLowerCase()) : undefined;
  if (!plan) return fail(400, MSG.supportCodeNotFound);
  const current = active(server);
  if (!current || current.support_code === plan.support_code) return plan;
  if (current.immutable) return fail(400, MSG.supportImmutableEdit);
  if (plan.weigth < current.weigth && !finished(current, emu.now())) return fail(400, MSG.supportNoDowngrade);
  return plan;
}

export function applySupport(emu: Emu, server: ServerRec, plan: CatalogSupportPlan, at: number): SupportRec {
  const current = active(server);
  if (current && current.support_code === plan.support_code) return current;
  const rec: SupportRec = {
    support_title: plan.support_title,
    support_code: plan.support_code,
    immutable: server.is_reserved && server.reserved_until !== null && server.reserved_until > at,
    start: at,
    may_downgrade: false,
    weigth: plan.weigth,
    days: plan.days,
    cancelled: false,
    cancelled_at: null,
  };
  refreshSupport(rec, emu.now());
  server.support = rec;
  emu.schedule(rec.start + rec.days * DAY_MS, { kind: 'support.finished', args: { server: server.name, start: rec.start } });
  emu.dirty = true;
  return rec;
}

/**
 * The wire shape (2.15). The live dialect adds what the Python SDK ecsapi requires of the record
 * (`server__name`, `server_notes`, `end`, the period's end), the primary one keeps the spec's fields.
 */
export function formatSupport(emu: Emu, rec: SupportRec, server: ServerRec) {
  const out = {
    support_title: rec.support_title,
    support_code: rec.support_code,
    immutable: rec.immutable,
    start: isoMicro(rec.start),
    may_downgrade: rec.may_downgrade,
    weigth: rec.weigth,
    days: rec.days,
    cancelled: rec.cancelled,
    cancelled_at: rec.cancelled_at === null ? null : isoMicro(rec.cancelled_at),
  };
  if (emu.dialect !== 'live') return out;
  return { server__name: server.name, server_notes: server.notes, ...out, end: isoMicro(rec.start + rec.days * DAY_MS) };
}

export function register(app: Hono<AppEnv>, emu: Emu): void {
  emu.onTask('support.finished', (e, args, at) => {
    const name = String(args.server);
    const s = Object.hasOwn(e.state.servers, name) ? e.state.servers[name] : undefined;
    // a newer plan replaced this one: it has its own task
    if (!s?.support || s.support.start !== args.start) return;
    refreshSupport(s.support, at);
    e.dirty = true;
  });

  const serverOf = (c: Ctx) => {
    const s = ownedServer(emu, c.get('user'), c.req.param('name') ?? '');
    if (s.status === 'Deleting') return fail(400, 'server is being deleted');
    return s;
  };

  app.post('/ecs/v2/servers/:name/support', async (c) => {
    const server = serverOf(c);
    const body = await readBody(c);
    // a missing or unknown code gets the spec's message; a wrong JSON type is named as such
    if (body.code !== undefined && body.code !== null && typeof body.code !== 'string') return fail(400, "field 'code' must be a string");
    const plan = planSupport(emu, server, body.code);
    const rec = applySupport(emu, server, plan, emu.now());
    return ok(c, { support: formatSupport(emu, rec, server) });
  });

  app.delete('/ecs/v2/servers/:name/support', (c) => {
    const server = serverOf(c);
    const current = active(server);
    if (current) {
      if (current.immutable) return fail(400, MSG.supportImmutableModify);
      const at = emu.now();
      if (!finished(current, at)) return fail(400, MSG.supportNoDowngrade);
      current.cancelled = true;
      current.cancelled_at = at;
      refreshSupport(current, at);
      emu.dirty = true;
    }
    return ok(c);
  });
}
