// Every shape variant read into the same model: one test per row of the emulator's dialect table and per item
// of observed-service.md's "Shapes seen on the wire", on literal JSON.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/index.js';
import { parseLogin, parseTokenList } from '../../src/api/account.js';
import { parseAction, parseActionAnswer } from '../../src/api/actions.js';
import { parseAvailability, parseImage, parseImages, parsePlans, parseRegionNames, parseRegions, parseSpotPlans } from '../../src/api/catalog.js';
import { parseEventPage } from '../../src/api/events.js';
import { parseSchedule } from '../../src/api/schedules.js';
import { parseScript } from '../../src/api/scripts.js';
import { parseMetrics, parseSpotStatus, parseSupport } from '../../src/api/server-options.js';
import { parseConsole, parseCreatedServer, parseServer, parseServerList, parseServerPower } from '../../src/api/servers.js';
import { parseSnapshot } from '../../src/api/snapshots.js';
import { parseCreatedTemplate, parseTemplate } from '../../src/api/templates.js';
import { actionRecord, planRecord, scriptRecord, serverRecord, snapshotRecord, templateRecord } from './fixtures.js';
import { cannedClient, json } from './helpers.js';

describe('dialect table rows', () => {
  it('create response action key: action_id (primary) and action (alternate) give the same actionId', () => {
    const primary = parseCreatedServer({ status: 'ok', action_id: 59168, server: serverRecord() });
    const alternate = parseCreatedServer({ status: 'ok', action: 59168, server: serverRecord() });
    expect(primary.actionId).toBe(59168);
    expect(alternate).toEqual(primary);
  });

  it('plan_size numbers: strings (primary) and integers with gpu_label "" (alternate) are the same numbers', () => {
    const strings = parseServer(serverRecord());
    const ints = parseServer({
      ...serverRecord(),
      plan_size: { core: 4, ram: 4096, disk: 80, gpu: 0, gpu_label: '', host_type: 'ECS' },
    });
    expect(strings.planSize).toEqual({ core: 4, ram: 4096, disk: 80, gpu: 0, gpuLabel: null, hostType: 'ECS' });
    expect(ints.planSize).toEqual(strings.planSize);
  });

  it('regions/availables: nested [[...]] (primary) and flat [...] (alternate)', () => {
    const nested = parseRegionNames({ status: 'ok', regions: [['ch-lug1', 'it-fr2', 'it-mi2', 'bg-sof1']] });
    const flat = parseRegionNames({ status: 'ok', regions: ['ch-lug1', 'it-fr2', 'it-mi2', 'bg-sof1'] });
    expect(nested).toEqual(['ch-lug1', 'it-fr2', 'it-mi2', 'bg-sof1']);
    expect(flat).toEqual(nested);
    expect(parseRegionNames({ status: 'ok', regions: [[]] })).toEqual([]);
  });

  it('action failure status: failed (primary) and error (alternate) are both failed', () => {
    const failed = parseAction({ ...actionRecord(), status: 'failed', progress: 40 });
    const error = parseAction({ ...actionRecord(), status: 'error', progress: 40 });
    expect(failed.status).toBe('failed');
    expect(error).toEqual(failed);
  });

  it('server status endpoint: nested RUNNING (primary) and flat Running (alternate)', () => {
    const nested = parseServerPower({ status: 'ok', server: { name: 'ec206918', current_status: 'RUNNING' } });
    const flat = parseServerPower({ status: 'ok', name: 'ec206918', current_status: 'Running' });
    expect(nested).toEqual({ name: 'ec206918', state: 'running' });
    expect(flat).toEqual(nested);
  });

  it('metrics points: [epoch, "v"] (primary) and {t, y} (alternate) are the same points', () => {
    const pair = parseMetrics({
      status: 'ok',
      metrics: {
        resource: 'ec206922',
        core: [[1763629920, '12.50'], [1763629980, '13.00']],
        disk: { reads: [[1763629920, '1.00']], writes: [] },
        network: { received: [[1763629920, '300.25']], transmitted: [[1763629920, '0']] },
      },
    });
    const ty = parseMetrics({
      status: 'ok',
      metrics: {
        resource: 'ec206922',
        core: [
          { t: '2025-11-20T09:12:00.000Z', y: '12.50' },
          { t: '2025-11-20T09:13:00.000Z', y: '13.00' },
        ],
        disk: { reads: [{ t: '2025-11-20T09:12:00.000Z', y: '1.00' }], writes: [] },
        network: { received: [{ t: '2025-11-20T09:12:00.000Z', y: '300.25' }], transmitted: [{ t: '2025-11-20T09:12:00.000Z', y: '0' }] },
      },
    });
    expect(pair.core[0]).toEqual({ at: new Date(1763629920 * 1000), value: 12.5 });
    expect(ty).toEqual(pair);
  });

  it('script create: bare object (primary) and {status, script} (alternate, live)', () => {
    const bare = parseScript(scriptRecord());
    const wrapped = parseScript({ status: 'ok', script: scriptRecord() });
    expect(bare).toMatchObject({ id: 12, title: 'install nginx', windows: false, category: null });
    expect(wrapped).toEqual(bare);
  });

  it('power and console answers: {status, action} (primary) and bare action (alternate, live), console_key either way', () => {
    const power = { ...actionRecord(), type: 'power_off' };
    expect(parseActionAnswer({ status: 'ok', action: power })).toEqual(parseActionAnswer(power));
    expect(parseActionAnswer(power).type).toBe('power_off');

    const consoleAction = { ...actionRecord(), type: 'console', status: 'completed', progress: 100 };
    const wrapped = parseConsole({ status: 'ok', action: consoleAction, console_key: 'ck-1234' });
    const bare = parseConsole({ ...consoleAction, console_key: 'ck-1234' });
    expect(wrapped.consoleKey).toBe('ck-1234');
    expect(bare).toEqual(wrapped);
    expect(bare.action.extra).not.toHaveProperty('console_key');
  });

  it('create action type: create_server (primary) and new_server (alternate)', () => {
    expect(parseAction({ ...actionRecord(), type: 'new_server' }).type).toBe('create_server');
    expect(parseAction(actionRecord()).type).toBe('create_server');
  });
});

