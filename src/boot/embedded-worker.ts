// The demo's emulator thread (dist/embedded-worker.cjs), started by embedded.ts. A CommonJS file of its own
// rather than evaluated source: Node then runs it without setting up its ES module loader, the largest cost
// of a worker's start after the thread itself.
//
// The port is opened first and its URL sent at once: the dashboard, still loading itself, sends its first
// requests as soon as it can, and they wait in the message queue (connections, in the handler) for the
// emulator, which loads meanwhile from its classic-script bundle (dist/emulator.cjs) through the code cache.
// Only the longer of the two loads counts.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { loadBundle } from './compile-cache.js';
import type { WireClose, WireRequest, WireResponse, WorkerData } from './embedded.js';

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

async function run(port: MessagePort, data: WorkerData): Promise<void> {
  let listener: Listener | null = null;
  const early: Array<[IncomingMessage, ServerResponse]> = [];
  const server = createServer((req, res) => (listener ? listener(req, res) : early.push([req, res])));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  port.postMessage({ url });

  const bundle = loadBundle<typeof import('../emulator/bundle.js')>(new URL(data.entry));
  const emulator = bundle.exports.createEmulator({ clock: 'real', speed: data.speed, seed: 'demo' });
  listener = emulator.requestListener();
  for (const [req, res] of early.splice(0)) listener(req, res);
  const answer = async (request: Request): Promise<{ status: number; headers: Array<[string, string]>; body: Uint8Array<ArrayBuffer> }> => {
    const res = await emulator.fetch(request);
    return { status: res.status, headers: [...res.headers], body: new Uint8Array(await res.arrayBuffer()) };
  };

  // The demo's login, sent now rather than when the dashboard has loaded enough to send it: the dashboard's
  // first lists then go out the moment it can send anything.
  const login = new Request(`${url}/ecs/v2/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(data.login),
  });
  answer(login).then(
    ({ status, body }) => port.postMessage({ login: { status, body: new TextDecoder().decode(body) } } satisfies WireResponse),
    (err: unknown) => port.postMessage({ login: { status: 0, body: String(err) } } satisfies WireResponse),
  );

  const onMessage = async (m: WireRequest | WireClose): Promise<void> => {
    if ('close' in m) {
      bundle.save();
      port.postMessage({ closing: true } satisfies WireResponse);
      return;
    }
    let reply: WireResponse;
    // the body's memory moves to the dashboard's thread instead of being copied
    let moved: ArrayBuffer[] = [];
    try {
      const answered = await answer(new Request(m.url, { method: m.method, headers: m.headers, body: m.body }));
      reply = { id: m.id, ...answered };
      moved = [answered.body.buffer];
    } catch (err) {
      reply = { id: m.id, error: err instanceof Error ? err.message : String(err) };
    }
    port.postMessage(reply, moved);
  };
  port.on('message', (m: WireRequest | WireClose) => void onMessage(m));
  // the compiled emulator is kept once it has answered for a while (or when it is stopped before that), as
  // the dashboard keeps its own; save() does nothing when the cache was used or is kept already
  setTimeout(() => bundle.save(), 2000).unref();
}

if (parentPort) {
  const port = parentPort;
  run(port, workerData as WorkerData).catch((err: unknown) => {
    // before the URL: the start fails; after it: every request fails with this, and the worker ends
    port.postMessage({ error: err instanceof Error ? err.message : String(err) } satisfies WireResponse);
    process.exit(1);
  });
}
