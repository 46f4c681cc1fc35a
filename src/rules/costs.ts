// What a server costs, from the spec alone (no I/O, no clock of its own): the plan's hourly price (spec 2.3),
// a spot instance's discount (2.3 spot plan list, 2.14), a reserved period's discount (2.16), the offline
// discount for a powered-off server where the account has it (2.13 `offline_available`, 2.18 `offline_*`),
// and the account's special discounts (2.13), whose sign conventions differ per plan family:
//   - `ecs_special_discount`    > 0 means a discount on standard (ECS) plans;
//   - `ecshm_special_discount` != 0 means a discount on high-memory (ECSHM) plans (0 means none);
//   - `ecsgpu_special_discount` < 0 means a discount on GPU (ECSGPU*) plans.
// The percentage is the value's magnitude (at most 100). Any other sign means no special discount.
//
// How they combine, where the spec is silent (the same reading the emulator's usage report makes; its code is
// its own, src/emulator/billing.ts, and a test checks the two agree to the cent):
//   base      = hourly price × (1 − spot discount)        while a spot instance is not promoted
//   online    = base × (1 − reserved %)                   while a reserved period covers the time
//   offline   = base × (1 − offline %)                    a powered-off server, account with offline_available
//   rate      = (online or offline) × (1 − special %)     applied last, by the plan's host type
// A powered-off server gets no reserved discount (offline hours carry only the offline one). A server being
// deleted costs nothing. The offline percentage is not in the spec: the usage report's `offline_discount`
// names it; 50 until a report says otherwise.

const OFFLINE_DISCOUNT_PCT = 50;
/** Hours in the month the wizard quotes (`€ 0.032/h · € 23.04/mo`): 30 days. */
export const QUOTE_MONTH_HOURS = 720;

const HOUR_MS = 3_600_000;

export interface PricedPlan {
  name: string;
  hourlyPrice: number;
  hostType: string;
}

export interface AccountDiscounts {
  offlineAvailable: boolean;
  ecsSpecialDiscount: number;
  ecshmSpecialDiscount: number;
  ecsgpuSpecialDiscount: number;
}

export interface PricedServer {
  plan: string;
  status: string;
  planSize?: { hostType: string } | null;
  /** spot discount is a fraction 0 to 1 (2.14) */
  spot: { status: string; discount: number } | null;
  /** reserved discount is a percent (2.16) */
  reservedPlans: ReadonlyArray<{ discount: number; startDate: Date | null; endDate: Date | null }>;
}

type DiscountKind = 'spot' | 'reserved' | 'offline' | 'special';

export interface AppliedDiscount {
  kind: DiscountKind;
  /** percent, 0 to 100 */
  pct: number;
}

export interface Rate {
  /** the plan's list price per hour */
  list: number;
  /** what the hour costs with every discount that applies */
  hourly: number;
  discounts: AppliedDiscount[];
}

const clampPct = (v: number): number => (Number.isFinite(v) ? Math.min(100, Math.max(0, v)) : 0);

/** The plan named `name` (plan names compare case-insensitively: `ECS1` on a server, `eCS1` in the catalog). */
function findPricedPlan<P extends PricedPlan>(plans: readonly P[] | undefined, name: string): P | undefined {
  const key = name.toLowerCase();
  return plans?.find((p) => p.name.toLowerCase() === key);
}

/** The account's special discount (percent) on plans of `hostType`, by the sign conventions of spec 2.13. */
export function specialDiscountPct(account: AccountDiscounts | undefined, hostType: string): number {
  if (!account) return 0;
  const type = hostType.toUpperCase();
  if (type.startsWith('ECSGPU')) return account.ecsgpuSpecialDiscount < 0 ? clampPct(-account.ecsgpuSpecialDiscount) : 0;
  if (type === 'ECSHM') return account.ecshmSpecialDiscount !== 0 ? clampPct(Math.abs(account.ecshmSpecialDiscount)) : 0;
  return account.ecsSpecialDiscount > 0 ? clampPct(account.ecsSpecialDiscount) : 0;
}

