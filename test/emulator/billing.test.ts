import { describe, expect, it } from 'vitest';
import { FUTURE_DATES_MSG, SNAPSHOT_GB_HOUR, TEMPLATE_GB_HOUR } from '../../src/emulator/billing.js';
import type { SnapshotRec } from '../../src/emulator/snapshots-state.js';
import type { TemplateRec } from '../../src/emulator/templates-state.js';
import { makeEmu, type TestEmu } from './helpers.js';

const H = 3600;
const MAR_10_NOON = Date.UTC(2026, 2, 10, 12, 0, 0);
const APR_1 = Date.UTC(2026, 3, 1);

async function server(t: TestEmu, extra: Record<string, unknown> = {}, token?: string): Promise<string> {
  const r = await t.req('POST', '/ecs/v2/servers', { plan: 'eCS1', location: 'it-fr2', image: 'ubuntu-2404', notes: 'b', ...extra }, { token });
  if (r.status !== 200) throw new Error(`server create failed: ${r.status} ${r.text}`);
  return r.body.server.name as string;
}

/** Moves the clock, then logs in again (a login token lives one hour). */
async function later(t: TestEmu, seconds: number) {
  await t.advance(seconds);
  t.token = await t.login();
}

const power = async (t: TestEmu, name: string, type: 'power_on' | 'power_off') => {
  const r = await t.req('POST', `/ecs/v2/servers/${name}/actions`, { type });
  if (r.status !== 200) throw new Error(`${type} failed: ${r.status} ${r.text}`);
};

const report = (t: TestEmu, kind: string, ym: string, q = '', token?: string) => t.req('GET', `/ecs/v2/billing/${kind}/${ym}${q}`, undefined, { token });

