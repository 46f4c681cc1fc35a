// Footer and help cannot lie: every key written in any scope of the one key table (screens, lists, dialogs,
// help, the sort chooser, the pager) is matched by that table to a binding that shows it, and pressed in the
// dialog or overlay that shows it, it does what the binding says.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup } from 'ink-testing-library';
import { HelpOverlay } from '../../../src/ui/components/Frame.js';
import { SortChooser } from '../../../src/ui/components/SortChooser.js';
import { buildKeyTable, type KeyLike } from '../../../src/ui/keymap.js';
import { OWN_KEY_IDS, SCREEN_IDS } from '../../../src/ui/ids.js';
import { KEYS, SCREEN_KEY_SCOPES, SCREENS } from '../../../src/ui/registry.js';
import { DialogView } from '../../../src/ui/resource/dialogs.js';
import type { Ctx } from '../../../src/ui/resource/spec.js';
import { wizardIdle } from '../../../src/ui/screens/create-server/hints.js';
import { ReviewStep } from '../../../src/ui/screens/create-server/parts.js';
import { initialWizardState } from '../../../src/ui/screens/create-server/state.js';
import type { WizardState } from '../../../src/ui/screens/create-server/types.js';
import { inputReady, keys, render, waitFor, waitForFrame } from '../helpers.js';

afterEach(() => cleanup());

/** What Ink reports for a key as footer and help write it: `↑`, `Shift+Tab`, `Ctrl+C`, `1…9`, `G`. */
function pressesOf(label: string): Array<[string, KeyLike]> {
  const named: Record<string, KeyLike> = {
    '↑': { upArrow: true },
    '↓': { downArrow: true },
    '←': { leftArrow: true },
    '→': { rightArrow: true },
    '⏎': { return: true },
    esc: { escape: true },
    Tab: { tab: true },
    'Shift+Tab': { tab: true, shift: true },
    PgUp: { pageUp: true },
    PgDn: { pageDown: true },
    Home: { home: true },
    End: { end: true },
  };
  if (named[label]) return [['', named[label]]];
  if (label === 'Space') return [[' ', {}]];
  if (label === '↑↓') return [['', { upArrow: true }], ['', { downArrow: true }]];
  const ctrl = /^Ctrl\+([A-Z])$/.exec(label);
  if (ctrl) return [[ctrl[1].toLowerCase(), { ctrl: true }]];
  const range = /^(.)…(.)$/u.exec(label);
  if (range) {
    const [from, to] = [range[1].codePointAt(0)!, range[2].codePointAt(0)!];
    return [from, Math.floor((from + to) / 2), to].map((c) => [String.fromCodePoint(c), {}]);
  }
  if ([...label].length === 1) return [[label, /[A-Z]/.test(label) ? { shift: true } : {}]];
  throw new Error(`a key written ${JSON.stringify(label)} that no one can type`);
}

// the wizard's esc is one key with two meanings, and the footer shows the one that holds on the step shown
// (create-server/hints.ts): the wizard asks the table for `wizard.stepBack` and decides by its step; so is a
// form's ⏎, `next` or, on the last field, `send`, and its esc, `cancel` or, over a typed filter, `clear filter`
// (FormDialog tells the footer which)
const ONE_KEY_TWO_WORDS = new Set(['create-server dialog.cancel', 'create-server wizard.clearFilter', 'form form.send', 'form form.clear', 'global clearFilter']);

describe('the key table', () => {
  it('is built from the declarations alone: two builds answer alike, and nothing is left behind by one', () => {
    const again = buildKeyTable(SCREEN_KEY_SCOPES);
    expect(again.scopes).toEqual(KEYS.scopes);
    for (const scope of KEYS.scopes) expect(again.helpLines([scope])).toEqual(KEYS.helpLines([scope]));
    const without = buildKeyTable(SCREEN_KEY_SCOPES.filter((d) => d.scope !== 'servers'));
    expect(without.matchBinding(['servers'], 'p', {})).toBeUndefined();
    expect(KEYS.matchBinding(['servers'], 'p', {})).toBe('servers.powerOn');
  });

  it('has every scope the screens and dialogs show: lists, dialogs, help, sort, pager, profiles', () => {
    for (const scope of ['global', 'table', 'dialog', 'confirm', 'form', 'ask', 'reveal', 'console', 'create-server', 'sort', 'help', 'pager', 'record', 'server', 'profiles', 'servers']) {
      expect(KEYS.scopes, scope).toContain(scope);
    }
  });

  it('matches every key a footer or help shows to a binding that shows that key, in every scope', () => {
    let checked = 0;
    for (const scope of KEYS.scopes) {
      const bindings = KEYS.bindingsFor([scope]);
      for (const b of bindings) {
        let own = false;
        for (const label of b.keys) {
          for (const [input, key] of pressesOf(label)) {
            const id = KEYS.matchBinding([scope], input, key);
            const winner = bindings.find((x) => x.id === id);
            expect(winner?.keys ?? [], `${scope}: ${label} (${b.id}) is matched to ${String(id)}`).toContain(label);
            own ||= id === b.id;
            checked++;
          }
        }
        if (!ONE_KEY_TWO_WORDS.has(`${scope} ${b.id}`)) expect(own, `${scope}: no key of ${b.id} (${b.keys.join(' ')}) reaches it`).toBe(true);
      }
    }
    expect(checked).toBeGreaterThan(150);
  });

  it(':profiles shows ⏎ and s, and both are matched: ⏎ to the opening that switches, s to switch', () => {
    const help = KEYS.helpLines(['profiles']).join('\n');
    expect(help).toMatch(/⏎\s+switch to the selected profile/);
    expect(help).toMatch(/s\s+switch to the selected profile/);
    expect(KEYS.matchBinding(['profiles', 'global', 'table'], '', { return: true })).toBe('open');
    expect(KEYS.matchBinding(['profiles', 'global', 'table'], 's', {})).toBe('profiles.switch');
  });
});

