// Colours by meaning, so a screen says `color('error')` and never picks a hue. Ink colours through chalk,
// which honours FORCE_COLOR but ignores NO_COLOR; every component asks `color()` / `colorEnabled()` instead,
// so NO_COLOR gives plain text: no colour, no dim, no inverse rows (the `›` marker shows the selection).
// The one escape left is the inverse text cursor of an input field, which NO_COLOR does not cover and
// without which the cursor would be invisible.

export type Role =
  | 'ok' // Booted, finished actions
  | 'warn' // Booting, Customizing, anything in progress
  | 'error' // Deleting, Deleted, failed actions, error messages
  | 'dim' // secondary text: hints, placeholders, empty states
  | 'accent' // title, key names in hints, the selection marker
  | 'selection'
  | 'info';

const palette: Record<Role, string> = {
  ok: 'green',
  warn: 'yellow',
  error: 'red',
  dim: 'gray',
  accent: 'cyan',
  selection: 'cyan',
  info: 'blue',
};

type Env = Record<string, string | undefined>;

/**
 * NO_COLOR (any non-empty value) always wins, even over FORCE_COLOR: the person who set it asked for none.
 * Otherwise FORCE_COLOR decides when present (`0`/`false` off), else whether stdout is a colour terminal.
 */
export function colorEnabled(env: Env = process.env, stream: { isTTY?: boolean } = process.stdout): boolean {
  const noColor = env['NO_COLOR'];
  if (noColor !== undefined && noColor !== '') return false;
  const force = env['FORCE_COLOR'];
  if (force !== undefined) return force !== '0' && force !== 'false';
  if (env['TERM'] === 'dumb') return false;
  return stream.isTTY === true;
}

/** Ink colour name for a role, or undefined when colour is off, so `<Text color={color('ok')}>` just works. */
export function color(role: Role | undefined): string | undefined {
  if (role === undefined || !colorEnabled()) return undefined;
  return palette[role];
}

/** Whether to draw the selected row inverted; without colour the `›` marker alone shows the selection. */
export function selectionInverse(): boolean {
  return colorEnabled();
}

const okStatuses = new Set(['booted', 'running', 'done', 'completed', 'success', 'active', 'on', 'available']);
const warnStatuses = new Set(['booting', 'customizing', 'pending', 'in-progress', 'in_progress', 'creating', 'restoring', 'starting', 'stopping']);
const errorStatuses = new Set(['deleting', 'deleted', 'failed', 'failure', 'error']);
const dimStatuses = new Set(['off', 'stopped', 'powered off', 'poweroff']);

/** Role for a status word (`Booted` green, `Booting`/`Customizing` yellow, `Deleting`/`Deleted`/failed red). */
export function statusRole(status: string | null | undefined): Role | undefined {
  if (!status) return undefined;
  const s = status.trim().toLowerCase();
  if (okStatuses.has(s)) return 'ok';
  if (warnStatuses.has(s)) return 'warn';
  if (errorStatuses.has(s)) return 'error';
  if (dimStatuses.has(s)) return 'dim';
  return undefined;
}