describe('usage reports: servers', () => {
  it('bills online and offline hours of the month from the power history, rounding up', async () => {
    const t = await makeEmu({ start: MAR_10_NOON });
    const name = await server(t, { notes: 'web-1' });
    await later(t, 10 * H);
    await power(t, name, 'power_off');
    await later(t, 5 * H);
    await power(t, name, 'power_on');
    await later(t, (APR_1 - t.emulator.emu.now()) / 1000 + 6 * H);

    const r = await report(t, 'servers', '2026/3');
    expect(r.status).toBe(200);
    expect(r.body).toHaveLength(1);
    const item = r.body[0];
    // Mar 10 12:00 → Apr 1 00:00 is 516 h; off from the end of power_off (10 h 5 s) to the end of power_on
    // (15 h 5 s): 5 h offline, 511 h online
    expect(item).toEqual({
      plan: 'eCS1',
      name,
      group: null,
      notes: 'web-1',
      status: 'Booted',
      year: 2026,
      month: 3,
      creation_date: '2026-03-10T12:00:00.000000+00:00',
      deletion_date: null,
      billed_hours: 516,
      cost: 9.7565,
      summary: {
        online_hour: 511,
        online_price: 9.709,
        offline_hour: 5,
        offline_discount: 50,
        offline_price: 0.095,
        offline_reduction: 0.0475,
        original_cost: 9.804,
        reserved_discounts: [],
        special_discount: 0,
        special_reduction: 0,
      },
    });
    // the current month runs up to now
    const april = (await report(t, 'servers', '2026/04')).body[0];
    expect(april.summary).toMatchObject({ online_hour: 6, offline_hour: 0 });
    expect(april.cost).toBe(0.114);
  });

  it('rounds a partial hour up', async () => {
    const t = await makeEmu({ start: Date.UTC(2026, 4, 1) });
    await server(t);
    await later(t, H + 1);
    const [item] = (await report(t, 'servers', '2026/5')).body;
    expect(item.summary.online_hour).toBe(2);
    expect(item.cost).toBe(0.038);
  });

  it('lists a server in the months it existed, with its deletion date', async () => {
    const t = await makeEmu({ start: MAR_10_NOON });
    const name = await server(t);
    await later(t, (APR_1 - MAR_10_NOON) / 1000 + 2 * 86400);
    expect((await t.req('DELETE', `/ecs/v2/servers/${name}`)).status).toBe(200);
    await later(t, 40 * 86400);
    const april = (await report(t, 'servers', '2026/4')).body;
    expect(april).toHaveLength(1);
    expect(april[0]).toMatchObject({ status: 'Deleted', deletion_date: '2026-04-03T00:00:10.000000+00:00', billed_hours: 49 });
    expect((await report(t, 'servers', '2026/5')).body).toEqual([]);
    expect((await report(t, 'servers', '2026/2')).body).toEqual([]);
  });

  it.each([
    ['no discounts, offline discount not offered', {}, {}, 1.9, { offline_discount: 0 }],
    ['ECS special discount 10 %', { ecs_special_discount: 10 }, {}, 1.71, { special_discount: 10, special_reduction: 0.19 }],
    ['negative ECS value is no discount', { ecs_special_discount: -10 }, {}, 1.9, { special_discount: 0 }],
    ['spot discount 30 %', {}, { spot: true }, 1.33, { online_price: 1.33 }],
    ['3-month reserved period 10 %', { reserved_available: true }, { reserved_plan: 'M3PECS1' }, 1.71, {}],
    ['GPU special discount (negative value)', { ecsgpu_special_discount: -20 }, { plan: 'ECS1GPU' }, 23.2, { special_discount: 20 }],
    ['GPU value above 0 is no discount', { ecsgpu_special_discount: 20 }, { plan: 'ECS1GPU' }, 29, { special_discount: 0 }],
    ['high-memory special discount', { ecshm_special_discount: 15 }, { plan: 'eCS1HM' }, 18.445, { special_discount: 15 }],
  ])('%s', async (_n, account, create, cost, summary) => {
    const t = await makeEmu({ start: Date.UTC(2026, 4, 1) });
    const token = await t.newUser('acme', { offline_available: false, ...account });
    const name = await server(t, create, token);
    await t.advance(100 * H);
    const r = await report(t, 'servers', '2026/5', '', await t.login('acme', 'acme-pw'));
    expect(r.status).toBe(200);
    const item = r.body.find((i: { name: string }) => i.name === name);
    expect(item.billed_hours).toBe(100);
    expect(item.cost).toBe(cost);
    expect(item.summary).toMatchObject(summary);
  });

  it('reports the reserved discount over the overlap of the period with the month', async () => {
    const t = await makeEmu({ start: Date.UTC(2026, 4, 1) });
    await server(t, { reserved_plan: 'M12PECS1' });
    await later(t, 100 * H);
    const [item] = (await report(t, 'servers', '2026/5')).body;
    expect(item.summary.reserved_discounts).toEqual([
      {
        reserved_plan: 112,
        reserved_hour: 100,
        reserved_discount: 30,
        reserved_price: 1.9,
        reserved_reduction: 0.57,
        reserved_start_date: '2026-05-01T00:00:00.000000+00:00',
        reserved_end_date: '2027-05-01T00:00:00.000000+00:00',
      },
    ]);
    expect(item.cost).toBe(1.33);
  });

  it('CSV: text/csv, a header row, one line per server, quoted where needed; no rows is the header alone', async () => {
    const t = await makeEmu({ start: Date.UTC(2026, 4, 1) });
    const name = await server(t, { notes: 'web, "main"' });
    await later(t, 10 * H);
    const r = await report(t, 'servers', '2026/5', '?type=csv');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const lines = r.text.split('\r\n');
    expect(lines[0]).toBe(
      'plan,name,group,notes,status,year,month,creation_date,deletion_date,billed_hours,cost,online_hour,online_price,offline_hour,offline_discount,offline_price,offline_reduction,original_cost,reserved_hour,reserved_reduction,special_discount,special_reduction',
    );
    expect(lines[1]).toBe(`eCS1,${name},,"web, ""main""",Booted,2026,5,2026-05-01T00:00:00.000000+00:00,,10,0.19,10,0.19,0,50,0,0,0.19,0,0,0,0`);
    expect(lines).toHaveLength(3);
    expect(lines[2]).toBe('');
    const bob = await t.newUser('bob');
    const empty = await report(t, 'servers', '2026/5', '?type=csv', bob);
    expect(empty.text.split('\r\n').filter(Boolean)).toHaveLength(1);
    expect((await report(t, 'servers', '2026/5', '?type=json', bob)).body).toEqual([]);
    expect((await report(t, 'servers', '2026/5', '?type=CSV')).headers.get('content-type')).toContain('text/csv');
  });
});

