// The dashboard end to end: the built program (bin/ecsdeck.js) in a pseudo-terminal, read through a headless
// xterm, against an emulator started as its own process on a manual clock. Time on the service moves only
// when a test advances the clock; every wait is a `waitFor` on the screen with a deadline, never a sleep.
//
// The texts matched are the fixed ones (tui.md's keys and frame, the service's messages, server names and
// status words); layout details the shell may still change (column widths, padding) are not.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { BIN, KEYS, NODE, start, startEmulatorProcess, type Emulator, type Session, type StartOptions } from './harness.js';

const COLS = 120;
const ROWS = 36;
/** a server name as the service makes them */
const NAME = /ec2\d{5}/;
/** how long the dashboard may take to show something after the service changed (list refresh, poll) */
const SHOW_MS = 12_000;

// --- the emulator, as its own process ------------------------------------------------------------------------

const cleanups: Array<() => void> = [];

afterEach(() => {
  for (const c of cleanups.splice(0).reverse()) {
    try {
      c();
    } catch {
      // best effort: the next cleanup still runs
    }
  }
});

/** The emulator on a manual clock, killed after the test. */
async function startEmulator(seed: 'demo' | 'empty' = 'demo'): Promise<Emulator> {
  const emu = await startEmulatorProcess(seed);
  cleanups.push(() => emu.stop());
  return emu;
}

// --- the dashboard ---------------------------------------------------------------------------------------------

/** A fresh, empty config directory: the user's real profiles are never read or written. */
function configDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'ecsdeck-e2e-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/**
 * Where these runs keep compiled code (src/boot/compile-cache.ts): one directory for the file, as one
 * user's cache would be, so later starts use what earlier ones kept; never the user's own ~/.cache.
 */
const CACHE_DIR = mkdtempSync(join(tmpdir(), 'ecsdeck-e2e-cache-'));
afterAll(() => rmSync(CACHE_DIR, { recursive: true, force: true }));

/** Nothing of the caller's ECSDECK_* environment reaches the program unless a test sets it. */
const CLEAN_ENV: Record<string, undefined> = {
  ECSDECK_API_URL: undefined,
  ECSDECK_API_TOKEN: undefined,
  ECSDECK_USERNAME: undefined,
  ECSDECK_PASSWORD: undefined,
  ECSDECK_PROFILE: undefined,
  ECSDECK_DEBUG: undefined,
  NO_COLOR: undefined,
  FORCE_COLOR: undefined,
};

function dashboard(opts: StartOptions & { emulator?: Emulator } = {}): Session {
  const { emulator, ...rest } = opts;
  const session = start({
    cols: COLS,
    rows: ROWS,
    ...rest,
    args: emulator ? ['--api-url', emulator.url, ...(rest.args ?? [])] : rest.args,
    env: {
      ...CLEAN_ENV,
      ECSDECK_CONFIG_DIR: configDir(),
      ECSDECK_CACHE_DIR: CACHE_DIR,
      ...(emulator ? { ECSDECK_USERNAME: 'demo', ECSDECK_PASSWORD: 'demo' } : {}),
      ...rest.env,
    },
  });
  cleanups.push(() => session.kill());
  return session;
}

/** The servers as the service lists them. */
async function serversOf(emu: Emulator): Promise<Array<{ name: string; notes: string; status: string; location: string }>> {
  const { body } = await emu.call('GET', '/ecs/v2/servers', undefined, { token: await emu.token() });
  return body.server;
}

const lines = (screen: string): string[] => screen.split('\n');
/** Lines that are rows of the servers table: they begin (after the frame and the selection mark) with a name. */
const serverRows = (screen: string): string[] => lines(screen).filter((l) => /^[│\s›]*ec2\d{5}\s/.test(l));
/** The table row of the server `name`, or the first row containing `text` (notes, say). */
const rowOf = (screen: string, text: string): string | undefined => serverRows(screen).find((l) => l.includes(text));
/** The action panel's line for an action of `type` on `name`. */
const actionLine = (screen: string, type: string, name: string): string | undefined =>
  lines(screen).find((l) => l.includes(type) && l.includes(name));
/** Names of the server rows on screen. */
const namesOn = (screen: string): string[] => serverRows(screen).map((l) => l.match(NAME)![0]);

/** The footer of a screen (not of a dialog or a field): `q quit` is there. */
const FOOTER_QUIT = /└[^\n]*\bq quit\b/;
const escapeRe = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

// Keys are sent as they come, each sequence in one write, with no pause for a view to appear and no second
// try: the dashboard's one key dispatcher (src/ui/keys.tsx) delivers each key of a chunk only after the frame
// the previous key caused, so a key that opens a view sends the next ones to that view. A lost key fails the
// test.

