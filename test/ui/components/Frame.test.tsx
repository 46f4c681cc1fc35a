import { afterEach, describe, expect, it } from 'vitest';
import { cleanup } from 'ink-testing-library';
import { ActionPanel, Footer, Header, HelpOverlay, TooSmall, isTooSmall, wrapHelpLine } from '../../../src/ui/components/Frame.js';
import { KEYS } from '../../../src/ui/registry.js';
// the screens' keys are registered by the registry, as in the app
import '../../../src/ui/registry.js';
import { displayWidth } from '../../../src/ui/text.js';
import { inputReady, render, waitFor, waitForFrame } from '../helpers.js';

afterEach(() => cleanup());

const now = new Date(Date.UTC(2026, 10, 20, 14, 3, 59));

describe('Header', () => {
  it('shows title, profile, local emulator, counts and the UTC clock in exactly the width', async () => {
    const { lastFrame } = render(
      <Header width={96} profile="demo" endpoint="http://127.0.0.1:4010" local counts={['12 servers', '2 running actions']} now={now} />,
    );
    const frame = await waitForFrame(lastFrame, (f) => f.includes('14:03 UTC'));
    expect(frame).toMatch(/^┌ ecsdeck ─ demo @ local emulator ─+ 12 servers · 2 running actions · 14:03 UTC ┐$/);
    expect(displayWidth(frame)).toBe(96);
  });

  it('shows the endpoint and a read-only badge, dropping counts when short', async () => {
    const { lastFrame } = render(
      <Header width={80} profile="prod" endpoint="api.example.net" readOnly counts={['1234 servers', '99 running actions', 'more text here']} now={now} />,
    );
    const frame = await waitForFrame(lastFrame, (f) => f.includes('UTC'));
    expect(frame).toContain('prod @ api.example.net');
    expect(frame).toContain('read-only');
    expect(frame).not.toContain('1234 servers');
    expect(displayWidth(frame)).toBe(80);
  });
});

describe('Footer', () => {
  it('shows the hints that fit, most important first, and hides writes when read-only', async () => {
    // as the servers list has it with no row marked and no filter kept: `\ unmark` is offered only while rows
    // are marked, `esc clear filter` only while a filter is kept
    const noMarks = new Set(['unmarkAll', 'clearFilter']);
    const { lastFrame, rerender } = render(<Footer width={100} scopes={['global', 'servers', 'table']} idle={noMarks} />);
    const wide = await waitForFrame(lastFrame, (f) => f.includes('? help'));
    expect(wide.startsWith('└ ? help  q quit  : jump  / filter  c create')).toBe(true);
    expect(wide.endsWith('┘')).toBe(true);
    expect(displayWidth(wide)).toBe(100);
    rerender(<Footer width={100} scopes={['global', 'servers', 'table']} idle={noMarks} readOnly />);
    const ro = await waitForFrame(lastFrame, (f) => !f.includes('create'));
    expect(ro).not.toContain('delete');
    expect(ro).not.toContain('power on');
    rerender(<Footer width={30} scopes={['global', 'servers', 'table']} />);
    const narrow = await waitForFrame(lastFrame, (f) => displayWidth(f) === 30);
    expect(narrow).toContain('? help');
  });
});