/** The spot discount (percent) in force: a spot instance's until it is promoted to on-demand. */
function spotDiscountPct(spot: PricedServer['spot']): number {
  if (!spot || spot.status === 'promoted') return 0;
  return clampPct(spot.discount * 100);
}

/** The discount (percent) of the reserved period covering `at`, 0 when none does. */
function reservedDiscountPct(periods: PricedServer['reservedPlans'], at: number): number {
  for (const r of periods) {
    const from = r.startDate?.getTime() ?? -Infinity;
    const to = r.endDate?.getTime() ?? Infinity;
    if (at >= from && at < to) return clampPct(r.discount);
  }
  return 0;
}

/** Whether the service bills the server at all: one being deleted, or gone, costs nothing. */
const isBilled = (status: string): boolean => status !== 'deleting' && status !== 'deleted';

interface RateOptions {
  /** the service's time (ms), for the reserved period in force */
  at: number;
  /** true when the server is known to be powered off (status endpoint `SHUTOFF`) */
  off?: boolean;
  /** the offline discount in percent; default OFFLINE_DISCOUNT_PCT */
  offlinePct?: number;
}

/** Combines the discounts in the order of the header comment. */
function combine(list: number, parts: { spot?: number; reserved?: number; offline?: number; special?: number }): Rate {
  const discounts: AppliedDiscount[] = [];
  let hourly = list;
  for (const kind of ['spot', 'reserved', 'offline', 'special'] as const) {
    const pct = clampPct(parts[kind] ?? 0);
    if (pct <= 0) continue;
    hourly *= 1 - pct / 100;
    discounts.push({ kind, pct });
  }
  return { list, hourly, discounts };
}

/** What the server costs per hour now; null when its plan is not in the catalog. */
export function serverRate(server: PricedServer, plans: readonly PricedPlan[] | undefined, account: AccountDiscounts | undefined, opts: RateOptions): Rate | null {
  const plan = findPricedPlan(plans, server.plan);
  if (!plan) return null;
  if (!isBilled(server.status)) return { list: plan.hourlyPrice, hourly: 0, discounts: [] };
  const off = opts.off === true;
  return combine(plan.hourlyPrice, {
    spot: spotDiscountPct(server.spot),
    reserved: off ? 0 : reservedDiscountPct(server.reservedPlans, opts.at),
    offline: off && account?.offlineAvailable ? (opts.offlinePct ?? OFFLINE_DISCOUNT_PCT) : 0,
    special: specialDiscountPct(account, plan.hostType),
  });
}

/**
 * The burn as the header keeps it: every server's rate as if running, summed, once per list (and per minute
 * of the service's clock, for reserved periods); then `burnWithOff` corrects it for the few servers known to
 * be off: the sum of every server's rate now, without a pass over 10,000 servers at each redraw of the header.
 */
interface RunningBurn<S extends PricedServer> {
  sum: number;
  /**
   * each named server, its rate running (0 when its plan is unknown), and whether its power matters: it is
   * billed, and its rate off is another (the account has the offline discount, or a reserved period is in
   * force, whose discount an hour off does not get)
   */
  byName: Map<string, { server: S; hourly: number; powerMatters: boolean }>;
  /** how many servers' power matters: the sum is exact once the power of each of them is known */
  powerMatters: number;
}

export function runningBurn<S extends PricedServer & { name: string }>(
  servers: readonly S[],
  plans: readonly PricedPlan[] | undefined,
  account: AccountDiscounts | undefined,
  at: number,
): RunningBurn<S> {
  let sum = 0;
  const byName = new Map<string, { server: S; hourly: number; powerMatters: boolean }>();
  const offline = account?.offlineAvailable === true;
  for (const server of servers) {
    const rate = serverRate(server, plans, account, { at, off: false });
    const hourly = rate?.hourly ?? 0;
    sum += hourly;
    // the reserved discount, read from the rate just made: an hour off does not get it
    const matters = hourly > 0 && (offline || rate!.discounts.some((d) => d.kind === 'reserved'));
    byName.set(server.name, { server, hourly, powerMatters: matters });
  }
  let powerMatters = 0;
  for (const entry of byName.values()) if (entry.powerMatters) powerMatters += 1;
  return { sum, byName, powerMatters };
}

