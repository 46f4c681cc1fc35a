import { createEmulator } from '../../../src/emulator/app.js';
import { createClient } from '../../../src/api/index.js';
import { test } from 'vitest';
test('probe', async () => {
const emu = createEmulator({ clock: 'manual', seed: 'demo' });
const client = createClient({ endpoint: 'http://emu', fetch: emu.fetch });
await client.login('demo', 'demo');
const servers = await client.servers.list();
for (const s of servers) console.log(s.name, s.notes, s.status, s.active, s.isReserved, s.spot?.status, s.group, JSON.stringify(s.extra));
const s = servers[0];
console.log(JSON.stringify(s, null, 1));
const off = await client.servers.powerOff(s.name);
emu.advance(10);
const s2 = await client.servers.get(s.name);
console.log(s2.status, s2.active, JSON.stringify(s2.extra));
const res = await emu.fetch(new Request('http://emu/ecs/v2/servers/'+s.name, {headers: {authorization: 'Bearer '+client.credential!.token}}));
console.log(await res.text());
});
