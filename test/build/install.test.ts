// One patched Ink for every way the code runs: the install step (scripts/patch-deps.mjs) patches the files in
// node_modules, and tests, the bundle and unbundled runs all load those. Here: Ink imported as every test
// imports it runs every patch; the dashboard's bundle holds every patch; and the install step patches once,
// records what it did, and refuses (writing nothing) a dependency that changed under a patch.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

type Patch = (source: string) => string;
interface PatchDeps {
  APPLIED_KEY: string;
  NODE_MODULES: string;
  originalOf(file: string, nodeModules?: string): string;
  patchedText(name: string, file: string, patch: Patch, original: string): string;
  patchedFiles(): Array<{ name: string; file: string; patch: Patch }>;
  applyPatches(nodeModules?: string): string[];
  checkPatches(nodeModules?: string): void;
}

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
// Loaded by URL: plain JavaScript without declarations; its shape is written down above.
const deps = (await import(pathToFileURL(join(ROOT, 'scripts', 'patch-deps.mjs')).href)) as PatchDeps;
const FILES = deps.patchedFiles();
const EVERY_PATCH = FILES.map(({ name, file }) => `${name} ${file}`).sort();

describe('one patched Ink', () => {
  it('Ink, imported as every test imports it, runs every patch (fifteen files of five packages)', async () => {
    expect(EVERY_PATCH).toHaveLength(15);
    const ink = await import('ink');
    expect(typeof ink.render).toBe('function');
    const ran = (globalThis as Record<symbol, Set<string> | undefined>)[Symbol.for(deps.APPLIED_KEY)];
    expect([...(ran ?? [])].sort()).toEqual(EVERY_PATCH);
  });

  it('the dashboard’s bundle holds every patch', () => {
    const bundle = join(ROOT, 'dist', 'dashboard.cjs');
    expect(existsSync(bundle), 'dist/dashboard.cjs: `npm test` builds it first').toBe(true);
    const text = readFileSync(bundle, 'utf8');
    for (const patch of EVERY_PATCH) expect(text, patch).toContain(JSON.stringify(patch));
  });

  it('node_modules is patched as scripts/patches.mjs says, and `patch-deps --check` says so', () => {
    expect(() => deps.checkPatches()).not.toThrow();
    const check = spawnSync(process.execPath, [join(ROOT, 'scripts', 'patch-deps.mjs'), '--check'], { encoding: 'utf8' });
    expect(check.stdout).toContain('all 15 patched files are as scripts/patches.mjs says');
    expect(check.status).toBe(0);
  });
});

