// Issue 6's figures for metrics, on the built program in a pseudo-terminal against an emulator process:
// - metrics_req_per_min: metrics requests the emulator counts per minute (over two) while the servers list
//   sits idle with its CPU column on (target: no more than the rows on screen);
// - metrics_30d_frame_ms: the Metrics tab's frame for a 30-day range once its data has arrived: from the key
//   that asks for 30d to the frame that shows it, less what the same request takes on its own (the median of
//   seven made from here), i.e. what the dashboard spends reading and drawing the answer (target: 50 ms).
import { cleanEnv, launch, sleep } from './dashboard.mjs';
import { json, median, ROOT, startListening } from './util.mjs';
import { join } from 'node:path';

const BIN = join(ROOT, 'bin/ecsdeck.js');
const SERVER_ROW = /^│[ ›]ec2\d{5}\s/m;

/** `Range 30d: 2026-10-26 08:00 → 2026-11-25 08:00 UTC`: the range the frame shows, in days. */
function shownDays(screen) {
  const m = / (\d{4}-\d\d-\d\d \d\d:\d\d) → (\d{4}-\d\d-\d\d \d\d:\d\d) UTC/.exec(screen);
  return m ? (Date.parse(`${m[2]}Z`) - Date.parse(`${m[1]}Z`)) / 86_400_000 : 0;
}

export async function benchMetrics() {
  const emu = await startListening(process.execPath, [BIN, 'emulator', '--port', '0', '--seed', 'demo', '--clock', 'manual']);
  try {
    const app = launch(['--api-url', emu.url], cleanEnv({ ECSDECK_USERNAME: 'demo', ECSDECK_PASSWORD: 'demo' }), 140, 40);
    await app.waitFor((s) => SERVER_ROW.test(s) && /\d+%/.test(s), 30_000);
    // the first round of sparklines is in; then a quiet minute of the list on screen
    await sleep(5000);
    const visible = app.screen().split('\n').filter((l) => SERVER_ROW.test(l)).length;
    // two minutes, so that at least one whole round of refreshes falls inside (a row is due a minute after it
    // was asked, and looked at every 15 s: a round every 60 to 75 s)
    const m0 = (await json(`${emu.url}/__emulator/stats`)).metrics_requests;
    await sleep(120_000);
    const m1 = (await json(`${emu.url}/__emulator/stats`)).metrics_requests;
    const metrics_req_per_min = (m1 - m0) / 2;
    console.log(`metrics requests per idle minute of the servers list: ${metrics_req_per_min} (${m1 - m0} in two minutes; ${visible} rows on screen)`);

    // the Metrics tab of the first server, stepped to 7d, then the step to 30d timed
    app.child.write('\r2');
    await app.waitFor((s) => shownDays(s) > 0.04 && /CPU +last/.test(s), 15_000);
    for (const days of [0.25, 1, 7]) {
      app.child.write(']');
      await app.waitFor((s) => Math.abs(shownDays(s) - days) < 0.01, 15_000);
    }
    const { token } = await json(`${emu.url}/ecs/v2/login`, { method: 'POST', body: JSON.stringify({ username: 'demo', password: 'demo' }) });
    const alone = [];
    const end = new Date((await json(`${emu.url}/__emulator/clock`)).now);
    const start = new Date(end.getTime() - 30 * 86_400_000);
    for (let i = 0; i < 7; i++) {
      const t = performance.now();
      await json(`${emu.url}/ecs/v2/servers/ec206901/metrics?start=${start.toISOString()}&end=${end.toISOString()}`, { headers: { authorization: `Bearer ${token}` } });
      alone.push(performance.now() - t);
    }
    const t0 = performance.now();
    app.child.write(']');
    const t1 = await app.waitFor((s) => Math.abs(shownDays(s) - 30) < 0.01 && /CPU +last/.test(s), 15_000);
    const request_ms = median(alone);
    const metrics_30d_frame_ms = Math.max(0, Math.round((t1 - t0 - request_ms) * 10) / 10);
    console.log(`Metrics tab, 30 days: ${metrics_30d_frame_ms} ms after the data (key to frame ${(t1 - t0).toFixed(1)} ms, the request alone ${request_ms.toFixed(1)} ms)`);
    await app.stop();
    return { metrics_req_per_min, metrics_visible_rows: visible, metrics_30d_frame_ms };
  } finally {
    emu.child.kill('SIGTERM');
  }
}
