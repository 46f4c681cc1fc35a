// Entry point: `ecsdeck emulator ...` runs the emulator alone; `ecsdeck <resource> <verb> ...` and
// `ecsdeck completion ...` are one-shot commands (src/cli/, dist/commands.cjs); anything else is the dashboard.
// Built as one small CommonJS script (dist/cli.cjs), loaded by bin/ecsdeck.js: Node starts a CommonJS entry
// without setting up its ES module loader, which alone costs more than everything this file does.
// The emulator command never loads the dashboard, and the dashboard never loads the emulator's code into its
// own thread. Both are classic-script bundles (dist/dashboard.cjs, dist/emulator.cjs) run through a code
// cache, because compiling them is a large part of a start (src/boot/compile-cache.ts).
// When the flags and the environment already say "embedded demo", the demo's emulator starts in its worker
// before the dashboard has even loaded: the two take about as long, and run on two cores.
import { loadBundle } from './boot/compile-cache.js';
import { helpOrVersion, parseFlags, surelyDemo } from './boot/start-plan.js';
import { startEmulator, type Embedded } from './boot/embedded.js';
import { fatalLine } from './boot/terminal.js';
import { commandArgv } from './cli/names.js';

async function main(argv: string[]): Promise<void> {
  // `ecsdeck help emulator` is `ecsdeck emulator --help`, as `ecsdeck help servers` is `ecsdeck servers --help`
  if (argv[0] === 'emulator' || (argv[0] === 'help' && argv[1] === 'emulator')) {
    // no code cache is written here: a scripted emulator is often started once, somewhere temporary
    const emulator = loadBundle<typeof import('./emulator/bundle.js')>(new URL('./emulator.cjs', import.meta.url));
    await emulator.exports.runEmulator(argv[0] === 'help' ? ['--help'] : argv.slice(1));
    return;
  }
  const command = commandArgv(argv);
  if (command !== null) {
    const commands = loadBundle<typeof import('./cli/main.js')>(new URL('./commands.cjs', import.meta.url));
    const code = await commands.exports.runCommand(command);
    commands.save();
    // a timer or socket left behind must not hold the script that ran us; stdout is written out first
    process.stdout.write('', () => process.exit(code));
    return;
  }
  let embedded: Promise<Embedded> | undefined;
  try {
    const flags = parseFlags(argv);
    const text = helpOrVersion(flags);
    if (text !== null) {
      process.stdout.write(text);
      return;
    }
    if (surelyDemo(flags, process.env)) embedded = startEmulator();
  } catch {
    // a usage error: the dashboard reports it
  }
  embedded?.catch(() => {
    // the dashboard reports it when it asks
  });
  const bundle = loadBundle<typeof import('./boot/main.js')>(new URL('./dashboard.cjs', import.meta.url));
  try {
    await bundle.exports.runDashboard(argv, { afterFirstFrame: () => bundle.save(), embedded });
  } finally {
    // reached only when the dashboard did not run (help, version, a usage error): the worker must not
    // keep the process alive
    await embedded?.then((e) => e.close()).catch(() => {});
  }
}

main(process.argv.slice(2)).catch((err: unknown) => {
  process.stderr.write(`${fatalLine(err)}\n`);
  process.exit(1);
});