describe('shapes seen on the wire', () => {
  it('server create response: the full record while Booting, with "" and null for unset fields', () => {
    const created = parseCreatedServer({
      status: 'ok',
      action_id: 59168,
      server: {
        ...serverRecord(),
        status: 'Booting',
        progress: 0,
        active_flag: false,
        ipv4: '',
        ipv6: '',
        reserved_until: '',
        deletion_date: null,
        api_version: 'v5',
        api_version_value: 5,
        last_restored_snapshot: null,
      },
    });
    expect(created.actionId).toBe(59168);
    expect(created.server).toMatchObject({
      name: 'ec206922',
      status: 'booting',
      progress: 0,
      active: false,
      ipv4: null,
      ipv6: null,
      reservedUntil: null,
      deletedAt: null,
      apiVersion: 'v5',
      lastRestoredSnapshot: null,
    });
    expect(created.server.extra).toEqual({ api_version_value: 5 });
  });

  it('short create form: name, ipv4, ipv6, plan, location, os, status, progress', () => {
    const s = parseServer({ name: 'ec206923', ipv4: '', ipv6: '', plan: 'ECS1', location: 'it-fr2', os: 'debian-12', status: 'Booting', progress: 5 });
    expect(s).toMatchObject({ name: 'ec206923', image: 'debian-12', plan: 'ECS1', status: 'booting', progress: 5, planSize: null });
  });

  it('server get and list records carry virttype KVM; the list is {status, count, server: [...]}', () => {
    const list = parseServerList({ status: 'ok', count: 2, server: [serverRecord(), { ...serverRecord(), name: 'ec206923' }] });
    expect(list.map((s) => s.name)).toEqual(['ec206922', 'ec206923']);
    expect(list[0].virttype).toBe('KVM');
    expect(parseServerList({ status: 'ok', count: 0, server: [] })).toEqual([]);
  });

  it('plan_size values as strings; one example as integers with gpu_label ""', () => {
    const gpu = parseServer({
      ...serverRecord(),
      plan_size: { core: '8', ram: '32768', disk: '500', gpu: '1', gpu_label: 'RTX 6000', host_type: 'ECSGPU' },
    });
    expect(gpu.planSize).toEqual({ core: 8, ram: 32768, disk: 500, gpu: 1, gpuLabel: 'RTX 6000', hostType: 'ECSGPU' });
    const ints = parseServer({ ...serverRecord(), plan_size: { core: 1, ram: 1024, disk: 20, gpu: 0, gpu_label: '', host_type: 'ECS' } });
    expect(ints.planSize).toEqual({ core: 1, ram: 1024, disk: 20, gpu: 0, gpuLabel: null, hostType: 'ECS' });
  });

  it('timestamps: microseconds with +00:00, milliseconds with Z, null, and "" all read', () => {
    const s = parseServer(serverRecord());
    expect(s.createdAt?.toISOString()).toBe('2026-11-20T09:12:00.123Z');
    const snap = parseSnapshot(snapshotRecord());
    expect(snap.createdAt?.toISOString()).toBe('2026-11-20T09:12:00.123Z');
    expect(snap.deletedAt).toBeNull();
    const a = parseAction({ ...actionRecord(), completed_at: '', started_at: null });
    expect(a.completedAt).toBeNull();
    expect(a.startedAt).toBeNull();
  });

  it('server status endpoint: SHUTOFF for a powered-off server', () => {
    expect(parseServerPower({ status: 'ok', server: { name: 'ec206918', current_status: 'SHUTOFF' } }).state).toBe('shutoff');
    expect(parseServerPower({ status: 'ok', name: 'ec206918', current_status: 'Shutoff' }).state).toBe('shutoff');
  });

  it('power actions: a bare action object; failure written failed', () => {
    const a = parseActionAnswer({ ...actionRecord(), type: 'power_on', status: 'failed', completed_at: '2026-11-20T09:12:05.000000+00:00' });
    expect(a).toMatchObject({ type: 'power_on', status: 'failed' });
    expect(a.completedAt?.toISOString()).toBe('2026-11-20T09:12:05.000Z');
  });

  it('regions/availables: one page shows a flat array', () => {
    expect(parseRegionNames({ status: 'ok', regions: ['it-fr2'] })).toEqual(['it-fr2']);
  });

  it('template create: {status, action_id, template {status CG}}; actions with resource_type ECI or DI', () => {
    const created = parseCreatedTemplate({ status: 'ok', action_id: 59105, template: templateRecord() });
    expect(created.actionId).toBe(59105);
    expect(created.template).toMatchObject({ name: 'ei200001', status: 'creating', requiredDisk: 20, apiVersionValue: 5 });
    const eci = parseAction({ ...actionRecord(), resource: 'ei200001', resource_type: 'ECI', type: 'create_template' });
    const di = parseAction({ ...actionRecord(), resource: 'ei200001', resource_type: 'DI', type: 'delete_template' });
    expect(eci).toMatchObject({ resourceType: 'ECI', type: 'create_template' });
    expect(di).toMatchObject({ resourceType: 'DI', type: 'delete_template' });
    expect(parseTemplate({ status: 'ok', template: { ...templateRecord(), status: 'CD' } }).status).toBe('created');
    expect(parseImage({ ...templateRecord(), status: 'Created' }).status).toBe('created');
  });

  it('script create: the spec gives a bare object, a recorded response wraps it', () => {
    expect(parseScript({ status: 'ok', script: scriptRecord() }).content).toContain('nginx');
    expect(parseScript(scriptRecord()).content).toContain('nginx');
  });

  it('server update: the client sends `note`, and `group: "nogroup"` to leave a group', async () => {
    const { client, sent } = cannedClient(() => json({ status: 'ok' }));
    await client.servers.update('ec206922', { notes: 'web-2' });
    await client.servers.update('ec206922', { group: null });
    expect(sent.map((s) => [s.method, s.path, s.body])).toEqual([
      ['PUT', '/ecs/v2/servers/ec206922', { note: 'web-2' }],
      ['PUT', '/ecs/v2/servers/ec206922', { group: 'nogroup' }],
    ]);
  });

  it('restore from a snapshot: a bare rollback action; servers then carry last_restored_snapshot as a record', () => {
    const a = parseActionAnswer({ ...actionRecord(), type: 'rollback', resource: 'ec206922' });
    expect(a.type).toBe('rollback');
    const s = parseServer({ ...serverRecord(), last_restored_snapshot: { ...snapshotRecord(), is_last_restored: true } });
    expect(s.lastRestoredSnapshot).toMatchObject({ id: 105, isLastRestored: true, status: 'created' });
  });

  it('methods beyond the spec: images read from GET /ecs/v2/images/basics', async () => {
    const { client, sent } = cannedClient(() =>
      json({ status: 'ok', images: [{ ...templateRecord(), name: 'ubuntu-2404', public: true, status: 'CD', api_version: 'v5' }] }),
    );
    const images = await client.catalog.images();
    expect(images[0]).toMatchObject({ name: 'ubuntu-2404', public: true, status: 'created' });
    expect(sent[0]).toMatchObject({ method: 'GET', path: '/ecs/v2/images/basics' });
  });

  it('endpoints beyond the spec: regions list, groups, cloud images', () => {
    expect(parseRegions({ status: 'ok', regions: [{ id: 2, location: 'it-mi2', description: 'Milano' }] })).toEqual([
      { id: 2, location: 'it-mi2', description: 'Milano' },
    ]);
    expect(parseImages({ status: 'ok', images: [{ ...templateRecord(), cloud_image: true }] })[0].cloudImage).toBe(true);
  });

  it('error bodies: message, else error, else detail, else the status text; error_code kept', async () => {
    const bodies: Array<[number, unknown, string]> = [
      [400, { status: 'error', error_code: 400, message: 'server not found' }, 'server not found'],
      [400, { error: 'Support code not found' }, 'Support code not found'],
      [422, { detail: 'Invalid env variable format' }, 'Invalid env variable format'],
      [422, { detail: [{ msg: 'field required' }, { msg: 'value is not an integer' }] }, 'field required; value is not an integer'],
      [404, {}, 'Not Found'],
    ];
    for (const [status, body, message] of bodies) {
      const { client } = cannedClient(() => json(body, status));
      const err = await client.servers.get('ec206922').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ApiError);
      expect(err).toMatchObject({ status, message, method: 'GET', path: '/ecs/v2/servers/ec206922' });
    }
    const { client } = cannedClient(() => json({ status: 'error', error_code: 400, message: 'x' }, 400));
    expect(await client.servers.get('a').catch((e: ApiError) => e.code)).toBe(400);
  });

  it('templates addressed by name or by numeric id', async () => {
    const { client, sent } = cannedClient(() => json({ status: 'ok', template: templateRecord() }));
    await client.templates.get('ei200001');
    await client.templates.get(3001);
    expect(sent.map((s) => s.path)).toEqual(['/ecs/v2/templates/ei200001', '/ecs/v2/templates/3001']);
  });
});

