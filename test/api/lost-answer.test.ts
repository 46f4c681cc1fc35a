// A DELETE whose answer is lost on the way back is retried by the client; the retry meets the deletion the
// first attempt started. The caller asked for a deletion and one is under way: that is success, not "already
// being deleted". Refusals the client's own retry cannot explain stay errors.
import { describe, expect, it } from 'vitest';
import { createEmulator } from '../../src/emulator/app.js';
import { ApiError, createClient } from '../../src/api/index.js';
import { BASE } from './helpers.js';

/** A client over an in-process emulator whose fetch can deliver a request and then lose its answer. */
async function lossy() {
  const emulator = createEmulator({ clock: 'manual', seed: 'empty' });
  let loseNext: string | null = null;
  const deletes: string[] = [];
  const fetch = async (req: Request): Promise<Response> => {
    const path = new URL(req.url).pathname;
    if (req.method === 'DELETE') deletes.push(path);
    const res = await emulator.fetch(req);
    if (loseNext !== null && req.method === loseNext) {
      loseNext = null;
      await res.arrayBuffer();
      // what undici throws when the peer closes the socket before the answer arrives
      throw new TypeError('fetch failed', { cause: Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }) });
    }
    return res;
  };
  const client = createClient({ endpoint: BASE, fetch, retry: { baseDelayMs: 1, maxDelayMs: 5 } });
  await client.login('demo', 'demo');
  const admin = async (method: string, path: string, body?: unknown) =>
    emulator.fetch(new Request(BASE + path, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) }));
  const advance = (seconds: number) => admin('POST', '/__emulator/clock/advance', { seconds });
  const booted = async () => {
    const { server } = await client.servers.create({ plan: 'eCS1', location: 'it-mi2', image: 'debian-12', notes: 'victim' });
    await advance(90);
    return server.name;
  };
  return { emulator, client, deletes, booted, advance, admin, loseNextAnswer: (method: string) => (loseNext = method) };
}

describe('a DELETE retried after its answer was lost', () => {
  it('deleting a server succeeds with the deletion under way, and only one is started', async () => {
    const e = await lossy();
    const name = await e.booted();
    e.loseNextAnswer('DELETE');
    const action = await e.client.servers.remove(name);
    expect(e.deletes).toEqual([`/ecs/v2/servers/${name}`, `/ecs/v2/servers/${name}`]);
    expect(action).toMatchObject({ type: 'delete_server', resource: name, status: 'in-progress' });
    const deletions = (await e.client.actions.list({ resource: name })).actions.filter((a) => a.type === 'delete_server');
    expect(deletions.map((a) => a.id)).toEqual([action.id]);
    expect((await e.client.servers.get(name)).status).toBe('deleting');
    await e.advance(10);
    expect((await e.client.actions.get(action.id)).status).toBe('completed');
  });

  it('deleting a snapshot succeeds with the snapshot being deleted and its action', async () => {
    const e = await lossy();
    const name = await e.booted();
    const { snapshot } = await e.client.snapshots.create(name, { description: 'before upgrade' });
    await e.advance(200);
    e.loseNextAnswer('DELETE');
    const change = await e.client.snapshots.remove(name, snapshot.id);
    expect(change.action).toMatchObject({ type: 'delete_snapshot', resource: String(snapshot.id) });
    expect(change.snapshot).toMatchObject({ id: snapshot.id, status: 'deleting' });
  });

  it('deleting a template by id succeeds with its deletion', async () => {
    const e = await lossy();
    const name = await e.booted();
    const { template } = await e.client.templates.create({ description: 'golden', server: name });
    await e.advance(400);
    e.loseNextAnswer('DELETE');
    const action = await e.client.templates.remove(template.id);
    expect(action).toMatchObject({ type: 'delete_template', resource: template.name });
  });

  it('a second delete of the caller\'s own (no lost answer) is still refused in the service\'s words', async () => {
    const e = await lossy();
    const name = await e.booted();
    await e.client.servers.remove(name);
    const err = await e.client.servers.remove(name).catch((x: unknown) => x);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe(`server ${name} is already being deleted`);
  });

  it('a retry after a 503 (the service did nothing) that meets someone else\'s deletion is still refused', async () => {
    const e = await lossy();
    const name = await e.booted();
    await e.client.servers.remove(name);
    await e.admin('PUT', '/__emulator/faults', { error_next: 1, error_status: 503 });
    const err = await e.client.servers.remove(name).catch((x: unknown) => x);
    expect((err as ApiError).message).toBe(`server ${name} is already being deleted`);
  });

  it('a lost answer on a server that never was still ends in "not found": no deletion of it is under way', async () => {
    const e = await lossy();
    e.loseNextAnswer('DELETE');
    const err = await e.client.servers.remove('ec999999').catch((x: unknown) => x);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 404, message: 'server not found', afterLostAnswer: true });
  });
});