/** Types `text` into the field on screen and waits until the field shows it (`> text`, or as `shown` says). */
async function typeInto(s: Session, text: string, shown?: (screen: string) => boolean): Promise<string> {
  const echoed = shown ?? ((sc: string) => new RegExp(`>\\s${escapeRe(text)}\\s*(│|$)`, 'm').test(sc));
  await s.type(text);
  return s.waitUntil(echoed, `the field showing ${text}`, SHOW_MS);
}

/** Sends `key` to the view on screen (`from` holds) and waits for `to`. */
async function step(s: Session, key: string, o: { from: (sc: string) => boolean; to: (sc: string) => boolean; what: string }): Promise<string> {
  expect(o.from(s.screen()), `before ${o.what}`).toBe(true);
  await s.press(key);
  return s.waitUntil(o.to, o.what, SHOW_MS);
}

/** `/` and `text` in one write: the filter field opens and takes the text. */
async function filter(s: Session, text: string): Promise<string> {
  await s.type(`/${text}`);
  return s.waitUntil((sc) => lines(sc).some((l) => new RegExp(`Servers\\s+/${escapeRe(text)}(\\s|│|$)`).test(l)), `the filter showing ${text}`, SHOW_MS);
}

/** Moves the table's selection (`›`) onto `name` with j/k, all of them in one write. */
async function select(s: Session, name: string): Promise<void> {
  const screen = await s.waitFor(/›\s*ec2\d{5}/);
  const all = lines(screen);
  const at = all.findIndex((l) => /›\s*ec2\d{5}/.test(l));
  const target = all.findIndex((l) => serverRows(l).length === 1 && l.includes(name));
  if (target < 0) throw new Error(`${name} is not on the screen:\n${screen}`);
  if (target === at) return;
  await s.type((target > at ? 'j' : 'k').repeat(Math.abs(target - at)));
  await s.waitUntil((sc) => lines(sc).some((l) => serverRows(l).length === 1 && l.includes(name) && l.includes('›')), `${name} selected`, SHOW_MS);
}

// The wizard's steps, by their titles (the breadcrumb `New server  plan › location › …` is on every one).
const LOCATION_STEP = (plan: string) => (sc: string) => sc.includes(`where ${plan} can be created now`);
const IMAGE_STEP = (sc: string) => sc.includes('public images and your templates');
const NOTES_STEP = (sc: string) => sc.includes('label in the list');
const REVIEW_STEP = (sc: string) => sc.includes('POST /ecs/v2/servers');
const PLAN_STEP = (sc: string) =>
  sc.includes('New server') && !/can be created now/.test(sc) && !IMAGE_STEP(sc) && !NOTES_STEP(sc) && !REVIEW_STEP(sc);
/** The review, before anything was sent. */
const REVIEW_READY = (sc: string) => REVIEW_STEP(sc) && !sc.includes('creating the server') && !sc.includes('is being created') && !/✗/.test(sc);

/**
 * `c`, then plan, location, image and notes as a person types them, up to the review. `location` undefined
 * takes the first one offered.
 */
async function wizardToReview(s: Session, o: { plan: string; location?: string; image: string; notes: string }): Promise<string> {
  await s.press('c');
  await s.waitUntil((sc) => PLAN_STEP(sc) && new RegExp(`\\b${o.plan}\\b`).test(sc), 'the plan step with its plans', SHOW_MS);
  await typeInto(s, o.plan);
  await step(s, KEYS.enter, { from: PLAN_STEP, to: LOCATION_STEP(o.plan), what: 'the location step' });
  await s.waitUntil((sc) => /\b(it-mi2|it-fr2|ch-lug1|bg-sof1)\b/.test(sc), 'the locations', SHOW_MS);
  if (o.location !== undefined) await typeInto(s, o.location);
  await step(s, KEYS.enter, { from: LOCATION_STEP(o.plan), to: IMAGE_STEP, what: 'the image step' });
  await s.waitFor(o.image, SHOW_MS);
  await typeInto(s, o.image);
  await step(s, KEYS.enter, { from: IMAGE_STEP, to: NOTES_STEP, what: 'the notes step' });
  await typeInto(s, o.notes);
  return step(s, KEYS.enter, { from: NOTES_STEP, to: REVIEW_STEP, what: 'the review' });
}

/** What `stty -a` printed after the program ended (reportStty runs it in the same pty). */
function sttyAfter(raw: string): string {
  const at = raw.lastIndexOf('EXIT=');
  expect(at, 'the shell reported the exit status').toBeGreaterThanOrEqual(0);
  return raw.slice(at);
}

