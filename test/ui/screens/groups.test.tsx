// `:groups`: the groups with the servers in each; c creates one (checked on the service, the password never
// on screen), d deletes an empty one after y/N and refuses at once one that still holds servers.
import { afterEach, expect, test } from 'vitest';
import { keys } from '../helpers.js';
import { startApp, type Harness } from '../app/harness.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.cleanup();
  h = undefined;
});

const selectedLine = (f: string) => f.split('\n').find((l) => l.startsWith('│›')) ?? '';

async function openGroups(t: Harness): Promise<void> {
  await t.waitFor('web-1');
  await t.press(':');
  await t.type('groups');
  await t.press(keys.enter);
}

test('lists each group with its servers; d on a group that holds servers says so at once', async () => {
  h = await startApp({ height: 30 });
  const groups = await h.client.groups.list();
  const prod = groups.find((g) => g.notes === 'production')!;
  const members = (await h.client.servers.list()).filter((s) => s.group === prod.name && s.status !== 'deleted').map((s) => s.name);
  expect(members.length).toBeGreaterThan(0);
  await openGroups(h);
  const f = await h.waitFor(prod.name);
  const line = f.split('\n').find((l) => l.includes(prod.name))!;
  expect(line).toContain('production');
  for (const m of members) expect(line).toContain(m);
  while (!selectedLine(h.frame()).includes(prod.name)) await h.press('j');
  await h.press('d');
  await h.waitFor(`group ${prod.name} still holds`);
  expect(h.frame()).not.toContain('[y/N]');
  expect((await h.client.groups.list()).some((g) => g.id === prod.id)).toBe(true);
});

test('c creates a group on the service (the password masked and never drawn); d deletes it after y', async () => {
  h = await startApp({ height: 30 });
  await openGroups(h);
  await h.waitFor('production');
  await h.press('c');
  await h.waitFor('New group');
  await h.press(keys.enter);
  await h.waitFor('Label is needed');
  await h.type('batch jobs');
  await h.press(keys.enter);
  await h.type('grp-secret-77');
  await h.press(keys.enter);
  const f = await h.waitFor(/Group eg1\d{5} "batch jobs" created\./);
  const name = /Group (eg1\d{5})/.exec(f)![1];
  expect(h.frames().some((fr) => fr.includes('grp-secret-77'))).toBe(false);
  const made = (await h.client.groups.list()).find((g) => g.name === name)!;
  expect(made.notes).toBe('batch jobs');
  await h.waitFor((fr) => selectedLine(fr).includes(name));
  await h.press('d');
  await h.waitFor(`Delete group "batch jobs" (${name})? [y/N]`);
  await h.press('y');
  await h.waitFor(`Group ${name} deleted.`);
  expect((await h.client.groups.list()).some((g) => g.name === name)).toBe(false);
});

test('read-only: c and d are refused', async () => {
  h = await startApp({ height: 30, readOnly: true });
  await openGroups(h);
  await h.waitFor('production');
  await h.press('c');
  await h.waitFor('read-only: c (create) is turned off');
  await h.press('d');
  await h.waitFor('read-only: d (delete) is turned off');
});

test('a server the service lists as Deleted is not counted in its group', async () => {
  const groupsScreen = (await import('../../../src/ui/screens/groups.js')).default;
  const server = (name: string, status: string) => ({ name, status, group: 'eg110421' });
  const client = {
    groups: { list: async () => [{ id: 1, name: 'eg110421', notes: 'production', enabled: true }] },
    servers: { list: async () => [server('ec206901', 'booted'), server('ec206912', 'deleted'), server('ec206913', 'deleting')] },
  };
  const rows = (await groupsScreen.load({ client } as never, new AbortController().signal)) as Array<{ servers: string[] }>;
  expect(rows[0].servers).toEqual(['ec206901', 'ec206913']);
});
