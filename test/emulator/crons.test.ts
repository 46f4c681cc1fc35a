import { describe, expect, it } from 'vitest';
import { makeEmu, type TestEmu } from './helpers.js';
import { RETENTION_BY_WEEKDAY } from '../../src/rules/index.js';

const DAY = 86_400;
const WEEK = 7 * DAY;
// A Wednesday, 12:00 UTC: every test starts from the same point of the week.
const START = Date.UTC(2026, 10, 18, 12, 0, 0);

async function setup(): Promise<{ t: TestEmu; s: string; path: string }> {
  const t = await makeEmu({ start: START });
  const r = await t.req('POST', '/__emulator/bulk/servers', { username: 'demo', count: 1 }, { token: null });
  const s = r.body.names[0];
  return { t, s, path: `/ecs/v2/servers/${s}/crons/snapshot_schedule_${s}` };
}

const schedule = (t: TestEmu, s: string, config: Record<string, unknown>) =>
  t.req('POST', `/ecs/v2/servers/${s}/crons`, { type: 'snapshot_schedule', config: { typology: 'weekly', ...config } });

/** Seconds from START to the given weekday (0 Sunday) at hh:mm UTC, the next one strictly after START. */
function untilNext(day: number, hh: number, mm: number): number {
  const start = new Date(START);
  let t = Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate(), hh, mm) + ((day - start.getUTCDay() + 7) % 7) * DAY * 1000;
  if (t <= START) t += WEEK * 1000;
  return (t - START) / 1000;
}

const snaps = (t: TestEmu, s: string) =>
  Object.values(t.emulator.emu.state.snapshots)
    .filter((x) => x.source_server === s)
    .sort((a, b) => a.id - b.id);

const stateJson = (t: TestEmu) => JSON.stringify(t.emulator.emu.state);

/** Moves the clock, then logs in again: a login lasts one hour of emulated time. */
async function adv(t: TestEmu, seconds: number): Promise<void> {
  await t.advance(seconds);
  t.token = await t.login();
}

