// The one-shot commands as a script meets them: the built `ecsdeck` in a child process (no terminal) against
// an emulator process, checking stdout, stderr, the exit code and the service's state over its API.
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start, startEmulatorProcess, type Emulator } from '../e2e/harness.js';
import { envFor, run } from './harness.js';

/** several runs of the program each: a start takes seconds on a busy machine */
const SLOW = 90_000;

let emu: Emulator;
let env: Record<string, string | undefined>;
let token: string;
const api = async (method: string, path: string, body?: unknown) => (await emu.call(method, path, body, { token, ok: false })).body;

beforeAll(async () => {
  emu = await startEmulatorProcess('demo');
  env = envFor(emu);
  token = await emu.token();
});
afterAll(() => emu?.stop());

describe('ecsdeck servers list and get', () => {
  it('prints the servers as an aligned table, one JSON document, or CSV, and nothing on stderr', async () => {
    const listed = (await api('GET', '/ecs/v2/servers')) as { server: Array<{ name: string; notes: string }> };
    const first = listed.server[0];

    const table = await run(['servers', 'list'], { env });
    expect(table.code).toBe(0);
    expect(table.stderr).toBe('');
    const lines = table.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^NAME\s+STATUS\s+PLAN\s+LOCATION\s+IPV4\s+NOTES$/);
    expect(lines).toHaveLength(listed.server.length + 1);
    // aligned: every row's STATUS starts where the header's does
    const at = lines[0].indexOf('STATUS');
    for (const l of lines.slice(1)) expect(l[at - 1]).toBe(' ');
    expect(lines[1]).toContain(first.name);

    const json = await run(['servers', 'list', '-o', 'json'], { env });
    expect(json.code).toBe(0);
    const parsed = JSON.parse(json.stdout) as Array<Record<string, unknown>>;
    expect(parsed.map((s) => s.name)).toEqual(listed.server.map((s) => s.name));
    for (const key of ['name', 'notes', 'status', 'plan', 'location', 'ipv4']) expect(parsed[0]).toHaveProperty(key);

    const csv = await run(['servers', 'list', '-o', 'csv'], { env });
    expect(csv.code).toBe(0);
    const rows = csv.stdout.trimEnd().split('\r\n');
    expect(rows[0]).toBe('name,status,plan,location,ipv4,notes');
    expect(rows[1].startsWith(`${first.name},`)).toBe(true);
  }, SLOW);

  it('--power adds each server\'s power from the service (STATUS says booted for a server that is off); none for one being made or deleted', async () => {
    const listed = (await api('GET', '/ecs/v2/servers')) as { server: Array<{ name: string; status: string }> };
    const states = new Map<string, string | null>();
    for (const s of listed.server) {
      // the spec's two shapes: `current_status`, or `server` {name, current_status}; a refusal has neither
      const answer = (await api('GET', `/ecs/v2/servers/${s.name}/status`)) as { current_status?: string; server?: { current_status?: string } };
      const state = answer.current_status ?? answer.server?.current_status;
      states.set(s.name, state === undefined ? null : state.toLowerCase());
    }
    // the demo holds a server that is off though its status says booted, and one being made
    expect(listed.server.find((s) => s.name === 'ec206906')?.status.toLowerCase()).toBe('booted');
    expect(states.get('ec206906')).toBe('shutoff');
    const table = await run(['servers', 'list', '--power'], { env });
    expect(table.code).toBe(0);
    expect(table.stderr).toBe('');
    const lines = table.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^NAME\s+STATUS\s+POWER\s+PLAN\s+LOCATION\s+IPV4\s+NOTES$/);
    expect(lines.find((l) => l.startsWith('ec206906'))).toMatch(/^ec206906\s+booted\s+shutoff\s+eCS2W/);
    expect(lines.find((l) => l.startsWith('ec206901'))).toMatch(/^ec206901\s+booted\s+running\s/);
    const json = JSON.parse((await run(['servers', 'list', '--power', '-o', 'json'], { env })).stdout) as Array<{ name: string; status: string; power: string | null }>;
    expect(json.map((s) => s.name)).toEqual(listed.server.map((s) => s.name));
    const making = json.filter((s) => s.status === 'booting' || s.status === 'deleting');
    expect(making.length).toBeGreaterThan(0);
    for (const s of making) expect(s.power).toBeNull();
    for (const s of json.filter((x) => x.power !== null)) expect(s.power).toBe(states.get(s.name));
    expect((await run(['servers', 'list', '--help'], { env })).stdout).toContain('--power');

    // on a terminal, how far it has got stands on one line of stderr, taken away before the table
    const t = start({ args: ['servers', 'list', '--power'], env, cols: 120, rows: 30 });
    try {
      const screen = await t.waitFor(/^ec206906\s+booted\s+shutoff/m, 15_000);
      expect(t.raw()).toMatch(new RegExp(`\\r\\x1b\\[Kpower 1/${listed.server.length}`));
      expect(t.raw()).toContain('\r\x1b[K');
      expect(screen).not.toMatch(/power \d+\//);
      expect(screen.split('\n')[0]).toMatch(/^NAME\s+STATUS\s+POWER/);
    } finally {
      t.pty.kill();
    }
  }, SLOW);

  it('gets one server in each format', async () => {
    const [table, json, csv] = await Promise.all(['table', 'json', 'csv'].map((o) => run(['servers', 'get', 'ec206901', '-o', o], { env })));
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/^NAME:\s+ec206901$/m);
    expect(table.stdout).toMatch(/^NOTES:\s+web-1$/m);
    expect(JSON.parse(json.stdout)).toMatchObject({ name: 'ec206901', notes: 'web-1' });
    expect(csv.stdout.split('\r\n')[1]).toMatch(/^ec206901,/);
  }, SLOW);

  it('reads the other resources the dashboard has, each as JSON', async () => {
    const checks: Array<[string[], (v: unknown) => void]> = [
      [['plans', 'list'], (v) => expect((v as unknown[]).length).toBeGreaterThan(0)],
      [['snapshots', 'list', 'ec206901'], (v) => expect(Array.isArray(v)).toBe(true)],
      [['templates', 'list'], (v) => expect(Array.isArray(v)).toBe(true)],
      [['account', 'get'], (v) => expect(v).toMatchObject({ username: 'demo' })],
      [['events', 'list', '--length', '2'], (v) => expect((v as { items: unknown[] }).items.length).toBeLessThanOrEqual(2)],
    ];
    const ran = await Promise.all(checks.map(([args]) => run([...args, '-o', 'json'], { env })));
    ran.forEach((r, i) => {
      expect(r.code, `${checks[i][0].join(' ')}: ${r.stderr}`).toBe(0);
      checks[i][1](JSON.parse(r.stdout));
    });
  }, SLOW);
});

