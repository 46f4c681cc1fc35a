// `ecsdeck completion bash|zsh|fish`: a completion script written from the command table. Server and
// template names come from the service through `ecsdeck completion names servers|templates`, kept a minute
// in the cache directory so that pressing tab twice asks once; profile names (`--profile`, `profiles use`)
// from the config file, `ecsdeck completion names profiles`.
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { FORMATS, GLOBAL_PARAMS, flagsOf } from './flags.js';
import { COMMANDS } from './table.js';
import { UsageError, type Io, type Param } from './types.js';

const CACHE_MS = 60_000;
/** a name the scripts can offer as one word (nothing the shell would read) */
const SHELL_WORD = /^[\w.@-]+$/;
const SHELLS = ['bash', 'zsh', 'fish'] as const;

const words = (list: readonly string[]) => list.join(' ');
const sq = (text: string) => `'${text.replace(/'/g, "'\\''")}'`;

function valueWords(p: Param): string {
  if (p.complete) return `$(ecsdeck completion names ${p.complete} 2>/dev/null)`;
  if (p.choices) return words(p.choices);
  return '';
}

function bashScript(): string {
  const verbCases = COMMANDS.map((r) => `    ${r.name}) words=${sq(words(r.verbs.map((v) => v.name)))} ;;`).join('\n');
  const flagCases: string[] = [];
  const argCases: string[] = [];
  const valueCases = new Map<string, string>();
  for (const r of COMMANDS) {
    for (const v of r.verbs) {
      const flags = flagsOf(v);
      flagCases.push(`    ${sq(`${r.name} ${v.name}`)}) words=${sq(words(flags.map((p) => `--${p.name}`)))} ;;`);
      const first = v.params.find((p) => p.positional);
      if (first && (first.complete || first.choices)) argCases.push(`    ${sq(`${r.name} ${v.name}`)}) words="${valueWords(first)}" ;;`);
      for (const p of flags) if (p.complete || p.choices) valueCases.set(`--${p.name}`, valueWords(p));
    }
  }
  // -o is --output's short form: the same formats
  valueCases.set('-o', FORMATS.join(' '));
  valueCases.set('--profile', valueWords({ name: 'profile', help: '', complete: 'profiles' }));
  // the flags every command takes may come before the resource (names.ts): those with a value skip two words
  const globalWithValue = ['-o', ...GLOBAL_PARAMS.filter((p) => p.type !== 'boolean').map((p) => `--${p.name}`)];
  const globalFlags = GLOBAL_PARAMS.filter((p) => p.name !== 'help').map((p) => `--${p.name}`);
  return `# ecsdeck completion for bash: source <(ecsdeck completion bash)
_ecsdeck() {
  local cur=\${COMP_WORDS[COMP_CWORD]} prev=\${COMP_WORDS[COMP_CWORD-1]} words='' at=1 topic=''
  case "$prev" in
${[...valueCases].map(([flag, w]) => `    ${flag}) COMPREPLY=( $(compgen -W "${w}" -- "$cur") ); return ;;`).join('\n')}
  esac
  # help RESOURCE VERB completes as RESOURCE VERB does
  if [ "\${COMP_WORDS[1]}" = help ] && [ "$COMP_CWORD" -gt 1 ]; then at=2 topic=1; fi
  while [ "$at" -lt "$COMP_CWORD" ]; do
    case "\${COMP_WORDS[at]}" in
    ${globalWithValue.join('|')}) at=$((at + 2)) ;;
    -*) at=$((at + 1)) ;;
    *) break ;;
    esac
  done
  local res=\${COMP_WORDS[at]} verb=\${COMP_WORDS[at+1]}
  if [ "$COMP_CWORD" -le "$at" ]; then
    if [ "\${cur#-}" != "$cur" ]; then words=${sq(words(globalFlags))}
    elif [ "$at" -eq 1 ]; then words=${sq(words([...COMMANDS.map((r) => r.name), 'help', 'completion', 'emulator']))}
    elif [ -n "$topic" ]; then words=${sq(words([...COMMANDS.map((r) => r.name), 'completion', 'emulator']))}
    else words=${sq(words(COMMANDS.map((r) => r.name)))}
    fi
    COMPREPLY=( $(compgen -W "$words" -- "$cur") )
    return
  fi
  if [ "$res" = completion ]; then
    [ -z "$topic" ] && COMPREPLY=( $(compgen -W ${sq(words(SHELLS))} -- "$cur") )
    return
  fi
  if [ "$COMP_CWORD" -eq $((at + 1)) ]; then
    case "$res" in
${verbCases}
    esac
    COMPREPLY=( $(compgen -W "$words" -- "$cur") )
    return
  fi
  if [ "\${cur#-}" != "$cur" ]; then
    case "$res $verb" in
${flagCases.join('\n')}
    esac
  elif [ "$COMP_CWORD" -eq $((at + 2)) ]; then
    case "$res $verb" in
${argCases.join('\n')}
    esac
  fi
  COMPREPLY=( $(compgen -W "$words" -- "$cur") )
}
complete -F _ecsdeck ecsdeck
`;
}

function zshScript(): string {
  return `# ecsdeck completion for zsh: source <(ecsdeck completion zsh)
autoload -U +X bashcompinit && bashcompinit
${bashScript().split('\n').slice(1).join('\n')}`;
}

