// The one table of keys. Input handlers ask `matchBinding`, the footer asks `footerHints`, `?` asks
// `helpLines`: a key that works is therefore always shown, and a key that is shown always works.
// The keys everywhere and those of lists and dialogs are here; each screen's own keys (create, edit, delete,
// copy, and its special ones) are derived from its spec and registered under its name by the registry
// (src/ui/registry.ts), so a screen adds its keys by declaring them, not by editing this file.

import type { Key } from 'ink';
import { displayWidth, padEnd } from './text.js';

export type KeyLike = Partial<Key>;
export type Scope = 'global' | 'table' | 'dialog' | (string & {});

export interface Binding {
  /** What the key does, stable for handlers to switch on: `quit`, `down`, `servers.powerOff`. */
  id: string;
  /** How the key is written in the footer and in help: `['↑', 'k']`. */
  keys: string[];
  match(input: string, key: KeyLike): boolean;
  description: string;
  scope: Scope;
  /** Short footer label; bindings without one appear only in help. */
  hint?: string;
  /** Footer importance, lower first; what does not fit the width is dropped from the end. */
  rank?: number;
  /** Changes something on the service: hidden and not matched in read-only mode. */
  write?: boolean;
}

export interface ScopeOptions {
  readOnly?: boolean;
  /**
   * Ids of keys that would do nothing now (`p` on a server known to be running, `↑` at the top of help):
   * left out of the footer, still listed by `?` and still answered (with a word) when pressed.
   */
  idle?: ReadonlySet<string>;
}

const plain = (key: KeyLike): boolean => !key.ctrl && !(key.meta && !key.escape);

/** Matches one printable character typed without Ctrl or Alt. */
export const char =
  (...chars: string[]) =>
  (input: string, key: KeyLike): boolean =>
    plain(key) && chars.includes(input);

const ctrl =
  (letter: string) =>
  (input: string, key: KeyLike): boolean =>
    key.ctrl === true && input === letter;

const either =
  (...matchers: Array<(input: string, key: KeyLike) => boolean>) =>
  (input: string, key: KeyLike): boolean =>
    matchers.some((m) => m(input, key));

const flag =
  (name: keyof Key) =>
  (_input: string, key: KeyLike): boolean =>
    key[name] === true;

export const globalBindings: Binding[] = [
  { id: 'help', keys: ['?'], match: char('?'), description: 'help: every key of this screen', scope: 'global', hint: 'help', rank: 0 },
  { id: 'command', keys: [':'], match: char(':'), description: 'command line: go to a screen by name (Tab completes)', scope: 'global', hint: 'jump', rank: 10 },
  { id: 'filter', keys: ['/'], match: char('/'), description: 'filter the table (⏎ keeps it, esc clears it)', scope: 'global', hint: 'filter', rank: 11 },
  { id: 'refresh', keys: ['r'], match: char('r'), description: 'refresh now', scope: 'global', hint: 'refresh', rank: 40 },
  { id: 'sortNext', keys: ['o'], match: char('o'), description: 'sort by the next column shown', scope: 'global', hint: 'sort', rank: 41 },
  { id: 'sortReverse', keys: ['O'], match: char('O'), description: 'reverse the sort order', scope: 'global', rank: 42 },
  { id: 'sortPick', keys: ['>'], match: char('>'), description: 'sort by: choose the column among those shown (a letter jumps to it)', scope: 'global', hint: 'sort by', rank: 43 },
  { id: 'back', keys: ['esc'], match: flag('escape'), description: 'close the dialog, clear the filter, or go back', scope: 'global', hint: 'back', rank: 31 },
  { id: 'dismiss', keys: ['X'], match: char('X'), description: 'dismiss the failed actions kept in the action panel', scope: 'global', rank: 45 },
  { id: 'quit', keys: ['q', 'Ctrl+C'], match: either(char('q'), ctrl('c')), description: 'quit', scope: 'global', hint: 'quit', rank: 1 },
];

export const tableBindings: Binding[] = [
  { id: 'up', keys: ['↑', 'k'], match: either(flag('upArrow'), char('k')), description: 'move up', scope: 'table' },
  { id: 'down', keys: ['↓', 'j'], match: either(flag('downArrow'), char('j')), description: 'move down', scope: 'table' },
  { id: 'top', keys: ['g', 'Home'], match: either(char('g'), flag('home')), description: 'first row', scope: 'table' },
  { id: 'bottom', keys: ['G', 'End'], match: either(char('G'), flag('end')), description: 'last row', scope: 'table' },
  { id: 'pageUp', keys: ['PgUp'], match: flag('pageUp'), description: 'one page up', scope: 'table' },
  { id: 'pageDown', keys: ['PgDn'], match: flag('pageDown'), description: 'one page down', scope: 'table' },
  { id: 'open', keys: ['⏎'], match: flag('return'), description: 'open the selected row', scope: 'table', hint: 'open', rank: 30 },
];

