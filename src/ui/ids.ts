// The names the compiler checks: every screen's id, and every screen's own key ids. A leaf module (it imports
// nothing), so the registry, the shell, the key table and each screen's spec can all take these types without
// an import circle. A new screen adds its id here and its keys under its name; a misspelt id fails tsc.

/** Every screen: the `:` ones, the plans' second view, then the inner views ⏎ opens. */
export const SCREEN_IDS = [
  'servers',
  'actions',
  'snapshots',
  'templates',
  'sshkeys',
  'scripts',
  'networks',
  'plans',
  'images',
  'regions',
  'billing',
  'events',
  'account',
  'tokens',
  'profiles',
  'groups',
  'history',
  'availability',
  'server',
  'record',
  'pager',
] as const;

export type ScreenId = (typeof SCREEN_IDS)[number];

const SCREEN_ID_SET: ReadonlySet<string> = new Set(SCREEN_IDS);
export const isScreenId = (name: string): name is ScreenId => SCREEN_ID_SET.has(name);

/**
 * Each screen's own keys, by the name its ids start with (a screen, or a part several screens share: `tabs`
 * of a tabbed screen, `vlans` of a network): `servers: ['powerOn']` is the id `servers.powerOn`.
 */
const OWN_KEYS = {
  account: ['password'],
  billing: ['export', 'nextMonth', 'prevMonth'],
  pager: ['down', 'up'],
  plans: ['matrix', 'server'],
  profiles: ['switch'],
  scripts: ['retitle'],
  server: ['cursorLeft', 'cursorRight', 'rangeLonger', 'rangeShorter', 'nextTab', 'prevTab', 'tab'],
  servers: ['console', 'powerOff', 'powerOn', 'promote', 'reserve', 'snapshot', 'ssh', 'support', 'template'],
  snapshots: ['protect', 'restore', 'schedule', 'scheduleDelete', 'scheduleOnOff', 'template'],
  tabs: ['next', 'prev', 'go'],
  templates: ['server'],
  vlans: ['removeRange'],
} as const satisfies Record<string, readonly string[]>;

type OwnKeys = typeof OWN_KEYS;
/** A screen's own key id, named after its screen: `servers.powerOn`, `pager.down`. */
export type OwnKeyId = { [S in keyof OwnKeys]: `${S}.${OwnKeys[S][number]}` }[keyof OwnKeys];

/** Every own key id declared above: each must be a key of some screen (test/ui/components/key-table). */
export const OWN_KEY_IDS: readonly OwnKeyId[] = Object.entries(OWN_KEYS).flatMap(([screen, keys]) => keys.map((k) => `${screen}.${k}` as OwnKeyId));
