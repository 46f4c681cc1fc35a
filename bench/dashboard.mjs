// Issue 4's figures, measured on the built program in a pseudo-terminal, as a user runs it:
// start to first frame, keypress to frame with 10,000 servers, idle CPU, polling rate, resident memory.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pty from 'node-pty';
import xterm from '@xterm/headless';
import { json, median, percentile, ROOT, startListening } from './util.mjs';
import { NODE_VERSIONS, nodeBinary } from '../scripts/nodes.mjs';
import { firstFrameLine } from './targets.mjs';

const BIN = join(ROOT, 'bin/ecsdeck.js');

/**
 * The environment of a program the bench starts: the person's own connection settings cleared, and profiles
 * and the history of writes in temporary directories, so that the bench's hundreds of power-offs never land in
 * the person's `:history` (the code cache stays the person's: the first-frame figures are those of a warm one).
 */
export function cleanEnv(extra = {}) {
  const env = {
    ...process.env,
    TERM: 'xterm-256color',
    ECSDECK_CONFIG_DIR: mkdtempSync(join(tmpdir(), 'ecsdeck-bench-')),
    XDG_STATE_HOME: mkdtempSync(join(tmpdir(), 'ecsdeck-bench-state-')),
    ...extra,
  };
  delete env.CI;
  for (const k of Object.keys(env)) if (k.startsWith('ECSDECK_') && !(k in extra) && k !== 'ECSDECK_CONFIG_DIR') delete env[k];
  return env;
}

/** The program in a pty, with a headless terminal reading its screen. */
export function launch(args, env, cols = 120, rows = 40, node = process.execPath) {
  return inPty(node, [BIN, ...args], env, cols, rows);
}

