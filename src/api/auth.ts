// The credential a transport sends, and keeping a login alive: a JWT's expiry judged on the service's clock,
// renewed shortly before its end, and renewed once (for every request at the same time) when refused.
import { ApiError, AuthExpiredError } from './errors.js';
import { forgetSecret, registerSecret } from './secrets.js';
import type { ServiceClock } from './service-clock.js';

export type Credential =
  /** `id`: the token's id on the service, when known (it marks the dashboard's own token in `:tokens`) */
  | { kind: 'token'; token: string; id?: number }
  /** `expire` is Unix seconds, as the login answer gives it */
  | { kind: 'jwt'; token: string; expire: number };

/**
 * Gets a fresh JWT and makes it the credential (by logging in again). `expired`: the current one no longer
 * works, so the renewer may ask the person for the password; false: it is merely near its end, and a renewer
 * that cannot renew without asking should give up quietly (throw), the current token still works.
 */
export type Renewer = (expired: boolean) => Promise<void>;

/** What one request carries: its auth headers, and the JWT among them (to tell, on a refusal, whether it was renewed since). */
interface SentCredential {
  headers: Record<string, string>;
  jwt: string | null;
}

export class Auth {
  private value: Credential | null = null;
  /** how a JWT is renewed; null: it is not, and an expired one ends the session */
  renewer: Renewer | null = null;
  /** the renewal under way: requests that find the token old all wait for the same one */
  private renewal: Promise<void> | null = null;
  private renewalExpired = false;
  /** the JWT the current one replaced: a request sent with it may still be out, and its text come back */
  private replaced: string | null = null;

  /**
   * `expiryMarginMs`: a JWT this close to its expiry is treated as expired (a request sent a moment before
   * would arrive after it). `renewMarginMs`: this close, it is renewed before the next request.
   */
  constructor(
    private readonly clock: ServiceClock,
    private readonly expiryMarginMs: number,
    private readonly renewMarginMs: number,
  ) {}

  get credential(): Credential | null {
    return this.value;
  }

  set credential(c: Credential | null) {
    if (c) registerSecret(c.token);
    // A login kept alive for a day is renewed every hour (every 3 minutes in the demo, whose clock runs 20×):
    // the JWTs before the last one are no longer kept among the secrets to remove, or the list, and the
    // expression made of it, would grow for as long as the dashboard stays open. They have expired (a JWT is
    // renewed only near its end), and any JWT that comes back in text is still removed by its shape.
    const old = this.value;
    if (old?.kind === 'jwt' && c?.kind === 'jwt' && c.token !== old.token) {
      if (this.replaced !== null && this.replaced !== c.token) forgetSecret(this.replaced);
      this.replaced = old.token;
    }
    this.value = c ? { ...c } : null;
  }

  /** When the current JWT stops working; null for API tokens (they never expire) or no credential. */
  get expiresAt(): Date | null {
    const c = this.value;
    return c?.kind === 'jwt' ? new Date(c.expire * 1000) : null;
  }

  isExpired(): boolean {
    const c = this.value;
    // the expiry is the service's time: judged on its clock, which may differ from ours or run faster
    return c?.kind === 'jwt' && this.clock.now() >= c.expire * 1000 - this.expiryMarginMs;
  }

  /** Before a request: a JWT near its end is renewed; an expired one is renewed or the request refused. */
  async freshen(): Promise<void> {
    const c = this.value;
    if (c?.kind !== 'jwt') return;
    if (this.isExpired()) {
      // never sent: the service would refuse it
      if (this.renewer === null) throw new AuthExpiredError();
      await this.renew(true);
      return;
    }
    if (this.renewer !== null && this.clock.now() >= c.expire * 1000 - this.renewMarginMs) {
      // early: a failure here costs nothing, the token still works
      await this.renew(false).catch(() => undefined);
    }
  }

  /** The headers that carry the current credential. */
  sent(): SentCredential {
    const c = this.value;
    if (c?.kind === 'jwt') return { headers: { authorization: `Bearer ${c.token}` }, jwt: c.token };
    if (c?.kind === 'token') return { headers: { 'x-apitoken': c.token }, jwt: null };
    return { headers: {}, jwt: null };
  }

  /**
   * After a request sent with `sentJwt` failed with `failure`: true when it should be sent once more with a
   * renewed login. Any 401 on a login token means the service no longer takes it, whatever its words ("token
   * expired" from a clock ahead of ours, "invalid token" from a service restarted without its state or a
   * password changed elsewhere). It is renewed once (the kept password, else the person is asked); a refused
   * request did nothing, so sending a POST again is safe. A token already replaced while the request was out
   * (another request renewed it) is not renewed twice: the request goes with the new one.
   */
  async renewAfter(failure: Error, sentJwt: string | null): Promise<boolean> {
    if (sentJwt === null || this.renewer === null || !(failure instanceof ApiError && failure.status === 401)) return false;
    const current = this.value;
    if (!(current?.kind === 'jwt' && current.token !== sentJwt)) await this.renew(true);
    return true;
  }

  /** Renews the JWT once for every caller asking at the same time. */
  private renew(expired: boolean): Promise<void> {
    const renewer = this.renewer;
    if (renewer === null) return Promise.reject(new AuthExpiredError());
    // an early renewal under way may give up without asking: one that must succeed tries again after it
    if (this.renewal !== null) return expired && !this.renewalExpired ? this.renewal.catch(() => this.renew(true)) : this.renewal;
    this.renewalExpired = expired;
    const renewal = renewer(expired).finally(() => {
      if (this.renewal === renewal) this.renewal = null;
    });
    this.renewal = renewal;
    return renewal;
  }
}
