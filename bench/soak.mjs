// `npm run soak [-- --seconds N]` (or SOAK_SECONDS): the built dashboard in a pseudo-terminal against an
// emulator whose faults keep changing (latency up to 2 s, 5 % 503, 1 % dropped connections, bursts of 429),
// while it powers servers off and on through its own keys, 50 actions in all, then a while longer to the end
// of the time. Checks: no crash, no POST sent twice (the emulator's own count of actions against the
// confirmations typed), resident memory within 20 % of where it stood after the first five actions, every action seen to its end (the
// emulator says completed and the dashboard's panel has let go of it), and every key answered by a frame.
// Two storms on top: a paste storm (every 20 s of the quiet part, `--paste N` j keys in one write, default
// 300: the dashboard must live and land on the last row, all keys in order), and an emulator restart
// mid-run (the process ended and started again on the same port without --state: every login token it gave
// is unknown to the new one; the dashboard, which has the password from the environment, must show the list
// again by itself, no key pressed, within 30 s).
// Prints its figures (the last line is JSON), and exits 1 if a check failed.
import { parseArgs } from 'node:util';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pty from 'node-pty';
import xterm from '@xterm/headless';
import { ROOT, startListening } from './util.mjs';

const { values } = parseArgs({ options: { seconds: { type: 'string' }, actions: { type: 'string' }, paste: { type: 'string' } } });
const SECONDS = Number(values.seconds ?? process.env.SOAK_SECONDS ?? 180);
const ACTIONS = Number(values.actions ?? 50);
const PASTE = Number(values.paste ?? 300);
if (!(SECONDS > 0) || !(ACTIONS > 0) || !(PASTE > 0)) {
  console.error('usage: npm run soak -- [--seconds 180] [--actions 50] [--paste 300]');
  process.exit(2);
}
const SERVERS = 25;
const KEY_ANSWER_MS = 3000;
const BIN = join(ROOT, 'bin/ecsdeck.js');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const started = performance.now();
const elapsed = () => (performance.now() - started) / 1000;
const VERBOSE = process.env.SOAK_VERBOSE === '1';
const log = (line) => {
  if (VERBOSE) console.log(`[${elapsed().toFixed(1).padStart(6)} s] ${line}`);
};

// Speed 5: a power action takes 1 s, and a login (an hour of emulator time) outlasts a 12-minute soak.
let emu = await startListening(process.execPath, [BIN, 'emulator', '--port', '0', '--seed', 'empty', '--speed', '5']);
const PORT = new URL(emu.url).port;
const home = mkdtempSync(join(tmpdir(), 'ecsdeck-soak-'));

