// `:actions`: ⏎ on an action goes to what it acted on: a VLAN's action to its server's Networks tab, a
// snapshot's to that snapshot in `:snapshots`, a server's to its detail; a server that is gone shows the
// action's own record.
import { afterEach, expect, test, vi } from 'vitest';
import { keys } from '../helpers.js';
import { openScreen, selectRow as selectFrom, selectedLine, startApp, type Harness } from '../app/harness.js';
import { keepServer } from '../../../src/ui/components/action-lines.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.cleanup();
  h = undefined;
});

async function openActions(): Promise<Harness> {
  const t = await startApp({ height: 40 });
  await openScreen(t, 'actions', /create_server/);
  return t;
}

/** From the top: the action list is long, and the row looked for may be far down. */
const selectRow = (t: Harness, re: RegExp) => selectFrom(t, re, 80);

test('⏎ on a VLAN action opens its server on the Networks tab, with the VLAN keys', async () => {
  h = await openActions();
  const line = await selectRow(h, /add_vlan +ec\d+-net/);
  const server = /add_vlan +(ec\d+)-/.exec(line)![1];
  await h.press(keys.enter);
  const f = await h.waitFor(/\[4 Networks\]/);
  expect(f).toContain(`(${server})`);
  await h.waitFor(/net00000\d +\d+ +(yes|no)/);
  const footer = h.frame().split('\n').find((l) => l.startsWith('└'))!;
  expect(footer).toContain('remove range');
  // esc comes back to the actions
  await h.press(keys.escape);
  await h.waitFor((x) => /add_vlan/.test(selectedLine(x)));
});

test('⏎ on a snapshot action shows that snapshot in :snapshots; on a deleted server, the action itself', async () => {
  h = await openActions();
  const change = await h.client.snapshots.create('ec206902', { description: 'from actions' });
  await h.press('r');
  const line = await selectRow(h, new RegExp(`create_snapshot +${change.snapshot.id} `));
  expect(line).toContain('create_snapshot');
  await h.press(keys.enter);
  const f = await h.waitFor('from actions');
  expect(f).toContain(`Snapshots (all servers)  /${change.snapshot.id}`);
  await h.press(keys.escape, keys.escape);
  await h.waitFor(/create_server/);
  // a deleted server: nowhere to go, so the action's record
  h.advance(600);
  await h.press(':');
  await h.type('servers');
  await h.press(keys.enter);
  await h.press('r');
  await h.waitFor((x) => x.includes('web-1') && !/│[› ]ec206912/.test(x));
  await h.press(':');
  await h.type('actions');
  await h.press(keys.enter);
  await h.waitFor(/create_server/);
  await selectRow(h, /delete_server +ec206912/);
  await h.press(keys.enter);
  await h.waitFor(/Resource kind +server/);
});

test(':actions pages in from the service as the cursor goes down, with the total; / asks the service for one resource', async () => {
  h = await startApp({ height: 30 });
  await h.waitFor('web-1');
  // 60 console actions on one server: more than a page
  for (let i = 0; i < 60; i++) await h.client.servers.console('ec206905');
  const total = (await h.client.actions.list({ start: 0, length: 1 })).total;
  expect(total).toBeGreaterThan(90);
  await h.press(':');
  await h.type('actions');
  await h.press(keys.enter);
  await h.waitFor(`50 of ${total} actions loaded`);
  // the end of what is loaded brings the next page, and the next
  await h.press('G');
  await h.waitFor(`${Math.min(100, total)} of ${total} actions loaded`);
  for (let loaded = 100; loaded < total; loaded += 50) {
    await h.press('G');
    await h.waitFor(`${Math.min(loaded + 50, total)} of ${total} actions loaded`);
  }
  // a search goes to the service as the resource
  await h.press('/');
  await h.type('ec206905');
  await h.press(keys.enter);
  const f = await h.waitFor(/61 of 61 actions loaded/);
  // the kept search says what it is: one resource's actions
  expect(f).toContain('Actions  /resource: ec206905');
  expect(f).not.toMatch(/│[› ] +\d+ \S+ +ec206901 /);
});

test('a row in flight moves on :actions without its page being asked for again: the tracker follows it', async () => {
  h = await openActions();
  await selectRow(h, /create_server +ec206914 +api-3 +In progress +█*░+ +\d+%/);
  h.advance(300);
  await h.waitFor(/│› +\d+ create_server +ec206914 +api-3 +Completed +100%/);
});

