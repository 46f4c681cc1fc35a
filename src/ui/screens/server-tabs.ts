// The tabs of a server's detail view and its keys, apart from the view itself: the action list opens a server
// on the tab an action concerns (a VLAN's on Networks), and the registry knows the keys, without importing
// the detail view (loaded when first shown).
import { char, type ScreenBinding } from '../keymap.js';
import { tabBindings, type Tab, type TabKeyIds } from '../resource/Tabs.js';
import { serverNetworks } from './server-networks.js';
import { serverSnapshots } from './snapshots.js';

/** The detail view's tabs, in tui.md's order (what each shows: server-detail.tsx `views`). `scope`: the
 * tab's own keys, in place of the server's (on Snapshots c, e, d, p act on its snapshots; on Networks on its
 * VLANs); `list`: a list of the server's things, with its order, filter and `y`. */
export const SERVER_TABS: ReadonlyArray<Tab & { scope?: string; list?: boolean }> = [
  { id: 'overview', title: 'Overview' },
  { id: 'metrics', title: 'Metrics' },
  { id: 'snapshots', title: 'Snapshots', scope: serverSnapshots.name, list: true },
  { id: 'networks', title: 'Networks', scope: serverNetworks.name, list: true },
  { id: 'actions', title: 'Actions', list: true },
  { id: 'cost', title: 'Cost' },
];

/** The index of the tab `id` names (Overview when none does). */
export const serverTab = (id: string): number => Math.max(0, SERVER_TABS.findIndex((t) => t.id === id));

export const SERVER_TAB_IDS: TabKeyIds = { next: 'server.nextTab', prev: 'server.prevTab', go: 'server.tab' };

/** The detail view's own keys: the server keys act on the server shown, and these switch its tabs. */
export const SERVER_BINDINGS: readonly ScreenBinding[] = [
  ...tabBindings(SERVER_TAB_IDS, 'tab'),
  { id: 'server.rangeShorter', keys: ['['], match: char('['), description: 'Metrics: a shorter range (30d 7d 24h 6h 1h)', rank: 61 },
  { id: 'server.rangeLonger', keys: [']'], match: char(']'), description: 'Metrics: a longer range (1h 6h 24h 7d 30d)', rank: 62 },
  { id: 'server.cursorLeft', keys: [','], match: char(','), description: 'Metrics: the time cursor one column back (each series says its value and time under it)', hint: 'cursor', rank: 63 },
  { id: 'server.cursorRight', keys: ['.'], match: char('.'), description: 'Metrics: the time cursor one column on', rank: 64 },
];
