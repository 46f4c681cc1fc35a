// Issue #12, parts 5 to 8, end to end: the built program in a pseudo-terminal against an emulator process on
// a manual clock, each check made on the service itself: a token made and shown once (valid, then gone from
// the screen), a billing report exported as the service's own CSV, and the event log searched on the service.
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { KEYS, startDashboard, startEmulatorProcess, type Emulator, type Session } from './harness.js';

const SHOW_MS = 12_000;
const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const c of cleanups.splice(0).reverse()) c();
});

const dashboard = (emu: Emulator, cwd?: string): Promise<Session> => startDashboard(emu, cleanups, { cwd });

async function go(s: Session, screen: string, shown: RegExp | string): Promise<string> {
  s.pty.write(`:${screen}${KEYS.enter}`);
  return s.waitFor(shown, SHOW_MS);
}

it('c on :tokens makes a token: its value shown once, valid on the service, gone from the screen after esc', async () => {
  const emu = await startEmulatorProcess('demo');
  cleanups.push(() => emu.stop());
  const s = await dashboard(emu);
  await go(s, 'tokens', 'API tokens');
  s.pty.write('c');
  await s.waitFor('New API token', SHOW_MS);
  s.pty.write(`e2e-deploy${KEYS.enter}`);
  const sc = await s.waitUntil((x) => /Token: \S{10,}/.test(x) && x.includes('only time the service shows this token'), 'the new token', SHOW_MS);
  const value = /Token: (\S+)/.exec(sc)![1];
  const res = await fetch(`${emu.url}/ecs/v2/account`, { headers: { 'x-apitoken': value } });
  expect(res.status).toBe(200);
  expect(((await res.json()) as { username: string }).username).toBe('demo');

  s.pty.write(KEYS.esc);
  const after = await s.waitUntil((x) => !x.includes('Token:') && /e2e-deploy/.test(x), 'the list again, with the token', SHOW_MS);
  expect(after).not.toContain(value);
  // its value is nowhere: not in the row, not in the record view
  s.pty.write(KEYS.enter);
  const record = await s.waitFor('shown once, when it was made', SHOW_MS);
  expect(record).not.toContain(value);
  const { body } = await emu.call('GET', '/ecs/v2/keys', undefined, { token: await emu.token() });
  expect((body as Array<{ notes: string }>).map((t) => t.notes)).toContain('e2e-deploy');
});

it('x on :billing writes the service\'s own CSV of the report shown to ecsdeck-<report>-<YYYY>-<MM>.csv', async () => {
  const emu = await startEmulatorProcess('demo');
  cleanups.push(() => emu.stop());
  const dir = mkdtempSync(join(tmpdir(), 'ecsdeck-e2e-csv-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const s = await dashboard(emu, dir);
  const now = new Date(((await emu.call('GET', '/__emulator/clock')).body as { now: string | number }).now);
  const [year, month] = [now.getUTCFullYear(), now.getUTCMonth() + 1];
  const mm = String(month).padStart(2, '0');
  await go(s, 'billing', /Servers, \d{4}-\d\d .*total €/);
  // the templates report, then back to servers: the file is the report on screen
  s.pty.write(KEYS.tab);
  await s.waitFor(`Templates, ${year}-${mm}`, SHOW_MS);
  s.pty.write('x');
  const name = `ecsdeck-templates-${year}-${mm}.csv`;
  await s.waitFor(name, SHOW_MS);
  const csv = await fetch(`${emu.url}/ecs/v2/billing/templates/${year}/${month}?type=csv`, { headers: { authorization: `Bearer ${await emu.token()}` } });
  expect(csv.status).toBe(200);
  expect(readFileSync(join(dir, name), 'utf8')).toBe(await csv.text());
  expect(readdirSync(dir)).toEqual([name]);
});

it('/ on :events searches the event log on the service', async () => {
  const emu = await startEmulatorProcess('demo');
  cleanups.push(() => emu.stop());
  for (let i = 0; i < 3; i++) {
    await emu.call('POST', '/__emulator/events', { event_type: 'started', pod: `e2e-needle-${i}`, cluster: 'gpu-e2e' });
    await emu.advance(60);
  }
  const s = await dashboard(emu);
  const token = await emu.token();
  const all = (await emu.call('GET', '/k8sgpu/v1/events/?length=1', undefined, { token })).body.total as number;
  await go(s, 'events', `of ${all} events loaded`);
  s.pty.write(`/GPU-E2E${KEYS.enter}`);
  const found = (await emu.call('GET', '/k8sgpu/v1/events/?search=GPU-E2E&length=1', undefined, { token })).body.total as number;
  expect(found).toBe(3);
  // waited for whole: a screen read while the shorter list is being drawn still shows the longer one's rows below
  const sc = await s.waitUntil(
    (x) => x.includes(`3 of ${found} events loaded`) && x.includes('e2e-needle-2') && !/llama-finetune|vllm-serve|whisper-batch/.test(x),
    'the search result alone',
    SHOW_MS,
  );
  expect(sc).toContain('/GPU-E2E');
  expect(sc).not.toMatch(/llama-finetune|vllm-serve|whisper-batch/);
  // the newest first, as the service orders them
  expect(sc.indexOf('e2e-needle-2')).toBeLessThan(sc.indexOf('e2e-needle-0'));
});
