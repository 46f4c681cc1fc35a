// The tabs of a server's detail view, apart from the view itself: the action list opens a server on the tab
// an action concerns (a VLAN's on Networks) without importing the detail view.
import type { Tab } from '../resource/Tabs.js';
import { serverNetworks } from './server-networks.js';
import { serverSnapshots } from './snapshots.js';

/** The detail view's tabs, in tui.md's order. `scope`: the tab's own keys, in place of the server's (on
 * Snapshots c, e, d, p act on its snapshots; on Networks on its VLANs). */
export const SERVER_TABS: ReadonlyArray<Tab & { scope?: string }> = [
  { id: 'overview', title: 'Overview' },
  { id: 'metrics', title: 'Metrics' },
  { id: 'snapshots', title: 'Snapshots', scope: serverSnapshots.name },
  { id: 'networks', title: 'Networks', scope: serverNetworks.name },
  { id: 'actions', title: 'Actions' },
  { id: 'cost', title: 'Cost' },
];

/** The index of the tab `id` names (Overview when none does). */
export const serverTab = (id: string): number => Math.max(0, SERVER_TABS.findIndex((t) => t.id === id));
