// The embedded emulator for the demo: started on a free loopback port, in a worker thread when the program
// runs from its bundle, so that the emulator's start (seeding, password hashing) and every request it
// answers use the second core instead of delaying the dashboard's first frame and its keys. Kept apart from
// the session module so boot/main.ts can start it before the client and Ink have even loaded.

/** A server boots in about 80 emulated seconds: at 20× that is four real seconds, quick enough to watch. */
const DEMO_SPEED = 20;
/** The account every emulator has (emulator.md); the demo logs in as it. */
export const DEMO_USER = 'demo';
export const DEMO_PASSWORD = 'demo';

import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { wholeBody, type Exchange, type Incoming } from '../api/exchange.js';

export interface Embedded {
  url: string;
  /**
   * The dashboard's own requests, handed to the emulator directly instead of over the socket: no HTTP to
   * write and parse on either side, and no Request or Response made in this thread (the first of those
   * loads Node's fetch: see api/exchange.ts). The port stays open for anything else that wants to talk to it.
   */
  exchange?: Exchange;
  /**
   * The service's answer to the demo account's login, which the worker sends the moment its emulator is up,
   * while the dashboard is still loading: the dashboard's first requests then need no login before them.
   */
  login?: Promise<WireAnswer>;
  close(): Promise<void>;
}

/** An HTTP answer as the worker passes it on. */
export interface WireAnswer {
  status: number;
  body: string;
}

/** A request the dashboard hands the worker (embedded-worker.ts), and its answer. */
export interface WireRequest {
  id: number;
  url: string;
  method: string;
  headers: Array<[string, string]>;
  body: string | null;
}

export interface WireResponse {
  /** absent: the emulator failed after it started listening, and `error` says why, or this is `login` */
  id?: number;
  status?: number;
  headers?: Array<[string, string]>;
  /** the answer's bytes, moved across rather than copied (not decoded here only to be encoded again there) */
  body?: Uint8Array;
  /** the emulator dropped the connection (fault injection) */
  error?: string;
  /** the demo login's answer (see Embedded.login) */
  login?: WireAnswer;
  /** the worker has done what it does before it stops (see WireClose) */
  closing?: true;
}

/** Asks the worker to keep its compiled code, when it has kept none yet, before it is stopped. */
export interface WireClose {
  close: true;
}

export interface WorkerData {
  /** dist/emulator.cjs, as a file URL */
  entry: string;
  speed: number;
  /** the account the worker logs in as once its emulator is up */
  login: { username: string; password: string };
}

/** The worker's answer as the transport reads it (the body came whole). */
function incoming(m: WireResponse): Incoming {
  const headers = new Map((m.headers ?? []).map(([name, value]) => [name.toLowerCase(), value]));
  return {
    status: m.status ?? 0,
    statusText: '',
    header: (name) => headers.get(name.toLowerCase()) ?? null,
    body: wholeBody(m.body ?? new Uint8Array()),
  };
}

async function startInWorker(speed: number, dist: URL): Promise<Embedded | null> {
  const entry = new URL('emulator.cjs', dist);
  const script = new URL('embedded-worker.cjs', dist);
  // from the sources (tests) there is no bundle to run: the emulator then runs in this thread
  if (entry.protocol !== 'file:' || !existsSync(fileURLToPath(entry)) || !existsSync(fileURLToPath(script))) return null;
  const workerData: WorkerData = { entry: entry.href, speed, login: { username: DEMO_USER, password: DEMO_PASSWORD } };
  // the emulator's own console output must not land on the dashboard's screen
  const worker = new Worker(fileURLToPath(script), { workerData, stdout: true, stderr: true });
  worker.stdout.resume();
  worker.stderr.resume();
  try {
    const url = await new Promise<string>((resolve, reject) => {
      worker.once('message', (m: { url?: string; error?: string }) => (m.url ? resolve(m.url) : reject(new Error(m.error ?? 'the emulator did not start'))));
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`the emulator stopped (${code})`)));
    });
    const pending = new Map<number, { resolve(r: Incoming): void; reject(e: Error): void }>();
    let seq = 0;
    let failure: string | null = null;
    let answerLogin: (answer: WireAnswer) => void = () => {};
    let loginFailed: (err: Error) => void = () => {};
    const login = new Promise<WireAnswer>((resolve, reject) => {
      answerLogin = resolve;
      loginFailed = reject;
    });
    login.catch(() => {
      // the session logs in itself when this did not work
    });
    let closing: (() => void) | null = null;
    worker.on('message', (m: WireResponse) => {
      if (m.login !== undefined) {
        answerLogin(m.login);
        return;
      }
      if (m.closing) {
        closing?.();
        return;
      }
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
      else waiting.resolve(incoming(m));
    });
    worker.on('exit', () => {
      // a request made after this would wait for an answer that never comes
      failure ??= 'the emulator stopped';
      loginFailed(new Error('the emulator stopped'));
      for (const w of pending.values()) w.reject(new TypeError('fetch failed', { cause: new Error('the emulator stopped') }));
      pending.clear();
    });
    const exchange: Exchange = (request) => {
      if (failure !== null) return Promise.reject(new TypeError('fetch failed', { cause: new Error(failure) }));
      const id = ++seq;
      const message: WireRequest = { id, url: request.url, method: request.method, headers: Object.entries(request.headers), body: request.body };
      return new Promise<Incoming>((resolve, reject) => {
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
      exchange,
      login,
      async close() {
        // A program quit right after its first screen must still leave the emulator's compiled code for the
        // next start: the worker keeps it now if it has not yet. It gets a second, then it is stopped.
        if (failure === null) {
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, 1000);
            closing = () => {
              clearTimeout(timer);
              resolve();
            };
            worker.postMessage({ close: true } satisfies WireClose);
          });
        }
        await worker.terminate();
      },
    };
  } catch (err) {
    await worker.terminate();
    throw err;
  }
}

/**
 * The emulator's code for this thread: its bundle beside this one, or, from the sources (tests), its module.
 * The module is named through a variable so that the bundler leaves it out of the bundles that hold this file:
 * the entry script and the dashboard load quicker without a copy of the emulator they would never run.
 */
const EMULATOR_SOURCE = '../emulator/app.js';
async function emulatorCode(dist: URL): Promise<typeof import('../emulator/app.js')> {
  const bundle = new URL('emulator.cjs', dist);
  if (bundle.protocol === 'file:' && existsSync(fileURLToPath(bundle))) {
    const { loadBundle } = await import('./compile-cache.js');
    return loadBundle<typeof import('../emulator/app.js')>(bundle).exports;
  }
  return (await import(EMULATOR_SOURCE)) as typeof import('../emulator/app.js');
}

async function startHere(speed: number, dist: URL): Promise<Embedded> {
  const { createEmulator } = await emulatorCode(dist);
  const emulator = createEmulator({ clock: 'real', speed, seed: 'demo' });
  const server = await emulator.listen({ port: 0, host: '127.0.0.1' });
  return { url: server.url, close: () => server.close() };
}

/**
 * The demo emulator at `speed`, with its URL; in this thread when no worker can be made. `dist` is where the
 * built bundles are: beside this file when it runs from one of them (tests name the build's folder).
 */
export async function startEmulator(speed = DEMO_SPEED, dist = new URL('./', import.meta.url)): Promise<Embedded> {
  return (await startInWorker(speed, dist).catch(() => null)) ?? (await startHere(speed, dist));
}
