// The lists read beside the servers: the groups (the list names them) and the account and the plans (the
// costs of its rows and the header's burn). Each is asked for once per session by whoever needs it first:
// boot, with the servers list, so the first screen is drawn once, complete; else the screen or the header.
// Quietly: a failure leaves it unshown, to be asked for again by the next that needs it.
import type { Client } from '../api/index.js';
import { COST_ACCOUNT_KEY, COST_PLANS_KEY, GROUPS_CACHE_KEY, type ResourceCache } from './cache.js';

const LOADERS = {
  [GROUPS_CACHE_KEY]: (client: Client) => client.groups.list(),
  [COST_ACCOUNT_KEY]: (client: Client) => client.account.get(),
  [COST_PLANS_KEY]: (client: Client) => client.catalog.plans(),
};

type SideList = keyof typeof LOADERS;
export const SIDE_LISTS = Object.keys(LOADERS) as SideList[];

/** Starts loading `key` into the cache unless it is there or on its way. */
export function askOnce(session: { cache: ResourceCache; client: Client }, key: SideList): void {
  if (session.cache.get(key) !== undefined) return;
  session.cache.prefetch<unknown>(key, () => LOADERS[key](session.client)).catch(() => undefined);
}
