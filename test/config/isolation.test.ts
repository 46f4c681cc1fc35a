// Tests run in a home of their own (test/setup.ts): nothing a test does, nor any program it starts, can read
// or write the person's real config directory, profiles or compile cache.
import { spawnSync } from 'node:child_process';
import { homedir, tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openProfileStore } from '../../src/config/index.js';
import { compileCacheDir } from '../../src/boot/compile-cache.js';

const home = process.env.ECSDECK_TEST_HOME!;

describe('the test setup', () => {
  it('gives every test file a temporary home, and the profile store lives in it', () => {
    expect(home.startsWith(tmpdir() + sep)).toBe(true);
    expect(homedir()).toBe(home);
    expect(openProfileStore().path).toBe(join(home, '.config', 'ecsdeck', 'config.json'));
    // the platform default too, when no ECSDECK_CONFIG_DIR is given
    expect(openProfileStore({ env: {} }).path).toBe(join(home, '.config', 'ecsdeck', 'config.json'));
    expect(compileCacheDir({ ...process.env, ECSDECK_NO_COMPILE_CACHE: undefined })).toBe(join(home, '.cache', 'ecsdeck'));
  });

  it('clears the person\'s own connection settings, and programs the tests start inherit all of it', () => {
    for (const key of ['ECSDECK_API_URL', 'ECSDECK_API_TOKEN', 'ECSDECK_USERNAME', 'ECSDECK_PASSWORD', 'ECSDECK_PROFILE']) {
      expect(process.env[key], key).toBeUndefined();
    }
    const child = spawnSync(process.execPath, ['-e', 'console.log(require("os").homedir(), process.env.XDG_CONFIG_HOME)'], { encoding: 'utf8' });
    expect(child.stdout.trim()).toBe(`${home} ${join(home, '.config')}`);
  });
});