describe('periodic snapshots (spec 2.7, 4.6, 8)', () => {
  it('creates a weekly schedule with the cron shape', async () => {
    const { t, s, path } = await setup();
    const r = await schedule(t, s, { max_retention: 3, day_of_week: 3, time: '04:30' });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      status: 'ok',
      cron: {
        name: `snapshot_schedule_${s}`,
        schedule: '30 4 * * 3 UTC',
        enabled: true,
        last_run_at: null,
        infos: { max_retention: 3, day_of_week: 3 },
        last_run_status: null,
      },
    });
    expect((await t.req('GET', path)).body).toEqual(r.body);
  });

  it('runs inside the 00:00–06:00 UTC window when no time is given', async () => {
    const { t, s } = await setup();
    const r = await schedule(t, s, { day_of_week: 1 });
    const [m, h, , , d, tz] = r.body.cron.schedule.split(' ');
    expect(Number(h) * 60 + Number(m)).toBeLessThanOrEqual(360);
    expect([d, tz]).toEqual(['1', 'UTC']);
    expect(r.body.cron.infos.max_retention).toBe(RETENTION_BY_WEEKDAY[1]);
  });

  it('runs on its day and time: an unprotected snapshot with its action, last_run_at and status set', async () => {
    const { t, s, path } = await setup();
    await schedule(t, s, { max_retention: 4, day_of_week: 1, time: '02:00' });
    const due = untilNext(1, 2, 0);
    await adv(t, due - 1);
    expect(snaps(t, s)).toHaveLength(0);
    await adv(t, 1);
    const [snap] = snaps(t, s);
    expect(snap).toMatchObject({ protected: false, status: 'CG', name: `${s}-SNP-1`, created_at: START + due * 1000 });
    const actions = (await t.req('GET', `/ecs/v2/actions?resource=${snap.id}`)).body.actions;
    expect(actions).toEqual([expect.objectContaining({ type: 'create_snapshot', resource_type: 'SNP' })]);
    const cron = (await t.req('GET', path)).body.cron;
    expect(cron.last_run_at).toBe(new Date(START + due * 1000).toISOString());
    expect(cron.last_run_status).toBe('ok');
    await adv(t, 120);
    expect(snaps(t, s)[0].status).toBe('CD');
  });

  it('runs every due week when the clock jumps by weeks, and retention deletes the oldest unprotected first', async () => {
    const { t, s, path } = await setup();
    // a protected snapshot first: retention must never touch it
    await t.req('POST', `/ecs/v2/servers/${s}/snapshots`, { description: 'keep' });
    await adv(t, 120);
    await schedule(t, s, { max_retention: 3, day_of_week: 1, time: '01:00' });
    await adv(t, untilNext(1, 1, 0) + 4 * WEEK + 200);
    const all = snaps(t, s);
    expect(all.map((x) => x.name)).toEqual([1, 2, 3, 4, 5, 6].map((n) => `${s}-SNP-${n}`));
    expect(all[0]).toMatchObject({ protected: true, status: 'CD' });
    const unprotected = all.filter((x) => !x.protected);
    expect(unprotected.map((x) => x.status)).toEqual(['DD', 'DD', 'CD', 'CD', 'CD']);
    // each was deleted at the run that would have exceeded the retention
    expect(unprotected[0].deleted_at).toBe(unprotected[3].created_at);
    expect(unprotected[1].deleted_at).toBe(unprotected[4].created_at);
    // one week apart, each at its own time
    for (let i = 1; i < unprotected.length; i++) expect(unprotected[i].created_at - unprotected[i - 1].created_at).toBe(WEEK * 1000);
    expect((await t.req('GET', path)).body.cron.last_run_at).toBe(new Date(unprotected[4].created_at).toISOString());
  });

  it.each([
    [0, 5, RETENTION_BY_WEEKDAY[0]],
    [0, 1, 1],
    [1, 9, RETENTION_BY_WEEKDAY[1]],
  ])('bounds retention by the weekday rule (day %i, max_retention %i → keeps %i)', async (day, max, kept) => {
    expect(RETENTION_BY_WEEKDAY[0]).toBe(2);
    expect(RETENTION_BY_WEEKDAY[1]).toBe(4);
    const { t, s } = await setup();
    const r = await schedule(t, s, { max_retention: max, day_of_week: day, time: '00:00' });
    expect(r.body.cron.infos.max_retention).toBe(max);
    await adv(t, untilNext(day, 0, 0) + 6 * WEEK + 200);
    expect(snaps(t, s).filter((x) => x.status === 'CD')).toHaveLength(kept);
  });

  it("records 'error' when the run finds a snapshot still pending, and tries again next week", async () => {
    const { t, s, path } = await setup();
    await schedule(t, s, { day_of_week: 1, time: '03:00' });
    const due = untilNext(1, 3, 0);
    await adv(t, due - 30);
    await t.req('POST', `/ecs/v2/servers/${s}/snapshots`, {});
    await adv(t, 30);
    expect((await t.req('GET', path)).body.cron).toMatchObject({ last_run_status: 'error' });
    expect(snaps(t, s)).toHaveLength(1);
    await adv(t, WEEK);
    expect((await t.req('GET', path)).body.cron).toMatchObject({ last_run_status: 'ok' });
    expect(snaps(t, s)).toHaveLength(2);
  });

  it("records 'error' when the schedule's snapshot action fails", async () => {
    const { t, s, path } = await setup();
    await schedule(t, s, { day_of_week: 1, time: '03:00' });
    await t.req('PUT', '/__emulator/faults', { fail_next_actions: 1 }, { token: null });
    await adv(t, untilNext(1, 3, 0) + 120);
    expect((await t.req('GET', path)).body.cron.last_run_status).toBe('error');
    expect(snaps(t, s)).toHaveLength(0);
  });

  it('PATCH moves the day and can disable; DELETE disables and keeps the record', async () => {
    const { t, s, path } = await setup();
    await schedule(t, s, { day_of_week: 1, time: '03:00' });
    const p = await t.req('PATCH', path, { day_of_week: 5, max_retention: 2 });
    expect(p.status).toBe(200);
    expect(p.body.cron).toMatchObject({ schedule: '0 3 * * 5 UTC', infos: { max_retention: 2, day_of_week: 5 } });
    // START is a Wednesday: Friday comes first, then the Monday that no longer runs
    await adv(t, untilNext(5, 3, 0) - 60);
    expect(snaps(t, s)).toHaveLength(0);
    await adv(t, 60);
    expect(snaps(t, s)).toHaveLength(1);
    await adv(t, untilNext(1, 3, 0) - untilNext(5, 3, 0) + 60);
    expect(snaps(t, s)).toHaveLength(1);

    expect((await t.req('PATCH', path, { enabled: false })).body.cron.enabled).toBe(false);
    await adv(t, 2 * WEEK);
    expect(snaps(t, s)).toHaveLength(1);
    expect((await t.req('PATCH', path, { enabled: true })).body.cron.enabled).toBe(true);
    await adv(t, WEEK);
    expect(snaps(t, s)).toHaveLength(2);

    const d = await t.req('DELETE', path);
    expect(d.status).toBe(200);
    expect(d.body.cron.enabled).toBe(false);
    await adv(t, 3 * WEEK);
    expect(snaps(t, s)).toHaveLength(2);
    expect((await t.req('GET', path)).body.cron.enabled).toBe(false);
  });

  it.each([
    ['wrong type', { type: 'backup', config: { typology: 'weekly', day_of_week: 1 } }],
    ['no type', { config: { typology: 'weekly', day_of_week: 1 } }],
    ['config not an object', { type: 'snapshot_schedule', config: 'weekly' }],
    ['daily typology', { type: 'snapshot_schedule', config: { typology: 'daily', day_of_week: 1 } }],
    ['day 7', { type: 'snapshot_schedule', config: { typology: 'weekly', day_of_week: 7 } }],
    ['day -1', { type: 'snapshot_schedule', config: { typology: 'weekly', day_of_week: -1 } }],
    ['day as text', { type: 'snapshot_schedule', config: { typology: 'weekly', day_of_week: 'monday' } }],
    ['no day', { type: 'snapshot_schedule', config: { typology: 'weekly' } }],
    ['retention 0', { type: 'snapshot_schedule', config: { typology: 'weekly', day_of_week: 1, max_retention: 0 } }],
    ['huge retention', { type: 'snapshot_schedule', config: { typology: 'weekly', day_of_week: 1, max_retention: 1e300 } }],
    ['time out of the window', { type: 'snapshot_schedule', config: { typology: 'weekly', day_of_week: 1, time: '07:00' } }],
    ['time malformed', { type: 'snapshot_schedule', config: { typology: 'weekly', day_of_week: 1, time: '3h' } }],
  ])('refuses a create with %s: 400 naming the field, nothing changed', async (_label, body) => {
    const { t, s } = await setup();
    const before = stateJson(t);
    const r = await t.req('POST', `/ecs/v2/servers/${s}/crons`, body);
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/type|config|typology|day_of_week|max_retention|time/);
    expect(stateJson(t)).toBe(before);
  });

  it.each([
    ['enabled as text', { enabled: 'maybe' }, 400],
    ['day 9', { day_of_week: 9 }, 400],
    ['retention -3', { max_retention: -3 }, 400],
  ])('refuses a PATCH with %s and changes nothing', async (_label, body, status) => {
    const { t, s, path } = await setup();
    await schedule(t, s, { day_of_week: 1 });
    const before = stateJson(t);
    const r = await t.req('PATCH', path, body);
    expect(r.status).toBe(status);
    expect(stateJson(t)).toBe(before);
  });

  it("answers 404 for a missing schedule, a wrong name and another account's server", async () => {
    const { t, s, path } = await setup();
    expect((await t.req('GET', path)).status).toBe(404);
    await schedule(t, s, { day_of_week: 1 });
    expect((await t.req('GET', `/ecs/v2/servers/${s}/crons/snapshot_schedule_ec200000`)).status).toBe(404);
    expect((await t.req('GET', `/ecs/v2/servers/${s}/crons/__proto__`)).status).toBe(404);
    const other = await t.newUser('mallory');
    const before = stateJson(t);
    for (const [method, body] of [['GET'], ['PATCH', { enabled: false }], ['DELETE']] as const) {
      const r = await t.req(method, path, body, { token: other });
      expect(r.status).toBe(404);
      expect(r.body.message).toBe('server not found');
    }
    const r = await t.req('POST', `/ecs/v2/servers/${s}/crons`, { type: 'snapshot_schedule', config: { typology: 'weekly', day_of_week: 4 } }, { token: other });
    expect(r.status).toBe(404);
    expect(r.body.message).toBe('server not found');
    expect(stateJson(t)).toBe(before);
  });

  it('stops when its server is deleted', async () => {
    const { t, s } = await setup();
    await schedule(t, s, { day_of_week: 1 });
    await t.req('DELETE', `/ecs/v2/servers/${s}`);
    await adv(t, 3 * WEEK);
    expect(snaps(t, s)).toHaveLength(0);
    expect(t.emulator.emu.state.crons[s].enabled).toBe(false);
  });

  it('seeds an enabled Sunday schedule that has run for weeks', async () => {
    const t = await makeEmu({ seed: 'demo' });
    const [cron] = Object.values(t.emulator.emu.state.crons);
    expect(cron).toMatchObject({ enabled: true, day_of_week: 0, last_run_status: 'ok' });
    const r = await t.req('GET', `/ecs/v2/servers/${cron.server}/crons/snapshot_schedule_${cron.server}`);
    expect(r.body.cron.last_run_at).not.toBeNull();
    const unprotected = Object.values(t.emulator.emu.state.snapshots).filter((x) => x.source_server === cron.server && !x.protected);
    expect(unprotected.filter((x) => x.status === 'CD' || x.status === 'CG').length).toBeLessThanOrEqual(2);
    expect(unprotected.some((x) => x.status === 'DD')).toBe(true);
  });
});