describe('catalog records', () => {
  it('plans: cpu, ram, disk, gpu strings read as numbers; montly_price is the monthly price', () => {
    const [p] = parsePlans({ status: 'ok', plans: [planRecord()] });
    expect(p).toMatchObject({ id: 8, name: 'eCS3', cpu: 4, ram: 4096, disk: 80, gpu: 0, gpuLabel: null, monthlyPrice: 35, hourlyPrice: 0.048 });
    expect(p.regions.map((r) => r.location)).toEqual(['it-mi2', 'it-fr2']);
  });

  it('spot plans wrap each plan with a discount', () => {
    const [s] = parseSpotPlans({ status: 'ok', plans: [{ plan: planRecord(), discount: 0.3 }] });
    expect(s.discount).toBe(0.3);
    expect(s.plan.name).toBe('eCS3');
  });

  it('plan availability: flat rows and plans with nested regions', () => {
    const flat = parseAvailability({
      status: 'ok',
      plans: [{ plan: 'eCS1', location: 'it-mi2', spot_discount: 0.3, spot_available: true, available: true, free_hosts: 4 }],
    });
    expect(flat).toEqual([
      { plan: 'eCS1', location: 'it-mi2', spotDiscount: 0.3, spotAvailable: true, available: true, extra: { free_hosts: 4 } },
    ]);
    const nested = parseAvailability([{ plan: { name: 'ECS1GPU8' }, spot_discount: null, regions: [{ location: 'it-fr2', spot_available: false }] }]);
    expect(nested[0]).toMatchObject({ plan: 'ECS1GPU8', location: 'it-fr2', spotDiscount: null, spotAvailable: false, available: null });
  });
});

