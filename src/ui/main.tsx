// `ecsdeck [flags]`: decides where to connect, takes over the terminal (alternate screen) and runs the app
// until the user quits, and gives the terminal back exactly as it was however the run ends.
//
// Start-up is on the clock (first frame with the servers listed in well under half a second): the
// frame is drawn before the connection is ready, the connection and the servers list are started before
// Ink is even loaded, and Ink, the app and the emulator are imported only when needed, in parallel.

import { existsSync } from 'node:fs';
import nodeModule from 'node:module';
import { homedir } from 'node:os';
import { join } from 'node:path';
import pkg from '../../package.json' with { type: 'json' };
import type { Connection, Env } from '../config/connection.js';
import type { ProfileStore } from '../config/profiles.js';
import type { Session } from './session.js';
import { enterFullScreen, fatalLine, installCrashHandlers } from './terminal.js';

export const USAGE = `usage: ecsdeck [--profile NAME] [--api-url URL] [--read-only] [--demo]
       ecsdeck emulator [options]      run the emulator alone (ecsdeck emulator --help)

A full-screen dashboard for the service. With no profile and no ECSDECK_* credentials it starts
a local emulator with demo data, so everything can be tried without an account.

  --profile NAME   use this saved profile (default: the current one; :profiles manages them)
  --api-url URL    the service's address, e.g. https://api.example.net
  --read-only      look, never change: every key that writes is turned off
  --demo           use the local emulator and its demo data, whatever is configured
  -h, --help       this text
  -V, --version    the version

Environment: ECSDECK_API_URL, ECSDECK_API_TOKEN, ECSDECK_USERNAME with ECSDECK_PASSWORD,
ECSDECK_PROFILE, ECSDECK_CONFIG_DIR (where profiles are kept), NO_COLOR, FORCE_COLOR.
Keys: ? in the dashboard lists them; q quits.
`;

export interface Flags {
  apiUrl?: string;
  profile?: string;
  readOnly: boolean;
  demo: boolean;
  help: boolean;
  version: boolean;
}

export class UsageError extends Error {}

/** The command line; `--name value` and `--name=value` both work. Unknown flags are refused, not ignored. */
export function parseFlags(argv: readonly string[]): Flags {
  const flags: Flags = { readOnly: false, demo: false, help: false, version: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const name = eq > 0 ? arg.slice(0, eq) : arg;
    const value = (): string => {
      if (eq > 0) return arg.slice(eq + 1);
      const next = argv[i + 1];
      if (next === undefined || next.startsWith('-')) throw new UsageError(`${name} needs a value`);
      i += 1;
      return next;
    };
    const noValue = () => {
      if (eq > 0) throw new UsageError(`${name} takes no value`);
    };
    switch (name) {
      case '--api-url':
        flags.apiUrl = value();
        break;
      case '--profile':
        flags.profile = value();
        break;
      case '--read-only':
        noValue();
        flags.readOnly = true;
        break;
      case '--demo':
        noValue();
        flags.demo = true;
        break;
      case '-h':
      case '--help':
        flags.help = true;
        break;
      case '-V':
      case '--version':
        flags.version = true;
        break;
      default:
        throw new UsageError(arg.startsWith('-') ? `unknown option ${name}` : `unexpected argument '${arg}'`);
    }
  }
  if (flags.demo && (flags.apiUrl !== undefined || flags.profile !== undefined)) {
    throw new UsageError('--demo uses the local emulator; it cannot be combined with --api-url or --profile');
  }
  return flags;
}

export type Plan = { kind: 'demo' } | { kind: 'connect'; conn: Exclude<Connection, { source: 'none' }>; store: ProfileStore | null };

const ENV_KEYS = ['ECSDECK_API_URL', 'ECSDECK_API_TOKEN', 'ECSDECK_USERNAME', 'ECSDECK_PASSWORD', 'ECSDECK_PROFILE'];

/**
 * Where the profile file is, when that can be known without loading the config library: it is only a
 * shortcut to skip that load when there is no file; anywhere else the store is opened and asked.
 */
export function profileFileGuess(env: Env, platform = process.platform): string | null {
  const dir = env.ECSDECK_CONFIG_DIR?.trim();
  if (dir) return join(dir, 'config.json');
  if (platform !== 'linux') return null;
  const base = env.XDG_CONFIG_HOME?.trim() || join(homedir(), '.config');
  return join(base, 'ecsdeck', 'config.json');
}

