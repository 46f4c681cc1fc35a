// The one clean model per resource that the rest of the program sees: numbers as numbers, timestamps as
// `Date | null`, one spelling per status, camelCase names. The wire's variants are read in parse.ts.
// `extra` holds fields the client does not know, so a new field on the service is neither fatal nor lost.

export type Extra = Record<string, unknown>;

export type ServerState = 'booting' | 'customizing' | 'booted' | 'deleting' | 'deleted';

export interface PlanSize {
  core: number;
  ram: number;
  disk: number;
  gpu: number;
  gpuLabel: string | null;
  hostType: string;
}

export interface Server {
  name: string;
  ipv4: string | null;
  ipv6: string | null;
  group: string | null;
  plan: string;
  planSize: PlanSize | null;
  reservedPlans: ReservedPeriod[];
  isReserved: boolean;
  reservedUntil: Date | null;
  support: SupportPlan | null;
  location: string;
  locationLabel: string;
  notes: string;
  /** image (or template) the server was deployed from: `so` on the wire, `os` in short forms */
  image: string;
  imageLabel: string;
  createdAt: Date | null;
  deletedAt: Date | null;
  active: boolean;
  /** lower case; values beyond the spec's pass through lower-cased */
  status: ServerState | (string & {});
  progress: number;
  apiVersion: string;
  user: string;
  virttype: string;
  spot: SpotStatus | null;
  lastRestoredSnapshot: Snapshot | null;
  extra: Extra;
}

/** The running state from the status endpoint: `RUNNING` / `Running` read as 'running', `SHUTOFF` as 'shutoff'. */
export interface ServerPower {
  name: string;
  state: 'running' | 'shutoff' | (string & {});
}

export interface CreatedServer {
  actionId: number;
  server: Server;
}

export type ActionStatus = 'in-progress' | 'completed' | 'failed';

export interface Action {
  id: number;
  /** `failed` and `error` are both read as 'failed' */
  status: ActionStatus | (string & {});
  user: string;
  createdAt: Date | null;
  startedAt: Date | null;
  completedAt: Date | null;
  /** server name; snapshot id as text; `<server>-<network>` for VLANs */
  resource: string;
  resourceType: string;
  /** `new_server` is read as 'create_server' */
  type: string;
  progress: number;
  extra: Extra;
}

export interface ActionPage {
  actions: Action[];
  total: number;
}

export interface ConsoleAccess {
  action: Action;
  consoleKey: string;
}

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

export type ImageStatus = 'creating' | 'created' | 'deleting' | 'deleted';

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

export type Template = Image;

export interface CreatedTemplate {
  actionId: number;
  template: Template;
}

export interface Snapshot {
  id: number;
  name: string;
  user: string;
  parentId: number | null;
  parentName: string | null;
  isLastRestored: boolean;
  protected: boolean;
  restoring: boolean;
  sourceServer: string;
  status: ImageStatus | (string & {});
  statusLabel: string;
  uid: string;
  description: string;
  notes: string;
  active: boolean;
  sizeOnDisk: number | null;
  createdAt: Date | null;
  updatedAt: Date | null;
  deletedAt: Date | null;
  apiVersion: string;
  apiVersionValue: number | null;
  extra: Extra;
}

export interface SnapshotChange {
  snapshot: Snapshot;
  action: Action | null;
}

export interface SnapshotSchedule {
  name: string;
  schedule: string;
  enabled: boolean;
  lastRunAt: Date | null;
  lastRunStatus: string | null;
  maxRetention: number;
  /** 0 is Sunday */
  dayOfWeek: number;
  extra: Extra;
}

export interface Network {
  id: number;
  networkId: number;
  name: string;
  active: boolean;
  createdAt: Date | null;
  deactivatedAt: Date | null;
  user: string;
  extra: Extra;
}

export interface Vlan {
  id: number;
  vlanId: number;
  pvid: boolean;
  status: string;
  active: boolean;
  createdAt: Date | null;
  deactivatedAt: Date | null;
  macAddress: string;
  network: string;
  server: string;
  user: string;
  extra: Extra;
}

export interface VlanChange {
  vlan: Vlan | null;
  action: Action | null;
}

export interface SshKey {
  id: number;
  label: string;
  key: string;
  createdAt: Date | null;
  extra: Extra;
}

