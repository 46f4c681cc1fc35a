// The pieces behind "every hint true": keys that would do nothing are left out of the footer, help offers
// only the way it can scroll, the sort chooser, and the header that keeps its counts.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup } from 'ink-testing-library';
import { Header, contextMinimum, fitContext, helpIdle } from '../../../src/ui/components/Frame.js';
import { byInitial, pickSort } from '../../../src/ui/components/SortChooser.js';
import { KEYS } from '../../../src/ui/registry.js';
import { idleKeys } from '../../../src/ui/resource/useResourceActions.js';
import { keepProblem } from '../../../src/ui/screens/snapshots.js';
import { enterWord, wizardIdle } from '../../../src/ui/screens/create-server/hints.js';
import { hintFor } from '../../../src/ui/screens/create-server/parts.js';
import { initialWizardState } from '../../../src/ui/screens/create-server/state.js';
import { displayWidth } from '../../../src/ui/text.js';
import { render, waitForFrame } from '../helpers.js';

const { footerText } = KEYS;

afterEach(() => cleanup());

describe('the footer leaves out keys that would do nothing', () => {
  it('drops an idle id, and the scope below cannot bring it back', () => {
    const scopes = ['servers', 'global', 'table'];
    expect(footerText(scopes, 300)).toContain('p power on');
    const without = footerText(scopes, 300, { idle: new Set(['servers.powerOn']) });
    expect(without).not.toContain('p power on');
    expect(without).toContain('P power off');
  });

  it("the wizard's esc says back on a later step and cancel on the first", () => {
    const scopes = ['create-server', 'dialog'];
    const first = footerText(scopes, 200, { idle: new Set(wizardIdle({ step: 'plan', sending: false, created: null })) });
    expect(first).toContain('esc cancel');
    expect(first).not.toContain('esc back');
    expect(first).not.toContain('x extras');
    const later = footerText(scopes, 200, { idle: new Set(wizardIdle({ step: 'image', sending: false, created: null })) });
    expect(later).toContain('esc back');
    expect(later).not.toContain('esc cancel');
    const review = footerText(scopes, 200, { idle: new Set(wizardIdle({ step: 'review', sending: false, created: null })) });
    expect(review).toContain('x extras');
    expect(review).toContain('esc cancel');
    // no `clear filter` without a filter; with one, esc clears it on any step, and says only that
    for (const f of [first, later, review]) expect(f).not.toContain('clear filter');
    for (const step of ['plan', 'image', 'extras'] as const) {
      const typed = footerText(scopes, 200, { idle: new Set(wizardIdle({ step, sending: false, created: null }, true)) });
      expect(typed).toContain('esc clear filter');
      expect(typed).not.toMatch(/esc (back|cancel)/);
    }
  });

  it("a key's owner may say what it does now in its own word, in place of the key's generic one", () => {
    const scopes = ['create-server', 'dialog'];
    expect(footerText(scopes, 200, { idle: new Set(wizardIdle({ step: 'plan', sending: false, created: null })) })).toContain('⏎ ok');
    const review = { step: 'review', sending: false, created: null, editing: null } as const;
    const words = new Map([['dialog.submit', enterWord(review) ?? '']]);
    expect(footerText(scopes, 200, { idle: new Set(wizardIdle(review)), words })).toMatch(/^⏎ create {2}esc cancel/);
    // read-only, the review's ⏎ only says that nothing can be sent: not offered
    expect(enterWord(review, false, true)).toBeUndefined();
    expect(footerText(scopes, 200, { idle: new Set(wizardIdle(review, false, true)) })).not.toContain('⏎');
    // a word for a key that is idle brings nothing back
    expect(footerText(scopes, 200, { idle: new Set(['dialog.submit']), words })).not.toContain('⏎');
  });

  it("each wizard step's key line names the keys the footer names, in the footer's order", () => {
    const scopes = ['create-server', 'dialog'];
    for (const step of ['plan', 'location', 'image', 'notes', 'review', 'extras'] as const) {
      for (const scrolls of step === 'review' ? [false, true] : [false]) {
        const state = { ...initialWizardState(), step };
        const footer = footerText(scopes, 300, { idle: new Set(wizardIdle(state)), words: new Map([['dialog.submit', enterWord(state) ?? '']]) });
        const line = hintFor(state, false, scrolls);
        const hints = footer.split(/ {2}/);
        // every key the footer offers, the step's own line offers too, in the same words and the same order
        const at = hints.map((h) => line.indexOf(h));
        expect(at.every((i) => i >= 0), `${step}: ${line} | ${footer}`).toBe(true);
        expect(at, `${step}: ${line} | ${footer}`).toEqual([...at].sort((a, b) => a - b));
      }
    }
  });

  it('help offers ↑ only when it can go up and ↓ only when there is more below', () => {
    expect(helpIdle(0, 10, 20)).toEqual(['help.up', 'help.down']);
    expect(helpIdle(0, 40, 20)).toEqual(['help.up']);
    expect(helpIdle(5, 40, 20)).toEqual([]);
    expect(helpIdle(21, 40, 20)).toEqual(['help.down']);
    const top = footerText(['help'], 100, { idle: new Set(helpIdle(0, 40, 20)) });
    expect(top).toContain('↓ more');
    expect(top).not.toContain('↑');
  });

  it("the pager offers neither a filter nor ⏎ open", () => {
    const text = footerText(['pager', 'global'], 200);
    expect(text).not.toContain('/ filter');
    expect(text).not.toContain('⏎ open');
    expect(text).toContain('y copy');
  });
});

