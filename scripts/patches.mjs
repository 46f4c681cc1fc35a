// Changes made to dependencies, each for a measured reason given beside it. scripts/patch-deps.mjs applies
// them to the installed files when npm installs (so tests, the bundle and any unbundled run load the same
// code). Each is a pure function of the file's text, so the tests can compare the patched module with the
// original (test/build/patches.test.ts), and each throws when its dependency has changed under it, so an
// upgrade fails the install instead of silently dropping the change.
//
// "Candidate for upstream" marks the patches that would help every user of the library, not only a program
// bundled as one classic script: pull requests could not be opened from where they were written (no network
// beyond the npm registry); each comment says what to offer.

/** Replaces `from` with `to`, which must occur exactly once in `source`. */
function once(source, from, to, what) {
  const parts = source.split(from);
  if (parts.length !== 2) throw new Error(`${what} changed: review its patch in scripts/patches.mjs`);
  return parts[0] + to + parts[1];
}

// Ink 6.8 draws every frame from scratch: it fills a grid of width × height character objects, writes
// each piece of text into it, then turns every row back into a string, with a fresh cache of tokenized
// lines each time. Moving the selection in a list changes two rows of forty, yet costs as much as the
// first frame (about 10 ms a key at 120 × 40 before V8 has warmed up). Patched:
// - the cache of tokenized lines is shared across frames (dropped every few hundred frames to bound
//   memory): it maps a line's text to its parsed characters, which Ink only reads;
// - each row is drawn from the pieces written on it (their column and text, after clipping and
//   transformers, in order); a row whose pieces and width are those of a row drawn last time, at any
//   height (a list scrolled by one row), is not drawn again: the text of the last time is used;
// - a row whose pieces lie left to right inside the width (every row of a list) is put together from runs
//   of characters with the same codes, not one cell per column.
// The row is drawn exactly as before (blank cells, pieces in order, wide characters padded, trailing
// spaces trimmed); the test draws the same frames both ways and compares them.
// Candidate for upstream (vadimdemedes/ink, build/output.js): every Ink app pays for the whole grid on every
// frame, and nothing an app can see changes; offer it with the comparison test.
const INK_GRID = `        const output = [];
        for (let y = 0; y < this.height; y++) {
            const row = [];
            for (let x = 0; x < this.width; x++) {
                row.push({
                    type: 'char',
                    value: ' ',
                    fullWidth: false,
                    styles: [],
                });
            }
            output.push(row);
        }
`;
const INK_WRITE = `                    const characters = this.caches.getStyledChars(line);
                    let offsetX = x;
                    for (const character of characters) {
                        currentLine[offsetX] = character;
                        // Determine printed width using string-width to align with measurement
                        const characterWidth = Math.max(1, this.caches.getStringWidth(character.value));
                        // For multi-column characters, clear following cells to avoid stray spaces/artifacts
                        if (characterWidth > 1) {
                            for (let index = 1; index < characterWidth; index++) {
                                currentLine[offsetX + index] = {
                                    type: 'char',
                                    value: '',
                                    fullWidth: false,
                                    styles: character.styles,
                                };
                            }
                        }
                        offsetX += characterWidth;
                    }
`;
const INK_ROWS = `        const generatedOutput = output
            .map(line => {
            // See https://github.com/vadimdemedes/ink/pull/564#issuecomment-1637022742
            const lineWithoutEmptyItems = line.filter(item => item !== undefined);
            return styledCharsToString(lineWithoutEmptyItems).trimEnd();
        })
            .join('\\n');
`;
const INK_DRAW_ROWS = `
// [ecsdeck patch] rows drawn last time: the text of each, by the key of its pieces (whatever its height: a
// list scrolled by one row finds all but one of its rows drawn already)
let LAST_ROWS = { width: -1, texts: new Map() };
function rowKey(pieces) {
    let key = '';
    for (let i = 0; i < pieces.length; i += 2) key += pieces[i] + ':' + pieces[i + 1].length + ':' + pieces[i + 1];
    return key;
}
// A blank cell: one object for all of them (nothing writes into a cell), not one per column per row drawn.
const BLANK_CELL = { type: 'char', value: ' ', fullWidth: false, styles: [] };
// A line's characters as runs of the same codes, each one pseudo-character holding the run's text, and the
// line's width in columns (as drawRow counts it). Kept with the shared caches, like the characters.
// Made from the tokens as styledCharsFromTokens reads them, without its object and copy of the codes for
// every character: a chart's cursor row is a new line at each step, and those were most of a step's garbage.
// The codes of a run are shared, not copied: reduceAnsiCodesIncremental returns a new array, never changes one.
function lineRuns(caches, line) {
    const runsByLine = (caches.runs ??= new Map());
    let runs = runsByLine.get(line);
    if (runs !== undefined) return runs;
    const parts = [];
    let width = 0;
    let previous = null;
    // the characters of the run being read, joined once it ends: a run's text is kept for many frames, and
    // one grown a character at a time is kept as a chain of as many pieces (a 180-column line of box-drawing
    // characters: 180 one-character strings and 180 links; test/build/patches-memory.test.ts)
    let letters = [];
    const close = () => {
        if (letters.length > 1) previous.value = letters.join('');
    };
    let codes = [];
    for (const token of tokenize(line)) {
        if (token.type === 'ansi') {
            codes = reduceAnsiCodesIncremental(codes, [token]);
            continue;
        }
        if (token.type !== 'char') continue;
        const value = token.value;
        const code = value.length === 1 ? value.charCodeAt(0) : 0;
        width += code >= 0x20 && code < 0x7f ? 1 : Math.max(1, caches.getStringWidth(value));
        if (previous !== null && sameRunCodes(previous.styles, codes)) letters.push(value);
        else {
            if (previous !== null) close();
            parts.push((previous = { type: 'char', value, fullWidth: false, styles: codes }));
            letters = [value];
        }
    }
    if (previous !== null) close();
    runs = { parts, width };
    runsByLine.set(line, runs);
    return runs;
}
function sameRunCodes(a, b) {
    if (a === b) return true;
    if (a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) {
        if (a[i] !== b[i] && (a[i].code !== b[i].code || a[i].endCode !== b[i].endCode)) return false;
    }
    return true;
}
// The usual row (pieces left to right, none over another, all inside the width) from runs instead of one
// cell per column: styledCharsToString writes no codes between characters of the same codes, so a run
// given as one character of several letters comes out as the same text. null: the row needs the cells.
function drawRowFromRuns(output, pieces) {
    // A bordered box writes its two sides before what is inside them: taken left to right, those pieces still
    // do not overlap, and which was written first cannot matter.
    for (let i = 2; i < pieces.length; i += 2) {
        if (pieces[i] < pieces[i - 2]) {
            pieces = leftToRight(pieces);
            break;
        }
    }
    const chars = [];
    let column = 0;
    for (let i = 0; i < pieces.length; i += 2) {
        const x = pieces[i];
        if (x < column) return null;
        const runs = lineRuns(output.caches, pieces[i + 1]);
        if (x + runs.width > output.width) return null;
        if (x > column) chars.push({ type: 'char', value: ' '.repeat(x - column), fullWidth: false, styles: BLANK_CELL.styles });
        for (const part of runs.parts) chars.push(part);
        column = x + runs.width;
    }
    if (column < output.width) chars.push({ type: 'char', value: ' '.repeat(output.width - column), fullWidth: false, styles: BLANK_CELL.styles });
    return joinRuns(chars).trimEnd();
}
// The pieces ordered by column (the sort is stable: two at one column stay in the order they were written).
function leftToRight(pieces) {
    const at = [];
    for (let i = 0; i < pieces.length; i += 2) at.push(i);
    at.sort((a, b) => pieces[a] - pieces[b]);
    const sorted = [];
    for (const i of at) sorted.push(pieces[i], pieces[i + 1]);
    return sorted;
}
// styledCharsToString over runs, with the codes written between two runs remembered by the codes on either
// side: the same text, without working out the same difference of codes again for every row.
const CODES_KEYS = new WeakMap();
const TRANSITIONS = new Map();
function codesKey(styles) {
    let key = CODES_KEYS.get(styles);
    if (key === undefined) {
        key = '';
        for (const code of styles) key += code.code + '\u0000' + code.endCode + '\u0001';
        CODES_KEYS.set(styles, key);
    }
    return key;
}
function transition(from, to) {
    const key = codesKey(from) + '\u0002' + codesKey(to);
    let text = TRANSITIONS.get(key);
    if (text === undefined) {
        text = ansiCodesToString(diffAnsiCodes(from, to));
        if (TRANSITIONS.size >= 4096) TRANSITIONS.clear();
        TRANSITIONS.set(key, text);
    }
    return text;
}
function joinRuns(chars) {
    if (chars.length === 0) return '';
    let ret = ansiCodesToString(chars[0].styles) + chars[0].value;
    for (let i = 1; i < chars.length; i++) {
        if (!sameRunCodes(chars[i - 1].styles, chars[i].styles)) ret += transition(chars[i - 1].styles, chars[i].styles);
        ret += chars[i].value;
    }
    return ret + transition(chars[chars.length - 1].styles, []);
}
function drawRow(output, pieces) {
    const fast = drawRowFromRuns(output, pieces);
    if (fast !== null) return fast;
    const cells = new Array(output.width).fill(BLANK_CELL);
    for (let i = 0; i < pieces.length; i += 2) {
        let column = pieces[i];
        for (const character of output.caches.getStyledChars(pieces[i + 1])) {
            cells[column] = character;
            const value = character.value;
            const code = value.length === 1 ? value.charCodeAt(0) : 0;
            // printable ASCII is one column wide: no need to ask string-width
            const width = code >= 0x20 && code < 0x7f ? 1 : Math.max(1, output.caches.getStringWidth(value));
            for (let extra = 1; extra < width; extra++) cells[column + extra] = { type: 'char', value: '', fullWidth: false, styles: character.styles };
            column += width;
        }
    }
    // only a piece written past the row's end can leave holes (past the end)
    return styledCharsToString(cells.length === output.width ? cells : cells.filter((cell) => cell !== undefined)).trimEnd();
}
function drawRows(output, rows) {
    const last = LAST_ROWS.width === output.width ? LAST_ROWS.texts : null;
    const drawn = new Map();
    const texts = [];
    for (let y = 0; y < rows.length; y++) {
        const key = rowKey(rows[y]);
        let text = last?.get(key);
        if (text === undefined) text = drawRow(output, rows[y]);
        drawn.set(key, text);
        texts.push(text);
    }
    LAST_ROWS = { width: output.width, texts: drawn };
    return texts.join('\\n');
}
`;
export function inkOutput(source) {
  let patched = once(
    source,
    'caches = new OutputCaches();',
    'caches = (++OUTPUT_FRAMES % 300 === 0 || !SHARED_CACHES ? (SHARED_CACHES = new OutputCaches()) : SHARED_CACHES);',
    'ink output.js',
  );
  patched = once(patched, INK_GRID, '        const output = [];\n        for (let y = 0; y < this.height; y++) output.push([]);\n', 'ink output.js');
  patched = once(patched, INK_WRITE, '                    currentLine.push(x, line);\n', 'ink output.js');
  patched = once(patched, INK_ROWS, '        const generatedOutput = drawRows(this, output);\n', 'ink output.js');
  patched = once(
    patched,
    "import { styledCharsFromTokens, styledCharsToString, tokenize, } from '@alcalzone/ansi-tokenize';",
    "import { ansiCodesToString, diffAnsiCodes, reduceAnsiCodesIncremental, styledCharsFromTokens, styledCharsToString, tokenize, } from '@alcalzone/ansi-tokenize';",
    'ink output.js',
  );
  return `let SHARED_CACHES = null;\nlet OUTPUT_FRAMES = 0;\n${patched}\n${INK_DRAW_ROWS}`;
}

