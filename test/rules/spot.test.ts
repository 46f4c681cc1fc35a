import { describe, expect, it } from 'vitest';
import { MSG, MSG_CHOSEN, checkSpotPlan, checkSpotPromotion, checkSpotReserved, spotTerminateAt } from '../../src/rules/index.js';
import { expectRule } from './helpers.js';

describe('checkSpotReserved', () => {
  it('refuses spot with a reserved plan', () => {
    expectRule(() => checkSpotReserved({ spot: true, reserved_plan: 'M12PECS1' }), MSG.spotReservedExclusive);
  });

  it.each<[Record<string, unknown>]>([[{}], [{ spot: true }], [{ reserved_plan: 'M3PECS1' }], [{ spot: false, reserved_plan: 'M3PECS1' }], [{ spot: true, reserved_plan: '' }]])(
    'accepts %j',
    (body) => {
      expect(() => checkSpotReserved(body)).not.toThrow();
    },
  );
});

describe('checkSpotPlan', () => {
  it('passes a discount through', () => {
    expect(checkSpotPlan(0.4)).toBe(0.4);
  });

  it.each([[null], [undefined], [0]])('refuses %j', (d) => {
    expectRule(() => checkSpotPlan(d), MSG.spotPlanNotAvailable);
  });
});

describe('checkSpotPromotion', () => {
  it('promotes ok and ignores promoted', () => {
    expect(checkSpotPromotion('ok')).toBe('promote');
    expect(checkSpotPromotion('promoted')).toBe('noop');
  });

  it('gives the two separate messages', () => {
    expectRule(() => checkSpotPromotion('terminating'), 'termination already scheduled');
    expectRule(() => checkSpotPromotion('terminated'), 'instance already terminated');
  });

  it('answers 404 for a server that is not a spot', () => {
    expectRule(() => checkSpotPromotion(undefined), MSG_CHOSEN.spotNotSpot, 404);
  });

  it('gives 120 s of notice', () => {
    expect(spotTerminateAt(1_000)).toBe(121_000);
  });
});
