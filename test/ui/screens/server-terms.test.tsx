// What a server is billed under, from its detail: `u` the support plan, `R` a reserved period, and the
// isolations it has; what can be told before asking is said at once. Each write is checked on the service.
import { afterEach, expect, test } from 'vitest';
import { keys } from '../helpers.js';
import { selectedLine, startApp, type Harness } from '../app/harness.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.cleanup();
  h = undefined;
});

async function openServer(name: string): Promise<Harness> {
  const t = await startApp({ height: 40 });
  await t.waitFor((f) => selectedLine(f).includes('ec206901'));
  for (let i = 0; i < 20 && !selectedLine(t.frame()).includes(name); i++) await t.press('j');
  await t.press(keys.enter);
  await t.waitFor(`(${name})`);
  return t;
}

test('u refuses an immutable support plan at once with the service words, and changes another one on the service', async () => {
  h = await openServer('ec206901');
  await h.press('u');
  await h.waitFor('web-1 (ec206901): You cannot edit an immutable support plan');
  expect(h.frame()).not.toContain('Support plan of');
  await h.press(keys.escape);
  await h.waitFor((f) => selectedLine(f).includes('ec206901'));
  await h.press('j', keys.enter);
  await h.waitFor('(ec206902)');
  expect((await h.client.servers.get('ec206902')).support?.code).toBe('basic');
  await h.press('u');
  await h.waitFor('Support plan of web-2 (ec206902)');
  await h.type('global');
  await h.press(keys.enter);
  await h.waitFor(/Global support \(global\) from/);
  expect((await h.client.servers.get('ec206902')).support?.code).toBe('global');
  // global to basic before the term ends: the service's own message, the form kept
  await h.press('u');
  await h.waitFor('Support plan of web-2 (ec206902)');
  await h.type('basic');
  await h.press(keys.enter);
  await h.waitFor('You cannot downgrade a support plan, plan not yet finished...');
  expect(h.frame()).toContain('Support plan of web-2 (ec206902)');
  expect((await h.client.servers.get('ec206902')).support?.code).toBe('global');
});

test('R reserves a server for the period chosen, sent as the formula; the Overview shows it and the isolations', async () => {
  h = await openServer('ec206902');
  let f = await h.waitFor(/Reserved +no/);
  // the last section: the servers it keeps away from (none here)
  await h.press('G');
  await h.waitFor(/Isolated from[^\n]*\n[^\n]*Servers +none: it may share a host with any server/);
  await h.press('g');
  await h.press('R');
  f = await h.waitFor('Reserve web-2 (ec206902)');
  expect(f).toMatch(/6 months +M6PECS/);
  // the lock each period brings is in the list itself, with the day it ends
  expect(f).toMatch(/12 months +M12PECS3 · no delete until \d{4}-\d\d-\d\d/);
  await h.type('6 m');
  await h.press(keys.enter);
  f = await h.waitFor(/reserved for 6 months at \d+% off, until/);
  const after = await h.client.servers.get('ec206902');
  expect(after.isReserved).toBe(true);
  expect(after.reservedPlans.map((r) => r.reservedMonth)).toContain(6);
  await h.waitFor(/Reserved +until \d{4}-/);
});
