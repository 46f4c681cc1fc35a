// A session is everything the dashboard holds for one connection: the client, the action tracker polling
// it, the cache lists are shown from, and the words the header uses. Switching profiles replaces the whole
// session, so nothing of the old connection (a tracker timer, a cached list) can leak into the new one.
//
// Deliberately free of Ink and of the emulator: main.tsx imports the emulator only when it starts one.

import { createClient, type Action, type Client, type ClientOptions } from '../api/index.js';
import type { Connection } from '../config/connection.js';
import { ActionTracker, type ActionLike, type ActionSource, type TrackedStatus, type TrackerOptions } from '../watch/tracker.js';
import { DEMO_PASSWORD, DEMO_USER, startEmulator, type Embedded } from './embedded.js';
import { ResourceCache } from './hooks/cache.js';

export interface Session {
  client: Client;
  tracker: ActionTracker;
  cache: ResourceCache;
  /** Profile name for the header; `demo` for the embedded emulator, `env` for bare environment variables. */
  profile: string;
  /** The service address as the header shows it. */
  endpoint: string;
  /** The embedded emulator: the header says `local emulator`. */
  local: boolean;
  /**
   * Gives the tracker every action still running on the service (the action list's first page), once per
   * session however often it is asked: main.tsx asks as soon as the session exists, the app when it mounts.
   */
  followRunning(): Promise<void>;
  /** Stops the tracker and whatever the session started (the embedded emulator). Safe to call twice. */
  close(): Promise<void>;
}

export type ConnectOptions = Omit<ClientOptions, 'endpoint' | 'credential'>;

/**
 * The client types an action's status loosely (a new spelling on the service passes through); the tracker
 * needs one of three. Anything unknown that does not say it is still running counts as failed, so the
 * tracker never polls forever for a state it cannot recognise.
 */
export function trackedStatus(status: string): TrackedStatus {
  const s = status.trim().toLowerCase();
  if (s === 'in-progress' || s === 'in_progress' || s === 'pending' || s === 'running' || s === 'queued') return 'in-progress';
  if (s === 'completed' || s === 'complete' || s === 'done' || s === 'success' || s === 'ok') return 'completed';
  return 'failed';
}

export function toTracked(a: Action): ActionLike {
  return {
    id: a.id,
    status: trackedStatus(a.status),
    progress: a.progress,
    type: a.type,
    resource: a.resource,
    resourceType: a.resourceType,
  };
}

/** The client's actions namespace as the tracker's source. */
export function actionSource(client: Client): ActionSource {
  return {
    async list({ start, length, signal }) {
      const page = await client.actions.list({ start, length }, { signal });
      return { actions: page.actions.map(toTracked) };
    },
    async get(id, opts) {
      return toTracked(await client.actions.get(id, { signal: opts?.signal }));
    },
  };
}

export function createTracker(client: Client, options: Partial<Omit<TrackerOptions, 'source'>> = {}): ActionTracker {
  return new ActionTracker({ ...options, source: actionSource(client) });
}

export interface SessionInit {
  client: Client;
  profile: string;
  endpoint?: string;
  local?: boolean;
  tracker?: ActionTracker;
  trackerOptions?: Partial<Omit<TrackerOptions, 'source'>>;
  onClose?: () => Promise<void> | void;
}

export function createSession(init: SessionInit): Session {
  const tracker = init.tracker ?? createTracker(init.client, init.trackerOptions);
  let closed = false;
  let following: Promise<void> | null = null;
  return {
    client: init.client,
    tracker,
    cache: new ResourceCache(),
    profile: init.profile,
    endpoint: init.endpoint ?? endpointLabel(init.client.endpoint),
    local: init.local ?? false,
    followRunning() {
      following ??= init.client.actions.list({ length: 50 }).then((page) => tracker.ingest(page.actions.map(toTracked)));
      return following;
    },
    async close() {
      if (closed) return;
      closed = true;
      tracker.stop();
      await init.onClose?.();
    },
  };
}

/** `api.example.net`, or `127.0.0.1:8787`, or the address as given when it is not a URL. */
export function endpointLabel(endpoint: string): string {
  try {
    const url = new URL(endpoint);
    const path = url.pathname.replace(/\/+$/, '');
    return `${url.host}${path}`;
  } catch {
    return endpoint;
  }
}

/** A session for a profile or the environment: `connect` logs in when the environment gave a password. */
export async function sessionForConnection(
  conn: Exclude<Connection, { source: 'none' }>,
  opts: { connect?: ConnectOptions; trackerOptions?: SessionInit['trackerOptions'] } = {},
): Promise<Session> {
  const { connect } = await import('../config/connection.js');
  const client = await connect(conn, opts.connect ?? {});
  const profile = conn.profileName ?? 'env';
  return createSession({ client, profile, trackerOptions: opts.trackerOptions });
}

export { DEMO_SPEED, DEMO_USER } from './embedded.js';

/**
 * Starts the emulator on a free loopback port (in a worker thread when it can), logs in as the demo account
 * and swaps the login for an API token: a login token would expire after three real minutes at 20× speed.
 */
export async function startEmbedded(
  opts: { trackerOptions?: SessionInit['trackerOptions']; speed?: number; embedded?: Promise<Embedded> } = {},
): Promise<Session> {
  const embedded = await (opts.embedded ?? startEmulator(opts.speed));
  try {
    const client = createClient({ endpoint: embedded.url, fetch: embedded.fetch });
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
    const minted = client.account.mintMachineToken().then(
      (token) => client.setCredential({ kind: 'token', token }),
      () => client.account.mintMachineToken().then((token) => client.setCredential({ kind: 'token', token })),
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
      onClose: () => embedded.close(),
    });
  } catch (err) {
    await embedded.close();
    throw err;
  }
}
