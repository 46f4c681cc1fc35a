// The editor hand-off and the clipboard: the terminal is given to the person's editor on a private file and
// taken back; `y` puts a row's identifier on the clipboard with OSC 52.
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, test } from 'vitest';
import { childEnv, editInEditor, editorCommand, osc52, type Terminal } from '../../src/ui/terminal-handoff.js';
import { startApp, type Harness } from './app/harness.js';

const work = mkdtempSync(join(tmpdir(), 'ecsdeck-handoff-test-'));

/** An "editor": a shell script that logs the file's and its folder's modes, then does `body` to the file. */
function fakeEditor(name: string, body: string): string {
  const path = join(work, name);
  writeFileSync(path, `#!/bin/sh\necho "$(stat -c %a "$1") $(stat -c %a "$(dirname "$1")")" > "${work}/${name}.log"\necho "$1" >> "${work}/${name}.log"\n${body}\n`);
  chmodSync(path, 0o755);
  return path;
}

function fakeTerminal(): { term: Terminal; events: string[] } {
  const events: string[] = [];
  const stdout = { write: (s: string) => (events.push(`write ${JSON.stringify(s)}`), true) } as unknown as Terminal['stdout'];
  return { term: { stdout, setRawMode: (on: boolean) => events.push(`raw ${on}`) }, events };
}

describe('editInEditor', () => {
  it('$VISUAL wins over $EDITOR, which wins over vi', () => {
    expect(editorCommand({ VISUAL: 'nano', EDITOR: 'ed' })).toBe('nano');
    expect(editorCommand({ EDITOR: 'ed' })).toBe('ed');
    expect(editorCommand({ VISUAL: '  ' })).toBe('vi');
  });

  it('leaves raw mode and the alternate screen, edits a 0600 file in a 0700 folder, comes back, removes the file', () => {
    const editor = fakeEditor('appends', 'printf "echo hello\\n" >> "$1"');
    const { term, events } = fakeTerminal();
    const result = editInEditor('#!/bin/sh\n', { suffix: '.sh', env: { ...process.env, VISUAL: editor }, term });
    expect(result).toEqual({ text: '#!/bin/sh\necho hello\n' });
    const [modes, file] = readFileSync(join(work, 'appends.log'), 'utf8').trim().split('\n');
    expect(modes).toBe('600 700');
    expect(file).toMatch(/\.sh$/);
    expect(existsSync(file)).toBe(false);
    // out of raw mode and the alternate screen before the editor, back in after, and the frame redrawn whole
    expect(events[0]).toBe('raw false');
    expect(events[1]).toContain('?1049l');
    expect(events[2]).toContain('?1049h');
    // the editor gets the terminal without our paste marks, and we take them back after
    expect(events[1]).toContain('?2004l');
    expect(events[2]).toContain('?2004h');
    expect(events[3]).toBe('raw true');
    expect(term.stdout.ecsdeckScreen).toBe(1);
  });

  it('the editor (a stand-in on PATH that dumps its environment) gets none of the dashboard\'s ECSDECK_ secrets', () => {
    const bin = join(work, 'bin');
    mkdirSync(bin, { recursive: true });
    writeFileSync(join(bin, 'dump-env-editor'), `#!/bin/sh\nenv > "${work}/editor-env.txt"\n`);
    chmodSync(join(bin, 'dump-env-editor'), 0o755);
    const { term } = fakeTerminal();
    const env = {
      ...process.env,
      PATH: `${bin}:${process.env.PATH ?? ''}`,
      VISUAL: 'dump-env-editor',
      ECSDECK_PASSWORD: 'pw-Secret-4711',
      ECSDECK_API_TOKEN: 'tok-Secret-0815',
      ECSDECK_CONSOLE_KEY: 'key-Secret-1',
      ECSDECK_USERNAME: 'demo',
      ECSDECK_API_URL: 'http://127.0.0.1:8787',
    };
    editInEditor('x', { env, term });
    const dumped = readFileSync(join(work, 'editor-env.txt'), 'utf8');
    expect(dumped).not.toMatch(/Secret/);
    expect(dumped).not.toMatch(/^ECSDECK_(PASSWORD|API_TOKEN|CONSOLE_KEY)=/m);
    // what is not secret stays: a script run from the editor can find the same service
    expect(dumped).toMatch(/^ECSDECK_API_URL=http:\/\/127\.0\.0\.1:8787$/m);
    expect(dumped).toMatch(/^ECSDECK_USERNAME=demo$/m);
    expect(dumped).toMatch(/^VISUAL=dump-env-editor$/m);
    expect(childEnv({ ECSDECK_PASSWORD: 'x', ecsdeck_api_token: 'y', HOME: '/h' })).toEqual({ HOME: '/h' });
  });

  it('an unchanged or emptied file sends nothing; a failing editor says so', () => {
    const { term } = fakeTerminal();
    expect(editInEditor('keep', { env: { ...process.env, VISUAL: fakeEditor('noop', 'true') }, term }).text).toBeNull();
    expect(editInEditor('keep', { env: { ...process.env, VISUAL: fakeEditor('empties', ': > "$1"') }, term }).text).toBeNull();
    const failed = editInEditor('keep', { env: { ...process.env, VISUAL: fakeEditor('fails', 'exit 3') }, term });
    expect(failed.text).toBeNull();
    expect(failed.error).toMatch(/ended with status 3; nothing was saved$/);
  });
});

describe('copy', () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.cleanup();
    h = undefined;
  });

  it('OSC 52 carries the text in base64', () => {
    expect(osc52('ec206901')).toBe(`\u001b]52;c;${Buffer.from('ec206901').toString('base64')}\u0007`);
  });

  test('y copies the selected server, and the status line says what was copied', async () => {
    h = await startApp();
    await h.waitFor('web-1');
    await h.press('j');
    await h.waitFor(/│›ec206902/);
    await h.press('y');
    await h.waitFor('Copied ec206902 to the clipboard.');
    expect(h.frames().some((f) => f.includes(osc52('ec206902')))).toBe(true);
    // on another list too: an SSH key by its label
    await h.press(':');
    await h.type('keys');
    await h.press('\r');
    await h.waitFor('LABEL');
    await h.press('y');
    const f = await h.waitFor(/Copied \S+ to the clipboard\./);
    const label = /Copied (\S+) to the clipboard\./.exec(f)![1];
    expect(h.frames().some((fr) => fr.includes(osc52(label)))).toBe(true);
  });
});
