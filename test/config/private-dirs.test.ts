// Private directories at start: a config directory left open is tightened, and the editor's files a killed
// dashboard left behind are removed while those of a running one are kept.
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanStaleScratch, makeScratchDir, scratchRoot, tightenConfigDir } from '../../src/config/private-dirs.js';

const work = mkdtempSync(join(tmpdir(), 'ecsdeck-private-dirs-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const mode = (p: string) => statSync(p).mode & 0o777;

describe('tightenConfigDir', () => {
  it('makes the platform config directory 0700 even before it holds a profile (the demo never opens it)', () => {
    const xdg = join(work, 'xdg');
    mkdirSync(join(xdg, 'ecsdeck'), { recursive: true });
    chmodSync(join(xdg, 'ecsdeck'), 0o755);
    expect(tightenConfigDir({ XDG_CONFIG_HOME: xdg })).toBe(true);
    expect(mode(join(xdg, 'ecsdeck'))).toBe(0o700);
    // once is enough
    expect(tightenConfigDir({ XDG_CONFIG_HOME: xdg })).toBe(false);
  });

  it('a directory named by ECSDECK_CONFIG_DIR: tightened when it holds the profile file, else left alone; a link never followed', () => {
    const named = join(work, 'named');
    mkdirSync(named);
    chmodSync(named, 0o755);
    expect(tightenConfigDir({ ECSDECK_CONFIG_DIR: named })).toBe(false);
    expect(mode(named)).toBe(0o755);
    writeFileSync(join(named, 'config.json'), '{}', { mode: 0o600 });
    expect(tightenConfigDir({ ECSDECK_CONFIG_DIR: named })).toBe(true);
    expect(mode(named)).toBe(0o700);

    const target = join(work, 'target');
    mkdirSync(target);
    chmodSync(target, 0o755);
    writeFileSync(join(target, 'config.json'), '{}');
    symlinkSync(target, join(work, 'link'));
    expect(tightenConfigDir({ ECSDECK_CONFIG_DIR: join(work, 'link') })).toBe(false);
    expect(mode(target)).toBe(0o755);
  });
});

describe('the scratch folder', () => {
  it('is 0700 in the cache directory; a folder per edit, named after the process', () => {
    const env = { ECSDECK_CACHE_DIR: join(work, 'cache') };
    const dir = makeScratchDir(env);
    expect(dir.startsWith(join(work, 'cache', 'scratch', `${process.pid}-`))).toBe(true);
    expect(mode(scratchRoot(env)!)).toBe(0o700);
    expect(mode(dir)).toBe(0o700);
    // a root someone left open is tightened
    chmodSync(scratchRoot(env)!, 0o755);
    expect(mode(scratchRoot(env)!)).toBe(0o700);
  });

  it('a start removes the folders of processes that are gone, keeps those of running ones and its own', () => {
    const env = { ECSDECK_CACHE_DIR: join(work, 'cache2') };
    const root = scratchRoot(env)!;
    const gone = join(root, '4194305-aaaaaa');
    mkdirSync(gone);
    writeFileSync(join(gone, 'edit.sh'), 'x');
    const running = join(root, `${process.ppid}-bbbbbb`);
    mkdirSync(running);
    const own = makeScratchDir(env);
    expect(cleanStaleScratch(env)).toEqual(['4194305-aaaaaa']);
    expect(existsSync(gone)).toBe(false);
    expect(existsSync(running)).toBe(true);
    expect(existsSync(own)).toBe(true);
  });
});