describe('ActionPanel', () => {
  it('shows running actions with bar, percent and ETA, and finished ones with ✓/✗', async () => {
    const { lastFrame } = render(
      <ActionPanel
        width={96}
        height={5}
        actions={[
          { id: 59168, type: 'create_server', resource: 'ec206922', percent: 55, state: 'running', etaSeconds: 27 },
          { id: 59170, type: 'create_snapshot', resource: '104', percent: 10, state: 'running', etaSeconds: null },
          { id: 59171, type: 'delete_server', resource: 'ec000001', percent: 100, state: 'done' },
          { id: 59172, type: 'power_on', resource: 'ec000002', percent: 40, state: 'failed', error: 'Server is locked by another action' },
        ]}
      />,
    );
    const frame = await waitForFrame(lastFrame, (f) => f.includes('59172'));
    const lines = frame.split('\n');
    // a failure stays until dismissed, and the heading counts it
    expect(lines[0]).toMatch(/^├ Actions · 1 failed \(X dismisses\) ─+┤$/);
    // the bar takes what the columns leave, every bar as wide, ending where the row ends
    expect(lines[1]).toMatch(/^ 59168 create_server   ec206922 █+░+  55%  ~27s left$/);
    expect(lines[2]).toMatch(/^ 59170 create_snapshot 104      █+░+  10%$/);
    expect(lines[1].match(/[█░]+/)![0].length).toBe(96 - ' 59168 create_server   ec206922 '.length - '  55%  ~27s left'.length);
    expect(lines[2].match(/[█░]+/)![0].length).toBe(lines[1].match(/[█░]+/)![0].length);
    expect(lines[3]).toContain('✓ done');
    expect(lines[4]).toContain('✗ Server is locked by another action');
  });

  it("wraps a failure's reason under itself rather than cutting it", async () => {
    const error = 'failed at 95%; the service gives no reason, and this sentence goes on past the edge of the panel';
    const { lastFrame } = render(<ActionPanel width={80} height={4} actions={[{ id: 7, type: 'power_off', resource: 'web-1 (ec206901)', percent: 95, state: 'failed', error }]} />);
    const frame = await waitForFrame(lastFrame, (f) => f.includes('✗'));
    const lines = frame.split('\n').slice(1);
    expect(lines.length).toBe(3);
    expect(lines.every((l) => displayWidth(l) <= 80)).toBe(true);
    expect(lines.map((l) => l.trim().replace(/^7 +power_off web-1 \(ec206901\) ✗ /, '')).join(' ')).toBe(error);
    // the second line starts under the first line's text
    expect(lines[1].indexOf(lines[1].trim())).toBe(lines[0].indexOf('failed'));
  });

  it("cuts a snapshot's long description, not its server, when the name does not fit", async () => {
    const resource = '117 "before the kernel upgrade and the move to the new storage pool" of web-1';
    const { lastFrame } = render(<ActionPanel width={80} height={2} actions={[{ id: 59170, type: 'create_snapshot', resource, percent: 40, state: 'running' }]} />);
    const frame = await waitForFrame(lastFrame, (f) => f.includes('59170'));
    const row = frame.split('\n')[1];
    expect(row).toMatch(/^ 59170 create_snapshot 117 "before the[^"]*…" of web-1 +█+░+  40%$/);
    expect(displayWidth(row)).toBe(80);
  });

  it('summarises what does not fit', async () => {
    const actions = Array.from({ length: 10 }, (_, i) => ({ id: i, type: 't', resource: 'r', percent: 1, state: 'running' as const }));
    const { lastFrame } = render(<ActionPanel width={80} height={3} actions={actions} />);
    const frame = await waitForFrame(lastFrame, (f) => f.includes('more'));
    expect(frame).toContain('+8 more');
    expect(frame.split('\n')).toHaveLength(4);
  });
});

describe('HelpOverlay', () => {
  it('lists every key of the given scopes', async () => {
    const { lastFrame } = render(<HelpOverlay scopes={['global', 'servers', 'table']} width={100} height={48} onClose={() => {}} />);
    const frame = await waitForFrame(lastFrame, (f) => f.includes('Keys'));
    for (const text of ['PgUp', 'PgDn', 'Ctrl+C', 'power off the selected server', 'refresh now', '↑ k', 'G End']) expect(frame).toContain(text);
  });

  it('scrolls when it does not fit, and closes on esc, ⏎, ? or q', async () => {
    let closed = 0;
    const { lastFrame, stdin } = render(<HelpOverlay scopes={['server', 'servers', 'global', 'table']} width={60} height={12} onClose={() => closed++} />);
    const first = await waitForFrame(lastFrame, (f) => f.includes('below'));
    expect(first).not.toMatch(/q Ctrl\+C\s+quit/);
    await inputReady(stdin);
    stdin.write('G');
    const last = await waitForFrame(lastFrame, (f) => /q Ctrl\+C\s+quit/.test(f) || f.includes('G End'));
    expect(last).toContain('above');
    stdin.write('q');
    await waitFor(() => expect(closed).toBe(1));
  });
});

