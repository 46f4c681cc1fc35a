// Chalk (inside Ink) decides its colour level once, when first imported, and ignores NO_COLOR. Force it to
// full colour before Ink loads, so these tests show that NO_COLOR alone is what removes the escapes.
process.env['FORCE_COLOR'] = '3';

import { afterEach, describe, expect, it } from 'vitest';
import type { Column } from '../../../src/ui/components/Table.js';
import { color, colorEnabled, setTheme, statusRole } from '../../../src/ui/theme.js';

// the helpers load Ink too: imported after FORCE_COLOR is set, never hoisted above it
const { ANSI, waitForFrame } = await import('../helpers.js');
const { cleanup } = await import('ink-testing-library');
const { renderWithKeys: render } = await import('../render.js');
const { Table } = await import('../../../src/ui/components/Table.js');
const { Header, Footer, ActionPanel } = await import('../../../src/ui/components/Frame.js');
const { ChoiceList } = await import('../../../src/ui/components/ChoiceList.js');

const saved = { NO_COLOR: process.env['NO_COLOR'], FORCE_COLOR: process.env['FORCE_COLOR'] };
afterEach(() => {
  cleanup();
  setTheme('dark');
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
});

describe('colorEnabled', () => {
  it('NO_COLOR (non-empty) wins over everything; FORCE_COLOR decides next; else the terminal', () => {
    expect(colorEnabled({ NO_COLOR: '1', FORCE_COLOR: '3' }, { isTTY: true })).toBe(false);
    expect(colorEnabled({ NO_COLOR: '' }, { isTTY: true })).toBe(true);
    expect(colorEnabled({ FORCE_COLOR: '0' }, { isTTY: true })).toBe(false);
    expect(colorEnabled({ FORCE_COLOR: 'false' }, { isTTY: true })).toBe(false);
    expect(colorEnabled({ FORCE_COLOR: '1' }, { isTTY: false })).toBe(true);
    expect(colorEnabled({ FORCE_COLOR: '' }, { isTTY: false })).toBe(true);
    expect(colorEnabled({}, { isTTY: false })).toBe(false);
    expect(colorEnabled({ TERM: 'dumb' }, { isTTY: true })).toBe(false);
    expect(colorEnabled({}, { isTTY: true })).toBe(true);
  });

  it('color() gives a colour per role, and undefined when disabled', () => {
    expect(color('ok')).toBe('ansi256(114)');
    expect(color(statusRole('Booting'))).toBe('ansi256(221)');
    expect(color(statusRole('Deleted'))).toBe('ansi256(203)');
    setTheme('light');
    expect(color('ok')).toBe('ansi256(22)');
    setTheme('mono');
    expect(color('ok')).toBeUndefined();
    expect(colorEnabled({}, { isTTY: true })).toBe(false);
    setTheme('dark');
    process.env['NO_COLOR'] = '1';
    expect(color('ok')).toBeUndefined();
  });

  it('maps statuses to roles', () => {
    expect(statusRole('Booted')).toBe('ok');
    expect(statusRole('Customizing')).toBe('warn');
    expect(statusRole('Deleting')).toBe('error');
    expect(statusRole('failed')).toBe('error');
    expect(statusRole('Something else')).toBeUndefined();
  });
});

interface Row {
  id: string;
  status: string;
}
const columns: Column<Row>[] = [
  { key: 'id', header: 'ID', width: 6 },
  { key: 'status', header: 'STATUS', width: 10, color: (r) => statusRole(r.status) },
];
const rows: Row[] = [
  { id: 'a', status: 'Booted' },
  { id: 'b', status: 'Booting' },
  { id: 'c', status: 'Deleting' },
];

function screen() {
  return (
    <>
      <Header width={80} profile="demo" endpoint="x" local readOnly counts={['3 servers']} now={new Date(0)} />
      <Table rows={rows} columns={columns} rowKey={(r) => r.id} height={3} width={80} />
      <ActionPanel width={80} height={2} actions={[{ id: 1, type: 'create_server', resource: 'a', percent: 50, state: 'running' }, { id: 2, type: 'power_on', resource: 'b', percent: 1, state: 'failed', error: 'no' }]} />
      <ChoiceList items={[{ value: 1, label: 'one' }]} height={2} width={40} onSelect={() => {}} />
      <Footer width={80} scopes={['global', 'table']} />
    </>
  );
}

describe('NO_COLOR on screen', () => {
  it('with colour forced, the status colours are there', async () => {
    const { lastFrame } = render(screen());
    const frame = await waitForFrame(lastFrame, (f) => f.includes('Deleting'));
    expect(frame).toMatch(ANSI);
    expect(frame).toContain('\u001b[38;5;114m');
  });

  it('the light theme draws the same screen in its darker colours, for a light background', async () => {
    setTheme('light');
    const { lastFrame } = render(screen());
    const frame = await waitForFrame(lastFrame, (f) => f.includes('Deleting'));
    expect(frame).toContain('\u001b[38;5;22m');
    expect(frame).not.toContain('\u001b[38;5;114m');
  });

  it('the mono theme writes no escape sequence, as NO_COLOR', async () => {
    setTheme('mono');
    const { lastFrame, frames } = render(screen());
    const frame = await waitForFrame(lastFrame, (f) => f.includes('Deleting'));
    expect(frame).toContain('›a');
    for (const f of frames) expect(f.replace(/\u001b\[7m \u001b\[27m/g, '')).not.toMatch(/\u001b\[/);
  });

  it('with NO_COLOR set, not a single escape sequence is written, even with FORCE_COLOR', async () => {
    process.env['NO_COLOR'] = '1';
    const { lastFrame, frames } = render(screen());
    const frame = await waitForFrame(lastFrame, (f) => f.includes('Deleting'));
    expect(frame).toContain('›a');
    // The one escape NO_COLOR leaves is an input's inverse text cursor (here the ChoiceList's empty filter):
    // NO_COLOR is about colour, and without inverse video the cursor would be invisible.
    for (const f of frames) expect(f.replace(/\u001b\[7m \u001b\[27m/g, '')).not.toMatch(/\u001b\[/);
  });
});
