// The command table and what is written from it: the parser, the help at every level, the table output,
// the progress of a wait. In-process; the built program's behaviour is test/cli/commands.test.ts.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { Action, Client } from '../../src/api/index.js';
import { commandsHelp } from '../../src/cli/help.js';
import { commandArgv } from '../../src/cli/names.js';
import { RESOURCE_NAMES } from '../../src/boot/command-words.js';
import { render, table } from '../../src/cli/output.js';
import { history } from '../../src/cli/commands/history.js';
import { displayWidth } from '../../src/ui/text.js';
import { parseCommand, parseDuration } from '../../src/cli/parse.js';
import { COMMANDS } from '../../src/cli/table.js';
import { col, UsageError } from '../../src/cli/types.js';
import { ACTION_COLUMNS } from '../../src/cli/shapes.js';
import { ActionFailedError, waitForAction } from '../../src/cli/wait.js';

/** What the entry point asks: a one-shot command (or `completion`, `help`), or the dashboard's flags. */
const isCommand = (argv: readonly string[]): boolean => commandArgv(argv) !== null;

describe('the command table', () => {
  it('names the same resources the entry point dispatches on', () => {
    expect([...RESOURCE_NAMES].sort()).toEqual(COMMANDS.map((r) => r.name).sort());
    expect(isCommand(['servers', 'list'])).toBe(true);
    expect(isCommand(['completion', 'bash'])).toBe(true);
    // the dashboard's own flags stay the dashboard's
    expect(isCommand(['--demo'])).toBe(false);
    expect(isCommand(['--profile', 'servers'])).toBe(false);
    expect(isCommand(['--theme', 'dark', 'servers', 'list'])).toBe(false);
    expect(isCommand([])).toBe(false);
  });

  it('moves the flags every command takes, given before the resource, after its verb', () => {
    expect(commandArgv(['--demo', '-o', 'json', 'servers', 'get', 'ec206901'])).toEqual(['servers', 'get', '--demo', '-o', 'json', 'ec206901']);
    expect(commandArgv(['--profile=work', '--read-only', 'actions', 'list'])).toEqual(['actions', 'list', '--profile=work', '--read-only']);
    // no verb: the resource's own help or its error
    expect(commandArgv(['--demo', 'servers', '--help'])).toEqual(['servers', '--help', '--demo']);
    expect(parseCommand(commandArgv(['-y', '--api-url', 'http://127.0.0.1:1', 'servers', 'delete', 'ec1'])!)).toMatchObject({ kind: 'run', values: { server: 'ec1' }, globals: { yes: true, apiUrl: 'http://127.0.0.1:1' } });
  });

  it('gives every resource list (or its reports) and get where the dashboard shows records, and no flag twice', () => {
    for (const r of COMMANDS) {
      const names = r.verbs.map((v) => v.name);
      expect(new Set(names).size, r.name).toBe(names.length);
      if (!['billing', 'account', 'schedule'].includes(r.name)) expect(names, r.name).toEqual(expect.arrayContaining(['list', 'get']));
      for (const v of r.verbs) {
        const params = v.params.map((p) => p.name);
        expect(new Set(params).size, `${r.name} ${v.name}`).toBe(params.length);
        for (const g of ['output', 'api-url', 'profile', 'demo', 'read-only', 'yes', 'help', 'wait', 'timeout']) expect(params, `${r.name} ${v.name}`).not.toContain(g);
      }
    }
  });

  it('has --help at every level, from the same table', () => {
    expect(commandsHelp()).toMatch(/^ {2}servers +servers: create/m);
    const resource = parseCommand(['servers', '--help']);
    expect(resource.kind === 'help' && resource.text).toMatch(/^ {2}power-off +stop a server/m);
    const verb = parseCommand(['servers', 'create', '-h']);
    expect(verb.kind === 'help' && verb.text).toContain('usage: ecsdeck servers create --plan PLAN --location LOCATION --image IMAGE');
    expect(verb.kind === 'help' && verb.text).toContain('--wait');
  });

  it('refuses what it cannot read, saying what is wrong', () => {
    const usage = (argv: string[]) => {
      try {
        parseCommand(argv);
      } catch (err) {
        expect(err).toBeInstanceOf(UsageError);
        return (err as Error).message;
      }
      throw new Error(`${argv.join(' ')} was accepted`);
    };
    expect(usage(['servers', 'get'])).toBe('missing SERVER: the server (its ec… name)');
    expect(usage(['servers', 'get', 'a', 'b'])).toBe("unexpected argument 'b'");
    expect(usage(['servers', 'frobnicate'])).toMatch(/^servers has no verb 'frobnicate'/);
    expect(usage(['servers', 'create', '--plan', 'x', '--location', 'y'])).toMatch(/^--image( \S+)? is needed/);
    // the form of the value, where the flag has one (it said `--month is needed: the month`)
    expect(usage(['billing', 'servers'])).toBe('--month YYYY-MM is needed: the month');
    expect(usage(['servers', 'rollback', 'ec1', 'latest'])).toBe("SNAPSHOT is a whole number (got 'latest')");
    expect(usage(['servers', 'list', '-o', 'yaml'])).toBe("-o is one of table, json, csv (got 'yaml')");
    expect(usage(['servers', 'list', '--wait'])).toMatch(/unknown option '--wait'/);
    expect(usage(['servers', 'list', '--demo', '--profile', 'p'])).toMatch(/cannot be combined/);
    expect(usage(['templates', 'create', '--description', 'd'])).toBe('give --server or --snapshot (one of them)');
    expect(usage(['servers', 'delete', 'ec1', '--wait', '--timeout', 'soon'])).toMatch(/^--timeout is a duration/);
    expect(usage(['servers', 'delete', 'ec1', '--timeout', '5m'])).toBe('--timeout is for --wait');
  });

  it('reads durations', () => {
    expect(parseDuration('90')).toBe(90_000);
    expect(parseDuration('90s')).toBe(90_000);
    expect(parseDuration('1h30m')).toBe(5_400_000);
  });
});

