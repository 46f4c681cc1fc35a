// A session is everything the dashboard holds for one connection: the client, the action tracker polling
// it, the cache lists are shown from, and the words the header uses. Switching profiles replaces the whole
// session, so nothing of the old connection (a tracker timer, a cached list) can leak into the new one.
//
// Deliberately free of Ink and of the emulator: main.tsx imports the emulator only when it starts one.

import { createClient, type Action, type Client, type ClientOptions } from '../api/index.js';
import type { Connection } from '../config/connection.js';
import { ActionTracker, type ActionLike, type ActionSource, type TrackedStatus, type TrackerOptions } from '../watch/tracker.js';
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
  return {
    client: init.client,
    tracker,
    cache: new ResourceCache(),
    profile: init.profile,
    endpoint: init.endpoint ?? endpointLabel(init.client.endpoint),
    local: init.local ?? false,
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

export const DEMO_USER = 'demo';
const DEMO_PASSWORD = 'demo';
/** A server boots in about 80 emulated seconds: at 20× that is four real seconds, quick enough to watch. */
export const DEMO_SPEED = 20;

/**
 * Starts the emulator in this process on a free loopback port, logs in as the demo account and swaps the
 * login for an API token: a login token would expire after three real minutes at 20× speed.
 */
export async function startEmbedded(opts: { trackerOptions?: SessionInit['trackerOptions']; speed?: number } = {}): Promise<Session> {
  const { createEmulator } = await import('../emulator/app.js');
  const emulator = createEmulator({ clock: 'real', speed: opts.speed ?? DEMO_SPEED, seed: 'demo' });
  const server = await emulator.listen({ port: 0, host: '127.0.0.1' });
  try {
    const client = createClient({ endpoint: server.url });
    await client.login(DEMO_USER, DEMO_PASSWORD);
    const token = await client.account.mintMachineToken();
    client.setCredential({ kind: 'token', token });
    return createSession({
      client,
      profile: DEMO_USER,
      endpoint: endpointLabel(server.url),
      local: true,
      trackerOptions: opts.trackerOptions,
      onClose: () => server.close(),
    });
  } catch (err) {
    await server.close();
    throw err;
  }
}
