// Applies scripts/patches.mjs to the installed files in node_modules, once, when npm installs (postinstall),
// so that vitest, the bundle and any unbundled run all load the same patched dependencies.
//
// - Idempotent: a file already patched by the current patches is left alone; a file npm put back (a
//   reinstall) is patched again; a file patched by an older version of a patch is patched again from its
//   original.
// - Recorded: node_modules/.ecsdeck-patches/ holds manifest.json (for each file: its patch, its package's
//   version, the SHA-256 of the original and of the patched text) and the original of each file, which the
//   tests compare the patched modules with.
// - Loud: when a dependency's file no longer holds what its patch replaces (an upgrade), nothing at all is
//   written and the install fails, naming the file and the patch to review.
// - Each patched file starts with one line that adds its patch's name to a set on globalThis when the module
//   runs, so a test can import Ink the way vitest does and see which patches it ran.
//
//   node scripts/patch-deps.mjs           apply (npm runs this after installing)
//   node scripts/patch-deps.mjs --check   change nothing; fail unless every patch is applied as it is now
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PATCHES } from './patches.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const NODE_MODULES = join(ROOT, 'node_modules');
const STATE = '.ecsdeck-patches';
/** The set on globalThis where each patched module, when it runs, leaves `<patch> <file>`. */
export const APPLIED_KEY = 'ecsdeck.patches';
const MARK_PREFIX = '/* ecsdeck patch */';

const sha256 = (text) => createHash('sha256').update(text).digest('hex');

/** Every file the patches change, with its patch: `[{ name, file, patch }]`. */
export function patchedFiles() {
  return PATCHES.flatMap(({ name, files, patch }) => files.map((file) => ({ name, file, patch })));
}

/** The line each patched file starts with. */
export function markLine(name, file) {
  return `${MARK_PREFIX} (globalThis[Symbol.for(${JSON.stringify(APPLIED_KEY)})] ??= new Set()).add(${JSON.stringify(`${name} ${file}`)});`;
}

/**
 * The text of `file` patched by `patch`: the mark line, then the patched module, without its source-map
 * comment (the package's map describes the original; bundlers and Vite would follow it to wrong lines).
 */
export function patchedText(name, file, patch, original) {
  return `${markLine(name, file)}\n${patch(original).replace(/^\/\/# sourceMappingURL=.*$/m, '')}`;
}

function readManifest(nodeModules) {
  try {
    return JSON.parse(readFileSync(join(nodeModules, STATE, 'manifest.json'), 'utf8'));
  } catch {
    return { files: {} };
  }
}

/** The original (as npm installed it) of a patched file, kept when it was patched. */
export function originalOf(file, nodeModules = NODE_MODULES) {
  return readFileSync(join(nodeModules, STATE, 'originals', file), 'utf8');
}

function packageOf(nodeModules, file) {
  const parts = file.split('/');
  // the last node_modules/<name> or node_modules/@scope/<name> in the path
  const at = parts.lastIndexOf('node_modules') + 1;
  const name = parts[at].startsWith('@') ? `${parts[at]}/${parts[at + 1]}` : parts[at];
  const dir = join(nodeModules, ...parts.slice(0, at), ...name.split('/'));
  try {
    return `${name}@${JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).version}`;
  } catch {
    return `${name}@?`;
  }
}

/**
 * Works out, for every patched file, its original and its patched text, without writing anything. Throws one
 * error naming every file that cannot be patched.
 */
function plan(nodeModules) {
  const manifest = readManifest(nodeModules);
  const problems = [];
  const steps = [];
  for (const { name, file, patch } of patchedFiles()) {
    const path = join(nodeModules, ...file.split('/'));
    if (!existsSync(path)) {
      problems.push(`${file} is not installed (patch ${name}): review it in scripts/patches.mjs`);
      continue;
    }
    const current = readFileSync(path, 'utf8');
    const record = manifest.files[file];
    let original = current;
    if (record !== undefined && sha256(current) === record.patched) {
      try {
        original = originalOf(file, nodeModules);
      } catch {
        original = null;
      }
      if (original === null || sha256(original) !== record.original) {
        problems.push(`${file}: the copy of its original in node_modules/${STATE} is missing or damaged; reinstall (npm ci)`);
        continue;
      }
    } else if (current.startsWith(MARK_PREFIX)) {
      problems.push(`${file} is patched, but node_modules/${STATE} has no record of it; reinstall (npm ci)`);
      continue;
    }
    try {
      const patched = patchedText(name, file, patch, original);
      steps.push({ name, file, path, current, original, patched });
    } catch (err) {
      problems.push(`${file} (patch ${name}): ${err.message}`);
    }
  }
  if (problems.length > 0) throw new Error(`cannot patch the dependencies:\n  ${problems.join('\n  ')}`);
  return steps;
}

/** Files not patched as the current patches would patch them: empty when everything is applied. */
export function unpatched(nodeModules = NODE_MODULES) {
  return plan(nodeModules)
    .filter((step) => step.current !== step.patched)
    .map((step) => step.file);
}

/** Throws unless every patch is applied as it is now written. Changes nothing. */
export function checkPatches(nodeModules = NODE_MODULES) {
  const stale = unpatched(nodeModules);
  if (stale.length > 0) {
    throw new Error(`these dependencies are not patched as scripts/patches.mjs says: ${stale.join(', ')}; run \`npm run patch-deps\` (npm install runs it)`);
  }
}

function writeAtomically(path, text) {
  mkdirSync(dirname(path), { recursive: true });
  const temp = `${path}.${process.pid}.tmp`;
  writeFileSync(temp, text);
  renameSync(temp, path);
}

/** Applies every patch; returns the files it changed. Writes nothing when any file cannot be patched. */
export function applyPatches(nodeModules = NODE_MODULES) {
  const steps = plan(nodeModules);
  const changed = steps.filter((step) => step.current !== step.patched);
  if (changed.length === 0) return [];
  // The originals and the record go first: if this is interrupted, a file still holding its original is
  // patched next time, and one already patched is recognised by the record.
  const files = {};
  for (const step of steps) {
    writeAtomically(join(nodeModules, STATE, 'originals', step.file), step.original);
    files[step.file] = { patch: step.name, package: packageOf(nodeModules, step.file), original: sha256(step.original), patched: sha256(step.patched) };
  }
  writeAtomically(join(nodeModules, STATE, 'manifest.json'), `${JSON.stringify({ files }, null, 2)}\n`);
  for (const step of changed) writeAtomically(step.path, step.patched);
  return changed.map((step) => step.file);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    if (process.argv.includes('--check')) {
      checkPatches();
      console.log(`patch-deps: all ${patchedFiles().length} patched files are as scripts/patches.mjs says`);
    } else if (ROOT.includes(`${sep}node_modules${sep}`)) {
      // installed as another project's dependency: its bundle was built, patched, before it was packed
      console.log('patch-deps: installed as a dependency, nothing to patch');
    } else {
      const changed = applyPatches();
      console.log(changed.length === 0 ? 'patch-deps: already applied' : `patch-deps: patched ${changed.join(', ')}`);
    }
  } catch (err) {
    console.error(`patch-deps: ${err.message}`);
    process.exit(1);
  }
}