describe('writes', () => {
  it('create --wait returns once the create action has completed, progress on stderr, the server on stdout', async () => {
    const r = await run(['servers', 'create', '--plan', 'eCS1', '--location', 'it-fr2', '--image', 'ubuntu-2404', '--notes', 'cli-made', '--wait', '-o', 'json'], {
      env,
      tick: () => emu.advance(15),
    });
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as { actionId: number; server: { name: string; notes: string } };
    expect(out.server.notes).toBe('cli-made');
    const action = (await api('GET', `/ecs/v2/actions/${out.actionId}`)) as { action: { status: string } };
    expect(action.action.status).toBe('completed');
    // a line per change, not a bar: stderr is no terminal
    expect(r.stderr).toMatch(new RegExp(`action ${out.actionId} create_server ${out.server.name}: in-progress`));
    expect(r.stderr).toMatch(new RegExp(`action ${out.actionId} create_server ${out.server.name}: completed 100%`));
    expect(r.stderr).not.toContain('\r');
  }, SLOW);

  it('a refusal exits 1 with the service’s message to the letter, and creates nothing', async () => {
    const direct = await emu.call('POST', '/ecs/v2/servers', { plan: 'nope', location: 'it-fr2', image: 'ubuntu-2404', notes: 'x' }, { token, ok: false });
    const before = ((await api('GET', '/ecs/v2/servers')) as { server: unknown[] }).server.length;
    const r = await run(['servers', 'create', '--plan', 'nope', '--location', 'it-fr2', '--image', 'ubuntu-2404'], { env });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`${direct.body.message as string}\n`);
    expect(((await api('GET', '/ecs/v2/servers')) as { server: unknown[] }).server.length).toBe(before);
  }, SLOW);

  it('an awaited action that fails exits 5, never 0', async () => {
    await emu.setFaults({ fail_next_actions: 1 });
    try {
      const r = await run(['servers', 'power-off', 'ec206902', '--yes', '--wait'], { env, tick: () => emu.advance(5) });
      expect(r.code).toBe(5);
      expect(r.stderr).toMatch(/action \d+ \(power_off ec206902\) failed/);
    } finally {
      await emu.clearFaults();
    }
  }, SLOW);

  it('delete without --yes and no terminal exits 2 and deletes nothing; --read-only refuses a write', async () => {
    const [noYes, readOnly] = await Promise.all([
      run(['servers', 'delete', 'ec206903'], { env }),
      run(['servers', 'power-off', 'ec206903', '--yes', '--read-only'], { env }),
    ]);
    expect(noYes.code).toBe(2);
    expect(noYes.stderr).toContain('--yes');
    expect(readOnly.code).toBe(2);
    expect(readOnly.stderr).toContain('--read-only');
    const s = (await api('GET', '/ecs/v2/servers/ec206903')) as { server: { status: string } };
    expect(s.server.status).toBe('Booted');
    const actions = (await api('GET', '/ecs/v2/actions?resource=ec206903')) as { actions: Array<{ type: string; status: string }> };
    expect(actions.actions.filter((a) => a.status === 'in-progress')).toEqual([]);
  }, SLOW);

  it('actions wait follows an action to its end; a new token is printed once, on stdout only', async () => {
    const started = (await api('POST', '/ecs/v2/servers/ec206905/actions', { type: 'power_off' })) as { action: { id: number } };
    const waited = await run(['actions', 'wait', String(started.action.id)], { env, tick: () => emu.advance(2) });
    expect(waited.code, waited.stderr).toBe(0);
    expect(waited.stdout).toMatch(/^STATUS:\s+completed$/m);

    const made = await run(['tokens', 'create', '--notes', 'ci-job'], { env });
    expect(made.code).toBe(0);
    const value = made.stdout.trim();
    expect(value.length).toBeGreaterThan(16);
    expect(made.stderr).toBe('');
    const listed = await run(['tokens', 'list', '-o', 'json'], { env });
    expect(listed.stdout).not.toContain(value);
    expect(listed.stdout).toContain('ci-job');
  }, SLOW);

  it('the password is changed from stdin, and printed nowhere', async () => {
    await emu.call('POST', '/__emulator/users', { username: 'cli-pw', password: 'old-secret-1' });
    const as = (password: string) => ({ ...env, ECSDECK_USERNAME: 'cli-pw', ECSDECK_PASSWORD: password });
    const r = await run(['account', 'password', '--yes'], { env: as('old-secret-1'), input: 'new-secret-2\n' });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout + r.stderr).not.toContain('secret');
    const after = await run(['account', 'get', '-o', 'json'], { env: as('new-secret-2') });
    expect(JSON.parse(after.stdout)).toMatchObject({ username: 'cli-pw' });
  }, SLOW);

  it('a script is created from stdin', async () => {
    const content = '#!/bin/sh\necho "hello, world"\n';
    const r = await run(['scripts', 'create', '--title', 'from-stdin', '--file', '-', '-o', 'json'], { env, input: content });
    expect(r.code, r.stderr).toBe(0);
    const id = (JSON.parse(r.stdout) as { id: number }).id;
    const got = (await api('GET', `/ecs/v2/scripts/${id}`)) as { content?: string; script?: { content: string } };
    expect(got.content ?? got.script?.content).toBe(content);
  }, SLOW);
});

