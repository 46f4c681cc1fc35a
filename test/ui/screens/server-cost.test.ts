// The Cost tab: its months before this one (as bars, each from that month's usage report), and its note under its figures, wrapped at every width the tab can have: the key `r` stays with the
// words that say what it does (at 140 columns it used to end one line, `reads it again` starting the next).
import { afterEach, expect, test } from 'vitest';
import { createEmulator } from '../../../src/emulator/app.js';
import { COST_NOTE, hbar, pastMonths } from '../../../src/ui/screens/server-cost.js';
import { wrapText } from '../../../src/ui/text.js';
import { keys } from '../helpers.js';
import { startApp, type Harness } from '../app/harness.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.cleanup();
  h = undefined;
});

test('the note never leaves `r` at the end of a line, away from `reads it again`', () => {
  for (let width = 40; width <= 200; width++) {
    const lines = wrapText(COST_NOTE, width);
    expect(lines.some((l) => /r.reads.it.again/.test(l)), `at ${width}`).toBe(true);
    for (const l of lines) expect(l, `at ${width}`).not.toMatch(/ r$/);
  }
});

test('pastMonths: the months before this one, newest first, back to the creation month, at most the count asked', () => {
  const now = Date.UTC(2026, 1, 10); // February 2026
  expect(pastMonths(new Date(Date.UTC(2025, 10, 20)), now, 12)).toEqual([
    { year: 2026, month: 1 },
    { year: 2025, month: 12 },
    { year: 2025, month: 11 },
  ]);
  expect(pastMonths(new Date(Date.UTC(2026, 1, 1)), now, 12)).toEqual([]);
  expect(pastMonths(new Date(Date.UTC(2020, 0, 1)), now, 2)).toEqual([
    { year: 2026, month: 1 },
    { year: 2025, month: 12 },
  ]);
  // a creation date the service did not give: as many as asked
  expect(pastMonths(null, now, 4)).toHaveLength(4);
});

test('hbar: to an eighth of a cell, padded to its width; nothing for nothing, a sliver for a little', () => {
  expect(hbar(10, 10, 4)).toBe('████');
  expect(hbar(5, 10, 4)).toBe('██  ');
  expect(hbar(3, 16, 2)).toBe('▍ ');
  expect(hbar(1, 64, 2)).toBe('▏ ');
  expect(hbar(0, 10, 3)).toBe('   ');
});

const monthName = (year: number, month: number) => new Date(Date.UTC(year, month - 1, 1)).toLocaleString('en-GB', { month: 'long', timeZone: 'UTC' }) + ` ${year}`;

test("the Cost tab: this month and the ones before it as bars, each from that month's usage report, asked for once and again on r", async () => {
  const emulator = createEmulator({ clock: 'manual', seed: 'demo' });
  const asked: string[] = [];
  const spied = { ...emulator, fetch: (r: Request) => (asked.push(new URL(r.url).pathname), emulator.fetch(r)) };
  // at 80×24, where the tab has rows enough for it
  h = await startApp({ width: 80, height: 24, emulator: spied });
  await h.waitFor('ec206901');
  await h.press(keys.enter, '6');
  const now = h.client.serviceNow().getTime();
  const months = pastMonths((await h.client.servers.get('ec206901')).createdAt, now, 12);
  expect(months.length).toBeGreaterThan(0);
  const last = months.at(-1)!;
  const f = await h.waitFor((x) => new RegExp(`${monthName(last.year, last.month)} +[█▏▎▍▌▋▊▉]+ +€`).test(x), 5000);
  const lastAsked = asked.filter((p) => p.endsWith(`/billing/servers/${last.year}/${last.month}`)).length;
  expect(lastAsked).toBe(1);
  // every month's figures are that month's report's, this month's marked as so far
  const first = months[0];
  const report = (await h.client.billing.servers(first.year, first.month)).find((u) => u.name === 'ec206901')!;
  expect(f).toMatch(new RegExp(`${monthName(first.year, first.month)} +[█▏▎▍▌▋▊▉]+ +€ ${report.cost.toFixed(2)} +${report.billedHours} h\\b`));
  expect(f).toMatch(/ h so far/);
  expect(f).toContain('By month');
  // none before the month the server was created in
  const before = new Date(Date.UTC(last.year, last.month - 2, 1));
  expect(f).not.toContain(monthName(before.getUTCFullYear(), before.getUTCMonth() + 1));
  // r reads them again
  await h.press('r');
  await h.waitFor(() => asked.filter((p) => p.endsWith(`/billing/servers/${last.year}/${last.month}`)).length === lastAsked + 1);
});

test('the Cost tab of a server created this month has no months before it to show', async () => {
  h = await startApp({ height: 40 });
  await h.waitFor('ec206901');
  for (let i = 0; i < 12 && !/│›ec206914/.test(h.frame()); i++) await h.press('j');
  await h.press(keys.enter, '6');
  await h.waitFor(/This month|not in this month/);
  await h.waitFor(/Predicted|not in this month/);
  expect(h.frame()).not.toContain('By month');
});

test("the Cost tab: a month's report the service refuses says so in the section, with the service's message, and r reads it again", async () => {
  h = await startApp({ height: 40 });
  await h.waitFor('ec206901');
  const now = h.client.serviceNow().getTime();
  const [before] = pastMonths((await h.client.servers.get('ec206901')).createdAt, now, 1);
  // the retry the app's client would make is off in the harness: one refusal is seen as such
  await h.admin('PUT', '/__emulator/faults', { error_next: 1, error_status: 500, path_prefix: `/ecs/v2/billing/servers/${before.year}/${before.month}` });
  await h.press(keys.enter, '6');
  // wrapped under its label column at 100 columns: read with the frame's borders and the wrap taken out
  await h.waitFor((f) => f.replace(/[\s│]+/g, ' ').includes('✗ the usage reports of earlier months could not be read: injected fault: status 500'));
  // the rest of the tab is there all the same
  expect(h.frame()).toMatch(/This month +€/);
  await h.press('r');
  await h.waitFor((f) => new RegExp(`${monthName(before.year, before.month)} +[█▏▎▍▌▋▊▉]+ +€`).test(f));
});

test('the Cost tab shows at most 12 months before this one, however old the server', async () => {
  h = await startApp({ height: 50 });
  await h.waitFor('ec206901');
  // fifteen months on: web-1 has run for well over a year
  h.advance(450 * 86_400);
  await h.press(keys.enter, '6');
  const now = h.client.serviceNow().getTime();
  const months = pastMonths(null, now, 13);
  const twelfth = months[11];
  const thirteenth = months[12];
  const f = await h.waitFor((x) => new RegExp(`${monthName(twelfth.year, twelfth.month)} +[█▏▎▍▌▋▊▉]+ +€`).test(x), 10_000);
  expect(f).not.toContain(monthName(thirteenth.year, thirteenth.month));
});