// When a frame fills the terminal, Ink 6.8 clears the terminal and writes the whole frame again, every
// frame: about 10 KB for a key that changed two rows, which the terminal must parse before it shows the
// change (over SSH, also carry), and a frame that changed nothing is written all the same. Patched: when
// the terminal's size and the static output are those of the frame on screen (Ink's `lastOutput`, however
// it was drawn), only the rows that changed are written, each at its place (erased, then drawn), and the
// last row always last, so that the cursor ends where Ink expects it, all in one write (with the
// synchronized-output brackets, which Ink wrote separately). A frame identical to the one on screen
// writes nothing. The test feeds both ways to a terminal emulator and compares the screens.
// Candidate for upstream (vadimdemedes/ink, build/ink.js): every full-screen Ink app rewrites and flickers
// its whole screen per frame, worst over SSH; offer it with the terminal-emulator comparison test.
export function inkFullScreenFrames(source) {
  const patched = once(
    source,
    `            if (sync) {
                this.options.stdout.write(bsu);
            }
            this.options.stdout.write(ansiEscapes.clearTerminal + this.fullStaticOutput + output);
            this.lastOutput = output;
            this.lastOutputToRender = outputToRender;
            this.lastOutputHeight = outputHeight;
            this.log.sync(outputToRender);
            if (sync) {
                this.options.stdout.write(esu);
            }`,
    `            const frame = fullScreenFrame(this, output);
            if (frame !== '') this.options.stdout.write(sync ? bsu + frame + esu : frame);
            this.lastOutput = output;
            this.lastOutputToRender = outputToRender;
            this.lastOutputHeight = outputHeight;
            this.log.sync(outputToRender);`,
    'ink ink.js',
  );
  const withWidth = once(patched, "import wrapAnsi from 'wrap-ansi';", "import wrapAnsi from 'wrap-ansi';\nimport ecsdeckStringWidth from 'string-width';", 'ink ink.js');
  return `${withWidth}
// [ecsdeck patch] the rows that changed since the frame on screen, or the whole frame when that is unknown
// (after a resize, or when stdout.ecsdeckScreen says another program drew on the screen).
// The screen holds lastOutput row for row only when no row was taller or wider than the terminal: a frame
// with more rows scrolled it, a wider row wrapped. Such frames, and the one after them, are drawn whole.
function ecsdeckTooWide(line, columns) {
    return line.length > columns && ecsdeckStringWidth(line) > columns;
}
function fullScreenFrame(ink, output) {
    const { rows, columns } = ink.options.stdout;
    // a program that gave the terminal to another (an editor) bumps stdout.ecsdeckScreen: the screen is
    // no longer what Ink drew, and the next frame is drawn whole
    const size = rows + 'x' + columns + '#' + (ink.options.stdout.ecsdeckScreen ?? 0);
    const lines = output.split('\\n');
    const known = ink.ecsdeckSize === size && ink.ecsdeckFits === true && ink.fullStaticOutput === '' && typeof ink.lastOutput === 'string' && ink.lastOutput !== '';
    ink.ecsdeckSize = size;
    const whole = () => {
        ink.ecsdeckFits = lines.length <= rows && !lines.some((line) => ecsdeckTooWide(line, columns));
        return ansiEscapes.clearTerminal + ink.fullStaticOutput + output;
    };
    if (!known || lines.length > rows) return whole();
    const previous = ink.lastOutput.split('\\n');
    const last = lines.length - 1;
    let changes = '';
    for (let i = 0; i < last; i++) {
        if (lines[i] === previous[i]) continue;
        if (ecsdeckTooWide(lines[i], columns)) return whole();
        changes += '\\u001B[' + (i + 1) + ';1H\\u001B[2K' + lines[i];
    }
    if (lines[last] !== previous[last] && ecsdeckTooWide(lines[last], columns)) return whole();
    for (let i = lines.length; i < previous.length; i++) changes += '\\u001B[' + (i + 1) + ';1H\\u001B[2K';
    if (changes === '' && lines.length === previous.length && lines[last] === previous[last]) return '';
    return changes + '\\u001B[' + (last + 1) + ';1H\\u001B[2K' + lines[last];
}
`;
}

