// The flags every command takes, and those of verbs that start or follow an action.
import type { Format, Param, Verb } from './types.js';

export const FORMATS: readonly Format[] = ['table', 'json', 'csv'];

/** The flags every command takes; `wait` and `timeout` only verbs that start or follow an action. */
export const GLOBAL_PARAMS: Param[] = [
  { name: 'output', help: 'how the result is written (default table)', choices: FORMATS, meta: 'FORMAT' },
  { name: 'api-url', help: "the service's address", meta: 'URL' },
  { name: 'profile', help: "a saved profile (the dashboard's :profiles)", meta: 'NAME' },
  { name: 'demo', help: 'act on a throw-away local emulator with demo data', type: 'boolean' },
  { name: 'read-only', help: 'refuse anything that would change the service', type: 'boolean' },
  { name: 'no-history', help: 'write nothing to the history file ($XDG_STATE_HOME/ecsdeck/history.jsonl)', type: 'boolean' },
  { name: 'yes', help: 'do it without asking (needed without a terminal for what cannot be undone)', type: 'boolean' },
  { name: 'help', help: 'this text', type: 'boolean' },
];
const WAIT_PARAMS: Param[] = [
  { name: 'wait', help: 'return once the action has ended (progress on stderr)', type: 'boolean' },
  { name: 'timeout', help: 'with --wait: give up after this long (exit 3); e.g. 90s, 10m, 1h', meta: 'DURATION', default: '60m' },
];
export const SHORT: Record<string, string> = { output: 'o', yes: 'y', help: 'h' };

export function flagsOf(verb: Verb): Param[] {
  return [...verb.params.filter((p) => !p.positional), ...(verb.startsAction || verb.waits ? WAIT_PARAMS.filter((p) => !(verb.waits && p.name === 'wait')) : []), ...GLOBAL_PARAMS];
}

