// A one-shot command told from the dashboard's flags by its first word (boot/command-words.ts), without the
// command table itself: the entry point (src/cli.tsx) loads the commands' bundle only for a command.
import { RESOURCE_NAMES } from '../boot/command-words.js';
import { GLOBAL_PARAMS, SHORT } from './flags.js';

/**
 * argv as the commands read it (`<resource> <verb> ...`), or null when it is the dashboard's. Flags every command
 * takes may come first, as in `ecsdeck --profile work servers list`: they are moved after the verb. Any other
 * flag first (`--theme`) leaves it to the dashboard, which names it.
 */
export function commandArgv(argv: readonly string[]): string[] | null {
  let at = 0;
  while (at < argv.length && argv[at].startsWith('-')) {
    const taken = leadingFlag(argv[at]);
    if (taken === null) return null;
    at += 1 + taken;
  }
  const first = argv[at];
  if (first === undefined) return null;
  if (at === 0 && (first === 'completion' || first === 'help')) return [...argv];
  if (!(RESOURCE_NAMES as readonly string[]).includes(first)) return null;
  const leading = argv.slice(0, at);
  const rest = argv.slice(at + 1);
  // after the verb, so that the parser still finds the verb second
  const verbFirst = rest.length > 0 && !rest[0].startsWith('-');
  return verbFirst ? [first, rest[0], ...leading, ...rest.slice(1)] : [first, ...rest, ...leading];
}

/** How many values a command's global flag takes after it (`--profile NAME`: 1), or null for any other word. */
function leadingFlag(word: string): number | null {
  const short = /^-([a-z])$/.exec(word);
  const name = short ? Object.keys(SHORT).find((k) => SHORT[k] === short[1]) : /^--([a-z-]+)(=.*)?$/.exec(word)?.[1];
  const param = GLOBAL_PARAMS.find((p) => p.name === name && p.name !== 'help');
  if (!param) return null;
  return param.type === 'boolean' || word.includes('=') ? 0 : 1;
}
