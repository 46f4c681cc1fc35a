// Text helpers for fixed-width terminal cells. Widths are display columns, not UTF-16 units: a CJK name or an
// emoji takes two columns, a combining accent none, and a table whose cells were cut by `.length` would shear.
//
// string-width would do this, but it is only a transitive dependency of Ink here; importing it directly would
// break the day the lockfile stops hoisting it. The cases a cloud dashboard meets (ASCII, accents, CJK, emoji)
// are covered below; ambiguous-width characters (box drawing, `…`, `•`) count as narrow, as string-width does.

const ASCII_PRINTABLE = /^[\x20-\x7e]*$/;
const ZERO_WIDTH = /^(?:\p{Mn}|\p{Me}|\p{Cf}|\p{Cc})$/u;
const EMOJI_PRESENTATION = /\p{Emoji_Presentation}|\p{Extended_Pictographic}\uFE0F/u;

// East Asian Wide and Fullwidth blocks (UAX #11), coarse but covering every script a name is likely to use.
const WIDE_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x1100, 0x115f],
  [0x231a, 0x231b],
  [0x2329, 0x232a],
  [0x2e80, 0x303e],
  [0x3041, 0x33ff],
  [0x3400, 0x4dbf],
  [0x4e00, 0x9fff],
  [0xa000, 0xa4cf],
  [0xa960, 0xa97f],
  [0xac00, 0xd7a3],
  [0xf900, 0xfaff],
  [0xfe10, 0xfe19],
  [0xfe30, 0xfe6f],
  [0xff00, 0xff60],
  [0xffe0, 0xffe6],
  [0x1f300, 0x1f64f],
  [0x1f900, 0x1f9ff],
  [0x20000, 0x2fffd],
  [0x30000, 0x3fffd],
];

function isWideCodePoint(cp: number): boolean {
  if (cp < 0x1100) return false;
  for (const [lo, hi] of WIDE_RANGES) {
    if (cp < lo) return false;
    if (cp <= hi) return true;
  }
  return false;
}

/**
 * Characters that never join a neighbour into one grapheme (Latin, general punctuation, arrows, technical
 * symbols, box drawing, blocks, shapes, dingbats): a string of them is split without a segmenter, whose
 * creation alone costs about 20 ms, and whose use costs far more than a loop.
 */
export const ONE_UNIT_GRAPHEMES = /^[\x20-\x7e\u00a0-\u02ff\u2010-\u2027\u2030-\u205e\u2190-\u23ff\u2500-\u27bf]*$/;

let segmenter: Intl.Segmenter | undefined;
function graphemes(text: string): Iterable<string> {
  if (ONE_UNIT_GRAPHEMES.test(text) || typeof Intl.Segmenter !== 'function') return Array.from(text);
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  const segments = segmenter.segment(text);
  return {
    *[Symbol.iterator]() {
      for (const s of segments) yield s.segment;
    },
  };
}

function graphemeWidth(cluster: string): number {
  if (cluster.length === 1) {
    const cp = cluster.charCodeAt(0);
    if (cp >= 0x20 && cp < 0x7f) return 1;
  }
  if (EMOJI_PRESENTATION.test(cluster)) return 2;
  const cp = cluster.codePointAt(0) ?? 0;
  const first = String.fromCodePoint(cp);
  if (ZERO_WIDTH.test(first)) return 0;
  return isWideCodePoint(cp) ? 2 : 1;
}

/** Display width of `text` in terminal columns. */
export function displayWidth(text: string): number {
  if (ASCII_PRINTABLE.test(text)) return text.length;
  let width = 0;
  for (const g of graphemes(text)) width += graphemeWidth(g);
  return width;
}

/** Cuts `text` to at most `width` columns, ending in `…` when something was cut. */
export function truncate(text: string, width: number): string {
  if (width <= 0) return '';
  if (ASCII_PRINTABLE.test(text)) {
    return text.length <= width ? text : width === 1 ? '…' : text.slice(0, width - 1) + '…';
  }
  if (displayWidth(text) <= width) return text;
  const room = width - 1;
  let out = '';
  let used = 0;
  for (const g of graphemes(text)) {
    const w = graphemeWidth(g);
    if (used + w > room) break;
    out += g;
    used += w;
  }
  return out + '…';
}

/** Pads on the right to exactly `width` columns (truncating with `…` when longer). */
export function padEnd(text: string, width: number): string {
  const cut = truncate(text, width);
  const w = displayWidth(cut);
  return w >= width ? cut : cut + ' '.repeat(width - w);
}

/** Pads on the left to exactly `width` columns (truncating with `…` when longer). */
export function padStart(text: string, width: number): string {
  const cut = truncate(text, width);
  const w = displayWidth(cut);
  return w >= width ? cut : ' '.repeat(width - w) + cut;
}

const two = (n: number): string => (n < 10 ? '0' : '') + n;

function isValidDate(d: Date | null | undefined): d is Date {
  return d instanceof Date && !Number.isNaN(d.getTime());
}

/** `2026-11-20 09:12` in UTC, or `—` for a missing or invalid date. */
export function formatDate(d: Date | null | undefined): string {
  if (!isValidDate(d)) return '—';
  return `${d.getUTCFullYear()}-${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`;
}

/** `14:03` in UTC. */
export function formatClock(d: Date): string {
  return `${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`;
}

/** `just now`, `42s ago`, `5m ago`, `3h ago`, `12d ago`, `in 5m`; `—` when missing. */
export function formatRelative(d: Date | null | undefined, now: Date = new Date()): string {
  if (!isValidDate(d)) return '—';
  const diff = Math.round((now.getTime() - d.getTime()) / 1000);
  const abs = Math.abs(diff);
  if (abs < 5) return 'just now';
  let amount: string;
  if (abs < 60) amount = `${abs}s`;
  else if (abs < 3600) amount = `${Math.floor(abs / 60)}m`;
  else if (abs < 86_400) amount = `${Math.floor(abs / 3600)}h`;
  else if (abs < 86_400 * 365) amount = `${Math.floor(abs / 86_400)}d`;
  else amount = `${Math.floor(abs / (86_400 * 365))}y`;
  return diff >= 0 ? `${amount} ago` : `in ${amount}`;
}
