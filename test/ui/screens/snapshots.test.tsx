// `:snapshots` writes: create, edit, protect (one way, counted against the limit of 12), delete (y/N, saying
// when it is a protected one) and a template from a snapshot; each checked on the service, not only on screen.
import { afterEach, expect, test } from 'vitest';
import { keys } from '../helpers.js';
import { openScreen, startApp, type Harness } from '../app/harness.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.cleanup();
  h = undefined;
});

const selectedLine = (f: string) => f.split('\n').find((l) => l.startsWith('│›')) ?? '';

async function openSnapshots(): Promise<Harness> {
  const t = await startApp({ height: 36 });
  await t.waitFor('web-1');
  await t.press(':');
  await t.type('snapshots');
  await t.press(keys.enter);
  await t.waitFor(/weekly snapshot/);
  return t;
}

/** Selects the first row whose line matches. */
async function selectRow(t: Harness, re: RegExp): Promise<string> {
  for (let i = 0; i < 30; i++) {
    const f = t.frame();
    if (re.test(selectedLine(f))) return selectedLine(f);
    await t.press('j');
  }
  throw new Error(`no row matches ${re}`);
}

test('p protects an unprotected snapshot after y, says the count, and refuses a protected one at once', async () => {
  h = await openSnapshots();
  const line = await selectRow(h, /web-1 \(ec206901\) +\d+ weekly snapshot.* no /);
  const id = Number(/ec206901\) +(\d+)/.exec(line)![1]);
  await h.press('p');
  const f = await h.waitFor('[y/N]');
  expect(f).toMatch(/cannot be undone: the service refuses to unprotect/);
  // the dialog wraps its words: read them as one text, without the frame's sides
  const words = f.split('\n').map((l) => l.replace(/^[│╭╮╰╯─ ]+|[│╭╮╰╯─ ]+$/g, '')).join(' ').replace(/\s+/g, ' ');
  expect(words).toMatch(/\d+ of 12 protected on web-1 \(ec206901\)\./);
  await h.press('y');
  await h.waitFor(`Snapshot ${id} of web-1 (ec206901) is protected.`);
  expect((await h.client.snapshots.get('ec206901', id)).protected).toBe(true);
  await h.waitFor((fr) => /ec206901\) +\d+ weekly snapshot.* yes /.test(selectedLine(fr)));
  await h.press('p');
  await h.waitFor(`snapshot ${id} is already protected`);
  expect(h.frame()).not.toContain('[y/N]');
});

test('e edits the description; d asks y/N, says a protected one is protected, and deletes it', async () => {
  h = await openSnapshots();
  const line = await selectRow(h, /ec206902\) +\d+ .* yes /);
  const id = Number(/ec206902\) +(\d+)/.exec(line)![1]);
  await h.press('e');
  await h.waitFor(`Edit snapshot ${id}`);
  await h.press(keys.ctrlU);
  await h.type('release 2.4 final');
  await h.press(keys.enter, keys.enter);
  await h.waitFor(`Saved snapshot ${id} of web-2 (ec206902).`);
  expect((await h.client.snapshots.get('ec206902', id)).description).toBe('release 2.4 final');

  await h.press('d');
  const f = await h.waitFor('It is a protected snapshot');
  // the list mixes servers: the one it is of is named as a person knows it, before it is deleted for good
  expect(f).toContain(`Delete snapshot ${id} "release 2.4 final" of web-2 (ec206902)?`);
  await h.press('y');
  await h.waitFor(/delete_snapshot/);
  expect((await h.client.snapshots.get('ec206902', id)).status).toMatch(/^(DE|deleting)$/i);
});

test('c takes a snapshot of the server chosen; T makes a template from a snapshot', async () => {
  h = await openSnapshots();
  await h.press('c');
  await h.waitFor('New snapshot');
  await h.type('db-prim');
  await h.press(keys.enter);
  await h.type('before upgrade');
  await h.press(keys.enter, keys.enter);
  // the server chosen by its notes is named so in the status line too, as the dialogs name it
  await h.waitFor('Taking a snapshot of db-primary (ec206903)…');
  await h.waitFor(/create_snapshot/);
  expect((await h.client.snapshots.list('ec206903')).some((s) => s.description === 'before upgrade')).toBe(true);
  // the new one is selected once the list has it
  await h.waitFor(/│›\S+ \(ec206903\) +\d+ before upgrade/);

  await selectRow(h, /ec206901\) +\d+ /);
  await h.press('T');
  await h.waitFor('Template from snapshot');
  await h.press(keys.ctrlU);
  await h.type('from a snapshot');
  await h.press(keys.enter);
  await h.waitFor(/create_template/);
  expect((await h.client.templates.list()).some((t) => t.description === 'from a snapshot')).toBe(true);
});

test('SERVER names each server as a person knows it, web-2 (ec206902), and / finds a server\'s snapshots by those words', async () => {
  h = await openSnapshots();
  const rows = () => h!.frame().split('\n').filter((l) => /^│.\S.*\(ec2069\d\d\) +\d+ /.test(l));
  expect(rows().some((l) => l.includes('web-1 (ec206901)'))).toBe(true);
  expect(rows().some((l) => l.includes('web-2 (ec206902)'))).toBe(true);
  await h.press('/');
  await h.type('web-2');
  await h.waitFor(() => rows().length > 0 && rows().every((l) => l.includes('web-2 (ec206902)')));
  expect(h.frame()).not.toContain('(ec206901)');
  for (let i = 0; i < 5; i++) await h.press(keys.backspace);
  await h.type('ec206901');
  await h.waitFor(() => rows().length > 0 && rows().every((l) => l.includes('web-1 (ec206901)')));
});