/** `node argv` in a pty, with a headless terminal reading its screen. */
function inPty(node, argv, env, cols, rows) {
  const started = performance.now();
  const child = pty.spawn(node, argv, { cols, rows, env, name: 'xterm-256color' });
  const term = new xterm.Terminal({ cols, rows, allowProposedApi: true });
  let onChunk = null;
  child.onData((d) => {
    term.write(d, () => onChunk?.());
  });
  const screen = () => {
    const b = term.buffer.active;
    let s = '';
    for (let i = 0; i < rows; i++) s += (b.getLine(b.viewportY + i)?.translateToString(true) ?? '') + '\n';
    return s;
  };
  const waitFor = (test, timeoutMs = 20_000) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        onChunk = null;
        reject(new Error(`timed out; screen:\n${screen()}`));
      }, timeoutMs);
      const check = () => {
        if (test(screen())) {
          clearTimeout(timer);
          onChunk = null;
          resolve(performance.now());
        }
      };
      onChunk = check;
      check();
    });
  /** ms from writing `key` to the first frame that differs from the screen before it */
  const keyToFrame = async (key) => {
    const before = screen();
    const t0 = performance.now();
    child.write(key);
    const t1 = await waitFor((s) => s !== before, 5000);
    return t1 - t0;
  };
  const cpuSeconds = () => {
    const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime, in clock ticks of 1/100 s
  };
  // a thread's schedstat in ms: [time on a CPU, time ready to run but waiting for one] (ns precision)
  const schedstat = (tid) =>
    readFileSync(`/proc/${child.pid}/task/${tid}/schedstat`, 'utf8')
      .split(' ')
      .slice(0, 2)
      .map((ns) => Number(ns) / 1e6);
  // on-CPU time of the main thread: steadier than the wall clock on a machine others share
  const mainCpuMs = () => schedstat(child.pid)[0];
  // how long the main thread was ready to run but waited for a core
  const mainWaitMs = () => schedstat(child.pid)[1];
  // on-CPU time of the program's other threads: V8's compilers and collectors, libuv's pool
  const helpersCpuMs = () => {
    let ms = 0;
    for (const tid of readdirSync(`/proc/${child.pid}/task`)) {
      if (tid === String(child.pid)) continue;
      try {
        ms += schedstat(tid)[0];
      } catch {
        // the thread ended between the listing and the read
      }
    }
    return ms;
  };
  const rssMb = () => Number(readFileSync(`/proc/${child.pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)[1]) / 1024;
  const stop = () =>
    new Promise((resolve) => {
      child.onExit(() => resolve());
      child.write('q');
      setTimeout(() => child.kill(), 2000).unref();
    });
  return { child, started, screen, waitFor, keyToFrame, cpuSeconds, mainCpuMs, mainWaitMs, helpersCpuMs, rssMb, stop };
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const SERVER_ROW = /ec2\d{5}\s/;
/** wide enough that the servers list draws every column, POWER included */
const KEY_COLS = 240;
const KEY_ROWS = 50;

/** Median ms for Node itself to run an empty script here: the part of a start no program can save. */
function nodeStartMs(node = process.execPath) {
  const times = [];
  for (let i = 0; i < 7; i++) {
    const t = performance.now();
    spawnSync(node, ['-e', ''], { stdio: 'ignore' });
    times.push(performance.now() - t);
  }
  return Math.round(median(times));
}

/**
 * Median ms from asking for a worker thread (an empty CommonJS file, as the demo's emulator thread is one) to
 * its first line running, in a Node started for it: what the demo's emulator costs before it loads anything.
 */
function workerStartMs(node = process.execPath) {
  const dir = mkdtempSync(join(tmpdir(), 'ecsdeck-worker-start-'));
  const worker = join(dir, 'worker.cjs');
  writeFileSync(worker, "require('node:worker_threads').parentPort.postMessage(performance.timeOrigin + performance.now());\n");
  const parent = `const { Worker } = require('node:worker_threads');
const asked = performance.timeOrigin + performance.now();
const w = new Worker(${JSON.stringify(worker)}, { stdout: true, stderr: true });
w.once('message', (t) => { process.stdout.write(String(t - asked)); w.terminate(); });`;
  const times = [];
  try {
    for (let i = 0; i < 7; i++) times.push(Number(spawnSync(node, ['-e', parent], { encoding: 'utf8' }).stdout));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return Math.round(median(times));
}

/**
 * For `runs` starts of the demo on `node` in a row: ms from spawning it to its first screen with a server
 * row, and the main thread's CPU ms by then.
 */
export async function firstFrames(node, runs = 7, extraEnv = {}) {
  const times = [];
  const cpu = [];
  for (let i = 0; i < runs; i++) {
    const app = launch(['--demo'], cleanEnv(extraEnv), 120, 40, node);
    times.push((await app.waitFor((s) => SERVER_ROW.test(s))) - app.started);
    cpu.push(app.mainCpuMs());
    await app.stop();
  }
  return { times, cpu };
}

/**
 * The first frame on each pinned Node besides the one running the bench (scripts/nodes.mjs), beside that
 * Node's own start: seven starts each, the first of which writes the code cache that version will use.
 */
async function firstFrameOnOtherNodes() {
  const figures = {};
  for (const major of Object.keys(NODE_VERSIONS)) {
    let node;
    try {
      node = nodeBinary(major);
    } catch (err) {
      // offline, or no build of that Node for this machine: the other figures still count
      console.log(`first frame on Node ${NODE_VERSIONS[major]}: not measured (${err.message})`);
      continue;
    }
    const { times, cpu } = await firstFrames(node);
    figures[`first_frame_ms_node${major}`] = Math.round(median(times));
    figures[`first_frame_cpu_ms_node${major}`] = Math.round(median(cpu));
    figures[`node_floor_ms_node${major}`] = nodeStartMs(node);
    console.log(
      `first frame on Node ${NODE_VERSIONS[major]} (median of 7): ${firstFrameLine(NODE_VERSIONS[major], figures[`first_frame_ms_node${major}`], figures[`node_floor_ms_node${major}`])}`,
    );
    console.log(`  [${times.map((x) => Math.round(x)).join(', ')}] ms, main thread CPU ${figures[`first_frame_cpu_ms_node${major}`]} ms`);
    console.log(`  beside it: an empty worker thread's first line runs ${workerStartMs(node)} ms after it is asked for (the demo's emulator runs in one)`);
  }
  return figures;
}

/**
 * The account's watcher on an emulator of its own (manual clock, `url`): its requests with 50 actions in
 * flight, then with nothing in flight on a live screen (the probe) and on one without live data (none).
 */
export async function benchWatcher(url) {
  // 50 actions in flight: the manual clock never moves, so they stay in flight.
  await json(`${url}/__emulator/reset`, { method: 'POST', body: JSON.stringify({ seed: 'empty' }) });
  const { token } = await json(`${url}/ecs/v2/login`, { method: 'POST', body: JSON.stringify({ username: 'demo', password: 'demo' }) });
  for (let i = 0; i < 50; i++) {
    await json(`${url}/ecs/v2/servers`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: JSON.stringify({ plan: 'eCS1', location: 'it-mi2', image: 'debian-12', notes: `poll-${i}` }),
    });
  }
  const polled = launch(['--api-url', url], cleanEnv({ ECSDECK_USERNAME: 'demo', ECSDECK_PASSWORD: 'demo' }));
  await polled.waitFor((s) => SERVER_ROW.test(s) && /create_server/.test(s), 30_000);
  await sleep(1000);
  const stats = () => json(`${url}/__emulator/stats`);
  const s0 = await stats();
  await sleep(10_000);
  const s1 = await stats();
  // the watcher's own requests (the action list, a lookup): one per tick is the target; every request the
  // dashboard makes (the servers list's refresh every 5 s, its sparklines) is printed beside it
  const poll_rps = Math.round(((s1.actions_requests - s0.actions_requests) / 10) * 100) / 100;
  const all_rps = Math.round(((s1.requests - s0.requests) / 10) * 100) / 100;
  console.log(`watcher requests per second with 50 actions in flight: ${poll_rps} (target ≤ 1, one per tick); all requests: ${all_rps}/s`);

  // Idle: the 50 actions end (the clock moves), then nothing is in flight. On the servers list (live data)
  // the watcher probes for new work every 5 s; on a screen with no live data it asks nothing.
  await json(`${url}/__emulator/clock/advance`, { method: 'POST', body: JSON.stringify({ seconds: 3600 }) });
  await polled.waitFor((s) => /nothing running/.test(s), 30_000);
  const i0 = await stats();
  await sleep(30_000);
  const i1 = await stats();
  const idle_probe_per_min = (i1.actions_requests - i0.actions_requests) * 2;
  console.log(`watcher requests per minute with nothing in flight, servers list shown: ${idle_probe_per_min} (target ≤ 12, a probe every 5 s); all requests: ${(i1.requests - i0.requests) * 2}/min`);
  for (const chunk of [':', 'regions', '\r']) {
    polled.child.write(chunk);
    await sleep(200);
  }
  await polled.waitFor((s) => /it-mi2/.test(s) && !SERVER_ROW.test(s), 10_000);
  await sleep(1000);
  const q0 = await stats();
  await sleep(15_000);
  const q1 = await stats();
  const idle_quiet_requests = q1.actions_requests - q0.actions_requests;
  console.log(`watcher requests in 15 s with nothing in flight on :regions (no live data): ${idle_quiet_requests} (target 0)`);
  await polled.stop();
  return { poll_rps, all_rps, idle_probe_per_min, idle_quiet_requests };
}

/** The demo's first frame (seven starts) and, on the last start, its idle CPU. */
async function benchStartAndIdle({ idle }) {
  const firstFrameTimes = [];
  const firstFrameCpu = [];
  const idleWindows = [];
  let settlingCpu = { ms: NaN, over: NaN };
  for (let i = 0; i < 7; i++) {
    const app = launch(['--demo'], cleanEnv());
    const t = await app.waitFor((s) => SERVER_ROW.test(s));
    firstFrameTimes.push(t - app.started);
    firstFrameCpu.push(app.mainCpuMs());
    if (i < 6 || !idle) await app.stop();
    else {
      // Idle: wait for the demo's booting server to finish, then CPU with nothing in flight. Finished
      // actions linger a few seconds with ✓, and the servers they touched refresh once more. And V8
      // compacts each heap (the dashboard's and the emulator's) when it first sees the program go idle:
      // 8 to 10 s after start, and for some starts once more about 8 s later, 100 to 200 ms of CPU in all,
      // once. Idle is the steady state after all that: from 30 s after start (and at least 10 s after the
      // last bar left the screen), three 10 s windows in a row, and their median.
      // (the action panel says so in words: the servers' CPU column has percentages of its own)
      await app.waitFor((s) => /nothing running/.test(s), 60_000);
      const settling = { cpu: app.cpuSeconds(), at: performance.now() };
      await sleep(Math.max(10_000, 30_000 - (performance.now() - app.started)));
      settlingCpu = { ms: (app.cpuSeconds() - settling.cpu) * 1000, over: (performance.now() - settling.at) / 1000 };
      for (let w = 0; w < 3; w++) {
        const c0 = app.cpuSeconds();
        const m0 = app.mainCpuMs();
        await sleep(10_000);
        idleWindows.push({ pct: ((app.cpuSeconds() - c0) / 10) * 100, mainPct: (app.mainCpuMs() - m0) / 100 });
      }
      await app.stop();
    }
  }
  const first_frame_ms = Math.round(median(firstFrameTimes));
  const first_frame_cpu_ms = Math.round(median(firstFrameCpu));
  const node_floor_ms = nodeStartMs();
  console.log(`first frame on Node ${process.versions.node} (median of 7): ${firstFrameLine(process.versions.node, first_frame_ms, node_floor_ms)}`);
  console.log(`  [${firstFrameTimes.map((x) => Math.round(x)).join(', ')}] ms, main thread CPU ${first_frame_cpu_ms} ms`);
  console.log(`  beside it: an empty worker thread's first line runs ${workerStartMs()} ms after it is asked for (the demo's emulator runs in one)`);
  const out = { first_frame_ms, first_frame_cpu_ms, node_floor_ms };
  if (idle) {
    const idleCpuPct = median(idleWindows.map((w) => w.pct));
    console.log(
      `idle CPU over 10 s: ${idleCpuPct.toFixed(2)} % of one core, target 0.5 (median of three windows: ${idleWindows.map((w) => w.pct.toFixed(2)).join(', ')}; the main thread's part: ${idleWindows.map((w) => w.mainPct.toFixed(2)).join(', ')})`,
    );
    console.log(`  (before them, from the last bar leaving to 30 s after start: ${Math.round(settlingCpu.ms)} ms of CPU in ${settlingCpu.over.toFixed(1)} s)`);
    out.idle_cpu_pct = Math.round(idleCpuPct * 100) / 100;
  }
  return out;
}

