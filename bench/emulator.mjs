// Issue 2's figures: requests per second for one action lookup and for the list of 1,000 servers, over a
// loopback socket, next to a bare node:http server answering a fixed JSON body in the same run.
import { load } from './load.mjs';
import { json, startListening } from './util.mjs';

export async function benchEmulator({ seconds = 3 } = {}) {
  const bare = await startListening(process.execPath, ['bench/bare-server.mjs']);
  const emu = await startListening(process.execPath, ['bin/ecsdeck.js', 'emulator', '--port', '0', '--seed', 'empty', '--clock', 'manual']);
  try {
    const base = emu.url;
    // a separate account holds the 1,000 servers so the action lookup is measured on its own
    await json(`${base}/__emulator/users`, { method: 'POST', body: JSON.stringify({ username: 'bench', password: 'bench' }) });
    await json(`${base}/__emulator/bulk/servers`, { method: 'POST', body: JSON.stringify({ username: 'bench', count: 1000 }) });
    const login = async (username, password) =>
      (await json(`${base}/ecs/v2/login`, { method: 'POST', body: JSON.stringify({ username, password }) })).token;
    const demo = await login('demo', 'demo');
    const demoToken = (await json(`${base}/ecs/v2/keys`, { method: 'POST', body: JSON.stringify({ notes: 'bench' }), headers: { authorization: `Bearer ${demo}` } })).token;
    const created = await json(`${base}/ecs/v2/servers`, {
      method: 'POST',
      headers: { 'x-apitoken': demoToken },
      body: JSON.stringify({ plan: 'eCS1', location: 'it-mi2', image: 'debian-12', notes: 'bench' }),
    });
    const actionId = created.action_id ?? created.action;
    const benchToken = (await json(`${base}/ecs/v2/keys`, {
      method: 'POST',
      body: JSON.stringify({ notes: 'bench' }),
      headers: { authorization: `Bearer ${await login('bench', 'bench')}` },
    })).token;
    const listed = await json(`${base}/ecs/v2/servers`, { headers: { 'x-apitoken': benchToken } });
    if (listed.count !== 1000) throw new Error(`expected 1000 servers, got ${listed.count}`);

    const bareRun = await load({ url: `${bare.url}/`, seconds });
    const actionRun = await load({ url: `${base}/ecs/v2/actions/${actionId}`, headers: { 'x-apitoken': demoToken }, seconds });
    const listRun = await load({ url: `${base}/ecs/v2/servers`, headers: { 'x-apitoken': benchToken }, seconds, concurrency: 4 });
    for (const [name, run] of [['bare', bareRun], ['action', actionRun], ['list', listRun]]) {
      if (run.errors > 0) throw new Error(`${name}: ${run.errors} requests failed`);
    }
    console.log(`emulator: GET /ecs/v2/actions/{id}  ${actionRun.rps} req/s`);
    console.log(`emulator: GET /ecs/v2/servers (1,000) ${listRun.rps} req/s`);
    console.log(`bare node:http fixed JSON         ${bareRun.rps} req/s`);
    console.log(`action lookup at ${Math.round((actionRun.rps / bareRun.rps) * 100)} % of the bare server (target 40 %); list target 300 req/s`);
    return { emu_action_rps: actionRun.rps, emu_bare_rps: bareRun.rps, emu_list_rps: listRun.rps };
  } finally {
    bare.child.kill('SIGTERM');
    emu.child.kill('SIGTERM');
  }
}