describe('keys pressed in the dialog that shows them do what they say', () => {
  const ctx = {} as Ctx;

  it('a value shown once: y copies it, ⏎ and esc close it', async () => {
    for (const close of [keys.enter, keys.escape]) {
      const copied: string[] = [];
      let closed = 0;
      const { lastFrame, stdin, unmount } = render(
        <DialogView
          dialog={{ kind: 'reveal', reveal: { title: 'API token made', lines: ['Shown once.'], label: 'Token', value: 'tok-123' } }}
          ctx={ctx}
          width={60}
          height={8}
          onDone={() => {}}
          onConfirm={() => {}}
          onCancel={() => closed++}
          copy={(t) => copied.push(t)}
          nameOf={() => ''}
        />,
      );
      await waitForFrame(lastFrame, (f) => f.includes('y copy'));
      await inputReady(stdin);
      stdin.write('y');
      await waitForFrame(lastFrame, (f) => f.includes('copied'));
      expect(copied).toEqual(['tok-123']);
      stdin.write(close);
      await waitFor(() => expect(closed).toBe(1));
      unmount();
    }
  });

  it('help: the keys its footer shows scroll it and close it', async () => {
    for (const close of ['?', 'q', keys.enter, keys.escape]) {
      let closed = 0;
      const { lastFrame, stdin, unmount } = render(<HelpOverlay scopes={['servers', 'global', 'table']} width={70} height={10} onClose={() => closed++} />);
      await waitForFrame(lastFrame, (f) => f.includes('below'));
      await inputReady(stdin);
      stdin.write('j');
      await waitForFrame(lastFrame, (f) => f.includes('1 above'));
      stdin.write(keys.up);
      await waitForFrame(lastFrame, (f) => !f.includes('above'));
      stdin.write(close);
      await waitFor(() => expect(closed).toBe(1));
      unmount();
    }
  });

  it('sort by: ↑↓ and a letter move, Home and End jump, ⏎ sorts, esc closes', async () => {
    const columns = [
      { key: 'name', header: 'NAME' },
      { key: 'status', header: 'STATUS' },
      { key: 'plan', header: 'PLAN' },
      { key: 'zone', header: 'ZONE' },
    ];
    const picked: string[] = [];
    let closed = 0;
    const { lastFrame, stdin } = render(<SortChooser columns={columns} current={null} width={40} height={10} onPick={(s) => picked.push(s.column)} onClose={() => closed++} />);
    await waitForFrame(lastFrame, (f) => f.includes('› NAME'));
    await inputReady(stdin);
    for (const [key, row] of [[keys.down, 'STATUS'], ['p', 'PLAN'], ['\u001b[F', 'ZONE'], ['\u001b[H', 'NAME'], [keys.down, 'STATUS'], [keys.up, 'NAME']] as const) {
      stdin.write(key);
      await waitForFrame(lastFrame, (f) => f.includes(`› ${row}`));
    }
    stdin.write('z');
    await waitForFrame(lastFrame, (f) => f.includes('› ZONE'));
    stdin.write(keys.enter);
    await waitFor(() => expect(picked).toEqual(['zone']));
    stdin.write(keys.escape);
    await waitFor(() => expect(closed).toBe(1));
  });
});

describe('the create-server wizard’s review takes the keys its footer shows', () => {
  /** What a terminal sends for a key as footer and help write it. */
  const bytes: Record<string, string> = { '⏎': keys.enter, esc: keys.escape, x: 'x', '←': keys.left };

  it('⏎ sends, esc cancels, x opens the extras, ← goes back to the notes', async () => {
    const state: WizardState = { ...initialWizardState(), step: 'review', notes: 'web-3' };
    // the review's bindings as its footer lists them (scopes create-server and dialog, hints.ts says which hold)
    const footer = KEYS.bindingsFor(['create-server', 'dialog']);
    for (const [id, what] of [['dialog.submit', 'send'], ['dialog.cancel', 'cancel'], ['wizard.extras', 'extras'], ['wizard.back', 'back']] as const) {
      expect(wizardIdle(state), id).not.toContain(id);
      const label = footer.find((b) => b.id === id)?.keys[0] ?? '';
      const called: string[] = [];
      const { lastFrame, stdin, unmount } = render(
        <ReviewStep
          state={state}
          width={70}
          height={16}
          readOnly={false}
          isActive
          onSend={() => called.push('send')}
          onCancel={() => called.push('cancel')}
          onExtras={() => called.push('extras')}
          onBack={() => called.push('back')}
        />,
      );
      await waitForFrame(lastFrame, (f) => f.includes('POST /ecs/v2/servers'));
      await inputReady(stdin);
      stdin.write(bytes[label]);
      await waitFor(() => expect(called, `${label} (${id})`).toEqual([what]));
      unmount();
    }
  });
});

describe('the names the compiler checks (ui/ids.ts)', () => {
  it('lists every screen of the registry and nothing else', () => {
    expect([...SCREENS.map((s) => s.id)].sort()).toEqual([...SCREEN_IDS].sort());
  });

  it("declares only screen key ids some screen's scope has", () => {
    const declared = new Set(KEYS.bindingsFor(KEYS.scopes).map((b) => b.id));
    for (const id of OWN_KEY_IDS) expect(declared.has(id), id).toBe(true);
  });
});