// The dashboard is one classic script so that it can go through a code cache (src/boot/compile-cache.ts),
// and a classic script cannot hold a top-level await. Ink's reconciler awaits React devtools and its own
// package.json at load, both only when DEV=true; the dashboard never runs with devtools. Applied in
// node_modules, this holds for tests and unbundled runs too: DEV=true no longer connects React devtools.
// Not for upstream: only a program bundled as one classic script needs it.
export function inkReconciler(source) {
  const withoutPackage = once(
    source,
    'const packageJson = isDev()\n    ? await loadPackageJson()\n    : { name: undefined, version: undefined };',
    'const packageJson = { name: undefined, version: undefined };',
    'ink reconciler.js',
  );
  return once(withoutPackage, "await import('./devtools.js');", 'void 0;', 'ink reconciler.js');
}

// yoga-layout awaits its WebAssembly at load. Here the module starts loading it and exports `yogaReady`
// (src/boot/main.ts awaits it before the first render); Ink reads Yoga only inside functions, so nothing
// else changes.
// Not for upstream: yoga-layout already offers `yoga-layout/load` for an awaited load; Ink imports the other.
export function yogaIndex(source) {
  return once(
    source,
    'const Yoga = wrapAssembly(await loadYoga());\nexport default Yoga;',
    'let Yoga;\nexport const yogaReady = loadYoga().then((m) => { Yoga = wrapAssembly(m); });\nexport { Yoga as default };',
    'yoga-layout index.js',
  );
}

