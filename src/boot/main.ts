// `ecsdeck [flags]`: decides where to connect, takes over the terminal (alternate screen) and runs the app
// until the user quits, and gives the terminal back exactly as it was however the run ends.
//
// Start-up is on the clock (first frame with the servers listed in well under half a second): the
// frame is drawn before the connection is ready, the connection and the servers list are started before
// Ink is even loaded, and Ink, the app and the emulator are imported only when needed, in parallel.

import type { Connection, Env } from '../config/connection.js';
import type { ProfileStore } from '../config/profiles.js';
import type { Embedded } from './embedded.js';
import type { Session } from '../session/session.js';
import type { AppProps } from '../ui/app.js';
import { helpOrVersion, parseFlags, rehearsalWanted, surelyDemo, type Flags } from './start-plan.js';
import { enterFullScreen, fatalLine, installCrashHandlers } from './terminal.js';
import { safe } from '../ui/text.js';
import { cleanStaleScratch, tightenConfigDir } from '../config/private-dirs.js';
import { SERVERS_CACHE_KEY } from '../session/cache.js';
import { askOnce, SIDE_LISTS } from '../session/side-lists.js';
import { pickTheme, setTheme } from '../ui/theme.js';
import { whenQuiet } from './quiet.js';
import { lastKeyRead } from '../ui/input-clock.js';

export { parseFlags, profileFileGuess, UsageError, type Flags } from './start-plan.js';

/** What the first frame waits for (within its limit): the list and what its rows and the header draw. */
const START_KEYS: string[] = [SERVERS_CACHE_KEY, ...SIDE_LISTS];

export type Plan = { kind: 'demo' } | { kind: 'connect'; conn: Exclude<Connection, { source: 'none' }>; store: ProfileStore | null };

/** Demo or a connection: the flags first, then the environment, then the profiles (config/connection.ts). */
export async function planConnection(flags: Flags, env: Env): Promise<Plan> {
  if (flags.demo || surelyDemo(flags, env)) return { kind: 'demo' };
  const merged: Env = { ...env };
  if (flags.apiUrl !== undefined) merged.ECSDECK_API_URL = flags.apiUrl;
  if (flags.profile !== undefined) merged.ECSDECK_PROFILE = flags.profile;
  const [{ openProfileStore }, { resolveConnection }] = await Promise.all([import('../config/profiles.js'), import('../config/connection.js')]);
  const store = openProfileStore({ env: merged });
  const conn = resolveConnection(merged, store, flags.profile !== undefined ? '--profile' : undefined);
  if (conn.source === 'none') return { kind: 'demo' };
  return { kind: 'connect', conn, store };
}

/** The header's name for a service before the session exists; session.ts `endpointLabel` names it after. */
const hostOf = (endpoint: string): string => {
  try {
    const url = new URL(endpoint);
    return `${url.host}${url.pathname.replace(/\/+$/, '')}`;
  } catch {
    return endpoint;
  }
};

export interface RunHooks {
  /**
   * called once, when start-up work is done: the first frame has been on screen for a moment, or the user
   * quit before that (the code cache is kept then, so that even a first start followed by `q` helps the next)
   */
  afterFirstFrame?: () => void;
  /** the demo's emulator, already starting (the entry point starts it when the demo is certain) */
  embedded?: Promise<Embedded>;
}

