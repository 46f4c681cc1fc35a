// The bench starts the dashboard hundreds of times and powers off 500 servers through it: none of that may
// land in the person's own profiles or `:history`.
import { expect, test } from 'vitest';
import { tmpdir } from 'node:os';

interface BenchDashboard {
  cleanEnv(extra?: Record<string, string>): Record<string, string | undefined>;
}

test("the bench's programs keep their profiles and their history of writes in directories of their own", async () => {
  // (a path in a variable: the bench is plain JavaScript, without types)
  const path = '../../bench/dashboard.mjs';
  const { cleanEnv } = (await import(path)) as BenchDashboard;
  const a = cleanEnv();
  const b = cleanEnv({ ECSDECK_USERNAME: 'demo' });
  for (const env of [a, b]) {
    expect(env.XDG_STATE_HOME).not.toBe(process.env.XDG_STATE_HOME);
    expect(env.XDG_STATE_HOME!.startsWith(tmpdir())).toBe(true);
    expect(env.ECSDECK_CONFIG_DIR).not.toBe(process.env.ECSDECK_CONFIG_DIR);
    expect(env.CI).toBeUndefined();
  }
  expect(a.XDG_STATE_HOME).not.toBe(b.XDG_STATE_HOME);
  expect(b.ECSDECK_USERNAME).toBe('demo');
});
