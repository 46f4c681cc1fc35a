// Issue 23's chart figure, on the built program in a pseudo-terminal against an emulator process:
// - metrics_cursor_key_p95_ms: the Metrics tab at 200×50 over 30 days (several chart rows a series), from a
//   cursor key (`,` or `.`) to the first frame that differs, p95 over 60 steps back and forth (target 16 ms).
import { join } from 'node:path';
import { cleanEnv, launch, sleep } from './dashboard.mjs';
import { median, percentile, ROOT, startListening } from './util.mjs';

const BIN = join(ROOT, 'bin/ecsdeck.js');
const SERVER_ROW = /^│[ ›]ec2\d{5}\s/m;

export async function benchMetricsCursor() {
  const emu = await startListening(process.execPath, [BIN, 'emulator', '--port', '0', '--seed', 'demo', '--clock', 'manual']);
  try {
    const app = launch(['--api-url', emu.url], cleanEnv({ ECSDECK_USERNAME: 'demo', ECSDECK_PASSWORD: 'demo' }), 200, 50);
    await app.waitFor((s) => SERVER_ROW.test(s), 30_000);
    app.child.write('\r2');
    await app.waitFor((s) => /Range 1h/.test(s) && /CPU +last/.test(s), 15_000);
    app.child.write(']]]]');
    await app.waitFor((s) => /Range 30d: \d/.test(s) && /CPU +last/.test(s) && / UTC +╵\d\d-\d\d/.test(s), 15_000);
    await sleep(500);
    // the first step puts the cursor on; then 30 steps back and 30 on, each one frame
    await app.keyToFrame(',');
    const times = [];
    for (let i = 0; i < 60; i++) times.push(await app.keyToFrame(i < 30 ? ',' : '.'));
    const metrics_cursor_key_p95_ms = Math.round(percentile(times, 95) * 10) / 10;
    console.log(`Metrics tab 30d at 200×50, cursor key to frame: p95 ${metrics_cursor_key_p95_ms} ms (target 16 ms), median ${median(times).toFixed(1)} ms (${times.length} keys)`);
    await app.stop();
    return { metrics_cursor_key_p95_ms };
  } finally {
    emu.child.kill('SIGTERM');
  }
}

// `node bench/metrics-cursor.mjs` on its own (after `node scripts/build.mjs`): this figure alone
if (import.meta.url === `file://${process.argv[1]}`) console.log(JSON.stringify(await benchMetricsCursor()));