export async function runDashboard(argv: string[], hooks: RunHooks = {}): Promise<void> {
  let flags: Flags;
  try {
    flags = parseFlags(argv);
  } catch (err) {
    process.stderr.write(`${fatalLine(err, safe)}\nRun ecsdeck --help for the options.\n`);
    process.exitCode = 2;
    return;
  }
  const text = helpOrVersion(flags);
  if (text !== null) {
    process.stdout.write(text);
    return;
  }

  // A configuration mistake is told in one plain line, before the screen is taken over.
  let plan: Plan;
  try {
    plan = await planConnection(flags, process.env);
  } catch (err) {
    process.stderr.write(`${fatalLine(err, safe)}\n`);
    process.exitCode = 1;
    return;
  }

  // The palette, once, before anything is drawn: NO_COLOR, else --theme, else the profile's, else dark.
  // (A profile switched to later with :profiles keeps the colours the dashboard started with.)
  const profileName = plan.kind === 'connect' ? plan.conn.profileName : undefined;
  const profileTheme = profileName !== undefined && plan.kind === 'connect' ? plan.store?.get(profileName)?.theme : undefined;
  setTheme(pickTheme(flags.theme, profileTheme, process.env));

  // Ink draws nothing until exit when it believes it runs in CI; on a terminal a person is watching.
  // This must happen before Ink is imported: it reads the variable once, at load.
  if (process.stdout.isTTY) {
    delete process.env.CI;
    delete process.env.CONTINUOUS_INTEGRATION;
  }

  // The emulator starts first; the client and the tracker load while it boots, and Ink while both run.
  let early: Session | null = null;
  // (made before Ink's import, which takes the thread for a while, unless the entry point made it already)
  if (plan.kind !== 'demo') void hooks.embedded?.then((e) => e.close()).catch(() => {});
  const embedded = plan.kind === 'demo' ? (hooks.embedded ?? (await import('./embedded.js')).startEmulator()) : undefined;
  embedded?.catch(() => {
    // reported through `ready`
  });
  // every write this run sends goes to the history file, unless --no-history (a profile may also say no)
  const history = flags.noHistory ? null : new (await import('../history/log.js')).HistoryLog({ by: 'dashboard', env: process.env });
  const ready = Promise.all([import('./demo.js'), import('../session/session.js')])
    .then(([{ startEmbedded }, { sessionForConnection }]) =>
      plan.kind === 'demo' ? startEmbedded({ embedded, history }) : sessionForConnection(plan.conn, { history }),
    )
    .then((session) => {
      early = session;
      void session.cache.prefetch(SERVERS_CACHE_KEY, () => session.client.servers.list({ reuse: true })).catch(() => {
        // the servers screen shows the failure when it asks again
      });
      // What the first screen draws beside the list (the groups it names, the costs of its rows and the
      // header's burn), asked for with it: the list is then drawn once, complete, instead of once per answer
      // (with 10,000 servers each answer costs a pass over all of them, in the way of the first keys).
      for (const key of SIDE_LISTS) askOnce(session, key);
      // the app reports a failure when it asks for the same
      session.followRunning().catch(() => {});
      return session;
    });
  ready.catch(() => {
    // handled below, once the screen exists to be given back
  });

  const [{ render }, { appElement }, yoga] = await Promise.all([import('ink'), import('../ui/app.js'), import('yoga-layout')]);
  // The dashboard's bundle loads Yoga's WebAssembly without a top-level await (scripts/build.mjs): Ink may
  // lay out only once it is there. Elsewhere the module has awaited it already.
  await (yoga as { yogaReady?: Promise<void> }).yogaReady;

  const sessions: Session[] = [];
  let failure: unknown = null;
  const closeAll = async () => {
    await Promise.allSettled(sessions.map((s) => s.close()));
  };

  const terminal = enterFullScreen(process.stdout, process.stdin);
  installCrashHandlers(
    terminal,
    () => {
      for (const s of sessions) void s.close();
    },
    safe,
  );

  // :profiles opens the file itself when start-up had no reason to
  const store = plan.kind === 'connect' ? plan.store : null;
  const profiles = store ? () => store : undefined;

  const connecting = plan.kind === 'demo' ? 'starting the local emulator…' : `connecting to ${plan.conn.endpoint}…`;
  const pending =
    plan.kind === 'demo'
      ? { profile: 'demo', endpoint: 'local emulator', local: true }
      : { profile: plan.conn.profileName ?? 'env', endpoint: hostOf(plan.conn.endpoint), local: false };
  let instance: ReturnType<typeof render> | null = null;
  const element = (session: Session | null) =>
    appElement(
      {
        session,
        connecting,
        pending,
        readOnly: flags.readOnly,
        profiles,
        onSessionChange: (s) => sessions.push(s),
        onSuspend: () => terminal.suspend(),
        history,
      },
      (err) => {
        failure = err;
        instance?.unmount();
      },
    );

  // One frame with the rows rather than a "connecting…" frame just before them: the first frame costs the
  // most (nothing is compiled yet), and drawing two delays the one that matters. A slow service still gets
  // the "connecting…" frame after a moment.
  await Promise.race([
    ready.then((s) => Promise.all([...START_KEYS.map((key) => s.cache.get(key)?.pending), s.followRunning()])).catch(() => {}),
    new Promise((r) => setTimeout(r, 400)),
  ]);
  const first = early as Session | null;
  if (first) sessions.push(first);
  // Not `incrementalRendering`: in Ink 6.8 it starts its second frame one line too low, and the frame
  // then slides down the screen.
  // A frame costs a few milliseconds once Ink's line cache is shared (scripts/build.mjs), so the throttle
  // can be short: at Ink's default 30 fps a key pressed just after another waits up to 33 ms to show.
  instance = render(element(first), {
    exitOnCtrlC: false,
    patchConsole: false,
    maxFps: 1000,
  });
  // The person's first keys find their code compiled: an unseen copy of the app plays keys first (rehearsal.ts).
  const rehearsal = new AbortController();
  let rehearsed = false;
  const shownAt = lastKeyRead();
  const rehearseOn = (session: Session) => {
    if (rehearsed || !rehearsalWanted(process.env, process.stdout.isTTY)) return;
    rehearsed = true;
    setImmediate(() => {
      void rehearseWith(render, session, { pending, signal: rehearsal.signal, since: shownAt }).catch(() => {
        // a rehearsal that could not run changes nothing
      });
    });
  };
  if (first) rehearseOn(first);
  const quit = () => instance?.unmount();
  let started = false;
  const startedUp = () => {
    if (started) return;
    started = true;
    // housekeeping off the start-up clock: a config directory left 0755 is made 0700, and the editor's
    // files a killed dashboard left behind are removed
    tightenConfigDir(process.env);
    cleanStaleScratch(process.env);
    hooks.afterFirstFrame?.();
  };
  // the code cache's write takes tens of milliseconds: it waits for a second with no key read, not only for
  // the first frame to have been on screen a moment
  const cancelQuiet = whenQuiet(startedUp, { afterMs: 1500, quietMs: 1000, lastInput: lastKeyRead });
  // with stdin not a terminal, Ctrl+C arrives as a signal rather than a key
  process.once('SIGINT', quit);

  ready.then(
    async (session) => {
      if (session === first) return;
      sessions.push(session);
      // One frame with the rows rather than a "loading" frame just before them: each frame costs time.
      const lists = Promise.all([...START_KEYS.map((key) => session.cache.get(key)?.pending), session.followRunning()]).catch(() => {});
      await Promise.race([lists, new Promise((r) => setTimeout(r, 150))]);
      instance?.rerender(element(session));
      rehearseOn(session);
    },
    (err: unknown) => {
      failure = err;
      quit();
    },
  );

  try {
    await instance.waitUntilExit();
  } catch (err) {
    failure ??= err;
  }
  cancelQuiet();
  rehearsal.abort();
  await closeAll();
  terminal.restore();
  if (failure === null) {
    startedUp();
  } else {
    process.stderr.write(`${fatalLine(failure, safe)}\n`);
    if (process.env.ECSDECK_DEBUG) process.stderr.write(`${(failure as Error)?.stack ?? ''}\n`);
  }
  // Whatever is still scheduled (an emulator timer, a request in flight) must not keep the terminal waiting.
  process.exit(failure !== null ? 1 : 0);
}

