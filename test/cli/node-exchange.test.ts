// The commands' exchange over node:http (src/cli/node-exchange.ts) behaves, for the client, as Node's fetch
// does: what a command sends arrives whole, the service's status, headers and body come back, and a refused
// connection, a cut answer and a cancelled request fail as the client expects them to. And it never loads
// Node's fetch: a command's start is 40 to 50 ms shorter without it.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSync } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createClient } from '../../src/api/index.js';
import { NetworkError } from '../../src/api/errors.js';
import { readText, type Outgoing } from '../../src/api/exchange.js';
import { nodeExchange } from '../../src/cli/node-exchange.js';

let server: Server;
/** the addresses whose answer's connection the client closed */
const closed = new Set<string>();
let base: string;
let bundled = '';
const temp = mkdtempSync(join(tmpdir(), 'ecsdeck-node-exchange-'));

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.url === '/empty') {
        res.writeHead(204, { date: 'Wed, 25 Nov 2026 12:00:00 GMT' }).end();
      } else if (req.url === '/cut') {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
        res.write('{"a":');
        setImmediate(() => res.destroy());
      } else if (req.url === '/refused') {
        res.writeHead(422, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 'error', message: 'Název serveru je příliš dlouhý' }));
      } else if (req.url === '/slow') {
        // never answers: the caller cancels
      } else if (req.url === '/trickle' || req.url === '/endless') {
        // an answer that never ends: a byte every 10 ms, or 64 KiB as fast as it is taken
        res.writeHead(200, { 'content-type': 'application/json' });
        const more = () => {
          if (res.destroyed) return;
          if (req.url === '/trickle') res.write(' ', () => setTimeout(more, 10));
          else res.write(Buffer.alloc(64 * 1024, 0x20), more);
        };
        res.on('close', () => closed.add(req.url!));
        more();
      } else {
        const body = Buffer.concat(chunks).toString('utf8');
        res.writeHead(200, { 'content-type': 'application/json', 'x-seen': 'yes' });
        res.end(JSON.stringify({ method: req.method, url: req.url, auth: req.headers.authorization ?? null, type: req.headers['content-type'] ?? null, body }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const addr = server.address();
  if (addr === null || typeof addr === 'string') throw new Error('no port');
  base = `http://127.0.0.1:${addr.port}`;
  bundled = join(temp, 'node-exchange.cjs');
  buildSync({ entryPoints: [join(import.meta.dirname, '../../src/cli/node-exchange.ts')], bundle: true, platform: 'node', format: 'cjs', outfile: bundled, logLevel: 'error' });
});

afterAll(async () => {
  rmSync(temp, { recursive: true, force: true });
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const send = (path: string, init: Partial<Outgoing> = {}) =>
  nodeExchange({ method: 'GET', url: base + path, headers: {}, body: null, signal: new AbortController().signal, ...init });

describe('nodeExchange', () => {
  it('sends the method, headers and a UTF-8 body whole, and gives back status, headers and body', async () => {
    const json = JSON.stringify({ name: 'web-ž'.repeat(2000) });
    const res = await send('/echo?x=1', { method: 'POST', body: json, headers: { 'content-type': 'application/json', authorization: 'Bearer t' } });
    expect(res.status).toBe(200);
    expect(res.header('X-Seen')).toBe('yes');
    expect(res.header('x-absent')).toBeNull();
    expect(JSON.parse(await readText(res.body))).toEqual({ method: 'POST', url: '/echo?x=1', auth: 'Bearer t', type: 'application/json', body: json });
  });

  it('gives an empty answer (204) with an empty body', async () => {
    const res = await send('/empty', { method: 'DELETE' });
    expect(res.status).toBe(204);
    expect(await readText(res.body)).toBe('');
  });

  it('through the client: the service refusal comes back with its message to the letter', async () => {
    const client = createClient({ endpoint: base, exchange: nodeExchange, retry: { limit: 0 } });
    await expect(client.transport.request('POST', '/refused', { json: {} })).rejects.toThrow('Název serveru je příliš dlouhý');
  });

  it('through the client: a refused connection and an answer cut short are network errors that say so', async () => {
    const refused = createClient({ endpoint: 'http://127.0.0.1:1', exchange: nodeExchange, retry: { limit: 0 } });
    const err = await refused.transport.request('GET', '/x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expect((err as Error).message).toContain('connection refused');
    const cut = createClient({ endpoint: base, exchange: nodeExchange, retry: { limit: 0 } });
    const cutErr = await cut.transport.request('GET', '/cut').catch((e: unknown) => e);
    expect(cutErr).toBeInstanceOf(NetworkError);
    expect((cutErr as Error).message).toContain('answer cut short');
  });

  it('speaks TLS to an https address (node:https, loaded only then): a plain HTTP server answers it no page', async () => {
    const url = base.replace('http:', 'https:') + '/echo';
    const err = await nodeExchange({ method: 'GET', url, headers: {}, body: null, signal: new AbortController().signal }).catch((e: unknown) => e);
    // over plain http this same address answers 200; a TLS hello gets an HTTP 400 back, which TLS cannot read
    expect(err).toBeInstanceOf(Error);
    expect((err as NodeJS.ErrnoException).code).toBe('EPROTO');
  });

  it('a cancelled request rejects with the signal’s reason and closes its connection', async () => {
    const controller = new AbortController();
    const pending = send('/slow', { signal: controller.signal });
    controller.abort(new Error('stop'));
    await expect(pending).rejects.toThrow('stop');
  });

  it('through the client: a request given up for its time is a TimeoutError', async () => {
    const client = createClient({ endpoint: base, exchange: nodeExchange, timeoutMs: 50, retry: { limit: 0 } });
    await expect(client.transport.request('GET', '/slow')).rejects.toThrow('the service did not answer within 50 ms');
  });

  it.each([
    ['node:http', nodeExchange],
    ["Node's fetch (the dashboard's)", undefined],
  ])('through the client over %s: an answer that trickles or never ends is given up, and its connection closed', async (_, exchange) => {
    const client = createClient({ endpoint: base, exchange, timeoutMs: 100, maxAnswerBytes: 1024 * 1024, retry: { limit: 0 } });
    // the first request of a process loads Node's fetch
    await client.transport.request('GET', '/');
    closed.clear();
    await expect(client.transport.request('GET', '/trickle')).rejects.toThrow("the service's answer did not end within 1 s");
    await expect(client.transport.request('GET', '/endless')).rejects.toThrow("the service's answer passed 1 MiB; it was not read further");
    await vi.waitFor(() => expect([...closed].sort()).toEqual(['/endless', '/trickle']));
  });

  it("loads neither Node's fetch nor its Request, Response or Headers", async () => {
    // a process of its own: this one has loaded fetch long ago (vitest, the emulator)
    const script = `
      const { nodeExchange } = require(${JSON.stringify(bundled)});
      nodeExchange({ method: 'GET', url: ${JSON.stringify(`${base}/echo`)}, headers: {}, body: null, signal: new AbortController().signal })
        .then(async (res) => { for await (const _ of res.body); process.stdout.write(JSON.stringify({ status: res.status, undici: process.moduleLoadList.some((m) => m.includes('undici')) })); });`;
    // (not execFileSync: this process's event loop must stay free to answer it)
    const { stdout: out } = await promisify(execFile)(process.execPath, ['-e', script], { encoding: 'utf8' });
    expect(JSON.parse(out)).toEqual({ status: 200, undici: false });
  });
});
