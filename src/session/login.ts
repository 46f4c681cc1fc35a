// Logging in: a client for a resolved connection (logging in first when the environment gave a password),
// and a profile made from one login. config/ keeps what is stored; talking to the service happens here.
import { createClient, type Client, type ClientOptions } from '../api/index.js';
import type { Credential } from '../api/http.js';
import { ConfigError, checkEndpoint, checkProfileName } from '../config/checks.js';
import type { Profile, ProfileStore } from '../config/profiles.js';
import type { Connection } from '../config/connection.js';

/**
 * A client for a resolved connection; logs in first when the environment gave a user name and password.
 * A stored JWT that has expired is handed over as is: the first request raises AuthExpiredError, which the
 * dashboard answers with its login form.
 */
export async function connect(conn: Connection, opts: Omit<ClientOptions, 'endpoint' | 'credential'> = {}): Promise<Client> {
  if (conn.source === 'none') throw new ConfigError('no service is configured: add a profile or set ECSDECK_API_URL');
  const auth = conn.auth;
  const credential = auth.kind === 'token' || auth.kind === 'jwt' ? auth : null;
  const client = createClient({ ...opts, endpoint: conn.endpoint, credential });
  if (auth.kind === 'login') await client.login(auth.username, auth.password);
  return client;
}

interface LoginToProfileInput {
  name: string;
  endpoint: string;
  username: string;
  password: string;
  /**
   * 'token' (default): mint an API token labelled for this machine and store it, so the profile keeps
   * working without the password; 'jwt': store the login token, which expires.
   */
  keep?: 'token' | 'jwt';
  makeCurrent?: boolean;
  hostname?: string;
}

/** Logs in, stores the resulting credential (never the password) as a profile, and returns a client using it. */
export async function loginToProfile(
  store: ProfileStore,
  input: LoginToProfileInput,
  opts: Omit<ClientOptions, 'endpoint' | 'credential'> = {},
): Promise<{ profile: Profile; client: Client }> {
  checkProfileName(input.name);
  const client = createClient({ ...opts, endpoint: checkEndpoint(input.endpoint) });
  const login = await client.login(input.username, input.password);
  let credential: Credential;
  if ((input.keep ?? 'token') === 'token') {
    credential = await client.account.mintMachineCredential({ hostname: input.hostname });
    client.setCredential(credential);
  } else {
    credential = { kind: 'jwt', token: login.token, expire: Math.floor(login.expire.getTime() / 1000) };
  }
  const profile = store.add(
    { name: input.name, endpoint: client.endpoint, credential },
    { replace: true, makeCurrent: input.makeCurrent ?? true },
  );
  return { profile, client };
}
