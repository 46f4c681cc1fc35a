import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareText } from '../../../src/ui/components/table-model.js';

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
const sign = (n: number): number => Math.sign(n);
const alnum = fc.string({ unit: fc.constantFrom(...'0123456789aAbBeEzZ09'.split('')), maxLength: 12 });

describe('sorting text of letters and digits without a collator (creating one cost the first frame 10 ms)', () => {
  it('orders as Intl.Collator does, case aside and numbers by value', () => {
    fc.assert(
      fc.property(alnum, alnum, (a, b) => {
        expect(sign(compareText(a, b))).toBe(sign(collator.compare(a, b)));
      }),
      { numRuns: 5000 },
    );
  });

  it('names and plans as a list has them', () => {
    const names = ['ec206910', 'ec206902', 'web10', 'Web2', 'web1', 'eCS1GPU8', 'ECS1', 'ecs12', 'a', 'A0', 'a00', '9', '10'];
    expect([...names].sort(compareText)).toEqual([...names].sort((x, y) => collator.compare(x, y)));
  });
});
