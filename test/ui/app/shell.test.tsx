// The shell around the screens: `:` with Tab completion, help, the screen stack, quitting, the size guard.
import { EventEmitter } from 'node:events';
import { render as inkRender } from 'ink';
import { afterEach, describe, expect, test } from 'vitest';
import { createEmulator } from '../../../src/emulator/app.js';
import { createClient } from '../../../src/api/index.js';
import { App } from '../../../src/ui/app.js';
import { COMMANDS } from '../../../src/ui/registry.js';
import { createSession } from '../../../src/session/session.js';
import { keys, waitForFrame } from '../helpers.js';
import { BASE, startApp, strip, type Harness } from './harness.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.cleanup();
  h = undefined;
});

const hasRow = (f: string, text: string) => f.split('\n').some((l) => /^│[ ›]/.test(l) && l.includes(text));

describe('command line', () => {
  test(': with Tab completes a screen name, ⏎ goes there, esc comes back', async () => {
    h = await startApp();
    await h.waitFor((f) => hasRow(f, 'web-1'));
    await h.press(':');
    await h.type('pl');
    await h.press(keys.tab);
    await h.waitFor(':plans');
    await h.press(keys.enter);
    const f = await h.waitFor((f) => hasRow(f, 'ECS1GPU3'));
    expect(f).toContain(' Plans');
    expect(f).toMatch(/NAME +vCPU +RAM +DISK/);
    await h.press(keys.escape);
    await h.waitFor((f) => hasRow(f, 'web-1'));
  });

  test('the : and / lines say their own keys in the footer, each of which does what it says', async () => {
    h = await startApp({ width: 80, height: 24 });
    await h.waitFor((f) => hasRow(f, 'web-1'));
    const footer = () => h!.frame().split('\n').find((l) => l.startsWith('└')) ?? '';
    await h.press(':');
    // no command given yet: ↑↓ have nothing to walk back through, and are not offered (it said `⏎ ok  esc cancel`)
    await h.waitFor(() => /^└ ⏎ go {2}Tab complete {2}esc cancel ─/.test(footer()));
    await h.type('pl');
    await h.press(keys.tab);
    await h.waitFor(':plans');
    await h.press(keys.enter);
    await h.waitFor((f) => hasRow(f, 'ECS1GPU3'));
    await h.press(':');
    await h.waitFor(() => /^└ ⏎ go {2}Tab complete {2}esc cancel {2}↑↓ earlier ─/.test(footer()));
    await h.press(keys.up);
    await h.waitFor(/│:plans/);
    await h.press(keys.escape);
    await h.waitFor((f) => !/│:/.test(f) && hasRow(f, 'ECS1GPU3'));

    await h.press('/');
    await h.waitFor(() => /^└ ⏎ keep filter {2}esc clear ─/.test(footer()));
    await h.type('GPU3');
    await h.press(keys.enter);
    // kept: the list shows what it matches, and the list's footer offers to clear it
    await h.waitFor((f) => hasRow(f, 'ECS1GPU3') && !hasRow(f, 'eCS1 ') && /esc clear filter/.test(footer()));
    await h.press('/');
    await h.waitFor(() => /^└ ⏎ keep filter {2}esc clear ─/.test(footer()));
    await h.press(keys.escape);
    await h.waitFor((f) => hasRow(f, 'eCS1 ') && hasRow(f, 'ECS1GPU3'));
  });

  test('Tab on a shared prefix completes as far as the names agree, then cycles', async () => {
    h = await startApp();
    await h.waitFor((f) => hasRow(f, 'web-1'));
    await h.press(':');
    await h.type('s');
    // the matches are listed while typing, the one ⏎ would take first
    await h.waitFor(/›servers[^\n]*\n[^\n]*snapshots[^\n]*\n[^\n]*sshkeys[^\n]*\n[^\n]*scripts/);
    await h.press(keys.tab);
    await h.waitFor(':servers');
    await h.press(keys.tab);
    await h.waitFor(':snapshots');
    await h.press(keys.escape);
    await h.waitFor((f) => !f.includes(':snapshots'));
  });

  test(': lists as many screens as half the terminal holds, and the list above keeps its cursor row', async () => {
    const names = COMMANDS.map((c) => c.name);
    const listed = (f: string) => names.filter((n) => f.split('\n').some((l) => new RegExp(`^│[ ›]${n} `).test(l)));
    h = await startApp({ width: 80, height: 24 });
    await h.waitFor((f) => hasRow(f, 'web-1'));
    // the cursor on the tenth server, low in the list
    await h.press(...Array<string>(9).fill('j'));
    await h.waitFor(/│›ec\d+ +inference-l4/);
    await h.press(':');
    // 24 rows: ten names and a line saying how many more (the panel it stands in for has two)
    let f = await h.waitFor(`+${names.length - 10} more: keep typing`);
    expect(listed(f)).toEqual(names.slice(0, 10));
    expect(f).toMatch(/│›ec\d+ +inference-l4/);
    expect(f.split('\n').length).toBeLessThanOrEqual(24);
    // typing narrows the list without moving the screen above it
    const top = f.split('\n').slice(0, 10).join('\n');
    await h.type('sn');
    f = await h.waitFor(/›snapshots/);
    expect(f.split('\n').slice(0, 10).join('\n')).toBe(top);
    await h.press(keys.escape);
    await h.waitFor((f) => !f.includes('Screens'));
    // 40 rows: every screen, nothing left out
    h.rerender({ width: 140, height: 40 });
    await h.press(':');
    f = await h.waitFor((f) => listed(f).length === names.length);
    expect(f).not.toContain('more: keep typing');
  });

  test('an unknown name is refused with a message, and q typed in the line is text, not quit', async () => {
    h = await startApp();
    await h.waitFor((f) => hasRow(f, 'web-1'));
    await h.press(':');
    await h.type('qqq');
    await h.press(keys.enter);
    await h.waitFor("no screen named 'qqq'");
    expect(hasRow(h.frame(), 'web-1')).toBe(true);
  });

  test('a slip in a screen name is answered with the screen meant, and nothing opens', async () => {
    h = await startApp({ width: 120 });
    await h.waitFor((f) => hasRow(f, 'web-1'));
    await h.press(':');
    await h.type('snapshos');
    await h.press(keys.enter);
    await h.waitFor("no screen named 'snapshos' (did you mean 'snapshots'?); Tab completes a name");
    expect(hasRow(h.frame(), 'web-1')).toBe(true);
  });

  test('a paragraph pasted into : is quoted cut, and the answer still says what to do', async () => {
    h = await startApp({ width: 80, height: 24 });
    await h.waitFor((f) => hasRow(f, 'web-1'));
    await h.press(':');
    h.stdin.write(`\u001b[200~${'servers and then some words '.repeat(20)}\u001b[201~`);
    await h.press(keys.enter);
    // two rows of the status line at 80 columns, read as one
    const said = "✗ no screen named 'servers and then some words servers and…'; Tab completes a name";
    const f = await h.waitFor((frame) => frame.replace(/ *│\n│/g, ' ').includes(said));
    expect(hasRow(f, 'web-1')).toBe(true);
  });

  test('every screen name opens a list that loads from the service without an error', async () => {
    h = await startApp({ height: 34 });
    await h.waitFor((f) => hasRow(f, 'web-1'));
    const expectations: Record<string, string | RegExp> = {
      actions: /create_server/,
      snapshots: /weekly snapshot/,
      templates: /TEMPLATES|Templates/,
      sshkeys: /LABEL/,
      scripts: /TITLE/,
      networks: /net0000/,
      images: /debian-12/,
      regions: /it-fr2/,
      billing: /HOURS/,
      events: /EVENT/,
      account: /User name +demo/,
      tokens: /ecsdeck@test/,
      profiles: /ADDRESS/,
      groups: /GROUP +LABEL/,
    };
    for (const [name, expected] of Object.entries(expectations)) {
      await h.press(':');
      await h.type(name);
      await h.press(keys.enter);
      const f = await h.waitFor((f) => (typeof expected === 'string' ? f.includes(expected) : expected.test(f)) && !f.includes('loading'), 4000);
      expect(f, name).not.toContain('✗');
      await h.press(keys.escape);
      await h.waitFor((f) => hasRow(f, 'web-1'));
    }
  });

  test('⏎ on a list row shows its fields; esc goes back to the list, then to the servers', async () => {
    h = await startApp();
    await h.waitFor((f) => hasRow(f, 'web-1'));
    await h.press(':');
    await h.type('regions');
    await h.press(keys.enter);
    await h.waitFor((f) => hasRow(f, 'it-fr2'));
    await h.press(keys.enter);
    const f = await h.waitFor(/Region \S+/);
    expect(f).toMatch(/Location +\S+/);
    expect(f).toMatch(/Name +\S+/);
    await h.press(keys.escape);
    await h.waitFor(' Regions');
    await h.press(keys.escape);
    await h.waitFor((f) => hasRow(f, 'web-1'));
  });
});

