// `ecsdeck emulator --help`: the usage as emulator.md fixes it, the way the installed program spells it, and a
// line for every option the command line takes.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';

const BIN = join(import.meta.dirname, '../../bin/ecsdeck.js');

test('--help names both ways to start it and says what every option does', () => {
  const r = spawnSync(process.execPath, [BIN, 'emulator', '--help'], { encoding: 'utf8' });
  expect(r.status).toBe(0);
  expect(r.stdout).toContain('usage: npm run emulator -- [--port 8787] [--host 127.0.0.1] [--clock real|manual] [--speed 1]');
  expect(r.stdout).toContain('ecsdeck emulator [the same options]');
  // under the usage (emulator.md's, wider), everything fits an 80-column terminal
  for (const line of r.stdout.split('\n').slice(3)) expect(line.length, line).toBeLessThanOrEqual(80);
  // every option parseArgs takes in src/emulator/main.ts has its own described line
  const source = readFileSync(join(import.meta.dirname, '../../src/emulator/main.ts'), 'utf8');
  const options = [...source.matchAll(/^ {8}'?([a-z-]+)'?: \{ type: '(?:string|boolean)'/gm)].map((m) => m[1]);
  expect(options.length).toBeGreaterThanOrEqual(11);
  for (const name of options) expect(r.stdout, name).toMatch(new RegExp(`^ {2}(-h, )?--${name}\\b.* {2,}\\S`, 'm'));
});