// Yoga's loader fetches its wasm through a data: URL whenever `fetch` exists: that loads undici and decodes
// 95 KB of base64 in JavaScript, about 50 ms at start-up. Buffer decodes the same bytes natively in 1 ms.
// Candidate for upstream (facebook/yoga, its Emscripten build settings for the base64 ESM binary): every
// user of yoga-layout on Node pays the 50 ms; Node always has Buffer.
export function yogaWasmLoader(source) {
  return once(
    source,
    'function ya(){return w||"function"!=typeof fetch?',
    'function ya(){return Promise.resolve(new Uint8Array(Buffer.from(H.slice(37),"base64")))}function unusedYa(){return w||"function"!=typeof fetch?',
    'yoga-layout wasm loader',
  );
}

// string-width (Ink measures every text node with it, on every frame) costs about 55 ms when it loads:
// its emoji expression (\p{RGI_Emoji} with the v flag) takes V8 about 35 ms to parse, and its
// Intl.Segmenter about 20 ms to create. It also segments every string that is not plain ASCII: a row
// holding `…` or `●` costs a few hundred microseconds each time it is drawn. Patched:
// - the expression and the segmenter are made on first need;
// - widths are remembered per string (bounded), since the same lines are measured frame after frame;
// - a string that is printable ASCII once its colour codes are taken out is as wide as it is long;
// - version 8 also gets a second fast path. It is taken only by strings in which every code point is a
//   grapheme cluster of its own, that is, strings with no marks, joiners, variation selectors, controls,
//   format or ignorable characters, emoji, regional indicators, Hangul jamo, or the few letters that
//   join a neighbour (Grapheme_Cluster_Break Prepend or SpacingMark: Thai and Lao AM, Kawi, Kirat Rai).
//   For such a string version 8 adds the East Asian width of each code point, and so does the fast path.
// The test compares the patched module with the original on every code point and on mixed strings.
// Candidate for upstream (sindresorhus/string-width): making the expression and the segmenter on first need
// and the two fast paths change no answer (the test compares every BMP code point) and help every caller;
// the remembered widths are a memory policy the maintainer may prefer to leave to callers.
export function stringWidth(source) {
  let patched = once(source, 'const segmenter = new Intl.Segmenter();', 'let segmenter;', 'string-width');
  patched = once(patched, 'segmenter.segment(', '(segmenter ??= new Intl.Segmenter()).segment(', 'string-width');
  patched = once(patched, 'export default function stringWidth(', 'function measureWidth(', 'string-width');
  const v8 = patched.includes('rgiEmojiRegex');
  if (v8) {
    patched = once(patched, 'const rgiEmojiRegex = /^\\p{RGI_Emoji}$/v;', 'let rgiEmojiRegex;', 'string-width');
    patched = once(patched, 'rgiEmojiRegex.test(', "(rgiEmojiRegex ??= new RegExp('^\\\\p{RGI_Emoji}$', 'v')).test(", 'string-width');
  }
  const simple = v8
    ? `
const ownClusters = /^[^\\p{M}\\p{C}\\p{Z}\\p{Emoji_Presentation}\\p{Extended_Pictographic}\\p{Default_Ignorable_Code_Point}\\p{Regional_Indicator}\\u1100-\\u11FF\\uA960-\\uA97F\\uD7B0-\\uD7FF\\u0D4E\\u{111C2}\\u{111C3}\\u{1193F}\\u{11941}\\u{11A3A}\\u{11A84}-\\u{11A89}\\u{11D46}\\u0E33\\u0EB3\\u{113D1}\\u{11F02}\\u{16D63}\\u{16D67}-\\u{16D6A}]*$/u;
function simpleWidth(string) {
	if (!ownClusters.test(string.replaceAll(' ', ''))) return -1;
	let width = 0;
	for (const character of string) width += eastAsianWidth(character.codePointAt(0), {ambiguousAsWide: false});
	return width;
}`
    : `
function simpleWidth() {
	return -1;
}`;
  return `${patched}
${simple}
const knownWidths = new Map();
export default function stringWidth(string, options) {
	if (options !== undefined || typeof string !== 'string') return measureWidth(string, options);
	let width = knownWidths.get(string);
	if (width === undefined) {
		const plain = string.includes('\\u001B') || string.includes('\\u009B') ? stripAnsi(string) : string;
		width = /^[\\u0020-\\u007E]*$/.test(plain) ? plain.length : simpleWidth(plain);
		if (width < 0) width = measureWidth(string);
		if (string.length <= 512) {
			if (knownWidths.size >= 8192) knownWidths.clear();
			knownWidths.set(string, width);
		}
	}
	return width;
}
`;
}

