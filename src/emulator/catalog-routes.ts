// Catalog endpoints (spec 4.2 and the extensions public clients call): plans, regions, images, spot plans and
// plan availability. The catalog itself is static; only free capacity (state.capacity) changes.
// Choices where the spec is silent:
// - /regions/availables lists the plan's regions that have a free host right now (capacity > 0), so a client
//   that checks first never picks a region where creation would fail for lack of resources. Unknown plan: 404.
// - /api/v2/plans/availables answers `{status, plans: [...]}` with one row per plan and region:
//   {plan, plan_id, host_type, location, region_id, available, free_hosts, spot_discount, spot_available}.
//   `available` is false and `free_hosts` 0 once the capacity is used up.
// - GET /ecs/v2/plans/availables (live dialect only: what the Python SDK ecsapi calls) answers each available
//   plan with the Plan fields plus `os_availables` (the public images it takes: Windows images need a Windows
//   plan) and `region_availables`: the regions with a free host, each with its pool of hosts and the caller's
//   servers on them ({name, notes}), which is what the service's isolation proposal reads.
// - /images/cloud-images answers `{status, images}` like /images/basics.
// - Plan sizes stay strings in every dialect here: the alternate integer form is documented for server plan_size only.
import type { Hono } from 'hono';
import { HOSTS_PER_POOL, findPlan, findRegion, isWindowsImage, poolHost, type Catalog, type CatalogImage, type CatalogPlan } from './catalog.js';
import type { Emu } from './emu.js';
import { EmuError, badRequest, notFound } from './errors.js';
import { ok, readBody, reqString, type AppEnv } from './http.js';
import { spotDiscountFor } from './spot.js';
import { RuleError } from '../rules/index.js';

/** The Plan shape of 2.3: no internal fields (capacity, spot_discount, regions). */
function formatPlan(catalog: Catalog, p: CatalogPlan) {
  return {
    id: p.id,
    name: p.name,
    cpu: p.cpu,
    ram: p.ram,
    disk: p.disk,
    gpu: p.gpu,
    gpu_label: p.gpu_label,
    hourly_price: p.hourly_price,
    montly_price: p.montly_price,
    windows: p.windows,
    host_type: p.host_type,
    available: p.available,
    available_regions: p.regions.flatMap((r) => {
      const region = findRegion(catalog, r.location);
      return region ? [{ id: region.id, location: region.location, description: region.description }] : [];
    }),
  };
}

/** The spot list's `plan`: the same shape with fewer fields (2.3). */
function formatSpotPlan(catalog: Catalog, p: CatalogPlan) {
  const { windows: _windows, available: _available, available_regions: _regions, ...plan } = formatPlan(catalog, p);
  return plan;
}

function formatImage(i: CatalogImage) {
  return {
    id: i.id,
    name: i.name,
    creation_date: i.creation_date,
    active_flag: i.active_flag,
    status: i.status,
    uuid: i.uuid,
    description: i.description,
    notes: i.notes,
    public: i.public,
    cloud_image: i.cloud_image,
    so_base: i.so_base,
    api_version: i.api_version,
    api_version_value: i.api_version_value,
    version: i.version,
    required_disk: i.required_disk,
  };
}

/** Free hosts of a plan in a region; bulk creation may overdraw, which still reads as none. */
function freeHosts(emu: Emu, planName: string, location: string): number {
  return Math.max(0, emu.state.capacity[`${planName}@${location}`] ?? 0);
}

/** Whether a spot of this plan can be created there now: the spot module decides, the same way creation does. */
function spotAvailable(emu: Emu, plan: CatalogPlan, location: string): boolean {
  if (plan.spot_discount === null) return false;
  try {
    spotDiscountFor(emu, plan.name, location);
    return true;
  } catch (err) {
    if (err instanceof EmuError || err instanceof RuleError) return false;
    throw err;
  }
}

export function register(app: Hono<AppEnv>, emu: Emu): void {
  // The static parts are built once per emulator.
  const plans = emu.catalog.plans.map((p) => formatPlan(emu.catalog, p));
  const images = emu.catalog.images.map(formatImage);
  const cloudImages = emu.catalog.cloud_images.map(formatImage);
  const regions = emu.catalog.regions.map((r) => ({ id: r.id, location: r.location, description: r.description }));
  const spotPlans = emu.catalog.plans
    .filter((p) => p.available && p.spot_discount !== null && p.spot_discount > 0)
    .map((p) => ({ plan: formatSpotPlan(emu.catalog, p), discount: p.spot_discount }));

  app.get('/ecs/v2/plans', (c) => ok(c, { plans }));

  app.post('/ecs/v2/regions/availables', async (c) => {
    const body = await readBody(c);
    const name = reqString(body, 'plan', 64);
    const plan = findPlan(emu.catalog, name) ?? notFound(`plan '${name}' not found`);
    const locations = plan.available ? plan.regions.filter((r) => freeHosts(emu, plan.name, r.location) > 0).map((r) => r.location) : [];
    return ok(c, { regions: emu.dialect === 'alternate' ? locations : [locations] });
  });

  // The spec sends no body: an empty one or `{}` is fine, anything else is a client bug worth telling about.
  app.post('/ecs/v2/images/basics', async (c) => {
    const body = await readBody(c);
    const fields = Object.keys(body);
    if (fields.length > 0) return badRequest(`POST /ecs/v2/images/basics takes no body (got field '${fields[0]}')`);
    return ok(c, { images });
  });
  app.get('/ecs/v2/images/basics', (c) => ok(c, { images }));
  app.get('/ecs/v2/images/cloud-images', (c) => ok(c, { images: cloudImages }));
  app.get('/ecs/v2/regions', (c) => ok(c, { regions }));
  app.get('/api/v2/plans/spot', (c) => ok(c, { plans: spotPlans }));

  if (emu.dialect === 'live') {
    app.get('/ecs/v2/plans/availables', (c) => {
      const user = c.get('user');
      // servers of the caller by host, once per request rather than once per plan and region
      const onHost = new Map<string, Array<{ name: string; notes: string }>>();
      for (const s of Object.values(emu.state.servers)) {
        if (s.user !== user || s.status === 'Deleted') continue;
        const list = onHost.get(s.host) ?? [];
        list.push({ name: s.name, notes: s.notes });
        onHost.set(s.host, list);
      }
      const out = emu.catalog.plans
        .filter((p) => p.available)
        .map((p) => ({
          ...formatPlan(emu.catalog, p),
          os_availables: emu.catalog.images.filter((i) => p.windows || !isWindowsImage(i)).map(formatImage),
          region_availables: p.regions
            .filter((r) => freeHosts(emu, p.name, r.location) > 0)
            .map((r) => ({
              region: r.location,
              hosts: Array.from({ length: HOSTS_PER_POOL }, (_, i) => {
                const host = poolHost(p, r.location, i + 1);
                return { host, servers: onHost.get(host) ?? [] };
              }),
            })),
        }));
      return ok(c, { plans: out });
    });
  }

  app.get('/api/v2/plans/availables', (c) => {
    const rows = [];
    for (const p of emu.catalog.plans) {
      for (const r of p.regions) {
        const free = freeHosts(emu, p.name, r.location);
        rows.push({
          plan: p.name,
          plan_id: p.id,
          host_type: p.host_type,
          location: r.location,
          region_id: findRegion(emu.catalog, r.location)?.id ?? null,
          available: p.available && free > 0,
          free_hosts: free,
          spot_discount: p.spot_discount,
          spot_available: spotAvailable(emu, p, r.location),
        });
      }
    }
    return ok(c, { plans: rows });
  });
}
