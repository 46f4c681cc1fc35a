// Tokens parsed strictly, and logins that tell nothing by their cost and cannot be tried at request speed.
import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createEmulator } from '../../src/emulator/app.js';
import { CROSS_SITE_LOGIN_MESSAGE, passwordWork } from '../../src/emulator/auth.js';
import {
  FREE_FAILURES_PER_ACCOUNT,
  FREE_FAILURES_PER_ACCOUNT_ALL,
  FREE_FAILURES_PER_ADDRESS,
  LoginLimiter,
  addressKey,
  tooManyLogins,
} from '../../src/emulator/login-limit.js';
import { BASE, makeEmu, type TestEmu } from './helpers.js';

const login = (t: TestEmu, username: string, password: string) => t.req('POST', '/ecs/v2/login', { username, password }, { token: null });

describe('JWTs are parsed strictly', () => {
  it('refuses a valid token with anything appended, or re-encoded to the same bytes', async () => {
    const t = await makeEmu();
    const [h, p, sig] = t.token.split('.');
    // the signature's last character carries two spare bits: another letter can decode to the same bytes
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const last = alphabet.indexOf(sig.at(-1)!);
    const twin = sig.slice(0, -1) + alphabet[last ^ 1];
    expect(Buffer.from(twin, 'base64url').equals(Buffer.from(sig, 'base64url'))).toBe(true);
    const forms = [`${t.token}=`, `${t.token}==`, `${t.token}!`, `${t.token}*`, `${t.token}~junk`, `${h}.${p}.${twin}`, `${h}=.${p}.${sig}`, `${h}.${p}!.${sig}`];
    for (const form of forms) {
      const r = await t.req('GET', '/ecs/v2/account', undefined, { token: null, headers: { authorization: `Bearer ${form}` } });
      expect(r.status, form).toBe(401);
      expect(r.body.message).toBe('invalid token');
    }
    expect((await t.req('GET', '/ecs/v2/account')).status).toBe(200);
  });

  it('answers a token or a login naming a property of every object with 401, not a 500', async () => {
    const t = await makeEmu();
    for (const name of ['__proto__', 'constructor', 'toString']) {
      const r = await login(t, name, 'x');
      expect(r.status, name).toBe(401);
      expect(r.body.message).toBe('invalid username or password');
    }
  });
});

describe('login costs the same whoever is named', () => {
  it('spends one password hash on an unknown user, as on a wrong password', async () => {
    const t = await makeEmu();
    const cost = async (username: string, password: string) => {
      const before = passwordWork.scrypts;
      expect((await login(t, username, password)).status).toBe(401);
      return passwordWork.scrypts - before;
    };
    expect(await cost('demo', 'wrong-1')).toBe(1);
    expect(await cost('nobody-here', 'wrong-2')).toBe(1);
    // the same password again is answered from the recent hashes, for both alike
    expect(await cost('demo', 'wrong-1')).toBe(0);
    expect(await cost('nobody-here', 'wrong-2')).toBe(0);
  });
});

describe('repeated failed logins are slowed down', () => {
  it(`after ${FREE_FAILURES_PER_ACCOUNT} failures an account waits 1 s, then 2 s, 4 s...; a success clears it`, async () => {
    const t = await makeEmu();
    for (let i = 0; i < FREE_FAILURES_PER_ACCOUNT - 1; i++) expect((await login(t, 'demo', `typo${i}`)).status).toBe(401);
    expect((await login(t, 'demo', 'one more')).status).toBe(401);
    // now even the right password waits: a guess must not be told apart by its answer
    const refused = await login(t, 'demo', 'demo');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ status: 'error', error_code: 429, message: tooManyLogins(1) });
    expect(refused.headers.get('retry-after')).toBe('1');
    await t.advance(1);
    expect((await login(t, 'demo', 'wrong again')).status).toBe(401);
    expect((await login(t, 'demo', 'demo')).body.message).toBe(tooManyLogins(2));
    await t.advance(2);
    expect((await login(t, 'demo', 'wrong again')).status).toBe(401);
    expect((await login(t, 'demo', 'demo')).body.message).toBe(tooManyLogins(4));
    await t.advance(4);
    expect((await login(t, 'demo', 'demo')).status).toBe(200);
    // cleared: the next typo is free again
    expect((await login(t, 'demo', 'typo')).status).toBe(401);
    expect((await login(t, 'demo', 'demo')).status).toBe(200);
  });

  it('slows an unknown account exactly as a real one', async () => {
    const t = await makeEmu();
    for (let i = 0; i < FREE_FAILURES_PER_ACCOUNT; i++) expect((await login(t, 'ghost', `g${i}`)).status).toBe(401);
    expect((await login(t, 'ghost', 'g')).body.message).toBe(tooManyLogins(1));
  });

  it(`slows an address that tries many accounts after ${FREE_FAILURES_PER_ADDRESS} failures, and leaves others' accounts alone`, async () => {
    const t = await makeEmu();
    for (let i = 0; i < FREE_FAILURES_PER_ADDRESS; i++) expect((await login(t, `user${i}`, 'pw')).status).toBe(401);
    const r = await login(t, 'demo', 'demo');
    expect(r.status).toBe(429);
    expect(r.body.message).toBe(tooManyLogins(1));
    await t.advance(1);
    expect((await login(t, 'demo', 'demo')).status).toBe(200);
  });

  it('never slows successful logins, however many', async () => {
    const t = await makeEmu();
    for (let i = 0; i < 50; i++) expect((await login(t, 'demo', 'demo')).status).toBe(200);
  });
});