const dialogBindings: Binding[] = [
  { id: 'dialog.submit', keys: ['⏎'], match: flag('return'), description: 'confirm / go on', scope: 'dialog', hint: 'ok', rank: 0 },
  { id: 'dialog.cancel', keys: ['esc'], match: flag('escape'), description: 'cancel', scope: 'dialog', hint: 'cancel', rank: 1 },
  { id: 'dialog.up', keys: ['↑'], match: flag('upArrow'), description: 'previous entry', scope: 'dialog' },
  { id: 'dialog.down', keys: ['↓'], match: flag('downArrow'), description: 'next entry', scope: 'dialog' },
  { id: 'dialog.pageUp', keys: ['PgUp'], match: flag('pageUp'), description: 'one page up', scope: 'dialog' },
  { id: 'dialog.pageDown', keys: ['PgDn'], match: flag('pageDown'), description: 'one page down', scope: 'dialog' },
  // in a list with a typed filter every letter is filter text (`j`, `G` too); these keys always move
  { id: 'dialog.top', keys: ['Home'], match: flag('home'), description: 'first entry of a list', scope: 'dialog' },
  { id: 'dialog.bottom', keys: ['End'], match: flag('end'), description: 'last entry of a list', scope: 'dialog' },
];

export type ScreenBinding = Omit<Binding, 'scope'>;

/** Keys of the dialogs that have keys of their own, shown in their footer beside the dialog keys. */
const dialogScopeBindings: Record<string, ScreenBinding[]> = {
  console: [
    { id: 'console.reveal', keys: ['v'], match: char('v', 'V'), description: 'show or hide the console key', hint: 'reveal', rank: 0 },
    { id: 'console.copy', keys: ['y'], match: char('y'), description: 'copy the console key to the clipboard (OSC 52), while it is shown', hint: 'copy', rank: 1 },
  ],
  confirm: [
    { id: 'confirm.yes', keys: ['y'], match: char('y', 'Y'), description: 'yes, go ahead', hint: 'yes', rank: 0 },
    { id: 'confirm.no', keys: ['n', 'esc'], match: char('n', 'N'), description: 'no (so does any other key)', hint: 'no', rank: 1 },
  ],
  form: [
    { id: 'form.next', keys: ['⏎'], match: flag('return'), description: 'next field; on the last one, send', hint: 'next', rank: 0 },
    { id: 'form.field', keys: ['Tab', 'Shift+Tab'], match: flag('tab'), description: 'next / previous field', hint: 'field', rank: 1 },
    { id: 'form.cancel', keys: ['esc'], match: flag('escape'), description: 'cancel: nothing is sent', hint: 'cancel', rank: 2 },
  ],
  reveal: [
    { id: 'reveal.copy', keys: ['y'], match: char('y'), description: 'copy the value to the clipboard (OSC 52)', hint: 'copy', rank: 0 },
    { id: 'reveal.close', keys: ['esc'], match: flag('escape'), description: 'close: the value is not shown again', hint: 'close', rank: 1 },
  ],
  // the wizard says which of its esc meanings holds on the step shown (create-server.tsx `wizardIdle`)
  'create-server': [
    { id: 'wizard.stepBack', keys: ['esc'], match: flag('escape'), description: 'back a step (location, image, notes, extras)', hint: 'back', rank: 1 },
    { id: 'dialog.cancel', keys: ['esc'], match: flag('escape'), description: 'cancel the wizard (on the plan and on the review): nothing is sent', hint: 'cancel', rank: 1 },
    { id: 'wizard.extras', keys: ['x'], match: char('x'), description: 'extras: SSH key, script, group, networks, spot, ... (on the review)', hint: 'extras', rank: 5 },
    { id: 'wizard.back', keys: ['←'], match: flag('leftArrow'), description: 'back to the notes (on the review)', hint: 'notes', rank: 6 },
  ],
  sort: [
    { id: 'sort.pick', keys: ['⏎'], match: flag('return'), description: 'sort by this column (again: the other way round)', hint: 'sort', rank: 0 },
    { id: 'sort.move', keys: ['↑↓', 'a…z'], match: () => false, description: 'move; a letter goes to the column of that initial', hint: 'move', rank: 1 },
    { id: 'sort.close', keys: ['esc'], match: flag('escape'), description: 'close: the order stays', hint: 'cancel', rank: 2 },
  ],
  // which way help can scroll is said by the overlay (Frame.tsx `helpIdle`)
  help: [
    { id: 'help.down', keys: ['↓', 'PgDn'], match: () => false, description: 'scroll down', hint: 'more', rank: 0 },
    { id: 'help.up', keys: ['↑', 'PgUp'], match: () => false, description: 'scroll up', hint: 'back up', rank: 1 },
    { id: 'help.close', keys: ['esc', '?', 'q'], match: () => false, description: 'close help', hint: 'close', rank: 2 },
  ],
};

/** Each screen's own keys, by scope (the screen's name): filled by the registry from the screens' specs. */
const screenScopeBindings = new Map<string, ScreenBinding[]>();

