// The form's key check against OpenSSH itself: keys made by ssh-keygen, their fingerprint lines compared
// with what `ssh-keygen -l` prints; private keys and damaged lines refused.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { keygenLine, looksPrivate, parsePublicKey } from '../../src/rules/index.js';

const hasKeygen = (() => {
  try {
    execFileSync('ssh-keygen', ['-?'], { stdio: 'ignore' });
    return true;
  } catch (e) {
    // it prints its usage and exits 1 when it exists
    return (e as { status?: number }).status !== undefined && (e as { status?: number }).status !== 127 && (e as { code?: string }).code !== 'ENOENT';
  }
})();

const dir = mkdtempSync(join(tmpdir(), 'ecsdeck-keys-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.skipIf(!hasKeygen)('keys made by ssh-keygen', () => {
  test.each([
    ['ed25519', []],
    ['rsa', ['-b', '2048']],
    ['ecdsa', ['-b', '384']],
    ['ecdsa', ['-b', '521']],
  ])('%s %s: the same fingerprint line as ssh-keygen -l; the private half is refused', (type, extra) => {
    const file = join(dir, `k-${type}-${extra.join('')}`);
    execFileSync('ssh-keygen', ['-q', '-t', type, ...extra, '-N', '', '-C', 'me@laptop', '-f', file]);
    const line = readFileSync(`${file}.pub`, 'utf8');
    const parsed = parsePublicKey(line);
    if ('error' in parsed) throw new Error(parsed.error);
    expect(keygenLine(parsed)).toBe(execFileSync('ssh-keygen', ['-l', '-f', `${file}.pub`], { encoding: 'utf8' }).trim());
    const secret = readFileSync(file, 'utf8');
    expect(looksPrivate(secret)).toBe(true);
    expect(parsePublicKey(secret)).toEqual({ error: 'this is a private key: it stays on your machine; give the .pub file or its line instead' });
  });
});

test('not a key, a damaged one, several at once, nothing: each refused with why', () => {
  expect(parsePublicKey('hello world')).toHaveProperty('error', expect.stringMatching(/^not an OpenSSH public key/));
  expect(parsePublicKey('ssh-ed25519 !!!notbase64!!!')).toEqual({ error: 'the key data is not valid base64' });
  const ed = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGk2zXUX6ms8dXzQ7Hw2EPW2vC4qWZ/hF7nTZbZfDGjq a@b';
  expect(parsePublicKey(ed.replace('ssh-ed25519', 'ssh-rsa'))).toEqual({ error: "the key data says 'ssh-ed25519', the line says 'ssh-rsa': the key is damaged" });
  expect(parsePublicKey(`${ed}\n${ed}`)).toEqual({ error: 'one key at a time: the text holds several lines' });
  expect(parsePublicKey('  ')).toEqual({ error: 'no key given: paste a public-key line or give the path to a .pub file' });
  const ok = parsePublicKey(ed);
  if ('error' in ok) throw new Error(ok.error);
  expect(keygenLine(ok)).toMatch(/^256 SHA256:[A-Za-z0-9+/]{43} a@b \(ED25519\)$/);
});
