// The first words of a command line that is not the dashboard's: the resources of `ecsdeck <resource> <verb>`
// (cli/names.ts tells a command from the dashboard's flags with them; test/cli/table.test.ts checks that they
// are exactly the command table's), and the emulator, help and completion. Here, below both the entry point
// and the dashboard's flags (start-plan.ts, which names the one a slip was meant to be), with no imports.
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

/** Every word that starts something other than the dashboard. */
export const COMMAND_WORDS: readonly string[] = [...RESOURCE_NAMES, 'emulator', 'help', 'completion'];
