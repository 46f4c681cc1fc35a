// Profiles and configuration: where the service is and which credential to use.
export { ConfigError, ProfileStore, openProfileStore, checkEndpoint, checkProfileName, type Profile, type ProfileStoreOptions, type StoredCredential } from './profiles.js';
export { resolveConnection, connect, loginToProfile, type Auth, type Connection, type Env, type LoginToProfileInput } from './connection.js';
