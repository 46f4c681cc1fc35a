import { describe, expect, it } from 'vitest';
import { makeEmu, type TestEmu } from './helpers.js';
import { MAX_POINTS, parseIsoDate } from '../../src/emulator/metrics.js';

const START = Date.UTC(2026, 0, 15, 9, 0, 0);

async function serverUp(t: TestEmu): Promise<string> {
  const r = await t.req('POST', '/ecs/v2/servers', { plan: 'eCS3', location: 'it-mi2', image: 'ubuntu-2404', notes: 'web-1' });
  await t.advance(80);
  return r.body.server.name;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** Past an hour the login token has expired: log in again after moving the clock. */
async function advanceLong(t: TestEmu, seconds: number): Promise<void> {
  await t.advance(seconds);
  t.token = await t.login();
}

describe('metrics', () => {
  it('defaults to the last hour: 1-minute points [epoch_seconds, "value"] in every series (primary)', async () => {
    const t = await makeEmu({ start: START });
    const name = await serverUp(t);
    await advanceLong(t, 2 * 3600);
    const r = await t.req('GET', `/ecs/v2/servers/${name}/metrics`);
    expect(r.status).toBe(200);
    const m = r.body.metrics;
    expect(m.resource).toBe(name);
    const series = [m.core, m.disk.reads, m.disk.writes, m.network.received, m.network.transmitted];
    const now = Math.floor(t.emulator.emu.now() / 1000);
    for (const s of series) {
      expect(s).toHaveLength(60);
      for (const [t0, v] of s) {
        expect(Number.isInteger(t0)).toBe(true);
        expect(typeof v).toBe('string');
        expect(Number(v)).toBeGreaterThanOrEqual(0);
      }
    }
    expect(m.core.at(-1)[0]).toBe(Math.floor(now / 60) * 60);
    expect(m.core[0][0]).toBe(Math.ceil((now - 3600) / 60) * 60);
    for (let i = 1; i < m.core.length; i++) expect(m.core[i][0] - m.core[i - 1][0]).toBe(60);
    for (const [, v] of m.core) expect(Number(v)).toBeLessThanOrEqual(100);
  });

  it('alternate points are {t: ISO, y: "value"}; live is like primary', async () => {
    const alt = await makeEmu({ start: START, dialect: 'alternate' });
    const name = await serverUp(alt);
    await alt.advance(600);
    const p = (await alt.req('GET', `/ecs/v2/servers/${name}/metrics`)).body.metrics.core[0];
    expect(p).toEqual({ t: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/), y: expect.any(String) });
    const live = await makeEmu({ start: START, dialect: 'live' });
    const n2 = await serverUp(live);
    await live.advance(600);
    expect(Array.isArray((await live.req('GET', `/ecs/v2/servers/${n2}/metrics`)).body.metrics.core[0])).toBe(true);
  });

  it('is deterministic, smooth-ish, and has no points before creation or in the future', async () => {
    const t = await makeEmu({ start: START });
    const name = await serverUp(t);
    await advanceLong(t, 6 * 3600);
    const created = Math.floor(t.emulator.emu.state.servers[name].created_at / 1000);
    const q = `/ecs/v2/servers/${name}/metrics?start=${iso(START - 86_400_000)}&end=${iso(START + 86_400_000)}`;
    const a = (await t.req('GET', q)).body.metrics;
    const b = (await t.req('GET', q)).body.metrics;
    expect(a).toEqual(b);
    const now = Math.floor(t.emulator.emu.now() / 1000);
    for (const [ts] of a.core) {
      expect(ts).toBeGreaterThanOrEqual(created);
      expect(ts).toBeLessThanOrEqual(now);
    }
    const fine = (await t.req('GET', `/ecs/v2/servers/${name}/metrics?start=${iso(START + 3600_000)}&end=${iso(START + 7200_000)}`)).body.metrics.core;
    const values = fine.map(([, v]: [number, string]) => Number(v));
    const jumps = values.slice(1).map((v: number, i: number) => Math.abs(v - values[i]));
    const range = Math.max(...values) - Math.min(...values);
    expect(Math.max(...jumps)).toBeLessThan(Math.max(range, 1));
    expect(new Set(values).size).toBeGreaterThan(10);
  });

  it('has no point at the instant of creation, even on a whole minute: the first comes a minute later', async () => {
    const t = await makeEmu({ start: START });
    const r = await t.req('POST', '/ecs/v2/servers', { plan: 'eCS3', location: 'it-mi2', image: 'ubuntu-2404', notes: 'new' });
    const name = r.body.server.name;
    expect(t.emulator.emu.state.servers[name].created_at % 60_000).toBe(0);
    expect((await t.req('GET', `/ecs/v2/servers/${name}/metrics`)).body.metrics.core).toEqual([]);
    await t.advance(60);
    const core = (await t.req('GET', `/ecs/v2/servers/${name}/metrics`)).body.metrics.core;
    expect(core.map(([ts]: [number]) => ts)).toEqual([START / 1000 + 60]);
  });

  it('caps the number of points however long the range', async () => {
    const t = await makeEmu({ start: START });
    const name = await serverUp(t);
    await advanceLong(t, 90 * 86400);
    const r = await t.req('GET', `/ecs/v2/servers/${name}/metrics?start=2000-01-01&end=2099-12-31T23:59:59Z`);
    expect(r.status).toBe(200);
    expect(r.body.metrics.core.length).toBeLessThanOrEqual(MAX_POINTS + 1);
    expect(r.body.metrics.core.length).toBeGreaterThan(50);
  });

  it('a powered-off server reads 0 in every series while off', async () => {
    const t = await makeEmu({ start: START });
    const name = await serverUp(t);
    await t.advance(600);
    await t.req('POST', `/ecs/v2/servers/${name}/actions`, { type: 'power_off' });
    await t.advance(5);
    const offAt = t.emulator.emu.now();
    await advanceLong(t, 1800);
    const m = (await t.req('GET', `/ecs/v2/servers/${name}/metrics?start=${iso(offAt + 60_000)}`)).body.metrics;
    expect(m.core.length).toBeGreaterThan(20);
    for (const s of [m.core, m.disk.reads, m.disk.writes, m.network.received, m.network.transmitted]) {
      for (const [, v] of s) expect(v).toBe('0.00');
    }
    const before = (await t.req('GET', `/ecs/v2/servers/${name}/metrics?start=${iso(offAt - 600_000)}&end=${iso(offAt - 60_000)}`)).body.metrics;
    expect(before.core.some(([, v]: [number, string]) => Number(v) > 0)).toBe(true);
  });

  it('bad dates and end before start: 400 naming the parameter, server checks first', async () => {
    const t = await makeEmu({ start: START });
    const name = await serverUp(t);
    const cases: Array<[string, RegExp]> = [
      ['start=yesterday', /'start' must be an ISO 8601/],
      ['end=2026-13-01', /'end' must be an ISO 8601/],
      ['start=2026-02-30', /'start' must be an ISO 8601/],
      ['start=2026-01-01T25:00:00Z', /'start' must be an ISO 8601/],
      ['start=1700000000', /'start' must be an ISO 8601/],
      [`start=${'9'.repeat(500)}`, /'start' must be an ISO 8601/],
      ['start=2026-01-15T10:00:00Z&end=2026-01-15T09:00:00Z', /'end' must not be before 'start'/],
    ];
    for (const [q, msg] of cases) {
      const r = await t.req('GET', `/ecs/v2/servers/${name}/metrics?${q}`);
      expect(r.status, q).toBe(400);
      expect(r.body.message).toMatch(msg);
    }
  });

  it('another account, a missing server and a deleted one: 404', async () => {
    const t = await makeEmu({ start: START });
    const name = await serverUp(t);
    const other = await t.newUser('oscar');
    const theirs = await t.req('GET', `/ecs/v2/servers/${name}/metrics`, undefined, { token: other });
    const none = await t.req('GET', '/ecs/v2/servers/ec299999/metrics', undefined, { token: other });
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual(none.body);
    await t.req('DELETE', `/ecs/v2/servers/${name}`);
    await t.advance(10);
    expect((await t.req('GET', `/ecs/v2/servers/${name}/metrics`)).status).toBe(404);
  });

  it('parses ISO 8601 forms, zones included', () => {
    expect(parseIsoDate('2026-01-15')).toBe(Date.UTC(2026, 0, 15));
    expect(parseIsoDate('2026-01-15T10:00')).toBe(Date.UTC(2026, 0, 15, 10));
    expect(parseIsoDate('2026-01-15T10:00:00+02:00')).toBe(Date.UTC(2026, 0, 15, 8));
    expect(parseIsoDate('2026-01-15T10:00:00+0200')).toBe(Date.UTC(2026, 0, 15, 8));
    expect(parseIsoDate('2026-01-15T10:00:00.123456Z')).toBe(Date.UTC(2026, 0, 15, 10, 0, 0, 123));
    expect(parseIsoDate('2026-01-15T10:00:00.000000+00:00')).toBe(Date.UTC(2026, 0, 15, 10));
    expect(parseIsoDate('15/01/2026')).toBeUndefined();
  });
});
