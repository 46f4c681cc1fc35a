// A server's Networks tab and the `:networks` screen: VLANs added (single and range), changed and removed,
// the restart said before sending, a VLAN that is not ok refused at once; networks made and deleted. Each
// write is checked on the service, not only on screen.
import { afterEach, expect, test } from 'vitest';
import { keys } from '../helpers.js';
import { selectRow, selectedLine, startApp, type Harness } from '../app/harness.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.cleanup();
  h = undefined;
});

async function openNetworksTab(): Promise<Harness> {
  const t = await startApp({ height: 36, width: 120 });
  await t.waitFor((f) => selectedLine(f).includes('ec206901'));
  await t.press(keys.enter);
  await t.waitFor('Milano (IT)');
  await t.press('4');
  await t.waitFor(/net000001 +100 yes +Ok/);
  return t;
}

const vlansOf = async (t: Harness, network: string) => (await t.client.vlans.list('ec206901', network)).filter((v) => v.active);

test('c adds the first VLAN between the server and a network only after a y/N that says the server restarts; n keeps the form', async () => {
  h = await openNetworksTab();
  let f = h.frame();
  expect(f).toContain('[4 Networks]');
  expect(f).toMatch(/net000002 +— +Not attached/);
  // the form starts on the network of the row the cursor is on
  await selectRow(h, /net000002 +— +Not attached/);
  await h.press('c');
  await h.waitFor('Add a VLAN to ec206901');
  await h.press(keys.enter);
  // the service's own rule, before anything is sent
  await h.type('5000');
  await h.press(keys.enter);
  await h.waitFor('vlan with id 5000 not in 1-4094');
  for (let i = 0; i < 4; i++) await h.press(keys.backspace);
  await h.type('300');
  await h.press(keys.enter, keys.enter);
  f = await h.waitFor('The first VLAN between ec206901 and net000002 restarts ec206901. Go on?');
  // the footer offers the question's keys, not the form's (it had `⏎ next  Tab field  esc cancel` here)
  f = await h.waitFor((x) => /└ y send it +n\/esc back to the form/.test(x));
  // the question's own line says its keys as the footer does
  expect(f).toContain('│ y send it  n/esc back to the form');
  expect(f.split('\n').find((l) => l.startsWith('└'))).not.toMatch(/next|field/);
  // n: back to the form, every value kept, nothing sent
  await h.press('n');
  f = await h.waitFor((x) => !x.includes('Go on?') && x.includes('Add a VLAN') && /└ ⏎ add +Tab\/Shift\+Tab field/.test(x));
  expect(f).toMatch(/VLAN +300/);
  expect(await vlansOf(h, 'net000002')).toEqual([]);
  await h.press(keys.enter);
  await h.waitFor('Go on?');
  await h.press('y');
  await h.waitFor(/net000002 +300 +no +Creating/);
  expect((await vlansOf(h, 'net000002')).map((v) => v.vlanId)).toEqual([300]);
  // it is ok once its action ends
  h.advance(120);
  await h.press('r');
  await h.waitFor(/net000002 +300 +no +Ok/);
});

test('c with a range on a network that has VLANs sends at once; D removes a range after y/N', async () => {
  h = await openNetworksTab();
  await h.press('c');
  await h.waitFor('Add a VLAN to ec206901');
  await h.press(keys.enter); // net000001, first
  await h.type('10-1');
  await h.press(keys.enter);
  await h.waitFor('invalid range format using vlans range, end must be greater than start');
  for (let i = 0; i < 4; i++) await h.press(keys.backspace);
  await h.type('10-12');
  await h.press(keys.enter);
  // no pvid for a range, and no question: net000001 already has VLANs with this server
  await h.waitFor(/net000001 +10 +no +Creating/);
  expect((await vlansOf(h, 'net000001')).map((v) => v.vlanId).sort((a, b) => a - b)).toEqual([10, 11, 12, 100, 200]);
  h.advance(120);
  await h.press('r');
  await h.waitFor(/net000001 +12 +no +Ok/);
  await h.press('D');
  await h.waitFor('Remove VLANs from ec206901');
  await h.press(keys.enter);
  await h.type('10-12');
  await h.press(keys.enter);
  await h.waitFor('Removing VLANs 10-12 between ec206901 and net000001 restarts ec206901. Go on?');
  await h.press('y');
  await h.waitFor(/delete_vlan/);
  h.advance(120);
  await h.press('r');
  await h.waitFor((x) => !/net000001 +1[0-2] /.test(x) && /net000001 +100/.test(x));
  expect((await vlansOf(h, 'net000001')).map((v) => v.vlanId).sort((a, b) => a - b)).toEqual([100, 200]);
});

