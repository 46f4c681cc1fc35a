// The screens: every `:` name with its aliases and title, the spec behind each resource screen, and the key
// scopes the shell matches keys against (the same the footer and `?` list). Each spec's keys are derived
// from its capabilities (resource/bindings.ts) and declared here; `KEYS` is the table built from them.

import { buildKeyTable, char, type KeyTable, type Scope, type ScopeDeclaration } from './keymap.js';
import type { Command } from './components/CommandLine.js';
import { specBindings } from './resource/bindings.js';
import { PAGER_KEYS } from './resource/pager-keys.js';
import type { ResourceSpec, TabbedSpec } from './resource/spec.js';
import { tabbedBindings } from './resource/TabbedView.js';
import account from './screens/account.js';
import actions from './screens/actions.js';
import billing from './screens/billing.js';
import events from './screens/events.js';
import groups from './screens/groups.js';
import images from './screens/images.js';
import networks from './screens/networks.js';
import plans, { availability } from './screens/plans.js';
// the keys only: the screen and the profile file's library load when `:profiles` is first opened
import { OPEN_KEY, PROFILE_KEYS } from './screens/profile-keys.js';
import regions from './screens/regions.js';
import scripts from './screens/scripts.js';
import { serverNetworks } from './screens/server-networks.js';
import { SERVER_KEYS } from './screens/server-keys.js';
import servers from './screens/servers.js';
import snapshots, { serverSnapshots } from './screens/snapshots.js';
import sshkeys from './screens/sshkeys.js';
import templates from './screens/templates.js';
import tokens from './screens/tokens.js';

// Specs are checked per resource type at their definition, then kept in one table of rows of any type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnySpec = ResourceSpec<any, any>;

/** The resource screens made only of a spec, by name. */
export const SPECS: Record<string, AnySpec> = Object.fromEntries(
  [servers, actions, snapshots, templates, sshkeys, scripts, networks, plans, availability, images, regions, events, account, tokens, groups].map((s) => [s.name, s as AnySpec]),
);

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyTabbed = TabbedSpec<any>;

/** The screens of several lists in tabs (resource/TabbedView.tsx), by name. */
export const TABBED: Record<string, AnyTabbed> = Object.fromEntries([billing].map((s) => [s.name, s as AnyTabbed]));

/** The names `:` accepts, in the order tui.md lists them, `groups` after. */
export const SCREEN_NAMES = [
  'servers',
  'actions',
  'snapshots',
  'templates',
  'sshkeys',
  'scripts',
  'networks',
  'plans',
  'images',
  'regions',
  'billing',
  'events',
  'account',
  'tokens',
  'profiles',
  'groups',
  // the plans' second view (`a` on plans), last so that `:a` still means actions
  'availability',
] as const;

const titleOf = (name: string): string => {
  if (name === 'profiles') return 'Profiles';
  const t = SPECS[name]?.title ?? TABBED[name]?.title;
  return typeof t === 'function' ? t({}) : (t ?? name);
};

/** What `:` completes and resolves: each screen's name, aliases and title. */
export const COMMANDS: readonly Command[] = SCREEN_NAMES.map((name) => ({
  name,
  aliases: name === 'profiles' ? ['prof', 'ctx', 'context'] : [...(SPECS[name]?.aliases ?? TABBED[name]?.aliases ?? [])],
  title: titleOf(name),
}));

export function screenTitle(screen: string): string {
  return screen === 'server' ? 'Server' : screen === 'record' ? 'Record' : screen === 'pager' ? 'Text' : titleOf(screen);
}

/** Every screen's key scope, as the key table is built from them: each spec's keys, derived from it. */
export const SCREEN_KEY_SCOPES: readonly ScopeDeclaration[] = [
  ...Object.values(SPECS).map((spec) => ({ scope: spec.name, title: titleOf(spec.name), bindings: specBindings(spec) })),
  ...Object.values(TABBED).flatMap((t) => [
    { scope: t.name, title: t.title, bindings: tabbedBindings(t) },
    ...t.tabs.map((tab) => ({ scope: tab.spec.name, title: `${t.title} · ${tab.title}`, bindings: specBindings(tab.spec) })),
  ]),
  { scope: 'profiles', title: 'Profiles', bindings: [...specBindings(PROFILE_KEYS), OPEN_KEY] },
  { scope: serverSnapshots.name, title: 'Snapshots of the server', bindings: specBindings(serverSnapshots) },
  { scope: serverNetworks.name, title: 'Networks of the server', bindings: specBindings(serverNetworks) },
  // a record view (⏎ on a row) copies the record's identifier
  { scope: 'record', title: 'Record', bindings: [{ id: 'copy', keys: ['y'], match: char('y'), description: "copy this record's identifier to the clipboard", hint: 'copy', rank: 36 }] },
  { scope: 'pager', title: 'Text', bindings: PAGER_KEYS },
  { scope: 'server', title: 'Server', bindings: SERVER_KEYS },
];

/** The one key table: the core scopes and every screen's, built once from the declarations above. */
export const KEYS: KeyTable = buildKeyTable(SCREEN_KEY_SCOPES);

// One array per kind of screen, so the footer (memoised on its props) is not redrawn by a filter key.
const scopeCache = new Map<string, Scope[]>();

/** Key scopes of a screen, most specific first: matching, the footer and `?` all use these. */
/** The scopes a screen's keys are matched in; a tab with keys of its own (a server's snapshots) puts them
 * in place of the server's. */
export function screenScopes(screen: string, tabScope?: string): Scope[] {
  const id = tabScope ? `${screen}:${tabScope}` : screen;
  let scopes = scopeCache.get(id);
  if (!scopes) {
    scopes = tabScope
      ? [tabScope, screen, 'global', 'table']
      : screen === 'server'
        ? ['server', 'servers', 'global', 'table']
        : screen === 'pager'
          ? ['pager', 'global']
          : [screen, 'global', 'table'];
    scopeCache.set(id, scopes);
  }
  return scopes;
}

/** The order a screen shows from the start. */
export function defaultSortOf(screen: string): { column: string; descending: boolean } | null {
  return SPECS[screen]?.defaultSort ?? (screen === 'profiles' ? { column: 'name', descending: false } : null);
}
