// `ecsdeck <resource> <verb> ...` and `ecsdeck completion ...`: parse against the command table, connect as
// the dashboard does, run the verb over the client, follow its action with --wait, print the result, and
// end with the exit code tui.md fixes (0 done, 1 refused, 2 usage, 3 unreachable or timed out, 4 login, 5 an
// awaited action failed). Loaded from its own bundle (dist/commands.cjs): no Ink, no React, no dashboard.
import { readFileSync } from 'node:fs';
import { ApiError, AuthExpiredError, NetworkError, TimeoutError, isAuthFailure, scrub } from '../api/index.js';
import { HistoryLog } from '../history/log.js';
import { completion } from './completion.js';
import { connect } from './connect.js';
import { commandsHelp } from './help.js';
import { safeLines, truncate } from '../ui/text.js';
import { forTerminal, render } from './output.js';
import { parseCommand, type Globals } from './parse.js';
import { ACTION_COLUMNS, NotFoundError, record } from './shapes.js';
import { UsageError, type Ctx, type Format, type Io, type Output, type Values, type Verb } from './types.js';
import { ActionFailedError, WaitTimeoutError, waitForAction } from './wait.js';

export const EXIT = { ok: 0, refused: 1, usage: 2, unreachable: 3, auth: 4, actionFailed: 5 } as const;


/**
 * What is said to a person on stderr, wherever it goes: the service's words (which may quote what it was sent,
 * or another's notes) through the sanitizer, line by line.
 */
const say = (io: Io, text: string): void => void io.stderr.write(`${safeLines(text).join('\n')}\n`);

const defaultIo = (): Io => ({ stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, env: process.env });

/** Runs one command; resolves to its exit code. */
export async function runCommand(argv: readonly string[], io: Io = defaultIo()): Promise<number> {
  // never a secret either
  const line = (text: string) => say(io, scrub(text));
  try {
    if (argv[0] === 'completion') return await completion(argv.slice(1), io);
    let words = argv;
    if (argv[0] === 'help') {
      const topic = argv[1];
      // `help` alone, or with flags only (`help -h`): the list of resources
      if (topic === undefined || topic.startsWith('-')) {
        io.stdout.write(commandsHelp());
        return EXIT.ok;
      }
      // `ecsdeck help servers list` is `ecsdeck servers list --help`, as in git and kubectl
      if (topic === 'completion') return await completion(['--help'], io);
      words = [...argv.slice(1), '--help'];
    }
    const parsed = parseCommand(words);
    if (parsed.kind === 'help') {
      io.stdout.write(parsed.text);
      return EXIT.ok;
    }
    return await execute(parsed.verb, parsed.values, parsed.globals, io);
  } catch (err) {
    const [code, text] = describe(err);
    line(text);
    if (code === EXIT.usage && err instanceof UsageError && err.helpFor) line(`(ecsdeck ${err.helpFor} --help says more)`);
    return code;
  }
}

async function execute(verb: Verb, values: Values, globals: Globals, io: Io): Promise<number> {
  const name = `${verb.resource} ${verb.name}`;
  if (globals.readOnly && (verb.write || verb.writes)) throw new UsageError(`--read-only: '${name}' would change the service; nothing was sent`);
  if (verb.destructive && !globals.yes) {
    if (!io.stdin.isTTY) throw new UsageError(`'${name}' cannot be undone: add --yes to do it without a terminal to ask on; nothing was done`);
    if (!(await ask(io, `${name} ${describeTarget(verb, values)}: this cannot be undone. Go ahead? [y/N] `))) {
      io.stderr.write('nothing was done\n');
      return EXIT.usage;
    }
  }
  const readInput = async (path: string) => (path === '-' ? readAll(io.stdin) : readFileSync(path, 'utf8'));
  await verb.prepare?.(values, { readInput });
  const format: Format = globals.output ?? 'table';
  if (verb.local) {
    // this machine's own files (the history, the profiles): no connection, no credential
    const { commandForWrite } = await import('./reverse.js');
    const result = await verb.run({ format, env: io.env, readInput, readOnly: globals.readOnly, commandFor: commandForWrite }, values);
    print(result.output, format, io, result.note);
    return EXIT.ok;
  }
  const connected = await connect(globals, io.env);
  // the writes it sends go to the dashboard's history, marked as a command's (the hook is on the client)
  const history = globals.noHistory || !connected.history ? null : new HistoryLog({ by: 'command', env: io.env });
  history?.attach(connected.client, connected);
  try {
    const progress = progressLine(io.stderr);
    const ctx: Ctx = { client: connected.client, format, readInput, progress: progress.say };
    const result = await verb.run(ctx, values).finally(progress.end);
    let output = result.output;
    if (globals.wait && result.actionId !== undefined && result.actionId !== null) {
      const action = await waitForAction(connected.client, result.actionId, { timeoutMs: globals.timeoutMs, err: io.stderr }).catch((err: unknown) => {
        if (err instanceof ActionFailedError) history?.actionEnded(err.action);
        throw err;
      });
      history?.actionEnded(action);
      output = result.after ? await result.after() : record(action, ACTION_COLUMNS);
    }
    print(output, format, io, result.note);
    return EXIT.ok;
  } finally {
    await connected.close();
  }
}

