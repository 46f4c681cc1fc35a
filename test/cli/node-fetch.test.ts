// The commands' fetch over node:http (src/cli/node-fetch.ts) behaves, for the client, as Node's fetch does:
// what a command sends arrives whole, the service's status, headers and body come back, and a refused
// connection, a cut answer and a cancelled request fail as the client expects them to.
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/index.js';
import { NetworkError } from '../../src/api/errors.js';
import { nodeFetch } from '../../src/cli/node-fetch.js';

let server: Server;
let base: string;

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
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('nodeFetch', () => {
  it('sends the method, headers and a UTF-8 body whole, and gives back status, headers and body', async () => {
    const json = JSON.stringify({ name: 'web-ž'.repeat(2000) });
    const res = await nodeFetch(new Request(`${base}/echo?x=1`, { method: 'POST', body: json, headers: { 'content-type': 'application/json', authorization: 'Bearer t' } }));
    expect(res.status).toBe(200);
    expect(res.headers.get('x-seen')).toBe('yes');
    expect(await res.json()).toEqual({ method: 'POST', url: '/echo?x=1', auth: 'Bearer t', type: 'application/json', body: json });
  });

  it('gives an empty answer (204) as a Response without a body', async () => {
    const res = await nodeFetch(new Request(`${base}/empty`, { method: 'DELETE' }));
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
  });

  it('through the client: the service refusal comes back with its message to the letter', async () => {
    const client = createClient({ endpoint: base, fetch: nodeFetch, retry: { limit: 0 } });
    await expect(client.transport.request('POST', '/refused', { json: {} })).rejects.toThrow('Název serveru je příliš dlouhý');
  });

  it('through the client: a refused connection and an answer cut short are network errors that say so', async () => {
    const refused = createClient({ endpoint: 'http://127.0.0.1:1', fetch: nodeFetch, retry: { limit: 0 } });
    const err = await refused.transport.request('GET', '/x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expect((err as Error).message).toContain('connection refused');
    const cut = createClient({ endpoint: base, fetch: nodeFetch, retry: { limit: 0 } });
    await expect(cut.transport.request('GET', '/cut')).rejects.toBeInstanceOf(NetworkError);
  });

  it('a cancelled request rejects with the signal’s reason and closes its connection', async () => {
    const controller = new AbortController();
    const pending = nodeFetch(new Request(`${base}/slow`, { signal: controller.signal }));
    controller.abort(new Error('stop'));
    await expect(pending).rejects.toThrow('stop');
  });
});