/**
 * Plays the rehearsal's keys on an unseen copy of the app over a copy of `session` that sends nothing, when
 * the first screen lists servers; `rehearse` plays nothing when a key was read since it was drawn (`since`).
 */
async function rehearseWith(
  render: typeof import('ink').render,
  session: Session,
  o: { pending: AppProps['pending']; signal: AbortSignal; since: number },
): Promise<void> {
  const servers = session.cache.get<Array<{ name: string }>>(SERVERS_CACHE_KEY)?.data;
  if (!servers || servers.length === 0) return;
  const [{ rehearse, rehearsalKeys }, { offlineCopy }, { appElement }] = await Promise.all([
    import('./rehearsal.js'),
    import('../session/rehearsal.js'),
    import('../ui/app.js'),
  ]);
  const copy = offlineCopy(session);
  // the copy's own failure stops it too (the dashboard quitting is `o.signal`)
  const failed = new AbortController();
  try {
    await rehearse({
      render,
      element: appElement({ session: copy, pending: o.pending, readOnly: true, history: null }, () => failed.abort()),
      columns: process.stdout.columns || 80,
      rows: process.stdout.rows || 24,
      keys: rehearsalKeys(servers[0]?.name),
      lastKeyRead,
      since: o.since,
      signal: AbortSignal.any([o.signal, failed.signal]),
      putOff: (teardown) => whenQuiet(teardown, { afterMs: 0, quietMs: 1000, lastInput: lastKeyRead }),
    });
  } finally {
    await copy.close();
  }
}
