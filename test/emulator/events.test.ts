import { describe, expect, it } from 'vitest';
import { makeEmu, type TestEmu } from './helpers.js';

const ISO_MICRO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}\+00:00$/;

const post = (t: TestEmu, body: Record<string, unknown>) => t.req('POST', '/__emulator/events', body, { token: null });

describe('events', () => {
  it('admin POST appends an event in the shape of 2.19', async () => {
    const t = await makeEmu();
    const r = await post(t, { event_type: 'started', pod: 'llama-abc', cluster: 'gpu-fr2', runtime_class: 'nvidia' });
    expect(r.status).toBe(201);
    expect(r.body).toEqual({
      pod: 'llama-abc',
      cluster: 'gpu-fr2',
      id: expect.any(Number),
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      user: 'demo',
      date: expect.stringMatching(ISO_MICRO),
      runtime_class: 'nvidia',
      local_reference_namespace: expect.any(String),
      local_reference_name: expect.any(String),
      remote_reference_namespace: expect.any(String),
      remote_reference_name: expect.any(String),
      event_epoch: Math.floor(t.emulator.emu.now() / 1000),
      event_type: 'started',
    });
    expect(Date.parse(r.body.date)).toBe(t.emulator.emu.now());
    const list = await t.req('GET', '/k8sgpu/v1/events/');
    expect(list.body).toEqual({ items: [r.body], length: 1, total: 1 });
  });

  it.each([
    ['no event_type', {}, 400],
    ['blank event_type', { event_type: ' ' }, 400],
    ['event_type not a string', { event_type: 3 }, 400],
    ['unknown user', { event_type: 'started', username: 'nobody' }, 404],
    ['pod not a string', { event_type: 'started', pod: [] }, 400],
  ])('admin POST with %s is refused and appends nothing', async (_n, body, status) => {
    const t = await makeEmu();
    const r = await post(t, body);
    expect(r.status).toBe(status);
    expect((await t.req('GET', '/k8sgpu/v1/events')).body.total).toBe(0);
  });

  it('serves the list with and without the trailing slash, most recent first', async () => {
    const t = await makeEmu();
    await post(t, { event_type: 'started', pod: 'a' });
    await t.advance(60);
    await post(t, { event_type: 'terminated', pod: 'a' });
    for (const path of ['/k8sgpu/v1/events', '/k8sgpu/v1/events/']) {
      const r = await t.req('GET', path);
      expect(r.status).toBe(200);
      expect(r.body.items.map((e: { event_type: string }) => e.event_type)).toEqual(['terminated', 'started']);
    }
  });

  it('searches case-insensitively; total counts the matches; offset and length page them', async () => {
    const t = await makeEmu();
    for (let i = 0; i < 7; i++) await post(t, { event_type: 'started', pod: `Train-${i}`, cluster: 'gpu-fr2' });
    for (let i = 0; i < 3; i++) await post(t, { event_type: 'started', pod: `serve-${i}`, cluster: 'gpu-fr2-b' });
    const all = await t.req('GET', '/k8sgpu/v1/events?length=100');
    expect(all.body).toMatchObject({ length: 10, total: 10 });
    const s = await t.req('GET', '/k8sgpu/v1/events/?search=TRAIN&offset=2&length=3');
    expect(s.body.total).toBe(7);
    expect(s.body.length).toBe(3);
    expect(s.body.items.map((e: { pod: string }) => e.pod)).toEqual(['Train-4', 'Train-3', 'Train-2']);
    const byCluster = await t.req('GET', '/k8sgpu/v1/events?search=fr2-B');
    expect(byCluster.body.total).toBe(3);
    const none = await t.req('GET', '/k8sgpu/v1/events?search=zzz');
    expect(none.body).toEqual({ items: [], length: 0, total: 0 });
    const past = await t.req('GET', '/k8sgpu/v1/events?offset=50');
    expect(past.body).toEqual({ items: [], length: 0, total: 10 });
  });

  it('defaults length to 50 and caps it at 500', async () => {
    const t = await makeEmu();
    for (let i = 0; i < 60; i++) await post(t, { event_type: 'started' });
    expect((await t.req('GET', '/k8sgpu/v1/events')).body.length).toBe(50);
    expect((await t.req('GET', '/k8sgpu/v1/events?length=100000')).body.length).toBe(60);
    expect((await t.req('GET', '/k8sgpu/v1/events?length=0')).body).toMatchObject({ items: [], length: 0, total: 60 });
  });

  it.each(['offset=abc', 'length=-1', 'offset=1.5', `search=${'x'.repeat(300)}`])('bad query %s: 400', async (q) => {
    const t = await makeEmu();
    expect((await t.req('GET', `/k8sgpu/v1/events?${q}`)).status).toBe(400);
  });

  it("shows only the caller's events", async () => {
    const t = await makeEmu();
    const bob = await t.newUser('bob');
    await post(t, { event_type: 'started', pod: 'demo-pod' });
    await post(t, { event_type: 'started', pod: 'bob-pod', username: 'bob' });
    const mine = await t.req('GET', '/k8sgpu/v1/events');
    expect(mine.body.items.map((e: { pod: string }) => e.pod)).toEqual(['demo-pod']);
    const his = await t.req('GET', '/k8sgpu/v1/events', undefined, { token: bob });
    expect(his.body.items.map((e: { pod: string; user: string }) => [e.pod, e.user])).toEqual([['bob-pod', 'bob']]);
  });

  it('needs credentials', async () => {
    const t = await makeEmu();
    expect((await t.req('GET', '/k8sgpu/v1/events', undefined, { token: null })).status).toBe(401);
  });

  it('demo seed: about 40 started/terminated GPU pod events over the past weeks', async () => {
    const t = await makeEmu({ seed: 'demo' });
    const r = await t.req('GET', '/k8sgpu/v1/events?length=500');
    expect(r.body.total).toBeGreaterThanOrEqual(30);
    expect(r.body.total).toBeLessThanOrEqual(45);
    const now = t.emulator.emu.now();
    const epochs = r.body.items.map((e: { event_epoch: number }) => e.event_epoch);
    expect([...epochs].sort((a, b) => b - a)).toEqual(epochs);
    // recorded in the order they happened, as the service records them: the newest has the highest id
    const ids = r.body.items.map((e: { id: number }) => e.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    for (const e of r.body.items) {
      expect(['started', 'terminated']).toContain(e.event_type);
      expect(e.event_epoch * 1000).toBeLessThanOrEqual(now);
      expect(e.event_epoch * 1000).toBeGreaterThan(now - 30 * 86400_000);
    }
  });
});