/** The terminal is back as it was: main screen, cursor shown, and (with stty) no raw mode. */
function expectTerminalRestored(s: Session, opts: { stty: boolean }): void {
  const raw = s.raw();
  const enter = raw.lastIndexOf('\u001b[?1049h');
  expect(enter, 'the dashboard used the alternate screen').toBeGreaterThanOrEqual(0);
  expect(raw.lastIndexOf('\u001b[?1049l'), 'the alternate screen was left after it was last entered').toBeGreaterThan(enter);
  expect(s.term.buffer.active.type).toBe('normal');
  // bracketed paste, asked for while the screen was the dashboard's, is off again
  const pasteOn = raw.lastIndexOf('\u001b[?2004h');
  expect(pasteOn, 'the dashboard asked for bracketed paste').toBeGreaterThanOrEqual(0);
  expect(raw.lastIndexOf('\u001b[?2004l'), 'bracketed paste was turned off after it was last turned on').toBeGreaterThan(pasteOn);
  const hidden = raw.lastIndexOf('\u001b[?25l');
  if (hidden >= 0) expect(raw.lastIndexOf('\u001b[?25h'), 'the cursor was shown again after it was last hidden').toBeGreaterThan(hidden);
  if (opts.stty) {
    const stty = sttyAfter(raw);
    // `icanon` and `echo` as words of their own, not `-icanon` / `-echo`
    expect(stty).toMatch(/(^|\s)icanon(\s|$)/m);
    expect(stty).toMatch(/(^|\s)echo(\s|$)/m);
    expect(stty).not.toMatch(/(^|\s)-icanon(\s|$)/m);
    expect(stty).not.toMatch(/(^|\s)-echo(\s|$)/m);
  }
}

function exitStatus(raw: string): number {
  const m = raw.match(/EXIT=(\d+)/);
  if (!m) throw new Error(`no exit status in the output:\n${raw.slice(-500)}`);
  return Number(m[1]);
}

// --- the tests ---------------------------------------------------------------------------------------------------

