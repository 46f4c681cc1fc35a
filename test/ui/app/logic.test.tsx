// The pure parts behind the shell and the screens, without React: refresh timing and state, action status
// mapping, start-up flags and connection planning, the profile form's steps, the server record's fields.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { Server } from '../../../src/api/index.js';
import { panelLines } from '../../../src/ui/app.js';
import { nextSort, routeKey, shellAction, type KeyContext } from '../../../src/ui/routing.js';
import { KEYS, screenScopes } from '../../../src/ui/registry.js';
import { formStep, initialForm, type FormState } from '../../../src/ui/resource/form.js';
import { ResourceCache } from '../../../src/session/cache.js';
import { initialResourceState, nextDelay, resourceReducer, sameData } from '../../../src/ui/hooks/useResource.js';
import { UsageError, parseFlags, planConnection, profileFileGuess } from '../../../src/boot/main.js';
import { profileFields } from '../../../src/ui/screens/profiles.js';
import { filterRows } from '../../../src/ui/components/Table.js';
import { filterIndexed } from '../../../src/ui/hooks/useFilter.js';
import { serverSections } from '../../../src/ui/screens/server-detail.js';
import { touchesServer } from '../../../src/session/power.js';
import { serverChange } from '../../../src/ui/screens/server-dialogs.js';
import { SERVER_COLUMNS, powerCell, serverRows, statusWord, withKnown } from '../../../src/ui/screens/servers.js';
import type { Session } from '../../../src/session/session.js';
import { endpointLabel, trackedStatus } from '../../../src/session/session.js';

const { footerText, matchBinding } = KEYS;

describe('useResource state', () => {
  test('a failure keeps the last rows and counts; a success clears the error', () => {
    let s = initialResourceState<number[]>();
    expect(s.loading).toBe(true);
    s = resourceReducer(s, { type: 'success', data: [1, 2], at: 1 });
    const rows = s.data;
    s = resourceReducer(s, { type: 'start' });
    s = resourceReducer(s, { type: 'failure', error: 'injected fault: status 500' });
    expect(s).toMatchObject({ data: [1, 2], error: 'injected fault: status 500', failures: 1, loading: false });
    s = resourceReducer(s, { type: 'failure', error: 'again' });
    expect(s.failures).toBe(2);
    s = resourceReducer(s, { type: 'success', data: [1, 2], at: 2 });
    expect(s.error).toBeNull();
    expect(s.failures).toBe(0);
    // the same rows keep their identity: the table does not filter and sort them again
    expect(s.data).toBe(rows);
  });

  test('the interval doubles per failure in a row, capped', () => {
    expect(nextDelay(5000, 0)).toBe(5000);
    expect(nextDelay(5000, 1)).toBe(10_000);
    expect(nextDelay(5000, 3)).toBe(40_000);
    expect(nextDelay(5000, 10)).toBe(60_000);
    expect(nextDelay(5000, 50, 120_000)).toBe(120_000);
  });

  test('sameData compares structure, dates included', () => {
    expect(sameData([{ a: new Date(5) }], [{ a: new Date(5) }])).toBe(true);
    expect(sameData([{ a: new Date(5) }], [{ a: new Date(6) }])).toBe(false);
    expect(sameData([1], [1, 2])).toBe(false);
    expect(sameData(undefined, [])).toBe(false);
  });

  test('the cache lets a screen join a load started before it existed', async () => {
    const cache = new ResourceCache();
    let calls = 0;
    const seen: unknown[] = [];
    cache.subscribe('servers', () => seen.push(cache.get('servers')?.data));
    const p = cache.prefetch('servers', async () => {
      calls += 1;
      return ['a'];
    });
    expect(cache.get('servers')?.pending).toBe(p);
    await p;
    await Promise.resolve();
    expect(cache.get('servers')).toMatchObject({ data: ['a'] });
    expect(cache.get('servers')?.pending).toBeUndefined();
    expect(seen).toEqual([['a']]);
    expect(calls).toBe(1);
  });
});