/** A program that only draws each key it reads: what the pseudo-terminal and the headless xterm take themselves. */
const ECHO = `process.stdin.setRawMode(true); process.stdout.write('\\x1b[?1049hready'); let n = 0;
process.stdin.on('data', (d) => { if (d[0] === 113) process.exit(0); n++; process.stdout.write('\\x1b[1;1Hkey ' + n); });`;

/** Keypress to frame for ECHO at the keys' size, 71 keys timed as the dashboard's are: the bench's own share of a key. */
async function echoFloor() {
  const echo = inPty(process.execPath, ['-e', ECHO], cleanEnv(), KEY_COLS, KEY_ROWS);
  // a key before raw mode would be the terminal's own echo
  await echo.waitFor((screen) => screen.startsWith('ready'));
  await echo.keyToFrame('j');
  const times = [];
  for (let i = 0; i < 71; i++) times.push(await echo.keyToFrame('j'));
  await echo.stop();
  return times;
}

/**
 * Keypress to frame against 10,000 servers, every column drawn (a terminal wide enough for POWER, SIZE,
 * PRICING and IPV6 too), with the main thread's CPU per key beside the wall clock: on a shared machine the
 * CPU barely moves while the wall clock follows the load. Then resident memory. Then the same keys with the
 * start-up rehearsal off.
 */
