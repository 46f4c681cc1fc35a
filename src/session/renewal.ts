// Keeping a login alive. A JWT from a login ends (an hour on the emulator); the transport asks its renewer
// for a new one shortly before that (judged on the service's clock) and on any 401 the service gives the
// token ("token expired", or "invalid token" after the service restarted without its state or the password
// was changed elsewhere). The renewer logs in again with the
// password it was given (kept in this closure only, registered as a secret so no error text shows it); when
// there is none, or the service no longer takes it, it asks the person through the dashboard's masked
// password form, and only once the token has really expired.
import { ApiError, AuthExpiredError, type Client } from '../api/index.js';

export interface PasswordRequest {
  username: string;
  /** true: the password known so far was refused (changed elsewhere); false: none was known */
  refused: boolean;
  /** the service's words when it asks to wait before the next try (too many failed logins) */
  wait?: string;
}

/** Shows the password form; the password typed, or null when the person gave up. */
export type PasswordAsk = (request: PasswordRequest) => Promise<string | null>;

interface KeepLoggedIn {
  username: string;
  /** from the environment or a login typed in this session; never stored */
  password?: string;
  /** the dashboard's form, when one is on screen: read at the time of asking */
  ask?: () => PasswordAsk | null;
}

/** True for the service's refusal of a user name and password (as opposed to a network failure). */
function isRefusedLogin(err: unknown): boolean {
  return err instanceof ApiError && (err.status === 401 || err.status === 403);
}

/** Keeps `client` logged in; what it returns takes a new password (changed in the dashboard) for later renewals. */
export function keepLoggedIn(client: Client, opts: KeepLoggedIn): (password: string) => void {
  let password = opts.password;
  // a password refused by an early renewal (the token still worked then) is remembered: when the token
  // then stops working, the form says the password it had was refused, not merely that the login ended
  let refusedBefore = false;
  client.transport.renewer = async (expired) => {
    let refused = refusedBefore;
    let wait: string | undefined;
    for (;;) {
      if (password !== undefined) {
        try {
          await client.login(opts.username, password);
          refusedBefore = false;
          return;
        } catch (err) {
          // too many failures: the person may try again once the time is up, in the same form
          const slowed = err instanceof ApiError && err.status === 429 && opts.ask?.() != null && expired;
          if (!isRefusedLogin(err) && !slowed) throw err;
          password = undefined;
          refused = !slowed || refused;
          refusedBefore = refused;
          wait = slowed ? (err).message : undefined;
        }
      }
      // asking interrupts the person: only when the token no longer works
      const ask = expired ? (opts.ask?.() ?? null) : null;
      if (ask === null) throw new AuthExpiredError(refused ? 'the password no longer works; log in again' : undefined);
      const given = await ask({ username: opts.username, refused, wait });
      if (given === null) throw new AuthExpiredError();
      password = given;
    }
  };
  return (next) => {
    password = next;
  };
}

/** The user a JWT was issued to (its `sub` claim), read without checking the signature; null if unreadable. */
export function jwtSubject(token: string): string | null {
  const payload = token.split('.')[1];
  if (payload === undefined) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { sub?: unknown };
    return typeof claims.sub === 'string' && claims.sub !== '' ? claims.sub : null;
  } catch {
    return null;
  }
}
