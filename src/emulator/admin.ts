// Admin endpoints under /__emulator/ (emulator.md, fixed interface): clock, accounts, faults, reset.
// Resource modules add their own (bulk servers, spot reclaim, GPU events). No credentials needed, so a web
// page must not be able to reach them: `guard` refuses what only a browser on another site sends.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Hono, MiddlewareHandler } from 'hono';
import { makeUser } from './auth.js';
import { isoMicro } from './clock.js';
import { badRequest, fail } from './errors.js';
import { NO_FAULTS, type Emu } from './emu.js';
import { isCrossSite } from './host-guard.js';
import { optBool, optInt, optString, readBody, reqString, type AppEnv, type Body } from './http.js';

function optNumber(body: Body, field: string, min: number, max: number): number | undefined {
  const v = body[field];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'number' || !Number.isFinite(v) || v < min || v > max) {
    return badRequest(`field '${field}' must be a number from ${min} to ${max}`);
  }
  return v;
}

export const CROSS_SITE_MESSAGE = 'admin endpoints refuse requests from web pages of another origin';
export const ADMIN_OFF_MESSAGE =
  'admin endpoints are off: the emulator listens beyond loopback; start it with --admin-token TOKEN to use them';
export const ADMIN_TOKEN_MESSAGE = 'admin endpoints need the admin token: send Authorization: Bearer <the --admin-token>';

interface AdminAccess {
  /** every admin request must carry it (`Authorization: Bearer TOKEN`) */
  adminToken?: string;
  /** every admin request is refused (a host beyond loopback and no token) */
  adminOff?: boolean;
}

const bearer = (header: string | undefined) => header?.trim().replace(/^Bearer\s+/i, '') ?? '';
const digest = (value: string) => createHash('sha256').update(value).digest();
/** Compared by digest, in constant time: the answer's timing must not tell how much of a guess was right. */
const sameSecret = (given: string, expected: string) => timingSafeEqual(digest(given), digest(expected));

export const NOT_JSON_MESSAGE = 'admin endpoints take a JSON body only (content-type: application/json)';

/**
 * A page on another site can send a "simple" request (a form POST, a text/plain fetch) without any CORS
 * preflight, and the admin endpoints take no credential: such a request would reset or wipe the state.
 * Browsers say where a request comes from (Origin, Sec-Fetch-Site); scripts and curl send neither. A form
 * cannot send application/json, so a JSON-only body rule also stops browsers that send no Sec-Fetch-Site.
 * No CORS header is ever sent, so a page cannot read an answer either.
 *
 * Beyond loopback (`--host 0.0.0.0`) any machine could send what curl sends: there the endpoints are off, or
 * take only requests that carry the `--admin-token`.
 */
function guard(access: AdminAccess = {}): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (isCrossSite((name) => c.req.header(name), c.req.url)) return fail(403, CROSS_SITE_MESSAGE);
    if (access.adminOff) return fail(403, ADMIN_OFF_MESSAGE);
    if (access.adminToken !== undefined && !sameSecret(bearer(c.req.header('authorization')), access.adminToken)) {
      return fail(401, ADMIN_TOKEN_MESSAGE);
    }
    const type = c.req.header('content-type');
    if (type !== undefined) {
      if (!/^application\/json\s*(;|$)/i.test(type.trim())) return fail(403, NOT_JSON_MESSAGE);
    } else if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && (await c.req.text()) !== '') {
      // read here (Hono keeps it for the handler): a length header is not always there to tell
      return fail(403, NOT_JSON_MESSAGE);
    }
    await next();
  };
}

export function register(app: Hono<AppEnv>, emu: Emu, reseed: (kind: 'demo' | 'empty') => void): void {
  // first of the admin routes (resource modules register theirs after), so it covers all of them
  app.use('/__emulator/*', guard({ adminToken: emu.options.adminToken, adminOff: emu.options.adminOff }));
  app.get('/__emulator/clock', (c) => c.json({ now: isoMicro(emu.now()), mode: emu.clock.mode, speed: emu.clock.speed }));

  app.get('/__emulator/stats', (c) => c.json({ requests: emu.requests, metrics_requests: emu.metricsRequests, actions_requests: emu.actionsRequests }));

  app.post('/__emulator/clock/advance', async (c) => {
    const body = await readBody(c);
    const seconds = optNumber(body, 'seconds', 0, 10 * 366 * 86400);
    if (seconds === undefined) return badRequest("field 'seconds' is required");
    emu.clock.advance(seconds);
    emu.runDue();
    emu.persist();
    return c.json({ now: isoMicro(emu.now()) });
  });

  app.post('/__emulator/users', async (c) => {
    const body = await readBody(c);
    const username = reqString(body, 'username', 64);
    if (!/^[A-Za-z0-9_.@-]{1,64}$/.test(username)) return badRequest("field 'username' may hold letters, digits and _ . @ - only");
    const password = reqString(body, 'password', 1024);
    if (password === '') return badRequest("field 'password' must not be empty");
    const fields = {
      email: optString(body, 'email', 255),
      reserved_available: optBool(body, 'reserved_available'),
      offline_available: optBool(body, 'offline_available'),
      ecs_special_discount: optInt(body, 'ecs_special_discount', -100, 100),
      ecshm_special_discount: optInt(body, 'ecshm_special_discount', -100, 100),
      ecsgpu_special_discount: optInt(body, 'ecsgpu_special_discount', -100, 100),
    };
    if (Object.hasOwn(emu.state.users, username)) return fail(409, `user ${username} already exists`);
    const clean = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
    emu.state.users[username] = makeUser({ username, password, ...clean });
    emu.persist();
    return c.json({ status: 'ok', username }, 201);
  });

  app.put('/__emulator/faults', async (c) => {
    const body = await readBody(c);
    const status = optInt(body, 'error_status', 400, 599);
    const next = {
      ...NO_FAULTS,
      latency_ms: optInt(body, 'latency_ms', 0, 60_000) ?? 0,
      error_rate: optNumber(body, 'error_rate', 0, 1) ?? 0,
      error_status: status ?? 503,
      drop_rate: optNumber(body, 'drop_rate', 0, 1) ?? 0,
      path_prefix: optString(body, 'path_prefix', 1024) ?? '',
      error_next: optInt(body, 'error_next', 0, 1_000_000) ?? 0,
      fail_next_actions: optInt(body, 'fail_next_actions', 0, 1_000_000) ?? 0,
    };
    emu.faults = next;
    return c.json({ status: 'ok', faults: next });
  });

  app.delete('/__emulator/faults', (c) => {
    emu.faults = { ...NO_FAULTS };
    return c.json({ status: 'ok' });
  });

  app.post('/__emulator/reset', async (c) => {
    const body = await readBody(c);
    const kind = optString(body, 'seed', 16) ?? emu.state.seed;
    if (kind !== 'demo' && kind !== 'empty') return badRequest("field 'seed' must be 'demo' or 'empty'");
    emu.faults = { ...NO_FAULTS };
    reseed(kind);
    emu.persist();
    return c.json({ status: 'ok', seed: kind });
  });
}