/** `base` with each server `offNames` lists at its rate while off instead of running. */
export function burnWithOff<S extends PricedServer & { name: string }>(
  base: RunningBurn<S>,
  offNames: Iterable<string>,
  plans: readonly PricedPlan[] | undefined,
  account: AccountDiscounts | undefined,
  opts: { at: number; offlinePct?: number },
): number {
  let sum = base.sum;
  for (const name of offNames) {
    const known = base.byName.get(name);
    if (!known) continue;
    sum += (serverRate(known.server, plans, account, { at: opts.at, off: true, offlinePct: opts.offlinePct })?.hourly ?? 0) - known.hourly;
  }
  return sum;
}

interface Quote extends Rate {
  monthly: number;
}

/**
 * The wizard's price of a new server on `plan`: per hour and per month (QUOTE_MONTH_HOURS), with a spot
 * discount (fraction) when it is asked for, and the account's special discount on the plan's family. A reserved
 * period's discount is not known before the service names it (no catalog call gives it), so it is not counted.
 */
export function planQuote(plan: PricedPlan, account: AccountDiscounts | undefined, opts: { spotDiscount?: number | null } = {}): Quote {
  const rate = combine(plan.hourlyPrice, {
    spot: opts.spotDiscount ? opts.spotDiscount * 100 : 0,
    special: specialDiscountPct(account, plan.hostType),
  });
  return { ...rate, monthly: rate.hourly * QUOTE_MONTH_HOURS };
}

/** [start, end) of the UTC month holding `at`, in ms. */
export function monthWindow(at: number): { year: number; month: number; from: number; to: number } {
  const d = new Date(at);
  const year = d.getUTCFullYear();
  const month = d.getUTCMonth() + 1;
  return { year, month, from: Date.UTC(year, month - 1, 1), to: Date.UTC(year, month, 1) };
}

/** The month `by` months after `m` (before it, when negative). */
export function monthAfter(m: { year: number; month: number }, by: number): { year: number; month: number } {
  const index = m.year * 12 + (m.month - 1) + by;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** Hours in a calendar month (UTC): 672 to 744. */
export const monthHours = (year: number, month: number): number => (Date.UTC(year, month, 1) - Date.UTC(year, month - 1, 1)) / HOUR_MS;

/** A whole month at one rate: what the service bills a server that runs the whole month unchanged. */
export const wholeMonth = (rate: Rate, year: number, month: number): number => rate.hourly * monthHours(year, month);

/**
 * The month's expected total: what the usage report has billed so far (`soFar`, up to `at`), plus the rate now
 * for the hours left until the month ends. Without a report, the whole month at the rate now.
 */
export function monthPrediction(rate: Rate, at: number, soFar: number | null): number {
  const m = monthWindow(at);
  if (soFar === null) return wholeMonth(rate, m.year, m.month);
  // the report rounds hours up: the hour under way is already billed
  const left = Math.max(0, Math.floor((m.to - at) / HOUR_MS));
  return soFar + rate.hourly * left;
}

const KIND_WORDS: Record<DiscountKind, string> = { spot: 'spot', reserved: 'reserved', offline: 'offline', special: 'special' };

/** `spot −30% · special −10%`, or `` when no discount applies. */
export function discountText(discounts: readonly AppliedDiscount[]): string {
  return discounts.map((d) => `${KIND_WORDS[d.kind]} −${Math.round(d.pct * 100) / 100}%`).join(' · ');
}
