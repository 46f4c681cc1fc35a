// `--help` at every level, written from the command table.
import type { Param, Resource, Verb } from './types.js';
import { COMMANDS } from './table.js';
import { flagsOf, GLOBAL_PARAMS } from './flags.js';

const EXIT_CODES = `Exit codes: 0 done; 1 the service refused (its message on stderr); 2 usage (nothing was sent);
3 the service could not be reached, or did not answer in time (--timeout too); 4 authentication failed;
5 an awaited action failed.`;

const CONNECTION = `Connection: as the dashboard's: --api-url, --profile, ECSDECK_API_URL with ECSDECK_API_TOKEN (or
ECSDECK_USERNAME and ECSDECK_PASSWORD), ECSDECK_PROFILE, else the current profile; --demo for a local emulator.`;

const column = (rows: Array<[string, string]>): string => {
  const w = Math.min(30, Math.max(...rows.map(([a]) => a.length)));
  return rows.map(([a, b]) => `  ${a.padEnd(w)}  ${b}`).join('\n');
};

const flagName = (p: Param): string => {
  const short = p.name === 'output' ? '-o, ' : p.name === 'yes' ? '-y, ' : p.name === 'help' ? '-h, ' : '';
  return `${short}--${p.name}${p.type === 'boolean' ? '' : ` ${p.meta ?? 'VALUE'}`}`;
};

const describe = (p: Param): string => {
  const extra = [p.choices ? `one of ${p.choices.join(', ')}` : '', p.default !== undefined && p.default !== false && p.default !== '' ? `default ${String(p.default)}` : ''].filter(Boolean);
  return extra.length > 0 ? `${p.help} (${extra.join('; ')})` : p.help;
};

function usageLine(verb: Verb): string {
  const parts = [`ecsdeck ${verb.resource} ${verb.name}`];
  for (const p of verb.params) {
    const name = p.positional ? (p.meta ?? p.name.toUpperCase()) : flagName(p);
    parts.push(p.required ? name : `[${name}]`);
  }
  if (verb.startsAction) parts.push('[--wait [--timeout DURATION]]');
  if (verb.waits) parts.push('[--timeout DURATION]');
  if (verb.destructive) parts.push('[--yes]');
  return parts.join(' ');
}

export function verbHelp(verb: Verb): string {
  const positional = verb.params.filter((p) => p.positional);
  const flags = flagsOf(verb).filter((p) => !GLOBAL_PARAMS.includes(p));
  const out = [`usage: ${usageLine(verb)}`, '', `${verb.summary[0].toUpperCase()}${verb.summary.slice(1)}.`];
  if (verb.destructive) out.push('It cannot be undone: it asks on a terminal, and needs --yes without one (exit 2, nothing done).');
  if (positional.length > 0) out.push('', 'Arguments:', column(positional.map((p) => [p.meta ?? p.name.toUpperCase(), describe(p)])));
  if (flags.length > 0) out.push('', 'Flags:', column(flags.map((p) => [flagName(p), describe(p)])));
  out.push('', 'Global flags:', column(GLOBAL_PARAMS.map((p) => [flagName(p), describe(p)])), '', EXIT_CODES, '');
  return out.join('\n');
}

export function resourceHelp(resource: Resource): string {
  return [
    `usage: ecsdeck ${resource.name} <verb> [arguments] [flags]`,
    '',
    `${resource.summary[0].toUpperCase()}${resource.summary.slice(1)}.`,
    '',
    'Verbs:',
    column(resource.verbs.map((v) => [v.name, v.summary])),
    '',
    `ecsdeck ${resource.name} <verb> --help says more about each.`,
    '',
  ].join('\n');
}

export function commandsHelp(): string {
  return [
    'usage: ecsdeck <resource> <verb> [arguments] [flags]',
    '       ecsdeck help <resource> [verb]    (as ecsdeck <resource> [verb] --help)',
    '       ecsdeck completion bash|zsh|fish',
    '',
    'One-shot commands over the same service, profiles and client as the dashboard.',
    '',
    'Resources:',
    column(COMMANDS.map((r) => [r.name, r.summary])),
    '',
    'Global flags (after the verb, or before the resource: ecsdeck --profile work servers list):',
    column(GLOBAL_PARAMS.map((p) => [flagName(p), describe(p)])),
    '',
    CONNECTION,
    '',
    EXIT_CODES,
    '',
  ].join('\n');
}

