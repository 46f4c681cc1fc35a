// Directories of our own on disk, kept private: the config directory (profiles hold API tokens and JWTs) and
// the scratch directory where the editor's temporary files are written (a script being edited may hold a
// password). Both are 0700; a config directory an older version (or conf, or a `mkdir`) left 0755 is
// tightened at start, and scratch files a killed dashboard left behind are removed at the next start.
import { chmodSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

type Env = Record<string, string | undefined>;

const DIR_MODE = 0o700;

/** The config directory as start-up knows it: ECSDECK_CONFIG_DIR, else the platform's (Linux; elsewhere null). */
function configDir(env: Env = process.env, platform = process.platform): string | null {
  const own = env.ECSDECK_CONFIG_DIR?.trim();
  if (own) return own;
  if (platform !== 'linux') return null;
  return join(env.XDG_CONFIG_HOME?.trim() || join(homedir(), '.config'), 'ecsdeck');
}

/** True for a real directory (not a link to one) owned by this user. */
function ownDirectory(dir: string): boolean {
  try {
    const st = lstatSync(dir);
    if (!st.isDirectory()) return false;
    return typeof process.getuid !== 'function' || st.uid === process.getuid();
  } catch {
    return false;
  }
}

/**
 * Takes group and other permissions off an existing directory of ours. The platform's `.../ecsdeck` always;
 * a directory named by ECSDECK_CONFIG_DIR when it holds the profile file (so it is a config directory, not a
 * folder the person shares for other things), and never the home directory itself. A link, a directory of
 * another user or a file system without modes is left as it is. Returns true when the mode was changed.
 */
export function tightenConfigDir(env: Env = process.env): boolean {
  const dir = configDir(env);
  if (dir === null || !ownDirectory(dir)) return false;
  const named = Boolean(env.ECSDECK_CONFIG_DIR?.trim());
  if (named && (!existsSync(join(dir, 'config.json')) || resolve(dir) === resolve(homedir()))) return false;
  try {
    const mode = lstatSync(dir).mode & 0o777;
    if ((mode & 0o077) === 0) return false;
    chmodSync(dir, mode & DIR_MODE);
    return true;
  } catch {
    return false;
  }
}

/**
 * The folder the editor's files are made in: `scratch` in the cache directory (ECSDECK_CACHE_DIR, else
 * `$XDG_CACHE_HOME/ecsdeck`, else `~/.cache/ecsdeck`), 0700 and ours. Null when it cannot be made private.
 */
export function scratchRoot(env: Env = process.env): string | null {
  const base = env.ECSDECK_CACHE_DIR?.trim() || join(env.XDG_CACHE_HOME?.trim() || join(homedir(), '.cache'), 'ecsdeck');
  const dir = join(base, 'scratch');
  try {
    mkdirSync(dir, { recursive: true, mode: DIR_MODE });
    if (!ownDirectory(dir)) return null;
    if ((lstatSync(dir).mode & 0o077) !== 0) chmodSync(dir, DIR_MODE);
    return dir;
  } catch {
    return null;
  }
}

/**
 * A new private folder for one edit, named after this process (`<pid>-XXXXXX`) so that a later start can
 * tell a killed dashboard's leftovers from a running one's. Outside the scratch root (the system's temporary
 * directory, still 0700) only when that root cannot be made.
 */
export function makeScratchDir(env: Env = process.env): string {
  const root = scratchRoot(env);
  return mkdtempSync(join(root ?? tmpdir(), root === null ? 'ecsdeck-' : `${process.pid}-`));
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the number is taken by a process of another user; ours may be gone, but the folder is kept (a
    // later start, once the number is free, removes it). Anything else (no such process): gone.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes what a dashboard that did not end normally (SIGKILL, a crash, a power cut) left in the scratch
 * root: every folder whose process is gone. Folders of dashboards still running are left alone. Returns
 * the folders removed.
 */
export function cleanStaleScratch(env: Env = process.env): string[] {
  const root = scratchRoot(env);
  if (root === null) return [];
  const removed: string[] = [];
  let names: string[];
  try {
    names = readdirSync(root);
  } catch {
    return [];
  }
  for (const name of names) {
    const m = /^(\d+)-/.exec(name);
    const pid = m ? Number(m[1]) : NaN;
    if (pid === process.pid || (Number.isSafeInteger(pid) && pid > 0 && alive(pid))) continue;
    try {
      rmSync(join(root, name), { recursive: true, force: true });
      removed.push(name);
    } catch {
      // not ours to remove after all: left for the person
    }
  }
  return removed;
}
