// `:events`: rows paged in from the service as the cursor goes down (the total said), `/` sent to the
// service as its search, `f` following new events on top, ⏎ every field.
import { afterEach, expect, test } from 'vitest';
import { keys } from '../helpers.js';
import { startApp, type Harness } from '../app/harness.js';
import { appendPage, prependNew } from '../../../src/ui/resource/usePaged.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.cleanup();
  h = undefined;
});

async function addEvents(t: Harness, n: number, pod: (i: number) => string): Promise<void> {
  for (let i = 0; i < n; i++) {
    const res = await t.admin('POST', '/__emulator/events', { event_type: i % 2 ? 'terminated' : 'started', pod: pod(i) });
    expect(res.status).toBe(201);
    t.advance(1);
  }
}

async function openEvents(t: Harness): Promise<void> {
  await t.waitFor('web-1');
  await t.press(':');
  await t.type('events');
  await t.press(keys.enter);
}

test('pages in as the cursor goes down, with the total from the service; never more rows drawn than fit', async () => {
  h = await startApp({ height: 30 });
  await addEvents(h, 230, (i) => `batch-${String(i).padStart(3, '0')}`);
  const total = (await h.client.events.list({ length: 1 })).total;
  expect(total).toBeGreaterThan(250);
  await openEvents(h);
  let f = await h.waitFor(`100 of ${total} events loaded`);
  // newest first, as the service orders them
  expect(f.split('\n').find((l) => l.includes('│›'))).toContain('batch-229');
  const drawn = f.split('\n').filter((l) => /batch-\d{3}/.test(l)).length;
  expect(drawn).toBeLessThanOrEqual(30);
  // the cursor going down near the end of what is loaded asks for the next page
  for (let i = 0; i < 20 && !h.frame().includes(`200 of ${total} events loaded`); i++) await h.press(keys.pageDown);
  f = await h.waitFor(`200 of ${total} events loaded`);
  // G loads what is still on the service and goes to the last event of all
  await h.press('G');
  await h.waitFor(`${total} of ${total} events loaded`);
  f = await h.waitFor(`${total}/${total}`);
  expect(f.split('\n').filter((l) => l.startsWith('│ ') || l.startsWith('│›')).length).toBeLessThanOrEqual(30);
});

test('/ sends the search to the service: the count is the service\'s count of matches, not of the rows loaded', async () => {
  h = await startApp({ height: 30 });
  await addEvents(h, 120, (i) => `needle-${i}`);
  await addEvents(h, 120, (i) => `hay-${i}`);
  await openEvents(h);
  const all = (await h.client.events.list({ length: 1 })).total;
  await h.waitFor(`100 of ${all} events loaded`);
  await h.press('/');
  await h.type('NEEDLE');
  await h.press(keys.enter);
  const matching = (await h.client.events.list({ search: 'NEEDLE', length: 1 })).total;
  expect(matching).toBe(120);
  // the first page loaded holds no needle at all (the hay is newer): only the service could find them
  const f = await h.waitFor(`100 of ${matching} events loaded`);
  expect(f).toContain('/NEEDLE');
  expect(f).toContain('needle-119');
  expect(f).not.toContain('hay-');
  await h.press('/', keys.ctrlU);
  await h.type('no such pod anywhere');
  await h.press(keys.enter);
  await h.waitFor('nothing on the service matches "no such pod anywhere"');
  // esc clears the search: every event again
  await h.press(keys.escape);
  await h.waitFor(`100 of ${all} events loaded`);
});

test('f follows: a new event comes on top with the cursor on it; ⏎ shows every field', async () => {
  h = await startApp({ height: 30 });
  await openEvents(h);
  await h.waitFor(/\d+ of \d+ events loaded/);
  await h.press('f');
  await h.waitFor('following');
  await h.admin('POST', '/__emulator/events', { event_type: 'started', pod: 'fresh-pod-1', cluster: 'gpu-it1', runtime_class: 'nvidia-cdi' });
  const f = await h.waitFor((fr) => (fr.split('\n').find((l) => l.includes('│›')) ?? '').includes('fresh-pod-1'), 6000);
  expect(f).toContain('f follow');
  await h.press(keys.enter);
  const rec = await h.waitFor('Runtime class');
  expect(rec).toContain('nvidia-cdi');
  expect(rec).toContain('gpu-it1');
  expect(rec).toContain('Remote namespace');
  expect(rec).toContain('demo-default');
  await h.press(keys.escape);
  await h.waitFor('following');
});

test('pages that overlap (new events pushed the offsets along) add no row twice', () => {
  const key = (r: { id: number }) => String(r.id);
  const rows = [{ id: 9 }, { id: 8 }, { id: 7 }];
  // two new events arrived: the page at offset 3 starts with the last two rows already held
  expect(appendPage(rows, [{ id: 8 }, { id: 7 }, { id: 6 }], key).map((r) => r.id)).toEqual([9, 8, 7, 6]);
  const top = prependNew(rows, [{ id: 11 }, { id: 10 }, { id: 9 }], key);
  expect(top.rows.map((r) => r.id)).toEqual([11, 10, 9, 8, 7]);
  expect(top.added.map((r) => r.id)).toEqual([11, 10]);
  expect(prependNew(rows, [{ id: 9 }], key).rows).toBe(rows);
});
