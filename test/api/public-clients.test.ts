// The client against the shapes the public clients of the live service send and read: the official Go client
// (Seeweb/cloudserver-go-client) and the Python SDK (ecsapi). Each test names the client a shape comes from.
import { describe, expect, it } from 'vitest';
import { cannedClient, json } from './helpers.js';

describe('groups (Go client seeweb/group.go and its tests)', () => {
  it('list reads {id: <integer>, name: "eg1xxxxx", notes, enabled}', async () => {
    const { client, sent } = cannedClient(() => json({ status: 'ok', groups: [{ id: 2, name: 'eg100001', notes: 'Test group 1', enabled: true }] }));
    expect(await client.groups.list()).toEqual([{ id: 2, name: 'eg100001', notes: 'Test group 1', enabled: true, extra: {} }]);
    expect(sent.map((s) => [s.method, s.path])).toEqual([['GET', '/ecs/v2/groups']]);
  });

  it('create sends {notes, password}, no name, and reads the group the service named', async () => {
    const { client, sent } = cannedClient(() => json({ status: 'ok', group: { id: 2, name: 'eg100001', notes: 'Test group 1', enabled: true } }));
    const g = await client.groups.create({ notes: 'Test group 1', password: 'gr0up-pw-8241' });
    expect(g).toMatchObject({ id: 2, name: 'eg100001', notes: 'Test group 1' });
    expect(sent.map((s) => [s.method, s.path, s.body])).toEqual([['POST', '/ecs/v2/groups', { notes: 'Test group 1', password: 'gr0up-pw-8241' }]]);
  });

  it('a create refused with the password echoed back shows no password', async () => {
    const { client } = cannedClient(() => json({ status: 'error', message: 'password gr0up-pw-7713 is too weak' }, 400));
    const err = await client.groups.create({ notes: 'x', password: 'gr0up-pw-7713' }).catch((e: Error) => e);
    expect(err).toMatchObject({ status: 400 });
    expect(String((err as Error).message)).not.toContain('gr0up-pw-7713');
  });

  it('delete by integer id (as the Go client) or by the eg1 name', async () => {
    const { client, sent } = cannedClient(() => json({ status: 'ok' }));
    await client.groups.delete(2);
    await client.groups.delete('eg100001');
    expect(sent.map((s) => [s.method, s.path])).toEqual([
      ['DELETE', '/ecs/v2/groups/2'],
      ['DELETE', '/ecs/v2/groups/eg100001'],
    ]);
  });
});
