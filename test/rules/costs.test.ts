// The cost model against hand-computed cases: every discount alone, then together, and the sign conventions
// of the account's special discounts (spec 2.13), each tested both ways.
import { describe, expect, it } from 'vitest';
import {
  burnWithOff,
  runningBurn,
  discountText,
  monthHours,
  monthPrediction,
  planQuote,
  serverRate,
  specialDiscountPct,
  type AccountDiscounts,
  type PricedPlan,
  type PricedServer,
} from '../../src/rules/costs.js';
import { perHour } from '../../src/ui/format.js';

const PLANS: PricedPlan[] = [
  { name: 'eCS2', hourlyPrice: 0.032, hostType: 'ECS' },
  { name: 'eCS1HM', hourlyPrice: 0.217, hostType: 'ECSHM' },
  { name: 'ECS1GPU', hourlyPrice: 0.29, hostType: 'ECSGPU' },
  { name: 'ECS1GPU8', hourlyPrice: 8.4, hostType: 'ECSGPU8' },
];
const NONE: AccountDiscounts = { offlineAvailable: false, ecsSpecialDiscount: 0, ecshmSpecialDiscount: 0, ecsgpuSpecialDiscount: 0 };
const NOW = Date.UTC(2026, 10, 15, 12);
const server = (over: Partial<PricedServer> = {}): PricedServer => ({ plan: 'eCS2', status: 'booted', spot: null, reservedPlans: [], ...over });
const rate = (s: PricedServer, account: AccountDiscounts = NONE, off = false) => serverRate(s, PLANS, account, { at: NOW, off })!.hourly;
const reserved = (discount: number, from = Date.UTC(2026, 9, 1), to = Date.UTC(2027, 9, 1)) => [{ discount, startDate: new Date(from), endDate: new Date(to) }];

describe('cost model: one discount at a time', () => {
  it('a plain server costs its plan hourly price; plan names compare case-insensitively', () => {
    expect(rate(server())).toBeCloseTo(0.032, 10);
    expect(rate(server({ plan: 'ECS2' }))).toBeCloseTo(0.032, 10);
    expect(serverRate(server({ plan: 'nope' }), PLANS, NONE, { at: NOW })).toBeNull();
  });

  it('spot: the discount is a fraction (0.3 = 30 % off) until the server is promoted', () => {
    expect(rate(server({ spot: { status: 'ok', discount: 0.3 } }))).toBeCloseTo(0.0224, 10);
    expect(rate(server({ spot: { status: 'terminating', discount: 0.3 } }))).toBeCloseTo(0.0224, 10);
    expect(rate(server({ spot: { status: 'promoted', discount: 0.3 } }))).toBeCloseTo(0.032, 10);
  });

  it('reserved: the discount is a percent (20 = 20 % off), only inside the period', () => {
    expect(rate(server({ reservedPlans: reserved(20) }))).toBeCloseTo(0.0256, 10);
    expect(rate(server({ reservedPlans: reserved(20, Date.UTC(2025, 0, 1), Date.UTC(2025, 6, 1)) }))).toBeCloseTo(0.032, 10);
    expect(rate(server({ reservedPlans: reserved(20, Date.UTC(2026, 11, 1), Date.UTC(2027, 11, 1)) }))).toBeCloseTo(0.032, 10);
  });

  it('offline: a powered-off server costs half where the account has offline_available, full price elsewhere', () => {
    expect(rate(server(), { ...NONE, offlineAvailable: true }, true)).toBeCloseTo(0.016, 10);
    expect(rate(server(), { ...NONE, offlineAvailable: true }, false)).toBeCloseTo(0.032, 10);
    expect(rate(server(), NONE, true)).toBeCloseTo(0.032, 10);
  });

  it('a server being deleted costs nothing', () => {
    expect(rate(server({ status: 'deleting' }))).toBe(0);
    expect(rate(server({ status: 'deleted' }))).toBe(0);
  });
});

