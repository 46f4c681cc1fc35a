// The catalog (spec 4.2 and the extensions public clients call): plans, regions, images, spot plans.
import { ShapeError } from './errors.js';
import type { Transport } from './http.js';
import { listOf, imageStatus, type Extra, type ImageStatus } from './parse-base.js';
import type { CallOptions } from './path.js';
import { Reader, isRecord, scalarText } from './read.js';

export interface Region {
  id: number;
  location: string;
  description: string;
}

export interface Plan {
  id: number;
  name: string;
  cpu: number;
  /** MB */
  ram: number;
  /** GB */
  disk: number;
  gpu: number;
  gpuLabel: string | null;
  hourlyPrice: number;
  monthlyPrice: number;
  windows: boolean;
  hostType: string;
  available: boolean;
  regions: Region[];
  extra: Extra;
}

export interface SpotPlan {
  plan: Plan;
  /** fraction 0 to 1 */
  discount: number;
}

export interface PlanAvailability {
  plan: string;
  location: string;
  /** fraction 0 to 1; null when the plan is not spot-eligible */
  spotDiscount: number | null;
  spotAvailable: boolean;
  /** whether an on-demand server can be created there now; null when the service does not say */
  available: boolean | null;
  extra: Extra;
}

/** A public image, cloud image or a user template: the same record. */
export interface Image {
  id: number;
  name: string;
  createdAt: Date | null;
  active: boolean;
  /** `CG`/`CD`/`DE`/`DD` and `Created` read as words */
  status: ImageStatus | (string & {});
  uuid: string;
  description: string;
  notes: string;
  public: boolean;
  cloudImage: boolean;
  osBase: string;
  requiredDisk: number | null;
  apiVersion: string;
  apiVersionValue: number | null;
  version: string;
  extra: Extra;
}

// ------------------------------------------------------------------------------------------------ reading

function readRegion(r: Reader): Region {
  return { id: r.optNum('id'), location: r.str('location'), description: r.optStr('description') };
}

function readPlan(r: Reader): Plan {
  return {
    id: r.optNum('id'),
    name: r.str('name'),
    cpu: r.optNum('cpu'),
    ram: r.optNum('ram'),
    disk: r.optNum('disk'),
    gpu: r.optNum('gpu'),
    gpuLabel: r.nullableStr('gpu_label'),
    hourlyPrice: r.optNum('hourly_price'),
    // spelled `montly_price` by the service
    monthlyPrice: r.has('montly_price') ? r.num('montly_price') : r.optNum('monthly_price'),
    windows: r.optBool('windows'),
    hostType: r.optStr('host_type'),
    available: r.optBool('available', true),
    regions: r.list('available_regions', (x) => readRegion(Reader.of(x, 'plan region'))),
    extra: r.rest(),
  };
}

function parsePlan(v: unknown): Plan {
  return readPlan(Reader.of(v, 'plan record'));
}

export function parsePlans(body: unknown): Plan[] {
  return listOf(body, 'plans', 'plan list').map(parsePlan);
}

export function parseSpotPlans(body: unknown): SpotPlan[] {
  return listOf(body, 'plans', 'spot plan list').map((x) => {
    const r = Reader.of(x, 'spot plan record');
    return { plan: parsePlan(r.any('plan')), discount: r.num('discount') };
  });
}

/** `[["ch-lug1", ...]]` (nested, as observed) or `["ch-lug1", ...]` (flat, one page). */
export function parseRegionNames(body: unknown): string[] {
  const flat = listOf(body, 'regions', 'region list').flat(2);
  return flat.map((x) => {
    if (typeof x === 'string') return x;
    if (isRecord(x) && typeof x.location === 'string') return x.location;
    throw new ShapeError('region list holds something that is not a location');
  });
}

export function parseRegions(body: unknown): Region[] {
  return listOf(body, 'regions', 'region list').map((x) => readRegion(Reader.of(x, 'region record')));
}

/**
 * The spec leaves this record unshown beyond `spot_discount` and `spot_available`, so several layouts are
 * read: a flat list of {plan, location, ...}, or plans each with per-region entries.
 */
export function parseAvailability(body: unknown): PlanAvailability[] {
  let items: unknown[];
  if (Array.isArray(body)) items = body;
  else if (isRecord(body)) {
    const key = ['availability', 'availables', 'plans', 'items', 'data'].find((k) => Array.isArray(body[k]));
    if (!key) throw new ShapeError("plan availability answer has no list of plans");
    items = body[key] as unknown[];
  } else throw new ShapeError('plan availability answer is not an object');

  const out: PlanAvailability[] = [];
  for (const item of items) {
    const r = Reader.of(item, 'plan availability record');
    const planRaw = r.any('plan');
    const planName = isRecord(planRaw)
      ? scalarText(planRaw.name ?? planRaw.id ?? '')
      : planRaw !== undefined && planRaw !== null
        ? scalarText(planRaw)
        : r.optStr('plan_name') || r.optStr('name');
    const regions = ['regions', 'locations', 'availability'].map((k) => r.raw[k]).find(Array.isArray) as unknown[] | undefined;
    if (regions) {
      for (const reg of regions) {
        const rr = Reader.of(reg, 'plan availability region');
        out.push(readAvailability(rr, planName, r));
      }
    } else {
      out.push(readAvailability(r, planName, r));
    }
  }
  return out;
}

function readAvailability(r: Reader, plan: string, parent: Reader): PlanAvailability {
  const location = r.has('location') ? r.str('location') : r.has('region') ? r.str('region') : r.optStr('location');
  const discount = r.has('spot_discount') ? r.nullableNum('spot_discount') : parent.has('spot_discount') ? parent.nullableNum('spot_discount') : null;
  r.any('spot_discount');
  r.any('region');
  r.any('plan');
  r.any('plan_name');
  r.any('name');
  for (const k of ['regions', 'locations', 'availability']) r.any(k);
  if (plan === '') throw new ShapeError("plan availability record is missing 'plan'");
  const available = r.has('available') ? r.bool('available') : null;
  return { plan, location, spotDiscount: discount, spotAvailable: r.optBool('spot_available'), available, extra: r.rest() };
}

export function parseImage(v: unknown): Image {
  const r = Reader.of(v, 'image record');
  return {
    id: r.optNum('id'),
    name: r.str('name'),
    createdAt: r.date('creation_date'),
    active: r.optBool('active_flag'),
    status: imageStatus(r.optStr('status')),
    uuid: r.optStr('uuid'),
    description: r.optStr('description'),
    notes: r.optStr('notes'),
    public: r.optBool('public'),
    cloudImage: r.optBool('cloud_image'),
    osBase: r.optStr('so_base'),
    requiredDisk: r.nullableNum('required_disk'),
    apiVersion: r.optStr('api_version'),
    apiVersionValue: r.nullableNum('api_version_value'),
    version: r.optStr('version'),
    extra: r.rest(),
  };
}

export function parseImages(body: unknown, key = 'images'): Image[] {
  return listOf(body, key, 'image list').map(parseImage);
}

// -------------------------------------------------------------------------------------------------- calls

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
