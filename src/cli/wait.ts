// `--wait` and `actions wait`: the action is read until it has ended, its progress told on stderr (a bar
// redrawn in place on a terminal, a line per change otherwise). A failed action is an error (exit 5), never
// a success; so is running out of time (exit 3).
import type { Action, Client } from '../api/index.js';
import { safe, truncate } from '../ui/text.js';

export class ActionFailedError extends Error {
  constructor(readonly action: Action) {
    super(`action ${action.id} (${safe(action.type)} ${safe(action.resource)}) failed`);
    this.name = 'ActionFailedError';
  }
}

export class WaitTimeoutError extends Error {
  constructor(action: Action, ms: number) {
    super(`gave up waiting after ${Math.round(ms / 1000)} s: action ${action.id} (${safe(action.type)} ${safe(action.resource)}) is still ${safe(action.status)} at ${action.progress}%`);
    this.name = 'WaitTimeoutError';
  }
}

interface WaitOptions {
  timeoutMs: number;
  /** between two reads of the action */
  pollMs?: number;
  err?: NodeJS.WriteStream;
}

const BAR = 24;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function waitForAction(client: Client, id: number, opts: WaitOptions): Promise<Action> {
  const err = opts.err ?? process.stderr;
  const tty = err.isTTY === true;
  const deadline = Date.now() + opts.timeoutMs;
  let last = '';
  const tell = (a: Action) => {
    const what = `action ${a.id} ${safe(a.type)} ${safe(a.resource)}`;
    if (tty) {
      const filled = Math.round((Math.max(0, Math.min(100, a.progress)) / 100) * BAR);
      const bar = ` [${'#'.repeat(filled)}${'-'.repeat(BAR - filled)}] ${String(a.progress).padStart(3)}% ${safe(a.status)}`;
      // one row, or the next redraw would start on the wrong one
      const room = (err.columns || 80) - 1 - bar.length;
      err.write(`\r\x1b[K${room > 8 ? truncate(what, room) : ''}${bar}`);
      return;
    }
    const line = `${what}: ${safe(a.status)} ${a.progress}%`;
    if (line !== last) err.write(`${line}\n`);
    last = line;
  };
  try {
    for (;;) {
      const action = await client.actions.get(id);
      tell(action);
      if (action.status === 'completed') return action;
      if (action.status === 'failed') throw new ActionFailedError(action);
      if (Date.now() >= deadline) throw new WaitTimeoutError(action, opts.timeoutMs);
      await sleep(Math.min(opts.pollMs ?? 1000, Math.max(0, deadline - Date.now())));
    }
  } finally {
    if (tty) err.write('\n');
  }
}
