// `ecsdeck <resource> <verb> [arguments] [flags]` read against the command table with Node's own
// util.parseArgs: each verb's flags are its table entry's, plus the flags every command takes (GLOBAL).
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { FORMATS, SHORT, flagsOf } from './flags.js';
import { resourceHelp, verbHelp } from './help.js';
import { COMMANDS } from './table.js';
import { meant } from '../ui/suggest.js';
import { UsageError, type Format, type Param, type Resource, type Values, type Verb } from './types.js';

export interface Globals {
  output?: Format;
  apiUrl?: string;
  profile?: string;
  demo: boolean;
  readOnly: boolean;
  /** --no-history: the write is not written to the history file */
  noHistory: boolean;
  yes: boolean;
  wait: boolean;
  /** milliseconds */
  timeoutMs: number;
}

type Parsed = { kind: 'help'; text: string } | { kind: 'run'; verb: Verb; values: Values; globals: Globals };

/** `90s`, `10m`, `1h`, `1h30m`, or plain seconds. */
export function parseDuration(text: string): number {
  const plain = /^\d+$/.exec(text);
  if (plain) return Number(text) * 1000;
  const re = /(\d+)(ms|s|m|h)/gy;
  let ms = 0;
  let at = 0;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    ms += Number(m[1]) * { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[m[2] as 'ms' | 's' | 'm' | 'h'];
    at = re.lastIndex;
  }
  if (text === '' || at !== text.length) throw new UsageError(`--timeout is a duration such as 90s, 10m or 1h (got '${text}')`);
  return ms;
}

function convert(p: Param, raw: string | boolean, where: string): string | number | boolean {
  if (typeof raw === 'boolean') return raw;
  const label = p.positional ? (p.meta ?? p.name.toUpperCase()) : `--${p.name}`;
  if (p.type === 'switch') {
    if (raw === 'yes' || raw === 'true') return true;
    if (raw === 'no' || raw === 'false') return false;
    throw new UsageError(`${label} is yes or no (got '${raw}')`, where);
  }
  if (p.type === 'number') {
    if (!/^\d+$/.test(raw)) throw new UsageError(`${label} is a whole number (got '${raw}')`, where);
    return Number(raw);
  }
  if (p.choices && !p.choices.includes(raw)) throw new UsageError(`${label} is one of ${p.choices.join(', ')} (got '${raw}')`, where);
  return raw;
}

/** Node's words for a parse failure, without its advice about `--`; for an unknown flag, the one meant. */
function nodeMessage(err: unknown, flags: readonly Param[]): string {
  const text = err instanceof Error ? err.message : String(err);
  const said = text.split(/\. To specify|\. Did you/)[0].replace(/^Unknown option/, 'unknown option').replace(/^Option/, 'option');
  const unknown = /^unknown option '(--?[^']*)'/.exec(said)?.[1];
  return unknown === undefined ? said : `${said}${meant(unknown, flags.map((p) => `--${p.name}`))}`;
}

export function parseCommand(argv: readonly string[], table: readonly Resource[] = COMMANDS): Parsed {
  const [resourceName, verbName, ...rest] = argv;
  const resource = table.find((r) => r.name === resourceName);
  if (!resource) throw new UsageError(`unknown resource '${resourceName ?? ''}'${meant(resourceName ?? '', table.map((r) => r.name))}`);
  if (verbName === undefined || verbName.startsWith('-')) {
    if (verbName === '-h' || verbName === '--help') return { kind: 'help', text: resourceHelp(resource) };
    throw new UsageError(`say what to do with ${resource.name}: ${resource.verbs.map((v) => v.name).join(', ')}`, resource.name);
  }
  const verb = resource.verbs.find((v) => v.name === verbName);
  const where = `${resource.name} ${verbName}`;
  const verbs = resource.verbs.map((v) => v.name);
  if (!verb) throw new UsageError(`${resource.name} has no verb '${verbName}'${meant(verbName, verbs)}: ${verbs.join(', ')}`, resource.name);

  const flags = flagsOf(verb);
  const options: NonNullable<ParseArgsConfig['options']> = {};
  for (const p of flags) options[p.name] = { type: p.type === 'boolean' ? 'boolean' : 'string', ...(SHORT[p.name] ? { short: SHORT[p.name] } : {}) };
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args: rest, options, allowPositionals: true, strict: true });
  } catch (err) {
    throw new UsageError(nodeMessage(err, flags), where);
  }
  const given = parsed.values as Record<string, string | boolean | undefined>;
  if (given.help === true) return { kind: 'help', text: verbHelp(verb) };

  const values: Values = {};
  const positional = verb.params.filter((p) => p.positional);
  const args = parsed.positionals;
  if (args.length > positional.length) throw new UsageError(`unexpected argument '${args[positional.length]}'`, where);
  positional.forEach((p, i) => {
    const raw = args[i];
    if (raw === undefined) {
      if (p.required) throw new UsageError(`missing ${p.meta ?? p.name.toUpperCase()}: ${p.help}`, where);
      return;
    }
    values[p.name] = convert(p, raw, where);
  });
  for (const p of verb.params.filter((q) => !q.positional)) {
    const raw = given[p.name];
    if (raw === undefined) {
      // with its form when it has one: `--month YYYY-MM is needed: the month`
      if (p.required) throw new UsageError(`--${p.name}${p.meta ? ` ${p.meta}` : ''} is needed: ${p.help}`, where);
      if (p.default !== undefined) values[p.name] = p.default;
      continue;
    }
    values[p.name] = convert(p, raw, where);
  }
  const problem = verb.check?.(values);
  if (problem) throw new UsageError(problem, where);

  const output = given.output as string | undefined;
  if (output !== undefined && !(FORMATS as readonly string[]).includes(output)) throw new UsageError(`-o is one of ${FORMATS.join(', ')} (got '${output}')`, where);
  const globals: Globals = {
    output: output as Format | undefined,
    apiUrl: given['api-url'] as string | undefined,
    profile: given.profile as string | undefined,
    demo: given.demo === true,
    readOnly: given['read-only'] === true,
    noHistory: given['no-history'] === true,
    yes: given.yes === true,
    wait: given.wait === true || verb.waits === true,
    timeoutMs: parseDuration((given.timeout as string | undefined) ?? '60m'),
  };
  if (given.timeout !== undefined && !globals.wait) throw new UsageError('--timeout is for --wait', where);
  if (globals.demo && (globals.apiUrl !== undefined || globals.profile !== undefined)) {
    throw new UsageError('--demo uses the local emulator; it cannot be combined with --api-url or --profile', where);
  }
  return { kind: 'run', verb, values, globals };
}
