// Builds the emulator: one Hono app over one Emu context, with the request pipeline
// (faults, due tasks, authentication, persistence) and every resource module registered.
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { getRequestListener, serve } from '@hono/node-server';
import { Emu, registerCoreTasks, type EmuOptions } from './emu.js';
import { EmuError, errorBody } from './errors.js';
import { RuleError } from '../rules/index.js';
import type { AppEnv } from './http.js';
import { requireAuth } from './auth.js';
import * as auth from './auth.js';
import * as admin from './admin.js';
import { hostGuard } from './host-guard.js';
import * as actions from './actions.js';
import { DEMO_USER, seed } from './seed.js';
import { RESOURCE_MODULES } from './modules.js';

const MAX_BODY_BYTES = 1024 * 1024;

/** Thrown by the drop fault: the caller sees a network failure, not an HTTP answer. */
class DroppedConnection extends Error {}

function isHangUp(err: Error, signal: AbortSignal): boolean {
  const code = (err as { code?: unknown }).code;
  return signal.aborted || code === 'ECONNRESET' || code === 'ECONNABORTED' || err.message === 'aborted';
}

/**
 * Text a client or the command line gave, as one line of the emulator's log: control characters shown as `?`
 * (a newline would forge a second line, an escape would be obeyed by the terminal).
 */
export const printable = (text: string) => text.replace(/[\u0000-\u001f\u007f-\u009f]/g, '?');

/** How much of a refused body is read (and thrown away) so that its sender can read the refusal. */
const MAX_DRAIN_BYTES = 64 * 1024 * 1024;

/**
 * Reads what is left of a request's body and throws it away; false when it stopped at MAX_DRAIN_BYTES (the
 * connection is then closed after the answer). The body's stream, or when the size check is already reading
 * it, the socket's own stream.
 */
async function drainBody(request: Request, env: unknown): Promise<boolean> {
  let read = 0;
  const body = request.body;
  if (body !== null && !body.locked) {
    const reader = (body as ReadableStream<Uint8Array>).getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return true;
        read += value.byteLength;
        if (read > MAX_DRAIN_BYTES) return false;
      }
    } catch {
      return false;
    } finally {
      void reader.cancel().catch(() => undefined);
    }
  }
  const incoming = (env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (incoming === undefined || incoming.readableEnded || incoming.destroyed) return true;
  return new Promise<boolean>((resolve) => {
    const finish = (whole: boolean) => {
      incoming.off('data', onData);
      incoming.off('end', onEnd);
      incoming.off('error', onError);
      resolve(whole);
    };
    const onData = (chunk: Buffer) => {
      read += chunk.length;
      if (read > MAX_DRAIN_BYTES) finish(false);
    };
    const onEnd = () => finish(true);
    const onError = () => finish(false);
    incoming.on('data', onData);
    incoming.on('end', onEnd);
    incoming.on('error', onError);
    incoming.resume();
  });
}

export interface Emulator {
  emu: Emu;
  app: Hono<AppEnv>;
  /** the service as a fetch function (tests hand it to ky to skip the socket) */
  fetch: (request: Request) => Promise<Response>;
  advance(seconds: number): void;
  listen(opts?: { port?: number; host?: string }): Promise<{ url: string; server: Server; close(): Promise<void> }>;
  /** The service as a node:http request handler, for a server that was listening before the emulator loaded. */
  requestListener(): (req: IncomingMessage, res: ServerResponse) => void;
}

