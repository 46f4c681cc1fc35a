// STUB: the dashboard entry, to be written.
export async function runDashboard(_argv: string[]): Promise<void> {
  console.error('ecsdeck: the dashboard is not built yet');
  process.exitCode = 1;
}
