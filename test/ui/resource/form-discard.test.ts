// A field's `discard` (the SSH key form's private-key guard), as the pure form machine runs it: the text is
// never in the state, the rest of a multi-line paste goes with it, and typing after the paste works again.
import { describe, expect, test } from 'vitest';
import { formStep, initialForm, type FormState } from '../../../src/ui/resource/form.js';
import type { FieldSpec } from '../../../src/ui/resource/spec.js';

const FIELDS: FieldSpec[] = [
  { id: 'label', label: 'Label' },
  { id: 'key', label: 'Key', discard: { test: (v) => (v.includes('PRIVATE KEY') ? 'dropped' : null), until: /-----END [A-Z ]*PRIVATE KEY-----/ } },
];

const text = (s: FormState, input: string) => formStep(s, { type: 'key', input, key: {} });
const enter = (s: FormState) => formStep(s, { type: 'key', input: '', key: { return: true } });
/** Everything the state holds, as one string: nothing of a dropped key may be in it. */
const dump = (s: FormState) => JSON.stringify({ values: s.values, lines: s.lines, error: s.error });

function onKeyField(): FormState {
  let s = initialForm(FIELDS);
  s = text(s, 'box').state;
  return enter(s).state;
}

describe('discard', () => {
  test('a pasted private key: emptied at once, its lines and ⏎ dropped up to the END line and the ⏎ after it', () => {
    let s = onKeyField();
    const paste = ['-----BEGIN OPENSSH PRIVATE KEY-----', 'c2VjcmV0LWxpbmUtb25l', 'c2VjcmV0LWxpbmUtdHdv', '-----END OPENSSH PRIVATE KEY-----'];
    for (const line of paste) {
      const step = text(s, line);
      s = step.state;
      expect(step.submit).toBeUndefined();
      const after = enter(s);
      // no ⏎ of the paste moves on or sends the form
      expect(after.submit).toBeUndefined();
      expect(after.state.focus).toBe(1);
      s = after.state;
    }
    expect(s.values.key).toBe('');
    expect(s.error).toBe('dropped');
    expect(s.discarding).toBeNull();
    expect(dump(s)).not.toMatch(/PRIVATE|c2VjcmV0/);
    // typing goes into the field again
    s = text(s, 'ssh-ed25519 AAAA').state;
    expect(s.values.key).toBe('ssh-ed25519 AAAA');
    expect(s.values.label).toBe('box');
  });

  test('a paste cut short: any key that is not text ends the dropping, and that key works as usual', () => {
    let s = onKeyField();
    s = text(s, '-----BEGIN RSA PRIVATE KEY-----').state;
    s = enter(s).state;
    s = text(s, 'c2VjcmV0').state;
    expect(s.discarding).not.toBeNull();
    s = formStep(s, { type: 'key', input: '', key: { backspace: true } }).state;
    expect(s.discarding).toBeNull();
    s = text(s, '~/.ssh/id.pub').state;
    expect(s.values.key).toBe('~/.ssh/id.pub');
    expect(dump(s)).not.toMatch(/PRIVATE|c2VjcmV0/);
  });
});
