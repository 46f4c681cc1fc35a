// The status line: one row, or two when its words need them, never a third cut off unseen. A message longer
// than two rows (a service's long refusal, a paragraph pasted into `:`) ends in … where the rest would be, and
// the rows are wrapped by the dashboard, at spaces, from no more than three rows' worth of the text.
import { expect, test } from 'vitest';
import { layoutOf } from '../../../src/ui/shell/layout.js';
import { displayWidth } from '../../../src/ui/text.js';

const status = (text: string) => ({ kind: 'error' as const, text });

test('a short message takes one row', () => {
  const l = layoutOf(80, 24, [], status('web-1 (ec206901) is already off'), 'none');
  expect(l.statusLines).toEqual(['✗ web-1 (ec206901) is already off']);
});

test('a message of two rows is wrapped at a space, every word shown', () => {
  const words = Array.from({ length: 20 }, (_, i) => `word${i}`).join(' ');
  const l = layoutOf(80, 24, [], status(words), 'none');
  expect(l.statusLines).toHaveLength(2);
  expect(l.statusLines.join(' ')).toBe(`✗ ${words}`);
  for (const line of l.statusLines) expect(displayWidth(line)).toBeLessThanOrEqual(77);
});

test('a message longer than two rows ends in … on the second, within the width', () => {
  const long = `the service refused: ${'the plan cannot change while a snapshot is being taken '.repeat(40)}`;
  const l = layoutOf(80, 24, [], status(long), 'none');
  expect(l.statusLines).toHaveLength(2);
  expect(l.statusLines[0].startsWith('✗ the service refused: the plan')).toBe(true);
  expect(l.statusLines[1].endsWith('…')).toBe(true);
  for (const line of l.statusLines) expect(displayWidth(line)).toBeLessThanOrEqual(77);
});

test('words that need a third row once wrapped at spaces say so with …, not a row cut off', () => {
  // 150 columns of text: two rows by its width, three once its long words go to the next row whole
  const text = `${'a'.repeat(50)} ${'b'.repeat(50)} ${'c'.repeat(46)}`;
  const l = layoutOf(80, 24, [], status(text), 'none');
  expect(l.statusLines).toHaveLength(2);
  expect(l.statusLines[1].endsWith('…')).toBe(true);
});
