// What the sanitizer's memory of answers holds (src/ui/text.ts). Every text drawn goes through `safe`, and
// the same texts are drawn frame after frame, so its answers are remembered. How long a text is, the service
// or a file decides (a script's one line can be 64 KB, a hostile service's notes any length): the memory is
// bounded by the characters it holds, not only by how many texts, so long texts drawn once do not stay in it.
import { expect, it } from 'vitest';
import { heldBytes } from '../held-bytes.js';
import { safe, truncate } from '../../src/ui/text.js';

it('does not keep a hundred and fifty long texts it has drawn once', () => {
  const before = heldBytes();
  // 150 notes of 60,000 characters, each with an escape in it (so each goes through the whole sanitizer):
  // 9 million characters in, and as many out (two bytes each once a ␛ is in them)
  for (let i = 0; i < 150; i++) truncate(`\u001b[2J${String(i).padStart(4, '0')} ${'x'.repeat(60_000)}`, 40);
  const held = heldBytes() - before;
  // kept whole, they held 27 MB; what stays is bounded by a budget of characters: 1 MB
  expect(held).toBeLessThan(8 * 1024 * 1024);
});

it('still gives the same answer for a long text drawn again', () => {
  const notes = `\u0007 ${'é'.repeat(70_000)}`;
  const first = safe(notes);
  expect(first.startsWith('␇ é')).toBe(true);
  expect(safe(notes)).toBe(first);
  for (let i = 0; i < 50; i++) safe(`\u0007${i}${'y'.repeat(50_000)}`);
  expect(safe(notes)).toBe(first);
});