test('NAME says what each action acts on in words beside its identifier, from the lists the session holds', async () => {
  // every one of the demo's 38 actions on screen: the VLANs' were made weeks ago, so they are far down the list
  h = await startApp({ height: 50 });
  // the snapshots' descriptions come from :snapshots once it has been shown
  await openScreen(h, 'snapshots', /weekly snapshot/);
  await h.press(':');
  await h.type('actions');
  await h.press(keys.enter);
  const f = await h.waitFor(/add_vlan +ec206901-net000001 +web-1 +Completed/);
  expect(f).toMatch(/RESOURCE +NAME +STATUS/);
  expect(f).toMatch(/create_snapshot +108 +"weekly snapshot" of web-1 +Completed/);
  expect(f).toMatch(/rollback +ec206901 +web-1 +Completed/);
});

test('NAME asks once for the snapshots and templates it names when no list of them was shown', async () => {
  h = await startApp({ height: 50 });
  await h.waitFor(/web-1/);
  const snapshotLists = vi.spyOn(h.client.snapshots, 'list');
  const templateLists = vi.spyOn(h.client.templates, 'list');
  await openScreen(h, 'actions', /create_server/);
  // a live snapshot and a template by their words; a deleted snapshot has none left to give, and is said to be
  await h.waitFor(/create_snapshot +108 +"weekly snapshot" of web-1 +Completed/);
  const f = await h.waitFor(/create_template +ei204101 +web stack golden image +Completed/);
  expect(f).toMatch(/delete_snapshot +104 +\(deleted\) +Completed/);
  expect(f).toMatch(/create_snapshot +104 +\(deleted\) +Completed/);
  expect(f).toMatch(/delete_template +ei204100 +\(deleted\) +Completed/);
  // a server being deleted is not deleted yet
  expect(f).toMatch(/delete_server +ec206912 +scratch-tmp +In progress/);
  expect(f).toMatch(/create_server +ec206912 +scratch-tmp +Completed/);
  expect(f).toMatch(/create_template +ei204100 +\(deleted\) +Completed/);
  // every server's snapshots once (as :snapshots reads them), the templates once
  const servers = (await h.client.servers.list()).length;
  expect(snapshotLists).toHaveBeenCalledTimes(servers);
  expect(templateLists).toHaveBeenCalledTimes(1);
  // other rows on screen, a reload: nothing asked again, the deleted one included
  await h.press('G');
  await h.waitFor(/create_server/);
  await h.press('g', 'r');
  await h.waitFor(/add_vlan +ec206903-net000002/);
  expect(snapshotLists).toHaveBeenCalledTimes(servers);
  expect(templateLists).toHaveBeenCalledTimes(1);
});