describe('other records', () => {
  it('snapshot status codes read as words', () => {
    expect(['CG', 'CD', 'DE', 'DD'].map((status) => parseSnapshot({ ...snapshotRecord(), status }).status)).toEqual([
      'creating',
      'created',
      'deleting',
      'deleted',
    ]);
  });

  it('schedule: infos carry retention and weekday', () => {
    const c = parseSchedule({
      status: 'ok',
      cron: {
        name: 'snapshot_schedule_ec206922',
        schedule: '30 2 * * 0 UTC',
        enabled: true,
        last_run_at: null,
        infos: { max_retention: 2, day_of_week: 0 },
        last_run_status: null,
      },
    });
    expect(c).toMatchObject({ name: 'snapshot_schedule_ec206922', enabled: true, maxRetention: 2, dayOfWeek: 0, lastRunAt: null, lastRunStatus: null });
  });

  it('support record: weigth is the weight', () => {
    const s = parseSupport({
      status: 'ok',
      support: {
        support_title: 'Global',
        support_code: 'global',
        immutable: false,
        start: '2026-11-20T09:12:00.000000+00:00',
        may_downgrade: false,
        weigth: 2,
        days: 30,
        cancelled: false,
        cancelled_at: null,
      },
    });
    expect(s).toMatchObject({ code: 'global', weight: 2, days: 30, cancelledAt: null });
  });

  it('spot status record', () => {
    const s = parseSpotStatus({
      server: 'ec206922',
      status: 'terminating',
      discount: 0.3,
      notified_at: '2026-11-20T09:12:00.000000+00:00',
      terminate_at: '2026-11-20T09:14:00.000000+00:00',
      promoted_at: null,
    });
    expect(s.terminateAt!.getTime() - s.notifiedAt!.getTime()).toBe(120_000);
    expect(s.status).toBe('terminating');
  });

  it('token list is a bare array; login gives token and expire (Unix seconds)', () => {
    expect(parseTokenList([{ id: 1, notes: 'ecsdeck@host', created_at: '2026-11-20T09:12:00.000000+00:00' }])).toEqual([
      { id: 1, notes: 'ecsdeck@host', createdAt: new Date('2026-11-20T09:12:00.000Z') },
    ]);
    expect(parseLogin({ status: 'ok', token: 'a.b.c', expire: 1763633520 }).expire).toEqual(new Date(1763633520 * 1000));
  });

  it('event page: items, length, total', () => {
    const page = parseEventPage({
      items: [{ id: 1, pod: 'p', cluster: 'c', uuid: 'u', user: 'demo', date: '2026-11-20T09:12:00Z', event_epoch: 1763629920, event_type: 'started' }],
      length: 1,
      total: 7,
    });
    expect(page).toMatchObject({ length: 1, total: 7 });
    expect(page.items[0]).toMatchObject({ eventType: 'started', eventEpoch: 1763629920 });
  });
});

