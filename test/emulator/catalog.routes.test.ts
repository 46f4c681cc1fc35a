import { describe, expect, it } from 'vitest';
import { makeEmu } from './helpers.js';

const PLAN_KEYS = ['id', 'name', 'cpu', 'ram', 'disk', 'gpu', 'gpu_label', 'hourly_price', 'montly_price', 'windows', 'host_type', 'available', 'available_regions'];

describe('GET /ecs/v2/plans', () => {
  it('answers the Plan shape of 2.3 with available_regions, and no internal fields', async () => {
    const t = await makeEmu();
    const r = await t.req('GET', '/ecs/v2/plans');
    expect(r.status).toBe(200);
    expect(r.body.status).toBe('ok');
    expect(r.body.plans).toHaveLength(15);
    for (const p of r.body.plans) expect(Object.keys(p).sort()).toEqual([...PLAN_KEYS].sort());
    const ecs1 = r.body.plans.find((p: { name: string }) => p.name === 'eCS1');
    expect(ecs1).toMatchObject({ id: 1, cpu: '1', ram: '1024', disk: '20', gpu: '0', gpu_label: null, hourly_price: 0.019, montly_price: 14, windows: false, host_type: 'ECS', available: true });
    expect(ecs1.available_regions).toEqual([
      { id: 2, location: 'it-mi2', description: 'Milano (IT)' },
      { id: 3, location: 'it-fr2', description: 'Frosinone (IT)' },
      { id: 6, location: 'ch-lug1', description: 'Lugano (CH)' },
      { id: 7, location: 'bg-sof1', description: 'Sofia (BG)' },
    ]);
    expect(r.text).not.toMatch(/capacity|spot_discount|"regions"/);
  });
});

describe('POST /ecs/v2/regions/availables', () => {
  it('nested in primary and live, flat in alternate; only regions with a free host', async () => {
    for (const dialect of ['primary', 'live', 'alternate'] as const) {
      const t = await makeEmu({ dialect });
      const r = await t.req('POST', '/ecs/v2/regions/availables', { plan: 'ecs1' });
      expect(r.status).toBe(200);
      const all = ['it-mi2', 'it-fr2', 'ch-lug1', 'bg-sof1'];
      expect(r.body.regions).toEqual(dialect === 'alternate' ? all : [all]);
      t.emulator.emu.state.capacity['eCS1@bg-sof1'] = 0;
      const after = await t.req('POST', '/ecs/v2/regions/availables', { plan: 'eCS1' });
      const some = all.slice(0, 3);
      expect(after.body.regions).toEqual(dialect === 'alternate' ? some : [some]);
    }
  });

  it('takes a form body too', async () => {
    const t = await makeEmu();
    const form = new FormData();
    form.set('plan', 'eCS2HM');
    const res = await t.emulator.fetch(new Request('http://e/ecs/v2/regions/availables', { method: 'POST', body: form, headers: { authorization: `Bearer ${t.token}` } }));
    expect(await res.json()).toEqual({ status: 'ok', regions: [['it-fr2']] });
  });

  it('bad input: missing plan 400, unknown plan 404, wrong type 400', async () => {
    const t = await makeEmu();
    const missing = await t.req('POST', '/ecs/v2/regions/availables', {});
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/'plan' is required/);
    const unknown = await t.req('POST', '/ecs/v2/regions/availables', { plan: 'eCS99' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe("plan 'eCS99' not found");
    expect((await t.req('POST', '/ecs/v2/regions/availables', { plan: ['eCS1'] })).status).toBe(400);
    expect((await t.req('POST', '/ecs/v2/regions/availables', undefined, { raw: 'nope', headers: { 'content-type': 'application/json' } })).status).toBe(400);
  });
});

describe('images and regions', () => {
  it('basic images by POST (no body) and GET, all public', async () => {
    const t = await makeEmu();
    const post = await t.req('POST', '/ecs/v2/images/basics');
    const get = await t.req('GET', '/ecs/v2/images/basics');
    expect(post.status).toBe(200);
    expect(post.body).toEqual(get.body);
    const names = post.body.images.map((i: { name: string }) => i.name);
    expect(names).toEqual(['ubuntu-2404', 'ubuntu-2204', 'ubuntu-2004', 'debian-12', 'debian-11', 'almalinux-9', 'almalinux-8', 'windows-2022', 'windows-2019']);
    for (const i of post.body.images) {
      expect(i).toMatchObject({ public: true, cloud_image: false, status: 'CD', active_flag: true });
      for (const k of ['id', 'name', 'creation_date', 'uuid', 'description', 'notes', 'so_base', 'api_version', 'version', 'required_disk', 'api_version_value']) expect(i).toHaveProperty(k);
    }
  });

  it('POST basics takes no body: an empty one or {} is fine, fields are refused', async () => {
    const t = await makeEmu();
    expect((await t.req('POST', '/ecs/v2/images/basics', {})).status).toBe(200);
    const r = await t.req('POST', '/ecs/v2/images/basics', { type: 'all' });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/takes no body/);
    expect((await t.req('POST', '/ecs/v2/images/basics', undefined, { raw: '{"a":', headers: { 'content-type': 'application/json' } })).status).toBe(400);
  });

  it('cloud images', async () => {
    const t = await makeEmu();
    const r = await t.req('GET', '/ecs/v2/images/cloud-images');
    expect(r.status).toBe(200);
    expect(r.body.images.length).toBeGreaterThan(0);
    for (const i of r.body.images) expect(i.cloud_image).toBe(true);
  });

  it('GET /ecs/v2/regions', async () => {
    const t = await makeEmu();
    expect((await t.req('GET', '/ecs/v2/regions')).body).toEqual({
      status: 'ok',
      regions: [
        { id: 2, location: 'it-mi2', description: 'Milano (IT)' },
        { id: 3, location: 'it-fr2', description: 'Frosinone (IT)' },
        { id: 6, location: 'ch-lug1', description: 'Lugano (CH)' },
        { id: 7, location: 'bg-sof1', description: 'Sofia (BG)' },
      ],
    });
  });

  it('needs credentials', async () => {
    const t = await makeEmu();
    for (const path of ['/ecs/v2/plans', '/ecs/v2/regions', '/ecs/v2/images/basics', '/api/v2/plans/spot', '/api/v2/plans/availables']) {
      expect((await t.req('GET', path, undefined, { token: null })).status).toBe(401);
    }
  });
});