function fishScript(): string {
  const out = ['# ecsdeck completion for fish: ecsdeck completion fish > ~/.config/fish/completions/ecsdeck.fish', 'complete -c ecsdeck -f'];
  const all = COMMANDS.map((r) => r.name).join(' ');
  out.push(`complete -c ecsdeck -n 'not __fish_seen_subcommand_from ${all} completion' -a completion -d 'print a completion script'`);
  // `help servers list`: after help, the lines above and below offer completion, a resource and then its verb,
  // as they do first; the emulator is the one other topic
  out.push(`complete -c ecsdeck -n 'not __fish_seen_subcommand_from ${all} completion emulator help' -a help -d 'what a resource or verb takes'`);
  out.push(`complete -c ecsdeck -n '__fish_seen_subcommand_from help; and not __fish_seen_subcommand_from ${all} completion emulator' -a emulator`);
  for (const r of COMMANDS) {
    out.push(`complete -c ecsdeck -n 'not __fish_seen_subcommand_from ${all} completion' -a ${r.name} -d ${sq(r.summary)}`);
    const verbs = r.verbs.map((v) => v.name).join(' ');
    for (const v of r.verbs) {
      out.push(`complete -c ecsdeck -n '__fish_seen_subcommand_from ${r.name}; and not __fish_seen_subcommand_from ${verbs}' -a ${v.name} -d ${sq(v.summary)}`);
      const on = `'__fish_seen_subcommand_from ${r.name}; and __fish_seen_subcommand_from ${v.name}'`;
      for (const p of flagsOf(v)) {
        const values = p.complete ? ` -r -a '(ecsdeck completion names ${p.complete} 2>/dev/null)'` : p.choices ? ` -r -a ${sq(words(p.choices))}` : p.type === 'boolean' ? '' : ' -r';
        out.push(`complete -c ecsdeck -n ${on} -l ${p.name}${values} -d ${sq(p.help)}`);
      }
      const first = v.params.find((p) => p.positional && p.complete);
      if (first) out.push(`complete -c ecsdeck -n ${on} -a '(ecsdeck completion names ${first.complete} 2>/dev/null)'`);
    }
  }
  out.push(`complete -c ecsdeck -n '__fish_seen_subcommand_from completion' -a ${sq(words(SHELLS))}`);
  out.push(`complete -c ecsdeck -l profile -r -a '(ecsdeck completion names profiles 2>/dev/null)' -d 'a saved profile'`);
  return `${out.join('\n')}\n`;
}

function cacheFile(kind: string, env: Io['env']): string {
  const dir = env.ECSDECK_CACHE_DIR?.trim() || join(env.XDG_CACHE_HOME?.trim() || join(homedir(), '.cache'), 'ecsdeck');
  const key = process
    .getBuiltinModule('node:crypto')
    .createHash('sha256')
    .update([env.ECSDECK_API_URL ?? '', env.ECSDECK_PROFILE ?? '', env.ECSDECK_USERNAME ?? '', kind].join('\n'))
    .digest('hex')
    .slice(0, 16);
  return join(dir, `names-${key}.txt`);
}

async function names(kind: 'servers' | 'templates' | 'profiles', io: Io): Promise<string> {
  if (kind === 'profiles') {
    // this machine's config file: nothing to ask, nothing to keep
    const { openProfileStore } = await import('../config/profiles.js');
    return openProfileStore({ env: io.env })
      .list()
      .map((p) => p.name)
      .filter((n) => SHELL_WORD.test(n))
      .map((n) => `${n}\n`)
      .join('');
  }
  const file = cacheFile(kind, io.env);
  try {
    if (Date.now() - statSync(file).mtimeMs < CACHE_MS) return readFileSync(file, 'utf8');
  } catch {
    // none yet
  }
  const { connect } = await import('./connect.js');
  const { client } = await connect({ demo: false, readOnly: true, noHistory: true, yes: false, wait: false, timeoutMs: 0 }, io.env);
  const list = kind === 'servers' ? (await client.servers.list()).map((s) => s.name) : (await client.templates.list()).map((t) => t.name);
  const text = list.filter((n) => SHELL_WORD.test(n)).join('\n') + '\n';
  try {
    mkdirSync(join(file, '..'), { recursive: true, mode: 0o700 });
    writeFileSync(file, text, { mode: 0o600 });
  } catch {
    // no cache then
  }
  return text;
}

export async function completion(argv: readonly string[], io: Io): Promise<number> {
  const [what, kind] = argv;
  if (what === '-h' || what === '--help' || what === undefined) {
    const text = `usage: ecsdeck completion bash|zsh|fish

Prints a completion script. Install it with:
  bash: echo 'source <(ecsdeck completion bash)' >> ~/.bashrc
  zsh:  echo 'source <(ecsdeck completion zsh)' >> ~/.zshrc
  fish: ecsdeck completion fish > ~/.config/fish/completions/ecsdeck.fish
Server and template names are completed from the service, kept for a minute; profile names
from this machine's config file.
`;
    if (what === undefined) throw new UsageError('say which shell: ecsdeck completion bash|zsh|fish');
    io.stdout.write(text);
    return 0;
  }
  if (what === 'names' && (kind === 'servers' || kind === 'templates' || kind === 'profiles') && argv.length === 2) {
    io.stdout.write(await names(kind, io));
    return 0;
  }
  if (argv.length !== 1 || !(SHELLS as readonly string[]).includes(what)) throw new UsageError(`completion is for bash, zsh or fish (got '${argv.join(' ')}')`, 'completion');
  io.stdout.write(what === 'bash' ? bashScript() : what === 'zsh' ? zshScript() : fishScript());
  return 0;
}
