// The commands' bundle (dist/commands.cjs, built by scripts/build.mjs) holds the client and the command
// table, and neither Ink, React nor the dashboard's screens: a one-shot command must start as fast as Node.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const DIST = join(import.meta.dirname, '../../dist');

describe('dist/commands.cjs', () => {
  it('is built from src/cli and the client, without Ink, React or the dashboard', () => {
    const map = JSON.parse(readFileSync(join(DIST, 'commands.cjs.map'), 'utf8')) as { sources: string[] };
    expect(map.sources.some((s) => s.includes('src/cli/table.ts'))).toBe(true);
    expect(map.sources.some((s) => s.includes('src/api/http.ts'))).toBe(true);
    const unwanted = map.sources.filter((s) => /node_modules\/(ink|react|react-reconciler|yoga-layout)\/|src\/ui\/(screens|components|app)|src\/emulator\//.test(s));
    expect(unwanted).toEqual([]);
  });
});
