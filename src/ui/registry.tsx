// The one list of screens. Each entry says everything the shell knows of a screen: its id, the `:` names
// that reach it (none for an inner view such as the record view), its title, the state its stack entry
// keeps, its key scopes for that state (matching, the footer and `?` all use them), the keys it declares,
// and what it draws. `:` names, help, the footer and the read-only sweep all come from here: a new screen is
// one line of `SCREENS` (a resource screen: `listScreen(spec)` over its spec file).

import { lazy, type ReactNode } from 'react';
import { Text } from 'ink';
import type { Profile, ProfileStore } from '../config/profiles.js';
import type { ConnectOptions } from '../session/session.js';
import type { Command } from './components/CommandLine.js';
import type { AnyKept, EntryParams, KeptState, ListState, ScreenEntry, ScreenProps, ServerState, TabsState } from './hooks/screen.js';
import { isScreenId, type ScreenId } from './ids.js';
import { buildKeyTable, char, type KeyTable, type Scope, type ScopeDeclaration, type ScreenBinding } from './keymap.js';
import { specBindings } from './resource/bindings.js';
import { MARK_BINDINGS } from './resource/marks.js';
import { PAGER_KEYS } from './resource/pager-keys.js';
import { PagerScreen } from './resource/PagerView.js';
import { RecordScreen } from './resource/RecordScreen.js';
import { ResourceView } from './resource/ResourceView.js';
import type { ResourceSpec, TabbedSpec } from './resource/spec.js';
import { TabbedView, tabbedBindings } from './resource/TabbedView.js';
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
import { OPEN_KEY, PROFILE_KEYS } from './screens/profile-keys.js';
import regions from './screens/regions.js';
import scripts from './screens/scripts.js';
import { serverNetworks } from './screens/server-networks.js';
import { SERVER_BINDINGS, SERVER_TABS } from './screens/server-tabs.js';
import servers from './screens/servers.js';
import snapshots, { serverSnapshots } from './screens/snapshots.js';
import sshkeys from './screens/sshkeys.js';
import templates from './screens/templates.js';
import tokens from './screens/tokens.js';
import { safe } from './text.js';
import { color } from './theme.js';

/** What a screen may need beyond its props: the profile store and the switch (`:profiles`). */
interface ScreenExtras {
  profiles?: () => ProfileStore;
  switchTo(profile: Profile): Promise<void>;
  connectOptions?: ConnectOptions;
}

interface ScreenDef<S extends KeptState = AnyKept> {
  id: ScreenId;
  /** `:` reaches the screen by its id and these aliases; absent, it is an inner view (⏎ opens it) */
  command?: { aliases: readonly string[] };
  title: string;
  /** what a new entry of the screen keeps (the tab a detail opens on is in `params`) */
  initial(params: EntryParams): S;
  /** the scopes its keys are matched in, most specific first */
  scopes: readonly Scope[];
  /** the scope of the tab shown, when it has keys of its own: matched first, in place of the screen's own */
  tabScope?(state: S): string | undefined;
  /** the keys it declares, by scope, with the title `?` gives each */
  keys: readonly ScopeDeclaration[];
  render(props: ScreenProps, extras: ScreenExtras): ReactNode;
  /** a screen made only of a resource spec: the spec */
  spec?: AnySpec;
}

// Specs are checked per resource type at their definition, then kept in one table of rows of any type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnySpec = ResourceSpec<any, any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyTabbed = TabbedSpec<any>;

const defineScreen = <S extends KeptState>(def: ScreenDef<S>): ScreenDef => def;

/** A spec's name as a screen id: one not in ids.ts fails as the registry loads, before any screen is drawn. */
function specScreenId(name: string): ScreenId {
  if (!isScreenId(name)) throw new Error(`screen ${name} is not in ui/ids.ts SCREEN_IDS`);
  return name;
}
const titleText = (t: AnySpec['title']): string => (typeof t === 'function' ? t({}) : t);

/** A resource screen made only of a spec. */
function listScreen(spec: AnySpec): ScreenDef {
  return defineScreen<ListState>({
    id: specScreenId(spec.name),
    command: { aliases: spec.aliases ?? [] },
    title: titleText(spec.title),
    initial: () => ({ selected: null }),
    scopes: [spec.name, 'global', 'table'],
    keys: [{ scope: spec.name, bindings: specBindings(spec), title: titleText(spec.title) }],
    render: (props) => <ResourceView {...props} spec={spec} params={{}} />,
    spec,
  });
}

