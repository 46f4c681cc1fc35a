// The dashboard bundle is compiled once and its compiled code kept in a private cache directory; later
// starts read it back. These tests load a small bundle the same way the entry point loads the real one.
//
// A later start is a new process: within one process V8 remembers scripts it has compiled and would take
// them from memory, whatever the cache file holds. So every test that looks at what a later start does with
// the file runs each start in a child node process, through compile-cache.ts turned into plain JavaScript.
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { transformSync } from 'esbuild';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { compileCacheDir, loadBundle, type CacheOutcome } from '../../src/boot/compile-cache.js';

interface Exports {
  answer(): number;
  url: string;
  path: string;
  dir: string;
  total: number;
  version: string;
}

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) {
    chmodSync(dir, 0o700);
    rmSync(dir, { recursive: true, force: true });
  }
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'ecsdeck-ccache-'));
  made.push(dir);
  return dir;
}

/**
 * A CommonJS-shaped bundle with enough functions, all called while it loads, that V8 keeps real compiled
 * code. `version` changes its text; `nonce` keeps each test's source distinct from every other test's.
 */
function bundleText(version: string, nonce = randomBytes(8).toString('hex')): string {
  const helpers = Array.from(
    { length: 40 },
    (_, i) => `function helper${i}(n) { let s = 0; for (let k = 0; k < n; k++) { s += (k * ${i + 1}) % 7; } return s + ${i}; }`,
  ).join('\n');
  const calls = Array.from({ length: 40 }, (_, i) => `helper${i}(${i + 3})`).join(' + ');
  return `// bundle ${nonce}
'use strict';
const path = require('node:path');
${helpers}
const total = ${calls};
module.exports = {
  answer: () => 42,
  url: __ecsdeckImportMetaUrl,
  path: path.basename(__filename),
  dir: __dirname,
  total,
  version: ${JSON.stringify(version)},
};
`;
}

/** A bundle file in its own temp dir, with a separate cache dir beside it. */
function setup(name = 'app.cjs', version = 'v1') {
  const home = tempDir();
  const file = join(home, name);
  writeFileSync(file, bundleText(version));
  return { home, file, url: pathToFileURL(file), cacheDir: join(home, 'cache') };
}

let tool = '';
beforeAll(() => {
  tool = mkdtempSync(join(tmpdir(), 'ecsdeck-ccache-tool-'));
  const source = readFileSync(join(import.meta.dirname, '../../src/boot/compile-cache.ts'), 'utf8');
  writeFileSync(join(tool, 'compile-cache.mjs'), transformSync(source, { loader: 'ts', format: 'esm' }).code);
  writeFileSync(
    join(tool, 'start.mjs'),
    `import { loadBundle } from './compile-cache.mjs';
const [url, dir] = process.argv.slice(2);
const b = loadBundle(new URL(url), dir === '-' ? null : dir);
const e = b.exports;
const saved = b.save();
const crypto = process.moduleLoadList.includes('NativeModule crypto');
process.stdout.write(JSON.stringify({ cache: b.cache, cacheFile: b.cacheFile, saved, answer: e.answer(), url: e.url, path: e.path, total: e.total, crypto }));
`,
  );
});
afterAll(() => {
  if (tool) rmSync(tool, { recursive: true, force: true });
});

interface Start {
  cache: CacheOutcome;
  cacheFile: string | null;
  saved: boolean;
  answer: number;
  url: string;
  path: string;
  total: number;
  /** whether the start loaded node:crypto */
  crypto: boolean;
}

/** One start of the program in a new process: loads the bundle, then saves the cache as after the first frame. */
function start(url: URL, dir: string | null): Start {
  const { NODE_OPTIONS: _ignored, ...env } = process.env;
  const out = execFileSync(process.execPath, [join(tool, 'start.mjs'), url.href, dir ?? '-'], { env, encoding: 'utf8' });
  return JSON.parse(out) as Start;
}

