// `ecsdeck emulator` / `npm run emulator`: the command line is fixed by emulator.md.
import { parseArgs } from 'node:util';
import { createEmulator, printable } from './app.js';
import { isLoopbackHost } from './host-guard.js';
import { StateFileError } from './state-load.js';

const USAGE = `usage: npm run emulator -- [--port 8787] [--host 127.0.0.1] [--clock real|manual] [--speed 1]
                           [--seed demo|empty] [--dialect primary|alternate|live] [--state FILE]
                           [--state-recover] [--admin-token TOKEN] [--demo-account]`;

/** \`--help\`: the usage, as each way of starting it spells it, then what each option does. */
const HELP = `${USAGE}
       ecsdeck emulator [the same options]

The whole service on this machine, for scripts and tests. When ready it prints
one line, \`emulator listening on http://HOST:PORT\`, and runs until SIGINT or
SIGTERM. The account demo (password demo) always exists.

  --port N              the port (default 8787); 0 picks a free one, named on
                        the ready line
  --host ADDR           the address to listen on (default 127.0.0.1); beyond
                        loopback it says on stderr what is open there
  --clock real|manual   real (default): time moves with the wall clock, times
                        --speed; manual: frozen, moved only by POST
                        /__emulator/clock/advance
  --speed N             how much faster than the wall clock a real clock runs
                        (default 1)
  --seed demo|empty     demo (default): the demo account gets a lived-in estate;
                        empty: accounts only
  --dialect NAME        the shape of answers where the service's documents
                        disagree: primary (the spec, default), alternate (the
                        other documented shape), live (as recorded)
  --state FILE          keep the state in FILE (and FILE.journal) and reload it
                        at start
  --state-recover       start on a damaged state file anyway, its damaged parts
                        set aside
  --admin-token TOKEN   the admin endpoints (/__emulator/) take only requests
                        that send Authorization: Bearer TOKEN (16 characters at
                        least); beyond loopback they are off without it
  --demo-account        beyond loopback: let the demo account log in with its
                        well-known password
  -h, --help            this text`;

/** An admin token shorter than this is refused: it is all that guards a reset from the network. */
const MIN_ADMIN_TOKEN = 16;

/** What a host beyond loopback leaves open, said on stderr at start (stdout keeps its one ready line). */
function exposureWarning(host: string, port: number, adminToken: string | undefined, demoAccount: boolean): string {
  const lines = [
    `warning: listening on ${host}, beyond loopback: any machine that reaches port ${port} can use the service endpoints and log in to their accounts`,
    adminToken === undefined
      ? 'warning: the admin endpoints (/__emulator/: clock, users, faults, reset) are off; --admin-token TOKEN turns them on for requests sending Authorization: Bearer TOKEN'
      : 'warning: the admin endpoints (/__emulator/: clock, users, faults, reset) are open to requests sending Authorization: Bearer <the --admin-token>',
    demoAccount
      ? 'warning: the demo account is open with its well-known password (--demo-account)'
      : 'warning: the demo account is off; --demo-account turns it on',
  ];
  return lines.map((l) => `emulator: ${l}\n`).join('');
}

function choice<T extends string>(name: string, value: string, allowed: readonly T[]): T {
  if (!(allowed as readonly string[]).includes(value)) throw new Error(`--${name} must be one of ${allowed.join(', ')}`);
  return value as T;
}

export async function runEmulator(argv: string[]): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        port: { type: 'string', default: '8787' },
        host: { type: 'string', default: '127.0.0.1' },
        clock: { type: 'string', default: 'real' },
        speed: { type: 'string', default: '1' },
        seed: { type: 'string', default: 'demo' },
        dialect: { type: 'string', default: 'primary' },
        state: { type: 'string' },
        'state-recover': { type: 'boolean', default: false },
        'admin-token': { type: 'string' },
        'demo-account': { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }));
  } catch (err) {
    console.error(`emulator: ${printable((err as Error).message)}\n${USAGE}`);
    process.exit(2);
  }
  if (values.help) {
    console.log(HELP);
    return;
  }
  let emulator;
  let port: number;
  const host = values.host;
  const exposed = !isLoopbackHost(host);
  // the environment keeps it out of `ps`, where a flag's value is there for every local user to read
  const adminToken = values['admin-token'] ?? (process.env.ECSDECK_EMULATOR_ADMIN_TOKEN || undefined);
  try {
    if (adminToken !== undefined && adminToken.length < MIN_ADMIN_TOKEN) {
      throw new Error(`--admin-token (or ECSDECK_EMULATOR_ADMIN_TOKEN) must be at least ${MIN_ADMIN_TOKEN} characters (e.g. the output of: openssl rand -hex 16)`);
    }
    if (values['state-recover'] && values.state === undefined) throw new Error('--state-recover needs --state FILE');
    port = Number(values.port);
    if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error('--port must be an integer from 0 to 65535');
    const speed = Number(values.speed);
    if (!Number.isFinite(speed) || speed <= 0) throw new Error('--speed must be a positive number');
    emulator = createEmulator({
      clock: choice('clock', values.clock, ['real', 'manual'] as const),
      speed,
      seed: choice('seed', values.seed, ['demo', 'empty'] as const),
      dialect: choice('dialect', values.dialect, ['primary', 'alternate', 'live'] as const),
      stateFile: values.state,
      stateRecover: values['state-recover'],
      adminToken,
      adminOff: exposed && adminToken === undefined,
      demoLogin: !exposed || values['demo-account'] === true,
    });
  } catch (err) {
    console.error(`emulator: ${printable((err as Error).message)}`);
    // a state file refused (damaged, or held by another emulator) is not a usage error
    process.exit(err instanceof StateFileError ? 1 : 2);
  }
  for (const note of emulator.emu.stateNotes) console.error(`emulator: ${note}`);
  // the state file's lock goes with the process, however it ends (a SIGKILL leaves it, to be taken over)
  process.once('exit', () => emulator.emu.close());
  let listening;
  try {
    listening = await emulator.listen({ port, host });
  } catch (err) {
    console.error(`emulator: cannot listen on ${printable(host)}:${port}: ${printable((err as Error).message)}`);
    process.exit(1);
  }
  process.stdout.write(`emulator listening on ${listening.url}\n`);
  if (exposed) process.stderr.write(exposureWarning(host, Number(new URL(listening.url).port), adminToken, values['demo-account'] === true));
  const stop = () => {
    void listening.close().finally(() => process.exit(0));
    // connections that linger must not keep the process alive
    setTimeout(() => process.exit(0), 1000).unref();
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
