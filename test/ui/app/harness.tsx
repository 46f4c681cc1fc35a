// The App against an in-process emulator with a manual clock: the client talks to the emulator's fetch, the
// tracker polls fast, and the list refresh timer is long, so every change a test sees comes from a key it
// pressed or a clock it advanced.

import { renderAt } from '../ink-render.js';
import { createEmulator, type Emulator } from '../../../src/emulator/app.js';
import { createClient, type Client } from '../../../src/api/index.js';
import { App, type AppProps } from '../../../src/ui/app.js';
import { createSession, type Session, type SessionInit } from '../../../src/session/session.js';
import { inputReady, waitForFrame } from '../helpers.js';

export const BASE = 'http://emu.test';
const ANSI_ALL = /\u001b\[[0-9;?]*[A-Za-z]/g;

export const strip = (s: string): string => s.replace(ANSI_ALL, '');

export interface Harness {
  emulator: Emulator;
  client: Client;
  session: Session;
  frame(): string;
  /** every frame drawn so far, for "never shown" checks */
  frames(): string[];
  waitFor(expected: string | RegExp | ((frame: string) => boolean), timeoutMs?: number): Promise<string>;
  press(...keys: string[]): Promise<void>;
  type(text: string): Promise<void>;
  advance(seconds: number): void;
  admin(method: string, path: string, body?: unknown): Promise<Response>;
  rerender(props: Partial<AppProps>): void;
  stdin: { write(data: string): void; listenerCount(event: string): number };
  cleanup(): Promise<void>;
}

interface HarnessOptions extends Partial<AppProps> {
  emulator?: Emulator;
}

/** An admin request (`/__emulator/...`) to `emulator`, with a JSON body: also before the app is started. */
export function emulatorAdmin(emulator: Emulator, method: string, path: string, body?: unknown): Promise<Response> {
  return emulator.fetch(new Request(BASE + path, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) }));
}

/** The demo account's session on `emulator`, as the app gets it; `trackerOptions` for a test that probes faster. */
export async function demoSession(emulator: Emulator, trackerOptions: SessionInit['trackerOptions'] = { intervalMs: 30, lingerMs: 60_000 }): Promise<Session> {
  const client = createClient({ endpoint: BASE, fetch: emulator.fetch, retry: { limit: 0 } });
  await client.login('demo', 'demo');
  client.setCredential(await client.account.mintMachineCredential({ hostname: 'test' }));
  return createSession({
    client,
    profile: 'demo',
    endpoint: 'emu.test',
    local: true,
    // finished actions linger long enough for the ✓ to be read
    trackerOptions,
  });
}

export async function startApp(opts: HarnessOptions = {}): Promise<Harness> {
  const emulator = opts.emulator ?? createEmulator({ clock: 'manual', seed: 'demo' });
  // no retries: a test that injects one failure wants to see it, not a silent second attempt
  // a test that brings its own session (its own login) gets it used as given
  const session = opts.session ?? (await demoSession(emulator));
  const client = session.client;
  const { emulator: _e, ...appProps } = opts;
  const props: AppProps = {
    session,
    width: 100,
    height: 32,
    refreshMs: 600_000,
    connectOptions: { fetch: emulator.fetch, retry: { limit: 0 } },
    trackerOptions: { intervalMs: 30, lingerMs: 60_000 },
    ...appProps,
  };
  // Ink's terminal as wide as the app, as on a real one
  const r = renderAt(<App {...props} />, props.width ?? 100);
  const frame = () => strip(r.lastFrame() ?? '');
  await inputReady(r.stdin);
  const settle = () => new Promise((resolve) => setTimeout(resolve, 15));
  const h: Harness = {
    emulator,
    client,
    session,
    frame,
    frames: () => r.frames.map(strip),
    waitFor(expected, timeoutMs = 3000) {
      const test =
        typeof expected === 'string' ? (f: string) => f.includes(expected) : expected instanceof RegExp ? (f: string) => expected.test(f) : expected;
      return waitForFrame(frame, test, timeoutMs);
    },
    async press(...keys) {
      for (const k of keys) {
        // a person's pace: keys typed at once arrive as one chunk, which is a different case (tested on its own)
        await settle();
        r.stdin.write(k);
        // a lone esc is held by Ink for a moment, to tell it from the start of an escape sequence
        await settle();
      }
    },
    async type(text) {
      await settle();
      r.stdin.write(text);
      await settle();
    },
    advance(seconds) {
      emulator.advance(seconds);
    },
    admin: (method, path, body) => emulatorAdmin(emulator, method, path, body),
    rerender(next) {
      if (next.width !== undefined) r.resize(next.width);
      r.rerender(<App {...props} {...next} />);
    },
    stdin: r.stdin,
    async cleanup() {
      r.unmount();
      await session.close();
    },
  };
  return h;
}

/** Goes to a `:` screen from the servers list and waits for `ready` on it. */
export async function openScreen(h: Harness, name: string, ready: string | RegExp): Promise<void> {
  await h.waitFor('web-1');
  await h.press(':');
  await h.type(name);
  await h.press('\r');
  await h.waitFor(ready);
}

/** From the servers list, `c` and ⏎ on the first plan and location, each after its step is drawn: on Image. */
export async function wizardToImage(h: Harness): Promise<void> {
  await h.press('c');
  await h.waitFor('type to filter: a name');
  await h.press('\r');
  await h.waitFor(/Location .*where/);
  await h.waitFor((f) => !f.includes('loading the regions'));
  await h.press('\r');
  await h.waitFor(/Image .*public images/);
}

/**
 * The demo on a manual clock that starts out of the way of its weekly schedule. The schedule snapshots web-1
 * on Sundays at 03:00 UTC by the emulator's clock, which starts at this machine's time: a test run on a Sunday
 * morning would find that snapshot in flight at start (a row more in the action panel), or start it when its
 * clock moves past 03:00. Between 00:00 and 06:00 UTC on a Sunday the clock starts 8 hours later, the same
 * day; at any other time, now.
 */
export function demoAwayFromSchedule(now = Date.now()): Emulator {
  const d = new Date(now);
  const sundayMorning = d.getUTCDay() === 0 && d.getUTCHours() < 6;
  return createEmulator({ clock: 'manual', seed: 'demo', start: sundayMorning ? now + 8 * 3600_000 : now });
}

/** The selected row of a list (the line with the `›` marker). */
export const selectedLine = (frame: string): string => frame.split('\n').find((l) => l.startsWith('│›')) ?? '';

/** From the top of the list, moves down until the selected row matches `re`; its line. */
export async function selectRow(h: Harness, re: RegExp, max = 40): Promise<string> {
  if (!re.test(selectedLine(h.frame()))) await h.press('g');
  for (let i = 0; i < max; i++) {
    const line = selectedLine(h.frame());
    if (re.test(line)) return line;
    await h.press('j');
    // a loaded machine can draw a move late: wait for it, so that the next `j` never skips a row unseen
    // (the last row does not move, hence the short deadline and no failure here)
    const deadline = Date.now() + 1000;
    while (selectedLine(h.frame()) === line && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error(`no row matches ${re}; last frame:\n${h.frame()}`);
}
