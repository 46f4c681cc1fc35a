// Groups as the public clients of the live service use them (the Go client Seeweb/cloudserver-go-client and the
// Python SDK ecsapi): an integer id, a generated `eg1xxxxx` name, `notes` as the label.
import { describe, expect, it } from 'vitest';
import { makeEmu, type TestEmu } from './helpers.js';

const stateJson = (t: TestEmu) => JSON.stringify(t.emulator.emu.state);

describe('groups', () => {
  it('Go client (cloudserver-go-client group.go): create with {notes, password}, list, delete by integer id', async () => {
    const t = await makeEmu();
    const r = await t.req('POST', '/ecs/v2/groups', { notes: 'Test group 1', password: 'gr0up-pw-8241' });
    expect(r.status).toBe(200);
    const g = r.body.group;
    expect(r.body).toEqual({ status: 'ok', group: { id: expect.any(Number), name: expect.stringMatching(/^eg1\d{5}$/), notes: 'Test group 1', enabled: true } });
    expect(Number.isInteger(g.id)).toBe(true);
    // the password is not kept anywhere, nor echoed
    expect(stateJson(t)).not.toContain('gr0up-pw-8241');
    expect(r.text).not.toContain('gr0up-pw-8241');
    const second = (await t.req('POST', '/ecs/v2/groups', { notes: '' })).body.group;
    expect(second.id).not.toBe(g.id);
    expect(second.name).not.toBe(g.name);
    expect((await t.req('GET', '/ecs/v2/groups')).body).toEqual({ status: 'ok', groups: [g, second] });
    expect((await t.req('GET', `/ecs/v2/groups/${g.id}`)).body.group).toEqual(g);
    expect((await t.req('GET', `/ecs/v2/groups/${g.name}`)).body.group).toEqual(g);
    expect((await t.req('DELETE', `/ecs/v2/groups/${g.id}`)).body).toEqual({ status: 'ok' });
    expect((await t.req('GET', '/ecs/v2/groups')).body.groups).toEqual([second]);
    const gone = await t.req('DELETE', `/ecs/v2/groups/${g.id}`);
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe('group not found');
  });

  it('delete by the eg1 name too; no name needed on create, a given one is not taken', async () => {
    const t = await makeEmu();
    const g = (await t.req('POST', '/ecs/v2/groups', { name: 'mine', notes: 'web' })).body.group;
    expect(g.name).toMatch(/^eg1\d{5}$/);
    expect(g.notes).toBe('web');
    expect((await t.req('POST', '/ecs/v2/groups', {})).body.group.notes).toBe('');
    expect((await t.req('DELETE', `/ecs/v2/groups/${g.name}`)).status).toBe(200);
    expect((await t.req('GET', `/ecs/v2/groups/${g.id}`)).status).toBe(404);
  });

  it('the server field `group` carries the eg1 name (given as name or id); a group with servers cannot be deleted until they leave', async () => {
    const t = await makeEmu();
    const g = (await t.req('POST', '/ecs/v2/groups', { notes: 'db' })).body.group;
    const s = await t.req('POST', '/ecs/v2/servers', { plan: 'eCS1', location: 'it-mi2', image: 'ubuntu-2404', notes: 'db-1', group: g.name });
    const name = s.body.server.name;
    expect(s.body.server.group).toBe(g.name);
    const byId = await t.req('POST', '/ecs/v2/servers', { plan: 'eCS1', location: 'it-mi2', image: 'ubuntu-2404', notes: 'db-2', group: String(g.id) });
    expect(byId.body.server.group).toBe(g.name);
    await t.req('PUT', `/ecs/v2/servers/${byId.body.server.name}`, { group: 'nogroup' });
    const before = stateJson(t);
    const refused = await t.req('DELETE', `/ecs/v2/groups/${g.id}`);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain(name);
    expect(refused.body.message).not.toContain(byId.body.server.name);
    expect(stateJson(t)).toBe(before);
    await t.req('PUT', `/ecs/v2/servers/${name}`, { group: 'nogroup' });
    expect((await t.req('GET', `/ecs/v2/servers/${name}`)).body.server.group).toBeNull();
    await t.req('PUT', `/ecs/v2/servers/${name}`, { group: String(g.id) });
    expect((await t.req('GET', `/ecs/v2/servers/${name}`)).body.server.group).toBe(g.name);
    await t.req('PUT', `/ecs/v2/servers/${name}`, { group: 'nogroup' });
    expect((await t.req('DELETE', `/ecs/v2/groups/${g.id}`)).status).toBe(200);
  });

  it('another account sees 404 as for a missing group, and cannot use it', async () => {
    const t = await makeEmu();
    const g = (await t.req('POST', '/ecs/v2/groups', { notes: 'mine' })).body.group;
    const other = await t.newUser('eve');
    const before = stateJson(t);
    for (const ref of [String(g.id), g.name]) {
      for (const method of ['GET', 'DELETE']) {
        const theirs = await t.req(method, `/ecs/v2/groups/${ref}`, undefined, { token: other });
        const none = await t.req(method, '/ecs/v2/groups/eg199999', undefined, { token: other });
        expect(theirs.status).toBe(404);
        expect(theirs.body).toEqual(none.body);
      }
      const s = await t.req('POST', '/ecs/v2/servers', { plan: 'eCS1', location: 'it-mi2', image: 'ubuntu-2404', notes: 'x', group: ref }, { token: other });
      expect(s.status).toBe(404);
      expect(s.body.message).toBe('group not found');
    }
    expect((await t.req('GET', '/ecs/v2/groups', undefined, { token: other })).body.groups).toEqual([]);
    expect(stateJson(t)).toBe(before);
  });

  it('bad input: 400 naming the field, nothing created', async () => {
    const t = await makeEmu();
    const before = stateJson(t);
    for (const [body, msg] of [
      [{ notes: 42 }, /'notes' must be a string/],
      [{ notes: 'x'.repeat(256) }, /'notes' is too long/],
      [{ notes: 'ok', password: ['a'] }, /'password' must be a string/],
      [{ notes: 'ok', enabled: 'maybe' }, /'enabled' must be a boolean/],
    ] as const) {
      const r = await t.req('POST', '/ecs/v2/groups', body);
      expect(r.status).toBe(400);
      expect(r.body.message).toMatch(msg);
    }
    for (const seg of ['%00', '__proto__', 'constructor', '1', '0', 'eg100000']) expect((await t.req('GET', `/ecs/v2/groups/${seg}`)).status).toBe(404);
    expect(stateJson(t)).toBe(before);
  });

  it('the demo estate has labelled groups that its servers belong to', async () => {
    const t = await makeEmu({ seed: 'demo' });
    const groups = (await t.req('GET', '/ecs/v2/groups')).body.groups;
    expect(groups.map((g: { notes: string }) => g.notes)).toEqual(expect.arrayContaining(['production', 'staging']));
    const production = groups.find((g: { notes: string }) => g.notes === 'production');
    const servers = (await t.req('GET', '/ecs/v2/servers')).body.server;
    expect(servers.filter((s: { group: string | null }) => s.group === production.name).length).toBeGreaterThan(0);
  });
});
