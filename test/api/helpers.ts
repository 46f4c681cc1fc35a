// Shared test plumbing: a client over canned answers (for shape fixtures), a client over an in-process
// emulator (for behaviour), and a counting fetch to see what actually went out.
import { inspect } from 'node:util';
import { createEmulator, type Emulator } from '../../src/emulator/app.js';
import { createClient, type Client, type ClientOptions } from '../../src/api/index.js';

export const BASE = 'http://emulator.test';
export const DIALECTS = ['primary', 'alternate', 'live'] as const;
type DialectName = (typeof DIALECTS)[number];

export interface Sent {
  method: string;
  path: string;
  headers: Headers;
  body: unknown;
}

/** A fetch that records every request before passing it on. */
export function recording(inner: (r: Request) => Promise<Response> | Response) {
  const sent: Sent[] = [];
  const fetch = async (req: Request): Promise<Response> => {
    const text = req.body ? await req.clone().text() : '';
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = text;
    }
    const url = new URL(req.url);
    sent.push({ method: req.method, path: url.pathname + url.search, headers: req.headers, body });
    return inner(req);
  };
  return { fetch, sent };
}

export const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

/** A client whose every request is answered by `answer`; fast retries so failure tests do not wait. */
export function cannedClient(answer: (req: Request) => Response | Promise<Response>, opts: Partial<ClientOptions> = {}) {
  const rec = recording(answer);
  const client = createClient({
    endpoint: BASE,
    credential: { kind: 'token', token: 'tok-canned-0123456789' },
    fetch: rec.fetch,
    retry: { baseDelayMs: 1, maxDelayMs: 5 },
    ...opts,
  });
  return { client, sent: rec.sent };
}

export interface EmuClient {
  emulator: Emulator;
  client: Client;
  sent: Sent[];
  admin(method: string, path: string, body?: unknown): Promise<any>;
  advance(seconds: number): Promise<void>;
}

/** An in-process emulator (manual clock) and a client logged in as `demo` over its fetch. */
export async function emuClient(
  dialect: DialectName = 'primary',
  seed: 'empty' | 'demo' = 'empty',
  opts: Partial<ClientOptions> = {},
): Promise<EmuClient> {
  const emulator = createEmulator({ clock: 'manual', seed, dialect });
  const rec = recording(emulator.fetch);
  const client = createClient({ endpoint: BASE, fetch: rec.fetch, retry: { baseDelayMs: 1, maxDelayMs: 5 }, ...opts });
  const admin = async (method: string, path: string, body?: unknown) => {
    const res = await emulator.fetch(
      new Request(BASE + path, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
    const text = await res.text();
    if (res.status >= 300) throw new Error(`admin ${method} ${path}: ${res.status} ${text}`);
    return text ? JSON.parse(text) : undefined;
  };
  if (!opts.credential) await client.login('demo', 'demo');
  rec.sent.length = 0;
  return {
    emulator,
    client,
    sent: rec.sent,
    admin,
    async advance(seconds: number) {
      await admin('POST', '/__emulator/clock/advance', { seconds });
    },
  };
}

/** Everything a person could see of an error. */
export function visibleText(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const parts = [err.message, err.toString(), String(err.stack ?? ''), JSON.stringify(err), inspect(err, { depth: 6 })];
  const cause = (err as { cause?: unknown }).cause;
  if (cause instanceof Error) parts.push(cause.message, String(cause.stack ?? ''));
  return parts.join('\n');
}
