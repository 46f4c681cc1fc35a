// What the cost model (rules/costs.ts) needs from the service, once per session: the account's discounts and
// the plans' prices, fetched quietly the first time a screen asks (a failure leaves the costs unshown, never an
// error on screen). And the header's burn: what the account's servers cost per hour now.
import { useEffect, useMemo, useReducer } from 'react';
import type { Account, Plan, Server } from '../../api/index.js';
import { burnWithOff, runningBurn, serverRate, type Rate } from '../../rules/costs.js';
import { COST_ACCOUNT_KEY, COST_PLANS_KEY } from '../../session/cache.js';
import type { Session } from '../../session/session.js';
import { askOnce } from '../../session/side-lists.js';
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
    askOnce(session, COST_ACCOUNT_KEY);
    askOnce(session, COST_PLANS_KEY);
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
 * A server whose power is not known (never on screen, or its answer still to come) counts as running, and the
 * figure says it is an estimate (`≈ € 190.00/h`) while the power of any server whose rate it changes is not
 * known (`powerMatters` in rules/costs.ts). The servers' rates are summed once per list (and per minute of the
 * service's clock, for reserved periods), not at each redraw of the header: with 10,000 servers that pass was
 * a fifth of the dashboard's work while a bulk action's answers came in. Each redraw only goes through the
 * servers whose power is known (those shown so far): the ones off correct the sum, and they are counted.
 */
export function useBurn(session: Session | null | undefined, servers: readonly Server[] | undefined): string {
  const inputs = useCostInputs(session);
  // a server known to be off now (or on again) changes the burn: drawn again when the power states change
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  useEffect(() => session?.power.subscribe(redraw), [session]);
  const at = session ? session.client.serviceNow().getTime() : 0;
  const minute = Math.floor(at / 60_000);
  const { plans, account } = inputs;
  const base = useMemo(() => (servers && plans && account ? runningBurn(servers, plans, account, minute * 60_000) : null), [servers, plans, account, minute]);
  if (!session || !base) return '';
  const power = session.power;
  const off: string[] = [];
  let known = 0;
  for (const name of power.known()) {
    const state = power.state(name);
    if (state === undefined) continue;
    if (base.byName.get(name)?.powerMatters === true) known += 1;
    if (state === 'shutoff') off.push(name);
  }
  const text = burnText(burnWithOff(base, off, plans, account, { at: minute * 60_000 }));
  return known < base.powerMatters ? `≈ ${text}` : text;
}

/** `€ 2.84/h` from a euro an hour up (the header's figure to the cent), `€ 0.032/h` under it. */
const burnText = (n: number): string => (n >= 1 ? `€ ${n.toFixed(2)}/h` : perHour(n));

/** The rows with `cost`, each server's rate now (as if running: the list's live cells correct the ones off). */
export function withCosts<S extends Server>(rows: readonly S[], session: Session, inputs: CostInputs): Array<S & { cost?: number }> {
  if (!inputs.plans || !inputs.account) return rows as S[];
  return rows.map((s) => ({ ...s, cost: rateNow(session, inputs, s, 'running')?.hourly }));
}
