// What can be decided about a start from the command line and the environment alone, without loading the
// dashboard: the flags, `--help` and `--version`, and whether the embedded demo is certain. The entry point
// uses it to answer those two at once, and to start the demo's emulator while the dashboard is still
// loading; boot/main.ts's planConnection decides the rest.

import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { Env } from '../config/connection.js';
import { isThemeName, THEME_NAMES, type ThemeName } from '../ui/theme.js';
import { COMMAND_WORDS } from './command-words.js';
import { meant } from '../ui/suggest.js';
import pkg from '../../package.json' with { type: 'json' };

export interface Flags {
  apiUrl?: string;
  profile?: string;
  theme?: ThemeName;
  readOnly: boolean;
  /** --no-history: nothing this run sends is written to the history file */
  noHistory: boolean;
  demo: boolean;
  help: boolean;
  version: boolean;
}

export class UsageError extends Error {}

const USAGE = `usage: ecsdeck [--profile NAME] [--api-url URL] [--read-only] [--no-history] [--demo] [--theme dark|light|mono]
       ecsdeck emulator [options]      run the emulator alone (ecsdeck emulator --help)
       ecsdeck <resource> <verb> ...   one-shot commands for scripts (ecsdeck help)

A full-screen dashboard for the service. With no profile and no ECSDECK_* credentials it starts
a local emulator with demo data, so everything can be tried without an account.

  --profile NAME   use this saved profile (default: the current one; :profiles and
                   ecsdeck profiles manage them)
  --api-url URL    the service's address, e.g. https://api.example.net
  --read-only      look, never change: every key that writes is turned off
  --no-history     write nothing to the history file ($XDG_STATE_HOME/ecsdeck/history.jsonl)
  --demo           use the local emulator and its demo data, whatever is configured
  --theme NAME     colours for a dark or light background, or mono for none (default: the
                   profile's theme, else dark; NO_COLOR always means mono)
  -h, --help       this text
  -V, --version    the version

Environment: ECSDECK_API_URL, ECSDECK_API_TOKEN, ECSDECK_USERNAME with ECSDECK_PASSWORD,
ECSDECK_PROFILE, ECSDECK_CONFIG_DIR (where profiles are kept), ECSDECK_CACHE_DIR (where compiled
code is kept), ECSDECK_NO_COMPILE_CACHE=1 (keep none), ECSDECK_NO_REHEARSAL=1 (no keys
rehearsed unseen at start), NO_COLOR, FORCE_COLOR.
Keys: ? in the dashboard lists them; q quits.
`;

/** What `--help` or `--version` print, or null when neither was asked: the entry point answers them itself, without loading the dashboard. */
export function helpOrVersion(flags: Flags): string | null {
  if (flags.help) return USAGE;
  if (flags.version) return `ecsdeck ${pkg.version}\n`;
  return null;
}

/** The dashboard's flags: what "did you mean" chooses from, and (with the short ones) the switch's cases, checked both ways by the compiler. */
const FLAG_NAMES = ['--api-url', '--profile', '--theme', '--read-only', '--no-history', '--demo', '--help', '--version'] as const;
const SHORT_FLAGS = ['-h', '-V'] as const;
type FlagName = (typeof FLAG_NAMES)[number] | (typeof SHORT_FLAGS)[number];
const ALL_FLAGS: readonly string[] = [...FLAG_NAMES, ...SHORT_FLAGS];
const isFlagName = (name: string): name is FlagName => ALL_FLAGS.includes(name);

/** The command line; `--name value` and `--name=value` both work. Unknown flags are refused, not ignored. */
export function parseFlags(argv: readonly string[]): Flags {
  const flags: Flags = { readOnly: false, noHistory: false, demo: false, help: false, version: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const name = eq > 0 ? arg.slice(0, eq) : arg;
    const value = (): string => {
      if (eq > 0) return arg.slice(eq + 1);
      const next = argv[i + 1];
      if (next === undefined || next.startsWith('-')) throw new UsageError(`${name} needs a value`);
      i += 1;
      return next;
    };
    const noValue = () => {
      if (eq > 0) throw new UsageError(`${name} takes no value`);
    };
    if (!isFlagName(name)) {
      if (arg.startsWith('-')) throw new UsageError(`unknown option ${name}${meant(name, FLAG_NAMES)}`);
      // a command after a flag only the dashboard has (`--theme dark servers list`)
      if (COMMAND_WORDS.includes(arg)) throw new UsageError(`unexpected argument '${arg}': a command comes first, its flags after it (ecsdeck ${arg} --help)`);
      throw new UsageError(`unexpected argument '${arg}'${meant(arg, COMMAND_WORDS)}`);
    }
    switch (name) {
      case '--api-url':
        flags.apiUrl = value();
        break;
      case '--profile':
        flags.profile = value();
        break;
      case '--theme': {
        const theme = value();
        if (!isThemeName(theme)) throw new UsageError(`--theme takes ${THEME_NAMES.join(', ')}, not '${theme.slice(0, 32)}'`);
        flags.theme = theme;
        break;
      }
      case '--read-only':
        noValue();
        flags.readOnly = true;
        break;
      case '--no-history':
        noValue();
        flags.noHistory = true;
        break;
      case '--demo':
        noValue();
        flags.demo = true;
        break;
      case '-h':
      case '--help':
        flags.help = true;
        break;
      case '-V':
      case '--version':
        flags.version = true;
        break;
      default:
        // every name in the lists above has its case: a name added there without one does not compile
        return name satisfies never;
    }
  }
  if (flags.demo && (flags.apiUrl !== undefined || flags.profile !== undefined)) {
    throw new UsageError('--demo uses the local emulator; it cannot be combined with --api-url or --profile');
  }
  return flags;
}

const ENV_KEYS = ['ECSDECK_API_URL', 'ECSDECK_API_TOKEN', 'ECSDECK_USERNAME', 'ECSDECK_PASSWORD', 'ECSDECK_PROFILE'];

/**
 * Where the profile file is, when that can be known without loading the config library: it is only a
 * shortcut to skip that load when there is no file; anywhere else the store is opened and asked.
 */
export function profileFileGuess(env: Env, platform = process.platform): string | null {
  const dir = env.ECSDECK_CONFIG_DIR?.trim();
  if (dir) return join(dir, 'config.json');
  if (platform !== 'linux') return null;
  const base = env.XDG_CONFIG_HOME?.trim() || join(homedir(), '.config');
  return join(base, 'ecsdeck', 'config.json');
}

/**
 * True when these flags and this environment lead to the embedded demo whatever else is found: `--demo`,
 * or no connection flag, no ECSDECK_* connection variable and no profile file. planConnection says demo
 * in every such case (it may also say demo in others, after opening the profiles).
 */
export function surelyDemo(flags: Flags, env: Env): boolean {
  if (flags.help || flags.version) return false;
  if (flags.demo) return true;
  if (flags.apiUrl !== undefined || flags.profile !== undefined) return false;
  if (ENV_KEYS.some((k) => (env[k] ?? '') !== '')) return false;
  const guess = profileFileGuess(env);
  return guess !== null && !existsSync(guess);
}

/**
 * Whether the start-up rehearsal runs (boot/rehearsal.ts): on a terminal, unless ECSDECK_NO_REHEARSAL is set
 * to anything but `0` (as ECSDECK_NO_COMPILE_CACHE).
 */
export function rehearsalWanted(env: Env, isTTY: boolean | undefined): boolean {
  const off = env.ECSDECK_NO_REHEARSAL;
  return isTTY === true && (off === undefined || off === '' || off === '0');
}
