// Entry point: `ecsdeck emulator ...` runs the emulator alone; anything else is the dashboard.
// Each is imported lazily so the emulator never loads Ink and the dashboard starts fast.
const argv = process.argv.slice(2);

if (argv[0] === 'emulator') {
  const { runEmulator } = await import('./emulator/main.js');
  await runEmulator(argv.slice(1));
} else {
  const { runDashboard } = await import('./ui/main.js');
  await runDashboard(argv);
}
