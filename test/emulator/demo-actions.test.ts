// The demo seed's actions are numbered in the order they happened, as the service numbers them: the action
// list, most recent first, starts with the work in flight now, not with the weeks-old snapshots and VLANs the
// seed happened to replay last.
import { expect, it } from 'vitest';
import { makeEmu } from './helpers.js';

it('the demo’s action list, most recent first, is newest first by time too, the servers being created now on top', async () => {
  const t = await makeEmu({ seed: 'demo' });
  await t.login('demo', 'demo');
  const { body } = await t.req('GET', '/ecs/v2/actions?length=100');
  const actions = body.actions as Array<{ id: number; type: string; resource: string; status: string; created_at: string }>;
  expect(actions.length).toBe(body.total_actions);
  const ids = actions.map((a) => a.id);
  expect(ids).toEqual([...ids].sort((a, b) => b - a));
  const times = actions.map((a) => Date.parse(a.created_at));
  for (let i = 1; i < times.length; i++) expect(times[i], `${actions[i].id} after ${actions[i - 1].id}`).toBeLessThanOrEqual(times[i - 1]);
  // what is in flight at the start is the newest work
  const running = actions.filter((a) => a.status === 'in-progress').map((a) => a.id);
  expect(running.length).toBeGreaterThan(0);
  expect(ids.slice(0, running.length)).toEqual(running);
});

it('what refers to a renumbered action follows it: a server’s create action, and its end when the clock gets there', async () => {
  const t = await makeEmu({ seed: 'demo' });
  await t.login('demo', 'demo');
  const { body } = await t.req('GET', '/ecs/v2/actions?length=100');
  const creating = (body.actions as Array<{ id: number; type: string; resource: string; status: string }>).filter(
    (a) => a.type === 'create_server' && a.status === 'in-progress',
  );
  expect(creating.length).toBeGreaterThan(0);
  for (const a of creating) {
    const one = await t.req('GET', `/ecs/v2/actions/${a.id}`);
    expect(one.body.action.resource).toBe(a.resource);
  }
  await t.advance(600);
  for (const a of creating) {
    const one = await t.req('GET', `/ecs/v2/actions/${a.id}`);
    expect([one.body.action.status, one.body.action.progress]).toEqual(['completed', 100]);
    const server = await t.req('GET', `/ecs/v2/servers/${a.resource}`);
    expect(server.body.server?.status, server.text).toBe('Booted');
  }
});
