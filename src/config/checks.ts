// What a profile's name and service address must be, and the error a configuration mistake is told with:
// apart from profiles.ts so that a connection from the environment (a one-shot command in a script) is checked
// without loading the profile file's library.
import { scrub } from '../api/secrets.js';

export class ConfigError extends Error {
  constructor(message: string) {
    super(scrub(message));
    this.name = 'ConfigError';
  }
}

const NAME_RE = /^[A-Za-z0-9][A-Za-z0-9_.@-]{0,63}$/;

export function checkProfileName(name: string): string {
  if (!NAME_RE.test(name)) {
    throw new ConfigError(`profile name '${name.slice(0, 64)}' may hold letters, digits and _ . @ - only (1 to 64, starting with a letter or digit)`);
  }
  return name;
}

export function checkEndpoint(endpoint: string): string {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw new ConfigError(`'${endpoint}' is not a service address (expected http://host:port or https://host)`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ConfigError(`'${endpoint}' must start with http:// or https://`);
  if (url.username || url.password) throw new ConfigError('the service address must not hold a user name or password');
  return url.toString().replace(/\/+$/, '');
}

/**
 * How a profile signs in, in words (`:profiles`, `ecsdeck profiles list|get|add`), never the credential itself:
 * `API token`, `login, until 2026-12-01 09:30 UTC` (a login's token, which runs out), or `nothing (no credential)`.
 */
export function signsInWith(credential: { kind: 'token' } | { kind: 'jwt'; expire: number } | null): string {
  if (credential === null) return 'nothing (no credential)';
  if (credential.kind === 'token') return 'API token';
  const expire = new Date(credential.expire * 1000);
  return Number.isNaN(expire.getTime()) ? 'login' : `login, until ${expire.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
