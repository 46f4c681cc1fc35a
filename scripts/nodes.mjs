// The Node versions the project is tested on besides the one running npm: the npm registry carries Node's
// release binaries as packages (node-<platform>-<arch>), so they come through npm like every dependency,
// pinned here, and nothing has to be set up by hand on a CI machine or a fresh clone.
// They are not devDependencies: those packages declare their os and cpu, and npm refuses to install a
// project whose devDependencies do not fit the machine, so a contributor on macOS could not `npm ci`.
//
//   node scripts/nodes.mjs            fetches every pinned version (once; kept in node_modules/.cache)
//   node scripts/nodes.mjs --path 22  fetches that version if needed and prints its binary's path
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Pinned: CI and the bench run exactly these. Node 20, the floor, is whatever runs npm (engines: >=20.19). */
export const NODE_VERSIONS = { 22: '22.23.3', 24: '24.21.0' };

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const STORE = join(ROOT, 'node_modules', '.cache', 'ecsdeck-nodes');

/** The path of Node `major`'s binary, fetched through npm on first need. */
export function nodeBinary(major) {
  const version = NODE_VERSIONS[major];
  if (version === undefined) throw new Error(`no pinned Node ${major}: scripts/nodes.mjs pins ${Object.keys(NODE_VERSIONS).join(', ')}`);
  const pkg = `node-${process.platform}-${process.arch}`;
  const dir = join(STORE, `${pkg}-${version}`);
  const binary = join(dir, 'bin', 'node');
  if (existsSync(binary)) return binary;
  mkdirSync(STORE, { recursive: true });
  const temp = `${dir}.${process.pid}.tmp`;
  rmSync(temp, { recursive: true, force: true });
  mkdirSync(temp);
  // npm checks the tarball against the registry's integrity, and keeps it in its cache for the next clone
  const packed = JSON.parse(execFileSync('npm', ['pack', `${pkg}@${version}`, '--json', '--pack-destination', temp], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }));
  const tarball = join(temp, packed[0].filename);
  execFileSync('tar', ['-xzf', tarball, '-C', temp, '--strip-components=1']);
  rmSync(tarball);
  const got = spawnSync(join(temp, 'bin', 'node'), ['--version'], { encoding: 'utf8' }).stdout.trim();
  if (got !== `v${version}`) throw new Error(`${pkg}@${version} runs as ${got || 'nothing'}`);
  try {
    renameSync(temp, dir);
  } catch (err) {
    // another process fetched it meanwhile
    rmSync(temp, { recursive: true, force: true });
    if (!existsSync(binary)) throw err;
  }
  // versions no longer pinned
  const pinned = new Set(Object.values(NODE_VERSIONS).map((v) => `${pkg}-${v}`));
  for (const name of readdirSync(STORE)) if (name.startsWith(`${pkg}-`) && !name.endsWith('.tmp') && !pinned.has(name)) rmSync(join(STORE, name), { recursive: true, force: true });
  return binary;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf('--path');
  if (at >= 0) console.log(nodeBinary(process.argv[at + 1]));
  else for (const major of Object.keys(NODE_VERSIONS)) console.log(`Node ${major}: ${nodeBinary(major)}`);
}
