// The catalog (spec 4.2 and the extensions public clients call): plans, regions, images, spot plans.
import type { Transport } from './http.js';
import type { Image, Plan, PlanAvailability, Region, SpotPlan } from './models.js';
import { parseAvailability, parseImages, parsePlans, parseRegionNames, parseRegions, parseSpotPlans } from './parse.js';
import type { CallOptions } from './path.js';

export function catalogApi(t: Transport) {
  return {
    plans(opts: CallOptions = {}): Promise<Plan[]> {
      return t.call('GET', '/ecs/v2/plans', parsePlans, opts);
    },
    /** Locations where `plan` can be created now. */
    regionsFor(plan: string, opts: CallOptions = {}): Promise<string[]> {
      return t.call('POST', '/ecs/v2/regions/availables', parseRegionNames, { ...opts, json: { plan }, history: false });
    },
    /** Every region, with its id and description. */
    regions(opts: CallOptions = {}): Promise<Region[]> {
      return t.call('GET', '/ecs/v2/regions', parseRegions, opts);
    },
    /** Public images. GET (seen on the wire beside the spec's POST) so that the transport may retry it. */
    images(opts: CallOptions = {}): Promise<Image[]> {
      return t.call('GET', '/ecs/v2/images/basics', (b) => parseImages(b, 'images'), opts);
    },
    cloudImages(opts: CallOptions = {}): Promise<Image[]> {
      return t.call('GET', '/ecs/v2/images/cloud-images', (b) => parseImages(b, 'images'), opts);
    },
    /** Plans with an active spot discount. */
    spotPlans(opts: CallOptions = {}): Promise<SpotPlan[]> {
      return t.call('GET', '/api/v2/plans/spot', parseSpotPlans, opts);
    },
    /** Per plan and region: spot discount and whether a spot can be created there now. */
    availability(opts: CallOptions = {}): Promise<PlanAvailability[]> {
      return t.call('GET', '/api/v2/plans/availables', parseAvailability, opts);
    },
  };
}
