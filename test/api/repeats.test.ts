import { describe, expect, it } from 'vitest';
import { readComparing } from '../../src/api/repeats.js';

/** A body that arrives in these pieces. */
async function* answer(...pieces: string[]): AsyncGenerator<Uint8Array> {
  const enc = new TextEncoder();
  for (const p of pieces) yield enc.encode(p);
}

const last = { bytes: new TextEncoder().encode('[{"name":"ec200001"},{"name":"ec200002"}]'), status: 200, results: new WeakMap() };

describe('readComparing: a polled answer compared with the last one as it arrives', () => {
  it('the same bytes, in any pieces, are the same answer', async () => {
    expect(await readComparing(answer('[{"name":"ec200001"},', '{"name":"ec200002"}]'), last)).toEqual({ same: last });
    expect(await readComparing(answer('[{"name":"ec200001"},{"name":"ec200002"}]'), last)).toEqual({ same: last });
  });

  it('a change in the last piece, a shorter or a longer answer is read whole', async () => {
    const text = async (r: AsyncIterable<Uint8Array>) => {
      const read = await readComparing(r, last);
      return 'same' in read ? null : new TextDecoder().decode(read.bytes);
    };
    expect(await text(answer('[{"name":"ec200001"},', '{"name":"ec200003"}]'))).toBe('[{"name":"ec200001"},{"name":"ec200003"}]');
    expect(await text(answer('[{"name":"ec200001"}', ']'))).toBe('[{"name":"ec200001"}]');
    expect(await text(answer('[{"name":"ec200001"},{"name":"ec200002"}]', ' '))).toBe('[{"name":"ec200001"},{"name":"ec200002"}] ');
    expect(await text(answer('[{"name":"ec200001"},{"name":"ec200002"}]'.slice(0, -1)))).toBe('[{"name":"ec200001"},{"name":"ec200002"}');
  });

  it('with nothing to compare with, the answer is read whole', async () => {
    const read = await readComparing(answer('[]'), undefined);
    expect('same' in read ? null : new TextDecoder().decode(read.bytes)).toBe('[]');
  });
});