/** The soak's own requests to the emulator, retried through the faults it injects (GETs and admin only). */
async function api(method, path, body, token) {
  for (let attempt = 0; ; attempt++) {
    try {
      const headers = { 'content-type': 'application/json' };
      if (token) headers.authorization = `Bearer ${token}`;
      const res = await fetch(emu.url + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      const text = await res.text();
      if (res.ok) return text ? JSON.parse(text) : null;
      if (![429, 502, 503, 504].includes(res.status) || attempt > 40) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    } catch (err) {
      if (attempt > 40 || !(err instanceof TypeError)) throw err;
    }
    await sleep(100);
  }
}

const figures = {
  keys: 0,
  unanswered: 0,
  keyP95Ms: 0,
  issued: 0,
  refused: 0,
  failedPosts: 0,
  emulatorActions: 0,
  faultsChanged: 0,
  bursts: 0,
  pasteStorms: 0,
  pasteKeys: 0,
  pasteLanded: 0,
  pasteSettleMsMax: 0,
  restarts: 0,
  restartRecoveryMs: NaN,
};
const problems = [];

const names = (await api('POST', '/__emulator/bulk/servers', { username: 'demo', count: SERVERS })).names;
let { token } = await api('POST', '/ecs/v2/login', { username: 'demo', password: 'demo' });
let sortedNames = [...names].sort();

const cols = 120;
const rows = 40;
const env = { ...process.env, TERM: 'xterm-256color', HOME: home, XDG_CONFIG_HOME: join(home, '.config'), ECSDECK_CONFIG_DIR: join(home, 'config') };
delete env.CI;
for (const k of Object.keys(env)) if (k.startsWith('ECSDECK_') && k !== 'ECSDECK_CONFIG_DIR') delete env[k];
Object.assign(env, { ECSDECK_USERNAME: 'demo', ECSDECK_PASSWORD: 'demo' });
const child = pty.spawn(process.execPath, [BIN, '--api-url', emu.url], { cols, rows, env, name: 'xterm-256color' });
const term = new xterm.Terminal({ cols, rows, allowProposedApi: true });
let exited = null;
child.onExit((e) => {
  exited = e;
  log(`the dashboard exited (${JSON.stringify(e)})`);
});
let onChunk = null;
child.onData((d) => term.write(d, () => onChunk?.()));
const screen = () => {
  const b = term.buffer.active;
  let s = '';
  for (let i = 0; i < rows; i++) s += (b.getLine(b.viewportY + i)?.translateToString(true) ?? '') + '\n';
  return s;
};
const waitFor = (test, timeoutMs) =>
  new Promise((resolve) => {
    const timer = setTimeout(() => {
      onChunk = null;
      resolve(false);
    }, timeoutMs);
    const check = () => {
      if (test(screen())) {
        clearTimeout(timer);
        onChunk = null;
        resolve(true);
      }
    };
    onChunk = check;
    check();
  });
const rssMb = () => Number(readFileSync(`/proc/${child.pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)[1]) / 1024;
const keyTimes = [];
/** Types one key and waits for the frame that answers it. */
async function key(k) {
  const before = screen();
  const t0 = performance.now();
  child.write(k);
  figures.keys += 1;
  const answered = await waitFor((s) => s !== before, KEY_ANSWER_MS);
  if (answered) keyTimes.push(performance.now() - t0);
  else {
    figures.unanswered += 1;
    problems.push(`key ${JSON.stringify(k)} not answered within ${KEY_ANSWER_MS} ms`);
  }
  return answered;
}

let faultsOn = true;
async function faultLoop() {
  let tick = 0;
  while (faultsOn) {
    const latency = Math.floor(Math.random() * 2001);
    // every seventh change is a burst of 429s, as a rate limiter gives them
    const burst = ++tick % 7 === 0;
    const faults = burst
      ? { latency_ms: latency, drop_rate: 0.01, error_next: 8, error_status: 429 }
      : { latency_ms: latency, drop_rate: 0.01, error_rate: 0.05, error_status: 503 };
    await api('PUT', '/__emulator/faults', faults).catch(() => undefined);
    figures.faultsChanged += 1;
    if (burst) figures.bursts += 1;
    await sleep(3000);
  }
}

const powerActions = async () => {
  const page = await api('GET', '/ecs/v2/actions?length=1000', undefined, token);
  return page.actions.filter((a) => a.type === 'power_on' || a.type === 'power_off');
};

/** The first emulator's actions, counted before it is restarted (the new one starts with none). */
let actionsBeforeRestart = [];

/**
 * A burst of PASTE j keys in one write, from the top of the list: the dashboard must live and end on the
 * last row (every key landed, in order). Then back to the top.
 */
async function pasteStorm() {
  // from the top of the whole list: esc first, should a filter or a dialog a fault left open still be there
  for (let tries = 0; tries < 5; tries++) {
    child.write('\u001b');
    await sleep(300);
    child.write('g');
    if (await waitFor((s) => s.includes(`│›${sortedNames[0]}`) && !/y\/N/.test(s), 2000)) break;
  }
  if (!screen().includes(`│›${sortedNames[0]}`)) {
    log(`paste storm skipped: the list's top could not be reached\n${screen()}`);
    return;
  }
  figures.pasteStorms += 1;
  figures.pasteKeys += PASTE;
  const t0 = performance.now();
  child.write('j'.repeat(PASTE));
  // from the first of the rows, one key fewer than there are rows reaches the last; the rest stay there
  const want = sortedNames[Math.min(PASTE, sortedNames.length - 1)];
  const landed = await waitFor((s) => s.includes(`│›${want}`), 15_000);
  const ms = performance.now() - t0;
  if (landed && exited === null) {
    figures.pasteLanded += 1;
    figures.pasteSettleMsMax = Math.max(figures.pasteSettleMsMax, Math.round(ms));
  } else problems.push(`a paste of ${PASTE} keys: ${exited !== null ? 'the dashboard exited' : `the selection did not reach ${want} within 15 s`}`);
  log(`paste storm of ${PASTE} keys: ${landed ? `on ${want} after ${Math.round(ms)} ms` : 'NOT landed'}`);
  child.write('g');
  await sleep(500);
}

/**
 * The emulator ended and started again on the same port, without --state: a new signing secret, so the
 * dashboard's login token is refused ("invalid token"). The servers are made again (same names) and one
 * more: the dashboard must renew its login by itself and list the new one, with no key pressed and no error
 * left on screen (the list as it was, still on screen from before, proves nothing).
 */
async function restartEmulator() {
  await api('DELETE', '/__emulator/faults');
  // the first emulator's actions, finished, kept for the final count
  const deadline = Date.now() + 30_000;
  let before = await powerActions();
  while (before.some((a) => a.status !== 'completed') && Date.now() < deadline) {
    await sleep(500);
    before = await powerActions();
  }
  actionsBeforeRestart = before;
  const old = emu.child;
  await new Promise((r) => {
    old.once('exit', r);
    old.kill('SIGTERM');
  });
  const t0 = performance.now();
  emu = await startListening(process.execPath, [BIN, 'emulator', '--port', PORT, '--seed', 'empty', '--speed', '5']);
  const again = [...(await api('POST', '/__emulator/bulk/servers', { username: 'demo', count: SERVERS + 1 })).names].sort();
  const added = again.filter((n) => !sortedNames.includes(n));
  if (added.length !== 1) problems.push(`the restarted emulator named its servers differently: ${again.join(' ')}`);
  sortedNames = again;
  ({ token } = await api('POST', '/ecs/v2/login', { username: 'demo', password: 'demo' }));
  figures.restarts += 1;
  log(`emulator restarted on port ${PORT} without its state`);
  // recovered: the new server listed (a request with a renewed login) and no error on screen
  const back = await waitFor((s) => (added.every((n) => s.includes(n)) || s.includes(`${again.length} servers`)) && !s.includes('✗'), 30_000);
  if (back && exited === null) figures.restartRecoveryMs = Math.round(performance.now() - t0);
  else problems.push(`after the emulator restarted, the dashboard did not list the servers again within 30 s:\n${screen()}`);
}

let rssStart = NaN;
let rssEnd = NaN;
let faults;
try {
  if (!(await waitFor((s) => names.every((n) => s.includes(n)) || /\b25\b/.test(s), 30_000))) throw new Error(`no servers listed; screen:\n${screen()}`);
  faults = faultLoop();

  // Each server is powered off (P), then, in the next round, on again (p): one server per action, chosen by
  // filtering the list to its name. A round's actions are typed one after the other; then the service's own
  // list says which arrived (a 503, a 429 or a dropped connection stops a POST before it does, and the
  // dashboard says so on screen), and those are typed again before the next round.
  const counts = (actions) => {
    const m = new Map();
    for (const a of actions) m.set(`${a.resource} ${a.type}`, (m.get(`${a.resource} ${a.type}`) ?? 0) + 1);
    return m;
  };
  const rounds = [];
  for (let i = 0; i < ACTIONS; i++) (rounds[Math.floor(i / SERVERS)] ??= []).push({ name: names[i % SERVERS], off: Math.floor(i / SERVERS) % 2 === 0 });
  for (const round of rounds) {
    let pending = round;
    for (let attempt = 0; pending.length > 0 && attempt < 6 && exited === null; attempt++) {
      const before = counts(await powerActions());
      const asked = new Set();
      for (const job of pending) {
        await key('/');
        for (const ch of job.name) await key(ch);
        await key('\r');
        await waitFor((s) => s.includes(job.name), 2000);
        await key(job.off ? 'P' : 'p');
        if (await waitFor((s) => /y\/N/.test(s), 2000)) {
          await key('y');
          figures.issued += 1;
          asked.add(job);
        } else {
          figures.refused += 1;
        }
        // esc clears the filter (the y/N is closed by its answer)
        await key('\u001b');
        // memory is compared from when the program has warmed up: every code path and cache used once
        if (Number.isNaN(rssStart) && figures.issued >= 5) rssStart = rssMb();
      }
      // y sends the POST as the dialog closes: with up to 2 s of latency, 4 s is time enough for the last one
      await sleep(4000);
      const after = counts(await powerActions());
      const type = (job) => `${job.name} ${job.off ? 'power_off' : 'power_on'}`;
      const missed = pending.filter((job) => (after.get(type(job)) ?? 0) <= (before.get(type(job)) ?? 0));
      figures.failedPosts += missed.filter((job) => asked.has(job)).length;
      log(`round of ${pending.length} ${pending[0].off ? 'P' : 'p'}: ${pending.length - missed.length} on the service, ${missed.length} to type again`);
      pending = missed;
    }
    for (const job of pending) problems.push(`${job.off ? 'power off' : 'power on'} ${job.name} never reached the service in 6 tries`);
  }

  // the rest of the time: faults on, the dashboard refreshing and following, keys now and then
  // (from the top, j and k in turn: each always moves, so each must change the frame), a paste storm every
  // 20 s, and, at two thirds of the time, the emulator restarted without its state
  child.write('g');
  await sleep(500);
  const restartAt = Math.max(elapsed() + 10, SECONDS * (2 / 3));
  let nextStorm = elapsed() + 5;
  // j first after every return to the top (k there would not move)
  let down = true;
  while (elapsed() < SECONDS && exited === null) {
    if (figures.restarts === 0 && elapsed() >= restartAt) {
      faultsOn = false;
      await faults;
      await restartEmulator();
      faultsOn = true;
      faults = faultLoop();
    }
    if (elapsed() >= nextStorm) {
      await pasteStorm();
      nextStorm = elapsed() + 20;
      down = true;
      continue;
    }
    await key(down ? 'j' : 'k');
    down = !down;
    await sleep(2000);
  }
  faultsOn = false;
  await faults;
  // a short soak (the actions took the time): one of each all the same, at its end, and a quiet moment after
  if (figures.restarts === 0 && exited === null) await restartEmulator();
  if (figures.pasteStorms === 0 && exited === null) await pasteStorm();
  if (figures.pasteStorms === 0) problems.push('no paste storm: the top of the list was never reached');
  await api('DELETE', '/__emulator/faults');

  // every action to its end: completed on the service, and no bar left in the dashboard's panel
  const actions = [...actionsBeforeRestart, ...(await powerActions())];
  figures.emulatorActions = actions.length;
  const open = actions.filter((a) => a.status !== 'completed');
  if (open.length > 0) problems.push(`${open.length} actions not completed on the service: ${open.map((a) => `${a.id} ${a.status}`).join(', ')}`);
  if (!(await waitFor((s) => s.includes('nothing running'), 30_000))) problems.push(`the dashboard still shows actions in flight:\n${screen()}`);
  if (figures.emulatorActions > figures.issued) problems.push(`${figures.emulatorActions} actions on the service for ${figures.issued} confirmations: a POST was sent twice`);
  if (figures.emulatorActions < ACTIONS) problems.push(`only ${figures.emulatorActions} of ${ACTIONS} actions ran`);
  await sleep(2000);
  rssEnd = rssMb();
  if (rssEnd > rssStart * 1.2) problems.push(`resident memory grew from ${rssStart.toFixed(0)} MB to ${rssEnd.toFixed(0)} MB`);
} catch (err) {
  problems.push(String(err?.stack ?? err));
} finally {
  faultsOn = false;
  if (exited !== null) problems.push(`the dashboard exited: ${JSON.stringify(exited)}\n${screen()}`);
  else {
    child.write('q');
    await new Promise((r) => {
      child.onExit(r);
      setTimeout(() => {
        child.kill();
        r();
      }, 3000).unref();
    });
  }
  emu.child.kill('SIGTERM');
  rmSync(home, { recursive: true, force: true });
}

const sorted = [...keyTimes].sort((a, b) => a - b);
figures.keyP95Ms = sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(0.95 * sorted.length) - 1)]) : NaN;
const result = {
  soak_seconds: Math.round(elapsed()),
  soak_actions: figures.emulatorActions,
  soak_confirmations: figures.issued,
  soak_failed_posts_retried: figures.failedPosts,
  soak_refused_before_asking: figures.refused,
  soak_keys: figures.keys,
  soak_keys_unanswered: figures.unanswered,
  soak_key_p95_ms: figures.keyP95Ms,
  soak_fault_changes: figures.faultsChanged,
  soak_429_bursts: figures.bursts,
  soak_paste_storms: figures.pasteStorms,
  soak_paste_keys: figures.pasteKeys,
  soak_paste_storms_landed: figures.pasteLanded,
  soak_paste_settle_ms_max: figures.pasteSettleMsMax,
  soak_emulator_restarts: figures.restarts,
  soak_restart_recovery_ms: figures.restartRecoveryMs,
  soak_rss_start_mb: Math.round(rssStart),
  soak_rss_end_mb: Math.round(rssEnd),
  soak_ok: problems.length === 0,
};
console.log(`soak: ${result.soak_seconds} s, ${result.soak_actions} actions on the service for ${result.soak_confirmations} confirmations`);
console.log(`  ${figures.failedPosts} POSTs failed by a fault (said on screen, typed again), ${figures.refused} refused before asking`);
console.log(`  ${figures.keys} keys, ${figures.unanswered} unanswered, p95 ${figures.keyP95Ms} ms from key to frame`);
console.log(`  faults changed ${figures.faultsChanged} times, ${figures.bursts} bursts of 429`);
console.log(`  ${figures.pasteLanded} of ${figures.pasteStorms} paste storms of ${PASTE} keys landed (slowest ${figures.pasteSettleMsMax} ms to the row they lead to)`);
console.log(`  emulator restarted ${figures.restarts} time(s) without its state; the dashboard listed the servers again after ${figures.restartRecoveryMs} ms, no key pressed`);
console.log(`  resident memory ${result.soak_rss_start_mb} MB at start, ${result.soak_rss_end_mb} MB at the end`);
for (const p of problems) console.log(`PROBLEM: ${p}`);
console.log(JSON.stringify(result));
process.exit(problems.length === 0 ? 0 : 1);
