// `x`: a shell on a server. The terminal is handed to ssh exactly as it is to the editor (terminal-handoff):
// raw mode off, the alternate screen left, the program run to its end with a synchronous spawn (nothing of the
// dashboard runs meanwhile: no timer, no refresh, no key read), and all of it taken back afterwards, also
// when ssh fails or is killed. Inside tmux, a profile setting opens a new tmux window instead and the
// dashboard stays live. What can be told before running anything is refused at once with why.

import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import type { SshSettings } from '../config/settings.js';
import { childEnv, type Terminal } from './terminal-handoff.js';
import { safe } from './text.js';
import { HAND_OVER, TAKE_BACK } from './terminal-modes.js';

/** What `x` needs of a server. */
export interface SshTarget {
  name: string;
  /** how the list names it: `web-1 (ec206901)` */
  label: string;
  /** the status word the list shows: only `Booted` can be reached */
  status: string;
  ipv4: string | null;
  ipv6: string | null;
  image: string;
  imageLabel: string;
}

export type SshPlan =
  /** nothing is run: the reason, for the status line */
  | { kind: 'refuse'; message: string }
  /** a Windows server: its address for Remote Desktop, to copy */
  | { kind: 'rdp'; address: string; message: string }
  /** the program and its arguments; `tmux` true when they go to `tmux new-window` */
  | { kind: 'run'; program: string; args: string[]; destination: string; tmux: boolean };

const isWindows = (s: Pick<SshTarget, 'image' | 'imageLabel'>): boolean => /windows/i.test(`${s.image} ${s.imageLabel}`);

/** The address ssh is given: IPv4, unless the server has only IPv6 or the profile prefers it. */
function addressOf(s: SshTarget, settings: SshSettings): string | null {
  if (settings.preferIpv6 && s.ipv6) return s.ipv6;
  return s.ipv4 ?? s.ipv6 ?? null;
}

/** What `x` does for this server under these settings, decided before anything is run. */
export function sshPlan(s: SshTarget, settings: SshSettings, env: Record<string, string | undefined>): SshPlan {
  if (s.status !== 'Booted') return { kind: 'refuse', message: `${s.label} is ${s.status === 'Off' ? 'powered off' : `not Booted (${s.status})`}: no shell until it runs` };
  const address = addressOf(s, settings);
  if (address === null) return { kind: 'refuse', message: `${s.label} has no IP address yet: no shell until it has one` };
  if (isWindows(s)) return { kind: 'rdp', address, message: `${s.label} runs Windows: no ssh; its Remote Desktop address ${address} is copied to the clipboard` };
  const destination = `${settings.user}@${address}`;
  const tmux = settings.tmuxWindow && (env.TMUX ?? '') !== '';
  return { kind: 'run', program: settings.program, args: [...settings.args, destination], destination, tmux };
}

/** How the run went, for the status line. */
interface SshOutcome {
  kind: 'info' | 'error';
  message: string;
}

/** The last line ssh wrote on its error stream, cleaned for the status line. */
function lastLine(stderr: Buffer | string | null | undefined): string {
  const lines = String(stderr ?? '')
    .split(/\r?\n/)
    .map((l) => safe(l).trim())
    .filter((l) => l !== '');
  return lines.at(-1) ?? '';
}

function outcome(what: string, run: SpawnSyncReturns<Buffer>, done: string): SshOutcome {
  if (run.error) return { kind: 'error', message: `could not run ${what}: ${safe(run.error.message)}` };
  if (run.signal) return { kind: 'error', message: `${what} was ended by ${run.signal}` };
  if (run.status !== 0) {
    const line = lastLine(run.stderr);
    return { kind: 'error', message: `${what} ended with status ${run.status ?? '?'}${line ? `: ${line}` : ''}` };
  }
  return { kind: 'info', message: done };
}

/**
 * Runs the plan: in a new tmux window (the dashboard keeps the terminal), or with the terminal handed over
 * and taken back. ssh's error stream is kept to say why it failed, and written to the main screen before the
 * dashboard returns, where the terminal's scrollback keeps it. The child gets childEnv(): no credential of
 * the dashboard reaches it.
 */
export function runSsh(plan: Extract<SshPlan, { kind: 'run' }>, term: Terminal, envIn: Record<string, string | undefined> = process.env): SshOutcome {
  const env = childEnv(envIn);
  const what = `${plan.program} ${plan.destination}`;
  if (plan.tmux) {
    const run = spawnSync('tmux', ['new-window', '-n', safe(plan.destination), '--', plan.program, ...plan.args], { stdio: ['ignore', 'ignore', 'pipe'], env });
    return outcome('tmux new-window', run, `Opened ${what} in a new tmux window.`);
  }
  let run: SpawnSyncReturns<Buffer> | undefined;
  term.setRawMode(false);
  term.stdout.write(HAND_OVER);
  try {
    run = spawnSync(plan.program, plan.args, { stdio: ['inherit', 'inherit', 'pipe'], env });
    if (run.stderr && run.stderr.length > 0) term.stdout.write(run.stderr);
  } finally {
    term.stdout.write(TAKE_BACK);
    term.stdout.ecsdeckScreen = (term.stdout.ecsdeckScreen ?? 0) + 1;
    term.setRawMode(true);
    term.stdout.emit('resize');
  }
  return outcome(what, run, `Back from ${what}.`);
}
