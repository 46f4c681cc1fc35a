// Two things the dashboard does to the terminal outside Ink's frames: it hands the whole terminal to the
// user's editor and takes it back (scripts are written in $VISUAL / $EDITOR / vi), and it copies text to
// the clipboard with OSC 52, which works over SSH and in tmux with `set-clipboard on`.

import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { useCallback, useMemo } from 'react';
import { useStdin, useStdout } from 'ink';
import { makeScratchDir } from '../config/private-dirs.js';
import { HAND_OVER, TAKE_BACK } from './terminal-modes.js';

/** An ECSDECK_ variable whose name says it holds a secret: never handed to a child program. */
const SECRET_NAME = /^ECSDECK_.*(PASSWORD|PASSWD|TOKEN|SECRET|KEY|JWT|CREDENTIAL)/i;

/**
 * The environment a program the dashboard hands the terminal to (the editor, ssh) runs with: ours without
 * the dashboard's own credentials (ECSDECK_PASSWORD, ECSDECK_API_TOKEN, any ECSDECK_ name saying PASSWORD,
 * TOKEN, SECRET, KEY, JWT or CREDENTIAL). The other ECSDECK_ settings (the address, the profile, the user
 * name) are not secret and stay, so a script run from the editor can find the same service.
 */
export function childEnv(env: Record<string, string | undefined> = process.env): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(env)) if (v !== undefined && !SECRET_NAME.test(k)) out[k] = v;
  return out;
}

/** The editor a person asked for: $VISUAL, else $EDITOR, else vi. */
export function editorCommand(env: Record<string, string | undefined> = process.env): string {
  return env.VISUAL?.trim() || env.EDITOR?.trim() || 'vi';
}

interface EditResult {
  /** what the file holds after the editor quit; null when it is empty or unchanged (nothing to send) */
  text: string | null;
  /** the editor could not be run, or failed */
  error?: string;
}

export interface Terminal {
  stdout: NodeJS.WriteStream & { ecsdeckScreen?: number };
  setRawMode(on: boolean): void;
}

/**
 * Leaves the alternate screen and raw mode, runs the editor on a temp file only this user can read (0600, in
 * a 0700 folder of the cache directory's `scratch`, see config/private-dirs.ts) holding `initial`, and comes
 * back to the dashboard, which is then drawn whole. The editor runs to its end before anything else happens
 * (a synchronous spawn): nothing of the dashboard reads the terminal while the editor has it. The file is
 * removed afterwards; one left by a killed dashboard is removed at the next start. The editor gets the
 * environment without the dashboard's credentials (childEnv).
 */
export function editInEditor(initial: string, options: { suffix?: string; env?: Record<string, string | undefined>; term: Terminal }): EditResult {
  const { term } = options;
  const env = childEnv(options.env ?? process.env);
  const dir = makeScratchDir(options.env ?? process.env);
  const file = join(dir, `edit${options.suffix ?? '.txt'}`);
  try {
    writeFileSync(file, initial, { mode: 0o600 });
    const editor = editorCommand(env);
    term.setRawMode(false);
    term.stdout.write(HAND_OVER);
    // as git does: the command may carry arguments (`code --wait`), so a shell splits it
    const run =
      process.platform === 'win32'
        ? spawnSync(`${editor} "${file}"`, { stdio: 'inherit', shell: true, env })
        : spawnSync('/bin/sh', ['-c', `${editor} "$1"`, editor, file], { stdio: 'inherit', env });
    term.stdout.write(TAKE_BACK);
    term.stdout.ecsdeckScreen = (term.stdout.ecsdeckScreen ?? 0) + 1;
    term.setRawMode(true);
    if (run.error) return { text: null, error: `could not run the editor ${editor}: ${run.error.message}` };
    if (run.status !== 0) return { text: null, error: `the editor ${editor} ended with status ${run.status ?? run.signal}; nothing was saved` };
    const text = readFileSync(file, 'utf8');
    return { text: text.trim() === '' || text === initial ? null : text };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The OSC 52 sequence that puts `text` on the clipboard of the terminal (and of the machine it runs on). */
export function osc52(text: string): string {
  return `\u001b]52;c;${Buffer.from(text, 'utf8').toString('base64')}\u0007`;
}

/** `edit(initial, suffix)`, `copy(text)` and the terminal itself (for ssh) for components, on Ink's own stdin and stdout. */
export function useTerminalHandoff(): { edit(initial: string, suffix?: string): EditResult; copy(text: string): void; terminal: Terminal } {
  const { stdout } = useStdout();
  const { setRawMode } = useStdin();
  const edit = useCallback(
    (initial: string, suffix?: string) => editInEditor(initial, { suffix, env: process.env, term: { stdout, setRawMode } }),
    [stdout, setRawMode],
  );
  const copy = useCallback((text: string) => void stdout.write(osc52(text)), [stdout]);
  const terminal = useMemo<Terminal>(() => ({ stdout, setRawMode }), [stdout, setRawMode]);
  return { edit, copy, terminal };
}
