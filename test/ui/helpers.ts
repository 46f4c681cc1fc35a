// Frames arrive asynchronously after stdin writes and rerenders; tests poll for the frame they expect with
// a deadline instead of sleeping a fixed time, so they are as fast as the machine and never flaky-slow.
import { createHash, generateKeyPairSync } from 'node:crypto';

export async function waitForFrame(
  getFrame: () => string | undefined,
  predicate: (frame: string) => boolean,
  timeoutMs = 2000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  let last = getFrame() ?? '';
  while (Date.now() < deadline) {
    last = getFrame() ?? '';
    if (predicate(last)) return last;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`frame did not match within ${timeoutMs} ms; last frame:\n${last}`);
}

/** Resolves once `check` stops throwing (or throws its last error after the deadline). */
export async function waitFor(check: () => void, timeoutMs = 2000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      check();
      return;
    } catch (error) {
      if (Date.now() >= deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }
}

/**
 * Resolves once Ink listens to stdin. useInput subscribes in an effect after the first frame; a write before
 * that would be lost. Ink adds its 'readable' listener in the same effect flush as the input handlers.
 */
export async function inputReady(stdin: { listenerCount(event: string): number }, timeoutMs = 2000): Promise<void> {
  await waitFor(() => {
    if (stdin.listenerCount('readable') === 0) throw new Error('Ink is not reading stdin');
  }, timeoutMs);
}

export const keys = {
  up: '\u001b[A',
  down: '\u001b[B',
  right: '\u001b[C',
  left: '\u001b[D',
  pageUp: '\u001b[5~',
  pageDown: '\u001b[6~',
  enter: '\r',
  escape: '\u001b',
  tab: '\t',
  backspace: '\u007f',
  ctrlU: '\u0015',
  ctrlC: '\u0003',
} as const;

export const ANSI = /\u001b\[[0-9;]*m/;

/**
 * ink-testing-library's render with the app's key dispatcher around the element, as the shell provides it:
 * components take keys through `useKeys`, never through Ink's useInput.
 */
export { renderWithKeys as render } from './render.js';

/** An ed25519 public-key line made with node's crypto, and the fingerprint worked out on its own here. */
export function ed25519Line(comment: string): { line: string; fingerprint: string } {
  const { publicKey } = generateKeyPairSync('ed25519');
  const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url');
  const str = (b: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(b.length);
    return Buffer.concat([len, b]);
  };
  const blob = Buffer.concat([str(Buffer.from('ssh-ed25519')), str(raw)]);
  const fingerprint = `SHA256:${createHash('sha256').update(blob).digest('base64').replace(/=+$/, '')}`;
  return { line: `ssh-ed25519 ${blob.toString('base64')} ${comment}`, fingerprint };
}