/** Registers the keys of a screen under its scope; registering a scope again replaces its keys. */
export function registerScope(scope: string, bindings: readonly ScreenBinding[], title?: string): void {
  screenScopeBindings.set(scope, [...bindings]);
  if (title) scopeTitles[scope] = title;
}

const scopeTitles: Record<string, string> = { global: 'Everywhere', table: 'Lists', dialog: 'Dialogs', form: 'Forms', help: 'Help' };

const scoped = new Map<string, { from: readonly ScreenBinding[]; bindings: Binding[] }>();
const byScope = (scope: Scope): Binding[] => {
  if (scope === 'global') return globalBindings;
  if (scope === 'table') return tableBindings;
  if (scope === 'dialog') return dialogBindings;
  const from = screenScopeBindings.get(scope) ?? dialogScopeBindings[scope] ?? [];
  let known = scoped.get(scope);
  if (known?.from !== from) scoped.set(scope, (known = { from, bindings: from.map((b) => ({ ...b, scope })) }));
  return known.bindings;
};

/** Bindings of the given scopes, in scope order; the first scope wins when two would match one key. */
export function bindingsFor(scopes: readonly Scope[], options: ScopeOptions = {}): Binding[] {
  const out: Binding[] = [];
  for (const scope of scopes) {
    for (const b of byScope(scope)) if (!(options.readOnly && b.write)) out.push(b);
  }
  return out;
}

/** Id of the binding that `input`/`key` triggers in these scopes (searched in order), if any. */
export function matchBinding(
  scopes: readonly Scope[],
  input: string,
  key: KeyLike,
  options: ScopeOptions = {},
): string | undefined {
  for (const scope of scopes) {
    for (const b of byScope(scope)) {
      if (options.readOnly && b.write) continue;
      if (b.match(input, key)) return b.id;
    }
  }
  return undefined;
}

export interface FooterHint {
  id: string;
  key: string;
  label: string;
}

const HINT_GAP = 2;

/** Footer hints that fit `width` columns, most important first (rank), each written `key label`. */
export function footerHints(scopes: readonly Scope[], width: number, options: ScopeOptions = {}): FooterHint[] {
  // the first binding of an id decides, with or without a hint: a screen's own `o` that has nothing to sort
  // keeps the global `o sort` out of its footer
  const seen = new Set<string>();
  const candidates = bindingsFor(scopes, options)
    .filter((b) => {
      if (seen.has(b.id)) return false;
      seen.add(b.id);
      return b.hint !== undefined && !options.idle?.has(b.id);
    })
    .map((b, order) => ({ b, order }))
    .sort((x, y) => (x.b.rank ?? 50) - (y.b.rank ?? 50) || x.order - y.order);
  const out: FooterHint[] = [];
  let used = 0;
  for (const { b } of candidates) {
    const hint = { id: b.id, key: b.keys[0] ?? '', label: b.hint ?? '' };
    const w = displayWidth(hint.key) + 1 + displayWidth(hint.label) + (out.length > 0 ? HINT_GAP : 0);
    if (used + w > width) continue;
    out.push(hint);
    used += w;
  }
  return out;
}

/** The footer hints as one string: `? help  q quit  : jump`. */
export function footerText(scopes: readonly Scope[], width: number, options: ScopeOptions = {}): string {
  return footerHints(scopes, width, options)
    .map((h) => `${h.key} ${h.label}`)
    .join(' '.repeat(HINT_GAP));
}

export interface HelpSection {
  scope: Scope;
  title: string;
  rows: Array<{ keys: string; description: string }>;
}

export function helpSections(scopes: readonly Scope[], options: ScopeOptions = {}): HelpSection[] {
  // a screen's binding that stands for a global one (same id and keys: `/` searching on the service) is
  // listed once, as the screen says it
  const listed = new Set<string>();
  return scopes
    .map((scope) => ({
      scope,
      title: scopeTitles[scope] ?? scope.charAt(0).toUpperCase() + scope.slice(1),
      rows: bindingsFor([scope], options)
        .filter((b) => {
          const id = `${b.id} ${b.keys.join(' ')}`;
          if (listed.has(id)) return false;
          listed.add(id);
          return true;
        })
        .map((b) => ({ keys: b.keys.join(' '), description: b.description })),
    }))
    .filter((s) => s.rows.length > 0);
}

/** Help text, one line per key, a title line per scope and a blank line between scopes. */
export function helpLines(scopes: readonly Scope[], options: ScopeOptions = {}): string[] {
  const sections = helpSections(scopes, options);
  const keyWidth = Math.max(0, ...sections.flatMap((s) => s.rows.map((r) => displayWidth(r.keys))));
  const lines: string[] = [];
  for (const section of sections) {
    if (lines.length > 0) lines.push('');
    lines.push(section.title);
    for (const row of section.rows) lines.push(`  ${padEnd(row.keys, keyWidth)}  ${row.description}`);
  }
  return lines;
}
