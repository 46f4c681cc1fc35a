import { describe, expect, it } from 'vitest';
import type { Key } from 'ink';
import { globalBindings, tableBindings } from '../../../src/ui/keymap.js';
import { KEYS, SCREEN_NAMES, screenScopes } from '../../../src/ui/registry.js';
import { displayWidth } from '../../../src/ui/text.js';

const { bindingsFor, footerHints, footerText, helpLines, matchBinding } = KEYS;

describe('keymap', () => {
  it('has every key of the fixed table in tui.md', () => {
    // c, e and d are each screen's, on the screens that create, edit and delete: the servers list has all
    const shown = new Set([...globalBindings, ...tableBindings, ...bindingsFor(screenScopes('servers'))].flatMap((b) => b.keys));
    for (const k of [':', '/', '?', '↑', '↓', 'j', 'k', 'g', 'G', 'PgUp', 'PgDn', '⏎', 'esc', 'r', 'o', 'O', 'c', 'e', 'd', 'q', 'Ctrl+C']) {
      expect(shown, k).toContain(k);
    }
  });

  it('matches keys to binding ids, first scope first', () => {
    const s = ['global', 'servers', 'table'];
    expect(matchBinding(s, 'q', {})).toBe('quit');
    expect(matchBinding(s, 'c', { ctrl: true })).toBe('quit');
    expect(matchBinding(s, 'c', {})).toBe('create');
    expect(matchBinding(s, 'C', { shift: true })).toBe('servers.console');
    expect(matchBinding(s, 'j', {})).toBe('down');
    expect(matchBinding(s, '', { downArrow: true })).toBe('down');
    expect(matchBinding(s, 'G', { shift: true })).toBe('bottom');
    expect(matchBinding(s, '', { pageDown: true })).toBe('pageDown');
    expect(matchBinding(s, '', { return: true })).toBe('open');
    expect(matchBinding(s, '', { escape: true, meta: true })).toBe('back');
    expect(matchBinding(s, 'p', {})).toBe('servers.powerOn');
    expect(matchBinding(s, 'P', { shift: true })).toBe('servers.powerOff');
    expect(matchBinding(s, 'j', { meta: true })).toBeUndefined();
    expect(matchBinding(s, '%', {})).toBeUndefined();
    expect(matchBinding(['dialog'], 'q', {})).toBeUndefined();
    expect(matchBinding(['dialog'], '', { escape: true })).toBe('dialog.cancel');
  });

  it('read-only mode neither shows nor matches writes', () => {
    const s = ['global', 'servers', 'table'];
    expect(matchBinding(s, 'd', {}, { readOnly: true })).toBeUndefined();
    expect(matchBinding(s, 'p', {}, { readOnly: true })).toBeUndefined();
    expect(matchBinding(s, 's', {}, { readOnly: true })).toBeUndefined();
    // a console key is an action on the service: a write like the others
    expect(matchBinding(s, 'C', {}, { readOnly: true })).toBeUndefined();
    expect(matchBinding(s, 'y', {}, { readOnly: true })).toBe('copy');
    expect(bindingsFor(s, { readOnly: true }).some((b) => b.write)).toBe(false);
  });

  it('no two bindings of a screen answer the same key', () => {
    const probes: Array<[string, Partial<Key>]> = [];
    for (const ch of 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ:/?') probes.push([ch, {}]);
    probes.push(['c', { ctrl: true }]);
    for (const flag of ['upArrow', 'downArrow', 'pageUp', 'pageDown', 'return', 'escape', 'home', 'end', 'tab'] as const) probes.push(['', { [flag]: true }]);
    for (const screen of [...SCREEN_NAMES, 'server', 'record'] as const) {
      const all = bindingsFor(screenScopes(screen));
      for (const [input, key] of probes) {
        // a screen may say what a key does there (`/` searches on the service) in place of the global
        // binding of the same id: one action still, not two
        // `clearFilter` is the footer's word for what `back` does while a filter is kept: the same action
        const hits = [...new Set(all.filter((b) => b.match(input, key) && b.id !== 'clearFilter').map((b) => b.id))];
        expect(hits.length, `${screen}: ${JSON.stringify([input, key])} → ${hits.join(', ')}`).toBeLessThanOrEqual(1);
      }
    }
  });

  it('footer hints fit the width, most important first', () => {
    const s = ['global', 'servers', 'table'];
    for (const width of [10, 20, 40, 80, 200]) expect(displayWidth(footerText(s, width))).toBeLessThanOrEqual(width);
    expect(footerHints(s, 200).map((h) => h.id).slice(0, 3)).toEqual(['help', 'quit', 'command']);
    expect(footerText(s, 16)).toBe('? help  q quit');
  });

  it("a list kept in the service's order (paged) does not offer o sort; a sorted list does", () => {
    for (const screen of ['events', 'actions'] as const) {
      expect(footerText(screenScopes(screen), 300), screen).not.toContain('o sort');
      expect(footerText(screenScopes(screen), 300), screen).not.toContain('> sort by');
    }
    expect(footerText(screenScopes('events'), 300)).toContain('/ search');
    // the actions' search is one resource's name or id, not words: its hint says so
    expect(footerText(screenScopes('actions'), 300)).toContain('/ by resource');
    expect(footerText(screenScopes('servers'), 300)).toContain('o sort');
  });

  it('help lists every binding of the scopes with a title per scope', () => {
    const lines = helpLines(['global', 'servers', 'table']);
    expect(lines[0]).toBe('Everywhere');
    expect(lines).toContain('Servers');
    expect(lines).toContain('Lists');
    expect(lines.filter((l) => l.startsWith('  '))).toHaveLength(bindingsFor(['global', 'servers', 'table']).length);
    expect(lines.some((l) => l.includes('q Ctrl+C') && l.includes('quit'))).toBe(true);
  });
});
