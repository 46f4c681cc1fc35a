// Drives an in-process emulator through its fetch function, as a client would over HTTP.
import { createEmulator, type Emulator } from '../../src/emulator/app.js';
import type { EmuOptions } from '../../src/emulator/emu.js';

export interface Reply {
  status: number;
  body: any;
  text: string;
  headers: Headers;
}

export interface TestEmu {
  emulator: Emulator;
  /** a request as the given credential ('demo' JWT by default; null for none) */
  req(method: string, path: string, body?: unknown, opts?: { token?: string | null; headers?: Record<string, string>; raw?: string }): Promise<Reply>;
  login(username?: string, password?: string): Promise<string>;
  /** creates an account through the admin endpoint and returns its JWT */
  newUser(username: string, fields?: Record<string, unknown>): Promise<string>;
  advance(seconds: number): Promise<void>;
  token: string;
}

export const BASE = 'http://emulator.test';

export async function makeEmu(opts: EmuOptions = {}): Promise<TestEmu> {
  const emulator = createEmulator({ clock: 'manual', seed: 'empty', ...opts });
  const t: TestEmu = {
    emulator,
    token: '',
    async req(method, path, body, o = {}) {
      const headers: Record<string, string> = { ...(o.headers ?? {}) };
      const token = o.token === undefined ? t.token : o.token;
      if (token) headers.authorization = `Bearer ${token}`;
      let payload: string | undefined = o.raw;
      if (body !== undefined && payload === undefined) {
        payload = JSON.stringify(body);
        headers['content-type'] ??= 'application/json';
      }
      const res = await emulator.fetch(new Request(BASE + path, { method, headers, body: payload }));
      const text = await res.text();
      let parsed: unknown = undefined;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = undefined;
      }
      return { status: res.status, body: parsed, text, headers: res.headers };
    },
    async login(username = 'demo', password = 'demo') {
      const r = await t.req('POST', '/ecs/v2/login', { username, password }, { token: null });
      if (r.status !== 200) throw new Error(`login failed: ${r.status} ${r.text}`);
      return r.body.token as string;
    },
    async newUser(username, fields = {}) {
      const r = await t.req('POST', '/__emulator/users', { username, password: `${username}-pw`, ...fields }, { token: null });
      if (r.status !== 201) throw new Error(`user creation failed: ${r.status} ${r.text}`);
      return t.login(username, `${username}-pw`);
    },
    async advance(seconds) {
      const r = await t.req('POST', '/__emulator/clock/advance', { seconds }, { token: null });
      if (r.status !== 200) throw new Error(`advance failed: ${r.status} ${r.text}`);
    },
  };
  t.token = await t.login();
  return t;
}

/** A server of the account, created and then booted (the clock moved past creation and customizing). */
export async function bootedServer(t: TestEmu, body: Record<string, unknown> = {}): Promise<string> {
  const r = await t.req('POST', '/ecs/v2/servers', { plan: 'eCS1', location: 'it-mi2', image: 'ubuntu-2404', notes: 'web-1', ...body });
  if (r.status !== 200) throw new Error(`server create failed: ${r.status} ${r.text}`);
  await t.advance(80);
  return r.body.server.name as string;
}
