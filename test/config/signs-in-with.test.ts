// How a profile signs in, in words: one function for `:profiles` and `ecsdeck profiles`, which had three
// wordings between them (`login, until … UTC` and `nothing` on the command line, no `UTC` and `nothing (no
// credential)` on screen, `login` in `profiles add`'s note).
import { describe, expect, it } from 'vitest';
import { signsInWith } from '../../src/config/checks.js';

describe('signsInWith', () => {
  it('names the kind of credential, never the credential, and when a login runs out, in UTC', () => {
    expect(signsInWith({ kind: 'token' })).toBe('API token');
    expect(signsInWith({ kind: 'jwt', expire: Date.UTC(2026, 11, 1, 9, 30) / 1000 })).toBe('login, until 2026-12-01 09:30 UTC');
    expect(signsInWith(null)).toBe('nothing (no credential)');
    // a time that cannot be read is not made up
    expect(signsInWith({ kind: 'jwt', expire: Number.NaN })).toBe('login');
  });
});
