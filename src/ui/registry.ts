// The screens: every `:` name with its aliases and title, the spec behind each resource screen, and the key
// scopes the shell matches keys against (the same the footer and `?` list). Each spec's keys are registered
// here, derived from its capabilities (resource/bindings.ts).

import { char, registerScope, type Scope } from './keymap.js';
import type { Command } from './components/CommandLine.js';
import { specBindings } from './resource/bindings.js';
import type { ResourceSpec, TabbedSpec } from './resource/spec.js';
import { tabbedBindings } from './resource/TabbedView.js';
import account from './screens/account.js';
import actions from './screens/actions.js';
import billing from './screens/billing.js';
import events from './screens/events.js';
import groups from './screens/groups.js';
import history from './screens/history.js';
import images from './screens/images.js';
import networks from './screens/networks.js';
import plans, { availability } from './screens/plans.js';
// the keys only: the screen and the profile file's library load when `:profiles` is first opened
import { PROFILE_KEYS } from './screens/profile-keys.js';
import regions from './screens/regions.js';
import scripts from './screens/scripts.js';
import { serverNetworks } from './screens/server-networks.js';
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
  [servers, actions, snapshots, templates, sshkeys, scripts, networks, plans, availability, images, regions, events, account, tokens, groups, history].map((s) => [s.name, s as AnySpec]),
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
  'history',
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

for (const spec of Object.values(SPECS)) registerScope(spec.name, specBindings(spec), titleOf(spec.name));
for (const t of Object.values(TABBED)) {
  registerScope(t.name, tabbedBindings(t), t.title);
  for (const tab of t.tabs) registerScope(tab.spec.name, specBindings(tab.spec), `${t.title} · ${tab.title}`);
}
registerScope('profiles', specBindings(PROFILE_KEYS), 'Profiles');
registerScope(serverSnapshots.name, specBindings(serverSnapshots), 'Snapshots of the server');
registerScope(serverNetworks.name, specBindings(serverNetworks), 'Networks of the server');
// a record view (⏎ on a row) copies the record's identifier
registerScope('record', [{ id: 'copy', keys: ['y'], match: char('y'), description: "copy this record's identifier to the clipboard", hint: 'copy', rank: 36 }], 'Record');
// the pager (⏎ on a script): no list keys (nothing to open or select); it scrolls (its footer says which way
// it can, PagerView `pagerIdle`), `/` says there is nothing to filter, and `y` copies the row's identifier
registerScope(
  'pager',
  [
    { id: 'pager.down', keys: ['↓', 'j', 'PgDn', 'G'], match: () => false, description: 'scroll down (a line, a page, to the end)', hint: 'more', rank: 30 },
    { id: 'pager.up', keys: ['↑', 'k', 'PgUp', 'g'], match: () => false, description: 'scroll up (a line, a page, to the top)', hint: 'back up', rank: 31 },
    { id: 'filter', keys: ['/'], match: char('/'), description: 'nothing to filter: the whole text is shown', rank: 11 },
    { id: 'copy', keys: ['y'], match: char('y'), description: "copy this record's identifier to the clipboard", hint: 'copy', rank: 36 },
  ],
  'Text',
);
// the server detail view: the server keys act on the server shown, and these switch its tabs
registerScope(
  'server',
  [
    { id: 'server.nextTab', keys: ['Tab', '→'], match: (_i, k) => (k.tab === true && !k.shift) || k.rightArrow === true, description: 'next tab', hint: 'tab', rank: 29 },
    { id: 'server.prevTab', keys: ['Shift+Tab', '←'], match: (_i, k) => (k.tab === true && k.shift === true) || k.leftArrow === true, description: 'previous tab', rank: 29 },
    { id: 'server.tab', keys: ['1…9'], match: char('1', '2', '3', '4', '5', '6', '7', '8', '9'), description: 'go to the tab of that number', rank: 60 },
    { id: 'server.rangeShorter', keys: ['['], match: char('['), description: 'Metrics: a shorter range (30d 7d 24h 6h 1h)', rank: 61 },
    { id: 'server.rangeLonger', keys: [']'], match: char(']'), description: 'Metrics: a longer range (1h 6h 24h 7d 30d)', rank: 62 },
  ],
  'Server',
);

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
