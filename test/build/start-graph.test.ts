// What a start loads before its first frame. boot/main.ts loads the app, the demo and the session with
// import(), so each is a graph of its own; everything they import statically is evaluated before the first
// frame is drawn. Screens opened later (`:profiles`, a server's detail) are loaded with import() when first
// shown and must stay out of those graphs: the profile file's library (conf, with ajv and semver) alone was
// about a seventh of the main thread's work before the demo's first frame.
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const FIRST_FRAME = ['src/ui/app.tsx', 'src/boot/demo.ts', 'src/session/session.ts'];

/** Every input file evaluated when `entry` is, following static imports only (import() starts a chunk). */
async function staticGraphs(entries: string[]): Promise<Map<string, Set<string>>> {
  const result = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: entries,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    jsx: 'automatic',
    write: false,
    outdir: join(ROOT, 'dist-graph'),
    metafile: true,
    logLevel: 'silent',
    external: ['node-pty', '@xterm/headless', 'react-devtools-core'],
  });
  const outputs = result.metafile.outputs;
  const graphs = new Map<string, Set<string>>();
  for (const [name, out] of Object.entries(outputs)) {
    // a module loaded with import() gets a chunk of its own, named after it too: only the entries asked for
    if (!out.entryPoint || !entries.includes(out.entryPoint)) continue;
    const inputs = new Set<string>();
    const seen = new Set<string>();
    const visit = (chunk: string) => {
      if (seen.has(chunk)) return;
      seen.add(chunk);
      const o = outputs[chunk];
      if (!o) return;
      for (const input of Object.keys(o.inputs)) inputs.add(input);
      for (const imp of o.imports) if (imp.kind === 'import-statement' && !imp.external) visit(imp.path);
    };
    visit(name);
    graphs.set(out.entryPoint, inputs);
  }
  return graphs;
}

describe('before the first frame', () => {
  it('the app, the demo and the session load no screen that is opened later, nor the profile file library', async () => {
    const graphs = await staticGraphs(FIRST_FRAME);
    expect([...graphs.keys()].sort()).toEqual([...FIRST_FRAME].sort());
    for (const [entry, inputs] of graphs) {
      const later = [...inputs].filter((f) => /^node_modules\/(conf|ajv|ajv-formats|semver)\/|^src\/ui\/screens\/(profiles|server-detail)\.tsx$|^src\/config\/profiles\.ts$/.test(f));
      expect({ entry, later }).toEqual({ entry, later: [] });
    }
    // and the graph is the real one: the app does load its list screens and Ink before the first frame
    expect(graphs.get('src/ui/app.tsx')).toContain('src/ui/screens/servers.ts');
    expect(graphs.get('src/ui/app.tsx')).toContain('node_modules/ink/build/index.js');
  }, 60_000);
});

describe('a one-shot command connected from the environment', () => {
  it('checks the connection without loading the profile file library (a script pays for it at every call)', async () => {
    const entry = 'src/config/connection.ts';
    const graphs = await staticGraphs([entry]);
    const later = [...(graphs.get(entry) ?? [])].filter((f) => /^node_modules\/(conf|ajv|ajv-formats|semver)\/|^src\/config\/profiles\.ts$/.test(f));
    expect(graphs.has(entry)).toBe(true);
    expect(later).toEqual([]);
  }, 60_000);
});