test('at 140 columns a snapshot\'s NOTES are whole: the NAME column, which repeats server and id, gives way to them', async () => {
  h = await startApp({ width: 140, height: 36 });
  await openScreen(h, 'snapshots', /weekly snapshot/);
  const f = h.frame();
  expect(f).toContain('restored after failed db migration');
  expect(f).not.toContain('migr…');
  // wider, there is room for both
  h.rerender({ width: 200 });
  await h.waitFor((fr) => /NOTES +NAME/.test(fr) && fr.includes('restored after failed db migration') && fr.includes('ec206901-SNP-6'));
});

test("R restores the snapshot's server from it once the server's name is typed; a wrong name does nothing", async () => {
  h = await openSnapshots();
  const line = await selectRow(h, /web-1 \(ec206901\) +\d+ pre-migration/);
  const id = Number(/ec206901\) +(\d+)/.exec(line)![1]);
  const rollbacks = async () => (await h!.client.actions.list()).actions.filter((a) => a.type === 'rollback').length;
  const before = await rollbacks();
  await h.press('R');
  const f = await h.waitFor('to confirm');
  const words = f.split('\n').map((l) => l.replace(/^[│╭╮╰╯─ ]+|[│╭╮╰╯─ ]+$/g, '')).join(' ').replace(/\s+/g, ' ');
  expect(words).toContain(`Restore web-1 (ec206901) from snapshot ${id} "pre-migration"`);
  // what is lost, and from when, before anything is sent
  expect(words).toMatch(/put back as it was when the snapshot was taken \(2026-\d\d-\d\d \d\d:\d\d UTC\): everything written to it since is lost\. This cannot be undone\./);
  expect(words).toContain('Type ec206901 to confirm');
  await h.type('ec2069');
  await h.press(keys.enter);
  await h.waitFor('That is not ec206901; nothing was done.');
  expect(await rollbacks()).toBe(before);
  await h.press(keys.ctrlU);
  await h.type('ec206901');
  await h.press(keys.enter);
  await h.waitFor(`Restoring web-1 (ec206901) from snapshot ${id}…`);
  // the action names only the server; the panel says which snapshot too
  await h.waitFor(new RegExp(`rollback +web-1 \\(ec206901\\) from snapshot ${id} "pre-migrat`));
  expect((await h.client.snapshots.get('ec206901', id)).restoring).toBe(true);
  // a second R on it while it runs is refused at once, nothing asked
  await h.press('R');
  await h.waitFor(`web-1 (ec206901) is being restored from snapshot ${id} now`);
  expect(h.frame()).not.toContain('to confirm');
  h.advance(120);
  await h.waitFor(/rollback +web-1 \(ec206901\) from snapshot \d+ "pre-migra\S* +✓ done/);
  expect((await h.client.servers.get('ec206901')).lastRestoredSnapshot?.id).toBe(id);
  // and so does :actions, beside the server
  await h.press(':');
  await h.type('actions');
  await h.press(keys.enter);
  await h.waitFor(new RegExp(`rollback +ec206901 +web-1 from snapshot ${id} "`));
});

test('a snapshot being deleted is refused at once by e, d, p, T and R; the template form no longer offers it', async () => {
  h = await openSnapshots();
  const line = await selectRow(h, /web-1 \(ec206901\) +\d+ weekly snapshot/);
  const id = Number(/ec206901\) +(\d+)/.exec(line)![1]);
  await h.client.snapshots.remove('ec206901', id);
  await h.press('r');
  await h.waitFor((fr) => new RegExp(`│›web-1 \\(ec206901\\) +${id} weekly snapshot +Deleting`).test(fr));
  for (const key of ['e', 'd', 'p', 'T', 'R']) {
    // y puts other words on the status line, so each refusal is seen to come from its own key
    await h.press('y');
    await h.waitFor(`Copied ${id} to the clipboard.`);
    await h.press(key);
    await h.waitFor(`snapshot ${id} is being deleted`);
    expect(h.frame()).not.toMatch(/to confirm|\[y\/N\]|Edit snapshot|Template from snapshot/);
  }
  await h.press(':');
  await h.type('templates');
  await h.press(keys.enter);
  await h.waitFor(/Templates/);
  await h.press('c');
  await h.waitFor('Source');
  await h.type('snapshot ');
  const offered = await h.waitFor(/› snapshot \d+ of ec20690/);
  expect(offered).not.toContain(`snapshot ${id} of`);
});

test('R on a snapshot still being made is refused at once with why', async () => {
  h = await openSnapshots();
  const made = await h.client.snapshots.create('ec206902', { description: 'still copying', notes: '' });
  await h.press('r');
  await h.waitFor('still copying');
  await h.press('g');
  await selectRow(h, /ec206902\) +\d+ still copying +Creating/);
  await h.press('R');
  await h.waitFor(`snapshot ${made.snapshot.id} cannot be restored until it is Created (it is Creating)`);
  expect(h.frame()).not.toContain('to confirm');
});

test('the status line says which snapshot a restore put back when it ends', async () => {
  h = await openSnapshots();
  const line = await selectRow(h, /web-1 \(ec206901\) +\d+ before kernel upgrade/);
  const id = Number(/ec206901\) +(\d+)/.exec(line)![1]);
  await h.press('R');
  await h.waitFor('to confirm');
  await h.type('ec206901');
  await h.press(keys.enter);
  await h.waitFor(`Restoring web-1 (ec206901) from snapshot ${id}…`);
  h.advance(120);
  await h.waitFor(`Restored web-1 (ec206901) from snapshot ${id} "before kernel upgrade".`);
});
