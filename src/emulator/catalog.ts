// The seed catalog is bundled into the program as data (esbuild inlines the JSON import), so the emulator works
// from the single bundled file without reading assets/ from disk at run time.
import catalogJson from '../../assets/catalog.json' with { type: 'json' };

export interface CatalogRegion {
  id: number;
  location: string;
  description: string;
}

export interface CatalogPlan {
  id: number;
  name: string;
  /** Sizes are strings, as on the wire: cpu count, ram in MB, disk in GB, gpu count. */
  cpu: string;
  ram: string;
  disk: string;
  gpu: string;
  gpu_label: string | null;
  hourly_price: number;
  montly_price: number;
  windows: boolean;
  host_type: string;
  available: boolean;
  /** Fraction 0 to 1, or null when the plan is not spot-eligible. */
  spot_discount: number | null;
  /** Where the plan is sold. */
  regions: CatalogPlanRegion[];
}

export interface CatalogPlanRegion {
  /** Region location, e.g. `it-fr2`. */
  location: string;
  /** Free hosts at start; creation fails for lack of resources once the emulator has used them up. */
  capacity: number;
}

export interface CatalogImage {
  id: number;
  name: string;
  creation_date: string;
  active_flag: boolean;
  status: string;
  uuid: string;
  description: string;
  notes: string;
  public: boolean;
  cloud_image: boolean;
  so_base: string;
  api_version: string;
  api_version_value: number;
  version: string;
  required_disk: number;
}

export interface CatalogSupportPlan {
  support_code: string;
  support_title: string;
  /** Spelled as in the support record: ranks upgrade versus downgrade. */
  weigth: number;
  days: number;
}

export interface CatalogReservedPlan {
  id: number;
  /** Plan id. */
  plan: number;
  months: number;
  /** Percent. */
  discount: number;
  /** Formula name, e.g. `M12PECS1`. */
  name: string;
}

export interface Catalog {
  notes: string;
  regions: CatalogRegion[];
  plans: CatalogPlan[];
  images: CatalogImage[];
  cloud_images: CatalogImage[];
  support_plans: CatalogSupportPlan[];
  reserved_plans: CatalogReservedPlan[];
}

// Assigning (not casting) makes tsc check the JSON file against the types above.
const seed: Catalog = catalogJson;

/** A fresh copy each time: emulator instances change capacities and must not share the module's data. */
export function loadCatalog(): Catalog {
  return structuredClone(seed);
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** Plan names differ in case between server records and the catalog (`ECS1` vs `eCS1`). */
export function findPlan(catalog: Catalog, name: string): CatalogPlan | undefined {
  return catalog.plans.find((p) => same(p.name, name));
}

export function findPlanById(catalog: Catalog, id: number): CatalogPlan | undefined {
  return catalog.plans.find((p) => p.id === id);
}

/** By location (`it-fr2`, any case) or numeric region id. */
export function findRegion(catalog: Catalog, key: string | number): CatalogRegion | undefined {
  return catalog.regions.find((r) => (typeof key === 'number' ? r.id === key : same(r.location, key)));
}

/** Public basic images and cloud images, by name (any case). Private templates are not in the catalog. */
export function findImage(catalog: Catalog, name: string): CatalogImage | undefined {
  return catalog.images.find((i) => same(i.name, name)) ?? catalog.cloud_images.find((i) => same(i.name, name));
}

export function isWindowsImage(image: Pick<CatalogImage, 'so_base'>): boolean {
  return image.so_base.toLowerCase() === 'windows';
}

/** Physical hosts per plan family and region: servers land on one of them (isolation keeps servers apart). */
export const HOSTS_PER_POOL = 16;

/** The host names of a plan family's pool in a region, `it-mi2-ecs-01` onwards. */
export function poolHost(plan: Pick<CatalogPlan, 'host_type'>, location: string, n: number): string {
  return `${location}-${plan.host_type.toLowerCase()}-${String(n).padStart(2, '0')}`;
}
