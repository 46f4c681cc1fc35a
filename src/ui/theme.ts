// Colours by meaning, so a screen says `color('error')` and never picks a hue: this file is the only place
// in the dashboard that names a colour (test/ui/theme.test.ts greps src/ui for any other). Ink colours through
// chalk, which honours FORCE_COLOR but ignores NO_COLOR; every component asks `color()` / `colorEnabled()`
// instead, so NO_COLOR (and the `mono` theme) gives plain text: no colour, no dim, no inverse rows (the `›`
// marker shows the selection). The one escape left is the inverse text cursor of an input field, which
// NO_COLOR does not cover and without which the cursor would be invisible.
//
// The palettes are xterm-256 colours (`ansi256(n)`), whose values are fixed by the xterm cube and grey ramp,
// unlike the 16 named colours that each terminal theme repaints: so their contrast against the background
// each theme is meant for can be computed, and is, in test/ui/theme.test.ts (WCAG 4.5:1 for every role).

export type Role =
  | 'ok' // Booted, finished actions
  | 'warn' // Booting, Customizing, anything in progress
  | 'error' // Deleting, Deleted, failed actions, error messages
  | 'dim' // secondary text: hints, placeholders, empty states
  | 'accent' // title, key names in hints, the selection marker
  | 'selection'
  | 'info';

export const THEME_NAMES = ['dark', 'light', 'mono'] as const;
export type ThemeName = (typeof THEME_NAMES)[number];

interface Theme {
  name: ThemeName;
  /** the colour of each role, an xterm-256 index; none in `mono` */
  palette: Readonly<Record<Role, number>> | null;
  /** the backgrounds the palette is made for (hex), the first the usual one: what the contrast test checks */
  backgrounds: readonly string[];
}

export const THEMES: Readonly<Record<ThemeName, Theme>> = {
  // for a dark background: black, and the common dark greys (#1e1e1e, One Dark's #282c34)
  dark: {
    name: 'dark',
    palette: { ok: 114, warn: 221, error: 203, dim: 246, accent: 81, selection: 81, info: 75 },
    backgrounds: ['#000000', '#1e1e1e', '#282c34'],
  },
  // for a light background: white, light grey (#eeeeee), Solarized Light's #fdf6e3
  light: {
    name: 'light',
    palette: { ok: 22, warn: 94, error: 124, dim: 241, accent: 24, selection: 24, info: 26 },
    backgrounds: ['#ffffff', '#eeeeee', '#fdf6e3'],
  },
  mono: { name: 'mono', palette: null, backgrounds: ['#000000', '#ffffff'] },
};

let active: Theme = THEMES.dark;

/** The theme the dashboard draws with; chosen once at start (`--theme`, else the profile's `theme`, else dark). */
export function setTheme(name: ThemeName): void {
  active = THEMES[name];
}

export function isThemeName(value: unknown): value is ThemeName {
  return typeof value === 'string' && (THEME_NAMES as readonly string[]).includes(value);
}

/** The theme to draw with: NO_COLOR first (it means mono, whatever else says), then `--theme`, the profile's, dark. */
export function pickTheme(flag: ThemeName | undefined, profile: ThemeName | undefined, env: Env = process.env): ThemeName {
  const noColor = env['NO_COLOR'];
  if (noColor !== undefined && noColor !== '') return 'mono';
  return flag ?? profile ?? 'dark';
}

type Env = Record<string, string | undefined>;

/**
 * The mono theme never colours. NO_COLOR (any non-empty value) always wins, even over FORCE_COLOR: the person who set it asked for none.
 * Otherwise FORCE_COLOR decides when present (`0`/`false` off), else whether stdout is a colour terminal.
 */
export function colorEnabled(env: Env = process.env, stream: { isTTY?: boolean } = process.stdout): boolean {
  if (active.palette === null) return false;
  const noColor = env['NO_COLOR'];
  if (noColor !== undefined && noColor !== '') return false;
  const force = env['FORCE_COLOR'];
  if (force !== undefined) return force !== '0' && force !== 'false';
  if (env['TERM'] === 'dumb') return false;
  return stream.isTTY === true;
}

/** Ink colour name for a role, or undefined when colour is off, so `<Text color={color('ok')}>` just works. */
export function color(role: Role | undefined): string | undefined {
  if (role === undefined || active.palette === null || !colorEnabled()) return undefined;
  return `ansi256(${active.palette[role]})`;
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
