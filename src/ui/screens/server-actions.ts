// A server's actions: the Actions tab of its detail, and the recent ones its Overview shows beside the record
// on a wide terminal (server-glance.tsx). One loader for both, so the two never disagree about which actions
// are the server's.
import type { Action, Client, Snapshot } from '../../api/index.js';
import { touchesServer } from '../../session/power.js';
import { defineResource } from '../resource/spec.js';
import { actionBase, openResource } from './actions.js';
import { keepServerSnapshots } from './snapshots.js';

export type ServerParams = { server?: string };

/**
 * Every action that concerns the server: its own, its VLANs' (`<server>-<network>`) and its snapshots' (their
 * resource is the snapshot's id), from its own list and the account's recent actions. The server's snapshots,
 * read to find theirs, go to `keep` (snapshots.ts keepServerSnapshots: its Snapshots tab and the names).
 */
export async function loadServerActions(client: Client, name: string, signal?: AbortSignal, keep?: (snapshots: readonly Snapshot[]) => void): Promise<Action[]> {
  const [own, recent, snaps] = await Promise.all([
    client.actions.list({ resource: name, start: 0, length: 100 }, { signal }),
    client.actions.list({ start: 0, length: 200 }, { signal }),
    client.snapshots.list(name, { signal }).then(
      (list) => {
        keep?.(list);
        return list;
      },
      () => [],
    ),
  ]);
  const snapshotIds = new Set(snaps.map((x) => String(x.id)));
  const byId = new Map<number, Action>();
  for (const a of [...own.actions, ...recent.actions]) {
    if (touchesServer(a.resource, name) || snapshotIds.has(a.resource)) byId.set(a.id, a);
  }
  return [...byId.values()];
}

/** A finished action may be one of the server's: its own, its VLANs', or (named by id alone) a snapshot's. */
export const mayTouchServer = (resource: string, name: string): boolean => touchesServer(resource, name) || /^\d+$/.test(resource);

/** The server's actions: the actions list, scoped to the server. */
export const serverActions = defineResource<Action, ServerParams>({
  ...actionBase,
  name: 'server-actions',
  title: (p) => `Actions of ${p.server ?? ''}`,
  load: ({ client, params, session }, signal) => loadServerActions(client, params.server ?? '', signal, keepServerSnapshots(session, params.server ?? '')),
  // ⏎ on one of its own actions shows the action; on its snapshots' and VLANs' goes to them
  open: (a, nav, ctx) => (a.resource === ctx.params.server ? false : openResource(a, nav, undefined)),
  cacheKey: (p) => `actions:${p.server}`,
  touches: (a, p) => mayTouchServer(a.resource, p.server ?? ''),
  live: true,
  empty: 'no actions on this server',
});
