// The session the start-up rehearsal draws (boot/rehearsal.ts): what the real session has loaded (its lists,
// the CPU and power of its servers), over a client that sends nothing. Whatever the rehearsed screen asks of
// the service fails at once, in memory; no request leaves, nothing is written, nothing of the real session
// (its watcher, its samplers' windows, its notices, its history) is touched.
import { createClient } from '../api/index.js';
import type { Exchange } from '../api/exchange.js';
import { createSession, type Session } from './session.js';

/** What every request of the copy meets. */
export const OFFLINE_MESSAGE = 'the rehearsal sends nothing';

/** `refused` hears of every request the copy would have sent (method and path), for a test to see them. */
export function offlineCopy(real: Session, refused?: (request: string) => void): Session {
  const refuse: Exchange = (request) => {
    refused?.(`${request.method} ${new URL(request.url).pathname}`);
    return Promise.reject(new TypeError('fetch failed', { cause: new Error(OFFLINE_MESSAGE) }));
  };
  const client = createClient({ endpoint: real.client.endpoint, exchange: refuse, retry: { limit: 0 } });
  // kept in memory only: a screen that finds no credential would draw a login form instead of its rows
  client.setCredential(real.client.credential);
  const copy = createSession({ client, profile: real.profile, endpoint: real.endpoint, local: real.local, history: null });
  copy.cache.copyFrom(real.cache);
  copy.cpu.copyFrom(real.cpu);
  copy.power.copyFrom(real.power);
  copy.followRunning = () => Promise.resolve();
  return copy;
}
