// The demo's session: the embedded emulator (embedded.ts), logged in as the demo account. Apart from
// embedded.ts, which must stay light enough to start before the client has loaded.
import { createClient } from '../api/index.js';
import { createSession, endpointLabel, type Session, type SessionInit } from '../session/session.js';
import { DEMO_PASSWORD, DEMO_USER, startEmulator, type Embedded } from './embedded.js';

/**
 * Starts the emulator on a free loopback port (in a worker thread when it can), logs in as the demo account
 * and swaps the login for an API token: a login token would expire after three real minutes at 20× speed.
 */
export async function startEmbedded(
  opts: { trackerOptions?: SessionInit['trackerOptions']; speed?: number; embedded?: Promise<Embedded>; history?: SessionInit['history'] } = {},
): Promise<Session> {
  const embedded = await (opts.embedded ?? startEmulator(opts.speed));
  try {
    const client = createClient({ endpoint: embedded.url, exchange: embedded.exchange });
    // the worker's login when it worked (see Embedded.login), else one of our own
    const early = await embedded.login?.catch(() => null);
    let loggedIn = false;
    if (early?.status === 200) {
      try {
        client.account.acceptLogin(DEMO_USER, JSON.parse(early.body));
        loggedIn = true;
      } catch {
        // an answer the client cannot read: it logs in itself, and reports what goes wrong then
      }
    }
    if (!loggedIn) await client.login(DEMO_USER, DEMO_PASSWORD);
    // The first lists go out with the login token while the API token is made, off the start-up path; the
    // login token stays good for three real minutes, far longer than that takes.
    // (made without being asked for: not a write of the person's, so not in the history)
    const minted = client.account.mintMachineCredential({ history: false }).then(
      (credential) => client.setCredential(credential),
      () => client.account.mintMachineCredential({ history: false }).then((credential) => client.setCredential(credential)),
    );
    minted.catch(() => {
      // both attempts failed: requests keep using the login token, and say so when it expires
    });
    return createSession({
      client,
      profile: DEMO_USER,
      endpoint: endpointLabel(embedded.url),
      local: true,
      trackerOptions: opts.trackerOptions,
      history: opts.history,
      onClose: () => embedded.close(),
    });
  } catch (err) {
    await embedded.close();
    throw err;
  }
}