const mode = (p: string) => statSync(p).mode & 0o777;
const cachesOf = (dir: string, name: string) => readdirSync(dir).filter((n) => n.startsWith(`${name}-`) && n.endsWith('.cache'));

describe('loadBundle', () => {
  test('the first start runs the bundle from source and keeps its compiled code in a private file', () => {
    const { home, file, url, cacheDir } = setup();
    const loaded = loadBundle<Exports>(url, cacheDir);

    expect(loaded.cache).toBe('absent');
    expect(loaded.exports.answer()).toBe(42);
    expect(loaded.exports.url).toBe(url.href);
    expect(loaded.exports.path).toBe('app.cjs');
    expect(loaded.exports.dir).toBe(home);
    expect(loaded.exports.total).toBeGreaterThan(0);
    expect(loaded.cacheFile).not.toBeNull();
    expect(loaded.cacheFile!.startsWith(join(cacheDir, 'app.cjs-'))).toBe(true);
    expect(loaded.cacheFile!.endsWith('.cache')).toBe(true);
    expect(existsSync(loaded.cacheFile!)).toBe(false);

    expect(loaded.save()).toBe(true);
    expect(statSync(loaded.cacheFile!).size).toBeGreaterThan(0);
    expect(mode(loaded.cacheFile!)).toBe(0o600);
    expect(mode(cacheDir)).toBe(0o700);
    // no temporary file is left beside it
    expect(readdirSync(cacheDir)).toEqual([loaded.cacheFile!.slice(cacheDir.length + 1)]);
    // the bundle file itself is untouched
    expect(readFileSync(file, 'utf8')).toContain("answer: () => 42");
  });

  test('a second start uses the kept code, runs the same, and does not write it again', () => {
    const { url, cacheDir } = setup();
    const first = start(url, cacheDir);
    expect(first).toMatchObject({ cache: 'absent', saved: true, answer: 42 });
    const file = first.cacheFile!;
    const before = readFileSync(file);
    // an old timestamp, so that any rewrite would show
    utimesSync(file, new Date(2000, 0, 1), new Date(2000, 0, 1));
    const mtime = statSync(file).mtimeMs;

    const second = start(url, cacheDir);
    expect(second.cache).toBe('used');
    expect(second.cacheFile).toBe(file);
    expect(second.answer).toBe(42);
    expect(second.url).toBe(url.href);
    expect(second.path).toBe('app.cjs');
    expect(second.total).toBe(first.total);

    expect(second.saved).toBe(false);
    expect(statSync(file).mtimeMs).toBe(mtime);
    expect(readFileSync(file).equals(before)).toBe(true);
  });

  test.each([
    ['overwritten with random bytes', (f: string) => writeFileSync(f, randomBytes(statSync(f).size))],
    ['cut short', (f: string) => writeFileSync(f, readFileSync(f).subarray(0, 40))],
  ])('a cache %s is refused, the bundle still runs, and saving replaces it with one the next start uses', (_label, damage) => {
    const { url, cacheDir } = setup();
    const first = start(url, cacheDir);
    expect(first.saved).toBe(true);
    damage(first.cacheFile!);
    const damaged = readFileSync(first.cacheFile!);

    const second = start(url, cacheDir);
    expect(second.cache).toBe('rejected');
    expect(second.answer).toBe(42);
    expect(second.url).toBe(url.href);
    expect(second.total).toBe(first.total);
    expect(second.saved).toBe(true);
    expect(readFileSync(second.cacheFile!).equals(damaged)).toBe(false);
    expect(mode(second.cacheFile!)).toBe(0o600);

    const third = start(url, cacheDir);
    expect(third.cache).toBe('used');
    expect(third.answer).toBe(42);
  });

  test('saving twice in one start writes once', () => {
    const { url, cacheDir } = setup();
    const loaded = loadBundle<Exports>(url, cacheDir);
    expect(loaded.save()).toBe(true);
    expect(loaded.save()).toBe(false);
  });

  test("a changed bundle gets a cache of its own, and saving it removes the earlier build's cache only", () => {
    const { file, url, cacheDir } = setup('app.cjs', 'v1');
    const other = setup('other.cjs');
    const old = loadBundle<Exports>(url, cacheDir);
    expect(old.save()).toBe(true);
    const neighbour = loadBundle<Exports>(other.url, cacheDir);
    expect(neighbour.save()).toBe(true);

    writeFileSync(file, bundleText('v2'));
    const changed = loadBundle<Exports>(url, cacheDir);
    expect(changed.exports.version).toBe('v2');
    expect(changed.cache).toBe('absent');
    expect(changed.cacheFile).not.toBe(old.cacheFile);
    // the earlier cache stays until the new one is written
    expect(existsSync(old.cacheFile!)).toBe(true);

    expect(changed.save()).toBe(true);
    expect(existsSync(old.cacheFile!)).toBe(false);
    expect(cachesOf(cacheDir, 'app.cjs')).toEqual([changed.cacheFile!.slice(cacheDir.length + 1)]);
    // another bundle's cache in the same directory is left alone
    expect(existsSync(neighbour.cacheFile!)).toBe(true);
    expect(cachesOf(cacheDir, 'other.cjs')).toHaveLength(1);
  });

  test('another Node version’s cache of the same bundle is neither read nor removed (CI and users switch versions)', () => {
    const { url, cacheDir } = setup('app.cjs', 'v1');
    const first = loadBundle<Exports>(url, cacheDir);
    expect(first.cacheFile).toContain(`app.cjs-node${process.versions.node}-`);
    const otherNode = join(cacheDir, 'app.cjs-node99.0.0-0123456789abcdef01234567.cache');
    writeFileSync(otherNode, 'compiled by another Node', { mode: 0o600 });
    expect(first.save()).toBe(true);
    expect(existsSync(otherNode)).toBe(true);
    expect(cachesOf(cacheDir, 'app.cjs').sort()).toEqual([first.cacheFile!.slice(cacheDir.length + 1), 'app.cjs-node99.0.0-0123456789abcdef01234567.cache'].sort());
    expect(loadBundle<Exports>(url, cacheDir).cache).toBe('used');
  });

  test('with no cache directory the bundle runs and nothing is kept', () => {
    const { home, url } = setup();
    const before = readdirSync(home).sort();
    const loaded = loadBundle<Exports>(url, null);
    expect(loaded.cache).toBe('off');
    expect(loaded.cacheFile).toBeNull();
    expect(loaded.exports.answer()).toBe(42);
    expect(loaded.exports.url).toBe(url.href);
    expect(loaded.save()).toBe(false);
    expect(readdirSync(home).sort()).toEqual(before);
  });

  test('a cache directory others can write to is made private before it is used', () => {
    const { url } = setup();
    const cacheDir = tempDir();
    chmodSync(cacheDir, 0o777);
    expect(mode(cacheDir)).toBe(0o777);

    const loaded = loadBundle<Exports>(url, cacheDir);
    expect(mode(cacheDir)).toBe(0o700);
    expect(loaded.cache).toBe('absent');
    expect(loaded.save()).toBe(true);
    expect(start(url, cacheDir).cache).toBe('used');
  });

  test('a missing cache directory is created, parents included, private', () => {
    const { home, url } = setup();
    const cacheDir = join(home, 'a', 'b', 'c');
    expect(existsSync(join(home, 'a'))).toBe(false);

    const loaded = loadBundle<Exports>(url, cacheDir);
    expect(statSync(cacheDir).isDirectory()).toBe(true);
    expect(mode(cacheDir)).toBe(0o700);
    expect(loaded.save()).toBe(true);
    expect(existsSync(loaded.cacheFile!)).toBe(true);
  });
});

