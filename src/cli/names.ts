// The resources `ecsdeck <resource> <verb>` knows, without the table itself: the entry point (src/cli.tsx)
// tells a one-shot command from the dashboard's flags with it, and loads the commands' bundle only then.
// test/cli/table.test.ts checks that it names exactly the table's resources.
export const RESOURCE_NAMES = [
  'servers',
  'actions',
  'snapshots',
  'schedule',
  'templates',
  'sshkeys',
  'scripts',
  'networks',
  'groups',
  'plans',
  'regions',
  'images',
  'availability',
  'billing',
  'events',
  'account',
  'tokens',
  'history',
  'profiles',
] as const;

/** True when argv is a one-shot command (or `completion`, `help`) rather than the dashboard's flags. */
export function isCommand(argv: readonly string[]): boolean {
  const first = argv[0];
  return first !== undefined && (first === 'completion' || first === 'help' || (RESOURCE_NAMES as readonly string[]).includes(first));
}