describe('frame', () => {
  test('? shows every key of the current screen, esc closes it', async () => {
    h = await startApp({ height: 50 });
    await h.waitFor((f) => hasRow(f, 'web-1'));
    await h.press('?');
    const f = await h.waitFor('(esc closes)');
    for (const text of ['power off the selected server (asks y/N)', 'open the console', 'filter the table', 'quit', 'move down']) expect(f).toContain(text);
    // esc's two lines say two things: what it does, and what it does first while the list holds a filter
    const esc = f.split('\n').filter((l) => /│ +esc +\S/.test(l)).map((l) => l.replace(/^[│ ]+esc +/, '').replace(/[ │]+$/, ''));
    expect(esc).toEqual(['close the dialog, or go back', 'with a filter typed or kept on the list: clear it first (esc again goes back)']);
    await h.press(keys.escape);
    await h.waitFor((f) => hasRow(f, 'web-1'));
  });

  test("help's title says the ways it can scroll from where it is, as its footer does", async () => {
    h = await startApp({ width: 80, height: 24 });
    await h.waitFor((f) => hasRow(f, 'web-1'));
    await h.press('?');
    // at the top only down (it said `↑↓ PgUp PgDn` there)
    await h.waitFor((f) => f.includes('Keys (↓ PgDn scroll, esc closes)') && /└ ↓ more {2}esc close/.test(f));
    await h.press(keys.pageDown);
    await h.waitFor('Keys (↑↓ PgUp PgDn scroll, esc closes)');
    await h.press('G');
    await h.waitFor((f) => f.includes('Keys (↑ PgUp scroll, esc closes)') && /└ ↑ back up {2}esc close/.test(f));
    await h.press(keys.escape);
    await h.waitFor((f) => hasRow(f, 'web-1'));
  });

  test('a terminal smaller than 80×24 gets a message; a larger one gets the frame back at once', async () => {
    h = await startApp({ width: 60, height: 20 });
    await h.waitFor('Terminal too small: 60×20. ecsdeck needs at least 80×24.');
    h.rerender({ width: 100, height: 30 });
    await h.waitFor((f) => hasRow(f, 'web-1'));
    h.rerender({ width: 80, height: 24 });
    const f = await h.waitFor((f) => f.split('\n')[0].length === 80);
    expect(f).toContain('web-1');
    // the frame fills the terminal, and not a row more
    expect(f.split('\n').length).toBeLessThanOrEqual(24);
  });
});

