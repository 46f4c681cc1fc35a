// Profiles and configuration: where the service is and which credential to use.
export { ConfigError } from './checks.js';
export { ProfileStore, openProfileStore, type Profile, type ProfileStoreOptions, type StoredCredential } from './profiles.js';
export { resolveConnection, type Auth, type Connection, type Env } from './connection.js';