export function createEmulator(options: EmuOptions = {}): Emulator {
  const emu = new Emu(options);
  registerCoreTasks(emu);
  const app = new Hono<AppEnv>({ strict: false });

  app.onError((err, c) => {
    if (err instanceof DroppedConnection) {
      const env = c.env as { incoming?: { socket?: { destroy(): void } } } | undefined;
      env?.incoming?.socket?.destroy();
      throw err;
    }
    if (err instanceof EmuError) return c.json(errorBody(err.status, err.message, err.extra), err.status as 400);
    // the service's rules, shared with the dashboard's forms, throw their own error with the exact message
    if (err instanceof RuleError) return c.json(errorBody(err.status, err.message), err.status as 400);
    if (err instanceof HTTPException) {
      const status = err.status;
      return c.json(errorBody(status, err.message || 'bad request'), status);
    }
    // The client went away while its body was being read: nothing to answer, and nothing wrong here.
    if (isHangUp(err, c.req.raw.signal)) {
      console.error(`emulator: ${c.req.method} ${printable(c.req.path.slice(0, 200))}: the client closed the connection before sending its whole request`);
      return c.body(null, 400);
    }
    // A bug, not bad input: the fuzz tests make sure input never gets here.
    console.error('emulator internal error:', err);
    return c.json(errorBody(500, 'internal emulator error'), 500);
  });

  let routePatterns: Array<{ method: string; re: RegExp }> | null = null;
  app.notFound((c) => {
    routePatterns ??= app.routes
      .filter((r) => r.method !== 'ALL')
      .map((r) => ({
        method: r.method,
        re: new RegExp(
          `^${r.path
            .replace(/\/+$/, '')
            .replace(/[.+?^$()|[\]\\]/g, '\\$&')
            .replace(/:[A-Za-z_]+(\{[^}]*\})?/g, '[^/]+')
            .replace(/\*/g, '.*')}/?$`,
        ),
      }));
    const path = c.req.path;
    const allowed = routePatterns.filter((r) => r.re.test(path)).map((r) => r.method);
    if (allowed.length > 0) {
      c.header('Allow', [...new Set(allowed)].join(', '));
      return c.json(errorBody(405, `method ${c.req.method} not allowed on ${path}`), 405);
    }
    return c.json(errorBody(404, `no such endpoint: ${c.req.method} ${path}`), 404);
  });

  const limitBody = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: async (c) => {
      // Answering before the body is read would close the socket under a client still sending it, which
      // then sees a broken pipe instead of the 413: read the rest first (up to a bound), then answer.
      if (!(await drainBody(c.req.raw, c.env))) c.header('Connection', 'close');
      return c.json(errorBody(413, 'request body too large (at most 1 MiB)'), 413);
    },
  });
  // A GET or HEAD has no body (a fetch Request cannot hold one), and asking for it would make the Node
  // adapter build a whole fetch Request, signal included, for every read: a seventh of a lookup's time.
  // The Date header tells the emulator's clock (manual or sped up), as a real service's tells its own: the
  // dashboard asks for "the last hour" of metrics by the service's clock, not the machine's.
  app.use('*', hostGuard());
  app.use('*', async (c, next) => {
    await next();
    c.res.headers.set('Date', new Date(emu.now()).toUTCString());
  });
  app.use('*', (c: Context<AppEnv, string>, next) => (c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : limitBody(c, next)));

  const authenticate = requireAuth(emu);
  app.use('*', async (c: Context<AppEnv, string>, next) => {
    const path = c.req.path;
    if (path.startsWith('/__emulator/') || path === '/__emulator') return next();
    emu.requests += 1;
    if (path.endsWith('/metrics')) emu.metricsRequests += 1;
    else if (path === '/ecs/v2/actions' || path.startsWith('/ecs/v2/actions/')) emu.actionsRequests += 1;
    const f = emu.faults;
    if (!f.path_prefix || path.startsWith(f.path_prefix)) {
      if (f.latency_ms > 0) await new Promise((r) => setTimeout(r, f.latency_ms));
      if (f.drop_rate > 0 && Math.random() < f.drop_rate) throw new DroppedConnection('connection dropped by fault injection');
      if (f.error_next > 0 || (f.error_rate > 0 && Math.random() < f.error_rate)) {
        if (f.error_next > 0) f.error_next -= 1;
        return c.json(errorBody(f.error_status, `injected fault: status ${f.error_status}`), f.error_status as 503);
      }
    }
    emu.runDue();
    try {
      if (path === '/ecs/v2/login' || path === '/ecs/v2/login/') await next();
      else await authenticate(c, next);
    } finally {
      if (emu.dirty) emu.persist();
    }
  });

  admin.register(app, emu, (kind) => seed(emu, kind));
  auth.register(app, emu, options.demoLogin === false ? DEMO_USER : null);
  actions.register(app, emu);
  for (const m of RESOURCE_MODULES) m.register(app, emu);

  if (!emu.load()) seed(emu, options.seed ?? 'demo');
  emu.persist();

  const fetchFn = async (request: Request): Promise<Response> => {
    try {
      return await app.fetch(request);
    } catch (err) {
      if (err instanceof DroppedConnection) throw new TypeError('fetch failed', { cause: err });
      throw err;
    }
  };

  return {
    emu,
    app,
    fetch: fetchFn,
    advance(seconds: number) {
      emu.clock.advance(seconds);
      emu.runDue();
      if (emu.dirty) emu.persist();
    },
    requestListener() {
      const listener = getRequestListener(app.fetch);
      return (req, res) => void listener(req, res);
    },
    listen({ port = 0, host = '127.0.0.1' } = {}) {
      return new Promise((resolve, reject) => {
        const server = serve({ fetch: app.fetch, port, hostname: host }, (info) => {
          const shownHost = host.includes(':') ? `[${host}]` : host;
          resolve({
            url: `http://${shownHost}:${info.port}`,
            server: server,
            close: () =>
              new Promise<void>((done) => {
                (server).closeAllConnections?.();
                server.close(() => done());
              }),
          });
        }) as Server;
        server.once('error', reject);
      });
    },
  };
}