describe('the table output', () => {
  const cols = [col<{ a: string; b: string }>('NAME', (r) => r.a), col<{ a: string; b: string }>('NOTES', (r) => r.b)];

  it('aligns by display width and makes hostile text safe', () => {
    const out = table([{ a: 'ec1', b: 'plain' }, { a: '数据库', b: 'evil\u001b]0;pwned\u0007' }], cols);
    const lines = out.trimEnd().split('\n');
    expect(lines[0]).toBe('NAME    NOTES');
    expect(lines[2]).toBe('数据库  evil␛]0;pwned␇');
    expect(out).not.toContain('\u001b');
  });

  it('fits a terminal width by cutting the widest column with …', () => {
    const out = table([{ a: 'ec1', b: 'x'.repeat(100) }], cols, 30);
    for (const l of out.trimEnd().split('\n')) expect(l.length).toBeLessThanOrEqual(30);
    expect(out).toContain('…');
  });

  it('never cuts a whole column (an id the next command takes): the others give up their room', () => {
    const id = 'mx0ieg4d-64b58c6c';
    const wide = [col<{ id: string; what: string }>('ID', (r) => r.id, { whole: true }), col<{ id: string; what: string }>('WHAT', (r) => r.what)];
    const out = table([{ id, what: 'x'.repeat(60) }], wide, 30);
    const row = out.trimEnd().split('\n')[1];
    expect(row.startsWith(`${id}  `)).toBe(true);
    expect(row.length).toBeLessThanOrEqual(30);
    expect(row.endsWith('…')).toBe(true);
  });

  it('leaves out the columns that may go before it cuts any: an action at 80 columns is whole, less COMPLETED and PROGRESS', () => {
    const action = { id: 59034, type: 'create_snapshot', resource: 'ec206903-net000002', status: 'in-progress', progress: 40, createdAt: new Date('2026-11-22T03:00:00Z'), completedAt: null } as unknown as Action;
    const narrow = table([action], ACTION_COLUMNS, 80);
    const [head, row] = narrow.trimEnd().split('\n');
    expect(head.split(/ +/)).toEqual(['ID', 'TYPE', 'RESOURCE', 'STATUS', 'CREATED']);
    // it had `create_sna…`, `ec206903-n…` and `2026-11-22…`
    expect(row).toMatch(/^59034 +create_snapshot +ec206903-net000002 +in-progress +2026-11-22 03:00$/);
    // PROGRESS comes back first, with room for it
    expect(table([action], ACTION_COLUMNS, 90).split('\n')[0]).toMatch(/PROGRESS +CREATED$/);
    expect(table([action], ACTION_COLUMNS, 120).split('\n')[0]).toMatch(/PROGRESS +CREATED +COMPLETED$/);
    // a pipe (no width) always has every column
    expect(table([action], ACTION_COLUMNS).split('\n')[0]).toMatch(/COMPLETED$/);
    // the progress a percentage in a table, lined up by its end; a number in CSV
    const [title, forty, hundred] = table([action, { ...action, progress: 100 }], ACTION_COLUMNS, 120).split('\n');
    const end = title.indexOf('PROGRESS') + 'PROGRESS'.length;
    expect([forty.indexOf(' 40% ') + 4, hundred.indexOf(' 100% ') + 5]).toEqual([end, end]);
    expect(render({ kind: 'rows', rows: [action], columns: ACTION_COLUMNS }, 'csv').split('\r\n')[1]).toBe('59034,create_snapshot,ec206903-net000002,in-progress,40,2026-11-22 03:00,');
  });
});

