// `:billing`: the month's three reports in tabs, the month picker, the service's refusal of a month still to
// come, and `x` writing the service's own CSV to a new file (never over one that is there).
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test, vi } from 'vitest';
import { keys } from '../helpers.js';
import { startApp, type Harness } from '../app/harness.js';
import { stepMonth, writeNewFile } from '../../../src/ui/screens/billing.js';
import { money } from '../../../src/ui/format.js';

let h: Harness | undefined;
const dirs: string[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  await h?.cleanup();
  h = undefined;
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const tmp = () => {
  const d = mkdtempSync(join(tmpdir(), 'ecsdeck-billing-'));
  dirs.push(d);
  return d;
};

async function openBilling(): Promise<Harness> {
  const t = await startApp({ height: 36, width: 110 });
  await t.waitFor('web-1');
  await t.press(':');
  await t.type('billing');
  await t.press(keys.enter);
  return t;
}

/** The month the service is in, as the screen starts on it. */
function serviceMonth(t: Harness): { year: number; month: number } {
  const now = new Date(t.emulator.emu.now());
  return { year: now.getUTCFullYear(), month: now.getUTCMonth() + 1 };
}

test('the servers report of this month with its total; Tab goes through templates and snapshots', async () => {
  h = await openBilling();
  const { year, month } = serviceMonth(h);
  const mm = `${year}-${String(month).padStart(2, '0')}`;
  const usage = await h.client.billing.servers(year, month);
  const total = usage.reduce((s, u) => s + u.cost, 0);
  let f = await h.waitFor(`total ${money(total)}`);
  expect(f).toContain(`Servers, ${mm}`);
  expect(f).toMatch(/1 Servers.*2 Templates.*3 Snapshots/);
  // the most expensive server first, its cost written as money
  const top = [...usage].sort((a, b) => b.cost - a.cost)[0];
  expect(f.split('\n').find((l) => l.includes('│›'))).toContain(money(top.cost));

  await h.press(keys.tab);
  const templates = await h.client.billing.templates(year, month);
  f = await h.waitFor(`Templates, ${mm}`);
  await h.waitFor(`total ${money(templates.reduce((s, u) => s + u.cost, 0))}`);
  await h.press(keys.tab);
  const snaps = await h.client.billing.snapshots(year, month);
  await h.waitFor(`Snapshots, ${mm}`);
  f = await h.waitFor(`${snaps.snapshots.length} snapshot`);
  expect(f).toContain(`total ${money(snaps.snapshots.reduce((s, u) => s + u.cost, 0))}`);
  // x is this report's key; the footer follows the tab
  expect(f).toContain('x export csv');
});

test('[ and ] change the month; a month still to come shows the service\'s message where the rows would be', async () => {
  h = await openBilling();
  const now = serviceMonth(h);
  const mm = (p: { year?: string; month?: string }) => `${p.year}-${String(p.month).padStart(2, '0')}`;
  const here = { year: String(now.year), month: String(now.month) };
  await h.waitFor(`Servers, ${mm(here)}`);
  await h.press('[');
  const before = stepMonth(here, -1);
  await h.waitFor(`Servers, ${mm(before)}`);
  const past = await h.client.billing.servers(Number(before.year), Number(before.month));
  await h.waitFor(`total ${money(past.reduce((s, u) => s + u.cost, 0))}`);
  await h.press(']', ']');
  await h.waitFor(`Servers, ${mm(stepMonth(here, 1))}`);
  const f = await h.waitFor('could not be loaded: future dates are not allowed');
  expect(f).not.toContain('total €');
  // said once, where the rows would be: not a second time on the status line
  expect(h.frames().filter((fr) => (fr.match(/future dates are not allowed/g) ?? []).length > 1)).toEqual([]);
});

test('x writes the service\'s CSV to ecsdeck-<report>-<YYYY>-<MM>.csv here, and a second export takes a new name', async () => {
  const dir = tmp();
  vi.spyOn(process, 'cwd').mockReturnValue(dir);
  h = await openBilling();
  const { year, month } = serviceMonth(h);
  const name = `ecsdeck-servers-${year}-${String(month).padStart(2, '0')}.csv`;
  await h.waitFor('total €');
  await h.press('x');
  let f = await h.waitFor(`${name}.`);
  expect(f).toContain(`is in ${join(dir, name)}.`);
  const csv = await h.client.billing.servers(year, month, 'csv');
  expect(readFileSync(join(dir, name), 'utf8')).toBe(csv);
  await h.press('x');
  const second = name.replace('.csv', '-2.csv');
  f = await h.waitFor('was already there and is kept');
  expect(f.replace(/ *│\n│/g, ' ')).toContain(`${second} (${name} was already there`);
  expect(readdirSync(dir).sort()).toEqual([second, name].sort());
});

test('x works in read-only mode (nothing changes on the service), and the month still moves', async () => {
  const dir = tmp();
  vi.spyOn(process, 'cwd').mockReturnValue(dir);
  h = await startApp({ height: 36, width: 110, readOnly: true });
  await h.waitFor('web-1');
  await h.press(':');
  await h.type('billing');
  await h.press(keys.enter, keys.tab, keys.tab);
  await h.waitFor('Snapshots, ');
  await h.press('x');
  await h.waitFor(/The snapshots report of \d{4}-\d\d is in /);
  expect(readdirSync(dir)).toHaveLength(1);
});

test('writeNewFile never writes over a file', async () => {
  const dir = tmp();
  writeFileSync(join(dir, 'a.csv'), 'mine');
  writeFileSync(join(dir, 'a-2.csv'), 'mine too');
  const path = await writeNewFile(dir, 'a.csv', 'x,y\n');
  expect(path).toBe(join(dir, 'a-3.csv'));
  expect(readFileSync(join(dir, 'a.csv'), 'utf8')).toBe('mine');
  expect(readFileSync(path, 'utf8')).toBe('x,y\n');
});

test('stepMonth crosses years', () => {
  expect(stepMonth({ year: '2026', month: '1' }, -1)).toEqual({ year: '2025', month: '12' });
  expect(stepMonth({ year: '2026', month: '12' }, 1)).toEqual({ year: '2027', month: '1' });
});
