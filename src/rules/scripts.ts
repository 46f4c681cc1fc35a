import { RuleError } from './errors.js';
import { parseEnvLines, type EnvVar } from './env.js';
import { MSG, MSG_CHOSEN } from './messages.js';

// Shell and PowerShell punctuation that can sit right before a path: `cd ../x`, `"./a"`, `--dir=./b`,
// `PATH=$PATH:./bin`, `$(cat ~/.x)`. Splitting on ':' also keeps URLs out: `https://a/./b` yields `//a/./b`.
const SEPARATORS = /[\s;|&()<>`"'=,:{}[\]]+/;

// `./x`, `../x`, `..`, `~`, `~/x`, `~user/x`, and the PowerShell forms `.\x`, `..\x`, `~\x`. A lone `.` is not
// matched because it is the shell's `source` command (`. /etc/profile`).
const RELATIVE_TOKEN = /^(?:\.\.?[/\\]|\.\.$|~[A-Za-z0-9_.-]*(?:[/\\]|$))/;

/**
 * Whether a script refers to a relative or home path. Scripts run with an unknown working directory and
 * home, so the service refuses them. Choices where the spec is silent:
 * - `$HOME` / `${HOME}` are not flagged: the spec names only `~/`, and refusing more than the live service
 *   would make the dashboard reject scripts the service accepts.
 * - Text after a `#` that starts a word is a comment (shell and PowerShell) and is not inspected.
 */
export function usesRelativePath(content: string): boolean {
  for (const rawLine of content.split(/\r?\n/)) {
    for (const token of rawLine.split(SEPARATORS)) {
      if (token.startsWith('#')) break;
      if (RELATIVE_TOKEN.test(token)) return true;
    }
  }
  return false;
}

const isBlank = (v: unknown): boolean => typeof v !== 'string' || v.trim() === '';

interface LibraryScriptInput {
  title?: unknown;
  content?: unknown;
  windows?: unknown;
}

interface LibraryScript {
  title: string;
  content: string;
  windows: boolean;
}

/**
 * Script create. A title or content that is missing, not a string, or only whitespace counts as null.
 * `windows` has no message in the spec; anything but `true` means a Linux script.
 */
export function checkLibraryScript(input: LibraryScriptInput): LibraryScript {
  if (isBlank(input.title)) throw new RuleError(400, MSG.scriptTitleNull);
  if (isBlank(input.content)) throw new RuleError(400, MSG.scriptContentNull);
  const content = input.content as string;
  if (usesRelativePath(content)) throw new RuleError(400, MSG.scriptRelativePath);
  return { title: input.title as string, content, windows: input.windows === true };
}

/**
 * Script update: each field is optional (4.9), so one omitted or sent as null is kept (the Python SDK ecsapi
 * sends null for every field its caller did not set); one sent empty or blank is refused as on create.
 */
export function checkLibraryScriptUpdate(input: LibraryScriptInput): Partial<LibraryScript> {
  const out: Partial<LibraryScript> = {};
  if (input.title !== undefined && input.title !== null) {
    if (isBlank(input.title)) throw new RuleError(400, MSG.scriptTitleNull);
    out.title = input.title as string;
  }
  if (input.content !== undefined && input.content !== null) {
    if (isBlank(input.content)) throw new RuleError(400, MSG.scriptContentNull);
    if (usesRelativePath(input.content as string)) throw new RuleError(400, MSG.scriptRelativePath);
    out.content = input.content as string;
  }
  if (input.windows !== undefined && input.windows !== null) out.windows = input.windows === true;
  return out;
}

type ServerScript =
  | { kind: 'none' }
  | { kind: 'temporary'; content: string }
  | { kind: 'library'; id: number; env: EnvVar[] };

export interface ServerScriptContext {
  /** The plan is a Windows plan or the image is a Windows image. */
  windowsServer: boolean;
  /** The caller's own library script of that id, or undefined. */
  findScript: (id: number) => { windows: boolean } | undefined;
}

/**
 * Server creation `user_customize` / `user_customize_env`. A string is a temporary script, an integer a library
 * script id (a digit string is a script whose content is those digits, as the spec's types say).
 * Choices where the spec is silent:
 * - env with a temporary script or with no script gets its own message (MSG_CHOSEN.envNeedsLibraryScript):
 *   "Invalid env variable format" would send the user to fix lines that are well formed. An empty env string
 *   counts as absent.
 * - An empty script string counts as no script.
 * - An unknown library id is 404 "script not found".
 * Order: type of user_customize, env without a library script, then the checks of each kind.
 */
export function checkServerScript(
  body: { user_customize?: unknown; user_customize_env?: unknown },
  ctx: ServerScriptContext,
): ServerScript {
  const script = body.user_customize;
  const env = body.user_customize_env;
  const hasEnv = env !== undefined && env !== null && env !== '';
  const kind = script === undefined || script === null || script === '' ? 'none' : typeof script === 'string' ? 'temporary' : 'library';
  if (kind === 'library' && !(typeof script === 'number' && Number.isInteger(script) && script > 0)) {
    throw new RuleError(400, MSG_CHOSEN.userCustomizeType);
  }
  if (hasEnv && kind !== 'library') throw new RuleError(400, MSG_CHOSEN.envNeedsLibraryScript);
  if (kind === 'none') return { kind };
  if (kind === 'temporary') {
    if (usesRelativePath(script as string)) throw new RuleError(400, MSG.serverScriptRelativePath);
    return { kind, content: script as string };
  }
  const id = script as number;
  const found = ctx.findScript(id);
  if (!found) throw new RuleError(404, MSG_CHOSEN.scriptNotFound);
  if (found.windows && !ctx.windowsServer) throw new RuleError(400, MSG.powershellOnLinux);
  return { kind, id, env: hasEnv ? parseEnvLines(env) : [] };
}
