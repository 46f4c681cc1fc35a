// The embedded emulator for the demo: started on a free loopback port, in a worker thread when the program
// runs from its bundle, so that the emulator's start (seeding, password hashing) and every request it
// answers use the second core instead of delaying the dashboard's first frame and its keys. Kept apart from
// the session module so main.tsx can start it before the client and Ink have even loaded.

/** A server boots in about 80 emulated seconds: at 20× that is four real seconds, quick enough to watch. */
export const DEMO_SPEED = 20;

import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { FetchLike } from '../api/http.js';

export interface Embedded {
  url: string;
  /**
   * The dashboard's own requests, handed to the emulator directly instead of over the socket: no HTTP to
   * write and parse on either side. The port stays open for anything else that wants to talk to it.
   */
  fetch?: FetchLike;
  close(): Promise<void>;
}

interface WireRequest {
  id: number;
  url: string;
  method: string;
  headers: Array<[string, string]>;
  body: string | null;
}

interface WireResponse {
  /** absent: the emulator failed after it started listening, and `error` says why */
  id?: number;
  status?: number;
  headers?: Array<[string, string]>;
  body?: string;
  /** the emulator dropped the connection (fault injection) */
  error?: string;
}

// Plain JavaScript, because a worker cannot load TypeScript. It runs the emulator's classic-script build
// beside this bundle (dist/emulator.cjs) through the code cache (dist/compile-cache.js), like the
// dashboard, and keeps the compiled code once the emulator has answered for a while.
// The port is opened first and its URL sent at once: the dashboard, still loading itself, then sends its
// first requests as soon as it can, and they wait in the message queue (connections, in the handler) for
// the emulator, which loads meanwhile. Waiting for the whole emulator before saying where it listens cost
// the first frame the emulator's load time; now only the longer of the two loads counts.
// Only dynamic imports: Node reads eval'd worker code as CommonJS or as a module depending on where it runs.
const WORKER_SOURCE = `
import('node:worker_threads').then(async ({ parentPort, workerData }) => {
  try {
    const { createServer } = await import('node:http');
    let listener = null;
    const early = [];
    const server = createServer((req, res) => (listener ? listener(req, res) : early.push([req, res])));
    await new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', resolve);
    });
    parentPort.postMessage({ url: 'http://127.0.0.1:' + server.address().port });
    const { loadBundle } = await import(workerData.loader);
    const bundle = loadBundle(new URL(workerData.entry));
    const emulator = bundle.exports.createEmulator({ clock: 'real', speed: workerData.speed, seed: 'demo' });
    listener = emulator.requestListener();
    for (const [req, res] of early.splice(0)) listener(req, res);
    parentPort.on('message', async (m) => {
      try {
        const res = await emulator.fetch(new Request(m.url, { method: m.method, headers: m.headers, body: m.body }));
        parentPort.postMessage({ id: m.id, status: res.status, headers: [...res.headers], body: await res.text() });
      } catch (err) {
        parentPort.postMessage({ id: m.id, error: String((err && err.message) || err) });
      }
    });
    if (bundle.cache !== 'used') setTimeout(() => bundle.save(), 2000).unref();
  } catch (err) {
    // before the URL: the start fails; after it: every request fails with this, and the worker ends
    parentPort.postMessage({ error: String((err && err.message) || err) });
    process.exit(1);
  }
});
`;

async function startInWorker(speed: number): Promise<Embedded | null> {
  const entry = new URL('./emulator.cjs', import.meta.url);
  const loader = new URL('./compile-cache.js', import.meta.url);
  if (entry.protocol !== 'file:' || !existsSync(fileURLToPath(entry)) || !existsSync(fileURLToPath(loader))) return null;
  // the emulator's own console output must not land on the dashboard's screen
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { entry: entry.href, loader: loader.href, speed }, stdout: true, stderr: true });
  worker.stdout.resume();
  worker.stderr.resume();
  try {
    const url = await new Promise<string>((resolve, reject) => {
      worker.once('message', (m: { url?: string; error?: string }) => (m.url ? resolve(m.url) : reject(new Error(m.error ?? 'the emulator did not start'))));
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`the emulator stopped (${code})`)));
    });
    const pending = new Map<number, { resolve(r: Response): void; reject(e: Error): void }>();
    let seq = 0;
    let failure: string | null = null;
    worker.on('message', (m: WireResponse) => {
      if (m.id === undefined) {
        // the emulator failed to load after its port opened
        failure = m.error ?? 'the emulator stopped';
        for (const w of pending.values()) w.reject(new TypeError('fetch failed', { cause: new Error(failure) }));
        pending.clear();
        return;
      }
      const waiting = pending.get(m.id);
      if (!waiting) return;
      pending.delete(m.id);
      if (m.error !== undefined) waiting.reject(new TypeError('fetch failed', { cause: new Error(m.error) }));
      else waiting.resolve(new Response(m.body === '' ? null : m.body, { status: m.status, headers: m.headers }));
    });
    worker.on('exit', () => {
      for (const w of pending.values()) w.reject(new TypeError('fetch failed', { cause: new Error('the emulator stopped') }));
      pending.clear();
    });
    const fetch: FetchLike = async (request) => {
      if (failure !== null) throw new TypeError('fetch failed', { cause: new Error(failure) });
      const id = ++seq;
      const body = request.method === 'GET' || request.method === 'HEAD' ? null : await request.text();
      const message: WireRequest = { id, url: request.url, method: request.method, headers: [...request.headers], body };
      return new Promise<Response>((resolve, reject) => {
        const signal = request.signal;
        const onAbort = () => {
          pending.delete(id);
          reject(signal.reason instanceof Error ? signal.reason : new DOMException('the request was cancelled', 'AbortError'));
        };
        if (signal.aborted) return onAbort();
        signal.addEventListener('abort', onAbort, { once: true });
        pending.set(id, {
          resolve: (r) => {
            signal.removeEventListener('abort', onAbort);
            resolve(r);
          },
          reject: (e) => {
            signal.removeEventListener('abort', onAbort);
            reject(e);
          },
        });
        worker.postMessage(message);
      });
    };
    return {
      url,
      fetch,
      async close() {
        await worker.terminate();
      },
    };
  } catch (err) {
    await worker.terminate();
    throw err;
  }
}

async function startHere(speed: number): Promise<Embedded> {
  const { createEmulator } = await import('../emulator/app.js');
  const emulator = createEmulator({ clock: 'real', speed, seed: 'demo' });
  const server = await emulator.listen({ port: 0, host: '127.0.0.1' });
  return { url: server.url, close: () => server.close() };
}

/** The demo emulator at `speed`, with its URL; in this thread when no worker can be made. */
export async function startEmulator(speed = DEMO_SPEED): Promise<Embedded> {
  return (await startInWorker(speed).catch(() => null)) ?? (await startHere(speed));
}