// slice-ansi (Ink truncates text with it) creates an Intl.Segmenter when it loads: the first one in the
// process costs about 20 ms, whether or not anything is ever truncated. It is made on first need.
// Candidate for upstream (chalk/slice-ansi): the segmenter costs every program that imports slice-ansi.
export function sliceAnsiTokenizer(source) {
  const patched = once(
    source,
    "const GRAPHEME_SEGMENTER = new Intl.Segmenter(undefined, {granularity: 'grapheme'});",
    "let graphemeSegmenter;\nconst graphemes = () => (graphemeSegmenter ??= new Intl.Segmenter(undefined, {granularity: 'grapheme'}));",
    'slice-ansi tokenize-ansi.js',
  );
  const parts = patched.split('GRAPHEME_SEGMENTER.segment(');
  if (parts.length < 2) throw new Error('slice-ansi tokenize-ansi.js changed: review its patch in scripts/patches.mjs');
  return parts.join('graphemes().segment(');
}

// Ink splits every line it draws into characters with @alcalzone/ansi-tokenize, which runs an
// Intl.Segmenter over the whole line. A line made only of characters that never join their neighbours
// into one grapheme (ASCII, ESC, Latin, general punctuation, arrows and technical symbols, box drawing,
// blocks, shapes, dingbats) has one grapheme per UTF-16 unit, and is split without the segmenter, which
// is also made on first need. The test compares both ways on every character of that set.
// Candidate for upstream (AlCalzone/ansi-tokenize), with the one below: both change no output (the tests
// compare them on every character of the set and on random rows) and help every Ink app.
export function ansiTokenize(source) {
  const patched = once(
    source,
    'const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });',
    `let segmenter;
const ONE_UNIT_GRAPHEMES = /^[\\x1b\\x20-\\x7e\\u00a0-\\u02ff\\u2010-\\u2027\\u2030-\\u205e\\u20a0-\\u20c0\\u2190-\\u23ff\\u2400-\\u243f\\u2500-\\u27bf]*$/;
function graphemesOf(str) {
    if (!ONE_UNIT_GRAPHEMES.test(str))
        return (segmenter ??= new Intl.Segmenter(undefined, { granularity: "grapheme" })).segment(str);
    const units = new Array(str.length);
    for (let index = 0; index < str.length; index++)
        units[index] = { segment: str[index], index };
    return units;
}`,
    'ansi-tokenize',
  );
  return once(patched, 'for (const { segment, index } of segmenter.segment(str)) {', 'for (const { segment, index } of graphemesOf(str)) {', 'ansi-tokenize');
}

