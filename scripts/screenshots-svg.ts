// Draws what a headless xterm shows as an SVG picture: monospace text with each cell's colours, weight and
// attributes, as the program wrote them. The same screen gives the same bytes: no time, no random id, and
// numbers rounded the same way every run. Runs of cells that look alike are one <text> whose length is
// fixed (textLength), so columns line up whatever monospace font the reader's browser picks.
import type { IBufferCell, Terminal } from '@xterm/headless';

export type Backdrop = 'dark' | 'light';

interface Scheme {
  fg: string;
  bg: string;
  /** the 16 colours a terminal scheme repaints (the program itself uses xterm-256 colours from 16 up) */
  ansi: readonly string[];
}

const SCHEMES: Record<Backdrop, Scheme> = {
  // the backgrounds are the first of each theme's in src/ui/theme.ts that the contrast test checks (#1e1e1e
  // for dark, #ffffff for light): the picture shows the colours on a background they were chosen for
  dark: {
    fg: '#d4d4d4',
    bg: '#1e1e1e',
    ansi: ['#000000', '#cd3131', '#0dbc79', '#e5e510', '#2472c8', '#bc3fbc', '#11a8cd', '#e5e5e5', '#666666', '#f14c4c', '#23d18b', '#f5f543', '#3b8eea', '#d670d6', '#29b8db', '#ffffff'],
  },
  light: {
    fg: '#1f1f1f',
    bg: '#ffffff',
    ansi: ['#000000', '#cd3131', '#00bc00', '#949800', '#0451a5', '#bc05bc', '#0598bc', '#555555', '#666666', '#cd3131', '#14ce14', '#b5ba00', '#0451a5', '#bc05bc', '#0598bc', '#a5a5a5'],
  },
};

const CELL_W = 8.4;
const CELL_H = 18;
const FONT_SIZE = 14;
const PAD = 12;

const hex2 = (n: number) => n.toString(16).padStart(2, '0');
const rgbHex = (n: number) => `#${hex2((n >> 16) & 255)}${hex2((n >> 8) & 255)}${hex2(n & 255)}`;

/** The xterm-256 colour n (0-15 from the scheme, then the 6×6×6 cube and the grey ramp). */
function paletteHex(n: number, scheme: Scheme): string {
  if (n < 16) return scheme.ansi[n];
  if (n >= 232) return rgbHex((8 + 10 * (n - 232)) * 0x010101);
  const level = [0, 95, 135, 175, 215, 255];
  const i = n - 16;
  return `#${hex2(level[Math.floor(i / 36)])}${hex2(level[Math.floor(i / 6) % 6])}${hex2(level[i % 6])}`;
}

interface Look {
  fg: string;
  bg: string;
  bold: boolean;
  dim: boolean;
  italic: boolean;
  underline: boolean;
}

function lookOf(cell: IBufferCell, scheme: Scheme): Look {
  const colour = (palette: boolean, rgb: boolean, value: number, fallback: string) => (palette ? paletteHex(value, scheme) : rgb ? rgbHex(value) : fallback);
  let fg = colour(cell.isFgPalette(), cell.isFgRGB(), cell.getFgColor(), scheme.fg);
  let bg = colour(cell.isBgPalette(), cell.isBgRGB(), cell.getBgColor(), scheme.bg);
  if (cell.isInverse()) [fg, bg] = [bg, fg];
  return { fg, bg, bold: cell.isBold() !== 0, dim: cell.isDim() !== 0, italic: cell.isItalic() !== 0, underline: cell.isUnderline() !== 0 };
}

const sameLook = (a: Look, b: Look) => a.fg === b.fg && a.bg === b.bg && a.bold === b.bold && a.dim === b.dim && a.italic === b.italic && a.underline === b.underline;

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const num = (n: number) => String(Math.round(n * 100) / 100);

interface Run {
  col: number;
  cells: number;
  text: string;
  look: Look;
}

/** The visible rows of `term` as runs of cells that look alike. */
function runsOf(term: Terminal, scheme: Scheme): Run[][] {
  const buf = term.buffer.active;
  const rows: Run[][] = [];
  const cell = buf.getNullCell();
  for (let y = 0; y < term.rows; y++) {
    const line = buf.getLine(buf.viewportY + y);
    const runs: Run[] = [];
    for (let x = 0; line && x < term.cols; x++) {
      line.getCell(x, cell);
      const width = cell.getWidth();
      if (width === 0) continue; // the second half of a wide character
      const look = lookOf(cell, scheme);
      const text = cell.getChars() || ' ';
      const last = runs[runs.length - 1];
      if (last && sameLook(last.look, look)) {
        last.cells += width;
        last.text += text;
      } else runs.push({ col: x, cells: width, text, look });
    }
    rows.push(runs);
  }
  return rows;
}

/**
 * A run cut where it holds two blanks or more, each piece placed at its own cell: columns then line up even
 * where a viewer collapses spaces inside text (not every one honours xml:space or white-space).
 */
