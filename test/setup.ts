// Every test file starts with a home of its own: HOME, the XDG directories and ECSDECK_CONFIG_DIR point into
// a fresh temporary directory, and the person's own ECSDECK_* connection settings are cleared. A test can
// then never read the person's profiles (and log in to their account) nor write over them, and the programs
// the end-to-end tests start inherit the same. test/config/isolation.test.ts checks it.
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

const home = mkdtempSync(join(tmpdir(), 'ecsdeck-test-home-'));
const dirs = {
  HOME: home,
  XDG_CONFIG_HOME: join(home, '.config'),
  XDG_CACHE_HOME: join(home, '.cache'),
  XDG_DATA_HOME: join(home, '.local', 'share'),
  XDG_STATE_HOME: join(home, '.local', 'state'),
  ECSDECK_CONFIG_DIR: join(home, '.config', 'ecsdeck'),
  ECSDECK_CACHE_DIR: join(home, '.cache', 'ecsdeck'),
};
for (const [key, dir] of Object.entries(dirs)) {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  process.env[key] = dir;
}
for (const key of ['ECSDECK_API_URL', 'ECSDECK_API_TOKEN', 'ECSDECK_USERNAME', 'ECSDECK_PASSWORD', 'ECSDECK_PROFILE']) delete process.env[key];
process.env.ECSDECK_TEST_HOME = home;

// No test reaches beyond loopback: the servers' addresses the emulator hands out are not ours. `x` hands the
// terminal to the first `ssh` on PATH, and a test that presses every footer key presses `x` too, so the first
// `ssh` on PATH is a stand-in that does nothing (a test of `x` puts its own, recording one, before it).
const bin = join(home, 'bin');
mkdirSync(bin, { recursive: true, mode: 0o700 });
writeFileSync(join(bin, 'ssh'), '#!/bin/sh\nexit 0\n');
chmodSync(join(bin, 'ssh'), 0o755);
process.env.PATH = `${bin}:${process.env.PATH ?? ''}`;

afterAll(() => {
  rmSync(home, { recursive: true, force: true });
});