export interface Script {
  id: number;
  user: string;
  title: string;
  content: string;
  windows: boolean;
  public: boolean;
  category: string | null;
  /** not in the spec's fields (2.11): read when a service sends `created_at` or `creation_date` */
  createdAt: Date | null;
  extra: Extra;
}

export interface ApiTokenInfo {
  id: number;
  notes: string;
  createdAt: Date | null;
}

export interface CreatedToken {
  /** shown once by the service: store it or lose it */
  token: string;
  id: number | null;
}

export interface Account {
  username: string;
  email: string;
  reservedAvailable: boolean;
  offlineAvailable: boolean;
  ecsSpecialDiscount: number;
  ecshmSpecialDiscount: number;
  ecsgpuSpecialDiscount: number;
  extra: Extra;
}

export interface Login {
  token: string;
  /** when the JWT stops working */
  expire: Date;
}

export type SpotState = 'ok' | 'terminating' | 'terminated' | 'promoted';

export interface SpotStatus {
  server: string;
  status: SpotState | (string & {});
  discount: number;
  notifiedAt: Date | null;
  terminateAt: Date | null;
  promotedAt: Date | null;
  extra: Extra;
}

export interface SupportPlan {
  title: string;
  code: string;
  immutable: boolean;
  start: Date | null;
  mayDowngrade: boolean;
  /** `weigth` on the wire */
  weight: number;
  days: number;
  cancelled: boolean;
  cancelledAt: Date | null;
  extra: Extra;
}

export interface ReservedPeriod {
  reservedPlan: number;
  reservedMonth: number;
  plan: number;
  discount: number;
  startDate: Date | null;
  endDate: Date | null;
  server: string;
  extra: Extra;
}

export interface Isolation {
  name: string;
  notes: string;
}

export interface MetricPoint {
  at: Date;
  value: number;
}

export interface ServerMetrics {
  resource: string;
  core: MetricPoint[];
  disk: { reads: MetricPoint[]; writes: MetricPoint[] };
  network: { received: MetricPoint[]; transmitted: MetricPoint[] };
}

export interface ReservedDiscount {
  reservedPlan: string;
  reservedHour: number;
  reservedDiscount: number;
  reservedPrice: number;
  reservedReduction: number;
  reservedStartDate: Date | null;
  reservedEndDate: Date | null;
}

export interface ServerUsage {
  plan: string;
  name: string;
  group: string | null;
  notes: string;
  status: string;
  year: number;
  month: number;
  createdAt: Date | null;
  deletedAt: Date | null;
  billedHours: number;
  cost: number;
  summary: {
    onlineHour: number;
    onlinePrice: number;
    offlineHour: number;
    offlineDiscount: number;
    offlinePrice: number;
    offlineReduction: number;
    originalCost: number;
    reservedDiscounts: ReservedDiscount[];
  } | null;
  extra: Extra;
}

export interface TemplateUsage {
  name: string;
  status: string;
  notes: string;
  year: number;
  month: number;
  createdAt: Date | null;
  deletedAt: Date | null;
  hours: number;
  sizeOnDisk: number | null;
  cost: number;
  extra: Extra;
}

export interface SnapshotUsageRow {
  snapshot: number;
  name: string;
  status: string;
  statusLabel: string;
  description: string;
  createdAt: Date | null;
  deletedAt: Date | null;
  sizeOnDisk: number | null;
  hours: number;
  cost: number;
  extra: Extra;
}

export interface SnapshotUsage {
  year: number;
  month: number;
  totalCost: number;
  rowsCount: number;
  snapshots: SnapshotUsageRow[];
}

export interface PodEvent {
  id: number;
  pod: string;
  cluster: string;
  uuid: string;
  user: string;
  date: Date | null;
  runtimeClass: string;
  localReferenceNamespace: string;
  localReferenceName: string;
  remoteReferenceNamespace: string;
  remoteReferenceName: string;
  /** Unix seconds */
  eventEpoch: number;
  eventType: string;
  extra: Extra;
}

export interface EventPage {
  items: PodEvent[];
  /** events in this page */
  length: number;
  /** all events matching */
  total: number;
}

export interface Group {
  /** the service's integer id */
  id: number;
  /** generated by the service (`eg1xxxxx`): what a server's `group` field carries */
  name: string;
  /** the label people read */
  notes: string;
  enabled: boolean;
  extra: Extra;
}