/** Ink itself, with streams we hold: the exit promise and a terminal that can be resized. */
function fakeTerminal(columns: number, rows: number) {
  const stdout = Object.assign(new EventEmitter(), {
    columns,
    rows,
    isTTY: true,
    last: '',
    write(s: string) {
      stdout.last = s;
      return true;
    },
  });
  const stdin = Object.assign(new EventEmitter(), {
    isTTY: true,
    data: null as string | null,
    setEncoding() {},
    setRawMode() {},
    resume() {},
    pause() {},
    ref() {},
    unref() {},
    read() {
      const d = stdin.data;
      stdin.data = null;
      return d;
    },
    send(d: string) {
      stdin.data = d;
      stdin.emit('readable');
    },
  });
  return { stdout, stdin };
}

describe('quitting and resizing', () => {
  async function mount(columns: number, rows: number) {
    const emulator = createEmulator({ clock: 'manual', seed: 'demo' });
    const client = createClient({ endpoint: BASE, fetch: emulator.fetch, retry: { limit: 0 } });
    await client.login('demo', 'demo');
    const session = createSession({ client, profile: 'demo', local: true });
    const term = fakeTerminal(columns, rows);
    const instance = inkRender(<App session={session} refreshMs={600_000} />, {
      stdout: term.stdout as unknown as NodeJS.WriteStream,
      stdin: term.stdin as unknown as NodeJS.ReadStream,
      debug: true,
      exitOnCtrlC: false,
      patchConsole: false,
    });
    const frame = () => strip(term.stdout.last);
    let exited = false;
    const exit = instance.waitUntilExit().then(() => {
      exited = true;
    });
    await waitForFrame(frame, (f) => f.includes('web-1'));
    return { term, frame, exit, isExited: () => exited, session, instance };
  }

  test('q quits, but not while a dialog or field is open; Ctrl+C quits from anywhere', async () => {
    const a = await mount(100, 30);
    a.term.stdin.send('/');
    // the title row shows the open field (the footer's `/ filter` hint is there all along)
    await waitForFrame(a.frame, (f) => f.split('\n')[1].includes('Servers  /'));
    a.term.stdin.send('q');
    await waitForFrame(a.frame, (f) => f.includes('no rows match /q'));
    expect(a.isExited()).toBe(false);
    a.term.stdin.send('\u001b');
    await waitForFrame(a.frame, (f) => !f.includes('/q') && f.includes('web-1'));
    a.term.stdin.send('q');
    await a.exit;
    await a.session.close();

    const b = await mount(100, 30);
    // d needs a selected server that may be deleted (web-1 is reserved): web-2
    await waitForFrame(b.frame, (f) => f.includes('web-1'));
    b.term.stdin.send('j');
    await waitForFrame(b.frame, (f) => /│›ec206902/.test(f));
    b.term.stdin.send('d');
    await waitForFrame(b.frame, (f) => f.includes('to confirm'));
    b.term.stdin.send('q');
    await waitForFrame(b.frame, (f) => f.includes('> q'));
    expect(b.isExited()).toBe(false);
    b.term.stdin.send(keys.ctrlC);
    await b.exit;
    await b.session.close();
  });

  test('the layout follows the terminal when it is resized', async () => {
    const a = await mount(100, 30);
    expect(a.frame().split('\n')[0].length).toBe(100);
    a.term.stdout.columns = 60;
    a.term.stdout.emit('resize');
    await waitForFrame(a.frame, (f) => f.includes('Terminal too small: 60×30'));
    a.term.stdout.columns = 120;
    a.term.stdout.rows = 40;
    a.term.stdout.emit('resize');
    const f = await waitForFrame(a.frame, (f) => f.split('\n')[0].length === 120);
    expect(f.split('\n').length).toBe(40);
    a.instance.unmount();
    await a.session.close();
  });
});
