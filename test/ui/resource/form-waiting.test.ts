// ⏎ on a choice whose entries are still loading (a fast typist, a paste, a slow service): the ⏎ and every
// key after it wait, in order, and go once the entries are in, instead of the rest of the burst becoming the
// list's filter. Esc still leaves at once; entries that fail to load drop what waited.
import { describe, expect, test } from 'vitest';
import { formStep, initialForm, type FormState } from '../../../src/ui/resource/form.js';
import type { FieldSpec } from '../../../src/ui/resource/spec.js';

const FIELDS: FieldSpec[] = [
  { id: 'network', label: 'Network', kind: 'choice', choices: async () => [] },
  { id: 'vlan', label: 'VLAN' },
  { id: 'pvid', label: 'Untagged (pvid)', kind: 'yesno' },
];
const ITEMS = ['net000001', 'net000002'].map((n) => ({ value: n, label: n }));

const text = (s: FormState, input: string) => formStep(s, { type: 'key', input, key: {} });
const enter = (s: FormState) => formStep(s, { type: 'key', input: '', key: { return: true } });
const loaded = (s: FormState) => formStep(s, { type: 'items', id: 'network', items: ITEMS });

describe('keys typed before a choice has its entries', () => {
  test('a filter, ⏎, the next field and ⏎ ⏎ in one burst: sent once the entries come, as typed', () => {
    let s = initialForm(FIELDS);
    s = text(s, 'net000002').state;
    s = enter(s).state;
    s = text(s, '300').state;
    s = enter(s).state;
    const last = enter(s);
    expect(last.submit).toBeUndefined();
    // nothing went anywhere yet: the filter is all that was taken
    expect(last.state.values).toEqual({ network: '', vlan: '', pvid: false });
    const step = loaded(last.state);
    expect(step.submit).toEqual({ network: 'net000002', vlan: '300', pvid: false });
  });

  test('keys after the ⏎ that do not finish the form leave it on the field they reached', () => {
    let s = initialForm(FIELDS);
    s = enter(s).state; // no filter: the first entry
    s = text(s, '12').state;
    const step = loaded(s);
    expect(step.submit).toBeUndefined();
    expect(step.state.values.network).toBe('net000001');
    expect(step.state.fields[step.state.focus].id).toBe('vlan');
    expect(step.state.lines.vlan.value).toBe('12');
    // and typing goes on from there, with nothing waiting any more
    expect(text(step.state, '3').state.lines.vlan.value).toBe('123');
  });

  test('esc while keys wait leaves the form at once', () => {
    let s = initialForm(FIELDS);
    s = enter(s).state;
    s = text(s, '300').state;
    expect(formStep(s, { type: 'key', input: '', key: { escape: true } }).cancel).toBe(true);
  });

  test('entries that fail to load: the error shows, what waited is dropped, and keys work again', () => {
    let s = initialForm(FIELDS);
    s = enter(s).state;
    s = text(s, '300').state;
    s = formStep(s, { type: 'refused', error: 'could not load the network choices: timeout' }).state;
    expect(s.error).toBe('could not load the network choices: timeout');
    expect(s.waiting).toBeNull();
    expect(s.values).toEqual({ network: '', vlan: '', pvid: false });
  });

  test('once the entries are in, ⏎ chooses at once', () => {
    let s = loaded(initialForm(FIELDS)).state;
    s = text(s, '2').state;
    s = enter(s).state;
    expect(s.values.network).toBe('net000002');
    expect(s.waiting).toBeNull();
  });
});
