// The one command table: every resource and its verbs. The parser (parse.ts), the help (help.ts), the
// completion scripts (completion.ts) and the history's command lines (reverse.ts) all read it.
import { accountResources } from './commands/account.js';
import { history } from './commands/history.js';
import { profiles } from './commands/profiles.js';
import { library } from './commands/library.js';
import { servers } from './commands/servers.js';
import { schedule, snapshots, vlanVerbs } from './commands/snapshots.js';
import type { Resource, Verb } from './types.js';

const byName = new Map<string, Resource>();
for (const r of [{ ...servers, verbs: [...servers.verbs, ...vlanVerbs] }, snapshots, schedule, ...library, ...accountResources]) byName.set(r.name, r);
const [actions, ...rest] = accountResources;

/** In the order the help lists them: servers first, then what the dashboard's screens show, then this machine's history and profiles. */
export const COMMANDS: readonly Resource[] = [byName.get('servers')!, actions, snapshots, schedule, ...library, ...rest, history, profiles];

export function allVerbs(): Verb[] {
  return COMMANDS.flatMap((r) => r.verbs);
}
