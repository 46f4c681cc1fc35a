// What the cost model (rules/costs.ts) needs from the service, once per session: the account's discounts and
// the plans' prices, fetched quietly the first time a screen asks (a failure leaves the costs unshown, never an
// error on screen). And the header's burn: what the account's servers cost per hour now.
import { useEffect, useMemo, useReducer } from 'react';
import type { Account, Plan, Server } from '../../api/index.js';
import { accountBurn, serverRate, type Rate } from '../../rules/costs.js';
import { COST_ACCOUNT_KEY, COST_PLANS_KEY } from '../../session/cache.js';
import type { Session } from '../../session/session.js';
import { perHour } from '../format.js';
import { useCached } from './useTracker.js';

interface CostInputs {
  account?: Account;
  plans?: Plan[];
}

/** The account and the plans, fetched once per session; both undefined until they come (or if they fail). */
export function useCostInputs(session: Session | null | undefined): CostInputs {
  const account = useCached<Account>(session?.cache, COST_ACCOUNT_KEY);
  const plans = useCached<Plan[]>(session?.cache, COST_PLANS_KEY);
  useEffect(() => {
    if (!session) return;
    const { cache, client } = session;
    if (cache.get(COST_ACCOUNT_KEY) === undefined) cache.prefetch(COST_ACCOUNT_KEY, () => client.account.get()).catch(() => undefined);
    if (cache.get(COST_PLANS_KEY) === undefined) cache.prefetch(COST_PLANS_KEY, () => client.catalog.plans()).catch(() => undefined);
  }, [session]);
  return useMemo(() => ({ account, plans }), [account, plans]);
}

/** A server's rate now, with its power state as the session knows it (unknown counts as running). */
export function rateNow(session: Session, inputs: CostInputs, server: Server, power?: string): Rate | null {
  if (!inputs.plans || !inputs.account) return null;
  const off = (power ?? session.power.state(server.name)) === 'shutoff';
  return serverRate(server, inputs.plans, inputs.account, { at: session.client.serviceNow().getTime(), off });
}

/**
 * `€ 1.23/h`: the account's servers per hour now, or '' until the account, the plans and the list are known.
 * A server whose power state was never asked (not on screen) counts as running: the figure errs high, not low.
 */
export function useBurn(session: Session | null | undefined, servers: readonly Server[] | undefined): string {
  const inputs = useCostInputs(session);
  // a server known to be off now (or on again) changes the burn: drawn again when the power states change
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  useEffect(() => session?.power.subscribe(redraw), [session]);
  if (!session || !servers || !inputs.plans || !inputs.account) return '';
  const power = session.power;
  // one pass over the list (10,000 servers: well under a millisecond), on the header's own redraws only
  const burn = accountBurn(servers, inputs.plans, inputs.account, {
    at: session.client.serviceNow().getTime(),
    isOff: (s) => power.state(s.name) === 'shutoff',
  });
  return burnText(burn);
}

/** `€ 2.84/h` from a euro an hour up (the header's figure to the cent), `€ 0.032/h` under it. */
const burnText = (n: number): string => (n >= 1 ? `€ ${n.toFixed(2)}/h` : perHour(n));

/** The rows with `cost`, each server's rate now (as if running: the list's live cells correct the ones off). */
export function withCosts<S extends Server>(rows: readonly S[], session: Session, inputs: CostInputs): Array<S & { cost?: number }> {
  if (!inputs.plans || !inputs.account) return rows as S[];
  return rows.map((s) => ({ ...s, cost: rateNow(session, inputs, s, 'running')?.hourly }));
}
