// The action panel's rows as text, laid out for one width: the columns sized to what they hold, the resource
// given room for the name a person knows it by, the progress bar taking whatever is left (a wide terminal
// gets a wide bar, not blank columns), and a failure's reason wrapped over as many lines as it needs.
// Plain functions, so the shell can ask how many lines the panel needs before it draws it.

import { displayWidth, padEnd, padStart, safe, truncate, wrapText } from '../text.js';
import { formatEta, progressBar } from './ProgressBar.js';

export interface ActionRow {
  id: string | number;
  /** written in place of the id: `bulk` for a group of actions drawn as one line */
  label?: string;
  type: string;
  /** What it acts on, as a person knows it: a server's notes and name, a snapshot's description and server. */
  resource: string;
  /** 0–100. */
  percent: number;
  state: 'running' | 'done' | 'failed';
  etaSeconds?: number | null;
  /** Failure text, shown as given. */
  error?: string;
}

/** One drawn line: `head` (id, type, resource), the bar or mark, and what follows it. */
export interface PanelLine {
  key: string;
  head: string;
  bar: string;
  tail: string;
  state: ActionRow['state'];
}

/** The narrowest bar drawn; below it the resource column gives up room. */
const MIN_BAR = 8;
/** ` 100%` */
const PERCENT = 5;

/**
 * A snapshot's name too wide for its room keeps its server and gives up the description instead: at 80 columns
 * `"weekly sna…" of web-1`, not `"weekly snapshot" of …`, which no longer says whose snapshot it is. The
 * panel's resource and `:actions`' NAME are cut so.
 */
export function keepServer(text: string, width: number): string {
  if (displayWidth(text) <= width) return safe(text);
  const at = text.lastIndexOf('" of ');
  const tail = at < 0 ? '' : text.slice(at);
  // the description keeps a few characters at least, or the end goes as in any other cell
  if (!tail || displayWidth(tail) + 6 > width) return truncate(text, width);
  return truncate(text.slice(0, at), width - displayWidth(tail)) + safe(tail);
}

/** `power_off` → `power off`: the service's type in words, for sentences (the panel shows the type as the service and the `:actions` list name it). */
export const typeWords = (type: string): string => safe(type).replace(/_/g, ' ');

interface Columns {
  id: number;
  type: number;
  resource: number;
  bar: number;
  tail: number;
}

/** Column widths for these rows in `width` columns (the text after the leading space). */
function panelColumns(rows: readonly ActionRow[], width: number): Columns {
  const widest = (f: (r: ActionRow) => string, min: number) => rows.reduce((w, r) => Math.max(w, displayWidth(f(r))), min);
  const id = widest((r) => r.label ?? String(r.id), 2);
  const type = Math.min(16, widest((r) => r.type, 4));
  const etas = rows.filter((r) => r.state === 'running').map((r) => formatEta(r.etaSeconds));
  const tail = PERCENT + etas.reduce((w, e) => Math.max(w, e === '' ? 0 : 2 + displayWidth(e)), 0);
  const wanted = widest((r) => r.resource, 8);
  // the resource takes what it needs up to about half the width; the bar the rest, at least MIN_BAR
  const room = width - (id + 1) - (type + 1) - 1 - tail;
  const resource = Math.max(8, Math.min(wanted, Math.floor(width / 2), room - MIN_BAR));
  const bar = Math.max(MIN_BAR, room - resource);
  return { id, type, resource, bar, tail };
}

/** The lines of one row: one, or for a failure whose reason is longer than the space, as many as it takes. */
function rowLines(r: ActionRow, c: Columns, width: number): PanelLine[] {
  const head = `${padEnd(r.label ?? String(r.id), c.id)} ${padEnd(r.type, c.type)} ${padEnd(keepServer(r.resource, c.resource), c.resource)} `;
  const key = String(r.id);
  if (r.state === 'done') return [{ key, head, bar: '✓', tail: ' done', state: r.state }];
  if (r.state === 'failed') {
    const indent = displayWidth(head) + 2;
    const text = wrapText(r.error ?? 'failed', Math.max(10, width - indent));
    return text.map((t, i) => ({ key: `${key}:${i}`, head: i === 0 ? head : ' '.repeat(indent - 2), bar: i === 0 ? '✗' : ' ', tail: ` ${t}`, state: r.state }));
  }
  const eta = formatEta(r.etaSeconds);
  const pct = padStart(`${Math.floor(Math.min(100, Math.max(0, r.percent)))}%`, PERCENT - 1);
  return [{ key, head, bar: progressBar(r.percent, c.bar), tail: ` ${pct}${eta ? `  ${eta}` : ''}`, state: r.state }];
}

/** Every row's lines in `width` columns, in the rows' order. */
export function panelLayout(rows: readonly ActionRow[], width: number): PanelLine[][] {
  const c = panelColumns(rows, width);
  return rows.map((r) => rowLines(r, c, width));
}

/** Lines the panel needs to show every row at `width` (the frame's width, sides and leading space taken off). */
export function panelNeed(rows: readonly ActionRow[], frameWidth: number): number {
  return panelLayout(rows, frameWidth - 3).reduce((n, lines) => n + lines.length, 0);
}