/** A screen of several lists in tabs over shared parameters (resource/TabbedView.tsx). */
function tabbedScreen(spec: AnyTabbed): ScreenDef {
  return defineScreen<TabsState>({
    id: specScreenId(spec.name),
    command: { aliases: spec.aliases ?? [] },
    title: spec.title,
    initial: (params) => ({ selected: null, tab: params.tab ?? 0 }),
    scopes: [spec.name, 'global', 'table'],
    tabScope: (state) => spec.tabs[state.tab]?.spec.name,
    keys: [
      { scope: spec.name, bindings: tabbedBindings(spec), title: spec.title },
      ...spec.tabs.map((tab) => ({ scope: tab.spec.name, bindings: specBindings(tab.spec), title: `${spec.title} · ${tab.title}` })),
    ],
    render: (props) => <TabbedView {...props} spec={spec} />,
  });
}

// Screens other than the lists are loaded when first shown: the first frame does not wait for them.
const ServerDetailScreen = lazy(() => import('./screens/server-detail.js').then((m) => ({ default: m.ServerDetailScreen })));
const ProfilesScreen = lazy(() => import('./screens/profiles.js').then((m) => ({ default: m.ProfilesScreen })));

/** The servers list's keys as the detail has them: not the mark keys (one server is shown, nothing to mark). */
const SERVER_LIST_KEYS = 'server-list';
const markIds: ReadonlySet<string> = new Set(MARK_BINDINGS.map((b) => b.id));

/** One server (⏎ on the list): the server keys act on the server shown; a tab may have keys of its own. */
const serverScreen = defineScreen<ServerState>({
  id: 'server',
  title: 'Server',
  initial: (params) => ({ selected: null, tab: params.tab ?? 0, metricsRange: 0 }),
  scopes: ['server', SERVER_LIST_KEYS, 'global', 'table'],
  tabScope: (state) => SERVER_TABS[state.tab]?.scope,
  keys: [
    { scope: serverSnapshots.name, bindings: specBindings(serverSnapshots), title: 'Snapshots of the server' },
    { scope: serverNetworks.name, bindings: specBindings(serverNetworks), title: 'Networks of the server' },
    { scope: 'server', bindings: SERVER_BINDINGS, title: 'Server' },
    { scope: SERVER_LIST_KEYS, bindings: specBindings(servers).filter((b) => !markIds.has(b.id)), title: 'Server' },
  ],
  render: (props) => <ServerDetailScreen {...props} name={props.entry.params.server ?? ''} />,
});

const COPY: ScreenBinding = { id: 'copy', keys: ['y'], match: char('y'), description: "copy this record's identifier to the clipboard", hint: 'copy', rank: 36 };

/** A record view (⏎ on a row): it copies the record's identifier. */
const recordScreen = defineScreen<KeptState>({
  id: 'record',
  title: 'Record',
  initial: () => ({ selected: null }),
  scopes: ['record', 'global', 'table'],
  keys: [{ scope: 'record', bindings: [COPY], title: 'Record' }],
  render: (props) => <RecordScreen {...props} />,
});

/**
 * The pager (⏎ on a script): no list keys (nothing to open or select); it scrolls (its footer says which way
 * it can, PagerView `pagerIdle`), `/` says there is nothing to filter, and `y` copies the row's identifier.
 */
const pagerScreen = defineScreen<KeptState>({
  id: 'pager',
  title: 'Text',
  initial: () => ({ selected: null }),
  scopes: ['pager', 'global'],
  keys: [
    {
      scope: 'pager',
      title: 'Text',
      bindings: PAGER_KEYS,
    },
  ],
  render: (props) => <PagerScreen {...props} />,
});

/** `:profiles`: the profile file's connections; the screen loads when first opened. */
const profilesScreen = defineScreen<ListState>({
  id: 'profiles',
  command: { aliases: ['prof', 'ctx', 'context'] },
  title: 'Profiles',
  initial: () => ({ selected: null }),
  scopes: ['profiles', 'global', 'table'],
  keys: [{ scope: 'profiles', bindings: [...specBindings(PROFILE_KEYS), OPEN_KEY], title: 'Profiles' }],
  render: (props, extras) => <ProfilesScreen {...props} store={extras.profiles} onSwitch={extras.switchTo} connectOptions={extras.connectOptions} />,
});