// Ink turns each row it draws back into text with ansi-tokenize's styledCharsToString, which works out the
// codes between every two characters (three Sets and four arrays each), even when both have the same
// styles, as in a run of one colour or of blanks: most of the time of drawing a row. Patched: characters
// with the same codes as the one before them (same code and end code, in order) are appended at once; the
// codes between two such characters are always none, so the text is the same.
export function ansiStyledChars(source) {
  const patched = once(
    source,
    '            ret += ansiCodesToString(diffAnsiCodes(chars[i - 1].styles, char.styles));',
    '            if (!sameCodes(chars[i - 1].styles, char.styles))\n                ret += ansiCodesToString(diffAnsiCodes(chars[i - 1].styles, char.styles));',
    'ansi-tokenize styledChars.js',
  );
  return `${patched}
// [ecsdeck patch] whether two characters' codes are the same, so that nothing is written between them
function sameCodes(a, b) {
    if (a === b) return true;
    if (a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) {
        if (a[i] !== b[i] && (a[i].code !== b[i].code || a[i].endCode !== b[i].endCode)) return false;
    }
    return true;
}
`;
}

// Ink passes the text of every <Text> through sanitizeAnsi on every frame, twice when it is measured: a scan
// for control characters, and for a styled text a tokenizer run that builds an object per escape code. A
// list's rows are styled, and most of them are the same text frame after frame. Patched: the answer for a
// text is remembered (a bounded map, emptied when full), so a row drawn again costs one lookup.
export function inkSanitize(source) {
  const patched = once(source, 'const sanitizeAnsi = (text) => {', 'const sanitizeText = (text) => {', 'ink sanitize-ansi.js');
  return once(
    patched,
    'export default sanitizeAnsi;',
    `// [ecsdeck patch] each text's answer remembered
const knownTexts = new Map();
const sanitizeAnsi = (text) => {
    let clean = knownTexts.get(text);
    if (clean === undefined) {
        clean = sanitizeText(text);
        if (text.length <= 4096) {
            if (knownTexts.size >= 4096) knownTexts.clear();
            knownTexts.set(text, clean);
        }
    }
    return clean;
};
export default sanitizeAnsi;`,
    'ink sanitize-ansi.js',
  );
}

