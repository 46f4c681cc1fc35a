// Issue 21's bulk figures, on the built program in a pseudo-terminal: 500 servers marked out of 10,000 and
// powered off with one `P`, `y`. Between the dashboard and the emulator sits a counting proxy, so the
// requests in flight are seen as the service sees them, not as the dashboard says. Printed, never asserted.
import http from 'node:http';
import { json, median, percentile, startListening } from './util.mjs';
import { cleanEnv, launch } from './dashboard.mjs';
import { join } from 'node:path';
import { ROOT } from './util.mjs';

const BIN = join(ROOT, 'bin/ecsdeck.js');
const MARKED = 500;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A proxy to `target` counting the power requests (POST …/actions) in flight, and the most at once. */
function countingProxy(target) {
  const stats = { inFlight: 0, peak: 0, sent: 0, lastSentAt: 0 };
  const server = http.createServer((req, res) => {
    const power = req.method === 'POST' && /\/servers\/[^/]+\/actions$/.test(req.url ?? '');
    if (power) {
      stats.inFlight += 1;
      stats.sent += 1;
      stats.peak = Math.max(stats.peak, stats.inFlight);
      stats.lastSentAt = performance.now();
    }
    const up = http.request(`${target}${req.url}`, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
      answer.on('end', () => {
        if (power) stats.inFlight -= 1;
      });
    });
    up.on('error', () => {
      if (power) stats.inFlight -= 1;
      res.destroy();
    });
    req.pipe(up);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${server.address().port}`, stats, close: () => server.close() })));
}

export async function benchBulk() {
  const emu = await startListening(process.execPath, [BIN, 'emulator', '--port', '0', '--seed', 'empty', '--clock', 'manual']);
  const proxy = await countingProxy(emu.url);
  try {
    await json(`${emu.url}/__emulator/bulk/servers`, { method: 'POST', body: JSON.stringify({ username: 'demo', count: 10_000 }) });
    // each power request takes a little while on the service, as it would over a network
    await json(`${emu.url}/__emulator/faults`, { method: 'PUT', body: JSON.stringify({ latency_ms: 20, path_prefix: '/ecs/v2/servers/' }) });
    const app = launch(['--api-url', proxy.url], cleanEnv({ ECSDECK_USERNAME: 'demo', ECSDECK_PASSWORD: 'demo' }), 120, 40);
    await app.waitFor((s) => /10000/.test(s) && /ec2\d{5}\s/.test(s), 60_000);
    await sleep(500);
    // space marks and moves down: 500 of them, 50 to a write
    for (let i = 0; i < MARKED; i += 50) {
      app.child.write(' '.repeat(50));
      await app.waitFor((s) => s.includes(`${i + 50} marked`), 20_000);
    }
    app.child.write('P');
    await app.waitFor((s) => s.includes('[y/N]'), 10_000);
    const t0 = performance.now();
    app.child.write('y');
    // keys while the requests go out: j and k, each timed to its frame
    const times = [];
    while (proxy.stats.sent < MARKED && times.length < 400) times.push(await app.keyToFrame(times.length % 20 < 10 ? 'j' : 'k'));
    await app.waitFor((s) => /of 500 requests accepted/.test(s), 60_000);
    const bulk_sent_ms = Math.round(proxy.stats.lastSentAt - t0);
    await app.waitFor((s) => /bulk +power_off/.test(s), 5000);
    const screen = app.screen();
    const bulk_panel_lines = screen.split('\n').filter((l) => /power_off/.test(l)).length;
    const bulk_key_p95_ms = times.length ? Math.round(percentile(times, 95) * 10) / 10 : 0;
    console.log(`bulk power-off of ${MARKED} marked of 10,000: every request sent ${bulk_sent_ms} ms after y (20 ms service latency each)`);
    console.log(`  requests in flight at most ${proxy.stats.peak} (the dashboard's pace: 4); panel lines for the group: ${bulk_panel_lines} (target 1)`);
    console.log(`  keypress to frame while they go out: p95 ${bulk_key_p95_ms} ms (target 16 ms), median ${times.length ? median(times).toFixed(1) : '-'} ms (${times.length} keys)`);
    await app.stop();
    return { bulk_sent_ms, bulk_peak_in_flight: proxy.stats.peak, bulk_key_p95_ms, bulk_panel_lines };
  } finally {
    proxy.close();
    emu.child.kill('SIGTERM');
  }
}
