// Runs a classic-script bundle through a V8 code cache (Node 20 keeps no compiled code of its own). The
// first start compiles as usual and, once the program has drawn its first screen, keeps the compiled code,
// including every function compiled while starting; later starts read it back instead of parsing and
// compiling the same code again.
//
// Also on Node 22 and 24, rather than their `module.enableCompileCache()`: that cache is made when a module
// is compiled, before it runs, so it holds only the code V8 compiles eagerly, not the functions the start
// then compiles. Measured (2026-11-25, main thread's CPU from spawn to the demo's first frame, median of 7):
// this cache 113 ms on 22.23 and 112 ms on 24.21, Node's 155 and 149, none 180 and 170 (Node 20.20: 150,
// none 210).
//
// The cache lives in a directory only the user can read and write (a cache holds code that will be run),
// is named after the bundle's contents and the V8 version, and is checked by V8 before use: a stale,
// foreign or damaged cache is refused by V8, the bundle is compiled from source, and the cache is rewritten.

import { chmodSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';

export type CacheOutcome = 'used' | 'rejected' | 'absent' | 'off';

interface LoadedBundle<T> {
  exports: T;
  /** what became of the cache at load: read and accepted, refused by V8, not there, or not kept at all */
  cache: CacheOutcome;
  /** the cache file, when there is a place for one */
  cacheFile: string | null;
  /** writes the cache when this start had none it could use; false when nothing was written */
  save(): boolean;
}

type Env = Record<string, string | undefined>;

/**
 * Where compiled code is kept: `ECSDECK_CACHE_DIR`, else `$XDG_CACHE_HOME/ecsdeck`, else
 * `~/.cache/ecsdeck`. `ECSDECK_NO_COMPILE_CACHE=1` keeps nothing.
 */
export function compileCacheDir(env: Env = process.env): string | null {
  if (env.ECSDECK_NO_COMPILE_CACHE && env.ECSDECK_NO_COMPILE_CACHE !== '0') return null;
  const own = env.ECSDECK_CACHE_DIR?.trim();
  if (own) return own;
  const xdg = env.XDG_CACHE_HOME?.trim();
  if (xdg) return join(xdg, 'ecsdeck');
  const home = homedir();
  return home ? join(home, '.cache', 'ecsdeck') : null;
}

/** A cache directory is trusted only when it is the user's own and nobody else may write into it. */
function privateDir(dir: string): boolean {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const st = statSync(dir);
    if (!st.isDirectory()) return false;
    if (typeof process.getuid === 'function' && st.uid !== process.getuid()) return false;
    if ((st.mode & 0o022) !== 0) chmodSync(dir, st.mode & ~0o077);
    return true;
  } catch {
    return false;
  }
}

function readIfOwn(file: string): Buffer | undefined {
  try {
    const st = statSync(file);
    if (typeof process.getuid === 'function' && st.uid !== process.getuid()) return undefined;
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

type Digests = Record<string, { sha256?: unknown; size?: unknown; mtimeMs?: unknown } | undefined>;

/**
 * The bundle's SHA-256: the one the build wrote beside it in bundles.json while the file still has the size and
 * modification time recorded there; otherwise (edited since, copied without its times, no record) computed here.
 */
function bundleDigest(file: string, bytes: Buffer): string {
  try {
    const ids = JSON.parse(readFileSync(join(dirname(file), 'bundles.json'), 'utf8')) as Digests;
    const id = ids[basename(file)];
    if (id && typeof id.sha256 === 'string' && /^[0-9a-f]{64}$/.test(id.sha256) && id.size === bytes.length && id.mtimeMs === statSync(file).mtimeMs) {
      return id.sha256;
    }
  } catch {
    // no record, or not one we can read: hash the bytes
  }
  return crypto().createHash('sha256').update(bytes).digest('hex');
}

// node:crypto is loaded only when a digest has to be computed: loading it costs a start a few milliseconds
const crypto = () => process.getBuiltinModule('node:crypto');

/**
 * Compiles and runs the CommonJS-shaped bundle at `url` (built by scripts/build.mjs with `import.meta.url`
 * turned into a parameter) and returns its exports.
 */
export function loadBundle<T>(url: URL, dir: string | null = compileCacheDir()): LoadedBundle<T> {
  const file = fileURLToPath(url);
  // read as bytes: when the build's digest cannot be used, they are hashed as they are (hashing the decoded text
  // makes crypto encode all of it again first)
  const bytes = readFileSync(file);
  const source = bytes.toString('utf8');
  // V8's own version names the cache (node:v8's cachedDataVersionTag would cost a start 3 to 5 ms to load the
  // module); a cache made under other V8 flags is refused by V8 itself, and written again
  const key = `${process.arch}-v8-${process.versions.v8}-${bundleDigest(file, bytes).slice(0, 24)}`;
  const usable = dir !== null && privateDir(dir);
  // Per Node version: one that runs the program after another (CI runs three, so may a user switching
  // versions) neither reads nor removes the other's cache.
  const prefix = `${basename(file)}-node${process.versions.node}-`;
  const cacheFile = usable ? join(dir, `${prefix}${key}.cache`) : null;
  const cachedData = cacheFile ? readIfOwn(cacheFile) : undefined;

  // One line, so the bundle's own line numbers (and its source map) stay right.
  const wrapped = `(function (exports, require, module, __filename, __dirname, __ecsdeckImportMetaUrl) {${source}\n})`;
  const script = new Script(wrapped, { filename: file, cachedData });
  const cache: CacheOutcome = cacheFile === null ? 'off' : cachedData === undefined ? 'absent' : script.cachedDataRejected ? 'rejected' : 'used';

  const module = { exports: {} as T };
  const run = script.runInThisContext() as (...args: unknown[]) => void;
  run(module.exports, createRequire(file), module, file, dirname(file), url.href);

  let saved = false;
  const save = (): boolean => {
    if (saved || cacheFile === null || cache === 'used') return false;
    saved = true;
    const temp = `${cacheFile}.${process.pid}.tmp`;
    try {
      writeFileSync(temp, script.createCachedData(), { mode: 0o600 });
      renameSync(temp, cacheFile);
    } catch {
      try {
        unlinkSync(temp);
      } catch {
        // nothing was written
      }
      return false;
    }
    // the caches of earlier builds of this bundle, on this Node, will never be read again
    try {
      for (const name of readdirSync(dirname(cacheFile))) {
        if (name.startsWith(prefix) && name.endsWith('.cache') && name !== basename(cacheFile)) unlinkSync(join(dirname(cacheFile), name));
      }
    } catch {
      // another start may be tidying at the same time
    }
    return true;
  };
  return { exports: module.exports, cache, cacheFile, save };
}