describe('on a terminal', () => {
  it('a delete asks first, and an answer other than y does nothing; --wait draws a bar', async () => {
    const s = start({ args: ['servers', 'delete', 'ec206904'], env, cols: 100, rows: 10 });
    try {
      await s.waitFor('this cannot be undone. Go ahead? [y/N]');
      s.pty.write('n\r');
      await s.waitFor('nothing was done');
    } finally {
      s.pty.kill();
    }
    const kept = (await api('GET', '/ecs/v2/servers/ec206904')) as { server: { status: string } };
    expect(kept.server.status).toBe('Booted');

    await api('POST', '/ecs/v2/servers/ec206910/actions', { type: 'power_off' });
    await emu.advance(10);
    const ticking = setInterval(() => void emu.advance(1).catch(() => {}), 200);
    const w = start({ args: ['servers', 'power-on', 'ec206910', '--wait'], env, cols: 100, rows: 10 });
    try {
      await w.waitFor(/action \d+ power_on ec206910 \[#+-*\] +\d+% (in-progress|completed)/, 15_000);
      await w.waitFor(/^STATUS: +completed/m, 15_000);
    } finally {
      clearInterval(ticking);
      w.pty.kill();
    }
  }, SLOW);
});

describe('failures a script can tell apart', () => {
  it('a wait that runs out of time exits 3, the action still under way', async () => {
    const r = await run(['servers', 'power-off', 'ec206909', '--yes', '--wait', '--timeout', '1s'], { env });
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/gave up waiting after 1 s: action \d+ \(power_off ec206909\) is still in-progress/);
  }, SLOW);

  it('an address that streams without end: exit 3 at 128 MiB, saying so, nothing on stdout', async () => {
    // not the service: something that answers every request with 64 KiB after 64 KiB, as long as it is read
    const { createServer } = await import('node:http');
    const streams = createServer((_, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const more = () => {
        if (!res.destroyed) res.write(Buffer.alloc(64 * 1024, 0x20), more);
      };
      more();
    });
    await new Promise<void>((resolve) => streams.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = streams.address() as { port: number };
      const r = await run(['servers', 'list', '-o', 'json'], {
        env: { ...env, ECSDECK_API_URL: `http://127.0.0.1:${port}`, ECSDECK_API_TOKEN: 'tok-streams-0123456789', ECSDECK_USERNAME: undefined, ECSDECK_PASSWORD: undefined },
      });
      expect(r.code).toBe(3);
      expect(r.stderr).toContain("the service's answer passed 128 MiB; it was not read further");
      expect(r.stdout).toBe('');
    } finally {
      streams.closeAllConnections();
      await new Promise((resolve) => streams.close(resolve));
    }
  }, SLOW);

  it('usage 2, unreachable 3, refused login 4; the password is never printed', async () => {
    const [usage, unreachable, login, none] = await Promise.all([
      run(['servers', 'list', '--bogus'], { env }),
      run(['servers', 'list', '--api-url', 'http://127.0.0.1:9'], { env }),
      run(['servers', 'list'], { env: { ...env, ECSDECK_PASSWORD: 'not-the-password-xyz' } }),
      run(['servers', 'list'], { env: { ...env, ECSDECK_API_URL: undefined, ECSDECK_USERNAME: undefined, ECSDECK_PASSWORD: undefined } }),
    ]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain("unknown option '--bogus'");
    expect(usage.stdout).toBe('');
    expect(unreachable.code).toBe(3);
    expect(unreachable.stderr).toContain('cannot reach the service');
    expect(login.code).toBe(4);
    expect(login.stderr + login.stdout).not.toContain('not-the-password-xyz');
    // no connection: it says how to make one, and does not act on a throw-away emulator
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('--demo');
    expect(none.stdout).toBe('');
    // unless asked to
    const demo = await run(['servers', 'get', 'ec206901', '--demo', '-o', 'json'], { env: { ...env, ECSDECK_API_URL: undefined } });
    expect(demo.code, demo.stderr).toBe(0);
    expect(JSON.parse(demo.stdout)).toMatchObject({ name: 'ec206901', notes: 'web-1' });
  }, SLOW);

  it('takes the flags every command takes before the resource too, and names the flag a refused value came from', async () => {
    // `ecsdeck --demo servers list` went to the dashboard, which said: unexpected argument 'servers'
    const [before, profile, other] = await Promise.all([
      run(['--demo', '-o', 'json', 'servers', 'get', 'ec206901'], { env: { ...env, ECSDECK_API_URL: undefined } }),
      run(['--profile', 'nope', 'servers', 'list'], { env }),
      run(['--theme', 'dark', 'servers', 'list'], { env }),
    ]);
    expect(before.code, before.stderr).toBe(0);
    expect(JSON.parse(before.stdout)).toMatchObject({ name: 'ec206901', notes: 'web-1' });
    // it said ECSDECK_PROFILE, which was not set
    expect(profile.code).toBe(2);
    expect(profile.stderr).toBe("ecsdeck: --profile names 'nope', and there is no such profile\n");
    // a dashboard flag first leaves the line to the dashboard, which says what is wrong with it
    expect(other.code).not.toBe(0);
    expect(other.stderr).toContain("unexpected argument 'servers'");
  }, SLOW);
});

describe('billing and completion', () => {
  it('billing -o csv is the service’s own bytes', async () => {
    const res = await fetch(`${emu.url}/ecs/v2/billing/servers/2026/10?type=csv`, { headers: { authorization: `Bearer ${token}` } });
    const bytes = await res.text();
    expect(bytes.length).toBeGreaterThan(100);
    const r = await run(['billing', 'servers', '--month', '2026-10', '-o', 'csv'], { env });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(bytes);
  }, SLOW);

  it('prints completion scripts that bash accepts', async () => {
    for (const shell of ['bash', 'zsh']) {
      const r = await run(['completion', shell]);
      expect(r.code).toBe(0);
      expect(r.stdout).toContain('complete -F _ecsdeck ecsdeck');
      execFileSync('bash', ['-n'], { input: r.stdout });
    }
    const fish = await run(['completion', 'fish']);
    expect(fish.stdout).toContain("complete -c ecsdeck -n '__fish_seen_subcommand_from servers; and __fish_seen_subcommand_from create' -l plan");
    // help, then a topic: the resources' own lines offer them after it; the emulator is the one other topic
    expect(fish.stdout).toMatch(/^complete -c ecsdeck -n 'not __fish_seen_subcommand_from servers .* emulator help' -a help /m);
    expect(fish.stdout).toMatch(/^complete -c ecsdeck -n '__fish_seen_subcommand_from help; and not __fish_seen_subcommand_from .*' -a emulator$/m);
    const names = await run(['completion', 'names', 'servers'], { env });
    expect(names.stdout.split('\n')).toContain('ec206901');
    // kept a minute: a second tab press does not ask the service (whose login would now be refused)
    const again = await run(['completion', 'names', 'servers'], { env: { ...env, ECSDECK_PASSWORD: 'wrong' } });
    expect(again.code).toBe(0);
    expect(again.stdout).toBe(names.stdout);
  }, SLOW);

  it('completes after the flags every command takes, before the resource as after it', async () => {
    const script = (await run(['completion', 'bash'])).stdout;
    // each line: the words typed, the last being completed; `ecsdeck completion names` stands in for the service
    const complete = (...typed: string[][]) =>
      execFileSync('bash', ['-c', `${script}\necsdeck() { echo ec206901 ec206902; }\nt() { COMP_WORDS=("$@"); COMP_CWORD=$((\${#COMP_WORDS[@]} - 1)); COMPREPLY=(); _ecsdeck; echo "\${COMPREPLY[*]}"; }\n${typed.map((w) => `t ecsdeck ${w.map((x) => `'${x}'`).join(' ')}`).join('\n')}`], { encoding: 'utf8' }).split('\n');
    const got = complete(['se'], ['--demo', 'se'], ['--profile', 'work', 'servers', 'po'], ['-o', 'json', 'servers', 'list', '--d'], ['--demo', 'servers', 'power-off', ''], ['--']);
    expect(got.slice(0, 6)).toEqual([
      'servers',
      // after --demo it offered nothing
      'servers',
      'power-on power-off',
      '--demo',
      'ec206901 ec206902',
      '--output --api-url --profile --demo --read-only --no-history --yes',
    ]);
    // help TOPIC: the resource after help, then its verb, as after ecsdeck itself
    expect(complete(['he'], ['help', 'se'], ['help', 'servers', 'po'], ['help', 'co'])).toEqual(['help', 'servers', 'power-on power-off', 'completion', '']);
  }, SLOW);

  it('leaves the dashboard its flags: --help is the dashboard’s, and points at the commands', async () => {
    const r = await run(['--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^usage: ecsdeck \[--profile NAME\]/);
    expect(r.stdout).toContain('ecsdeck <resource> <verb> ...');
    const help = await run(['help']);
    expect(help.stdout).toMatch(/^ {2}tokens +API tokens$/m);
  }, SLOW);

  it('help TOPIC is TOPIC --help, for a resource, a verb, completion and the emulator; a slip is named, not guessed at', async () => {
    const [resource, verb, completion, emulator, slip, same, flagsOnly] = await Promise.all([
      run(['help', 'servers']),
      run(['help', 'servers', 'power-off']),
      run(['help', 'completion']),
      run(['help', 'emulator']),
      run(['help', 'srvers']),
      run(['servers', 'power-off', '--help']),
      run(['help', '-h']),
    ]);
    // flags alone after help are no topic: it said unknown resource '-h'
    expect(flagsOnly.code).toBe(0);
    expect(flagsOnly.stdout).toMatch(/^ {2}tokens +API tokens$/m);
    // it said: unknown resource 'help'
    expect(resource.code).toBe(0);
    expect(resource.stdout).toMatch(/^usage: ecsdeck servers <verb>/);
    expect(verb.code).toBe(0);
    expect(verb.stdout).toBe(same.stdout);
    expect(completion.stdout).toMatch(/^usage: ecsdeck completion bash\|zsh\|fish/);
    expect(emulator.code).toBe(0);
    expect(emulator.stdout).toContain('--clock real|manual');
    expect(slip.code).toBe(2);
    expect(slip.stdout).toBe('');
    expect(slip.stderr).toBe("ecsdeck: unknown resource 'srvers' (did you mean 'servers'?)\n");
  }, SLOW);

  it('a usage error repeats the word it refuses with its escapes shown, not sent (the terminal took a title from it)', async () => {
    const [dashboard, command] = await Promise.all([run(['serv\u001b]0;pwned\u0007ers']), run(['servers', 'li\u001b[31mst'])]);
    expect(dashboard.code).toBe(2);
    expect(dashboard.stderr).toContain("unexpected argument 'serv␛]0;pwned␇ers'");
    expect(command.code).toBe(2);
    expect(command.stderr).toContain("servers has no verb 'li␛[31mst'");
    expect(dashboard.stderr + command.stderr).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
  }, SLOW);
});

describe('what the service sends is drawn on a terminal, never obeyed', () => {
  // notes with a title change, a colour and a right-to-left override, as anyone with the account could set
  const hostile = 'evil\u001b]0;pwned\u0007\u001b[31mred\u202eab';
  it('-o csv and -o json on a terminal show escapes as ␛, a pipe gets the bytes; the service\u2019s words on stderr never carry one', async () => {
    await api('PUT', '/ecs/v2/servers/ec206911', { note: hostile });
    try {
      // a script reads the data as the service holds it
      const piped = await run(['servers', 'list', '-o', 'csv'], { env });
      expect(piped.code).toBe(0);
      expect(piped.stdout).toContain(hostile);

      for (const format of ['csv', 'json']) {
        // the terminal held open after the program, which says its exit status: everything it wrote is read (a
        // pty can drop what is unread when its last process ends: all of this JSON past its first 8 KB, one run in
        // five)
        const s = start({ args: ['servers', 'list', '-o', format], env, cols: 200, rows: 40, holdOpen: true });
        try {
          await s.waitFor('EXIT=', 20_000);
          expect(s.raw()).toContain('EXIT=0');
          expect(s.raw()).not.toContain('\u001b]0;');
          expect(s.raw()).not.toContain('\u202e');
          // (JSON writes the escape as \u001b itself; the override it leaves as it is, which the terminal would obey)
          if (format === 'csv') expect(s.screen()).toContain('evil␛]0;pwned␇␛[31mred');
          else expect(s.raw()).toContain('"evil\\u001b]0;pwned\\u0007\\u001b[31mredab"');
        } finally {
          s.kill();
        }
      }

      // the service quotes what it was sent: the quote is drawn, through a pipe too (stderr is for a person)
      const refused = await run(['servers', 'create', '--plan', 'eCS\u001b[31mX', '--location', 'it-mi2', '--image', 'debian-12'], { env });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toBe("plan 'eCS␛[31mX' not found\n");
    } finally {
      await api('PUT', '/ecs/v2/servers/ec206911', { note: 'inference-l4' });
    }
  }, SLOW);
});
