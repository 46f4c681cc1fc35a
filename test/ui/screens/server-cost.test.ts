// The Cost tab's note under its figures, wrapped at every width the tab can have: the key `r` stays with the
// words that say what it does (at 140 columns it used to end one line, `reads it again` starting the next).
import { expect, test } from 'vitest';
import { COST_NOTE } from '../../../src/ui/screens/server-cost.js';
import { wrapText } from '../../../src/ui/text.js';

test('the note never leaves `r` at the end of a line, away from `reads it again`', () => {
  for (let width = 40; width <= 200; width++) {
    const lines = wrapText(COST_NOTE, width);
    expect(lines.some((l) => /r.reads.it.again/.test(l)), `at ${width}`).toBe(true);
    for (const l of lines) expect(l, `at ${width}`).not.toMatch(/ r$/);
  }
});