test('e changes the pvid; d removes a VLAN after a y/N naming the restart; a VLAN not ok is refused at once', async () => {
  h = await openNetworksTab();
  await selectRow(h, /net000001 +200/);
  await h.press('e');
  await h.waitFor('VLAN 200 on net000001');
  await h.press('y', keys.enter);
  await h.waitFor(/net000001 +200 +yes +Updating/);
  expect((await vlansOf(h, 'net000001')).find((v) => v.vlanId === 200)?.pvid).toBe(true);
  // updating: neither e nor d sends anything, and the reason is said
  await h.press('d');
  await h.waitFor('VLAN 200 on net000001 is updating: it can be changed once it is ok');
  expect(h.frame()).not.toContain('[y/N]');
  h.advance(120);
  await h.press('r');
  await h.waitFor(/net000001 +200 +yes +Ok/);
  await selectRow(h, /net000001 +200/);
  await h.press('d');
  await h.waitFor('VLAN 200 between ec206901 and net000001 is removed, and ec206901 restarts.');
  await h.press('y');
  await h.waitFor(/delete_vlan/);
  h.advance(120);
  await h.press('r');
  await h.waitFor((x) => !/net000001 +200/.test(x));
  expect((await vlansOf(h, 'net000001')).map((v) => v.vlanId)).toEqual([100]);
});

test(':networks creates a network with c, and d shows the service refusing while a VLAN is attached', async () => {
  h = await startApp({ height: 30, width: 120 });
  await h.waitFor('web-1');
  await h.press(':');
  await h.type('networks');
  await h.press(keys.enter);
  await h.waitFor(/net000001/);
  const before = (await h.client.networks.list()).map((n) => n.name);
  await h.press('c');
  await h.waitFor('Create a private network? [y/N]');
  // anything but y sends nothing
  await h.press('n');
  await h.waitFor('Nothing was created.');
  expect((await h.client.networks.list()).map((n) => n.name)).toEqual(before);
  await h.press('c');
  await h.waitFor('Create a private network? [y/N]');
  await h.press('y');
  await h.waitFor(/Private network net\d+ created/);
  const after = (await h.client.networks.list()).map((n) => n.name);
  const made = after.find((n) => !before.includes(n))!;
  expect(made).toBeDefined();
  await h.waitFor(new RegExp(`│›${made}`));
  // the new one has no VLAN: it goes
  await h.press('d');
  await h.waitFor(`Delete private network ${made}?`);
  await h.press('y');
  await h.waitFor(`Private network ${made} deleted.`);
  expect((await h.client.networks.list()).map((n) => n.name)).not.toContain(made);
  // net000001 carries VLANs: the service's message, to the letter, and the network stays
  await selectRow(h, /net000001/);
  await h.press('d');
  await h.waitFor('Delete private network net000001?');
  await h.press('y');
  await h.waitFor("can't delete network until there are vlan attached to it");
  expect((await h.client.networks.list()).map((n) => n.name)).toContain('net000001');
});

test('c then a whole burst typed before the networks have loaded: the burst waits for them and goes as typed', async () => {
  h = await openNetworksTab();
  // the service is slow to list networks from now on: the form's choice is still loading when the keys come
  await h.admin('PUT', '/__emulator/faults', { latency_ms: 400, path_prefix: '/ecs/v2/networks' });
  await h.press('c');
  await h.waitFor('Add a VLAN to ec206901');
  h.stdin.write('net000002\r300\r\r');
  await h.waitFor('The first VLAN between ec206901 and net000002 restarts ec206901. Go on?');
  await h.admin('DELETE', '/__emulator/faults');
  await h.press('y');
  await h.waitFor(/net000002 +300 +no +Creating/);
  expect((await vlansOf(h, 'net000002')).map((v) => v.vlanId)).toEqual([300]);
});