describe('help at 80 columns: wrapped, never cut', () => {
  it('wraps a key row under its description, every word kept, no line wider than the room', () => {
    const line = '  R         reserve the selected server for 3, 6 or 12 months at a discount, paid up front';
    const lines = wrapHelpLine(line, 40);
    expect(lines.length).toBeGreaterThan(1);
    for (const l of lines) expect(displayWidth(l)).toBeLessThanOrEqual(40);
    expect(lines[0].startsWith('  R         reserve')).toBe(true);
    for (const l of lines.slice(1)) expect(l.startsWith(' '.repeat(12))).toBe(true);
    expect(lines.join(' ').replace(/\s+/g, ' ').trim()).toBe(line.replace(/\s+/g, ' ').trim());
    expect(wrapHelpLine('  q         quit', 40)).toEqual(['  q         quit']);
  });

  it('keys wider than half the room get a line of their own', () => {
    const lines = wrapHelpLine('  Ctrl+Shift+PgDn  scroll the whole panel down by one page of actions', 30);
    expect(lines[0]).toBe('  Ctrl+Shift+PgDn');
    for (const l of lines) expect(displayWidth(l)).toBeLessThanOrEqual(30);
    expect(lines.slice(1).join(' ').replace(/\s+/g, ' ').trim()).toBe('scroll the whole panel down by one page of actions');
  });

  it("the servers list's help, scrolled line by line in the 80×24 dashboard's box, has every description whole", async () => {
    const scopes = ['servers', 'global', 'table'] as const;
    // the dashboard's help box at 80×24: the frame's inner width (78) and the body's height
    const { lastFrame, stdin } = render(<HelpOverlay scopes={[...scopes]} width={78} height={20} onClose={() => {}} />);
    let frame = await waitForFrame(lastFrame, (f) => f.includes('below'));
    await inputReady(stdin);
    const inner = (f: string) =>
      f
        .split('\n')
        .slice(2, -1)
        .map((l) => l.replace(/^│ ?/, '').replace(/ ?│$/, ''))
        .filter((l) => !/^[▲▼] \d+ (above|below)/.test(l.trim()));
    const seen = inner(frame);
    for (let i = 0; i < 200 && /below/.test(frame); i++) {
      stdin.write('j');
      frame = await waitForFrame(lastFrame, (f) => f !== frame);
      const now = inner(frame);
      seen.push(now[now.length - 1]);
    }
    expect(frame).not.toMatch(/\d+ below/);
    for (const l of seen) expect(l.trimEnd(), l).not.toMatch(/[^\s…]…$/);
    const text = seen.join(' ').replace(/\s+/g, ' ');
    const descriptions = KEYS.helpSections([...scopes]).flatMap((section) => section.rows.map((r) => r.description));
    expect(descriptions.length).toBeGreaterThan(20);
    for (const d of descriptions) expect(text, d).toContain(d.replace(/\s+/g, ' '));
  });
});

describe('TooSmall', () => {
  it('says the current and the needed size', async () => {
    expect(isTooSmall(79, 24)).toBe(true);
    expect(isTooSmall(80, 23)).toBe(true);
    expect(isTooSmall(80, 24)).toBe(false);
    const { lastFrame } = render(<TooSmall columns={70} rows={20} />);
    const frame = await waitForFrame(lastFrame, (f) => f.includes('70×20'));
    expect(frame).toContain('80×24');
  });
});

describe('Header alert', () => {
  it('keeps a spot reclaim countdown at 80 columns, where the counts give way', () => {
    const { lastFrame } = render(
      <Header width={80} profile="demo" endpoint="x" local counts={['12 servers', '0 running actions']} alert="⚠ inference-l4 terminates in 1:43" now={new Date(0)} />,
    );
    const line = lastFrame()!.split('\n')[0];
    expect(line).toContain('⚠ inference-l4 terminates in 1:43');
    expect(line).not.toContain('12 servers');
    expect(displayWidth(line)).toBe(80);
  });
});