describe('cost model: the special discounts and their sign conventions (spec 2.13)', () => {
  it('ecs_special_discount: greater than 0 is a discount on ECS plans; 0 or negative is none', () => {
    expect(specialDiscountPct({ ...NONE, ecsSpecialDiscount: 10 }, 'ECS')).toBe(10);
    expect(specialDiscountPct({ ...NONE, ecsSpecialDiscount: -10 }, 'ECS')).toBe(0);
    expect(rate(server(), { ...NONE, ecsSpecialDiscount: 25 })).toBeCloseTo(0.024, 10);
  });

  it('ecshm_special_discount: any value but 0 is a discount on ECSHM plans, of its magnitude', () => {
    expect(specialDiscountPct({ ...NONE, ecshmSpecialDiscount: 15 }, 'ECSHM')).toBe(15);
    expect(specialDiscountPct({ ...NONE, ecshmSpecialDiscount: -15 }, 'ECSHM')).toBe(15);
    expect(specialDiscountPct(NONE, 'ECSHM')).toBe(0);
    expect(rate(server({ plan: 'eCS1HM' }), { ...NONE, ecshmSpecialDiscount: -20 })).toBeCloseTo(0.1736, 10);
  });

  it('ecsgpu_special_discount: less than 0 is a discount on every ECSGPU* plan; positive is none', () => {
    expect(specialDiscountPct({ ...NONE, ecsgpuSpecialDiscount: -40 }, 'ECSGPU8')).toBe(40);
    expect(specialDiscountPct({ ...NONE, ecsgpuSpecialDiscount: 40 }, 'ECSGPU')).toBe(0);
    expect(rate(server({ plan: 'ECS1GPU8' }), { ...NONE, ecsgpuSpecialDiscount: -40 })).toBeCloseTo(5.04, 10);
  });

  it('each special discount touches its own family only', () => {
    const all: AccountDiscounts = { ...NONE, ecsSpecialDiscount: 10, ecshmSpecialDiscount: 0, ecsgpuSpecialDiscount: 5 };
    expect(rate(server({ plan: 'ECS1GPU' }), all)).toBeCloseTo(0.29, 10);
    expect(rate(server({ plan: 'eCS1HM' }), all)).toBeCloseTo(0.217, 10);
    expect(rate(server(), all)).toBeCloseTo(0.0288, 10);
  });
});

