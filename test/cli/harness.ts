// Runs the BUILT `ecsdeck` as a child process (stdin, stdout and stderr pipes: no terminal), against an
// emulator process with a manual clock (test/e2e/harness.ts starts it). Build first: node scripts/build.mjs.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, NODE, type Emulator } from '../e2e/harness.js';

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

interface RunOptions {
  env?: Record<string, string | undefined>;
  input?: string;
  /** called every 100 ms while the command runs (moving the emulator's clock) */
  tick?: () => Promise<void>;
}

/** An environment logged in to `emu` as the demo account, with config and cache in temporary directories. */
export function envFor(emu: Emulator): Record<string, string | undefined> {
  return {
    ECSDECK_API_URL: emu.url,
    ECSDECK_USERNAME: 'demo',
    ECSDECK_PASSWORD: 'demo',
    ECSDECK_API_TOKEN: undefined,
    ECSDECK_PROFILE: undefined,
    ECSDECK_CONFIG_DIR: mkdtempSync(join(tmpdir(), 'ecsdeck-cli-conf-')),
    ECSDECK_CACHE_DIR: mkdtempSync(join(tmpdir(), 'ecsdeck-cli-cache-')),
  };
}

export function run(args: string[], opts: RunOptions = {}): Promise<Ran> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries({ ...process.env, ...opts.env })) if (v !== undefined) env[k] = v;
  const child = spawn(NODE, [BIN, ...args], { env, stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  child.stdin.end(opts.input ?? '');
  let ended = false;
  const ticking = (async () => {
    while (opts.tick && !ended) {
      await new Promise((r) => setTimeout(r, 100));
      if (!ended) await opts.tick().catch(() => {});
    }
  })();
  return new Promise((resolve) => {
    child.on('close', (code) => {
      ended = true;
      void ticking.then(() => resolve({ code, stdout, stderr }));
    });
  });
}
