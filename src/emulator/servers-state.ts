// The servers' state, declared with servers.ts (and server-core.ts below it): the servers by name, with the
// support plan, reserved plans and power history each carries, and the free hosts per plan and location.
import { records, sameShape } from './collection.js';

export type ServerStatus = 'Booting' | 'Customizing' | 'Booted' | 'Deleting' | 'Deleted';

export interface SupportRec {
  support_title: string;
  support_code: string;
  immutable: boolean;
  start: number;
  may_downgrade: boolean;
  weigth: number;
  days: number;
  cancelled: boolean;
  cancelled_at: number | null;
}

export interface ReservedRec {
  reserved_plan: number;
  reserved_month: number;
  plan: number;
  discount: number;
  start_date: number;
  end_date: number;
  server: string;
}

/** One change of a server's billable state, for usage reports. */
export interface PowerEvent {
  at: number;
  state: 'on' | 'off' | 'gone';
  /** catalog plan name in force from `at` on */
  plan: string;
}

export interface ServerRec {
  name: string;
  user: string;
  /** catalog plan name (as in the catalog, e.g. `eCS1`) */
  plan: string;
  location: string;
  /** image or template name used to deploy */
  image: string;
  image_label: string;
  notes: string;
  group: string | null;
  ipv4: string;
  ipv6: string;
  status: ServerStatus;
  /** running state as reported by the status endpoint */
  power: 'on' | 'off';
  progress: number;
  active_flag: boolean;
  created_at: number;
  deleted_at: number | null;
  api_version: string;
  is_reserved: boolean;
  reserved_until: number | null;
  reserved_plans: ReservedRec[];
  support: SupportRec | null;
  spot: boolean;
  isolate_from: string[];
  /** physical host the server runs on (for isolation and capacity) */
  host: string;
  ssh_key: string | null;
  script_id: number | null;
  last_restored_snapshot: number | null;
  /** the create action, so Customizing can follow its completion */
  create_action: number | null;
  history: PowerEvent[];
  /** made by the admin bulk endpoint (load tests): it took no capacity, so its deletion gives none back */
  bulk?: boolean;
}

export const serversCollections = {
  servers: records<ServerRec>({ since: 1, empty: () => ({}), upgrade: sameShape, older: [] }),
  /** free hosts per `${plan}@${location}` (catalog plan name), filled from the catalog when seeded */
  capacity: records<number>({ since: 1, empty: () => ({}), upgrade: sameShape, older: [] }),
};
