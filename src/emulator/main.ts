// `ecsdeck emulator` / `npm run emulator`: the command line is fixed by emulator.md.
import { parseArgs } from 'node:util';
import { createEmulator } from './app.js';

const USAGE = `usage: npm run emulator -- [--port 8787] [--host 127.0.0.1] [--clock real|manual] [--speed 1]
                           [--seed demo|empty] [--dialect primary|alternate|live] [--state FILE]`;

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
  try {
    port = Number(values.port);
    if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error('--port must be an integer from 0 to 65535');
    const speed = Number(values.speed);
    if (!Number.isFinite(speed) || speed <= 0) throw new Error('--speed must be a positive number');
    emulator = createEmulator({
      clock: choice('clock', values.clock!, ['real', 'manual'] as const),
      speed,
      seed: choice('seed', values.seed!, ['demo', 'empty'] as const),
      dialect: choice('dialect', values.dialect!, ['primary', 'alternate', 'live'] as const),
      stateFile: values.state,
    });
  } catch (err) {
    console.error(`emulator: ${(err as Error).message}`);
    process.exit(2);
  }
  let listening;
  try {
    listening = await emulator.listen({ port, host: values.host });
  } catch (err) {
    console.error(`emulator: cannot listen on ${values.host}:${port}: ${(err as Error).message}`);
    process.exit(1);
  }
  process.stdout.write(`emulator listening on ${listening.url}\n`);
  const stop = () => {
    listening.close().finally(() => process.exit(0));
    // connections that linger must not keep the process alive
    setTimeout(() => process.exit(0), 1000).unref();
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
