// The lint rule that refuses a state compared with a word its type does not hold (scripts/lint-known-words.mjs).
// Three screens compared snapshot states with the service's codes ('DE', 'DD') where the client gives words
// ('deleting', 'deleted'); TypeScript accepted it and none of those checks ever held. Run here through ESLint
// with the project's own configuration, on text given for this file's path (so the project's types apply).
import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = fileURLToPath(import.meta.url);
const eslint = new ESLint({ cwd: fileURLToPath(new URL('../..', import.meta.url)) });

const PRELUDE = `
type ImageStatus = 'creating' | 'created' | 'deleting' | 'deleted';
type Closed = 'running' | 'shutoff';
declare const snap: { status: ImageStatus | (string & {}) };
declare const power: Closed;
declare const name: string;
export {};
`;

async function problems(body: string): Promise<string[]> {
  const [result] = await eslint.lintText(PRELUDE + body, { filePath: here });
  return result.messages.filter((m) => m.ruleId === 'ecsdeck/known-words' || m.fatal === true).map((m) => `${m.ruleId}: ${m.message}`);
}

describe('ecsdeck/known-words', () => {
  it("refuses a service code compared with the client's word for it", async () => {
    expect(await problems(`export const a = snap.status === 'DE';\nexport const b = 'DD' !== snap.status;\n`)).toEqual([
      "ecsdeck/known-words: 'DE' is not one of the words this value holds (creating, created, deleting, deleted), so this never matches",
      "ecsdeck/known-words: 'DD' is not one of the words this value holds (creating, created, deleting, deleted), so this never matches",
    ]);
  });

  it('refuses such a word in a case of a switch and in a list given to includes', async () => {
    const body = `
export function f(): number {
  switch (snap.status) { case 'CG': return 1; case 'created': return 2; default: return 0; }
}
export const g = ['deleting', 'DD'].includes(snap.status);
export const h = ['stopped'].includes(power);
`;
    expect(await problems(body)).toEqual([
      expect.stringContaining("'CG' is not one of the words"),
      expect.stringContaining("'DD' is not one of the words"),
      "ecsdeck/known-words: 'stopped' is not one of the words this value holds (running, shutoff), so this never matches",
    ]);
  });

  it("lets the type's own words, and any string against a plain string, through", async () => {
    const body = `
export const a = snap.status === 'deleting' || snap.status !== 'created';
export const b = ['creating', 'created'].includes(snap.status) && ['running'].includes(power);
export const c = name === 'DE' || ['x', 'y'].includes(name);
export function f(): number { switch (snap.status) { case 'deleted': return 1; default: return 0; } }
`;
    expect(await problems(body)).toEqual([]);
  });
});
