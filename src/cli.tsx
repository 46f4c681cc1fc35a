// Entry point: `ecsdeck emulator ...` runs the emulator alone; anything else is the dashboard.
// The emulator never loads the dashboard. The dashboard is one classic script (dist/dashboard.cjs) run
// through a code cache, because compiling it is a large part of its start-up (src/boot/compile-cache.ts).
// When the flags and the environment already say "embedded demo", the demo's emulator starts in its
// worker before the dashboard has even loaded: the two take about as long, and run on two cores.
const argv = process.argv.slice(2);

if (argv[0] === 'emulator') {
  const { runEmulator } = await import('./emulator/main.js');
  await runEmulator(argv.slice(1));
} else {
  const [{ loadBundle }, { parseFlags, surelyDemo }, { startEmulator }] = await Promise.all([
    import('./boot/compile-cache.js'),
    import('./ui/start-plan.js'),
    import('./ui/embedded.js'),
  ]);
  let embedded: ReturnType<typeof startEmulator> | undefined;
  try {
    if (surelyDemo(parseFlags(argv), process.env)) embedded = startEmulator();
  } catch {
    // a usage error: the dashboard reports it
  }
  embedded?.catch(() => {
    // the dashboard reports it when it asks
  });
  const bundle = loadBundle<typeof import('./ui/main.js')>(new URL('./dashboard.cjs', import.meta.url));
  try {
    await bundle.exports.runDashboard(argv, { afterFirstFrame: () => bundle.save(), embedded });
  } finally {
    // reached only when the dashboard did not run (help, version, a usage error): the worker must not
    // keep the process alive
    await embedded?.then((e) => e.close()).catch(() => {});
  }
}
