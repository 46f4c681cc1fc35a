// The history file: `$XDG_STATE_HOME/ecsdeck/history.jsonl` (default `~/.local/state/ecsdeck/...`), one JSON
// object a line, 0600 in a 0700 directory. Lines are appended with synchronous writes, so a write's `sent`
// line is on disk before its request goes out. Past MAX_BYTES the file becomes `history.jsonl.1` (the one
// before it is dropped) and a new one starts: at most about twice MAX_BYTES on disk, some 10,000 writes.
import { appendFileSync, chmodSync, lstatSync, mkdirSync, readFileSync, renameSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { mergeLines, parseLine, type HistoryEntry, type HistoryLine } from './record.js';

type Env = Record<string, string | undefined>;

const FILE_MODE = 0o600;
const DIR_MODE = 0o700;
/** a file past this size is rotated before the next line */
const MAX_BYTES = 1024 * 1024;

export function historyPath(env: Env = process.env): string {
  const state = env.XDG_STATE_HOME?.trim() || join(homedir(), '.local', 'state');
  return join(state, 'ecsdeck', 'history.jsonl');
}

export const rotatedPath = (path: string): string => `${path}.1`;

/** Appends lines to one history file; made (private) on the first line. */
export class HistoryFile {
  private size: number | null = null;

  constructor(
    readonly path: string,
    private readonly maxBytes = MAX_BYTES,
  ) {}

  append(line: HistoryLine): void {
    const text = `${JSON.stringify(line)}\n`;
    if (this.size === null) this.open();
    if (this.size! > 0 && this.size! + Buffer.byteLength(text) > this.maxBytes) this.rotate(Buffer.byteLength(text));
    appendFileSync(this.path, text, { mode: FILE_MODE });
    this.size! += Buffer.byteLength(text);
  }

  /** Makes the directory private and learns the size (another process may have written since: it is asked again). */
  private open(): void {
    const dir = dirname(this.path);
    mkdirSync(dir, { recursive: true, mode: DIR_MODE });
    tighten(dir, DIR_MODE);
    try {
      this.size = statSync(this.path).size;
      tighten(this.path, FILE_MODE);
    } catch {
      this.size = 0;
    }
  }

  private rotate(incoming: number): void {
    // another process may have rotated it already: only a file still too full for the line is moved
    try {
      if (statSync(this.path).size + incoming > this.maxBytes) renameSync(this.path, rotatedPath(this.path));
    } catch {
      // gone already: a new one is started below
    }
    try {
      this.size = statSync(this.path).size;
    } catch {
      this.size = 0;
    }
  }
}

/** Group and other permissions off a file or directory of this user's (a link is left alone). */
function tighten(path: string, mode: number): void {
  try {
    const st = lstatSync(path);
    if (st.isSymbolicLink() || (typeof process.getuid === 'function' && st.uid !== process.getuid())) return;
    if ((st.mode & 0o777 & ~mode) !== 0) chmodSync(path, st.mode & mode);
  } catch {
    // a file system without modes
  }
}

interface ReadHistory {
  /** newest first */
  entries: HistoryEntry[];
  /** lines that could not be read (a line cut by a crash, an edit by hand): skipped */
  skipped: number;
}

/** Every write in the file and the one rotated before it, newest first. A missing file is an empty history. */
export function readHistory(path: string): ReadHistory {
  const lines: HistoryLine[] = [];
  let skipped = 0;
  for (const file of [rotatedPath(path), path]) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const raw of text.split('\n')) {
      if (raw.trim() === '') continue;
      const line = parseLine(raw);
      if (line === null) skipped += 1;
      else lines.push(line);
    }
  }
  return { entries: mergeLines(lines).reverse(), skipped };
}