/** Demo or a connection: the flags first, then the environment, then the profiles (config/connection.ts). */
export async function planConnection(flags: Flags, env: Env): Promise<Plan> {
  if (flags.demo) return { kind: 'demo' };
  const merged: Env = { ...env };
  if (flags.apiUrl !== undefined) merged.ECSDECK_API_URL = flags.apiUrl;
  if (flags.profile !== undefined) merged.ECSDECK_PROFILE = flags.profile;
  const anyEnv = ENV_KEYS.some((k) => (merged[k] ?? '') !== '');
  const guess = profileFileGuess(merged);
  if (!anyEnv && guess !== null && !existsSync(guess)) return { kind: 'demo' };
  const [{ openProfileStore }, { resolveConnection }] = await Promise.all([import('../config/profiles.js'), import('../config/connection.js')]);
  const store = openProfileStore({ env: merged });
  const conn = resolveConnection(merged, store);
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

export async function runDashboard(argv: string[]): Promise<void> {
  // Node 22+ keeps compiled code between runs, which shortens every start after the first.
  (nodeModule as { enableCompileCache?: () => unknown }).enableCompileCache?.();
  let flags: Flags;
  try {
    flags = parseFlags(argv);
  } catch (err) {
    process.stderr.write(`${fatalLine(err)}\nRun ecsdeck --help for the options.\n`);
    process.exitCode = 2;
    return;
  }
  if (flags.help) {
    process.stdout.write(USAGE);
    return;
  }
  if (flags.version) {
    process.stdout.write(`ecsdeck ${pkg.version}\n`);
    return;
  }

  // A configuration mistake is told in one plain line, before the screen is taken over.
  let plan: Plan;
  try {
    plan = await planConnection(flags, process.env);
  } catch (err) {
    process.stderr.write(`${fatalLine(err)}\n`);
    process.exitCode = 1;
    return;
  }

  // Ink draws nothing until exit when it believes it runs in CI; on a terminal a person is watching.
  // This must happen before Ink is imported: it reads the variable once, at load.
  if (process.stdout.isTTY) {
    delete process.env.CI;
    delete process.env.CONTINUOUS_INTEGRATION;
  }

  // The emulator starts first; the client and the tracker load while it boots, and Ink while both run.
  let early: Session | null = null;
  const embedded = plan.kind === 'demo' ? import('./embedded.js').then((m) => m.startEmulator()) : undefined;
  embedded?.catch(() => {
    // reported through `ready`
  });
  const ready = import('./session.js')
    .then(({ startEmbedded, sessionForConnection }) => (plan.kind === 'demo' ? startEmbedded({ embedded }) : sessionForConnection(plan.conn)))
    .then((session) => {
      early = session;
      void session.cache.prefetch('servers', () => session.client.servers.list()).catch(() => {
        // the servers screen shows the failure when it asks again
      });
      // the app reports a failure when it asks for the same
      session.followRunning().catch(() => {});
      return session;
    });
  ready.catch(() => {
    // handled below, once the screen exists to be given back
  });

  const [{ render }, { appElement }] = await Promise.all([import('ink'), import('./app.js')]);

  const sessions: Session[] = [];
  let failure: unknown = null;
  const closeAll = async () => {
    await Promise.allSettled(sessions.map((s) => s.close()));
  };

  const terminal = enterFullScreen(process.stdout, process.stdin);
  installCrashHandlers(terminal, () => {
    for (const s of sessions) void s.close();
  });

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
    ready.then((s) => Promise.all([s.cache.get('servers')?.pending, s.followRunning()])).catch(() => {}),
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
    maxFps: 240,
  });
  const quit = () => instance?.unmount();
  // with stdin not a terminal, Ctrl+C arrives as a signal rather than a key
  process.once('SIGINT', quit);

  ready.then(
    async (session) => {
      if (session === first) return;
      sessions.push(session);
      // One frame with the rows rather than a "loading" frame just before them: each frame costs time.
      const lists = Promise.all([session.cache.get('servers')?.pending, session.followRunning()]).catch(() => {});
      await Promise.race([lists, new Promise((r) => setTimeout(r, 150))]);
      instance?.rerender(element(session));
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
  await closeAll();
  terminal.restore();
  if (failure !== null) {
    process.stderr.write(`${fatalLine(failure)}\n`);
    if (process.env.ECSDECK_DEBUG) process.stderr.write(`${(failure as Error)?.stack ?? ''}\n`);
  }
  // Whatever is still scheduled (an emulator timer, a request in flight) must not keep the terminal waiting.
  process.exit(failure !== null ? 1 : 0);
}
