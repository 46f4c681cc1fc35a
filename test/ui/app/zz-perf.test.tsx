import { EventEmitter } from 'node:events';
import { render as inkRender } from 'ink';
import { test } from 'vitest';
import { createEmulator } from '../../../src/emulator/app.js';
import { createClient } from '../../../src/api/index.js';
import { App } from '../../../src/ui/app.js';
import { createSession } from '../../../src/ui/session.js';
import { waitForFrame } from '../helpers.js';

test('perf', async () => {
  process.env.FORCE_COLOR = '1';
  const emulator = createEmulator({ clock: 'manual', seed: 'demo' });
  const N = Number(process.env.N ?? 13);
  if (N > 13) await emulator.fetch(new Request('http://e/__emulator/bulk/servers', { method: 'POST', headers: {'content-type':'application/json'}, body: JSON.stringify({ username: 'demo', count: N }) }));
  const client = createClient({ endpoint: 'http://e', fetch: emulator.fetch });
  await client.login('demo', 'demo');
  const session = createSession({ client, profile: 'demo', local: true });
  const stdout = Object.assign(new EventEmitter(), { columns: 120, rows: 36, isTTY: true, last: '', write(s: string) { stdout.last += s; return true; } });
  const stdin = Object.assign(new EventEmitter(), { isTTY: true, data: null as any, setEncoding() {}, setRawMode() {}, resume() {}, pause() {}, ref() {}, unref() {}, read() { const d = stdin.data; stdin.data = null; return d; } });
  const times: number[] = [];
  let last = 0;
  const instance = inkRender(<App session={session} refreshMs={600000} />, { stdout: stdout as any, stdin: stdin as any, debug: false, exitOnCtrlC: false, patchConsole: false, maxFps: 1000, onRender: ({ renderTime }: any) => { last = renderTime; } } as any);
  await waitForFrame(() => stdout.last, (f) => f.includes('ec2069'), 20000);
  await new Promise((r) => setTimeout(r, 300));
  const keyTimes: number[] = [];
  for (let i = 0; i < 60; i++) {
    const t0 = performance.now();
    stdin.data = i % 20 < 10 ? 'j' : 'k'; stdin.emit('readable');
    keyTimes.push(performance.now() - t0);
    times.push(last);
    await new Promise((r) => setTimeout(r, 5));
  }
  keyTimes.sort((a, b) => a - b); times.sort((a,b)=>a-b);
  console.log('N', N, 'key sync ms p50', keyTimes[30].toFixed(1), 'p95', keyTimes[57].toFixed(1), 'renderTime p50', times[30].toFixed(1), 'p95', times[57].toFixed(1));
  instance.unmount();
  await session.close();
}, 60000);