describe('spot plans and availability', () => {
  it('GET /api/v2/plans/spot lists only plans with a spot discount, as {plan, discount}', async () => {
    const t = await makeEmu();
    const r = await t.req('GET', '/api/v2/plans/spot');
    expect(r.status).toBe(200);
    const names = r.body.plans.map((p: { plan: { name: string } }) => p.plan.name);
    expect(names).toEqual(['eCS1', 'eCS2', 'eCS3', 'eCS4', 'eCS5', 'eCS6', 'ECS1GPU', 'ECS1GPU6']);
    expect(r.body.plans[0]).toEqual({
      plan: { id: 1, name: 'eCS1', cpu: '1', ram: '1024', disk: '20', gpu: '0', gpu_label: null, hourly_price: 0.019, montly_price: 14, host_type: 'ECS' },
      discount: 0.3,
    });
    for (const p of r.body.plans) {
      expect(p.discount).toBeGreaterThan(0);
      expect(p.discount).toBeLessThanOrEqual(1);
    }
  });

  it('GET /api/v2/plans/availables: one row per plan and region, capacity 0 shows before anyone tries', async () => {
    const t = await makeEmu();
    const rows = async () => (await t.req('GET', '/api/v2/plans/availables')).body.plans as Array<Record<string, unknown>>;
    const all = await rows();
    expect(all).toHaveLength(30);
    expect(all.find((r) => r.plan === 'eCS1' && r.location === 'bg-sof1')).toEqual({
      plan: 'eCS1', plan_id: 1, host_type: 'ECS', location: 'bg-sof1', region_id: 7, available: true, free_hosts: 50, spot_discount: 0.3, spot_available: true,
    });
    expect(all.find((r) => r.plan === 'eCS2W' && r.location === 'it-mi2')).toMatchObject({ spot_discount: null, spot_available: false, available: true });
    t.emulator.emu.state.capacity['ECS1GPU6@it-fr2'] = 0;
    expect((await rows()).find((r) => r.plan === 'ECS1GPU6')).toMatchObject({ available: false, free_hosts: 0, spot_discount: 0.4, spot_available: false });
    // and creation agrees
    const spot = await t.req('POST', '/ecs/v2/servers', { plan: 'ECS1GPU6', location: 'it-fr2', image: 'ubuntu-2404', notes: 'x', spot: true });
    expect(spot.status).toBe(400);
    expect(spot.body.error).toBe('SpotPlanNotAvailable');
    const plain = await t.req('POST', '/ecs/v2/servers', { plan: 'ECS1GPU6', location: 'it-fr2', image: 'ubuntu-2404', notes: 'x' });
    expect(plain.status).toBe(409);
  });

  it('free hosts follow creation', async () => {
    const t = await makeEmu();
    await t.req('POST', '/ecs/v2/servers', { plan: 'eCS2HM', location: 'it-fr2', image: 'ubuntu-2404', notes: 'x' });
    const row = (await t.req('GET', '/api/v2/plans/availables')).body.plans.find((r: { plan: string }) => r.plan === 'eCS2HM');
    expect(row.free_hosts).toBe(11);
  });
});