function splitAtGaps(r: Run): Run[] {
  if (r.text.length !== r.cells) return [r]; // wide characters: cells and characters differ, kept whole
  const pieces: Run[] = [];
  const re = /\S+(?: \S+)*/g;
  for (let m = re.exec(r.text); m; m = re.exec(r.text)) pieces.push({ col: r.col + m.index, cells: m[0].length, text: m[0], look: r.look });
  return pieces.length > 0 ? pieces : [r];
}

/** How many eighths of the cell a lower block character fills (`▁` 1 … `█` 8), 0 for any other. */
function blockEighths(ch: string | undefined): number {
  const code = ch === undefined ? 0 : ch.charCodeAt(0);
  return code >= 0x2581 && code <= 0x2588 ? code - 0x2580 : 0;
}

/** A run cut into its repeats of one lower block character and the text between them. */
function splitBlocks(r: Run): Run[] {
  if (r.text.length !== r.cells) return [r];
  const pieces: Run[] = [];
  let i = 0;
  while (i < r.text.length) {
    const block = blockEighths(r.text[i]) > 0;
    let j = i + 1;
    while (j < r.text.length && (block ? r.text[j] === r.text[i] : blockEighths(r.text[j]) === 0)) j++;
    pieces.push({ col: r.col + i, cells: j - i, text: r.text.slice(i, j), look: r.look });
    i = j;
  }
  return pieces;
}

export interface SvgOptions {
  backdrop: Backdrop;
  /** what the picture shows, for readers that cannot see it (the SVG's <title>) */
  title: string;
}

/** The SVG of what `term` shows now (flush the terminal's writes first). */
export function svgFromTerminal(term: Terminal, opts: SvgOptions): string {
  const scheme = SCHEMES[opts.backdrop];
  const width = term.cols * CELL_W + 2 * PAD;
  const height = term.rows * CELL_H + 2 * PAD;
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" xml:space="preserve" width="${num(width)}" height="${num(height)}" viewBox="0 0 ${num(width)} ${num(height)}" role="img">`,
    `<title>${escapeXml(opts.title)}</title>`,
    `<style>text{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,"DejaVu Sans Mono","Liberation Mono",monospace;font-size:${FONT_SIZE}px;white-space:pre}.b{font-weight:bold}.d{opacity:.6}.i{font-style:italic}.u{text-decoration:underline}rect{shape-rendering:crispEdges}</style>`,
    `<rect width="100%" height="100%" rx="6" fill="${scheme.bg}"/>`,
  ];
  const rows = runsOf(term, scheme);
  // backgrounds first, so no text is hidden under the next cell's
  rows.forEach((runs, y) => {
    for (const r of runs) {
      if (r.look.bg === scheme.bg) continue;
      out.push(`<rect x="${num(PAD + r.col * CELL_W)}" y="${num(PAD + y * CELL_H)}" width="${num(r.cells * CELL_W)}" height="${CELL_H}" fill="${r.look.bg}"/>`);
    }
  });
  // the default text colour once, for every <text> that has none of its own (an attribute, not a style
  // rule: a style rule would win over each text's own fill attribute)
  out.push(`<g fill="${scheme.fg}">`);
  rows.forEach((runs, y) => {
    const baseline = PAD + y * CELL_H + CELL_H * 0.75;
    for (const r of runs.flatMap(splitAtGaps).flatMap(splitBlocks)) {
      const eighths = blockEighths(r.text[0]);
      if (eighths > 0) {
        // a lower block (charts, bars) is a rectangle: a font's glyph rarely fills the whole line height
        const h = (CELL_H * eighths) / 8;
        out.push(`<rect x="${num(PAD + r.col * CELL_W)}" y="${num(PAD + (y + 1) * CELL_H - h)}" width="${num(r.cells * CELL_W)}" height="${num(h)}" fill="${r.look.fg}"/>`);
        continue;
      }
      const lead = r.text.length - r.text.trimStart().length;
      const text = r.text.trim();
      if (text === '' && !r.look.underline) continue;
      // leading and trailing blanks are left out: a blank is drawn by the background alone
      const chars = [...r.text];
      const cells = r.cells - lead - (chars.length - [...r.text.trimEnd()].length);
      const classes = [r.look.bold && 'b', r.look.dim && 'd', r.look.italic && 'i', r.look.underline && 'u'].filter(Boolean).join(' ');
      const fill = r.look.fg === scheme.fg ? '' : ` fill="${r.look.fg}"`;
      out.push(
        `<text x="${num(PAD + (r.col + lead) * CELL_W)}" y="${num(baseline)}" textLength="${num(cells * CELL_W)}" lengthAdjust="spacingAndGlyphs"${classes ? ` class="${classes}"` : ''}${fill}>${escapeXml(text)}</text>`,
      );
    }
  });
  out.push('</g>', '</svg>');
  return `${out.join('\n')}\n`;
}
