// The client: one object with a namespace per resource, over one transport.
//   const client = createClient({ endpoint, credential });
//   const { actionId } = await client.servers.create({ plan, location, image, notes });
import { accountApi } from './account.js';
import { actionsApi } from './actions.js';
import { billingApi } from './billing.js';
import { catalogApi } from './catalog.js';
import { eventsApi } from './events.js';
import { groupsApi } from './groups.js';
import { Transport, type Credential, type TransportOptions } from './http.js';
import { networksApi, vlansApi } from './networks.js';
import { schedulesApi } from './schedules.js';
import { scriptsApi } from './scripts.js';
import { serversApi } from './servers.js';
import { snapshotsApi } from './snapshots.js';
import { sshKeysApi } from './sshkeys.js';
import { templatesApi } from './templates.js';

export type ClientOptions = TransportOptions;

export function createClient(opts: ClientOptions) {
  const transport = new Transport(opts);
  const account = accountApi(transport);
  return {
    transport,
    get endpoint(): string {
      return transport.endpoint;
    },
    get credential(): Credential | null {
      return transport.credential;
    },
    setCredential(c: Credential | null): void {
      transport.credential = c;
    },
    /** When the login ends; null for an API token, which never expires. */
    get expiresAt(): Date | null {
      return transport.expiresAt;
    },
    /** True when the JWT has expired (or is about to): requests would fail with AuthExpiredError. */
    isExpired(): boolean {
      return transport.isExpired();
    },
    /** The service's clock now (from the Date header of its last answer): ranges like "the last hour" use it. */
    serviceNow(): Date {
      return transport.serviceNow();
    },
    /** Same as `account.login`. */
    login: account.login.bind(account),
    account,
    actions: actionsApi(transport),
    servers: serversApi(transport),
    catalog: catalogApi(transport),
    snapshots: snapshotsApi(transport),
    schedules: schedulesApi(transport),
    templates: templatesApi(transport),
    sshKeys: sshKeysApi(transport),
    scripts: scriptsApi(transport),
    networks: networksApi(transport),
    vlans: vlansApi(transport),
    billing: billingApi(transport),
    events: eventsApi(transport),
    groups: groupsApi(transport),
  };
}

export type Client = ReturnType<typeof createClient>;

// Every resource's types (models and inputs) from its own module: `import type { Server } from '../api/index.js'`.
export type * from './account.js';
export type * from './actions.js';
export type * from './billing.js';
export type * from './catalog.js';
export type * from './events.js';
export type * from './groups.js';
export type * from './networks.js';
export type * from './schedules.js';
export type * from './scripts.js';
export type * from './server-options.js';
export type * from './servers.js';
export type * from './snapshots.js';
export type * from './sshkeys.js';
export type * from './templates.js';
export { AnswerTooLargeError, ApiError, AuthExpiredError, NetworkError, TimeoutError, isAuthFailure } from './errors.js';
export { registerSecret, scrub } from './secrets.js';
export { machineTokenLabel } from './account.js';
export type { TransportOptions } from './http.js';
/** The body `servers.create(input)` sends, built by the client: what the create wizard's review shows. */
export { createBody as createServerBody } from './servers.js';
