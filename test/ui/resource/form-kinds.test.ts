// The field kinds the create-server wizard's extras brought into the one form reducer: marks (multi), lines
// typed one at a time with a check per line (lines), and a VLAN list read with the service's rules (vlans).
// The wizard's steps are forms of one field over this same formStep, so what is asserted here is what the
// wizard's isolation, script, environment and VLAN editors do.
import { describe, expect, test } from 'vitest';
import { formStep, initialForm, type FormState, type FormStep } from '../../../src/ui/resource/form.js';
import type { FieldSpec } from '../../../src/ui/resource/spec.js';
import { CORE_KEYS, type KeyLike } from '../../../src/ui/keymap.js';
import { MSG } from '../../../src/rules/index.js';
import { takeEnvLine, takeScriptLine } from '../../../src/ui/screens/create-server/extras-state.js';

const key = (s: FormState, input: string, k: KeyLike = {}): FormStep => formStep(s, { type: 'key', input, key: k });
const enter = (s: FormState): FormStep => key(s, '', { return: true });
const typed = (s: FormState, text: string): FormState => key(s, text).state;

describe('multi: a list of marks', () => {
  const servers = ['web-1', 'web-2', 'db-1'].map((n) => ({ value: n, label: n }));
  const field: FieldSpec = { id: 'isolation', label: 'Isolation', kind: 'multi', choices: servers, optional: true };

  test('Space and ⏎ mark and unmark the highlighted entry, the filter picks it', () => {
    let s = initialForm([field]);
    let step = key(s, ' ');
    expect(step.toggled).toEqual({ id: 'isolation', value: 'web-1' });
    s = typed(step.state, 'db');
    step = enter(s);
    expect(step.toggled).toEqual({ id: 'isolation', value: 'db-1' });
    expect(step.state.values.isolation).toEqual(['web-1', 'db-1']);
    expect(step.submit).toBeUndefined();
    step = enter(step.state);
    expect(step.state.values.isolation).toEqual(['web-1']);
  });

  test('new entries (a mark drawn in a label) keep the filter and the highlight', () => {
    let s = key(initialForm([field]), '', { downArrow: true }).state;
    s = formStep(s, { type: 'relist', id: 'isolation', items: servers.map((c) => ({ ...c, label: `[ ] ${c.label}` })) }).state;
    expect(s.lists.isolation?.highlight).toBe(1);
  });
});

describe('yesno: the keys the key table declares for it (scope form)', () => {
  const windows: FieldSpec = { id: 'windows', label: 'Windows', kind: 'yesno' };
  const notes: FieldSpec = { id: 'notes', label: 'Notes', optional: true };
  /** The key of a form binding as footer and help write it, as a terminal sends it. */
  const press = (id: string): string => {
    const label = CORE_KEYS.bindingsFor(['form']).find((b) => b.id === id)?.keys[0];
    if (label === undefined) throw new Error(`the form scope has no ${id}`);
    return label === 'Space' ? ' ' : label;
  };

  test('y answers yes, n no, Space the other answer (Y and N too); with Ctrl or Alt, or another letter, nothing', () => {
    const no = initialForm([windows]);
    expect(no.values.windows).toBe(false);
    const yes = key(no, press('form.yes')).state;
    expect(yes.values.windows).toBe(true);
    expect(key(yes, press('form.no')).state.values.windows).toBe(false);
    expect(key(no, press('form.toggle')).state.values.windows).toBe(true);
    expect(key(yes, press('form.toggle')).state.values.windows).toBe(false);
    expect(key(no, 'Y', { shift: true }).state.values.windows).toBe(true);
    expect(key(yes, 'N', { shift: true }).state.values.windows).toBe(false);
    for (const [input, k] of [['y', { ctrl: true }], ['y', { meta: true }], ['x', {}]] as const) expect(key(no, input, k).state).toBe(no);
    // ⏎ goes on with the answer given
    expect(enter(yes).submit).toEqual({ windows: true });
  });

  test('↓ and ↑ move between fields outside a list', () => {
    const s = initialForm([windows, notes]);
    const down = key(s, '', { downArrow: true }).state;
    expect(down.focus).toBe(1);
    expect(key(down, '', { upArrow: true }).state.focus).toBe(0);
    expect(CORE_KEYS.matchBinding(['form'], '', { downArrow: true })).toBe('form.down');
  });
});

describe('lines: one line at a time, each checked by the field', () => {
  const script: FieldSpec = { id: 'script', label: 'Script', kind: 'lines', optional: true, take: takeScriptLine };

  test('⏎ adds a line, a refused line stays to be fixed with the service message, ⏎ on an empty line goes on', () => {
    let s = enter(typed(initialForm([script]), 'apt-get -y install nginx')).state;
    expect(s.values.script).toEqual(['apt-get -y install nginx']);
    s = enter(typed(s, 'cd ~/app && ./run.sh')).state;
    expect(s.error).toBe(MSG.serverScriptRelativePath);
    expect(s.lines.script?.value).toBe('cd ~/app && ./run.sh');
    expect(s.values.script).toEqual(['apt-get -y install nginx']);
    s = key(s, '', { ctrl: true }).state;
    s = { ...s, lines: { ...s.lines, script: { value: '', cursor: 0 } } };
    const done = enter(s);
    expect(done.submit).toEqual({ script: ['apt-get -y install nginx'] });
  });

  test('a paste adds its lines in order and stops at the first refused one; ⌫ on an empty line takes the last back', () => {
    let s = typed(initialForm([script]), 'echo 1\recho 2\rcd ~/x\recho 4\r');
    expect(s.values.script).toEqual(['echo 1', 'echo 2']);
    expect(s.lines.script?.value).toBe('cd ~/x');
    expect(s.error).toBe(MSG.serverScriptRelativePath);
    s = { ...s, lines: { ...s.lines, script: { value: '', cursor: 0 } } };
    s = key(s, '', { backspace: true }).state;
    expect(s.values.script).toEqual(['echo 1']);
  });

  test('esc adds what is typed before it leaves; a name given again replaces its value (environment)', () => {
    const env: FieldSpec = { id: 'env', label: 'Environment', kind: 'lines', optional: true, take: takeEnvLine };
    let s = enter(typed(initialForm([env]), 'VERSION=1.7')).state;
    const left = key(typed(s, 'VERSION=1.8'), '', { escape: true });
    expect(left.cancel).toBe(true);
    expect(left.state.values.env).toEqual(['VERSION=1.8']);
    s = enter(typed(s, 'NOT VALID')).state;
    expect(s.error).toBe(MSG.invalidEnv);
    expect(key(s, '', { escape: true }).cancel).toBeUndefined();
  });
});

describe('vlans: a VLAN list read with the service rules', () => {
  const vlans: FieldSpec = { id: 'vlans', label: 'VLANs', kind: 'vlans', network: 'net1', optional: true };

  test('an id out of range or given twice is refused on ⏎ with the service message; a good list is taken', () => {
    let step = enter(typed(initialForm([vlans]), '5000'));
    expect(step.submit).toBeUndefined();
    expect(step.state.error).toBe(MSG.vlanOutOfRange('5000'));
    step = enter(typed(initialForm([vlans]), '100, 100 pvid'));
    expect(step.state.error).toBe(MSG.vlanExists(100, 'net1'));
    step = enter(typed(initialForm([vlans]), '100 pvid, 200, 300-310'));
    expect(step.submit).toEqual({ vlans: '100 pvid, 200, 300-310' });
  });
});