describe('the install step (scripts/patch-deps.mjs), on a copy of the dependencies as npm installs them', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** A node_modules holding the original of every patched file, and its package's package.json. */
  function freshInstall(): string {
    dir = mkdtempSync(join(tmpdir(), 'ecsdeck-install-'));
    const nodeModules = join(dir, 'node_modules');
    for (const { file } of FILES) {
      const target = join(nodeModules, ...file.split('/'));
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, deps.originalOf(file));
      let pkg = dirname(file);
      while (!existsSync(join(deps.NODE_MODULES, pkg, 'package.json'))) pkg = dirname(pkg);
      cpSync(join(deps.NODE_MODULES, pkg, 'package.json'), join(nodeModules, pkg, 'package.json'));
    }
    return nodeModules;
  }
  const contents = (nodeModules: string) => FILES.map(({ file }) => readFileSync(join(nodeModules, file), 'utf8'));

  it('patches every file once, keeps its original, and records the patch, the package version and both hashes', () => {
    const nodeModules = freshInstall();
    expect(() => deps.checkPatches(nodeModules)).toThrow(/not patched as scripts\/patches\.mjs says: ink\/build\/output\.js, .*run `npm run patch-deps`/);
    expect(deps.applyPatches(nodeModules).sort()).toEqual([...new Set(FILES.map((f) => f.file))].sort());
    for (const { name, file, patch } of FILES) {
      expect(readFileSync(join(nodeModules, file), 'utf8'), file).toBe(deps.patchedText(name, file, patch, deps.originalOf(file)));
      expect(deps.originalOf(file, nodeModules), file).toBe(deps.originalOf(file));
    }
    const manifest = JSON.parse(readFileSync(join(nodeModules, '.ecsdeck-patches', 'manifest.json'), 'utf8'));
    expect(manifest.files['ink/build/output.js']).toMatchObject({ patch: 'ink-shared-output-cache', package: 'ink@6.8.0' });
    expect(manifest.files['wrap-ansi/node_modules/string-width/index.js']).toMatchObject({ package: 'string-width@7.2.0' });
    expect(manifest.files['string-width/index.js']).toMatchObject({ package: 'string-width@8.3.0' });
    expect(manifest.files['ink/build/output.js'].original).toMatch(/^[0-9a-f]{64}$/);
    expect(() => deps.checkPatches(nodeModules)).not.toThrow();

    // again: nothing to do, nothing changed
    const before = contents(nodeModules);
    expect(deps.applyPatches(nodeModules)).toEqual([]);
    expect(contents(nodeModules)).toEqual(before);
  });

  it('patches again a file npm put back, and only that one', () => {
    const nodeModules = freshInstall();
    deps.applyPatches(nodeModules);
    writeFileSync(join(nodeModules, 'slice-ansi', 'tokenize-ansi.js'), deps.originalOf('slice-ansi/tokenize-ansi.js'));
    expect(() => deps.checkPatches(nodeModules)).toThrow('these dependencies are not patched as scripts/patches.mjs says: slice-ansi/tokenize-ansi.js; run');
    expect(deps.applyPatches(nodeModules)).toEqual(['slice-ansi/tokenize-ansi.js']);
    expect(() => deps.checkPatches(nodeModules)).not.toThrow();
  });

  it('fails loudly, and writes nothing, when a dependency no longer holds what its patch replaces', () => {
    const nodeModules = freshInstall();
    const upgraded = deps.originalOf('ink/build/output.js').replace('caches = new OutputCaches();', 'caches = createCaches();');
    writeFileSync(join(nodeModules, 'ink', 'build', 'output.js'), upgraded);
    rmSync(join(nodeModules, 'slice-ansi', 'tokenize-ansi.js'));
    const present = () => FILES.filter((f) => f.file !== 'slice-ansi/tokenize-ansi.js').map(({ file }) => readFileSync(join(nodeModules, file), 'utf8'));
    const snapshot = present();
    expect(() => deps.applyPatches(nodeModules)).toThrow(
      'cannot patch the dependencies:\n' +
        '  ink/build/output.js (patch ink-shared-output-cache): ink output.js changed: review its patch in scripts/patches.mjs\n' +
        '  slice-ansi/tokenize-ansi.js is not installed (patch slice-ansi-lazy-segmenter): review it in scripts/patches.mjs',
    );
    expect(present()).toEqual(snapshot);
    expect(existsSync(join(nodeModules, '.ecsdeck-patches'))).toBe(false);
  });

  it('refuses a patched file whose record or original is gone, rather than patching it twice', () => {
    const nodeModules = freshInstall();
    deps.applyPatches(nodeModules);
    rmSync(join(nodeModules, '.ecsdeck-patches', 'originals', 'ink', 'build', 'ink.js'));
    expect(() => deps.applyPatches(nodeModules)).toThrow(
      'ink/build/ink.js: the copy of its original in node_modules/.ecsdeck-patches is missing or damaged; reinstall (npm ci)',
    );
    rmSync(join(nodeModules, '.ecsdeck-patches'), { recursive: true });
    expect(() => deps.applyPatches(nodeModules)).toThrow('ink/build/output.js is patched, but node_modules/.ecsdeck-patches has no record of it; reinstall (npm ci)');
  });
});

describe('install scripts', () => {
  it('every installed package with an install script is approved in package.json, so npm 11 prints no review warning', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { allowScripts?: Record<string, boolean> };
    const approved = new Set(Object.keys(pkg.allowScripts ?? {}).filter((k) => pkg.allowScripts?.[k] === true));
    const withScripts: string[] = [];
    const visit = (dir: string): void => {
      for (const name of readdirSync(dir)) {
        if (name.startsWith('.')) continue;
        const at = join(dir, name);
        if (name.startsWith('@')) {
          visit(at);
          continue;
        }
        const manifest = join(at, 'package.json');
        if (!existsSync(manifest)) continue;
        const m = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string; version?: string; scripts?: Record<string, string> };
        const s = m.scripts ?? {};
        if (s.preinstall || s.install || s.postinstall) withScripts.push(`${m.name}@${m.version}`);
        if (existsSync(join(at, 'node_modules'))) visit(join(at, 'node_modules'));
      }
    };
    visit(join(ROOT, 'node_modules'));
    expect(withScripts.length).toBeGreaterThan(0);
    const unapproved = withScripts.filter((id) => !approved.has(id) && !approved.has(id.slice(0, id.lastIndexOf('@'))));
    expect(unapproved).toEqual([]);
  });
});
