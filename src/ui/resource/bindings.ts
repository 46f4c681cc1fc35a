// A screen's keys, derived from its spec: a capability that is present turns its key on (`c` create, `e`
// edit, `d` delete), `y` copies on every list, and the spec's own keys follow. The registry registers them
// under the screen's name, so the footer and `?` list exactly the keys the screen answers.

import { char, type ScreenBinding } from '../keymap.js';
import { MARK_BINDINGS } from './marks.js';
import type { KeySpec } from './spec.js';

/** What the keys of a screen depend on: which capabilities it has, and its own keys. */
interface Capabilities {
  singular: string;
  create?: unknown;
  edit?: unknown;
  remove?: { kind: 'typed' | 'yesno' };
  keys?: ReadonlyArray<Pick<KeySpec<never>, 'id' | 'keys' | 'match' | 'description' | 'hint' | 'rank' | 'write'>>;
  /** keys that act on every marked row: the mark keys come with them */
  bulk?: readonly unknown[];
  /** rows paged in from the service: `/` searches there, `f` follows when it can */
  paged?: { follow?: boolean; noun?: string; searchBy?: { hint: string; description: string } };
}

const article = (noun: string): string => (/^[aeiou]/i.test(noun) && !/^(one|use|eu)/i.test(noun) ? `an ${noun}` : `a ${noun}`);

/** A row's name inside a sentence: `snapshot`, but `API token` and `SSH key` keep their capitals. */
export const nounOf = (singular: string): string => (/^[A-Z]{2}/.test(singular) ? singular : singular.charAt(0).toLowerCase() + singular.slice(1));

export function specBindings(spec: Capabilities): ScreenBinding[] {
  const noun = nounOf(spec.singular);
  const rows: ScreenBinding[] = [];
  if (spec.create) rows.push({ id: 'create', keys: ['c'], match: char('c'), description: `create ${article(noun)}`, hint: 'create', rank: 20, write: true });
  if (spec.edit) rows.push({ id: 'edit', keys: ['e'], match: char('e'), description: `edit the selected ${noun}`, hint: 'edit', rank: 22, write: true });
  if (spec.remove) {
    const how = spec.remove.kind === 'typed' ? 'type its name to confirm' : 'asks y/N';
    rows.push({ id: 'delete', keys: ['d'], match: char('d'), description: `delete the selected ${noun} (${how})`, hint: 'delete', rank: 21, write: true });
  }
  if (spec.paged) {
    const noun = spec.paged.noun ?? 'rows';
    // the global `/` filters the rows loaded; here it asks the service, so it says so
    const by = spec.paged.searchBy;
    rows.push({ id: 'filter', keys: ['/'], match: char('/'), description: by ? `${by.description} (⏎ sends it, esc clears it)` : `search the ${noun} on the service (⏎ sends it, esc clears it)`, hint: by?.hint ?? 'search', rank: 11 });
    // the service's order is kept (pages come in it): `o` and `O` say so instead of being offered
    rows.push({ id: 'sortNext', keys: ['o'], match: char('o'), description: `the ${noun} stay in the service's order: nothing to sort`, rank: 41 });
    rows.push({ id: 'sortReverse', keys: ['O'], match: char('O'), description: `the ${noun} stay in the service's order`, rank: 42 });
    rows.push({ id: 'sortPick', keys: ['>'], match: char('>'), description: `the ${noun} stay in the service's order`, rank: 43 });
    if (spec.paged.follow) rows.push({ id: 'follow', keys: ['f'], match: char('f'), description: `follow: new ${noun} come on top as they happen (f again stops)`, hint: 'follow', rank: 24 });
  }
  rows.push({ id: 'copy', keys: ['y'], match: char('y'), description: `copy the selected ${noun}'s identifier to the clipboard`, hint: 'copy', rank: 36 });
  if (spec.bulk?.length) rows.push(...MARK_BINDINGS);
  for (const k of spec.keys ?? []) {
    rows.push({ id: k.id, keys: [...k.keys], match: k.match, description: k.description, hint: k.hint, rank: k.rank ?? 28, write: k.write });
  }
  return rows;
}
