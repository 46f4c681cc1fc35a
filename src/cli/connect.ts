// The client for a command, from the same settings the dashboard reads (flags, ECSDECK_*, profiles:
// config/connection.ts), or a throw-away local emulator with --demo.
import { existsSync } from 'node:fs';
import { createClient, type Client } from '../api/index.js';
import { profileFileGuess } from '../boot/start-plan.js';
import type { Env } from '../config/connection.js';
import type { Via } from '../history/record.js';
import { COMMAND_CLIENT, nodeExchange } from './node-exchange.js';
import type { Globals } from './parse.js';
import { UsageError } from './types.js';

const NO_CONNECTION = `no service to talk to: give --api-url URL with ECSDECK_API_TOKEN (or ECSDECK_USERNAME and
ECSDECK_PASSWORD) in the environment, or --profile NAME (the dashboard's :profiles saves one), or --demo
to try it on a local emulator with demo data`;

interface Connected {
  client: Client;
  /** for the history: the profile used (`env` without one, `demo`) and the service's address as the dashboard names it */
  profile: string;
  endpoint: string;
  via: Via;
  /** false: the profile keeps its writes out of the history */
  history: boolean;
  close(): Promise<void>;
}

export async function connect(globals: Globals, env: Env): Promise<Connected> {
  if (globals.demo) return demo();
  const merged: Env = { ...env };
  if (globals.apiUrl !== undefined) merged.ECSDECK_API_URL = globals.apiUrl;
  if (globals.profile !== undefined) merged.ECSDECK_PROFILE = globals.profile;
  const { resolveConnection } = await import('../config/connection.js');
  // the profile file is opened (and its library loaded) only when there is one
  const guess = profileFileGuess(merged);
  const store = guess !== null && !existsSync(guess) ? { get: () => undefined, current: () => undefined } : (await import('../config/profiles.js')).openProfileStore({ env: merged });
  const conn = resolveConnection(merged, store, globals.profile !== undefined ? '--profile' : undefined);
  if (conn.source === 'none') throw new UsageError(NO_CONNECTION);
  const auth = conn.auth;
  const credential = auth.kind === 'token' || auth.kind === 'jwt' ? auth : null;
  const client = createClient({ ...COMMAND_CLIENT, endpoint: conn.endpoint, credential });
  if (auth.kind === 'login') await client.login(auth.username, auth.password);
  return { client, profile: conn.profileName ?? 'env', endpoint: hostOf(conn.endpoint), via: conn.profileName === undefined ? 'env' : 'profile', history: conn.history !== false, close: async () => {} };
}

async function demo(): Promise<Connected> {
  const { startEmulator, DEMO_USER, DEMO_PASSWORD } = await import('../boot/embedded.js');
  const embedded = await startEmulator();
  try {
    const client = createClient({ endpoint: embedded.url, exchange: embedded.exchange ?? nodeExchange });
    await client.login(DEMO_USER, DEMO_PASSWORD);
    return { client, profile: DEMO_USER, endpoint: hostOf(embedded.url), via: 'demo', history: true, close: () => embedded.close() };
  } catch (err) {
    await embedded.close();
    throw err;
  }
}

/** `api.example.net`, `127.0.0.1:8787`: as the dashboard's header and history name a service. */
function hostOf(endpoint: string): string {
  try {
    const url = new URL(endpoint);
    return `${url.host}${url.pathname.replace(/\/+$/, '')}`;
  } catch {
    return endpoint;
  }
}
