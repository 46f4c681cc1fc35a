// Profiles and configuration: where the service is and which credential to use.
export { ConfigError } from './checks.js';
export { ProfileStore, openProfileStore, type Profile } from './profiles.js';
export { resolveConnection } from './connection.js';
