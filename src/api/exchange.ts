// One HTTP exchange, as the transport (http.ts) sends it and reads its answer: plain data in, status, headers
// and the body's bytes as they arrive out. What carries it is the caller's choice:
// - fetchExchange: a WHATWG fetch (Node's own by default; the emulator's `app.fetch` in tests);
// - the one-shot commands' node:http exchange (cli/node-exchange.ts) and the demo's worker bridge
//   (boot/embedded.ts): neither makes a Request, Response or Headers. The first of those in a process loads
//   Node's fetch implementation, 40 to 50 ms of a command's start (Node 20, measured with farm-bench: an empty
//   script 111 ms, one that touches Request, Response and Headers 164 ms).

/** A request, ready to go: the whole URL (query included), lower-case header names, a text body or none. */
export interface Outgoing {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | null;
  /** aborted when the caller cancels or the attempt's time is up: the exchange stops and rejects */
  signal: AbortSignal;
}

/** An answer: its status line and headers at once, its body as it arrives (read it once). */
export interface Incoming {
  status: number;
  statusText: string;
  /** a header's value by its name, in any case; null when absent */
  header(name: string): string | null;
  body: AsyncIterable<Uint8Array>;
}

/** Sends one request; resolves when the answer's headers are in, rejects when no answer can come. */
export type Exchange = (request: Outgoing) => Promise<Incoming>;

/** A fetch as the emulator's `app.fetch` has it: tests pass it to skip the socket. */
export type FetchLike = (request: Request) => Promise<Response> | Response;

/** An exchange over a fetch: Node's own unless one is given. */
export function fetchExchange(fetchFn?: FetchLike): Exchange {
  return async (out) => {
    const request = new Request(out.url, { method: out.method, headers: out.headers, body: out.body, signal: out.signal });
    const response = await (fetchFn ?? fetch)(request);
    return {
      status: response.status,
      statusText: response.statusText,
      header: (name) => response.headers.get(name),
      body: streamChunks(response.body, out.signal),
    };
  };
}

/**
 * A fetch's body, piece by piece. The request's signal (a cancel, or a limit of attempts.ts run out) cancels
 * it where it comes from, even while a piece is awaited: a fetch that does not stop its body on that signal
 * (the emulator's own, in tests) would otherwise go on making an answer no one reads.
 */
async function* streamChunks(body: ReadableStream<Uint8Array> | null, signal: AbortSignal): AsyncGenerator<Uint8Array> {
  if (body === null) return;
  const reader = body.getReader();
  const stop = () => void reader.cancel(signal.reason).catch(() => undefined);
  signal.addEventListener('abort', stop, { once: true });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    signal.removeEventListener('abort', stop);
    reader.releaseLock();
  }
}

/** A body given whole (the worker's answers): one piece, or none when empty. */
export async function* wholeBody(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
  if (bytes.length > 0) yield bytes;
}

/** Reads a body to its end, joined. */
async function readAll(body: AsyncIterable<Uint8Array>): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let length = 0;
  for await (const chunk of body) {
    chunks.push(chunk);
    length += chunk.length;
  }
  return joined(chunks, length);
}

/** The pieces of a body as one (the piece itself when there is only one: nothing copied). */
export function joined(chunks: readonly Uint8Array[], length: number): Uint8Array {
  return chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, length);
}

const UTF8 = new TextDecoder();

/** The service answers in UTF-8 (a byte order mark is dropped, as `Response.text()` does). */
export const utf8 = (bytes: Uint8Array): string => UTF8.decode(bytes);

/** Reads a body to its end, as text. */
export async function readText(body: AsyncIterable<Uint8Array>): Promise<string> {
  return utf8(await readAll(body));
}

/** Reads a body and lets it go, so that its connection can be used again (a failed attempt before a retry). */
export async function discard(body: AsyncIterable<Uint8Array>): Promise<void> {
  try {
    // read to its end and dropped
    for await (const _ of body);
  } catch {
    // a body cut short changes nothing: the attempt has failed already
  }
}