describe('usage reports: checks', () => {
  const KINDS = ['servers', 'templates', 'snapshots'];
  const now = Date.UTC(2026, 5, 15, 8);

  it.each([
    ['month 0', '2026/0', /month/],
    ['month 13', '2026/13', /month/],
    ['month not a number', '2026/ab', /month/],
    ['month with sign', '2026/-1', /month/],
    ['year not a number', 'abcd/1', /year/],
    ['year too small', '1999/12', /year/],
    ['year with five digits', '20266/1', /year/],
    ['next month', '2026/7', new RegExp(`^${FUTURE_DATES_MSG}$`)],
    ['next year', '2027/1', new RegExp(`^${FUTURE_DATES_MSG}$`)],
  ])('%s: 400 for all three reports', async (_n, ym, message) => {
    const t = await makeEmu({ start: now });
    for (const kind of KINDS) {
      const r = await report(t, kind, ym);
      expect(r.status, `${kind} ${ym}`).toBe(400);
      expect(r.body.message).toMatch(message);
    }
  });

  it('type other than csv or json: 400; omitted: json; the current and past months are fine', async () => {
    const t = await makeEmu({ start: now });
    for (const kind of KINDS) {
      expect((await report(t, kind, '2026/6', '?type=xml')).status).toBe(400);
      const json = await report(t, kind, '2026/6');
      expect(json.status).toBe(200);
      expect(json.headers.get('content-type')).toContain('application/json');
      expect((await report(t, kind, '2019/01')).status).toBe(200);
    }
  });

  it('needs credentials', async () => {
    const t = await makeEmu();
    expect((await report(t, 'servers', '2026/1', '', null as unknown as string)).status).toBe(401);
  });
});

function template(over: Partial<TemplateRec>): TemplateRec {
  return {
    id: 1,
    name: 'ei200001',
    user: 'demo',
    status: 'CD',
    active_flag: true,
    uuid: '0b7d0f5e-1c2a-4f00-9c1e-000000000001',
    description: 'golden image',
    notes: 'golden image',
    so_base: 'ubuntu',
    required_disk: 20,
    api_version: 'v5',
    version: '24.04',
    source_server: 'ec206901',
    source_snapshot: null,
    size_on_disk: 12,
    windows: false,
    created_at: 0,
    deleted_at: null,
    ...over,
  };
}

function snapshot(over: Partial<SnapshotRec>): SnapshotRec {
  return {
    id: 101,
    name: 'ec206901-SNP-1',
    user: 'demo',
    snapshot_parent: null,
    snapshot_parent_name: null,
    is_last_restored: false,
    protected: true,
    restoring: false,
    source_server: 'ec206901',
    status: 'CD',
    uid: '5d2b7f1e-0000-4000-8000-000000000101',
    description: 'before upgrade',
    notes: '',
    active_flag: true,
    size_on_disk: 8,
    created_at: 0,
    updated_at: 0,
    deleted_at: null,
    ...over,
  };
}

