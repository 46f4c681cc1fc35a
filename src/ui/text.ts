// The one sanitizer and the one width measure. Every string that reaches the screen (a server's notes, a
// service's error message, a typed value, a file read from disk) goes through `safe` before it is drawn:
// table cells, record views, dialogs, titles and the status line all draw through the helpers below.
//
// Text from the service or the user is hostile. Ink passes SGR and OSC sequences through untouched, so a
// note holding `ESC ] 0 ; title BEL` would retitle the terminal and a colour code would bleed into the next
// rows. Here:
// - C0 controls and DEL become their visible Control Pictures (`␛` for ESC, `␡` for DEL), a tab a space and
//   a line break `␤` (multi-line views split lines first: `safeLines`); C1 controls (`0x9B` is a CSI)
//   become `�`;
// - format and default-ignorable characters are removed: bidi overrides and isolates (which reorder what
//   is shown), zero-width spaces and joiners, the BOM, variation selectors, tags; so are emoji skin-tone
//   modifiers and the keycap mark, which join a neighbour into one wide cell in some terminals and not in
//   others;
// - code points whose width terminals disagree on (src/ui/unstable-widths.ts, generated) become `�`, as do
//   lone surrogates and noncharacters; combining marks stack at most three deep, and one with nothing
//   before it to combine with (at the start) is removed;
// - in a grapheme cluster that string-width measures by its first character while a terminal draws more of
//   its characters (a consonant joined after a virama, Thai and Lao AM, a prepended letter, two regional
//   indicators that are no flag), those further characters become `�`; so does a character at either end
//   that would join the space next to it on screen.
// What is left has one width in Ink's measure (string-width, which Ink lays the frame out with) and in a
// terminal's: `displayWidth` is that measure, and `truncate` / `padEnd` / `padStart` cut and fill by it.

import stringWidth from 'string-width';
import { UNSTABLE_WIDTHS } from './unstable-widths.js';
import { controlPicture } from './controls.js';

const PLAIN = /^[\x20-\x7e]*$/;
const REMOVED = /[\u20E3\p{Cf}\p{Default_Ignorable_Code_Point}\u{1F3FB}-\u{1F3FF}]/u;
const NONCHARACTER = /\p{Noncharacter_Code_Point}/u;
const MARK = /\p{M}/u;
const NONSPACING_MARK = /[\p{Mn}\p{Me}]/u;
const REPLACEMENT = '\uFFFD';
const LINE_BREAK = '\u2424';
const MAX_MARKS = 3;

function unstableWidth(cp: number): boolean {
  let lo = 0;
  let hi = UNSTABLE_WIDTHS.length - 1;
  if (hi < 0 || cp < UNSTABLE_WIDTHS[0][0]) return false;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const [a, b] = UNSTABLE_WIDTHS[mid];
    if (cp < a) hi = mid - 1;
    else if (cp > b) lo = mid + 1;
    else return true;
  }
  return false;
}

// The same strings are drawn frame after frame: remember the last few thousand answers, and no more than a
// budget of characters, since the service decides how long a text is (thousands of notes of 60,000
// characters, each drawn once, were all kept: 27 MB).
const known = new Map<string, string>();
const KNOWN_MAX = 4096;
const KNOWN_CHARS_MAX = 1 << 20;
let knownChars = 0;

function sanitize(text: string): string {
  // NFC first: a Hangul syllable typed as separate jamo becomes the one wide character terminals agree on
  const source = text.normalize('NFC');
  let out = '';
  let marks = 0;
  let afterCr = false;
  for (const ch of source) {
    const cp = ch.codePointAt(0)!;
    if (cp >= 0x20 && cp < 0x7f) {
      // printable ASCII, as every test below would find it
      out += ch;
      marks = 0;
      afterCr = false;
      continue;
    }
    const cr = afterCr;
    afterCr = cp === 0x0d;
    if (cp === 0x0a || cp === 0x0d) {
      marks = 0;
      out += cp === 0x0a && cr ? '' : LINE_BREAK;
      continue;
    }
    const picture = controlPicture(cp);
    if (picture !== null) {
      out += picture;
      marks = 0;
      continue;
    }
    if (cp === 0x2028 || cp === 0x2029) {
      out += LINE_BREAK;
      marks = 0;
      continue;
    }
    if (REMOVED.test(ch)) continue;
    if ((cp >= 0xd800 && cp <= 0xdfff) || NONCHARACTER.test(ch) || unstableWidth(cp)) {
      out += REPLACEMENT;
      marks = 0;
      continue;
    }
    if (MARK.test(ch)) {
      // nothing to combine with: Ink gives a lone mark at the start of a text a column, a terminal none
      if (out === '' && NONSPACING_MARK.test(ch)) continue;
      marks += 1;
      if (marks > MAX_MARKS) continue;
    } else {
      marks = 0;
    }
    out += ch;
  }
  return splitClusters(out);
}