describe('history list on a terminal', () => {
  it('keeps each write\u2019s ID whole at 80 columns: history get takes it', async () => {
    const state = mkdtempSync(join(tmpdir(), 'ecsdeck-history-table-'));
    mkdirSync(join(state, 'ecsdeck'));
    const id = 'mx0ieg4d-64b58c6c';
    const sent = { v: 1, t: 'sent', id, at: '2026-11-28T14:32:14.367Z', by: 'command', profile: 'demo', endpoint: 'api.example.net', method: 'POST', path: '/ecs/v2/servers/ec206901/snapshots', body: { description: 'before the kernel upgrade and the move to the new storage pool' }, what: 'snapshot ec206901 (before the kernel upgrade and the move to the new storage pool)' };
    writeFileSync(join(state, 'ecsdeck', 'history.jsonl'), `${JSON.stringify(sent)}\n`);
    const list = history.verbs.find((v) => v.name === 'list');
    if (!list?.local) throw new Error('history list is a verb over this machine\u2019s files');
    const result = await list.run({ format: 'table', env: { XDG_STATE_HOME: state }, readInput: async () => '', readOnly: false, commandFor: () => null }, {});
    // an 80-column terminal: WHAT gives up its end, the ID and the time stay whole; BY and PROFILE make room
    // for WHAT and RESULT, which they had cut to `snapshot e…` and `no answer r…`
    const [head, row] = render(result.output, 'table', 80).trimEnd().split('\n');
    expect(head.split(/ +/)).toEqual(['ID', 'WHEN', 'WHAT', 'RESULT']);
    expect(row).toBe(`${id}  2026-11-28 14:32  snapshot ec206901 (bef…  no answer recorded`);
    // at 60 the table was 70 columns wide: now it fits
    for (const l of render(result.output, 'table', 60).trimEnd().split('\n')) expect(displayWidth(l)).toBeLessThanOrEqual(60);
    // at 100 every column, WHAT still cut but readable
    const wide = render(result.output, 'table', 100).trimEnd().split('\n');
    expect(wide[0].split(/ +/)).toEqual(['ID', 'WHEN', 'PROFILE', 'BY', 'WHAT', 'RESULT']);
    expect(wide[1]).toContain('  demo     command  snapshot ec206901 (befor…  no answer recorded');
  });
});