test('NAME says deleted what a completed delete took away, with the words a list gave; a failed delete deletes nothing', async () => {
  h = await startApp({ width: 200, height: 40 });
  // 108 deleted here (the dialog keeps its words); 106 over the API by a script, once no list holds it any
  // more; 105's delete fails
  await openScreen(h, 'snapshots', /weekly snapshot/);
  await h.waitFor((x) => /108/.test(selectedLine(x)));
  await h.press('d');
  await h.waitFor('[y/N]');
  await h.press('y');
  await h.waitFor(/delete_snapshot/);
  await h.client.snapshots.remove('ec206901', 106);
  await h.admin('PUT', '/__emulator/faults', { fail_next_actions: 1 });
  await h.client.snapshots.remove('ec206901', 105);
  h.advance(600);
  await h.press('r');
  // the list without 106 and 108 (the panel may still name them a few seconds: its ✓ lingers)
  await h.waitFor((x) => !/^│[› ]web-1 \(ec206901\) +10[68] /m.test(x) && /^│[› ]web-1 \(ec206901\) +105 /m.test(x));
  await h.press(':');
  await h.type('actions');
  await h.press(keys.enter);
  const f = await h.waitFor(/delete_snapshot +108 +\(deleted\) "weekly snapshot" of web-1 +Completed/);
  expect(f).toMatch(/create_snapshot +108 +\(deleted\) "weekly snapshot" of web-1 +Completed/);
  expect(f).toMatch(/delete_snapshot +106 +\(deleted\) +Completed/);
  expect(f).toMatch(/create_snapshot +106 +\(deleted\) +Completed/);
  expect(f).toMatch(/delete_snapshot +105 +"weekly snapshot" of web-1 +Failed/);
  expect(f).toMatch(/create_snapshot +105 +"weekly snapshot" of web-1 +Completed/);
  // a snapshot nobody deleted is not said to be
  expect(f).toMatch(/create_snapshot +107 +"release 2.4" of web-2 +Completed/);
  // at 200 columns NAME stops at 40: STATUS stays beside it, the spare room is at the row's end
  expect(f).toMatch(/"release 2.4" of web-2 {1,20}Completed/);
  // a server too, once its delete has completed: scratch-tmp (its notes stay while a list of the session still
  // holds the server, until the servers are read again)
  expect(f).toMatch(/delete_server +ec206912 +\(deleted\)( scratch-tmp)? +Completed/);
  expect(f).toMatch(/create_server +ec206912 +\(deleted\)( scratch-tmp)? +Completed/);
  expect(f).toMatch(/create_server +ec206913 +worker-2 +Completed/);
  // ⏎ on a deleted one: nowhere to go, so the action's record; on one still there, that snapshot
  await selectRow(h, /create_snapshot +106 /);
  await h.press(keys.enter);
  await h.waitFor(/Resource kind +snapshot/);
  await h.press(keys.escape);
  await selectRow(h, /create_snapshot +105 /);
  await h.press(keys.enter);
  await h.waitFor('Snapshots (all servers)  /105');
  await h.press(keys.escape, keys.escape);
  await h.waitFor(/create_server/);
  await selectRow(h, /delete_server +ec206912 /);
  await h.press(keys.enter);
  await h.waitFor(/Resource kind +server/);
});

test('on an estate of more than 50 servers NAME does not ask every server for its snapshots', async () => {
  h = await startApp({ height: 40 });
  await h.admin('POST', '/__emulator/bulk/servers', { username: 'demo', count: 50 });
  await h.press('r');
  await h.waitFor(/1\/6\d│/);
  const snapshotLists = vi.spyOn(h.client.snapshots, 'list');
  await openScreen(h, 'actions', /create_server/);
  // the templates are one request, and still named
  const f = await h.waitFor(/create_template +ei204101 +web stack golden image +Completed/);
  expect(f).toMatch(/create_snapshot +108 +Completed/);
  expect(snapshotLists).not.toHaveBeenCalled();
  // web-1's Snapshots tab, once shown, names its snapshots here
  await h.press(keys.escape);
  await h.waitFor(/bulk-15/);
  await h.press('g', keys.enter);
  await h.waitFor('Milano (IT)');
  await h.press('3');
  await h.waitFor(/weekly snapshot/);
  await openScreen(h, 'actions', /create_server/);
  await h.waitFor(/create_snapshot +108 +"weekly snapshot" of web-1 +Completed/);
  expect(snapshotLists).toHaveBeenCalledTimes(1);
});

test('at 80 columns NAME stays and PROGRESS gives way (STATUS says what is under way; the panel draws its bar)', async () => {
  h = await startApp({ width: 80, height: 24 });
  await openScreen(h, 'actions', /create_server/);
  const f = await h.waitFor(/create_snapshot +107 +"release 2.4" of web-2 +Completed/);
  expect(f).toMatch(/RESOURCE +NAME +STATUS/);
  expect(f).not.toContain('PROGRESS');
  // a snapshot's name too wide for NAME keeps whose snapshot it is: the description is cut, not the server
  await h.waitFor(/create_snapshot +108 +"weekly sn[a-z]*…" of web-1 +Completed/);
});

test('a NAME too wide for its cell gives up the description, not the server; without a server its end goes', () => {
  expect(keepServer('"weekly snapshot" of web-1', 22)).toBe('"weekly sna…" of web-1');
  expect(keepServer('(deleted) "pre-migration" of db-primary', 30)).toBe('(deleted) "pre…" of db-primary');
  // too narrow to keep a few characters of the description: cut at the end as any cell
  expect(keepServer('"weekly snapshot" of web-1', 14)).toBe('"weekly snaps…');
  expect(keepServer('web stack golden image', 12)).toBe('web stack g…');
  // a name that fits is left as it is (the table hands every cell of the column over)
  expect(keepServer('"weekly snapshot" of web-1', 26)).toBe('"weekly snapshot" of web-1');
});