describe('tolerance and strictness', () => {
  it('unknown extra fields are kept out of the way, not fatal', () => {
    const s = parseServer({ ...serverRecord(), brand_new_field: { a: 1 }, another: 'x' });
    expect(s.extra).toEqual({ api_version_value: 5, brand_new_field: { a: 1 }, another: 'x' });
    expect(s.name).toBe('ec206922');
  });

  it("a missing required field is an ApiError naming it: \"server record is missing 'name'\"", async () => {
    const { name: _drop, ...nameless } = serverRecord();
    const { client } = cannedClient(() => json({ status: 'ok', server: nameless }));
    const err = await client.servers.get('ec206922').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe("server record is missing 'name'");
    expect((err as ApiError).path).toBe('/ecs/v2/servers/ec206922');
  });

  it('a field of the wrong kind is an ApiError naming it', async () => {
    const { client } = cannedClient(() => json({ status: 'ok', action: { ...actionRecord(), id: 'not-a-number' } }));
    await expect(client.actions.get(1)).rejects.toThrow("action record has 'id' that is not a number");
  });

  it('a 200 whose body says status "error" is an ApiError', async () => {
    const { client } = cannedClient(() => json({ status: 'error', error_code: 400, message: 'Unable to retrieve server status' }));
    const err = await client.servers.status('ec206922').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 200, message: 'Unable to retrieve server status', code: 400 });
    expect(String(err)).toBe('ApiError: GET /ecs/v2/servers/ec206922/status answered 200: Unable to retrieve server status');
  });

  it('a body that is not JSON is an ApiError', async () => {
    const { client } = cannedClient(() => new Response('<html>gateway</html>', { status: 200, headers: { 'content-type': 'text/html' } }));
    await expect(client.servers.list()).rejects.toThrow('not JSON');
  });
});
