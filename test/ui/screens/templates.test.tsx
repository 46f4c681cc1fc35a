// `:templates` writes and the catalog: a template made from a snapshot (progress in the panel, Creating then
// Created by the service's clock), renamed, deleted after its name is typed; `n` opens the create wizard with
// the template as the image; `:plans` shows the spot discount, `a` the availability matrix, `c` the wizard
// with the plan chosen. Each checked on the service.
import { afterEach, expect, test } from 'vitest';
import { keys } from '../helpers.js';
import { openScreen, selectRow, startApp, type Harness } from '../app/harness.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.cleanup();
  h = undefined;
});

test('c makes a template from a snapshot: followed in the panel, Creating then Created; e renames it', async () => {
  h = await startApp({ height: 36 });
  await openScreen(h, 'templates', /ei204101/);
  const snap = (await h.client.snapshots.list('ec206901'))[0];
  await h.press('c');
  await h.waitFor('New template');
  await h.type(`snapshot ${snap.id} of`);
  await h.waitFor(`snapshot ${snap.id} of ec206901`);
  await h.press(keys.enter);
  await h.type('golden from snapshot');
  await h.press(keys.enter);
  await h.waitFor(/create_template/);
  const made = (await h.client.templates.list()).find((t) => t.description === 'golden from snapshot')!;
  expect(made.status).toBe('creating');
  await h.waitFor((f) => new RegExp(`${made.name} +golden from snapshot +Creating`).test(f));
  h.advance(3600);
  await h.press('r');
  await h.waitFor((f) => new RegExp(`${made.name} +golden from snapshot +Created`).test(f));
  expect((await h.client.templates.get(made.name)).status).toBe('created');

  await selectRow(h, new RegExp(made.name));
  await h.press('e');
  await h.waitFor(`Rename template golden from snapshot (${made.name})`);
  await h.press(keys.ctrlU);
  await h.type('golden v2');
  await h.press(keys.enter);
  await h.waitFor(`Renamed template ${made.name} to golden v2.`);
  expect((await h.client.templates.get(made.name)).description).toBe('golden v2');
});

test('d asks for the name and says the data is gone for good; a wrong name deletes nothing', async () => {
  h = await startApp({ width: 200, height: 36 });
  await openScreen(h, 'templates', /ei204101/);
  await selectRow(h, /ei204101/);
  await h.press('d');
  await h.waitFor('All data in the template is irretrievably deleted.');
  await h.type('ei204102');
  await h.press(keys.enter);
  expect((await h.client.templates.get('ei204101')).status).toBe('created');
  await h.press(keys.ctrlU);
  await h.type('ei204101');
  await h.press(keys.enter);
  await h.waitFor(/delete_template/);
  expect((await h.client.templates.get('ei204101')).status).toMatch(/^delet/);
  // once deleted and gone from the list, :actions still says which template it was
  h.advance(600);
  await h.press('r');
  await h.waitFor((f) => /ei204102/.test(f) && !/│[› ]ei204101/.test(f));
  await h.press(':');
  await h.type('actions');
  await h.press(keys.enter);
  const f = await h.waitFor(/delete_template +ei204101 +\(deleted\) web stack golden image +Completed/);
  expect(f).toMatch(/create_template +ei204101 +\(deleted\) web stack golden image +Completed/);
});

test('n opens the create wizard with the template as the image; the server is made from it', async () => {
  h = await startApp({ height: 36 });
  await openScreen(h, 'templates', /ei204101/);
  await selectRow(h, /ei204101/);
  await h.press('n');
  await h.waitFor('image ei204101');
  await h.type('eCS3');
  await h.press(keys.enter);
  await h.waitFor('where eCS3 can be created now');
  await h.press(keys.enter);
  // the image step is passed: the template is the image
  await h.waitFor("the server's label in the list");
  await h.type('from-template');
  await h.press(keys.enter);
  await h.waitFor('"image": "ei204101"');
  await h.press(keys.enter);
  await h.waitFor(/create_server/);
  const server = (await h.client.servers.list()).find((s) => s.notes === 'from-template');
  expect(server?.image).toBe('ei204101');
});

test('plans: the spot discount column, the availability matrix as the service says it, c with the plan chosen', async () => {
  h = await startApp({ height: 36, width: 120 });
  await openScreen(h, 'plans', /eCS1 /);
  await h.waitFor((f) => /eCS3 .* −40%/.test(f));
  await h.press('a');
  await h.waitFor(/PLAN +PER HOUR +IT-MI2/);
  const availability = await h.client.catalog.availability();
  const cell = availability.find((a) => a.plan === 'eCS3' && a.location === 'it-fr2')!;
  expect(cell.available).toBe(true);
  await h.waitFor((f) => /eCS3 +€ 0\.0480 +✓ spot −40% +✓ spot −40%/.test(f));
  // a region sold out (the last host taken, as 49 servers would): the matrix shows it once the service says so
  h.emulator.emu.state.capacity['eCS1@bg-sof1'] = 0;
  await h.press('r');
  await h.waitFor((f) => /eCS1 +€ 0\.0190 +(✓ spot −30% +){3}✗/.test(f));
  expect((await h.client.catalog.availability()).find((a) => a.plan === 'eCS1' && a.location === 'bg-sof1')?.available).toBe(false);

  await selectRow(h, /eCS3 /);
  await h.press('c');
  await h.waitFor(/New server  plan eCS3 › \[?location/);
  await h.waitFor('where eCS3 can be created now');
});

test('--read-only: no write key of templates or plans opens anything', async () => {
  h = await startApp({ height: 36, readOnly: true });
  await openScreen(h, 'templates', /ei204101/);
  for (const k of ['c', 'e', 'd', 'n']) {
    await h.press(k);
    expect(h.frame()).not.toMatch(/New template|Rename template|Delete template|New server/);
  }
  await h.press(':');
  await h.type('plans');
  await h.press(keys.enter);
  await h.waitFor(/eCS1 /);
  await h.press('c');
  expect(h.frame()).not.toContain('New server');
  expect(h.frame()).not.toContain('c new server');
});