describe('the dashboard in a terminal (built program, external emulator on a manual clock)', () => {
  it('starts with the frame: ecsdeck, who and where in the header, the demo servers listed', async () => {
    const emu = await startEmulator('demo');
    const servers = await serversOf(emu);
    expect(servers.length).toBeGreaterThan(5);
    const s = dashboard({ emulator: emu });

    // the whole frame, footer included: a screen read in the middle of a redraw is torn (CI caught one whose
    // last line was still the action panel's border)
    const footerOf = (sc: string) => lines(sc).filter((l) => l.trim() !== '').at(-1) ?? '';
    const screen = await s.waitUntil((sc) => servers.every((v) => sc.includes(v.name)) && /q quit/.test(footerOf(sc)), 'every demo server and the footer', SHOW_MS);
    const header = lines(screen)[0];
    expect(header).toContain('ecsdeck');
    // credentials from the environment: the header names them `env` and shows the endpoint
    const host = new URL(emu.url).host;
    expect(header).toContain(`env @ ${host}`);
    expect(header).not.toContain('local emulator');
    expect(header).toMatch(new RegExp(`\\b${servers.length} servers\\b`));
    expect(header).toMatch(/\d\d:\d\d UTC/);
    // each demo server in its own row, with its notes and status word
    for (const v of servers) {
      const row = rowOf(screen, v.name)!;
      expect(row).toContain(v.notes);
      expect(row).toContain(v.status);
    }
    expect(namesOn(screen).sort()).toEqual(servers.map((v) => v.name).sort());
    // the column heads, the action panel and the footer's fixed keys
    expect(screen).toMatch(/NAME\s+NOTES/);
    expect(screen).toMatch(/STATUS/);
    expect(screen).toContain('Actions');
    const footer = footerOf(screen);
    expect(footer).toMatch(/q quit/);
    expect(footer).toMatch(/\/ filter/);
  });

  it('shows the account of a saved profile in the header (--profile)', async () => {
    const emu = await startEmulator('demo');
    const { body } = await emu.call('POST', '/ecs/v2/keys', { notes: 'e2e' }, { token: await emu.token() });
    const dir = configDir();
    writeFileSync(
      join(dir, 'config.json'),
      JSON.stringify({ current: null, profiles: { 'e2e-demo': { endpoint: emu.url, credential: { kind: 'token', token: body.token } } } }),
      { mode: 0o600 },
    );
    const s = dashboard({ args: ['--profile', 'e2e-demo'], env: { ECSDECK_CONFIG_DIR: dir } });
    const screen = await s.waitFor('web-1', SHOW_MS);
    const header = lines(screen)[0];
    expect(header).toContain('ecsdeck');
    expect(header).toContain(`e2e-demo @ ${new URL(emu.url).host}`);
    expect(screen).not.toContain(body.token);
  });

  it('with --demo runs its own emulator and says local emulator in the header', async () => {
    const s = dashboard({ args: ['--demo'] });
    // the first screen with a server on it is complete: the header's burn, which needs the plans and the
    // account, comes in the same frame as the list, not a frame after it
    const first = await s.waitUntil((sc) => /ec2\d{5}/.test(sc), 'a server row', SHOW_MS);
    expect(lines(first)[0]).toMatch(/€ \d+\.\d+\/h/);
    const screen = await s.waitUntil((sc) => /web-1/.test(sc) && (sc.match(/ec2\d{5}/g) ?? []).length >= 8, 'the demo servers', SHOW_MS);
    const header = lines(screen)[0];
    expect(header).toContain('ecsdeck');
    expect(header).toContain('demo @ local emulator');
    expect(screen).toMatch(/Booted/);
  });

  it('keeps compiled code in a private cache, and a damaged cache is rebuilt without a visible difference', async () => {
    const cache = join(mkdtempSync(join(tmpdir(), 'ecsdeck-e2e-own-cache-')), 'ecsdeck');
    cleanups.push(() => rmSync(join(cache, '..'), { recursive: true, force: true }));
    const caches = () => (existsSync(cache) ? readdirSync(cache).filter((f) => f.endsWith('.cache')).sort() : []);
    const both = (names: string[]) => names.some((f) => f.startsWith('dashboard.cjs-')) && names.some((f) => f.startsWith('emulator.cjs-'));
    const demoRows = (sc: string) => /web-1/.test(sc) && (sc.match(/ec2\d{5}/g) ?? []).length >= 8;

    // first start: nothing kept yet; once the first screen has been up a moment, the dashboard's and the
    // embedded emulator's compiled code are kept, readable by this user only
    const first = dashboard({ args: ['--demo'], env: { ECSDECK_CACHE_DIR: cache } });
    await first.waitUntil(demoRows, 'the demo servers', SHOW_MS);
    await first.waitUntil(() => both(caches()), 'both caches written', SHOW_MS);
    expect(statSync(cache).mode & 0o777).toBe(0o700);
    for (const f of caches()) expect(statSync(join(cache, f)).mode & 0o777).toBe(0o600);
    await first.press('q');
    expect((await first.exit(5000)).exitCode).toBe(0);

    // damaged caches: V8 refuses them, the program compiles from source, shows the same screen, and
    // writes good caches in their place
    const names = caches();
    for (const f of names) writeFileSync(join(cache, f), 'not compiled code at all');
    const second = dashboard({ args: ['--demo'], env: { ECSDECK_CACHE_DIR: cache } });
    const screen = await second.waitUntil(demoRows, 'the demo servers from a damaged cache', SHOW_MS);
    expect(lines(screen)[0]).toContain('demo @ local emulator');
    await second.waitUntil(() => names.every((f) => existsSync(join(cache, f)) && readFileSync(join(cache, f)).length > 10_000), 'the caches rewritten', SHOW_MS);
    expect(caches()).toEqual(names);
  });

  it('keeps the compiled code also when the very first start is quit as soon as it shows the servers', async () => {
    const cache = join(mkdtempSync(join(tmpdir(), 'ecsdeck-e2e-quick-cache-')), 'ecsdeck');
    cleanups.push(() => rmSync(join(cache, '..'), { recursive: true, force: true }));
    const s = dashboard({ args: ['--demo'], env: { ECSDECK_CACHE_DIR: cache } });
    await s.waitUntil((sc) => /web-1/.test(sc), 'the demo servers', SHOW_MS);
    await s.press('q');
    expect((await s.exit(5000)).exitCode).toBe(0);
    const kept = readdirSync(cache).filter((f) => f.endsWith('.cache'));
    expect(kept.some((f) => f.startsWith('dashboard.cjs-'))).toBe(true);
    expect(kept.some((f) => f.startsWith('emulator.cjs-'))).toBe(true);
  });

  it('creates a server with the wizard, from plan to a Booted row', async () => {
    const emu = await startEmulator('demo');
    const before = new Set((await serversOf(emu)).map((v) => v.name));
    const s = dashboard({ emulator: emu });
    await s.waitFor('web-1', SHOW_MS);

    // plan (typing filters, ⏎ takes the first match) → location (the first offered) → image (typed) →
    // notes → review: the request that will be sent
    let screen = await wizardToReview(s, { plan: 'eCS1', image: 'debian-12', notes: 'e2e-web' });
    // (the request's fields, whatever the layout: `"plan": "eCS1"` or `plan eCS1`)
    const body = lines(screen).slice(lines(screen).findIndex((l) => l.includes('POST /ecs/v2/servers'))).join('\n');
    expect(body).toMatch(/\bplan\W+eCS1\b/);
    expect(body).toMatch(/\bimage\W+debian-12\b/);
    expect(body).toMatch(/\bnotes\W+e2e-web\b/);
    const location = body.match(/\blocation\W+([a-z]{2}-[a-z]+\d)\b/)?.[1];
    expect(location).toBeDefined();
    await step(s, KEYS.enter, { from: REVIEW_READY, to: (sc) => !REVIEW_STEP(sc), what: 'the wizard closed' });

    // the wizard closes; the new server is listed as Booting and its create action has a bar
    screen = await s.waitUntil((sc) => !sc.includes('POST /ecs/v2/servers') && (rowOf(sc, 'e2e-web')?.includes('Booting') ?? false), 'the new Booting row', SHOW_MS);
    const name = rowOf(screen, 'e2e-web')!.match(NAME)![0];
    expect(before.has(name)).toBe(false);
    expect(rowOf(screen, name)).toContain(location!);
    await s.waitUntil((sc) => /[█░]{4,}/.test(actionLine(sc, 'create_server', name) ?? ''), 'the create_server bar', SHOW_MS);
    screen = s.screen();
    expect(actionLine(screen, 'create_server', name)).toMatch(/\b0%/);

    // half-way: the bar moves with the service's clock
    await emu.advance(30);
    screen = await s.waitUntil((sc) => /\b(4\d|5\d|60)%/.test(actionLine(sc, 'create_server', name) ?? ''), 'the bar at about half', SHOW_MS);
    expect(actionLine(screen, 'create_server', name)).toMatch(/█/);

    // the rest of the create: the action ends with ✓ (shown a few seconds, then into history) and the
    // server goes on to Customizing
    await emu.advance(35);
    screen = await s.waitUntil(
      (sc) => /Customizing|Booted/.test(rowOf(sc, name) ?? '') && !/[█░]{4,}/.test(actionLine(sc, 'create_server', name) ?? ''),
      'the row past Booting and the bar gone',
      SHOW_MS,
    );
    const finished = actionLine(screen, 'create_server', name);
    if (finished !== undefined) expect(finished).toMatch(/✓/);
    // then the 20 s of Customizing
    await emu.advance(25);
    await s.press('r');
    screen = await s.waitUntil((sc) => rowOf(sc, name)?.includes('Booted') ?? false, 'the Booted row', SHOW_MS);
    const done = actionLine(screen, 'create_server', name);
    if (done !== undefined) expect(done).toMatch(/✓/);
    expect(done ?? '').not.toMatch(/✗/);
    expect(screen).not.toMatch(/✗/);
    // and the service agrees
    expect((await serversOf(emu)).find((v) => v.name === name)?.status).toBe('Booted');
  });

  it('filters the list with / and clears the filter with esc', async () => {
    const emu = await startEmulator('demo');
    const servers = await serversOf(emu);
    const s = dashboard({ emulator: emu });
    await s.waitUntil((sc) => servers.every((v) => sc.includes(v.name)), 'every demo server', SHOW_MS);

    // case-insensitive substring over all columns: "WEB" matches the notes web-1 and web-2
    const matching = servers.filter((v) => /web/i.test(`${v.notes} ${v.name}`)).map((v) => v.name).sort();
    expect(matching.length).toBeGreaterThanOrEqual(2);
    await filter(s, 'WEB');
    let screen = await s.waitUntil((sc) => namesOn(sc).length === matching.length, 'the list narrowed to the matching rows', SHOW_MS);
    expect(namesOn(screen).sort()).toEqual(matching);
    // ⏎ keeps the filter and gives the keys back to the table: j moves within the matching rows
    await s.press(KEYS.enter);
    await s.waitFor(FOOTER_QUIT, SHOW_MS);
    const second = namesOn(screen)[1];
    await select(s, second);
    screen = s.screen();
    expect(rowOf(screen, second)).toMatch(/›/);
    expect(namesOn(screen).sort()).toEqual(matching);
    expect(screen).toMatch(/Servers\s+\/WEB/);

    // esc clears it: every server is back
    await s.press(KEYS.esc);
    screen = await s.waitUntil((sc) => namesOn(sc).length === servers.length, 'every server back', SHOW_MS);
    expect(namesOn(screen).sort()).toEqual(servers.map((v) => v.name).sort());
    expect(screen).not.toMatch(/Servers\s+\/WEB/);

    // other columns count too: a location
    const inMilan = servers.filter((v) => v.location === 'it-mi2').length;
    await filter(s, 'it-mi2');
    expect(inMilan).toBeGreaterThan(0);
    await s.waitUntil((sc) => namesOn(sc).length === inMilan, 'the servers in it-mi2', SHOW_MS);
    await s.press(KEYS.esc); // esc in the field clears it as well
    await s.waitUntil((sc) => namesOn(sc).length === servers.length, 'every server back', SHOW_MS);

    // a filter that matches nothing empties the list
    await filter(s, 'zz-no-such-thing');
    await s.waitUntil((sc) => namesOn(sc).length === 0, 'an empty list', SHOW_MS);
    await s.press(KEYS.enter);
    await s.press(KEYS.esc);
    await s.waitUntil((sc) => namesOn(sc).length === servers.length, 'every server back', SHOW_MS);
  });

  it('deletes a server only after its name is typed exactly', async () => {
    const emu = await startEmulator('demo');
    const servers = await serversOf(emu);
    const victim = servers.find((v) => v.notes === 'monitoring' && v.status === 'Booted') ?? servers.find((v) => v.status === 'Booted')!;
    const s = dashboard({ emulator: emu });
    await s.waitFor(victim.name, SHOW_MS);
    await select(s, victim.name);

    // a wrong name: nothing happens
    await s.press('d');
    let screen = await s.waitFor(`Type ${victim.name} to confirm`, SHOW_MS);
    const wrong = victim.name.slice(0, -1) + (victim.name.endsWith('9') ? '8' : '9');
    await typeInto(s, wrong);
    await s.press(KEYS.enter);
    screen = await s.waitFor(`That is not ${victim.name}`, SHOW_MS);
    expect(rowOf(screen, victim.name)).toContain('Booted');
    // esc leaves the dialog; still nothing deleted
    await s.press(KEYS.esc);
    screen = await s.waitUntil((sc) => sc.includes('Nothing was deleted') && FOOTER_QUIT.test(sc), 'the dialog closed', SHOW_MS);
    expect(rowOf(screen, victim.name)).toContain('Booted');
    expect(rowOf(screen, victim.name)).not.toContain('Deleting');
    expect((await serversOf(emu)).find((v) => v.name === victim.name)?.status).toBe('Booted');

    // the exact name + ⏎: Deleting, with its action in the panel
    await select(s, victim.name);
    await s.press('d');
    await s.waitFor(`Type ${victim.name} to confirm`, SHOW_MS);
    await typeInto(s, victim.name);
    await s.press(KEYS.enter);
    screen = await s.waitUntil((sc) => !sc.includes('to confirm') && (rowOf(sc, victim.name)?.includes('Deleting') ?? false), 'the row Deleting', SHOW_MS);
    await s.waitUntil((sc) => actionLine(sc, 'delete_server', victim.name) !== undefined, 'the delete_server action', SHOW_MS);

    // ten seconds later on the service's clock it is gone
    await emu.advance(11);
    screen = await s.waitUntil((sc) => !namesOn(sc).includes(victim.name), 'the row gone', SHOW_MS);
    const left = (await serversOf(emu)).map((v) => v.name).sort();
    expect(left).not.toContain(victim.name);
    expect(left.length).toBeLessThan(servers.length);
    // (the seed's own deleting server may have gone in the same ten seconds: the list is the service's)
    await s.press('r');
    await s.waitUntil((sc) => namesOn(sc).sort().join() === left.join(), 'the list as the service has it', SHOW_MS);
  });

  it('keeps keys typed right after a view opens (fast typing)', async () => {
    const emu = await startEmulator('demo');
    const servers = await serversOf(emu);
    // not the seed's reserved server, whose destroy the service refuses
    const victim = servers.find((v) => v.notes === 'monitoring' && v.status === 'Booted')!;
    const s = dashboard({ emulator: emu });
    await s.waitFor(victim.name, SHOW_MS);
    // the filter and its text in one burst, as a fast typist or a paste sends them
    s.pty.write(`/${victim.notes}`);
    await s.waitUntil((sc) => serverRows(sc).length === 1 && rowOf(sc, victim.name) !== undefined, 'the list filtered to one row', SHOW_MS);
    s.pty.write(KEYS.enter);
    await s.waitUntil((sc) => sc.includes(`/${victim.notes}`) && FOOTER_QUIT.test(sc), 'the filter kept, the list keys back', SHOW_MS);
    // the name typed a moment after d, before the dialog can have drawn: the field gets every character
    s.pty.write('d');
    await new Promise((r) => setTimeout(r, 20));
    s.pty.write(victim.name);
    s.pty.write(KEYS.enter);
    await s.waitUntil((sc) => rowOf(sc, victim.name)?.includes('Deleting') ?? false, 'the row Deleting', SHOW_MS);
  });

  describe('quitting gives the terminal back', () => {
    it('q: exit 0, main screen, cursor shown, no raw mode', async () => {
      const emu = await startEmulator('demo');
      const s = dashboard({ emulator: emu, reportStty: true });
      await s.waitFor('web-1', SHOW_MS);
      await s.press('q');
      await s.exit(10_000);
      expect(exitStatus(s.raw())).toBe(0);
      expectTerminalRestored(s, { stty: true });
    });

    it('Ctrl+C: exit 0, main screen, cursor shown, no raw mode', async () => {
      const emu = await startEmulator('demo');
      const s = dashboard({ emulator: emu, reportStty: true });
      await s.waitFor('web-1', SHOW_MS);
      await s.press(KEYS.ctrlC);
      await s.exit(10_000);
      expect(exitStatus(s.raw())).toBe(0);
      expectTerminalRestored(s, { stty: true });
    });

    it('Ctrl+C pressed before the first frame is a key the dashboard reads, not a signal to the shell around it', async () => {
      const emu = await startEmulator('demo');
      const s = dashboard({ emulator: emu, reportStty: true });
      // the moment the alternate screen is entered, before Ink has drawn or listened
      await s.waitUntil(() => s.raw().includes('\u001b[?1049h'), 'the alternate screen', SHOW_MS);
      await s.press(KEYS.ctrlC);
      await s.exit(10_000);
      // a SIGINT would have ended `sh -c` too, and it would never have printed the status
      expect(exitStatus(s.raw())).toBe(0);
      expectTerminalRestored(s, { stty: true });
    });

    it('Ctrl+C in the middle of the wizard quits too', async () => {
      const emu = await startEmulator('demo');
      const s = dashboard({ emulator: emu, reportStty: true });
      await s.waitFor('web-1', SHOW_MS);
      await s.press('c');
      await s.waitFor('New server', SHOW_MS);
      await s.press(KEYS.ctrlC);
      await s.exit(10_000);
      expect(exitStatus(s.raw())).toBe(0);
      expectTerminalRestored(s, { stty: true });
    });

    it('SIGTERM: the terminal is restored and the exit status says so (143)', async () => {
      const emu = await startEmulator('demo');
      const s = dashboard({ emulator: emu, reportStty: true });
      await s.waitFor('web-1', SHOW_MS);
      const pid = s.programPid();
      expect(pid).toBeDefined();
      process.kill(pid!, 'SIGTERM');
      await s.exit(10_000);
      expect(exitStatus(s.raw())).toBe(143);
      expectTerminalRestored(s, { stty: true });
    });
  });

  it('shows a service error to the letter, keeps the rows, and recovers when the service does', async () => {
    const emu = await startEmulator('demo');
    const servers = await serversOf(emu);
    const s = dashboard({ emulator: emu });
    await s.waitUntil((sc) => servers.every((v) => sc.includes(v.name)), 'every demo server', SHOW_MS);

    // every list request fails (retries included) until the faults are cleared
    await emu.setFaults({ error_next: 1000, error_status: 503, path_prefix: '/ecs/v2/servers' });
    await s.press('r');
    let screen = await s.waitFor('injected fault: status 503', SHOW_MS);
    // to the letter: the status line holds the service's message and nothing else
    expect(lines(screen).find((l) => l.includes('injected fault'))).toMatch(/^│✗ injected fault: status 503 *│$/);
    // the last good rows stay on screen under the error
    expect(namesOn(screen).sort()).toEqual(servers.map((v) => v.name).sort());
    // the program still answers keys
    await filter(s, 'web-1');
    await s.waitUntil((sc) => namesOn(sc).length === 1, 'the filter working during the outage', SHOW_MS);
    await s.press(KEYS.esc);
    await s.waitUntil((sc) => namesOn(sc).length === servers.length, 'every row back', SHOW_MS);

    await emu.clearFaults();
    await s.press('r');
    // the key clears the message at once; the list's own "✗ not refreshed" goes when the refresh succeeds
    screen = await s.waitUntil((sc) => !sc.includes('injected fault') && !/✗/.test(sc), 'the error gone after a good refresh', SHOW_MS);
    expect(namesOn(screen).sort()).toEqual(servers.map((v) => v.name).sort());
    // and still running: an action now works
    await s.press('c');
    await s.waitUntil((sc) => PLAN_STEP(sc) && /\beCS1\b/.test(sc), 'the plan step', SHOW_MS);
    await step(s, KEYS.esc, { from: PLAN_STEP, to: (sc) => !sc.includes('New server') && FOOTER_QUIT.test(sc), what: 'the wizard closed' });
  });

  it('shows the service’s refusal of a create to the letter, and the dashboard goes on', async () => {
    const emu = await startEmulator('demo');
    const token = await emu.token();
    const s = dashboard({ emulator: emu });
    await s.waitFor('web-1', SHOW_MS);

    await wizardToReview(s, { plan: 'eCS1', location: 'bg-sof1', image: 'debian-12', notes: 'too-late' });

    // meanwhile someone else takes the last free hosts of eCS1 in bg-sof1
    let refused: string | null = null;
    for (let i = 0; i < 200 && refused === null; i++) {
      const r = await emu.call('POST', '/ecs/v2/servers', { plan: 'eCS1', location: 'bg-sof1', image: 'debian-12', notes: `filler-${i}` }, { token, ok: false });
      if (r.status !== 200) refused = r.body.message;
    }
    expect(refused).toBe('no capacity left for plan eCS1 in bg-sof1');

    let screen = await step(s, KEYS.enter, {
      from: REVIEW_READY,
      to: (sc) => sc.includes('no capacity left for plan eCS1 in bg-sof1'),
      what: "the service's refusal",
    });
    expect(screen).toContain('✗ no capacity left for plan eCS1 in bg-sof1');
    // the wizard is still open on the review: nothing was lost, esc leaves
    expect(screen).toContain('POST /ecs/v2/servers');
    await s.press(KEYS.esc);
    screen = await s.waitForGone('POST /ecs/v2/servers', SHOW_MS);
    // nothing was created by the refused request; the list (and its count) is the service's
    const now = await serversOf(emu);
    expect(now.some((v) => v.notes === 'too-late')).toBe(false);
    await s.press('r');
    screen = await s.waitUntil((sc) => new RegExp(`\\b${now.length} servers\\b`).test(lines(sc)[0] ?? ''), `${now.length} servers in the header`, SHOW_MS);
    expect(screen).not.toContain('too-late');
    expect(screen).not.toMatch(/✗/);
  });

  it('asks for a bigger terminal when it is too small, and lays out again when it grows', async () => {
    const emu = await startEmulator('demo');
    const s = dashboard({ emulator: emu, cols: 70, rows: 20 });
    let screen = await s.waitFor(/too small/i, SHOW_MS);
    expect(screen).toMatch(/70×20/);
    expect(screen).toMatch(/80×24/);
    expect(screen).not.toMatch(NAME);

    s.resize(COLS, ROWS);
    screen = await s.waitUntil((sc) => sc.includes('web-1') && sc.includes('ecsdeck'), 'the dashboard', SHOW_MS);
    expect(screen).not.toMatch(/too small/i);
    expect(lines(screen)[0]).toMatch(/^┌ ecsdeck/);

    // and back down again
    s.resize(79, 30);
    await s.waitFor(/too small.*79×30/is, SHOW_MS);
    s.resize(100, 24);
    await s.waitUntil((sc) => sc.includes('web-1') && !/too small/i.test(sc), 'the dashboard at 100×24', SHOW_MS);
    // q still quits from here
    await s.press('q');
    expect((await s.exit(10_000)).exitCode).toBe(0);
  });
});