describe("the build's record of each bundle (dist/bundles.json)", () => {
  const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');
  const record = (file: string, sha: string) => {
    const { size, mtimeMs } = statSync(file);
    writeFileSync(join(file, '..', 'bundles.json'), JSON.stringify({ 'app.cjs': { sha256: sha, size, mtimeMs } }));
  };

  test('a start names the cache after the recorded digest and does not load node:crypto to hash the bundle', () => {
    const { file, url, cacheDir } = setup();
    const unrecorded = start(url, cacheDir);
    expect(unrecorded.crypto).toBe(true);
    expect(unrecorded.cacheFile).toContain(sha256(file).slice(0, 24));

    record(file, sha256(file));
    const first = start(url, cacheDir);
    expect(first.crypto).toBe(false);
    expect(first.cacheFile).toBe(unrecorded.cacheFile);
    expect(first.cache).toBe('used');
  });

  test('a bundle changed after the build (same size, later time) is hashed as it is: the cache of the recorded one is not read', () => {
    const { file, url, cacheDir } = setup('app.cjs', 'v1');
    record(file, sha256(file));
    const before = start(url, cacheDir);
    expect(before.cache).toBe('absent');
    expect(start(url, cacheDir).cache).toBe('used');

    // same length, other code: only the record's size and time tell it apart before hashing
    const text = readFileSync(file, 'utf8').replace('answer: () => 42', 'answer: () => 43');
    writeFileSync(file, text);
    utimesSync(file, new Date(), new Date(Date.now() + 5_000));
    const after = start(url, cacheDir);
    expect(after.crypto).toBe(true);
    expect(after.answer).toBe(43);
    expect(after.cache).toBe('absent');
    expect(after.cacheFile).toContain(sha256(file).slice(0, 24));
    expect(after.cacheFile).not.toBe(before.cacheFile);
  });

  test('a record that is not one (damaged file, wrong digest shape) is ignored and the bundle hashed', () => {
    const { file, url, cacheDir } = setup();
    writeFileSync(join(file, '..', 'bundles.json'), '{"app.cjs": ');
    const damaged = start(url, cacheDir);
    expect(damaged.crypto).toBe(true);
    expect(damaged.cacheFile).toContain(sha256(file).slice(0, 24));
    record(file, '../../etc/passwd');
    const odd = start(url, cacheDir);
    expect(odd.cacheFile).toBe(damaged.cacheFile);
  });

  test('the build records every code-cached bundle as it is in dist/', () => {
    const dist = join(import.meta.dirname, '../../dist');
    const ids = JSON.parse(readFileSync(join(dist, 'bundles.json'), 'utf8')) as Record<string, { sha256: string; size: number; mtimeMs: number }>;
    expect(Object.keys(ids).sort()).toEqual(['commands.cjs', 'dashboard.cjs', 'emulator.cjs']);
    for (const [name, id] of Object.entries(ids)) {
      const { size, mtimeMs } = statSync(join(dist, name));
      expect({ name, ...id }).toEqual({ name, sha256: sha256(join(dist, name)), size, mtimeMs });
    }
  });
});

describe('compileCacheDir', () => {
  test('ECSDECK_NO_COMPILE_CACHE=1 keeps nothing; 0 does not turn the cache off', () => {
    expect(compileCacheDir({ ECSDECK_NO_COMPILE_CACHE: '1', ECSDECK_CACHE_DIR: '/tmp/x' })).toBeNull();
    expect(compileCacheDir({ ECSDECK_NO_COMPILE_CACHE: '0', ECSDECK_CACHE_DIR: '/tmp/x' })).toBe('/tmp/x');
  });

  test('ECSDECK_CACHE_DIR comes before XDG_CACHE_HOME', () => {
    expect(compileCacheDir({ ECSDECK_CACHE_DIR: '/tmp/own', XDG_CACHE_HOME: '/tmp/xdg' })).toBe('/tmp/own');
  });

  test('XDG_CACHE_HOME gives its ecsdeck folder', () => {
    expect(compileCacheDir({ XDG_CACHE_HOME: '/tmp/xdg' })).toBe(join('/tmp/xdg', 'ecsdeck'));
  });

  test('with neither, the cache is ~/.cache/ecsdeck', () => {
    expect(compileCacheDir({})).toBe(join(homedir(), '.cache', 'ecsdeck'));
  });
});
