// A session is everything the dashboard holds for one connection: the client, the action tracker polling
// it, the cache lists are shown from, and the words the header uses. Switching profiles replaces the whole
// session, so nothing of the old connection (a tracker timer, a cached list) can leak into the new one.
//
// Free of Ink and of the emulator: the dashboard (src/ui) and the start-up (src/boot) both stand on it.

import type { Action, Client, ClientOptions } from '../api/index.js';
import type { Connection } from '../config/connection.js';
import type { StoredSettings } from '../config/settings.js';
import { BulkGroups } from '../watch/bulk.js';
import type { HistoryLog } from '../history/log.js';
import type { Via } from '../history/record.js';
import { Notifier } from '../notify/notifier.js';
import { ActionTracker, type ActionLike, type ActionSource, type TrackedStatus, type TrackerOptions } from '../watch/tracker.js';
import { ResourceCache } from './cache.js';
import { CpuSampler } from './cpu.js';
import { PowerStates } from './power.js';
import { jwtSubject, keepLoggedIn, type PasswordAsk } from './renewal.js';

export interface Session {
  client: Client;
  tracker: ActionTracker;
  /** bulk actions (marked rows): which group an action belongs to, and when a group has ended */
  bulk: BulkGroups;
  cache: ResourceCache;
  /** the CPU of the servers on screen, for the servers list's CPU column */
  cpu: CpuSampler;
  /** whether each server on screen runs or is shut off: the one truth of the list, the detail and p / P */
  power: PowerStates;
  /** word to the desktop when long work ends: the dashboard attaches the terminal; a bulk action groups its actions */
  notifier?: Notifier;
  /** Profile name for the header; `demo` for the embedded emulator, `env` for bare environment variables. */
  profile: string;
  /** The service address as the header shows it. */
  endpoint: string;
  /** The embedded emulator: the header says `local emulator`. */
  local: boolean;
  /** where this session's writes are recorded (`:history` reads it); null: not recorded (--no-history, the profile's setting) */
  history: HistoryLog | null;
  /**
   * The ssh and notify settings of the profile's entry, as the start plan (or `:profiles`) read it with the
   * rest of the entry: the file is not opened again for them. Absent for the demo, a bare environment and a
   * profile that sets none (config/settings.ts `resolveSettings` puts the environment and defaults over it).
   */
  settings?: StoredSettings;
  /**
   * Gives the tracker every action still running on the service (the action list's first page), once per
   * session however often it is asked: boot/main.ts asks as soon as the session exists, the app when it mounts.
   */
  followRunning(): Promise<void>;
  /**
   * The dashboard's masked password form while it is on screen: a login whose JWT expired and whose
   * password is not known (or no longer works) asks through it. Null: nobody to ask, the session ends.
   */
  askPassword: PasswordAsk | null;
  /**
   * The account's password was changed in the dashboard: a session that logs in with a user name and
   * password renews with the new one from now on. Absent when the session never logs in (an API token).
   */
  passwordChanged?(password: string): void;
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
    startedAt: a.startedAt?.getTime() ?? null,
    completedAt: a.completedAt?.getTime() ?? null,
  };
}

/** The client's actions namespace as the tracker's source. */
function actionSource(client: Client): ActionSource {
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

function createTracker(client: Client, options: Partial<Omit<TrackerOptions, 'source'>> = {}): ActionTracker {
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
  /** records every write the client sends, and how the actions they start end */
  history?: HistoryLog | null;
  /** the profile entry's ssh and notify settings (Session.settings) */
  settings?: StoredSettings;
  /** how the history says the service was reached: the demo when `local`, else a profile unless told `env` */
  via?: Via;
}

export function createSession(init: SessionInit): Session {
  const tracker = init.tracker ?? createTracker(init.client, init.trackerOptions);
  let closed = false;
  const cpu = new CpuSampler(init.client);
  const power = new PowerStates({ status: (name, opts) => init.client.servers.status(name, opts) });
  // every action the watcher sees end, whoever started it, updates the power of the servers it touched
  tracker.onFinished((a) => power.actionEnded(a));
  const notifier = new Notifier();
  tracker.onFinished((a) => notifier.finished(a));
  // after the notifier's listener, so a group's last action is in its span before the group is told ended
  const bulk = new BulkGroups(tracker);
  notifier.followBulk(bulk);
  let following: Promise<void> | null = null;
  const endpoint = init.endpoint ?? endpointLabel(init.client.endpoint);
  const history = init.history ?? null;
  const detach = history?.attach(init.client, { profile: init.profile, endpoint, via: init.via ?? (init.local ? 'demo' : 'profile') }, tracker);
  return {
    client: init.client,
    tracker,
    bulk,
    notifier,
    cache: new ResourceCache(),
    cpu,
    power,
    profile: init.profile,
    endpoint,
    local: init.local ?? false,
    history,
    settings: init.settings,
    askPassword: null,
    followRunning() {
      // a failure is the tracker's to say (the panel) and to try again
      following ??= init.client.actions.list({ length: 50 }).then(
        (page) => tracker.ingest(page.actions.map(toTracked), { newest: true }),
        (err: unknown) => {
          tracker.failed(err);
          throw err;
        },
      );
      return following;
    },
    async close() {
      if (closed) return;
      closed = true;
      tracker.stop();
      detach?.();
      cpu.stop();
      power.stop();
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
  opts: { connect?: ConnectOptions; trackerOptions?: SessionInit['trackerOptions']; history?: HistoryLog | null } = {},
): Promise<Session> {
  // loaded here: it brings the profile store's library, which the demo never needs
  const { connect } = await import('./login.js');
  const client = await connect(conn, opts.connect ?? {});
  const profile = conn.profileName ?? 'env';
  // a profile may keep its writes out of the history (`"history": false` in its entry)
  const history = conn.history === false ? null : (opts.history ?? null);
  const session = createSession({ client, profile, via: conn.profileName === undefined ? 'env' : 'profile', trackerOptions: opts.trackerOptions, history, settings: conn.settings });
  // A login token is renewed: with the environment's password, or with one asked for when it has expired.
  // An API token never expires and needs nothing.
  const auth = conn.auth;
  const username = auth.kind === 'login' ? auth.username : auth.kind === 'jwt' ? jwtSubject(auth.token) : null;
  if (username !== null) {
    session.passwordChanged = keepLoggedIn(client, { username, password: auth.kind === 'login' ? auth.password : undefined, ask: () => session.askPassword });
  }
  return session;
}
