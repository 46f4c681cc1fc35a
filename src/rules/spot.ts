import { RuleError } from './errors.js';
import { LIMITS, MSG, MSG_CHOSEN } from './messages.js';

const present = (v: unknown): boolean => v !== undefined && v !== null && v !== '';

/** Server creation: a spot instance cannot also be reserved. Only `spot: true` counts as asking for a spot. */
export function checkSpotReserved(body: { spot?: unknown; reserved_plan?: unknown }): void {
  if (body.spot === true && present(body.reserved_plan)) throw new RuleError(400, MSG.spotReservedExclusive);
}

/**
 * A spot needs a spot discount for its plan. The spec names the error `SpotPlanNotAvailable` but not its
 * status code; 400 is our choice.
 */
export function checkSpotPlan(discount: number | null | undefined): number {
  if (discount === null || discount === undefined || !(discount > 0)) throw new RuleError(400, MSG.spotPlanNotAvailable);
  return discount;
}

type SpotStatus = 'ok' | 'terminating' | 'terminated' | 'promoted';

/**
 * PATCH/PUT spot-status with `promoted` (spec 3.5): 'promote' to move ok → promoted, 'noop' when already
 * promoted (idempotent 200), and errors for terminating/terminated and for servers that are not spots.
 */
export function checkSpotPromotion(status: SpotStatus | undefined): 'promote' | 'noop' {
  switch (status) {
    case 'ok':
      return 'promote';
    case 'promoted':
      return 'noop';
    case 'terminating':
      throw new RuleError(400, MSG.spotTerminationScheduled);
    case 'terminated':
      throw new RuleError(400, MSG.spotAlreadyTerminated);
    case undefined:
      throw new RuleError(404, MSG_CHOSEN.spotNotSpot);
  }
}

/** `terminate_at` of a reclaim notice, in the same unit as `notifiedAtMs` (milliseconds). */
export function spotTerminateAt(notifiedAtMs: number): number {
  return notifiedAtMs + LIMITS.spotNoticeSeconds * 1000;
}