describe('servers metrics', () => {
  it('writes each figure with its unit in a table, lined up by its end; CSV and JSON keep the service\u2019s numbers', async () => {
    const at = (m: number) => new Date(Date.UTC(2026, 10, 28, 22, m));
    const series = (values: number[]) => values.map((value, i) => ({ at: at(42 + i), value }));
    const metrics = {
      resource: 'ec206901',
      core: series([28.7, 7.25]),
      disk: { reads: series([795399.39, 512]), writes: series([642373.37, 0]) },
      network: { received: series([1202385.23, 2048]), transmitted: series([147652.97, 100]) },
    };
    const client = { servers: { metrics: async () => metrics } } as unknown as Client;
    const verb = COMMANDS.find((r) => r.name === 'servers')?.verbs.find((v) => v.name === 'metrics');
    if (!verb || verb.local) throw new Error('servers metrics is a verb over the service');
    const { output } = await verb.run({ client, format: 'table', readInput: async () => '' }, { server: 'ec206901' });
    const lines = render(output, 'table').trimEnd().split('\n');
    // it printed `795399.39` under `DISK READ`: bytes per second, with no unit anywhere
    expect(lines[0]).toBe('TIME                 CPU   DISK READ  DISK WRITE    NET IN     NET OUT');
    expect(lines[1]).toBe('2026-11-28 22:42  28.7 %  776.8 KB/s  627.3 KB/s  1.1 MB/s  144.2 KB/s');
    expect(lines[2]).toBe('2026-11-28 22:43   7.3 %     512 B/s       0 B/s    2 KB/s     100 B/s');
    expect(render(output, 'csv').split('\r\n').slice(0, 2)).toEqual(['time,cpu,disk_read,disk_write,net_in,net_out', '2026-11-28 22:42,28.7,795399.39,642373.37,1202385.23,147652.97']);
    expect(JSON.parse(render(output, 'json'))).toMatchObject({ core: [{ value: 28.7 }, { value: 7.25 }] });
  });
});

describe('discounts and prices in a table', () => {
  const verb = (resource: string, name: string) => {
    const v = COMMANDS.find((r) => r.name === resource)?.verbs.find((x) => x.name === name);
    if (!v || v.local) throw new Error(`${resource} ${name} is a verb over the service`);
    return v;
  };
  const ctx = (client: unknown) => ({ client: client as Client, format: 'table' as const, readInput: async () => '' });

  it('writes a spot discount, a fraction of the price, as a percentage: 0.3 is 30%, never 0.3%', async () => {
    const availability = [{ plan: 'eCS1', location: 'it-mi2', available: true, spotAvailable: true, spotDiscount: 0.3 }, { plan: 'eCS9', location: 'it-mi2', available: true, spotAvailable: false, spotDiscount: null }];
    const { output } = await verb('availability', 'list').run(ctx({ catalog: { availability: async () => availability } }), {});
    const lines = render(output, 'table').trimEnd().split('\n');
    expect(lines[1]).toMatch(/^eCS1 +it-mi2 +yes +yes +30%$/);
    expect(lines[2]).toMatch(/^eCS9 +it-mi2 +yes +no$/);
    expect(render(output, 'csv').split('\r\n')[1]).toBe('eCS1,it-mi2,yes,yes,0.3');

    const spot = { server: 'ec206911', status: 'ok', discount: 0.4, notifiedAt: null, terminateAt: null, promotedAt: null };
    const status = await verb('servers', 'spot').run(ctx({ servers: { spotStatus: async () => spot } }), { server: 'ec206911' });
    expect(render(status.output, 'table')).toMatch(/^DISCOUNT: +40%$/m);
    expect(render(status.output, 'csv').split('\r\n')[1]).toBe('ec206911,ok,0.4,,,');
  });

  it('writes the catalog\u2019s prices as the dashboard does, lined up by their ends; CSV keeps the catalog\u2019s numbers', async () => {
    const plan = (name: string, cpu: number, hourlyPrice: number, monthlyPrice: number) => ({ name, cpu, ram: cpu * 1024, disk: cpu * 20, gpu: 0, gpuLabel: null, hourlyPrice, monthlyPrice, available: true });
    const { output } = await verb('plans', 'list').run(ctx({ catalog: { plans: async () => [plan('eCS1', 1, 0.019, 14), plan('eCS12', 12, 0.29, 210)] } }), {});
    const lines = render(output, 'table').trimEnd().split('\n');
    expect(lines[0]).toBe('NAME   CPU  RAM MB  DISK GB  GPU    HOURLY   MONTHLY  AVAILABLE');
    expect(lines[1]).toBe('eCS1     1    1024       20       € 0.0190   € 14.00  yes');
    expect(lines[2]).toBe('eCS12   12   12288      240       € 0.2900  € 210.00  yes');
    expect(render(output, 'csv').split('\r\n')[1]).toBe('eCS1,1,1024,20,,0.019,14,yes');

    // a month's bill: money as money; an image's smallest disk in GB
    const usage = [{ name: 'ec206901', notes: 'web-1', plan: 'eCS3', status: 'Booted', billedHours: 744, cost: 25 }, { name: 'ec206904', notes: 'db', plan: 'eCS5', status: 'Booted', billedHours: 12, cost: 1.5 }];
    const bill = await verb('billing', 'servers').run(ctx({ billing: { servers: async () => usage } }), { month: '2026-10' });
    expect(render(bill.output, 'table').trimEnd().split('\n')).toEqual([
      'NAME      NOTES  PLAN  STATUS  HOURS     COST',
      'ec206901  web-1  eCS3  Booted    744  € 25.00',
      'ec206904  db     eCS5  Booted     12   € 1.50',
    ]);
    const images = await verb('images', 'list').run(ctx({ catalog: { images: async () => [{ name: 'debian-12', description: 'Debian 12', osBase: 'debian', requiredDisk: 20 }] } }), {});
    expect(render(images.output, 'table').split('\n')[1]).toMatch(/^debian-12 +Debian 12 +debian +20 GB$/);
  });

  it('names a schedule\u2019s day and gives a snapshot\u2019s size its unit (they read `DAY: 0` and `SIZE: 18`)', async () => {
    const schedule = { name: 'snapshot_schedule_ec206901', enabled: true, dayOfWeek: 0, schedule: '0 3 * * 0 UTC', maxRetention: 2, lastRunAt: null, lastRunStatus: null };
    const got = await verb('schedule', 'get').run(ctx({ schedules: { get: async () => schedule } }), { server: 'ec206901' });
    expect(render(got.output, 'table')).toMatch(/^DAY: +Sunday$/m);
    expect(render(got.output, 'csv').split('\r\n')[1]).toBe('snapshot_schedule_ec206901,yes,0,0 3 * * 0 UTC,2,');
    const snapshot = { id: 101, sourceServer: 'ec206901', status: 'created', description: 'before kernel upgrade', protected: true, createdAt: null, notes: '', sizeOnDisk: 18 };
    const one = await verb('snapshots', 'get').run(ctx({ snapshots: { get: async () => snapshot } }), { server: 'ec206901', id: 101 });
    expect(render(one.output, 'table')).toMatch(/^SIZE: +18 GB$/m);
    expect(render(one.output, 'csv').split('\r\n')[1]).toMatch(/,18$/);
  });
});

