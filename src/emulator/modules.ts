// Every resource module of the emulator. Their demo estate is seeded from above them all (demo/index.ts).
import type { Hono } from 'hono';
import type { Emu } from './emu.js';
import type { AppEnv } from './http.js';
import * as catalogRoutes from './catalog-routes.js';
import * as groups from './groups.js';
import * as sshkeys from './sshkeys.js';
import * as scripts from './scripts.js';
import * as networks from './networks.js';
import * as support from './support.js';
import * as reserved from './reserved.js';
import * as spot from './spot.js';
import * as servers from './servers.js';
import * as metrics from './metrics.js';
import * as snapshots from './snapshots.js';
import * as crons from './crons.js';
import * as templates from './templates.js';
import * as billing from './billing.js';
import * as events from './events.js';

interface ResourceModule {
  /** routes (service and `/__emulator/` admin ones) and task handlers (`emu.onTask`) */
  register(app: Hono<AppEnv>, emu: Emu): void;
}

export const RESOURCE_MODULES: ResourceModule[] = [
  catalogRoutes,
  groups,
  sshkeys,
  scripts,
  networks,
  support,
  reserved,
  spot,
  servers,
  metrics,
  snapshots,
  crons,
  templates,
  billing,
  events,
];
