// Costs and charts end to end (tui.md "Daily driver": Costs, Charts): the built program in a pty against an
// emulator process on a manual clock. The header's burn, the wizard's price, a server's Cost tab beside the
// service's own usage report, and the Metrics tab's multi-row charts and cursor at 200×50.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { KEYS, startDashboard, startEmulatorProcess, type Emulator } from './harness.js';

const SHOW_MS = 15_000;
let emu: Emulator;
const cleanups: Array<() => void> = [];
beforeAll(async () => {
  emu = await startEmulatorProcess('demo');
});
afterAll(() => {
  for (const c of cleanups.splice(0).reverse()) c();
  emu?.stop();
});

const euros = (text: string): number => Number(text.replace(/[€\s]/g, ''));

it('the header shows the burn per hour at 80×24, and at 200×50 it is the sum of the COST/H column', async () => {
  const small = await startDashboard(emu, cleanups, { cols: 80, rows: 24 });
  await small.waitUntil((x) => /€ \d+\.\d\d\/h · \d\d:\d\d UTC ┐/.test(x.split('\n')[0]), 'the burn in the header at 80 columns', SHOW_MS);
  small.kill();

  const s = await startDashboard(emu, cleanups, { cols: 200, rows: 50 });
  // every booted row's power state known (the Off row at its offline rate): the header and the column agree
  // a whole, settled screen: every server row with its cost, the footer drawn, and the header as the rows have
  // it (the first frame now brings the costs with the list, and a read in the middle of a redraw is torn)
  const costCells = (x: string) => [...x.matchAll(/ (€ \d+\.\d{4}) /g)].map((m) => euros(m[1]));
  const burnOf = (x: string) => Number(/€ (\d+\.\d\d)\/h/.exec(x.split('\n')[0])?.[1]);
  const settled = (x: string) =>
    costCells(x).length === (x.match(/^│[› ][ *]?ec2\d{5} /gm) ?? []).length &&
    /q quit/.test(x) &&
    Math.abs(burnOf(x) - costCells(x).reduce((a, b) => a + b, 0)) < 0.05;
  const sc = await s.waitUntil(
    (x) => x.includes('COST/H') && /│›ec206901 .*€ \d\.\d{4}/.test(x) && /\boff\b +€ \d\.\d{4}/.test(x) && /€ \d+\.\d\d\/h/.test(x) && settled(x),
    'the COST/H column',
    SHOW_MS,
  );
  const header = /€ (\d+\.\d\d)\/h/.exec(sc.split('\n')[0])!;
  const cells = [...sc.matchAll(/ (€ \d+\.\d{4}) /g)].map((m) => euros(m[1]));
  expect(cells.length).toBeGreaterThanOrEqual(10);
  // the demo's win-build (eCS2W, € 0.048 an hour) is powered off on an account with the offline discount: half
  expect(sc).toMatch(/win-build .* off +€ 0\.0240 /);
  expect(Number(header[1])).toBeCloseTo(cells.reduce((a, b) => a + b, 0), 1);
});

it("the wizard's review shows the plan's price per hour and per month", async () => {
  const s = await startDashboard(emu, cleanups, { cols: 100, rows: 30 });
  s.pty.write('c');
  await s.waitFor('New server', SHOW_MS);
  for (const step of ['location', 'image', 'notes']) {
    s.pty.write(KEYS.enter);
    await s.waitUntil((x) => new RegExp(`› ${step}|${step === 'notes' ? 'Notes' : '$^'}`).test(x), step, SHOW_MS);
  }
  await s.type('web-9');
  s.pty.write(KEYS.enter);
  const sc = await s.waitFor(/Price € [\d.]+\/h · € [\d.]+\/mo/, SHOW_MS);
  // the first plan of the demo catalog is eCS1, 0.019 an hour: 720 hours are 13.68
  expect(sc).toMatch(/eCS1 ·/);
  expect(sc).toContain('Price € 0.019/h · € 13.68/mo  list price');
});

it("a server's Cost tab: its rate now, this month so far as the usage report has it, and the prediction", async () => {
  const s = await startDashboard(emu, cleanups, { cols: 140, rows: 40 });
  s.pty.write(`${KEYS.enter}6`);
  const sc = await s.waitUntil((x) => /6 Cost/.test(x) && /Rate now +€ [\d.]+\/h/.test(x) && /This month +€ [\d.]+ so far/.test(x) && /Predicted +€ [\d.]+/.test(x), 'the Cost tab', SHOW_MS);
  const clock = await emu.call('GET', '/__emulator/clock');
  const now = new Date(clock.body.now);
  const { body } = await emu.call('GET', `/ecs/v2/billing/servers/${now.getUTCFullYear()}/${now.getUTCMonth() + 1}?type=json`, undefined, { token: await emu.token() });
  const item = (body as Array<{ name: string; cost: number }>).find((i) => i.name === 'ec206901')!;
  expect(/This month +€ ([\d.]+) so far/.exec(sc)![1]).toBe(item.cost.toFixed(2));
  // web-1 holds a reserved period in the demo: the discount is named
  expect(sc).toMatch(/Rate now +€ [\d.]+\/h +list € [\d.]+\/h, reserved −\d+%/);
});

it('at 200×50 the Metrics tab draws each series over several rows with axes, and the cursor shows values', async () => {
  const s = await startDashboard(emu, cleanups, { cols: 200, rows: 50 });
  s.pty.write(`${KEYS.enter}2`);
  const sc = await s.waitUntil((x) => /CPU +last [\d.]+ %/.test(x) && /Net sent/.test(x) && / UTC +╵\d\d:\d\d/.test(x), 'the charts', SHOW_MS);
  const lines = sc.split('\n');
  const cpu = lines.findIndex((l) => /│ CPU +last/.test(l));
  const reads = lines.findIndex((l) => /│ Disk reads +last/.test(l));
  // the rows between CPU's label and the next series' are its chart: several, the top one its maximum
  expect(reads - cpu - 1).toBeGreaterThanOrEqual(3);
  expect(lines[cpu + 1]).toMatch(/100 % ┤/);
  expect(lines[reads - 1]).toMatch(/\s0 % ┤[▁▂▃▄▅▆▇█ ]+/);
  s.pty.write(',,,');
  const withCursor = await s.waitUntil((x) => /CPU +▸ \d\d:\d\d:\d\d [\d.]+ %/.test(x) && /cursor \d{4}-\d\d-\d\d \d\d:\d\d UTC/.test(x), 'the cursor', SHOW_MS);
  expect(withCursor).toMatch(/Disk reads +▸ \d\d:\d\d:\d\d [\d.]+ [KMG]?B\/s/);
});