describe('cost model: combinations', () => {
  it('spot then special multiply: 0.032 × 0.7 × 0.9', () => {
    expect(rate(server({ spot: { status: 'ok', discount: 0.3 } }), { ...NONE, ecsSpecialDiscount: 10 })).toBeCloseTo(0.02016, 10);
  });

  it('reserved then special multiply: 0.032 × 0.8 × 0.9', () => {
    expect(rate(server({ reservedPlans: reserved(20) }), { ...NONE, ecsSpecialDiscount: 10 })).toBeCloseTo(0.02304, 10);
  });

  it('powered off inside a reserved period: the offline discount only, then special: 0.032 × 0.5 × 0.9', () => {
    const account = { ...NONE, offlineAvailable: true, ecsSpecialDiscount: 10 };
    expect(rate(server({ reservedPlans: reserved(20) }), account, true)).toBeCloseTo(0.0144, 10);
  });

  it('a powered-off spot server: spot, then offline: 0.29 × 0.6 × 0.5 × 0.7 (GPU special −30)', () => {
    const account = { ...NONE, offlineAvailable: true, ecsgpuSpecialDiscount: -30 };
    const r = serverRate(server({ plan: 'ECS1GPU', spot: { status: 'ok', discount: 0.4 } }), PLANS, account, { at: NOW, off: true })!;
    expect(r.hourly).toBeCloseTo(0.0609, 10);
    expect(discountText(r.discounts)).toBe('spot −40% · offline −50% · special −30%');
  });

  it('the burn is the sum of the rates now, with the powered-off servers known as such', () => {
    const account = { ...NONE, offlineAvailable: true };
    const servers = [
      { ...server(), name: 'ec200001' },
      { ...server({ plan: 'ECS1GPU8' }), name: 'ec200002' },
      { ...server({ plan: 'eCS1HM', status: 'deleting' }), name: 'ec200003' },
    ];
    const base = runningBurn(servers, PLANS, account, NOW);
    expect(base.sum).toBeCloseTo(8.432, 10);
    expect(burnWithOff(base, [], PLANS, account, { at: NOW })).toBeCloseTo(8.432, 10);
    expect(burnWithOff(base, ['ec200002'], PLANS, account, { at: NOW })).toBeCloseTo(4.232, 10);
    // a name the list does not hold (a server deleted since) changes nothing
    expect(burnWithOff(base, ['ec200002', 'ec299999'], PLANS, account, { at: NOW })).toBeCloseTo(4.232, 10);
  });

  it("names the servers whose power changes the burn: every billed one with the offline discount, else those reserved now", () => {
    const servers = [
      { ...server(), name: 'ec200001' },
      { ...server({ reservedPlans: reserved(20) }), name: 'ec200002' },
      { ...server({ reservedPlans: reserved(20, Date.UTC(2025, 0, 1), Date.UTC(2025, 6, 1)) }), name: 'ec200003' },
      { ...server({ status: 'deleting' }), name: 'ec200004' },
      { ...server({ plan: 'nope' }), name: 'ec200005' },
    ];
    const matters = (account: AccountDiscounts) => {
      const base = runningBurn(servers, PLANS, account, NOW);
      return [base.powerMatters, servers.map((s) => base.byName.get(s.name)!.powerMatters)];
    };
    // off, a server costs half: its power matters unless it is not billed (or its plan is not known)
    expect(matters({ ...NONE, offlineAvailable: true })).toEqual([3, [true, true, true, false, false]]);
    // no offline discount: off costs as much as running, except for a reserved period, lost while off
    expect(matters(NONE)).toEqual([1, [false, true, false, false, false]]);
    expect(rate(servers[1], NONE, true)).toBeGreaterThan(rate(servers[1], NONE, false));
  });
});

describe('cost model: quotes and months', () => {
  it('the wizard quote: per hour and per 720-hour month, spot and special named', () => {
    const q = planQuote(PLANS[0], NONE);
    expect(`${perHour(q.hourly)} · € ${q.monthly.toFixed(2)}/mo`).toBe('€ 0.032/h · € 23.04/mo');
    const spot = planQuote(PLANS[0], { ...NONE, ecsSpecialDiscount: 10 }, { spotDiscount: 0.3 });
    expect(spot.hourly).toBeCloseTo(0.02016, 10);
    expect(spot.monthly).toBeCloseTo(14.5152, 8);
    expect(discountText(spot.discounts)).toBe('spot −30% · special −10%');
  });

  it('month hours follow the calendar: February 2026 672, November 720, December 744', () => {
    expect([monthHours(2026, 2), monthHours(2026, 11), monthHours(2026, 12)]).toEqual([672, 720, 744]);
  });

  it('the month prediction: billed so far plus the rate now for the whole hours left', () => {
    const r = serverRate(server(), PLANS, NONE, { at: NOW })!;
    // Nov 15 12:00 → Dec 1 00:00 is 372 h
    expect(monthPrediction(r, NOW, 10)).toBeCloseTo(10 + 372 * 0.032, 10);
    expect(monthPrediction(r, NOW, null)).toBeCloseTo(720 * 0.032, 10);
  });

  it('rates are written with two to four decimals', () => {
    expect([perHour(1.23), perHour(0.032), perHour(0.0298), perHour(12)]).toEqual(['€ 1.23/h', '€ 0.032/h', '€ 0.0298/h', '€ 12.00/h']);
  });
});
