// The keys, by name. Every key that does something is a binding: its id, how it is written, its matcher, what
// it does. Input handlers ask a key table `matchBinding`, the footer asks `footerHints`, `?` asks `helpLines`:
// a key that works is therefore always shown, and a key that is shown always works.
// The keys everywhere, of lists and of each dialog are declared in key-scopes.ts; each screen's own keys come
// from its spec (resource/bindings.ts) and are declared by the registry. `buildKeyTable` makes one table from
// those declarations: nothing is registered, and a table never changes after it is built.

import { CORE_SCOPES } from './key-scopes.js';
import type { KeyLike, ScreenBinding, ScreenKeyId } from './keymatch.js';
import { displayWidth, padEnd } from './text.js';

export { char, type KeyLike, type OwnKeyId, type ScreenBinding, type ScreenKeyId } from './keymatch.js';

type CoreScopes = typeof CORE_SCOPES;
type CoreScope = keyof CoreScopes;
/** The ids of the bindings of a core scope: `IdOf<'dialog'>` is `'dialog.submit' | 'dialog.cancel' | ...`. */
export type IdOf<S extends CoreScope> = CoreScopes[S]['bindings'][number]['id'];
type CoreId = IdOf<CoreScope>;
/** Every binding id: a core one, one a spec turns on, or a screen's own (`servers.powerOn`). */
export type BindingId = CoreId | ScreenKeyId;

export type Scope = CoreScope | (string & {});
/** The ids a key can be in these scopes: a core scope's own ids, any id for a screen's scope. */
type IdIn<S extends Scope> = S extends CoreScope ? IdOf<S> : BindingId;

export interface Binding extends ScreenBinding<BindingId> {
  scope: Scope;
}

interface ScopeOptions {
  readOnly?: boolean;
  /**
   * Ids of keys that would do nothing now (`p` on a server known to be running, `↑` at the top of help):
   * left out of the footer, still listed by `?` and still answered (with a word) when pressed.
   */
  idle?: ReadonlySet<string>;
  /**
   * What a key offered in the footer does now, in its owner's word where the binding's own is only generic:
   * a form's ⏎ `save` or `create` rather than `send`, the wizard's ⏎ `choose` rather than `ok`.
   */
  words?: ReadonlyMap<string, string>;
}

/**
 * A scope as declared: its name, the title of its part of help, its keys. A screen's key may stand for a core
 * one under its id (`/` that searches on the service, ⏎ that switches to a profile): the first scope wins.
 */
export interface ScopeDeclaration {
  scope: string;
  title: string;
  bindings: ReadonlyArray<ScreenBinding<BindingId>>;
}

const CORE_SCOPE_NAMES = Object.keys(CORE_SCOPES) as CoreScope[];

const coreDeclarations = (): ScopeDeclaration[] => CORE_SCOPE_NAMES.map((name) => ({ scope: name, title: CORE_SCOPES[name].title, bindings: CORE_SCOPES[name].bindings }));

/**
 * One key table from the screens' declared scopes, over the core ones: made once (the registry's `KEYS`),
 * never changed after. A screen scope named like a core one does not replace it.
 */
export function buildKeyTable(screens: readonly ScopeDeclaration[]): KeyTable {
  return makeKeyTable([...coreDeclarations(), ...screens.filter((d) => !(d.scope in CORE_SCOPES))]);
}

/** The table of the core scopes alone: what lists, dialogs, help and the wizard match their keys in. */
export const CORE_KEYS: KeyTable = buildKeyTable([]);

const keyLines = new Map<CoreScope, string>();
/**
 * A dialog's own line of keys, written as the footer writes the same scope under it (`y yes  n/esc no`), so
 * the two cannot drift apart; made at first use, not at load.
 */
export function keyLine(scope: CoreScope): string {
  let line = keyLines.get(scope);
  if (line === undefined) keyLines.set(scope, (line = CORE_KEYS.footerText([scope], Number.MAX_SAFE_INTEGER)));
  return line;
}

export const globalBindings: readonly Binding[] = CORE_KEYS.bindingsFor(['global']);
export const tableBindings: readonly Binding[] = CORE_KEYS.bindingsFor(['table']);

// --- the table ---------------------------------------------------------------------------------------------

interface FooterHint {
  id: string;
  key: string;
  label: string;
}

interface HelpSection {
  scope: Scope;
  title: string;
  rows: Array<{ keys: string; description: string }>;
}

