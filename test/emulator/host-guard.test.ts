// DNS rebinding: a page whose own name has been pointed at 127.0.0.1 talks to the emulator same-origin, so
// only the Host header gives it away. On a loopback socket the emulator answers only this machine's names
// and IP addresses; in-process calls (no socket) are not concerned.
import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createEmulator } from '../../src/emulator/app.js';
import { HOST_MESSAGE, isLocalHostName, isLoopbackAddress } from '../../src/emulator/host-guard.js';
import { DEMO_PASSWORD, DEMO_USER } from '../../src/emulator/seed.js';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of closers.splice(0)) await c();
});

async function listening() {
  const emulator = createEmulator({ seed: 'demo', clock: 'manual' });
  const l = await emulator.listen({ port: 0, host: '127.0.0.1' });
  closers.push(l.close);
  return { emulator, port: Number(new URL(l.url).port) };
}

/** One request on a real socket to 127.0.0.1, naming `host` in its Host header. */
function send(port: number, host: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const data = body === undefined ? undefined : JSON.stringify(body);
    const req = request({ host: '127.0.0.1', port, method, path, headers: { host, ...(data ? { 'content-type': 'application/json' } : {}) } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : null }));
    });
    req.on('error', reject);
    req.end(data);
  });
}

describe('a request that names another host on a loopback socket', () => {
  it('is refused with a JSON 403: no reset, no login with the well-known demo password, nothing read', async () => {
    const { emulator, port } = await listening();
    const count = () => Object.keys(emulator.emu.state.servers).length;
    const before = count();
    expect(before).toBeGreaterThan(0);
    const evil = `rebind.evil.example:${port}`;
    for (const [method, path, body] of [
      ['POST', '/__emulator/reset', { seed: 'empty' }],
      ['POST', '/ecs/v2/login', { username: DEMO_USER, password: DEMO_PASSWORD }],
      ['GET', '/__emulator/clock', undefined],
      ['GET', '/ecs/v2/servers', undefined],
    ] as const) {
      const r = await send(port, evil, method, path, body);
      expect(r.status, `${method} ${path}`).toBe(403);
      expect(r.body).toEqual({ status: 'error', error_code: 403, message: HOST_MESSAGE });
    }
    expect(count()).toBe(before);
  });

  it.each(['localhost', 'app.localhost', '127.0.0.1', '[::1]', '10.1.2.3'])('is answered when it names %s', async (name) => {
    const { port } = await listening();
    const r = await send(port, `${name}:${port}`, 'POST', '/ecs/v2/login', { username: DEMO_USER, password: DEMO_PASSWORD });
    expect(r.status).toBe(200);
    expect(typeof r.body.token).toBe('string');
  });
});

describe('the names and addresses the guard reads', () => {
  it('tells a loopback socket address, IPv4, IPv6 and IPv4 mapped in IPv6', () => {
    for (const a of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) expect(isLoopbackAddress(a), a).toBe(true);
    for (const a of ['10.0.0.5', '::ffff:192.168.1.2', 'fe80::1', undefined]) expect(isLoopbackAddress(a), String(a)).toBe(false);
  });

  it('takes this machine names and IP literals, with or without a port, and no other name', () => {
    for (const h of ['localhost', 'LOCALHOST:8787', 'localhost.', 'x.localhost:1', '127.0.0.1:8787', '0.0.0.0', '[::1]:8787', '[fe80::1]', undefined]) {
      expect(isLocalHostName(h), String(h)).toBe(true);
    }
    for (const h of ['evil.example', 'evil.example:8787', 'localhost.evil.example', '127.0.0.1.nip.io', 'emulator', '']) {
      expect(isLocalHostName(h), h).toBe(false);
    }
  });
});