describe('the command line of the built program', () => {
  const run = (args: string[]) => spawnSync(NODE, [BIN, ...args], { encoding: 'utf8', env: { ...process.env, ...CLEAN_ENV, CI: undefined } });

  it('--help prints the usage and exits 0, without taking over the terminal', () => {
    const r = run(['--help']);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^usage: ecsdeck \[--profile NAME\] \[--api-url URL\] \[--read-only\] \[--no-history\] \[--demo\] \[--theme dark\|light\|mono\]\n/);
    for (const flag of ['--profile', '--api-url', '--read-only', '--no-history', '--demo', '--theme', '--help', '--version']) expect(r.stdout).toContain(flag);
    expect(r.stdout).not.toContain('\u001b[?1049h');
  });

  it('--version prints the version of the package', () => {
    const r = run(['-V']);
    expect(r.status).toBe(0);
    const { version } = JSON.parse(readFileSync(join(import.meta.dirname, '../../package.json'), 'utf8')) as { version: string };
    expect(r.stdout).toBe(`ecsdeck ${version}\n`);
  });

  it('an unknown flag is refused in one line, with exit code 2', () => {
    const r = run(['--frobnicate']);
    expect(r.status).toBe(2);
    expect(r.stderr).toBe('ecsdeck: unknown option --frobnicate\nRun ecsdeck --help for the options.\n');
  });
});
