// Authentication (spec section 5): login by JSON or multipart form giving an HS256 JWT whose expiry is checked
// against the emulator's clock, Bearer or bare Authorization header, and API tokens stored as hashes.
// The JWT is signed with node:crypto rather than hono/jwt because hono checks `exp` against the wall clock,
// and the emulator's clock may be manual or running faster.
import { createHash, createHmac, randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';
import type { Hono, MiddlewareHandler } from 'hono';
import { isoMicro } from './clock.js';
import { fail, notFound } from './errors.js';
import type { Emu } from './emu.js';
import { ok, optString, pathId, readBody, reqString, type AppEnv, type Ctx } from './http.js';
import { isCrossSite } from './host-guard.js';
import { LoginLimiter, tooManyLogins } from './login-limit.js';
import type { ApiTokenRec, UserRec } from './auth-state.js';

const JWT_LIFETIME_S = 3600;

const b64url = (buf: Buffer | string) => Buffer.from(buf).toString('base64url');

/** How many scrypts have run: a login's cost, counted (tests compare refusals by it, not by a stopwatch). */
export const passwordWork = { scrypts: 0 };

/** The stored form of a password: scrypt, slow on purpose (about 10 ms). */
export function scryptHex(password: string, salt: string): string {
  passwordWork.scrypts += 1;
  return scryptSync(password, salt, 32, { N: 4096 }).toString('hex');
}

// The last few hashes, so that a login right after its account was made (every start of the embedded
// demo) does not pay for scrypt twice. Keyed by a digest of salt and password, never the password.
const recentHashes = new Map<string, string>();
const hashKey = (password: string, salt: string) => createHash('sha256').update(salt).update('\0').update(password).digest('base64');

/** Adds a hash known to be `scryptHex(password, salt)` to the recent ones. */
function rememberHash(password: string, salt: string, hash: string): void {
  const key = hashKey(password, salt);
  recentHashes.delete(key);
  if (recentHashes.size >= 16) recentHashes.delete(recentHashes.keys().next().value!);
  recentHashes.set(key, hash);
}

export function hashPassword(password: string, salt: string): string {
  const known = recentHashes.get(hashKey(password, salt));
  if (known !== undefined) return known;
  const hash = scryptHex(password, salt);
  rememberHash(password, salt, hash);
  return hash;
}

export function makeUser(
  fields: Partial<UserRec> & { username: string; password: string },
  known?: { salt: string; passwordHash: string },
): UserRec {
  const salt = known?.salt ?? randomBytes(16).toString('hex');
  if (known) rememberHash(fields.password, known.salt, known.passwordHash);
  return {
    username: fields.username,
    email: fields.email ?? `${fields.username}@example.com`,
    passwordHash: known?.passwordHash ?? hashPassword(fields.password, salt),
    salt,
    passwordVersion: 1,
    reserved_available: fields.reserved_available ?? true,
    offline_available: fields.offline_available ?? true,
    ecs_special_discount: fields.ecs_special_discount ?? 0,
    ecshm_special_discount: fields.ecshm_special_discount ?? 0,
    ecsgpu_special_discount: fields.ecsgpu_special_discount ?? 0,
  };
}

function checkPassword(user: Pick<UserRec, 'salt' | 'passwordHash'>, password: string): boolean {
  const a = Buffer.from(hashPassword(password, user.salt), 'hex');
  const b = Buffer.from(user.passwordHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

// An unknown user is checked against this stand-in, at the same cost as a known one (a scrypt, or a recent
// hash when the same password was just tried): how fast the refusal comes must not tell who has an account.
const NOBODY = { salt: randomBytes(16).toString('hex'), passwordHash: randomBytes(32).toString('hex') };

/** The account, when `username` names one and `password` is its password. Same work either way. */
function authenticate(users: Record<string, UserRec>, username: string, password: string): UserRec | null {
  const user = Object.hasOwn(users, username) ? users[username] : undefined;
  const ok = checkPassword(user ?? NOBODY, password);
  return user !== undefined && ok ? user : null;
}

function signJwt(emu: Emu, user: UserRec): { token: string; expire: number } {
  const iat = Math.floor(emu.now() / 1000);
  const expire = iat + JWT_LIFETIME_S;
  const header = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = b64url(
    JSON.stringify({ sub: user.username, iat, exp: expire, pwv: user.passwordVersion, jti: randomBytes(8).toString('hex') }),
  );
  const sig = createHmac('sha256', emu.state.secret).update(`${header}.${payload}`).digest('base64url');
  return { token: `${header}.${payload}.${sig}`, expire };
}

const B64URL = /^[A-Za-z0-9_-]+$/;

/** A base64url part decoded only if it is the canonical encoding of what it decodes to: Buffer.from skips
 * characters it does not know and ignores stray low bits, so `sig`, `sig!!` and `sig%20junk` would all decode
 * to the same bytes. */
function strictB64url(part: string): Buffer | null {
  if (!B64URL.test(part)) return null;
  const bytes = Buffer.from(part, 'base64url');
  return bytes.toString('base64url') === part ? bytes : null;
}

function jsonObject(bytes: Buffer): Record<string, unknown> | null {
  try {
    const v: unknown = JSON.parse(bytes.toString('utf8'));
    return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The user a JWT names, or the reason it is refused. Anything but exactly what signJwt makes is refused. */
function verifyJwt(emu: Emu, token: string): UserRec | string {
  const parts = token.split('.');
  if (parts.length !== 3) return 'invalid token';
  const [headerB64, payloadB64, sigB64] = parts;
  const header = strictB64url(headerB64);
  const payload = strictB64url(payloadB64);
  const given = strictB64url(sigB64);
  if (header === null || payload === null || given === null) return 'invalid token';
  const expected = createHmac('sha256', emu.state.secret).update(`${headerB64}.${payloadB64}`).digest();
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid token';
  const head = jsonObject(header);
  if (head === null || head.alg !== 'HS256') return 'invalid token';
  const claims = jsonObject(payload);
  if (claims === null || typeof claims.sub !== 'string' || typeof claims.exp !== 'number') return 'invalid token';
  if (claims.exp * 1000 <= emu.now()) return 'token expired';
  const user = Object.hasOwn(emu.state.users, claims.sub) ? emu.state.users[claims.sub] : undefined;
  if (!user || user.passwordVersion !== claims.pwv) return 'invalid token';
  return user;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** Index of API token hashes, rebuilt when the token list object changes length or identity. */
const tokenIndexCache = new WeakMap<ApiTokenRec[], { size: number; map: Map<string, ApiTokenRec> }>();
function findToken(emu: Emu, value: string): ApiTokenRec | undefined {
  const list = emu.state.tokens;
  let idx = tokenIndexCache.get(list);
  if (!idx || idx.size !== list.length) {
    idx = { size: list.length, map: new Map(list.map((t) => [t.hash, t])) };
    tokenIndexCache.set(list, idx);
  }
  const hit = idx.map.get(sha256(value));
  // a token removed and another added keeps the length: check the hit is still listed
  return hit && list.includes(hit) ? hit : undefined;
}

/** Every service endpoint but login: a missing, forged, expired or revoked credential is a 401. */
export function requireAuth(emu: Emu): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const apiToken = c.req.header('x-apitoken');
    const authz = c.req.header('authorization');
    let user: UserRec | undefined;
    if (apiToken !== undefined && apiToken !== '') {
      const rec = findToken(emu, apiToken.trim());
      if (!rec) return fail(401, 'invalid or revoked API token');
      user = emu.state.users[rec.user];
      if (!user) return fail(401, 'invalid or revoked API token');
    } else if (authz !== undefined && authz.trim() !== '') {
      const raw = authz.trim().replace(/^Bearer\s+/i, '');
      const result = verifyJwt(emu, raw);
      if (typeof result === 'string') return fail(401, result);
      user = result;
    } else {
      return fail(401, 'authentication required: send Authorization: Bearer <token> or X-APITOKEN');
    }
    c.set('user', user.username);
    await next();
  };
}

/** The peer's address over a socket; requests handed to `fetch` in-process share one. */
function clientAddress(c: Ctx): string {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress ?? 'local';
}

export const CROSS_SITE_LOGIN_MESSAGE = 'login refuses requests from web pages of another origin';
export const demoOffMessage = (user: string) =>
  `the ${user} account is off: the emulator listens beyond loopback (start it with --demo-account to allow it)`;

/**
 * `refuseUser`: an account that may not log in (the demo account, whose password everybody knows, on an
 * emulator reachable from other machines).
 */
export function register(app: Hono<AppEnv>, emu: Emu, refuseUser: string | null = null): void {
  const limiter = new LoginLimiter();
  app.post('/ecs/v2/login', async (c) => {
    // A page of another site may post a form here (no preflight needed): it must not log in, nor count as a
    // failure. The service's login form is not ours to serve, so no page has a reason to.
    if (isCrossSite((name) => c.req.header(name), c.req.url)) return fail(403, CROSS_SITE_LOGIN_MESSAGE);
    const body = await readBody(c);
    const username = reqString(body, 'username', 256);
    const password = reqString(body, 'password', 1024);
    if (username === refuseUser) return fail(403, demoOffMessage(username));
    const address = clientAddress(c);
    const wait = limiter.waitSeconds(emu.now(), username, address);
    if (wait > 0) {
      c.header('Retry-After', String(wait));
      return fail(429, tooManyLogins(wait));
    }
    const user = authenticate(emu.state.users, username, password);
    if (!user) {
      limiter.failed(emu.now(), username, address);
      return fail(401, 'invalid username or password');
    }
    limiter.succeeded(emu.now(), username, address);
    const { token, expire } = signJwt(emu, user);
    return ok(c, { token, expire });
  });

  app.get('/ecs/v2/account', (c) => {
    const u = emu.state.users[c.get('user')];
    return c.json({
      status: 'ok',
      username: u.username,
      email: u.email,
      reserved_available: u.reserved_available,
      offline_available: u.offline_available,
      ecs_special_discount: u.ecs_special_discount,
      ecshm_special_discount: u.ecshm_special_discount,
      ecsgpu_special_discount: u.ecsgpu_special_discount,
    });
  });

  app.post('/ecs/v2/account', async (c) => {
    const body = await readBody(c);
    const password = reqString(body, 'password', 1024);
    if (password.length < 8) return fail(400, 'password must be at least 8 characters');
    const u = emu.state.users[c.get('user')];
    u.salt = randomBytes(16).toString('hex');
    u.passwordHash = hashPassword(password, u.salt);
    u.passwordVersion += 1;
    emu.dirty = true;
    return ok(c);
  });

  app.post('/ecs/v2/keys', async (c) => {
    const body = await readBody(c);
    const notes = optString(body, 'notes', 255) ?? '';
    const value = randomBytes(24).toString('base64url');
    const rec: ApiTokenRec = { id: emu.nextId('token'), user: c.get('user'), notes, created_at: emu.now(), hash: sha256(value) };
    emu.state.tokens.push(rec);
    emu.dirty = true;
    return ok(c, { token: value, id: rec.id });
  });

  app.get('/ecs/v2/keys', (c) => {
    const user = c.get('user');
    return c.json(
      emu.state.tokens.filter((t) => t.user === user).map((t) => ({ id: t.id, notes: t.notes, created_at: isoMicro(t.created_at) })),
    );
  });

  const ownToken = (c: { get(k: 'user'): string }, raw: string) => {
    const id = pathId(raw, 'token not found');
    const rec = emu.state.tokens.find((t) => t.id === id && t.user === c.get('user'));
    return rec ?? notFound('token not found');
  };

  app.put('/ecs/v2/keys/:id', async (c) => {
    const rec = ownToken(c, c.req.param('id'));
    const body = await readBody(c);
    rec.notes = reqString(body, 'notes', 255);
    emu.dirty = true;
    return ok(c);
  });

  app.delete('/ecs/v2/keys/:id', (c) => {
    const rec = ownToken(c, c.req.param('id'));
    emu.state.tokens = emu.state.tokens.filter((t) => t !== rec);
    emu.dirty = true;
    return ok(c);
  });
}
