// The README's pictures: each scene starts the built program in a pseudo-terminal against its own emulator
// process (demo seed, manual clock, so the same data and the same time every run), plays keys as a person
// would, waits until the screen holds what the picture is for and the program has gone quiet, and draws the
// headless xterm's screen as SVG (screenshots-svg.ts). Run by `npm run screenshots` (scripts/screenshots.mjs)
// and, for one scene, by test/e2e/screenshots.e2e.test.ts.
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BIN, KEYS, startDashboard, startEmulatorProcess, type Emulator, type Session } from '../test/e2e/harness.js';
import { svgFromTerminal, type Backdrop } from './screenshots-svg.js';

export interface Scene {
  /** the file under assets/ */
  file: string;
  /** the picture's <title> and the README's alt text */
  title: string;
  cols: number;
  rows: number;
  backdrop: Backdrop;
  /** flags after `--api-url URL` */
  args?: string[];
  /** from the servers list (first row selected) to the screen to draw */
  play(s: Session, emu: Emulator): Promise<void>;
}

const WAIT_MS = 15_000;

/** Types `text` into the field on screen and waits until it shows it. */
async function typeInto(s: Session, text: string): Promise<void> {
  await s.type(text);
  await s.waitUntil((sc) => new RegExp(`>\\s${text}\\s*(│|$)`, 'm').test(sc), `the field showing ${text}`, WAIT_MS);
}

/** `c`, then a plan, the first location, an image and notes, to the review. */
async function toReview(s: Session): Promise<void> {
  await s.press('c');
  await s.waitUntil((sc) => sc.includes('New server') && /\beCS2\b/.test(sc), 'the plan step', WAIT_MS);
  await typeInto(s, 'eCS2');
  await s.press(KEYS.enter);
  await s.waitUntil((sc) => sc.includes('can be created now') && /\b(it-mi2|it-fr2|ch-lug1|bg-sof1)\b/.test(sc), 'the locations', WAIT_MS);
  await s.press(KEYS.enter);
  await s.waitUntil((sc) => sc.includes('public images and your templates') && sc.includes('debian-12'), 'the images', WAIT_MS);
  await typeInto(s, 'debian-12');
  await s.press(KEYS.enter);
  await s.waitFor('label in the list', WAIT_MS);
  await typeInto(s, 'web-3');
  await s.press(KEYS.enter);
  await s.waitFor('POST /ecs/v2/servers', WAIT_MS);
}

export const SCENES: readonly Scene[] = [
  {
    file: 'servers.svg',
    title: 'ecsdeck: the servers list with its CPU column, a new server being created and its progress bar',
    cols: 140,
    rows: 34,
    backdrop: 'dark',
    async play(s, emu) {
      await toReview(s);
      await s.press(KEYS.enter);
      await s.waitUntil((sc) => !sc.includes('POST /ecs/v2/servers') && /web-3.*Booting/.test(sc), 'the new Booting row', WAIT_MS);
      await emu.advance(30); // (a whole 30 s, the cell cuts stay at :15 and :45)
      await s.waitUntil((sc) => /create_server web-3.*█.*\b[1-9]\d%/.test(sc) && /[▁▂▃▄▅▆▇█]{3,} +\d+%/.test(sc), 'the create under way and the CPU column drawn', WAIT_MS);
    },
  },
  {
    file: 'metrics.svg',
    title: "ecsdeck: a server's Metrics tab at 200×50",
    cols: 200,
    rows: 50,
    backdrop: 'dark',
    async play(s) {
      await s.press(KEYS.enter, '2');
      await s.waitUntil((sc) => /CPU +last [\d.]+ %/.test(sc) && /2 Metrics/.test(sc) && /[▁▂▃▄▅▆▇█]{60,}/.test(sc), 'the metrics', WAIT_MS);
    },
  },
  {
    file: 'overview.svg',
    title: "ecsdeck: a server's Overview at 170×40, the last hour and its recent actions beside its fields",
    cols: 170,
    rows: 40,
    backdrop: 'dark',
    async play(s) {
      await s.press(KEYS.enter);
      await s.waitUntil((sc) => /Last hour +\d\d:\d\d/.test(sc) && /[▁▂▃▄▅▆▇█]{30,}/.test(sc) && /create_server +✓ Completed/.test(sc), 'the glance', WAIT_MS);
    },
  },
  {
    file: 'create-review.svg',
    title: "ecsdeck: the create wizard's review, with the plan's price and the request it will send",
    cols: 120,
    rows: 34,
    backdrop: 'dark',
    play: toReview,
  },
  {
    file: 'server-light.svg',
    title: 'ecsdeck --theme light: a server’s overview on a light background',
    cols: 120,
    rows: 34,
    backdrop: 'light',
    args: ['--theme', 'light'],
    async play(s) {
      await s.press(KEYS.enter);
      await s.waitUntil((sc) => /1 Overview/.test(sc) && /Booted|Running|On\b/.test(sc), 'the overview', WAIT_MS);
    },
  },
];

/**
 * When every picture's emulator clock starts (its demo estate is laid out back from there). At 15 s past the
 * minute: the CPU column cuts the last hour into 450 s cells from the dashboard's estimate of the service's
 * time, which runs a few seconds ahead of a frozen clock; with the cuts at :15 and :45 no metrics point (on
 * whole minutes) sits near one, so that estimate's drift does not move a point from one cell to the next.
 */
export const EPOCH = Date.UTC(2026, 10, 25, 9, 30, 15);
/** The emulator's port: the header shows it (`env @ 127.0.0.1:8787`), so it is fixed too; the emulator's default. */
export const PORT = 8787;

/** Plays `scene` on a fresh emulator (on `port`) and returns its SVG. */
export async function shoot(scene: Scene, port = PORT): Promise<string> {
  const cleanups: Array<() => void> = [];
  try {
    // (found from the program's place: this file also runs bundled, from node_modules/.cache)
    const clock = pathToFileURL(join(dirname(dirname(BIN)), 'scripts/screenshots-clock.mjs')).href;
    const emu = await startEmulatorProcess('demo', { port, env: { NODE_OPTIONS: `--import=${clock}`, ECSDECK_SCREENSHOT_EPOCH: String(EPOCH) } });
    cleanups.push(() => emu.stop());
    // the demo's own running actions end first: two running at once are listed newest first by when the
    // dashboard first saw each, which can differ by a millisecond from run to run (and then their order)
    await emu.advance(600);
    const s = await startDashboard(emu, cleanups, {
      cols: scene.cols,
      rows: scene.rows,
      args: scene.args,
      // the same colours whatever terminal runs the script: xterm-256 (chalk's level 2), no NO_COLOR
      env: { TZ: 'UTC', LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8', COLORTERM: undefined, FORCE_COLOR: '2', NO_COLOR: undefined },
    });
    // the list settles first (the power of its rows asked for and drawn, and with it the header's burn): a
    // scene that leaves it at once would picture whichever answers came before its first key
    await s.idle(400, 8000);
    await scene.play(s, emu);
    // what was waited for is on screen; the rest of the frame (the CPU column's samples, the action panel)
    // settles once nothing more is being written
    await s.idle(600, 8000);
    return svgFromTerminal(s.term, { backdrop: scene.backdrop, title: scene.title });
  } finally {
    for (const c of cleanups.splice(0).reverse()) c();
  }
}