// Ink puts the text of every <Text> together again on every frame, and again when Yoga measures it: each
// nested <Text>'s pieces joined, its colour applied, the result passed through sanitizeAnsi, at every level.
// A move of a list's selection changes two rows, yet every row on screen was put together anew (about a
// seventh of the main thread's time per key at 240 × 50). Patched: each text node remembers its pieces (the
// child nodes, each one's text and colouring function) and what they made; when they are the same, the
// text is the one it made last time. The same pieces make the same text, so nothing on screen can differ.
// Candidate for upstream (vadimdemedes/ink, build/squash-text-nodes.js): every frame of every Ink app pays
// for the texts that did not change.
export function inkSquash(source) {
  const patched = once(
    source,
    `const squashTextNodes = (node) => {
    let text = '';`,
    `const squashTextNodes = (node) => {
    // [ecsdeck patch] the pieces of the last time, and what they made
    const last = node.ecsdeckSquashed;
    if (last !== undefined && samePieces(node, last)) {
        return last.text;
    }
    const pieces = [];
    let text = '';`,
    'ink squash-text-nodes.js',
  );
  const recorded = once(
    patched,
    `        text += nodeText;
    }
    return sanitizeAnsi(text);
};`,
    `        text += nodeText;
        pieces.push(childNode, childNode.nodeName === '#text' ? childNode.nodeValue : childNode.nodeName === 'ink-text' || childNode.nodeName === 'ink-virtual-text' ? childNode.ecsdeckSquashed?.text : undefined, childNode.internal_transform);
    }
    const squashed = sanitizeAnsi(text);
    node.ecsdeckSquashed = { pieces, text: squashed };
    return squashed;
};
// [ecsdeck patch] the same child nodes, each with the same text (a nested text's own, put together again if
// it changed) and the same colouring function as when \`last\` was made
function samePieces(node, last) {
    const { pieces } = last;
    const children = node.childNodes;
    if (pieces.length !== children.length * 3) {
        return false;
    }
    for (let index = 0; index < children.length; index++) {
        const childNode = children[index];
        const at = index * 3;
        if (pieces[at] !== childNode || pieces[at + 2] !== childNode.internal_transform) {
            return false;
        }
        const value = childNode.nodeName === '#text' ? childNode.nodeValue : childNode.nodeName === 'ink-text' || childNode.nodeName === 'ink-virtual-text' ? squashTextNodes(childNode) : undefined;
        if (value !== pieces[at + 1]) {
            return false;
        }
    }
    return true;
}`,
    'ink squash-text-nodes.js',
  );
  return recorded;
}

// Ink 6.8 reads an escape followed by anything but a control sequence as one key: `ESC x` is Alt+x, and
// `ESC ESC` is Alt+Esc. A burst puts esc and the next key in one read (a paste, tmux send-keys, a script,
// typing over a slow link): esc esc esc came to the app as two escapes, esc then `:` as a plain `:`, and
// esc then `j` as Alt+j, which nothing is bound to, so both keys were lost. ecsdeck binds no Alt key.
// Patched: an escape that does not begin a control sequence (CSI `ESC [`, SS3 `ESC O`) is esc, and the
// key after it is read on its own. Arrows, function keys and modified keys (`ESC [1;3A`) are unchanged, and
// a lone escape at the end of a read still waits a moment for the rest of its sequence.
// Not for upstream as it is: other Ink apps bind Alt keys; an option of `render` could choose.
export function inkInputParser(source) {
  const withoutAlt = once(
    source,
    `        const next = input[escapeIndex + 1];
        if (next === escape) {
            if (escapeIndex + 2 >= input.length) {
                return pendingFrom(escapeIndex);
            }
            const doubleEscapeSequence = parseControlSequence(input, escapeIndex, 2);
            if (doubleEscapeSequence === 'pending') {
                return pendingFrom(escapeIndex);
            }
            if (doubleEscapeSequence) {
                events.push(doubleEscapeSequence.sequence);
                index = doubleEscapeSequence.nextIndex;
                continue;
            }
            events.push(input.slice(escapeIndex, escapeIndex + 2));
            index = escapeIndex + 2;
            continue;
        }
        const escapedCodePoint = parseEscapedCodePoint(input, escapeIndex);
        events.push(escapedCodePoint.sequence);
        index = escapedCodePoint.nextIndex;
`,
    `        // [ecsdeck patch] esc, then the key after it on its own
        events.push(escape);
        index = escapeIndex + 1;
`,
    'ink input-parser.js',
  );
  // what read Alt+key, no longer called
  return once(
    withoutAlt,
    `const parseEscapedCodePoint = (input, escapeIndex) => {
    const nextCodePoint = input.codePointAt(escapeIndex + 1);
    const nextCodePointLength = nextCodePoint !== undefined && nextCodePoint > 0xff_ff ? 2 : 1;
    const nextIndex = escapeIndex + 1 + nextCodePointLength;
    return {
        sequence: input.slice(escapeIndex, nextIndex),
        nextIndex,
    };
};
`,
    '',
    'ink input-parser.js',
  );
}

