// `ecsdeck emulator` / `npm run emulator`: the command line is fixed by emulator.md.
import { parseArgs } from 'node:util';
import { createEmulator } from './app.js';
import { isLoopbackHost } from './host-guard.js';
import { StateFileError } from './state-load.js';

const USAGE = `usage: npm run emulator -- [--port 8787] [--host 127.0.0.1] [--clock real|manual] [--speed 1]
                           [--seed demo|empty] [--dialect primary|alternate|live] [--state FILE]
                           [--state-recover] [--admin-token TOKEN] [--demo-account]`;

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
    console.error(`emulator: ${(err as Error).message}\n${USAGE}`);
    process.exit(2);
  }
  if (values.help) {
    console.log(USAGE);
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
    console.error(`emulator: ${(err as Error).message}`);
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
    console.error(`emulator: cannot listen on ${host}:${port}: ${(err as Error).message}`);
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
