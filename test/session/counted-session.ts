// The demo account's session on an in-process emulator, every request it sends written down (method and
// path), its watcher too slow to send any of its own during a test: what a test that says "nothing was sent"
// compares against.
import { createClient } from '../../src/api/index.js';
import type { Emulator } from '../../src/emulator/app.js';
import { createSession, type Session } from '../../src/session/session.js';

export async function countedSession(emulator: Emulator): Promise<{ session: Session; sent: string[] }> {
  const sent: string[] = [];
  const client = createClient({
    endpoint: 'http://emu.test',
    fetch: (req) => {
      sent.push(`${req.method} ${new URL(req.url).pathname}`);
      return emulator.fetch(req);
    },
    retry: { limit: 0 },
  });
  await client.login('demo', 'demo');
  const session = createSession({ client, profile: 'demo', endpoint: 'emu.test', local: true, trackerOptions: { intervalMs: 600_000, probeMs: 600_000 } });
  return { session, sent };
}
