// Spot instances (spec 2.14, 3.5, 4.3): the spot-status record, promotion to on-demand, and the reclaim
// that the service starts (here through the admin endpoint): terminating, then terminated 120 s after the
// notice, then the server is deleted while its spot record stays.
import type { Hono } from 'hono';
import { findPlan } from './catalog.js';
import { isoMicro } from './clock.js';
import { fail, notFound } from './errors.js';
import type { Emu } from './emu.js';
import { readBody, type AppEnv, type Ctx } from './http.js';
import { deleteServerNow } from './server-core.js';
import type { ServerRec } from './servers-state.js';
import type { SpotRec } from './spot-state.js';
import { MSG, MSG_CHOSEN, checkSpotPromotion, spotTerminateAt } from '../rules/index.js';

const SPOT_NOT_AVAILABLE = MSG.spotPlanNotAvailable;

const notAvailable = (detail: string): never =>
  fail(400, `${SPOT_NOT_AVAILABLE}: ${detail}`, { error: SPOT_NOT_AVAILABLE });

/**
 * The discount a new spot of `planName` in `location` gets; throws SpotPlanNotAvailable when the plan has no
 * spot discount, is not sold there, or has no free host there right now.
 */
export function spotDiscountFor(emu: Emu, planName: string, location: string): number {
  const plan = findPlan(emu.catalog, planName);
  if (!plan) return notAvailable(`plan ${planName} does not exist`);
  if (plan.spot_discount === null || !(plan.spot_discount > 0)) return notAvailable(`plan ${plan.name} has no spot discount`);
  const region = plan.regions.find((r) => r.location.toLowerCase() === location.toLowerCase());
  const free = region ? (emu.state.capacity[`${plan.name}@${region.location}`] ?? 0) : 0;
  if (free <= 0) return notAvailable(`no spot capacity for plan ${plan.name} in ${location}`);
  return plan.spot_discount;
}

export function createSpotRecord(emu: Emu, server: ServerRec, discount: number, _at: number): SpotRec {
  const rec: SpotRec = {
    server: server.name,
    user: server.user,
    status: 'ok',
    discount,
    notified_at: null,
    terminate_at: null,
    promoted_at: null,
  };
  emu.state.spots[server.name] = rec;
  server.spot = true;
  emu.dirty = true;
  return rec;
}

const iso = (ms: number | null) => (ms === null ? null : isoMicro(ms));

export function formatSpot(_emu: Emu, rec: SpotRec): object {
  return {
    server: rec.server,
    status: rec.status,
    discount: rec.discount,
    notified_at: iso(rec.notified_at),
    terminate_at: iso(rec.terminate_at),
    promoted_at: iso(rec.promoted_at),
  };
}

/** The caller's spot record of `name`, surviving the server's deletion. */
function spotOf(emu: Emu, user: string, name: string): SpotRec | undefined {
  if (!Object.hasOwn(emu.state.spots, name)) return undefined;
  const rec = emu.state.spots[name];
  return rec.user === user ? rec : undefined;
}

const liveServer = (emu: Emu, name: string): ServerRec | undefined => {
  if (!Object.hasOwn(emu.state.servers, name)) return undefined;
  const s = emu.state.servers[name];
  return s.status === 'Deleted' || s.status === 'Deleting' ? undefined : s;
};

/** 404 in the same words for a missing server and for another account's; a named reason for an on-demand one. */
function ownSpot(emu: Emu, user: string, name: string): SpotRec {
  const rec = spotOf(emu, user, name);
  if (rec) return rec;
  const s = Object.hasOwn(emu.state.servers, name) ? emu.state.servers[name] : undefined;
  if (s && s.user === user && s.status !== 'Deleted') return notFound(MSG_CHOSEN.spotNotSpot);
  return notFound('server not found');
}

export function register(app: Hono<AppEnv>, emu: Emu): void {
  emu.onTask('spot.terminate', (e, args, at) => {
    const rec = e.state.spots[String(args.server)];
    if (!rec || rec.status !== 'terminating') return;
    rec.status = 'terminated';
    e.dirty = true;
    const s = liveServer(e, rec.server);
    if (s) deleteServerNow(e, s, at);
  });

  const getStatus = (c: Ctx) => c.json(formatSpot(emu, ownSpot(emu, c.get('user'), c.req.param('name') ?? '')));

  const promote = async (c: Ctx) => {
    const rec = ownSpot(emu, c.get('user'), c.req.param('name') ?? '');
    const body = await readBody(c);
    if (body.status !== 'promoted') {
      return fail(400, "field 'status' must be 'promoted'");
    }
    const step = checkSpotPromotion(rec.status);
    // a spot the user deleted never got a reclaim notice, but there is no instance left to promote
    const server = liveServer(emu, rec.server);
    if (step === 'promote' && !server) return fail(400, MSG.spotAlreadyTerminated);
    if (step === 'promote' && server) {
      rec.status = 'promoted';
      rec.promoted_at = emu.now();
      server.spot = false;
      emu.dirty = true;
    }
    return c.json(formatSpot(emu, rec));
  };

  // the spec writes /api/v2; /ecs/v2 is accepted too since every other server path lives there
  for (const prefix of ['/api/v2', '/ecs/v2']) {
    const path = `${prefix}/servers/:name/spot-status`;
    app.get(path, getStatus);
    app.patch(path, promote);
    app.put(path, promote);
  }

  app.post('/__emulator/servers/:name/reclaim', (c) => {
    const name = c.req.param('name');
    const rec = Object.hasOwn(emu.state.spots, name) ? emu.state.spots[name] : undefined;
    if (!rec || !liveServer(emu, name)) return notFound(`no spot server named ${name}`);
    if (rec.status !== 'ok') return fail(400, `spot server ${name} is ${rec.status}: only an ok spot can be reclaimed`);
    const at = emu.now();
    rec.status = 'terminating';
    rec.notified_at = at;
    rec.terminate_at = spotTerminateAt(at);
    emu.schedule(rec.terminate_at, { kind: 'spot.terminate', args: { server: name } });
    emu.dirty = true;
    return c.json(formatSpot(emu, rec));
  });
}
