// cli_list_ms: `ecsdeck servers list -o json` with 1,000 servers, from spawning it to its exit, beside Node's
// own start (`node -e ''`); the target is within CLI_LIST_OVER_NODE_MS of it. The emulator runs in its own
// process; the command logs in with an API token, as a script would. The first run writes the code cache and
// is not counted.
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLI_LIST_OVER_NODE_MS } from './targets.mjs';
import { json, median, startListening, ROOT } from './util.mjs';

const RUNS = 7;
const SERVERS = 1000;

function timed(args, env) {
  const t = performance.now();
  const r = spawnSync(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024 });
  const ms = performance.now() - t;
  if (r.status !== 0) throw new Error(`${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return { ms, stdout: r.stdout.toString() };
}

export async function benchCli() {
  const { child, url } = await startListening(process.execPath, ['bin/ecsdeck.js', 'emulator', '--port', '0', '--clock', 'manual', '--seed', 'empty']);
  try {
    await json(`${url}/__emulator/bulk/servers`, { method: 'POST', body: JSON.stringify({ username: 'demo', count: SERVERS }) });
    const login = await json(`${url}/ecs/v2/login`, { method: 'POST', body: JSON.stringify({ username: 'demo', password: 'demo' }) });
    const made = await json(`${url}/ecs/v2/keys`, { method: 'POST', headers: { authorization: `Bearer ${login.token}` }, body: JSON.stringify({ notes: 'bench' }) });
    const env = {
      ...process.env,
      ECSDECK_API_URL: url,
      ECSDECK_API_TOKEN: made.token,
      ECSDECK_CONFIG_DIR: mkdtempSync(join(tmpdir(), 'ecsdeck-bench-conf-')),
      ECSDECK_CACHE_DIR: mkdtempSync(join(tmpdir(), 'ecsdeck-bench-cache-')),
      XDG_STATE_HOME: mkdtempSync(join(tmpdir(), 'ecsdeck-bench-state-')),
    };
    const args = ['bin/ecsdeck.js', 'servers', 'list', '-o', 'json'];
    const first = timed(args, env);
    const count = JSON.parse(first.stdout).length;
    if (count < SERVERS) throw new Error(`servers list gave ${count} servers, not ${SERVERS}`);
    const times = [];
    const floors = [];
    for (let i = 0; i < RUNS; i++) {
      times.push(timed(args, env).ms);
      floors.push(timed(['-e', ''], process.env).ms);
    }
    const cli_list_ms = Math.round(median(times));
    const cli_node_floor_ms = Math.round(median(floors));
    console.log(`servers list -o json, ${SERVERS} servers (median of ${RUNS}): ${cli_list_ms} ms; Node's own start ${cli_node_floor_ms} ms; over it ${cli_list_ms - cli_node_floor_ms} ms (target ≤ ${CLI_LIST_OVER_NODE_MS})`);
    return { cli_list_ms, cli_node_floor_ms };
  } finally {
    child.kill('SIGTERM');
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchCli();
