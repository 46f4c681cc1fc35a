// One writer per `--state FILE`. Two emulators on one file would both answer, hand out the same new names
// and overwrite each other's journal lines, so the second refuses to start and names the first. The lock is
// FILE.lock holding the holder's pid, made whole before it appears (written beside it, then hard-linked
// into place, which fails if the lock exists): no native module, no half-written lock to misread. A lock whose
// pid is gone (the holder was killed) is taken over.
import { closeSync, linkSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { StateFileError } from './state-load.js';

/** Lock files this process holds: a pid of ours in a lock not listed here is a reused pid, so stale. */
const held = new Set<string>();

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists, under another user
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function holder(lockPath: string): number | null {
  try {
    const pid = Number(readFileSync(lockPath, 'utf8').trim());
    return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

const errorText = (err: unknown) => (err as NodeJS.ErrnoException).code ?? (err as Error).message;

/** Takes the lock of `stateFile`, or throws StateFileError naming the process that holds it. */
export function lockState(stateFile: string): string {
  const lockPath = `${stateFile}.lock`;
  const fresh = `${lockPath}.${process.pid}.new`;
  const fd = openSync(fresh, 'w', 0o600);
  try {
    writeSync(fd, `${process.pid}\n`);
  } finally {
    closeSync(fd);
  }
  try {
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        linkSync(fresh, lockPath);
        held.add(lockPath);
        return lockPath;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') {
          throw new StateFileError(`cannot lock state file ${stateFile} (${lockPath}): ${errorText(err)}`);
        }
      }
      const pid = holder(lockPath);
      const ours = pid === process.pid && !held.has(lockPath);
      if (pid !== null && !ours && alive(pid)) {
        const who = pid === process.pid ? 'this process' : `process ${pid}`;
        throw new StateFileError(
          `state file ${stateFile} is in use by another emulator (${who}, which holds ${lockPath}). ` +
            'Stop that one, or give this one another --state file.',
        );
      }
      // its holder is gone (killed before it could remove the lock): take it over
      try {
        unlinkSync(lockPath);
      } catch {
        // removed by whoever else is taking it over: the next link tells who won
      }
    }
    throw new StateFileError(`cannot lock state file ${stateFile}: ${lockPath} keeps coming back`);
  } finally {
    try {
      unlinkSync(fresh);
    } catch {
      // already gone
    }
  }
}

/** Lets go of a lock this process holds (only if it still names this process). */
export function unlockState(lockPath: string): void {
  if (!held.delete(lockPath)) return;
  if (holder(lockPath) !== process.pid) return;
  try {
    unlinkSync(lockPath);
  } catch {
    // gone already
  }
}