describe('no one can lock an account out by its name alone', () => {
  it('refuses a login form posted by a page of another site, without counting it as a failure', async () => {
    const t = await makeEmu();
    const page = (headers: Record<string, string>) =>
      t.req('POST', '/ecs/v2/login', undefined, {
        token: null,
        raw: 'username=demo&password=guess',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      });
    for (let i = 0; i < 3 * FREE_FAILURES_PER_ACCOUNT; i++) {
      for (const headers of [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }, { origin: 'null' }] as Array<Record<string, string>>) {
        const r = await page(headers);
        expect(r.status).toBe(403);
        expect(r.body.message).toBe(CROSS_SITE_LOGIN_MESSAGE);
      }
    }
    // the owner is not slowed at all
    expect((await login(t, 'demo', 'demo')).status).toBe(200);
    // a form from the emulator's own origin (or none, as scripts send) is still a login
    expect((await page({ origin: BASE, 'sec-fetch-site': 'same-origin' })).status).toBe(401);
  });

  it("another address's failures do not lock the owner's address out", async () => {
    const port = await listeningEmu();
    // 127.0.0.2 is this machine too: another address on the loopback network
    for (let i = 0; i < FREE_FAILURES_PER_ACCOUNT + 3; i++) await postLogin(port, '127.0.0.2', 'demo', `guess${i}`);
    expect((await postLogin(port, '127.0.0.2', 'demo', 'demo')).status).toBe(429);
    const owner = await postLogin(port, '127.0.0.1', 'demo', 'demo');
    expect(owner.status).toBe(200);
  });

  it('slows guessers spread over many addresses, but not an address that logged in to the account before', () => {
    const limiter = new LoginLimiter();
    const now = 1_000_000;
    limiter.succeeded(now, 'demo', '10.0.0.1');
    for (let i = 0; i < FREE_FAILURES_PER_ACCOUNT_ALL; i++) limiter.failed(now, 'demo', `10.1.${Math.floor(i / 250)}.${i % 250}`);
    expect(limiter.waitSeconds(now, 'demo', '198.51.100.7')).toBe(1);
    expect(limiter.waitSeconds(now, 'demo', '10.0.0.1')).toBe(0);
    expect(limiter.waitSeconds(now, 'someone-else', '198.51.100.7')).toBe(0);
    // a login more than 30 days old no longer makes an address known
    const later = now + 31 * 86400_000;
    for (let i = 0; i < FREE_FAILURES_PER_ACCOUNT_ALL; i++) limiter.failed(later, 'demo', `10.2.${Math.floor(i / 250)}.${i % 250}`);
    expect(limiter.waitSeconds(later, 'demo', '10.0.0.1')).toBe(1);
  });

  it('counts an IPv6 address by its /64, so one host cannot rotate through its addresses', () => {
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe(addressKey('2001:db8:1:2::ffff'));
    expect(addressKey('2001:db8:1:2::1')).not.toBe(addressKey('2001:db8:1:3::1'));
    expect(addressKey('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    const limiter = new LoginLimiter();
    for (let i = 0; i < FREE_FAILURES_PER_ACCOUNT; i++) limiter.failed(0, 'demo', `2001:db8:1:2::${i + 1}`);
    expect(limiter.waitSeconds(0, 'demo', '2001:db8:1:2::99')).toBe(1);
  });
});

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of closers.splice(0)) await c();
});

async function listeningEmu() {
  const emulator = createEmulator({ seed: 'empty', clock: 'manual' });
  const l = await emulator.listen({ port: 0, host: '127.0.0.1' });
  closers.push(l.close);
  return Number(new URL(l.url).port);
}

/** A login over a real socket from the given local address. */
function postLogin(port: number, from: string, username: string, password: string): Promise<{ status: number }> {
  return new Promise((resolve, reject) => {
    const data = JSON.stringify({ username, password });
    const req = request(
      { host: '127.0.0.1', port, localAddress: from, method: 'POST', path: '/ecs/v2/login', headers: { 'content-type': 'application/json' } },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0 }));
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}
