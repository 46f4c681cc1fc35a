// The one-shot commands' exchange (api/exchange.ts): the request goes out through node:http (or node:https),
// with neither Node's fetch nor its Request, Response and Headers. A command sends one or two requests and
// exits, and the first of those classes it touches loads Node's whole fetch implementation (its connection
// pool and dispatchers, an HTTP parser compiled from WebAssembly, HTTP/2): 40 to 50 ms of a command's start.
// node:http is loaded at start-up anyway and parses natively. Statuses, timeouts, retries and cancellation
// are the transport's (api/attempts.ts), as over fetch; a failed connection rejects with the socket's error,
// whose code (ECONNREFUSED...) the client names.
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { wholeBody, type Exchange, type Incoming } from '../api/exchange.js';

export const nodeExchange: Exchange = (out) =>
  new Promise<Incoming>((resolve, reject) => {
    const { signal } = out;
    if (signal.aborted) return reject(signal.reason);
    const url = new URL(out.url);
    const body = out.body === null ? null : Buffer.from(out.body, 'utf8');
    const headers = body === null ? out.headers : { ...out.headers, 'content-length': String(body.length) };
    // node:https only for an https address: it loads TLS and node:crypto, 10 to 20 ms of a start on Node 22
    const send = url.protocol === 'https:' ? process.getBuiltinModule('node:https').request : httpRequest;
    const outgoing = send(url, { method: out.method, headers }, (res) => {
      resolve({
        status: res.statusCode ?? 0,
        statusText: res.statusMessage ?? '',
        header: (name) => headerOf(res, name),
        body: out.method === 'HEAD' ? wholeBody(new Uint8Array()) : bodyOf(res),
      });
    });
    // a cancel before the answer rejects; during the body it ends the reading with the same reason
    const onAbort = () => {
      outgoing.destroy(signal.reason instanceof Error ? signal.reason : undefined);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
    outgoing.on('error', reject);
    outgoing.on('close', () => signal.removeEventListener('abort', onAbort));
    outgoing.end(body ?? undefined);
  });

function headerOf(res: IncomingMessage, name: string): string | null {
  const value = res.headers[name.toLowerCase()];
  if (value === undefined) return null;
  return Array.isArray(value) ? value.join(', ') : value;
}

async function* bodyOf(res: IncomingMessage): AsyncGenerator<Uint8Array> {
  // an answer cut short ends the reading with an error (the stream closes before its end)
  for await (const chunk of res) yield chunk as Buffer;
  if (!res.complete) throw Object.assign(new Error('other side closed'), { code: 'ECONNRESET' });
}

/**
 * How a command's client talks to a service: through node:http as above, one attempt per request beyond a
 * quick retry (a script waits on us). connect.ts, `profiles add` and `profiles remove --revoke` use it.
 */
export const COMMAND_CLIENT = { retry: { limit: 1 }, exchange: nodeExchange } as const;
