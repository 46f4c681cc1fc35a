// "Did you mean": the word a slip of the fingers was probably meant to be (`server` for `servers`, `lst` for
// `list`, `--outptu` for `--output`), or another tool's word for it (`ls`, `rm`), for the usage errors of the
// command line. No imports: the entry point and the dashboard's flags read it before anything else has loaded.

/** Edits from `a` to `b`: letters added, removed, changed, or two neighbours swapped (each counts one). */
export function editDistance(a: string, b: string): number {
  // three rows of the table are all the swap needs
  let before = new Array<number>(b.length + 1).fill(0);
  let last = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const change = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(last[j] + 1, row[j - 1] + 1, last[j - 1] + change);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2] + 1);
      row.push(d);
    }
    before = last;
    last = row;
  }
  return last[b.length];
}

/** Verbs of other command lines (docker, kubectl, the shell) and the one this one has for them. */
const SYNONYMS: Readonly<Record<string, string>> = {
  ls: 'list',
  ps: 'list',
  rm: 'delete',
  del: 'delete',
  remove: 'delete',
  describe: 'get',
  show: 'get',
  inspect: 'get',
  new: 'create',
  add: 'create',
  edit: 'update',
  set: 'update',
  start: 'power-on',
  stop: 'power-off',
};

/**
 * The one candidate near enough to `word` to be what was meant (or another tool's word for it), or null: one
 * edit for a short word, two from six letters on (the flags' leading dashes not counted), and never when two
 * candidates are as near. `nameOf` gives what a candidate stands for (a screen, for each of its aliases): two
 * as near that stand for the same thing are no doubt, and that thing is what is named.
 */
export function didYouMean(word: string, candidates: readonly string[], nameOf: (candidate: string) => string = (c) => c): string | null {
  // the word other tools use for it (`ls`, `rm`, `describe`), when this one has that verb
  const synonym = SYNONYMS[word.toLowerCase()];
  if (synonym !== undefined && candidates.includes(synonym) && !candidates.includes(word)) return nameOf(synonym);
  const letters = word.replace(/^-+/, '').length;
  const allowed = letters >= 6 ? 2 : letters >= 3 ? 1 : 0;
  if (allowed === 0) return null;
  let best: string | null = null;
  let bestDistance = Infinity;
  let tied = false;
  for (const c of candidates) {
    if (c === word) return null;
    const d = editDistance(word.toLowerCase(), c.toLowerCase());
    if (d < bestDistance) {
      best = nameOf(c);
      bestDistance = d;
      tied = false;
    } else if (d === bestDistance && nameOf(c) !== best) {
      tied = true;
    }
  }
  return best !== null && bestDistance <= allowed && !tied ? best : null;
}

/** ` (did you mean 'list'?)`, or nothing: for the end of a usage error. */
export function meant(word: string, candidates: readonly string[]): string {
  const m = didYouMean(word, candidates);
  return m === null ? '' : ` (did you mean '${m}'?)`;
}