async function benchKeys(url) {
  const figures = await timeKeys(url);
  // The same keys with the start-up rehearsal turned off: what the first keys cost when pressed before it
  // has played (boot/rehearsal.ts).
  const bare = await timeKeys(url, { ECSDECK_NO_REHEARSAL: '1' }, 'without the start-up rehearsal (ECSDECK_NO_REHEARSAL=1)');
  return { ...figures, key_p95_ms_unrehearsed: bare.key_p95_ms };
}

async function timeKeys(url, extra = {}, label = null) {
  const env = cleanEnv({ ECSDECK_USERNAME: 'demo', ECSDECK_PASSWORD: 'demo', ...extra });
  const app = launch(['--api-url', url], env, KEY_COLS, KEY_ROWS);
  await app.waitFor((s) => /10000/.test(s) && SERVER_ROW.test(s), 60_000);
  await sleep(500);
  const headers = app.screen().split('\n').find((l) => /NAME\s+NOTES/.test(l)) ?? '';
  const drawn = headers.replace(/[│┃]/g, ' ').trim().split(/\s{1,}/).filter((w) => /^[A-Z0-9]+$/.test(w));
  const times = [];
  const cpu = [];
  const waits = [];
  const helpers0 = app.helpersCpuMs();
  const press = async (key) => {
    const c0 = app.mainCpuMs();
    const w0 = app.mainWaitMs();
    times.push(await app.keyToFrame(key));
    // what the key cost the dashboard up to its frame; keys go back to back, as the wall-clock figure has always
    // been taken
    cpu.push(app.mainCpuMs() - c0);
    waits.push(app.mainWaitMs() - w0);
  };
  for (let i = 0; i < 60; i++) await press(i % 20 < 10 ? 'j' : 'k');
  await press('/');
  for (const ch of ['e', 'c', '2', '0', '1']) await press(ch);
  for (let i = 0; i < 5; i++) await press('\u007f');
  const key_p95_ms = Math.round(percentile(times, 95) * 10) / 10;
  const key_cpu_p95_ms = Math.round(percentile(cpu, 95) * 10) / 10;
  if (label !== null) {
    console.log(`  ${label}: p95 ${key_p95_ms} ms, median ${median(times).toFixed(1)} ms; main thread CPU per key p95 ${key_cpu_p95_ms} ms, median ${median(cpu).toFixed(1)} ms`);
    await app.stop();
    return { key_p95_ms };
  }
  console.log(`keypress to frame with 10,000 servers at ${KEY_COLS}×${KEY_ROWS} (columns drawn: ${drawn.join(' ')}): p95 ${key_p95_ms} ms (target 6 ms), median ${median(times).toFixed(1)} ms (${times.length} keys)`);
  console.log(`  main thread CPU per key: p95 ${key_cpu_p95_ms} ms, median ${median(cpu).toFixed(1)} ms (moves ${median(cpu.slice(0, 60)).toFixed(1)}, filter keys ${median(cpu.slice(60)).toFixed(1)})`);
  const helpers = app.helpersCpuMs() - helpers0;
  console.log(
    `  beside it: the main thread waited for a core ${median(waits).toFixed(1)} ms per key (median; p95 ${percentile(waits, 95).toFixed(1)}), while the program's other threads (V8's compilers and collectors) ran ${Math.round(helpers)} ms over the ${times.length} keys, against ${Math.round(cpu.reduce((a, b) => a + b, 0))} ms of the main thread's`,
  );
  const floor = await echoFloor();
  console.log(`  the bench's own share: a program that only echoes each key shows it in ${median(floor).toFixed(1)} ms (median; p95 ${percentile(floor, 95).toFixed(1)})`);
  const rss_mb = Math.round(app.rssMb());
  console.log(`resident memory with 10,000 servers listed: ${rss_mb} MB (target 200 MB)`);
  await app.stop();
  return { key_p95_ms, key_cpu_p95_ms, rss_mb };
}

/** The parts of the dashboard's bench; `npm run bench -- dashboard:keys` runs one. */
export const DASHBOARD_PARTS = ['start', 'idle', 'keys', 'watcher', 'nodes'];

export async function benchDashboard(parts = DASHBOARD_PARTS) {
  const results = {};
  if (parts.includes('start') || parts.includes('idle')) Object.assign(results, await benchStartAndIdle({ idle: parts.includes('idle') }));
  if (parts.includes('keys') || parts.includes('watcher')) {
    // 10,000 servers on an external emulator.
    const emu = await startListening(process.execPath, [BIN, 'emulator', '--port', '0', '--seed', 'empty', '--clock', 'manual']);
    try {
      await json(`${emu.url}/__emulator/bulk/servers`, { method: 'POST', body: JSON.stringify({ username: 'demo', count: 10_000 }) });
      if (parts.includes('keys')) Object.assign(results, await benchKeys(emu.url));
      if (parts.includes('watcher')) Object.assign(results, await benchWatcher(emu.url));
    } finally {
      emu.child.kill('SIGTERM');
    }
  }
  if (parts.includes('nodes')) Object.assign(results, await firstFrameOnOtherNodes());
  return results;
}