/** A verb's progress line on a terminal's stderr: redrawn at most every 100 ms, gone at the end. */
function progressLine(err: NodeJS.WriteStream): { say: (text: string | null) => void; end: () => void } {
  if (err.isTTY !== true) return { say: () => {}, end: () => {} };
  let shown = false;
  let last = 0;
  const clear = () => {
    if (shown) err.write('\r\x1b[K');
    shown = false;
  };
  return {
    say: (text) => {
      if (text === null) return clear();
      const now = Date.now();
      if (shown && now - last < 100) return;
      last = now;
      shown = true;
      err.write(`\r\x1b[K${truncate(text, Math.max(1, (err.columns || 80) - 1))}`);
    },
    end: clear,
  };
}

/**
 * The result on stdout (sanitized on a terminal, fitted to its width); on stderr the verb's notes: a `none`
 * output's (not with JSON, where `null` says it) and the result's own.
 */
function print(output: Output, format: Format, io: Io, note?: string): void {
  const width = io.stdout.isTTY ? io.stdout.columns : undefined;
  const text = render(output, format, width);
  io.stdout.write(io.stdout.isTTY ? forTerminal(text) : text);
  if (output.kind === 'none' && output.note && format !== 'json') say(io, output.note);
  if (note) say(io, note);
}

const describeTarget = (verb: Verb, values: Values): string =>
  verb.params
    .filter((p) => p.positional)
    .map((p) => String(values[p.name] ?? ''))
    .join(' ');

async function ask(io: Io, question: string): Promise<boolean> {
  // loaded only to ask: most commands never do
  const { createInterface } = await import('node:readline');
  const rl = createInterface({ input: io.stdin, output: io.stderr });
  try {
    const answer = await new Promise<string>((resolve) => {
      rl.question(question, resolve);
      rl.once('close', () => resolve(''));
    });
    return /^y(es)?$/i.test(answer.trim());
  } finally {
    rl.close();
  }
}

async function readAll(stream: NodeJS.ReadStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(typeof c === 'string' ? Buffer.from(c) : (c as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

/** The exit code and the line for stderr; the service's own message is given as it is. */
export function describe(err: unknown): [number, string] {
  // (ConfigError by name: its module loads the profile file's library)
  if (err instanceof UsageError || (err instanceof Error && err.name === 'ConfigError')) return [EXIT.usage, `ecsdeck: ${err.message}`];
  if (err instanceof ActionFailedError) return [EXIT.actionFailed, err.message];
  if (err instanceof WaitTimeoutError) return [EXIT.unreachable, err.message];
  if (err instanceof AuthExpiredError || isAuthFailure(err)) return [EXIT.auth, (err as Error).message];
  if (err instanceof ApiError) return [EXIT.refused, err.message];
  if (err instanceof NotFoundError) return [EXIT.refused, err.message];
  if (err instanceof NetworkError || err instanceof TimeoutError) return [EXIT.unreachable, err.message];
  if (err instanceof TypeError && /service address/.test(err.message)) return [EXIT.usage, `ecsdeck: ${err.message}`];
  if (err instanceof Error && 'code' in err && (err as { code?: string }).code === 'ENOENT') return [EXIT.usage, `ecsdeck: ${err.message}`];
  const text = err instanceof Error ? err.message : String(err);
  return [EXIT.refused, `ecsdeck: ${text}`];
}

/** The bundle's entry: runs and sets the exit code. */
export async function main(argv: readonly string[]): Promise<void> {
  const code = await runCommand(argv);
  process.exitCode = code;
}

export type { Values };