describe('waiting for an action', () => {
  const action = (progress: number, status = 'in-progress'): Action =>
    ({ id: 7, status, progress, type: 'power_off', resource: 'ec1', user: 'demo', createdAt: null, startedAt: null, completedAt: null, resourceType: 'server', extra: {} });
  const clientOf = (seq: Action[]) => ({ actions: { get: async () => seq.shift()! } }) as unknown as Client;
  const stream = (tty: boolean) => {
    const s = new PassThrough() as unknown as NodeJS.WriteStream & { text: string };
    s.isTTY = tty;
    s.text = '';
    (s as unknown as PassThrough).on('data', (d: Buffer) => (s.text += d.toString()));
    return s;
  };

  it('draws a bar in place on a terminal, a line per change otherwise', async () => {
    const tty = stream(true);
    await waitForAction(clientOf([action(0), action(50), action(100, 'completed')]), 7, { timeoutMs: 10_000, pollMs: 1, err: tty });
    expect(tty.text).toContain('\r\u001b[Kaction 7 power_off ec1 [############------------]  50% in-progress');
    const pipe = stream(false);
    await waitForAction(clientOf([action(0), action(0), action(50), action(100, 'completed')]), 7, { timeoutMs: 10_000, pollMs: 1, err: pipe });
    expect(pipe.text).toBe('action 7 power_off ec1: in-progress 0%\naction 7 power_off ec1: in-progress 50%\naction 7 power_off ec1: completed 100%\n');
  });

  it('throws on a failed action', async () => {
    await expect(waitForAction(clientOf([action(30, 'failed')]), 7, { timeoutMs: 10_000, pollMs: 1, err: stream(false) })).rejects.toBeInstanceOf(ActionFailedError);
  });
});