describe('session', () => {
  test('action statuses map onto the three the tracker knows; unknown ones never poll forever', () => {
    expect(trackedStatus('in-progress')).toBe('in-progress');
    expect(trackedStatus('completed')).toBe('completed');
    expect(trackedStatus('failed')).toBe('failed');
    expect(trackedStatus('error')).toBe('failed');
    expect(trackedStatus('Exploded')).toBe('failed');
  });

  test('the header names the service by host', () => {
    expect(endpointLabel('https://api.example.net/')).toBe('api.example.net');
    expect(endpointLabel('http://127.0.0.1:8787')).toBe('127.0.0.1:8787');
    expect(endpointLabel('http://proxy.local/ecs')).toBe('proxy.local/ecs');
  });
});

describe('start-up', () => {
  test('flags', () => {
    expect(parseFlags([])).toEqual({ readOnly: false, demo: false, help: false, version: false, noHistory: false });
    expect(parseFlags(['--api-url', 'http://x:1', '--profile=work', '--read-only'])).toMatchObject({ apiUrl: 'http://x:1', profile: 'work', readOnly: true });
    expect(parseFlags(['-V']).version).toBe(true);
    expect(parseFlags(['--help']).help).toBe(true);
    expect(parseFlags(['--no-history']).noHistory).toBe(true);
    expect(() => parseFlags(['--frobnicate'])).toThrow('unknown option --frobnicate');
    expect(() => parseFlags(['--profile'])).toThrow('--profile needs a value');
    expect(() => parseFlags(['--demo', '--profile', 'x'])).toThrow(UsageError);
    expect(() => parseFlags(['--read-only=yes'])).toThrow('--read-only takes no value');
  });

  test('no profile and no credentials: the demo; a profile or the environment: that service', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ecsdeck-plan-'));
    try {
      const env = { ECSDECK_CONFIG_DIR: dir };
      expect(profileFileGuess(env)).toBe(join(dir, 'config.json'));
      expect(await planConnection(parseFlags([]), env)).toEqual({ kind: 'demo' });
      expect(await planConnection(parseFlags(['--demo']), { ...env, ECSDECK_API_URL: 'http://x:1' })).toEqual({ kind: 'demo' });

      const viaEnv = await planConnection(parseFlags([]), { ...env, ECSDECK_API_URL: 'http://x:1', ECSDECK_API_TOKEN: 'tok-1234' });
      expect(viaEnv).toMatchObject({ kind: 'connect', conn: { source: 'env', endpoint: 'http://x:1', auth: { kind: 'token', token: 'tok-1234' } } });

      const viaFlag = await planConnection(parseFlags(['--api-url', 'https://api.example.net']), env);
      expect(viaFlag).toMatchObject({ kind: 'connect', conn: { endpoint: 'https://api.example.net', auth: { kind: 'none' } } });

      writeFileSync(
        join(dir, 'config.json'),
        JSON.stringify({ current: 'work', profiles: { work: { endpoint: 'https://w.example.net', credential: { kind: 'token', token: 'tok-5678' } } } }),
      );
      const viaProfile = await planConnection(parseFlags([]), env);
      expect(viaProfile).toMatchObject({ kind: 'connect', conn: { source: 'profile', profileName: 'work', endpoint: 'https://w.example.net' } });
      await expect(planConnection(parseFlags(['--profile', 'nope']), env)).rejects.toThrow("--profile names 'nope', and there is no such profile");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('profile form', () => {
  const none = () => false;
  const typeInto = (st: FormState, text: string): FormState => formStep(st, { type: 'key', input: text, key: {} }).state;
  const enter = (st: FormState) => formStep(st, { type: 'key', input: '', key: { return: true } });
  const shownIds = (st: FormState) => st.fields.filter((f) => f.when?.(st.values) ?? true).map((f) => f.id);

  test('each field is checked before the next; the token or the user name and password follow the choice', () => {
    let s = initialForm(profileFields(undefined, (n) => n === 'work'));
    expect(shownIds(s)).toEqual(['name', 'endpoint', 'method', 'token']);
    s = typeInto(s, 'my work');
    s = enter(s).state;
    expect(s.error).toMatch(/may hold letters, digits/);
    s = formStep(s, { type: 'set', id: 'name', value: 'work' }).state;
    expect(enter(s).state.error).toBe("a profile named 'work' already exists");
    s = formStep(s, { type: 'set', id: 'name', value: 'work2' }).state;
    s = enter(s).state;
    expect(s.fields[s.focus].id).toBe('endpoint');
    s = typeInto(s, 'not a url');
    expect(enter(s).state.error).toMatch(/not a service address/);
    s = formStep(s, { type: 'set', id: 'endpoint', value: 'https://api.example.net/' }).state;
    s = enter(s).state;
    // the choice: ↓ then ⏎ takes the second entry, and the form grows the fields it needs
    s = formStep(s, { type: 'key', input: '', key: { downArrow: true } }).state;
    s = enter(s).state;
    expect(s.values.method).toBe('password');
    expect(shownIds(s)).toEqual(['name', 'endpoint', 'method', 'username', 'password']);
    expect(s.fields[s.focus].id).toBe('username');
    s = enter(typeInto(s, 'alice')).state;
    const done = enter(typeInto(s, ' pass with spaces '));
    // what is sent: only the fields shown, the password as typed (not trimmed)
    expect(done.submit).toEqual({ name: 'work2', endpoint: 'https://api.example.net/', method: 'password', username: 'alice', password: ' pass with spaces ' });
    // a refusal keeps every value, with the service's words under the form
    const refused = formStep(done.state, { type: 'refused', error: 'wrong user name or password' }).state;
    expect(refused).toMatchObject({ sending: false, error: 'wrong user name or password', values: { username: 'alice' } });
  });

  test('changing a profile keeps its name and starts at its address', () => {
    const s = initialForm(profileFields({ name: 'work', endpoint: 'https://w.example.net', credential: null }, none));
    expect(s.fields[0].id).toBe('endpoint');
    expect(s.values.endpoint).toBe('https://w.example.net');
    expect(s.fields.some((f) => f.id === 'name')).toBe(false);
  });
});

const server = (over: Partial<Server> = {}): Server => ({
  name: 'ec1',
  ipv4: '1.2.3.4',
  ipv6: null,
  group: 'eg100001',
  plan: 'eCS1',
  planSize: { core: 2, ram: 2048, disk: 40, gpu: 0, gpuLabel: null, hostType: 'ECS' },
  reservedPlans: [],
  isReserved: false,
  reservedUntil: null,
  support: null,
  location: 'it-fr2',
  locationLabel: 'Frosinone (IT)',
  notes: 'web',
  image: 'debian-12',
  imageLabel: 'Debian 12',
  createdAt: new Date('2026-01-02T03:04:00Z'),
  deletedAt: null,
  active: true,
  status: 'booted',
  progress: 100,
  apiVersion: 'v4',
  user: 'demo',
  virttype: 'KVM',
  spot: null,
  lastRestoredSnapshot: null,
  extra: { new_field: 'x' },
  ...over,
});

describe('servers', () => {
  test('status words: Off only for a booted server known to be shut off', () => {
    expect(statusWord({ status: 'booted' })).toBe('Booted');
    expect(statusWord({ status: 'booted', power: 'shutoff' })).toBe('Off');
    expect(statusWord({ status: 'deleting', power: 'shutoff' })).toBe('Deleting');
    expect(powerCell('shutoff')).toBe('off');
    expect(powerCell('running')).toBe('on');
    expect(powerCell(undefined)).toBe('');
    const same = [server()];
    expect(withKnown(same, undefined)).toBe(same);
    expect(withKnown(same, [{ id: 2, name: 'eg100001', notes: 'production', enabled: true, extra: {} }])[0].groupName).toBe('production');
  });

  test('a list with the same groups is made into rows once, for any session that shows it (the rehearsal’s copy too)', () => {
    const list = [server(), server({ name: 'ec2', group: 'eg100001' })];
    const groups = [{ id: 2, name: 'eg100001', notes: 'production', enabled: true, extra: {} }];
    const sessionOf = () => ({ power: { state: () => undefined }, client: { serviceNow: () => new Date() } }) as unknown as Session;
    const made = serverRows(list, groups, sessionOf(), {});
    expect(made).not.toBe(list);
    expect(made[1].groupName).toBe('production');
    // the same list, groups and costs: the same rows, whose search texts are then made once
    expect(serverRows(list, groups, sessionOf(), {})).toBe(made);
    // anything else changed: made again
    const renamed = [{ ...groups[0], notes: 'prod' }];
    expect(serverRows(list, renamed, sessionOf(), {})[1].groupName).toBe('prod');
    expect(serverRows([...list], renamed, sessionOf(), {})).not.toBe(made);
  });

  test('the indexed filter keeps exactly the rows the table’s own filter keeps, never across two cells', () => {
    const rows = [
      server(),
      server({ name: 'ec2', notes: 'DB-primary', plan: 'eCS5' }),
      server({ name: 'ec3', notes: 'x', ipv4: null, status: 'deleting' }),
      server({ name: 'ec4', notes: 'webdb', createdAt: new Date('2025-05-05T10:00:00Z') }),
    ];
    for (const f of ['', 'db', 'DB-P', 'web', 'deleting', '2025-05', 'eCS5', '1.2.3', 'zz', ' web ']) {
      expect(filterIndexed(rows, SERVER_COLUMNS, f)).toEqual(filterRows(rows, SERVER_COLUMNS, f));
    }
    // notes "web" followed by plan "eCS1" must not match "webecs"
    expect(filterIndexed(rows, SERVER_COLUMNS, 'webecs')).toEqual([]);
  });

  test('the indexed filter stays right through any typing: letters added, taken back, the text replaced', () => {
    const notes = ['web-1', 'web-2', 'db-primary', 'db-replica', 'webdb', 'cache', 'ab', 'ba', 'aab', ''];
    const rows = notes.flatMap((n, i) => [server({ name: `ec${i}`, notes: n }), server({ name: `ec${i}0`, notes: n.toUpperCase(), plan: 'eCS5' })]);
    const key = fc.oneof(fc.constantFrom('a', 'b', 'w', 'e', 'd', '-', '1', 'B', ' '), fc.constant('⌫'), fc.constantFrom('=web', '=db', '=', '=ab'));
    fc.assert(
      fc.property(fc.array(key, { maxLength: 25 }), (keys) => {
        const list = [...rows]; // a list of its own: no filter remembered from another run
        let text = '';
        for (const k of keys) {
          text = k === '⌫' ? text.slice(0, -1) : k.startsWith('=') ? k.slice(1) : text + k;
          expect(filterIndexed(list, SERVER_COLUMNS, text)).toEqual(filterRows(list, SERVER_COLUMNS, text));
        }
      }),
      { numRuns: 300 },
    );
    // a backspace gives back the rows the shorter text had, the same array: the table keeps its work
    const list = [...rows];
    const web = filterIndexed(list, SERVER_COLUMNS, 'web');
    filterIndexed(list, SERVER_COLUMNS, 'web-');
    expect(filterIndexed(list, SERVER_COLUMNS, 'web')).toBe(web);
  });

  test('a letter that narrows nothing gives back the same array: the list under it is not drawn again', () => {
    const rows = ['web-1', 'web-2', 'web-3', 'db-1'].map((n, i) => server({ name: `ec20${i}`, notes: n }));
    // every row matches "ec" and "ec2": the list itself, not a copy of it
    expect(filterIndexed(rows, SERVER_COLUMNS, 'ec')).toBe(rows);
    expect(filterIndexed(rows, SERVER_COLUMNS, 'ec2')).toBe(rows);
    // "web" keeps three; "web-" keeps the same three, as the same array
    const web = filterIndexed(rows, SERVER_COLUMNS, 'web');
    expect(web.map((r) => r.notes)).toEqual(['web-1', 'web-2', 'web-3']);
    expect(filterIndexed(rows, SERVER_COLUMNS, 'web-')).toBe(web);
    // a letter that does narrow gives the rows it keeps, as the table's own filter does
    expect(filterIndexed(rows, SERVER_COLUMNS, 'web-2')).toEqual(filterRows(rows, SERVER_COLUMNS, 'web-2'));
    expect(filterIndexed(rows, SERVER_COLUMNS, 'web-2')).toHaveLength(1);
  });

  test('the edit form sends only what changed; no group is the service’s nogroup', () => {
    expect(serverChange({ notes: 'web', group: 'g1' }, 'web', 'g1')).toEqual({});
    expect(serverChange({ notes: 'web', group: 'g1' }, 'web2', 'g1')).toEqual({ notes: 'web2' });
    expect(serverChange({ notes: 'web', group: 'g1' }, 'web', '')).toEqual({ group: null });
    expect(serverChange({ notes: 'web', group: null }, 'web', 'g2')).toEqual({ group: 'g2' });
  });

  test('the detail lists every field with a human label and its unit, the group by its label, unknown fields too', () => {
    const sections = serverSections(server(), { power: { state: 'running' }, groups: [{ id: 2, name: 'eg100001', notes: 'production', enabled: true, extra: {} }] });
    const get = (label: string) => sections.flatMap((s) => s.fields).find((f) => f.label === label)?.value;
    expect(get('Plan')).toBe('eCS1');
    expect(get('vCPU')).toBe('2');
    expect(get('RAM')).toBe('2 GB');
    expect(get('Disk')).toBe('40 GB');
    expect(get('Group')).toBe('production (eg100001)');
    expect(get('Power')).toBe('Running');
    expect(get('IPv6')).toBe('—');
    expect(get('Created')).toBe('2026-01-02 03:04');
    expect(get('new_field')).toBe('x');
    expect(get('Reserved')).toBe('no');
    expect(sections.map((s) => s.title)).toEqual([undefined, 'Size', 'Where', 'Pricing', 'History (UTC)', 'Isolated from', 'Other fields from the service']);
    expect(touchesServer('ec1', 'ec1')).toBe(true);
    expect(touchesServer('ec1-net000001', 'ec1')).toBe(true);
    expect(touchesServer('ec12', 'ec1')).toBe(false);
  });
});

describe('shell', () => {
  test('screens get the keys that work on them: no create/edit/delete where the screen has none', () => {
    expect(footerText(screenScopes('plans'), 200)).not.toMatch(/create|delete|edit/);
    expect(matchBinding(screenScopes('plans'), 'd', {})).toBeUndefined();
    expect(matchBinding(screenScopes('servers'), 'd', {})).toBe('delete');
    expect(matchBinding(screenScopes('server'), '\t', { tab: true })).toBe('server.nextTab');
    expect(matchBinding(screenScopes('profiles'), 's', {}, { readOnly: true })).toBe('profiles.switch');
    expect(matchBinding(screenScopes('profiles'), 'c', {})).toBe('create');
  });

  test('the action panel grows with the terminal, within bounds', () => {
    expect(panelLines(24)).toBe(2);
    expect(panelLines(32)).toBe(4);
    expect(panelLines(60)).toBe(5);
    // work piling up: one line per action, up to three tenths of the height
    expect(panelLines(24, 6)).toBe(6);
    expect(panelLines(24, 20)).toBe(7);
    expect(panelLines(50, 30)).toBe(15);
    expect(panelLines(50, 1)).toBe(5);
  });
});

describe('key routing', () => {
  const ctx: KeyContext = { mode: 'none', dialogOpen: false, tooSmall: false, connected: true, screen: 'servers', readOnly: false };

  test('Ctrl+C always quits; q only when nothing takes text', () => {
    expect(routeKey({ ...ctx, dialogOpen: true }, 'c', { ctrl: true })).toEqual({ kind: 'quit' });
    expect(routeKey({ ...ctx, mode: 'filter' }, 'c', { ctrl: true })).toEqual({ kind: 'quit' });
    expect(routeKey(ctx, 'q', {})).toEqual({ kind: 'binding', id: 'quit' });
    expect(routeKey({ ...ctx, dialogOpen: true }, 'q', {})).toEqual({ kind: 'ignore' });
    expect(routeKey({ ...ctx, mode: 'command' }, 'q', {})).toEqual({ kind: 'ignore' });
    expect(routeKey({ ...ctx, mode: 'filter' }, 'q', {})).toEqual({ kind: 'ignore' });
    expect(routeKey({ ...ctx, tooSmall: true }, 'q', {})).toEqual({ kind: 'quit' });
    expect(routeKey({ ...ctx, tooSmall: true }, 'd', {})).toEqual({ kind: 'ignore' });
    expect(routeKey({ ...ctx, connected: false }, 'q', {})).toEqual({ kind: 'quit' });
  });

  test('behind help, the command line or the filter, the shell answers nothing', () => {
    for (const mode of ['help', 'command', 'filter'] as const) expect(routeKey({ ...ctx, mode }, 'd', {})).toEqual({ kind: 'ignore' });
  });

  test('read-only refuses write keys with a reason and lets the rest through', () => {
    expect(routeKey({ ...ctx, readOnly: true }, 'd', {})).toEqual({ kind: 'refused', keys: 'd', what: 'delete' });
    expect(routeKey({ ...ctx, readOnly: true }, 'P', {})).toEqual({ kind: 'refused', keys: 'P', what: 'power off' });
    expect(routeKey({ ...ctx, readOnly: true }, 's', {})).toEqual({ kind: 'refused', keys: 's', what: 'snapshot' });
    // asking for a console key makes an action on the service: a write
    expect(routeKey({ ...ctx, readOnly: true }, 'C', {})).toEqual({ kind: 'refused', keys: 'C', what: 'console' });
    expect(routeKey({ ...ctx, readOnly: true }, 'y', {})).toEqual({ kind: 'binding', id: 'copy' });
    expect(routeKey({ ...ctx, readOnly: true, screen: 'plans' }, 'd', {})).toEqual({ kind: 'ignore' });
  });

  test('esc clears the filter first, then goes back, and does nothing on the first screen', () => {
    expect(shellAction('back', { filter: 'web', depth: 2 })).toEqual({ kind: 'clearFilter' });
    expect(shellAction('back', { filter: '', depth: 2 })).toEqual({ kind: 'pop' });
    expect(shellAction('back', { filter: '', depth: 1 })).toBeNull();
    expect(shellAction('servers.powerOff', { filter: '', depth: 1 })).toBeNull();
  });

  test('o walks the columns keeping the direction; O flips it', () => {
    const cols = [{ key: 'name', header: 'NAME' }, { key: 'notes', header: 'NOTES' }];
    expect(nextSort(null, cols, false)).toEqual({ column: 'name', descending: false });
    expect(nextSort({ column: 'name', descending: true }, cols, false)).toEqual({ column: 'notes', descending: true });
    expect(nextSort({ column: 'notes', descending: false }, cols, false)).toEqual({ column: 'name', descending: false });
    expect(nextSort(null, cols, true)).toEqual({ column: 'name', descending: true });
    expect(nextSort({ column: 'notes', descending: true }, cols, true)).toEqual({ column: 'notes', descending: false });
  });
});
