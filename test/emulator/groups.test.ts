import { describe, expect, it } from 'vitest';
import { makeEmu, type TestEmu } from './helpers.js';

const stateJson = (t: TestEmu) => JSON.stringify(t.emulator.emu.state);

describe('groups', () => {
  it('create, list, get and delete; ids eg1xxxxx', async () => {
    const t = await makeEmu();
    const r = await t.req('POST', '/ecs/v2/groups', { name: 'production', notes: 'web tier' });
    expect(r.status).toBe(200);
    const g = r.body.group;
    expect(g).toEqual({ id: expect.stringMatching(/^eg1\d{5}$/), name: 'production', notes: 'web tier', enabled: true });
    const second = (await t.req('POST', '/ecs/v2/groups', { name: 'staging' })).body.group;
    expect(second.id).not.toBe(g.id);
    expect(second.notes).toBe('');
    expect((await t.req('GET', '/ecs/v2/groups')).body).toEqual({ status: 'ok', groups: [g, second] });
    expect((await t.req('GET', `/ecs/v2/groups/${g.id}`)).body.group).toEqual(g);
    expect((await t.req('DELETE', `/ecs/v2/groups/${g.id}`)).body).toEqual({ status: 'ok' });
    expect((await t.req('GET', '/ecs/v2/groups')).body.groups).toEqual([second]);
    const gone = await t.req('DELETE', `/ecs/v2/groups/${g.id}`);
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe('group not found');
  });

  it('the server field `group` holds the id; a group with servers cannot be deleted until they leave', async () => {
    const t = await makeEmu();
    const g = (await t.req('POST', '/ecs/v2/groups', { name: 'db' })).body.group.id;
    const s = await t.req('POST', '/ecs/v2/servers', { plan: 'eCS1', location: 'it-mi2', image: 'ubuntu-2404', notes: 'db-1', group: g });
    const name = s.body.server.name;
    expect(s.body.server.group).toBe(g);
    const before = stateJson(t);
    const refused = await t.req('DELETE', `/ecs/v2/groups/${g}`);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain(name);
    expect(stateJson(t)).toBe(before);
    await t.req('PUT', `/ecs/v2/servers/${name}`, { group: 'nogroup' });
    expect((await t.req('DELETE', `/ecs/v2/groups/${g}`)).status).toBe(200);
  });

  it('another account sees 404 as for a missing group, and cannot use it', async () => {
    const t = await makeEmu();
    const g = (await t.req('POST', '/ecs/v2/groups', { name: 'mine' })).body.group.id;
    const other = await t.newUser('eve');
    const before = stateJson(t);
    for (const [method, path] of [['GET', `/ecs/v2/groups/${g}`], ['DELETE', `/ecs/v2/groups/${g}`]]) {
      const theirs = await t.req(method, path, undefined, { token: other });
      const none = await t.req(method, path.replace(g, 'eg199999'), undefined, { token: other });
      expect(theirs.status).toBe(404);
      expect(theirs.body).toEqual(none.body);
    }
    expect((await t.req('GET', '/ecs/v2/groups', undefined, { token: other })).body.groups).toEqual([]);
    const s = await t.req('POST', '/ecs/v2/servers', { plan: 'eCS1', location: 'it-mi2', image: 'ubuntu-2404', notes: 'x', group: g }, { token: other });
    expect(s.status).toBe(404);
    expect(s.body.message).toBe('group not found');
    expect(stateJson(t)).toBe(before);
  });

  it('bad input: 400 naming the field, nothing created', async () => {
    const t = await makeEmu();
    const before = stateJson(t);
    for (const [body, msg] of [
      [{}, /'name' is required/],
      [{ name: 42 }, /'name' must be a string/],
      [{ name: '   ' }, /'name' must not be empty/],
      [{ name: 'x'.repeat(65) }, /'name' is too long/],
      [{ name: 'ok', notes: ['a'] }, /'notes' must be a string/],
      [{ name: 'ok', enabled: 'maybe' }, /'enabled' must be a boolean/],
    ] as const) {
      const r = await t.req('POST', '/ecs/v2/groups', body);
      expect(r.status).toBe(400);
      expect(r.body.message).toMatch(msg);
    }
    for (const seg of ['%00', '__proto__', 'constructor', '1']) expect((await t.req('GET', `/ecs/v2/groups/${seg}`)).status).toBe(404);
    expect(stateJson(t)).toBe(before);
  });

  it('the demo estate has groups', async () => {
    const t = await makeEmu({ seed: 'demo' });
    const names = (await t.req('GET', '/ecs/v2/groups')).body.groups.map((g: { name: string }) => g.name);
    expect(names).toEqual(expect.arrayContaining(['production', 'staging']));
  });
});