describe('idleKeys: what a screen tells the footer about its selected row', () => {
  type Row = { locked?: boolean; off?: boolean };
  const spec = {
    edit: {},
    remove: { kind: 'yesno', refuse: (r: Row) => (r.locked ? 'reserved until 2027' : null) },
    keys: [
      { id: 'x.powerOn', refuse: (r: Row) => (r.off ? null : 'already running') },
      { id: 'x.create', noRow: true },
    ],
  } as never;
  const ctx = {} as never;
  it('no row: the keys that need one are idle, those that do not are not', () => {
    expect(idleKeys(spec, ctx, undefined, true)).toEqual(['copy', 'open', 'edit', 'delete', 'x.powerOn']);
  });
  it('a refusal that holds for the row makes its key idle (d on a reserved server, p on a running one)', () => {
    expect(idleKeys<Row>(spec, ctx, { locked: true, off: true }, true)).toEqual(['delete']);
    expect(idleKeys<Row>(spec, ctx, { off: false }, true)).toEqual(['x.powerOn']);
    expect(idleKeys<Row>(spec, ctx, { off: true }, false)).toEqual(['open']);
  });
});

describe('the sort chooser', () => {
  const columns = [
    { key: 'name', header: 'NAME' },
    { key: 'notes', header: 'NOTES' },
    { key: 'plan', header: 'PLAN' },
    { key: 'status', header: 'STATUS' },
  ];
  it('a letter goes to the next column of that initial, wrapping', () => {
    expect(byInitial(columns, 0, 'n')).toBe(1);
    expect(byInitial(columns, 1, 'N')).toBe(0);
    expect(byInitial(columns, 0, 'p')).toBe(2);
    expect(byInitial(columns, 0, 'z')).toBe(-1);
  });
  it('a new column sorts up; the current one turns round', () => {
    expect(pickSort({ column: 'name', descending: false }, 'plan')).toEqual({ column: 'plan', descending: false });
    expect(pickSort({ column: 'plan', descending: false }, 'plan')).toEqual({ column: 'plan', descending: true });
  });
});

describe('the schedule form', () => {
  it('refuses more snapshots than the weekday keeps, and says the limit', () => {
    expect(keepProblem('3', 0)).toBe('at most 2 kept on Sundays: the service keeps no more');
    expect(keepProblem('2', 0)).toBeNull();
    expect(keepProblem('4', 1)).toBeNull();
    expect(keepProblem('5', 1)).toContain('at most 4');
    expect(keepProblem('x', 0)).toBe('a whole number of snapshots, 1 to 2');
  });
});

describe('the header at 80 columns', () => {
  const now = new Date(Date.UTC(2026, 10, 20, 14, 3, 59));
  it('cuts a longer profile name before it drops the counts', async () => {
    const { lastFrame } = render(
      <Header width={80} profile="production-eu" endpoint="https://api.example.net" local counts={['12 servers', '0 running actions']} now={now} />,
    );
    const frame = await waitForFrame(lastFrame, (f) => f.includes('UTC'));
    expect(frame).toContain('12 servers · 0 running actions · 14:03 UTC');
    // the profile name is cut to six columns first, then the address as much as needed
    expect(frame).toMatch(/ecsdeck ─ produ… @ local emul\S*… /);
    expect(displayWidth(frame)).toBe(80);
  });
  it('fits profile @ address in the room, the profile first', () => {
    expect(fitContext('demo', 'local emulator', 40)).toBe('demo @ local emulator');
    expect(fitContext('production-eu', 'local emulator', 26)).toBe('producti… @ local emulator');
    expect(fitContext('production-eu', 'local emulator', 21)).toBe('produ… @ local emula…');
    expect(contextMinimum('production-eu', 'local emulator')).toBe(6 + 3 + 8);
  });
});
