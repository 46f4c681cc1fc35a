// Malformed input on every write endpoint: never a 5xx, always a JSON error, and nothing changes.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeEmu, type TestEmu } from './helpers.js';

const MALFORMED: Array<[string, string]> = [
  ['truncated object', '{"plan": '],
  ['truncated array', '['],
  ['trailing garbage', '{"a":1}}'],
  ['bare word', 'nul'],
  ['NUL byte', '\u0000'],
  ['an array', '[1, {"a": 2}]'],
  ['a number', '42'],
  ['a string', '"server"'],
  ['true', 'true'],
  ['null', 'null'],
  ['deeply nested arrays', '['.repeat(20_000) + ']'.repeat(20_000)],
  ['deeply nested objects', '{"a":'.repeat(5_000) + '1' + '}'.repeat(5_000)],
  ['lone surrogate', '{"notes": "\\ud800"}'],
];

/** Every field name any endpoint reads: set each to a nested value no endpoint accepts. */
const FIELDS = [
  'plan', 'location', 'image', 'notes', 'note', 'ssh_key', 'reserved_plan', 'support', 'group', 'user_customize',
  'user_customize_env', 'networks', 'isolate_from', 'spot', 'type', 'snapshot', 'description', 'protected', 'config',
  'enabled', 'max_retention', 'day_of_week', 'server', 'label', 'key', 'title', 'content', 'windows', 'name', 'vlan_id',
  'pvid', 'vlans', 'status', 'code', 'password', 'username', 'email', 'seconds', 'count',
];
const WRONG_TYPES = Object.fromEntries(FIELDS.map((f) => [f, { $: [[{ deep: true }]] }]));

interface Route {
  method: string;
  path: string;
}

let t: TestEmu;
let routes: Route[];

/** Fills path parameters with real demo records so handlers get past the lookups to the body. */
function concretePath(path: string, ids: Record<string, string>): string {
  const parts = path.split('/');
  return parts
    .map((part, i) => {
      if (!part.startsWith(':')) return part;
      const before = parts[i - 1];
      if (before === 'crons') return `snapshot_schedule_${ids.servers}`;
      return ids[before] ?? '1';
    })
    .join('/');
}

beforeAll(async () => {
  t = await makeEmu({ seed: 'demo' });
  const first = async (path: string, pick: (b: any) => unknown) => {
    const r = await t.req('GET', path);
    return r.status === 200 ? String(pick(r.body)) : '1';
  };
  const server = await first('/ecs/v2/servers', (b) => b.server.find((s: any) => s.status === 'Booted')?.name);
  const network = await first('/ecs/v2/networks', (b) => b.networks[0]?.name);
  const ids: Record<string, string> = {
    servers: server,
    snapshots: await first(`/ecs/v2/servers/${server}/snapshots`, (b) => b.snapshots[0]?.id),
    templates: await first('/ecs/v2/templates', (b) => b.templates[0]?.name),
    sshkeys: await first('/ecs/v2/sshkeys', (b) => b.pubkeys[0]?.id),
    scripts: await first('/ecs/v2/scripts', (b) => b.scripts[0]?.id),
    networks: network,
    vlans: '100',
    groups: await first('/ecs/v2/groups', (b) => b.groups[0]?.id),
    keys: '1',
  };
  const seen = new Set<string>();
  routes = [];
  for (const r of t.emulator.app.routes) {
    if (!['POST', 'PUT', 'PATCH'].includes(r.method) || r.path.startsWith('/__emulator') || r.path.includes('*')) continue;
    const path = concretePath(r.path, ids);
    const key = `${r.method} ${path}`;
    if (seen.has(key) || r.path === '/ecs/v2/login') continue;
    seen.add(key);
    routes.push({ method: r.method, path });
  }
});

const snapshotState = () => JSON.stringify(t.emulator.emu.state);

describe('malformed bodies on every write endpoint', () => {
  it('finds the write endpoints', () => {
    expect(routes.length).toBeGreaterThan(25);
  });

  it.each(MALFORMED)('answers %s with a 4xx JSON error and changes nothing', async (_label, raw) => {
    for (const route of routes) {
      const before = snapshotState();
      const r = await t.req(route.method, route.path, undefined, { raw, headers: { 'content-type': 'application/json' } });
      expect(r.status, `${route.method} ${route.path}`).toBeGreaterThanOrEqual(400);
      expect(r.status, `${route.method} ${route.path}`).toBeLessThan(500);
      expect(r.body?.status, `${route.method} ${route.path}: ${r.text.slice(0, 200)}`).toBe('error');
      expect(snapshotState() === before, `${route.method} ${route.path} changed the state`).toBe(true);
    }
  });

  it('answers every known field with a wrong type with a 4xx naming the problem, changing nothing', async () => {
    for (const route of routes) {
      const before = snapshotState();
      const r = await t.req(route.method, route.path, WRONG_TYPES);
      expect(r.status, `${route.method} ${route.path}: ${r.text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
      expect(r.status, `${route.method} ${route.path}: ${r.text.slice(0, 200)}`).toBeLessThan(500);
      expect(typeof r.body?.message).toBe('string');
      expect(snapshotState() === before, `${route.method} ${route.path} changed the state`).toBe(true);
    }
  });

  it('never answers arbitrary JSON objects with a 5xx', async () => {
    const value = fc.oneof(fc.string(), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.array(fc.string(), { maxLength: 3 }), fc.object({ maxDepth: 2 }));
    const body = fc.dictionary(fc.constantFrom(...FIELDS, 'extra', '__proto__', 'constructor'), value, { maxKeys: 8 });
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), body, async (route, b) => {
        const r = await t.req(route.method, route.path, b);
        expect(r.status, `${route.method} ${route.path} ${JSON.stringify(b)}: ${r.text.slice(0, 200)}`).toBeLessThan(500);
        expect(r.body, `${route.method} ${route.path}: not JSON`).toBeDefined();
      }),
      { numRuns: 400 },
    );
  });

  it('answers odd paths with a 4xx', async () => {
    for (const path of ['/ecs/v2/servers/%00', '/ecs/v2/servers/..%2F..%2Fetc', '/ecs/v2/servers/' + 'x'.repeat(5000), '/ecs/v2/servers/a/snapshots/NaN', '/ecs/v2/actions/1e309', '/ecs/v2/templates/%E0%A4%A', '/ecs/v2/sshkeys/-1']) {
      const r = await t.req('GET', path);
      expect(r.status, path).toBeGreaterThanOrEqual(400);
      expect(r.status, path).toBeLessThan(500);
    }
  });
});
