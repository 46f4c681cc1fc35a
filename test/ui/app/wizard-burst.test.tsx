// The create wizard typed ahead of the service (issue 18.4): `c` then `⏎⏎⏎burst-1⏎` in one write used to
// leave the wizard on Plan, every key after `c` dropped while the plans were loading. Each step's keys now
// wait for its list: plan, location and image take their first entry, the notes are burst-1, and the
// wizard stands on the review, as the same keys typed one at a time leave it.
import { afterEach, expect, test } from 'vitest';
import { keys } from '../helpers.js';
import { selectedLine, startApp, wizardToImage, type Harness } from './harness.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.cleanup();
  h = undefined;
});

const crumbLine = (f: string): string => f.split('\n').find((l) => l.includes('New server')) ?? '';
const onReview = (f: string): boolean => f.includes('POST /ecs/v2/servers — the request that will be sent');

/** Every answer of the service a quarter of a second late: a burst is always ahead of it. */
async function slowService(h: Harness): Promise<void> {
  const r = await h.admin('PUT', '/__emulator/faults', { latency_ms: 250 });
  expect(r.status).toBeLessThan(300);
}

/** The review the keys reach typed one at a time, each after the step it answers is drawn. */
async function reviewTypedSlowly(h: Harness, notes: string): Promise<string> {
  await wizardToImage(h);
  await h.press(keys.enter);
  await h.waitFor('Notes');
  await h.type(notes);
  await h.press(keys.enter);
  return crumbLine(await h.waitFor(onReview));
}

test('c then ⏎⏎⏎burst-1⏎ in one write, ahead of a slow service, ends on the review the same keys reach typed slowly', async () => {
  h = await startApp();
  await h.waitFor('web-1');
  await slowService(h);
  const slow = await reviewTypedSlowly(h, 'burst-1');
  expect(slow).toMatch(/plan \S+ › location \S+ › image \S+ › notes “burst-1” › \[?review/);
  await h.press(keys.escape);
  await h.waitFor((f) => !f.includes('New server'));

  h.stdin.write(`c${keys.enter}${keys.enter}${keys.enter}burst-1${keys.enter}`);
  const f = await h.waitFor(onReview, 15_000);
  expect(crumbLine(f)).toBe(slow);
  expect(f).toContain('"notes": "burst-1"');
  // nothing was sent: the burst ends on the review, which waits for its own ⏎
  expect((await h.client.servers.list()).some((s) => s.notes === 'burst-1')).toBe(false);
}, 60_000);

test('one more ⏎ in the burst creates the server; a key typed after it waits for the answer and goes to the list', async () => {
  h = await startApp();
  await h.waitFor('web-1');
  await slowService(h);
  // `/` after the creating ⏎: the list's filter, opened once the wizard has closed
  h.stdin.write(`c${keys.enter}${keys.enter}${keys.enter}burst-2${keys.enter}${keys.enter}/burst-2`);
  await h.waitFor((f) => /burst-2/.test(f) && /Creating .*burst-2/.test(f), 15_000);
  const created = (await h.client.servers.list()).filter((s) => s.notes === 'burst-2');
  expect(created).toHaveLength(1);
  // the filter took the keys: only the new server is listed
  await h.waitFor((f) => !f.includes('web-1') && f.includes('burst-2'), 10_000);
}, 60_000);

test('esc while a step is loading goes back at once; the keys typed before it are dropped with the step', async () => {
  h = await startApp();
  await h.waitFor('web-1');
  await h.admin('PUT', '/__emulator/faults', { latency_ms: 3_000 });
  await h.press('c');
  await h.waitFor('loading the plans');
  // typed for the plan list; then esc leaves before it comes
  h.stdin.write('eCS9');
  await h.press(keys.escape);
  await h.waitFor((f) => !f.includes('New server'), 1_500);
  // the list has the keys again, and nothing typed for the plans reached it (`e` would have opened a form)
  await h.press('j');
  await h.waitFor((f) => selectedLine(f).includes('web-2'));
  expect(h.frame()).not.toMatch(/eCS9|Edit/);
}, 30_000);