const SPACING_MARK = /\p{Mc}/u;
const codePointWidths = (text: string): number => {
  let w = 0;
  for (const ch of text) w += stringWidth(ch);
  return w;
};

/**
 * `text` (sanitized) with every grapheme cluster as wide in string-width's measure as in a terminal's, which
 * adds up its code points: where the two differ, the characters string-width does not count (not the
 * first, not a spacing mark) become `�`, one column in both; a cluster that still differs becomes `�`s. The
 * text is measured between two spaces, as it stands on screen (a cell's padding, a gap, a word): a Thai AM
 * at its start would join the space before it, a prepended letter at its end the character after it.
 */
function splitClusters(text: string): string {
  if (ONE_UNIT_GRAPHEMES.test(text)) return text;
  let out = '';
  for (const g of graphemes(` ${text} `)) {
    if (g.length === 1 || (g.length === 2 && g.codePointAt(0)! > 0xffff) || stringWidth(g) === codePointWidths(g)) {
      out += g;
      continue;
    }
    let split = '';
    let counted = false;
    for (const ch of g) {
      const w = stringWidth(ch);
      split += counted && w > 0 && !SPACING_MARK.test(ch) && !(ch >= '\uFF00' && ch <= '\uFFEF') ? REPLACEMENT : ch;
      if (w > 0) counted = true;
    }
    const w = codePointWidths(split);
    out += stringWidth(split) === w ? split : REPLACEMENT.repeat(w);
  }
  // the two spaces (or what they became) are one unit each
  return out.slice(1, -1);
}

/** `text` made safe to draw on one line (see the head of this file). Idempotent. */
export function safe(text: string): string {
  if (PLAIN.test(text)) return text;
  let out = known.get(text);
  if (out === undefined) {
    out = sanitize(text);
    const chars = text.length + out.length;
    if (known.size >= KNOWN_MAX || knownChars + chars > KNOWN_CHARS_MAX) {
      known.clear();
      knownChars = 0;
    }
    if (chars <= KNOWN_CHARS_MAX) {
      known.set(text, out);
      knownChars += chars;
    }
  }
  return out;
}

/** Multi-line text (a script, a key file) as safe lines: split at line breaks, tabs to the next stop of `tab`. */
export function safeLines(text: string, tab = 4): string[] {
  return text.split(/\r\n|\r|\n/).map((line) => {
    if (!line.includes('\t')) return safe(line);
    let expanded = '';
    for (const part of line.split('\t').entries()) {
      const [i, piece] = part;
      if (i > 0) expanded += ' '.repeat(tab - (displayWidth(expanded) % tab));
      expanded += safe(piece);
    }
    return expanded;
  });
}

/** Columns `text` takes on screen, once made safe. */
export function displayWidth(text: string): number {
  if (PLAIN.test(text)) return text.length;
  return widthOf(safe(text));
}

/**
 * string-width's measure of a safe text. string-width adds up the widths of the text's clusters, found by
 * V8's segmenter over the whole text: a long one is measured here cluster by cluster, as `graphemes` finds
 * them (a line of 50,000 accented letters and emoji took 420 ms to measure whole).
 */
function widthOf(clean: string): number {
  if (clean.length <= GRAPHEME_WINDOW) return stringWidth(clean);
  let width = 0;
  for (const g of graphemes(clean)) width += stringWidth(g);
  return width;
}

/**
 * Characters that never join a neighbour into one grapheme (Latin, general punctuation, currency symbols,
 * arrows, technical symbols, control pictures, box drawing, blocks, shapes, dingbats): a string of them is
 * split without a segmenter, whose creation alone costs about 20 ms, and whose use costs far more than a
 * loop. (The header's `€ 2.84/h` made the first frame create one until the currency symbols were added; a
 * text whose escapes the sanitizer had made `␛` went through one until the control pictures were.)
 */
export const ONE_UNIT_GRAPHEMES = /^[\x20-\x7e\u00a0-\u02ff\u2010-\u2027\u2030-\u205e\u20a0-\u20c0\u2190-\u23ff\u2400-\u243f\u2500-\u27bf]*$/;

let segmenter: Intl.Segmenter | undefined;
/** The grapheme clusters of `text`, in order: what a terminal draws as one character each. */
export function graphemes(text: string): Iterable<string> {
  if (ONE_UNIT_GRAPHEMES.test(text)) return Array.from(text);
  return graphemesByWindow(text, GRAPHEME_WINDOW);
}