// Ink remembers the size of every text it measures and the result of every text it wraps or truncates, in a
// map and an object that nothing ever empties. A dashboard left open all day draws new texts all the time (the
// header's minute, a CPU figure, a progress bar, every row of a long list scrolled through), and each one was
// kept for the life of the program. Patched: each is emptied once the texts it holds pass a budget in
// characters (keys and answers counted), far more than a few screens of 200 × 50 draw again and again.
export const TEXT_CACHE_BUDGET = 262144;

export function inkMeasureText(source) {
  return once(
    once(source, 'const cache = new Map();', 'const cache = new Map();\nlet heldCharacters = 0;', 'ink measure-text.js'),
    '    cache.set(text, dimensions);',
    `    // [ecsdeck patch] emptied once its texts pass the budget
    heldCharacters += text.length;
    if (heldCharacters > ${TEXT_CACHE_BUDGET}) {
        cache.clear();
        heldCharacters = text.length;
    }
    cache.set(text, dimensions);`,
    'ink measure-text.js',
  );
}

export function inkWrapText(source) {
  return once(
    once(source, 'const cache = {};', 'let cache = {};\nlet heldCharacters = 0;', 'ink wrap-text.js'),
    '    cache[cacheKey] = wrappedText;',
    `    // [ecsdeck patch] emptied once its texts pass the budget
    heldCharacters += cacheKey.length + wrappedText.length;
    if (heldCharacters > ${TEXT_CACHE_BUDGET}) {
        cache = {};
        heldCharacters = cacheKey.length + wrappedText.length;
    }
    cache[cacheKey] = wrappedText;`,
    'ink wrap-text.js',
  );
}

/**
 * Every patch: its name, the installed files it applies to (relative to node_modules; the lock file fixes
 * where npm puts them), and the change. string-width is installed twice: version 8 (Ink, the dashboard) and
 * version 7 (wrap-ansi).
 */
export const PATCHES = [
  { name: 'ink-shared-output-cache', files: ['ink/build/output.js'], patch: inkOutput },
  { name: 'ink-full-screen-frames', files: ['ink/build/ink.js'], patch: inkFullScreenFrames },
  { name: 'ink-without-top-level-await', files: ['ink/build/reconciler.js'], patch: inkReconciler },
  { name: 'ink-sanitize-remembered', files: ['ink/build/sanitize-ansi.js'], patch: inkSanitize },
  { name: 'ink-squash-remembered', files: ['ink/build/squash-text-nodes.js'], patch: inkSquash },
  { name: 'ink-escape-is-a-key', files: ['ink/build/input-parser.js'], patch: inkInputParser },
  { name: 'ink-measured-texts-bounded', files: ['ink/build/measure-text.js'], patch: inkMeasureText },
  { name: 'ink-wrapped-texts-bounded', files: ['ink/build/wrap-text.js'], patch: inkWrapText },
  { name: 'yoga-without-top-level-await', files: ['yoga-layout/dist/src/index.js'], patch: yogaIndex },
  { name: 'yoga-wasm-from-buffer', files: ['yoga-layout/dist/binaries/yoga-wasm-base64-esm.js'], patch: yogaWasmLoader },
  {
    name: 'string-width-lazy-and-remembered',
    files: ['string-width/index.js', 'wrap-ansi/node_modules/string-width/index.js'],
    patch: stringWidth,
  },
  { name: 'slice-ansi-lazy-segmenter', files: ['slice-ansi/tokenize-ansi.js'], patch: sliceAnsiTokenizer },
  { name: 'ansi-tokenize-without-segmenter', files: ['@alcalzone/ansi-tokenize/build/tokenize.js'], patch: ansiTokenize },
  { name: 'ansi-tokenize-same-styles-at-once', files: ['@alcalzone/ansi-tokenize/build/styledChars.js'], patch: ansiStyledChars },
];
