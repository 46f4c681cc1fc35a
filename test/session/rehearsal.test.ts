// The session the start-up rehearsal draws (session/rehearsal.ts): what the real one has loaded, over a client
// that sends nothing.
import { describe, expect, it } from 'vitest';
import { createEmulator } from '../../src/emulator/app.js';
import { OFFLINE_MESSAGE, offlineCopy } from '../../src/session/rehearsal.js';
import { SERVERS_CACHE_KEY } from '../../src/session/cache.js';
import { countedSession } from './counted-session.js';

const tick = async () => {
  for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
};

const realSession = () => countedSession(createEmulator({ clock: 'manual', seed: 'demo' }));

describe('offlineCopy', () => {
  it('holds what the real session loaded: its lists, and the power and CPU of its servers, as fresh', async () => {
    const { session: real, sent } = await realSession();
    const servers = await real.client.servers.list();
    const [a, b] = servers.map((s) => s.name);
    real.cache.set(SERVERS_CACHE_KEY, servers);
    real.power.show([a, b]);
    real.cpu.show([a]);
    await tick();
    expect(real.power.state(a)).toBe('running');
    expect(real.cpu.sample(a)).toBeDefined();
    const sentBefore = sent.length;

    const refused: string[] = [];
    const copy = offlineCopy(real, (r) => refused.push(r));
    expect(copy.cache.get(SERVERS_CACHE_KEY)?.data).toBe(servers);
    expect(copy.power.state(a)).toBe('running');
    expect(copy.power.state(b)).toBe(real.power.state(b));
    expect(copy.cpu.sample(a)).toBe(real.cpu.sample(a));
    // shown again, they are known: nothing is asked for
    copy.power.show([a, b]);
    copy.cpu.show([a]);
    await tick();
    expect(refused).toEqual([]);
    expect(copy.profile).toBe('demo');
    expect(copy.local).toBe(true);
    expect(copy.history).toBeNull();
    expect(sent.length).toBe(sentBefore);
    await copy.close();
    await real.close();
  });

  it('refuses every request in memory: reads and writes alike, none reaches the service', async () => {
    const { session: real, sent } = await realSession();
    const sentBefore = sent.length;
    const refused: string[] = [];
    const copy = offlineCopy(real, (r) => refused.push(r));
    await expect(copy.client.servers.list()).rejects.toThrow(OFFLINE_MESSAGE);
    await expect(copy.client.servers.powerOff('ec206901')).rejects.toThrow(OFFLINE_MESSAGE);
    // the watcher's look at what runs is a promise kept already, not a request
    await copy.followRunning();
    expect(refused).toEqual(['GET /ecs/v2/servers', 'POST /ecs/v2/servers/ec206901/actions']);
    expect(sent.length).toBe(sentBefore);
    // the real session still works, and its credential is the copy's only in memory
    expect(copy.client.credential).toEqual(real.client.credential);
    await expect(real.client.servers.list()).resolves.toHaveLength(13);
    await copy.close();
    await real.close();
  });

  it('is a session of its own: closing it leaves the real one watching and sampling', async () => {
    const { session: real } = await realSession();
    const copy = offlineCopy(real);
    expect(copy.tracker).not.toBe(real.tracker);
    expect(copy.power).not.toBe(real.power);
    expect(copy.cache).not.toBe(real.cache);
    await copy.close();
    real.power.show(['ec206901']);
    await tick();
    expect(real.power.state('ec206901')).toBe('running');
    await real.close();
  });
});