/** Every screen. The `:` ones in the order tui.md lists them, `groups` after, then the inner views. */
export const SCREENS: readonly ScreenDef[] = [
  listScreen(servers),
  listScreen(actions),
  listScreen(snapshots),
  listScreen(templates),
  listScreen(sshkeys),
  listScreen(scripts),
  listScreen(networks),
  listScreen(plans),
  listScreen(images),
  listScreen(regions),
  tabbedScreen(billing),
  listScreen(events),
  listScreen(account),
  listScreen(tokens),
  profilesScreen,
  listScreen(groups),
  listScreen(history),
  // the plans' second view (`a` on plans), last so that `:a` still means actions
  listScreen(availability),
  serverScreen,
  recordScreen,
  pagerScreen,
];

/** The screen the dashboard opens on, and `:` of it goes back to. */
export const HOME_SCREEN = SCREENS[0].id;

const byId = new Map(SCREENS.map((s) => [s.id, s]));
export const screenDef = (id: ScreenId): ScreenDef | undefined => byId.get(id);

/** The names `:` accepts, in order. */
export const SCREEN_NAMES: readonly ScreenId[] = SCREENS.filter((s) => s.command).map((s) => s.id);

/** The resource screens made only of a spec, by name. */
export const SPECS: Readonly<Record<string, AnySpec>> = Object.fromEntries(SCREENS.flatMap((s) => (s.spec ? [[s.id, s.spec]] : [])));

/** What `:` completes and resolves: each screen's name, aliases and title. */
export const COMMANDS: readonly Command[] = SCREENS.flatMap((s) => (s.command ? [{ name: s.id, aliases: [...s.command.aliases], title: s.title }] : []));

export function screenTitle(screen: ScreenId): string {
  return byId.get(screen)?.title ?? screen;
}

/** The state a new entry of `screen` keeps. */
export function initialState(screen: ScreenId, params: EntryParams): AnyKept {
  return byId.get(screen)?.initial(params) ?? { selected: null };
}

/** Every screen's key scopes, as declared by its entry above: what the key table is built from. */
export const SCREEN_KEY_SCOPES = SCREENS.flatMap((s) => s.keys);

/** The one key table: the core scopes and every screen's, built once from the declarations. */
export const KEYS: KeyTable = buildKeyTable(SCREEN_KEY_SCOPES);

// One array per kind of screen and tab, so the footer (memoised on its props) is not redrawn by a filter key.
const scopeCache = new Map<string, Scope[]>();

/**
 * Key scopes of a screen, most specific first: matching, the footer and `?` all use these. A tab with keys
 * of its own (a server's snapshots) puts them in place of the screen's.
 */
export function screenScopes(screen: ScreenId, tabScope?: string): Scope[] {
  const id = tabScope ? `${screen}:${tabScope}` : screen;
  let scopes = scopeCache.get(id);
  if (!scopes) {
    scopes = tabScope ? [tabScope, screen, 'global', 'table'] : [...(byId.get(screen)?.scopes ?? [screen, 'global', 'table'])];
    scopeCache.set(id, scopes);
  }
  return scopes;
}

/** The scope of the tab an entry of the stack shows, when that tab has keys of its own. */
export const tabScopeOf = (entry: Pick<ScreenEntry, 'screen' | 'state'>): string | undefined => byId.get(entry.screen)?.tabScope?.(entry.state);

/** The scopes of an entry of the stack: its screen's, with the tab its kept state shows. */
export const entryScopes = (entry: Pick<ScreenEntry, 'screen' | 'state'>): Scope[] => screenScopes(entry.screen, tabScopeOf(entry));

/** What an entry of the stack draws. */
export function renderScreen(screen: ScreenId, props: ScreenProps, extras: ScreenExtras): ReactNode {
  const def = byId.get(screen);
  if (!def) return <Text color={color('error')}> no screen named {safe(screen)}</Text>;
  return def.render(props, extras);
}