export interface KeyTable {
  /** The scopes the table knows, in the order they were declared. */
  readonly scopes: readonly Scope[];
  /** Bindings of the given scopes, in scope order; the first scope wins when two would match one key. */
  bindingsFor(scopes: readonly Scope[], options?: ScopeOptions): Binding[];
  /** Id of the binding that `input`/`key` triggers in these scopes (searched in order), if any. */
  matchBinding<S extends Scope>(scopes: readonly S[], input: string, key: KeyLike, options?: ScopeOptions): IdIn<S> | undefined;
  /** Footer hints that fit `width` columns, most important first (rank), each written `key label`. */
  footerHints(scopes: readonly Scope[], width: number, options?: ScopeOptions): FooterHint[];
  /** The footer hints as one string: `? help  q quit  : jump`. */
  footerText(scopes: readonly Scope[], width: number, options?: ScopeOptions): string;
  helpSections(scopes: readonly Scope[], options?: ScopeOptions): HelpSection[];
  /** Help text, one line per key, a title line per scope and a blank line between scopes. */
  helpLines(scopes: readonly Scope[], options?: ScopeOptions): string[];
}

const HINT_GAP = 2;

function makeKeyTable(declarations: readonly ScopeDeclaration[]): KeyTable {
  const byScope = new Map<Scope, Binding[]>();
  const titles = new Map<Scope, string>();
  for (const d of declarations) {
    byScope.set(d.scope, d.bindings.map((b) => ({ ...b, scope: d.scope })));
    titles.set(d.scope, d.title);
  }
  const of = (scope: Scope): readonly Binding[] => byScope.get(scope) ?? [];

  const bindingsFor = (scopes: readonly Scope[], options: ScopeOptions = {}): Binding[] => {
    const out: Binding[] = [];
    for (const scope of scopes) for (const b of of(scope)) if (!(options.readOnly && b.write)) out.push(b);
    return out;
  };

  const matchBinding = <S extends Scope>(scopes: readonly S[], input: string, key: KeyLike, options: ScopeOptions = {}): IdIn<S> | undefined => {
    for (const scope of scopes) {
      for (const b of of(scope)) {
        if (options.readOnly && b.write) continue;
        // a binding of scope S has an id of IdIn<S>: the scope's declaration typed it so
        if (b.match(input, key)) return b.id as IdIn<S>;
      }
    }
    return undefined;
  };

  const footerHints = (scopes: readonly Scope[], width: number, options: ScopeOptions = {}): FooterHint[] => {
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
    // a key is offered once: of two meanings of one key (a form's ⏎ `next` and `send`), the one its owner
    // did not call idle, else the first
    const offered = new Set<string>();
    for (const { b } of candidates) {
      const hint = { id: b.id, key: b.keys.slice(0, b.hintKeys ?? 1).join('/'), label: options.words?.get(b.id) ?? b.hint ?? '' };
      if (offered.has(hint.key)) continue;
      offered.add(hint.key);
      const w = displayWidth(hint.key) + 1 + displayWidth(hint.label) + (out.length > 0 ? HINT_GAP : 0);
      if (used + w > width) continue;
      out.push(hint);
      used += w;
    }
    return out;
  };

  const helpSections = (scopes: readonly Scope[], options: ScopeOptions = {}): HelpSection[] => {
    // a screen's binding that stands for a global one (same id and keys: `/` searching on the service) is
    // listed once, as the screen says it
    const listed = new Set<string>();
    return scopes
      .map((scope) => ({
        scope,
        title: titles.get(scope) ?? scope.charAt(0).toUpperCase() + scope.slice(1),
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
  };

  return {
    scopes: [...byScope.keys()],
    bindingsFor,
    matchBinding,
    footerHints,
    footerText: (scopes, width, options) =>
      footerHints(scopes, width, options)
        .map((h) => `${h.key} ${h.label}`)
        .join(' '.repeat(HINT_GAP)),
    helpSections,
    helpLines: (scopes, options) => {
      const sections = helpSections(scopes, options);
      const keyWidth = Math.max(0, ...sections.flatMap((s) => s.rows.map((r) => displayWidth(r.keys))));
      const lines: string[] = [];
      for (const section of sections) {
        if (lines.length > 0) lines.push('');
        lines.push(section.title);
        for (const row of section.rows) lines.push(`  ${padEnd(row.keys, keyWidth)}  ${row.description}`);
      }
      return lines;
    },
  };
}
