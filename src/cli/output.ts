// What a verb hands back, written to stdout as a table (aligned, through the dashboard's sanitizer and
// width measure), JSON (the client's model, one document) or CSV. Nothing else goes to stdout.
import { displayWidth, padEnd, padStart, safe, safeLines } from '../ui/text.js';
import type { Column, Format, Output } from './types.js';

const cell = (c: Column, row: unknown): string => (c.get as (r: unknown) => string)(row);
/** a cell as a person reads it (`-o table`): with its unit where the column has one */
const shown = (c: Column, row: unknown): string => ((c.show ?? c.get) as (r: unknown) => string)(row);

const tableWidth = (widths: readonly number[]): number => widths.reduce((a, b) => a + b, 0) + 2 * (widths.length - 1);

/** The column of `at` that goes first by `rank` (`drop` or `spare`): its highest, or -1 when none has one. */
function firstToGo(at: readonly number[], columns: Column[], rank: 'drop' | 'spare'): number {
  let out = -1;
  for (const i of at) if (columns[i][rank] !== undefined && (out < 0 || columns[i][rank] >= columns[out][rank]!)) out = i;
  return out;
}

/** The width below which a column that may be cut is cut too far to read, while a `spare` one could make room. */
const READABLE = 20;

/**
 * The columns kept at `width`: those with a `drop` are left out, highest first, while the rest would not fit
 * whole; then those with a `spare`, while the table would not fit at all or would cut another column to fewer
 * than READABLE columns (or less than its own width, when it is narrower).
 */
function kept(widths: number[], columns: Column[], width: number | undefined): number[] {
  const at = columns.map((_, i) => i);
  if (width === undefined) return at;
  const tooWide = () => tableWidth(at.map((i) => widths[i])) > width;
  const cutTooFar = () => {
    const fitted = fit(
      at.map((i) => widths[i]),
      at.map((i) => columns[i]),
      width,
    );
    return tableWidth(fitted) > width || at.some((i, k) => columns[i].spare === undefined && fitted[k] < Math.min(widths[i], READABLE));
  };
  for (const [rank, over] of [
    ['drop', tooWide],
    ['spare', cutTooFar],
  ] as const) {
    while (over()) {
      const go = firstToGo(at, columns, rank);
      if (go < 0) break;
      at.splice(at.indexOf(go), 1);
    }
  }
  return at;
}

/**
 * Columns cut (widest first) until the table fits `width`; none is made narrower than its title or 6, and a
 * `whole` one (an id) is not cut at all.
 */
function fit(widths: number[], columns: Column[], width: number | undefined): number[] {
  if (width === undefined) return widths;
  const titles = columns.map((c) => c.title);
  const out = [...widths];
  while (tableWidth(out) > width) {
    let widest = -1;
    for (let i = 0; i < out.length; i++) if (columns[i].whole !== true && out[i] > Math.max(6, titles[i].length) && (widest < 0 || out[i] > out[widest])) widest = i;
    if (widest < 0) break;
    out[widest] = out[widest] - 1;
  }
  return out;
}

export function table(rows: readonly unknown[], all: Column[], width?: number): string {
  const allCells = rows.map((r) => all.map((c) => safe(shown(c, r))));
  const allNatural = all.map((c, i) => Math.max(c.title.length, ...allCells.map((r) => displayWidth(r[i]))));
  const at = kept(allNatural, all, width);
  const columns = at.map((i) => all[i]);
  const titles = columns.map((c) => c.title);
  const cells = allCells.map((r) => at.map((i) => r[i]));
  const natural = at.map((i) => allNatural[i]);
  const widths = fit(natural, columns, width);
  const line = (values: string[]) =>
    values
      .map((v, i) => (columns[i].right ? padStart(v, widths[i]) : i === values.length - 1 && displayWidth(v) <= widths[i] ? v : padEnd(v, widths[i])))
      .join('  ')
      .trimEnd();
  return [line(titles), ...cells.map(line)].join('\n') + '\n';
}

/** One record: a field per line, its name then its value; a multi-line value (a script) goes below. */
function recordView(value: unknown, columns: Column[]): string {
  const w = Math.max(...columns.map((c) => c.title.length));
  const out: string[] = [];
  for (const c of columns) {
    const v = shown(c, value);
    if (v.includes('\n')) out.push(`${c.title}:`, ...safeLines(v).map((l) => `  ${l}`));
    else out.push(`${`${c.title}:`.padEnd(w + 1)}  ${safe(v)}`.trimEnd());
  }
  return out.join('\n') + '\n';
}

const csvField = (v: string): string => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
const csvLine = (values: string[]) => values.map(csvField).join(',');

function csv(rows: readonly unknown[], columns: Column[]): string {
  return [csvLine(columns.map((c) => c.title.toLowerCase().replace(/ /g, '_'))), ...rows.map((r) => csvLine(columns.map((c) => cell(c, r))))].join('\r\n') + '\r\n';
}

/**
 * What goes to a terminal: each line through the sanitizer, so that an escape sequence in a server's notes (or in
 * anything else the service sends) is drawn, `␛`, and never obeyed by the terminal; CSV's `\r\n` is kept. A
 * pipe or a file gets the bytes as they are: a script reads the service's data.
 */
export function forTerminal(text: string): string {
  return text
    .split('\n')
    .map((l) => (l.endsWith('\r') ? `${safe(l.slice(0, -1))}\r` : safe(l)))
    .join('\n');
}

/** The text for stdout, or '' when there is none. */
export function render(output: Output, format: Format, width?: number): string {
  switch (output.kind) {
    case 'text':
      return output.text;
    case 'none':
      return format === 'json' ? 'null\n' : '';
    case 'rows':
      if (format === 'json') return `${JSON.stringify(output.json ?? output.rows, null, 2)}\n`;
      if (format === 'csv') return csv(output.rows, output.columns);
      return table(output.rows, output.columns, width);
    case 'record':
      if (format === 'json') return `${JSON.stringify(output.json ?? output.value, null, 2)}\n`;
      if (format === 'csv') return csv([output.value], output.columns);
      return recordView(output.value, output.columns);
  }
}
