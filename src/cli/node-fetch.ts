// The one-shot commands' fetch: the request goes out through node:http (or node:https), not through Node's
// built-in fetch. A command sends one or two requests and exits, and Node 20's fetch spends a large part of a
// command's start before its first byte: its connection pool and dispatcher, its HTTP parser compiled from
// WebAssembly, its body read as a web stream. node:http is loaded at start-up anyway and parses natively.
// ky still builds its Request and reads the Response this returns, so the client behaves as with fetch:
// statuses, headers, timeouts and cancellation go through ky and the client's failure translation unchanged;
// a failed connection rejects with the socket's error, whose code (ECONNREFUSED...) the client names.
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';

// statuses whose Response must carry no body (the Response constructor refuses one)
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

export async function nodeFetch(req: Request): Promise<Response> {
  req.signal.throwIfAborted();
  const url = new URL(req.url);
  const body = req.method === 'GET' || req.method === 'HEAD' ? null : Buffer.from(await req.arrayBuffer());
  const headers: Record<string, string> = {};
  req.headers.forEach((value, key) => {
    headers[key] = value;
  });
  if (body !== null) headers['content-length'] = String(body.length);
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<Response>((resolve, reject) => {
    const outgoing = send(url, { method: req.method, headers }, (res) => {
      readAll(res)
        .then((buf) => toResponse(res, req.method === 'HEAD' ? null : buf))
        .then(resolve, reject);
    });
    const onAbort = () => {
      outgoing.destroy();
      reject(req.signal.reason);
    };
    req.signal.addEventListener('abort', onAbort, { once: true });
    outgoing.on('error', reject);
    outgoing.on('close', () => req.signal.removeEventListener('abort', onAbort));
    outgoing.end(body ?? undefined);
  });
}

function readAll(res: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('end', () => resolve(Buffer.concat(chunks)));
    res.on('error', reject);
    res.on('aborted', () => reject(Object.assign(new Error('other side closed'), { code: 'ECONNRESET' })));
  });
}

function toResponse(res: IncomingMessage, buf: Buffer | null): Response {
  const headers = new Headers();
  const raw = res.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) headers.append(raw[i], raw[i + 1]);
  const status = res.statusCode ?? 0;
  const body = buf === null || NULL_BODY.has(status) ? null : buf;
  return new Response(body, { status, statusText: res.statusMessage ?? '', headers });
}
