// The commands' bundle (dist/commands.cjs, built by scripts/build.mjs) holds the client and the command
// table, and neither Ink, React nor the dashboard's screens: a one-shot command must start as fast as Node.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const DIST = join(import.meta.dirname, '../../dist');

describe('dist/commands.cjs', () => {
  it('is built from src/cli and the client, without Ink, React or the dashboard', () => {
    const map = JSON.parse(readFileSync(join(DIST, 'commands.cjs.map'), 'utf8')) as { sources: string[] };
    expect(map.sources.some((s) => s.includes('src/cli/table.ts'))).toBe(true);
    expect(map.sources.some((s) => s.includes('src/api/http.ts'))).toBe(true);
    const unwanted = map.sources.filter((s) => /node_modules\/(ink|react|react-reconciler|yoga-layout)\/|src\/ui\/(screens|components|app)|src\/emulator\//.test(s));
    expect(unwanted).toEqual([]);
  });

  it("lists the demo's servers without loading Node's fetch in its own thread (the worker's answers come as data)", async () => {
    const temp = mkdtempSync(join(tmpdir(), 'ecsdeck-no-fetch-'));
    try {
      // preloaded into the command's main thread (a worker runs it too, and is left alone): what it loaded
      const hook = join(temp, 'hook.cjs');
      writeFileSync(
        hook,
        `if (require('node:worker_threads').isMainThread) process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(join(temp, 'loaded.json'))}, JSON.stringify(process.moduleLoadList)));`,
      );
      const env: Record<string, string | undefined> = { ...process.env, ECSDECK_CONFIG_DIR: join(temp, 'config'), ECSDECK_CACHE_DIR: join(temp, 'cache'), XDG_STATE_HOME: join(temp, 'state') };
      for (const k of Object.keys(env)) if (/^ECSDECK_(API|USERNAME|PASSWORD|PROFILE)/.test(k)) delete env[k];
      const bin = join(import.meta.dirname, '../../bin/ecsdeck.js');
      const { stdout } = await promisify(execFile)(process.execPath, ['--require', hook, bin, 'servers', 'list', '--demo', '-o', 'json'], { env, encoding: 'utf8' });
      expect((JSON.parse(stdout) as { name: string }[]).map((s) => s.name)).toContain('ec206901');
      const loaded = JSON.parse(readFileSync(join(temp, 'loaded.json'), 'utf8')) as string[];
      expect(loaded.filter((m) => m.includes('undici'))).toEqual([]);
      // nor node:crypto (a completion cache's name loads it when asked), node:https (an https address does),
      // node:fs/promises or node:v8 (the code cache is named after process.versions.v8)
      expect(loaded.filter((m) => /^NativeModule (crypto|v8|https|fs\/promises)$/.test(m))).toEqual([]);
    } finally {
      rmSync(temp, { recursive: true, force: true });
    }
  });
});