/**
 * V8's segmenter takes time that grows with the square of the text's length when its segments are walked:
 * 16,000 characters 70 ms, 60,000 a second (a script's one long line, a service's long message). Here the
 * text is segmented `window` characters at a time. Every boundary found inside a window is the text's own
 * (whether two characters join depends only on them and what comes before), except that the window's last
 * cluster may go on past its end: it is segmented again at the start of the next window. A cluster longer
 * than a window (a hostile run of joining characters) makes the window grow until it ends inside one.
 */
export function* graphemesByWindow(text: string, window: number): Generator<string> {
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  let at = 0;
  let size = window;
  while (at < text.length) {
    let end = at + size;
    // never between the two halves of a character: the window's last character decides the last boundary
    if (end < text.length && isHighSurrogate(text.charCodeAt(end - 1))) end += 1;
    if (end >= text.length) {
      for (const s of segmenter.segment(at === 0 ? text : text.slice(at))) yield s.segment;
      return;
    }
    let last = '';
    let used = 0;
    for (const s of segmenter.segment(text.slice(at, end))) {
      if (last !== '') {
        yield last;
        used += last.length;
      }
      last = s.segment;
    }
    if (used === 0) size *= 2;
    else {
      at += used;
      size = window;
    }
  }
}
const isHighSurrogate = (unit: number): boolean => unit >= 0xd800 && unit <= 0xdbff;
/** Characters segmented at a time: short enough that the segmenter's cost stays linear. */
const GRAPHEME_WINDOW = 256;

/**
 * Columns the service's words may take where a key line must stay in sight under them and the rows are not
 * known (the wizard's `could not load`, the console dialog's refusal): four lines at 80 columns.
 */
export const SERVICE_WORDS_COLUMNS = 320;

/** `text` made safe and cut to at most `width` columns, ending in `…` when something was cut. */
export function truncate(text: string, width: number): string {
  if (width <= 0) return '';
  if (PLAIN.test(text)) return text.length <= width ? text : width === 1 ? '…' : text.slice(0, width - 1) + '…';
  const clean = safe(text);
  if (widthOf(clean) <= width) return clean;
  const room = width - 1;
  let out = '';
  let used = 0;
  for (const g of graphemes(clean)) {
    const w = stringWidth(g);
    if (used + w > room) break;
    out += g;
    used += w;
  }
  return out + '…';
}

/** Safe, and exactly `width` columns: cut with `…` when longer, filled with spaces on the right. */
export function padEnd(text: string, width: number): string {
  const cut = truncate(text, width);
  const w = displayWidth(cut);
  return w >= width ? cut : cut + ' '.repeat(width - w);
}

/** Safe, and exactly `width` columns: cut with `…` when longer, filled with spaces on the left. */
export function padStart(text: string, width: number): string {
  const cut = truncate(text, width);
  const w = displayWidth(cut);
  return w >= width ? cut : ' '.repeat(width - w) + cut;
}

/**
 * `text` made safe and wrapped at spaces to lines of at most `width` columns; a word longer than a line is
 * broken across lines rather than cut, so every character of the text is drawn somewhere.
 */
export function wrapText(text: string, width: number): string[] {
  const room = Math.max(1, width);
  const out: string[] = [];
  for (const paragraph of safeLines(text)) {
    let line = '';
    for (const piece of paragraph.split(' ')) {
      // safe again: a mark that sat on the space it was split at would start the line with nothing under it
      let word = safe(piece);
      const next = line === '' ? word : `${line} ${word}`;
      if (displayWidth(next) <= room) {
        line = next;
        continue;
      }
      if (line !== '') out.push(line);
      if (displayWidth(word) > room) {
        // one walk over the word, a line each time it fills: it was measured and walked again for each line
        // it made, and a service's message of 8,000 accented letters and emoji took 1.4 s to wrap, 50,000 six
        // minutes
        let head = '';
        let used = 0;
        for (const g of graphemes(word)) {
          const w = stringWidth(g);
          if (used + w > room && head !== '') {
            out.push(head);
            head = '';
            used = 0;
          }
          head += g;
          used += w;
        }
        word = head;
      }
      line = word;
    }
    out.push(line);
  }
  return out;
}

/**
 * `text` wrapped as wrapText wraps it, in at most `rows` lines: what more lines would hold is left out with …
 * at the end of the last. Only a little more than those rows' worth of the text is wrapped, however long it is.
 */
export function wrapAtMost(text: string, width: number, rows: number): string[] {
  const room = Math.max(1, width);
  const lines = wrapText(truncate(text, room * (rows + 1)), room);
  if (lines.length <= rows) return lines;
  return [...lines.slice(0, rows - 1), truncate(lines.slice(rows - 1).join(' '), room)];
}
