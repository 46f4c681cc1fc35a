import { describe, expect, it } from 'vitest';
import { resolveCommand } from '../../../src/ui/components/CommandLine.js';
import { COMMANDS, KEYS, SCREENS, SCREEN_NAMES, entryScopes, initialState, screenDef } from '../../../src/ui/registry.js';
import { SERVER_TABS } from '../../../src/ui/screens/server-tabs.js';

describe('the screen registry', () => {
  it('reaches every screen that has a `:` name by that name and by each of its aliases', () => {
    const commanded = SCREENS.filter((s) => s.command);
    expect(commanded.map((s) => s.id)).toEqual([...SCREEN_NAMES]);
    expect(COMMANDS.map((c) => c.name)).toEqual([...SCREEN_NAMES]);
    for (const s of commanded) {
      expect(resolveCommand(s.id, COMMANDS), s.id).toBe(s.id);
      for (const alias of s.command!.aliases) expect(resolveCommand(alias, COMMANDS), `${s.id} as ${alias}`).toBe(s.id);
    }
    // the inner views are opened by ⏎, not by name
    for (const inner of ['server', 'record', 'pager'] as const) {
      expect(screenDef(inner), inner).toBeDefined();
      expect(SCREEN_NAMES, inner).not.toContain(inner);
    }
  });

  it('lists every key a screen declares in its help, on each of its tabs', () => {
    for (const s of SCREENS) {
      const tabs = s.id === 'server' ? SERVER_TABS.length : s.id === 'billing' ? 3 : 1;
      const shown = new Set<string>();
      for (let tab = 0; tab < tabs; tab++) {
        const entry = { screen: s.id, state: { ...initialState(s.id, {}), tab } };
        for (const section of KEYS.helpSections(entryScopes(entry))) {
          shown.add(section.scope);
          expect(section.title, `${s.id}: ${section.scope}`).not.toBe('');
        }
      }
      for (const k of s.keys) if (k.bindings.length > 0) expect(shown, `${s.id}: ${k.scope} in help`).toContain(k.scope);
    }
  });

  it('matches a tab’s own keys from the tab its entry keeps', () => {
    const snapshots = SERVER_TABS.findIndex((t) => t.id === 'snapshots');
    expect(entryScopes({ screen: 'server', state: { selected: null, tab: 0 } })[0]).toBe('server');
    expect(entryScopes({ screen: 'server', state: { selected: null, tab: snapshots } })[0]).toBe(SERVER_TABS[snapshots].scope);
    expect(entryScopes({ screen: 'billing', state: { selected: null, tab: 1 } }).slice(0, 2)).toEqual(['billing-templates', 'billing']);
  });
});