describe('usage reports: templates and snapshots', () => {
  const JUN_1 = Date.UTC(2026, 5, 1);
  const JUL_1 = Date.UTC(2026, 6, 1);

  it('bills templates by the hours they existed in the month times their size', async () => {
    const t = await makeEmu({ start: Date.UTC(2026, 6, 20) });
    const st = t.emulator.emu.state;
    st.templates['1'] = template({ id: 1, name: 'ei200001', created_at: JUN_1 - 86400_000 });
    st.templates['2'] = template({ id: 2, name: 'ei200002', status: 'DD', created_at: JUN_1 + 10 * 3600_000 + 1, deleted_at: JUN_1 + 20 * 3600_000, notes: 'old, "v1"' });
    st.templates['3'] = template({ id: 3, name: 'ei200003', user: 'someone-else', created_at: JUN_1 });
    st.templates['4'] = template({ id: 4, name: 'ei200004', status: 'DD', created_at: JUN_1 - 40 * 86400_000, deleted_at: JUN_1 - 86400_000 });
    const r = await report(t, 'templates', '2026/6');
    expect(r.body).toEqual([
      {
        cost: Math.round(720 * 12 * TEMPLATE_GB_HOUR * 1e4) / 1e4,
        name: 'ei200001',
        status: 'Created',
        creation_date: '2026-05-31T00:00:00.000000+00:00',
        deletion_date: null,
        notes: 'golden image',
        year: 2026,
        month: 6,
        hours: 720,
        size_on_disk: 12,
      },
      expect.objectContaining({ name: 'ei200002', status: 'Deleted', hours: 10, deletion_date: '2026-06-01T20:00:00.000000+00:00' }),
    ]);
    const csv = await report(t, 'templates', '2026/6', '?type=csv');
    const lines = csv.text.split('\r\n');
    expect(lines[0]).toBe('name,status,creation_date,deletion_date,notes,year,month,hours,size_on_disk,cost');
    expect(lines[2]).toContain(',"old, ""v1""",');
    // the current month runs to now: 19 days
    expect((await report(t, 'templates', '2026/7')).body[0].hours).toBe(19 * 24);
  });

  it('bills snapshots including deleting and deleted ones while they existed', async () => {
    const t = await makeEmu({ start: Date.UTC(2026, 6, 20) });
    const st = t.emulator.emu.state;
    st.snapshots['101'] = snapshot({ id: 101, created_at: JUN_1 + 3600_000 * 5.5 });
    st.snapshots['102'] = snapshot({ id: 102, name: 'ec206901-SNP-2', status: 'DD', created_at: JUN_1, deleted_at: JUN_1 + 48 * 3600_000 });
    st.snapshots['103'] = snapshot({ id: 103, name: 'ec206901-SNP-3', status: 'CG', size_on_disk: null, created_at: JUL_1 - 3600_000 });
    st.snapshots['104'] = snapshot({ id: 104, user: 'bob', created_at: JUN_1 });
    const r = await report(t, 'snapshots', '2026/6');
    expect(r.status).toBe(200);
    const c1 = Math.round(715 * 8 * SNAPSHOT_GB_HOUR * 1e4) / 1e4;
    const c2 = Math.round(48 * 8 * SNAPSHOT_GB_HOUR * 1e4) / 1e4;
    expect(r.body).toEqual({
      year: 2026,
      month: 6,
      total_cost: Math.round((c1 + c2) * 1e4) / 1e4,
      rows_count: 3,
      snapshots: [
        expect.objectContaining({ snapshot: 102, snapshot_status: 'DD', snapshot_status_label: 'Deleted', hours: 48, final_cost: c2, snapshot_deleted_at: '2026-06-03T00:00:00.000Z' }),
        {
          snapshot: 101,
          snapshot_name: 'ec206901-SNP-1',
          snapshot_status: 'CD',
          snapshot_status_label: 'Created',
          snapshot_description: 'before upgrade',
          snapshot_created_at: '2026-06-01T05:30:00.000Z',
          snapshot_deleted_at: null,
          size_on_disk: 8,
          hours: 715,
          final_cost: c1,
        },
        expect.objectContaining({ snapshot: 103, snapshot_status_label: 'Creating', size_on_disk: null, hours: 1, final_cost: 0 }),
      ],
    });
    const csv = (await report(t, 'snapshots', '2026/6', '?type=csv')).text.split('\r\n');
    expect(csv[0]).toBe('snapshot,snapshot_name,snapshot_status,snapshot_status_label,snapshot_description,snapshot_created_at,snapshot_deleted_at,size_on_disk,hours,final_cost');
    expect(csv.filter(Boolean)).toHaveLength(4);
    expect((await report(t, 'snapshots', '2026/5')).body).toEqual({ year: 2026, month: 5, total_cost: 0, rows_count: 0, snapshots: [] });
  });
});

describe('usage reports: demo estate', () => {
  it('past months show non-trivial numbers', async () => {
    const t = await makeEmu({ seed: 'demo' });
    const now = new Date(t.emulator.emu.now());
    const past = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
    const items = (await report(t, 'servers', `${past.getUTCFullYear()}/${past.getUTCMonth() + 1}`)).body;
    expect(items.length).toBeGreaterThanOrEqual(5);
    expect(items.reduce((s: number, i: { cost: number }) => s + i.cost, 0)).toBeGreaterThan(50);
    expect(items.some((i: { summary: { reserved_discounts: unknown[] } }) => i.summary.reserved_discounts.length > 0)).toBe(true);
  });
});
