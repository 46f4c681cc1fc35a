// The account, logging in, and API tokens (spec 4.1 and 5).
import { hostname as osHostname } from 'node:os';
import { ShapeError } from './errors.js';
import type { Transport } from './http.js';
import { envelope, listOf, parseNothing, unwrap, type Extra } from './parse-base.js';
import { seg, type CallOptions } from './path.js';
import { Reader, toDate } from './read.js';
import { registerSecret } from './secrets.js';

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

interface Login {
  token: string;
  /** when the JWT stops working */
  expire: Date;
}

export interface ApiTokenInfo {
  id: number;
  notes: string;
  createdAt: Date | null;
}

interface CreatedToken {
  /** shown once by the service: store it or lose it */
  token: string;
  id: number | null;
}

// ------------------------------------------------------------------------------------------------ reading

function parseAccount(body: unknown): Account {
  const r = Reader.of(unwrap(body, 'account'), 'account record');
  envelope(r);
  return {
    username: r.str('username'),
    email: r.optStr('email'),
    reservedAvailable: r.optBool('reserved_available'),
    offlineAvailable: r.optBool('offline_available'),
    ecsSpecialDiscount: r.optNum('ecs_special_discount'),
    ecshmSpecialDiscount: r.optNum('ecshm_special_discount'),
    ecsgpuSpecialDiscount: r.optNum('ecsgpu_special_discount'),
    extra: r.rest(),
  };
}

export function parseLogin(body: unknown): Login {
  const r = Reader.of(body, 'login answer');
  const token = r.str('token');
  const expire = toDate(r.any('expire'));
  if (!expire) throw new ShapeError("login answer is missing 'expire'");
  return { token, expire };
}

export function parseTokenList(body: unknown): ApiTokenInfo[] {
  return listOf(body, 'keys', 'token list').map((x) => {
    const r = Reader.of(x, 'token record');
    return { id: r.num('id'), notes: r.optStr('notes'), createdAt: r.date('created_at') };
  });
}

function parseCreatedToken(body: unknown): CreatedToken {
  const r = Reader.of(body, 'token creation answer');
  return { token: r.str('token'), id: r.nullableNum('id') };
}

// -------------------------------------------------------------------------------------------------- calls

/** The label of the token minted for this machine: it tells the person, in the token list, where it lives. */
export function machineTokenLabel(host = osHostname()): string {
  return `ecsdeck@${host || 'unknown-host'}`;
}

export function accountApi(t: Transport) {
  let loggedInAs: string | null = null;
  /** A login's JWT becomes the credential (the transport registers it as a secret). */
  const adoptLogin = (username: string, login: Login): Login => {
    t.credential = { kind: 'jwt', token: login.token, expire: Math.floor(login.expire.getTime() / 1000) };
    loggedInAs = username;
    return login;
  };

  const newestWithLabel = async (label: string, opts: CallOptions): Promise<number | undefined> => {
    const mine = (await tokens.list(opts)).filter((t) => t.notes === label);
    return mine.length > 0 ? Math.max(...mine.map((t) => t.id)) : undefined;
  };

  const tokens = {
    /** id, label and creation time; token values are never shown again after creation. */
    list(opts: CallOptions = {}): Promise<ApiTokenInfo[]> {
      return t.call('GET', '/ecs/v2/keys', parseTokenList, opts);
    },
    /** The value in the answer is the only time the service shows it. */
    async create(notes: string, opts: CallOptions = {}): Promise<CreatedToken> {
      const created = await t.call('POST', '/ecs/v2/keys', parseCreatedToken, { ...opts, json: { notes } });
      registerSecret(created.token);
      return created;
    },
    rename(id: number, notes: string, opts: CallOptions = {}): Promise<void> {
      return t.call('PUT', `/ecs/v2/keys/${seg(id)}`, parseNothing, { ...opts, json: { notes } });
    },
    revoke(id: number, opts: CallOptions = {}): Promise<void> {
      return t.call('DELETE', `/ecs/v2/keys/${seg(id)}`, parseNothing, opts);
    },
  };

  const api = {
    tokens,

    get(opts: CallOptions = {}): Promise<Account> {
      return t.call('GET', '/ecs/v2/account', parseAccount, opts);
    },

    /** Logs in and, on success, makes the JWT the client's credential. The password is not kept. */
    async login(username: string, password: string, opts: CallOptions = {}): Promise<Login> {
      registerSecret(password);
      const login = await t.call('POST', '/ecs/v2/login', parseLogin, {
        ...opts,
        anonymous: true,
        json: { username, password },
      });
      return adoptLogin(username, login);
    },

    /**
     * Takes the answer to a login sent by someone else as if `login` had received it (the embedded demo's
     * emulator logs the demo account in while the dashboard loads). `body` is the answer's JSON.
     */
    acceptLogin(username: string, body: unknown): Login {
      return adoptLogin(username, parseLogin(body));
    },

    /**
     * Changes the password. A password change may end earlier logins (the emulator does so), so a client
     * that logged in is logged in again with the new password.
     */
    async changePassword(password: string, opts: CallOptions & { username?: string } = {}): Promise<void> {
      registerSecret(password);
      const { username, ...call } = opts;
      await t.call('POST', '/ecs/v2/account', parseNothing, { ...call, json: { password } });
      // a JWT read from a profile was not logged in here: the caller names the account
      const who = loggedInAs ?? username ?? null;
      if (t.credential?.kind === 'jwt' && who !== null) await api.login(who, password, call);
    },
    /** The id of the newest token labelled `label` (what a creation made), if any. */
    newestTokenId: (label: string, opts: CallOptions = {}) => newestWithLabel(label, opts),

    /**
     * Creates an API token labelled for this machine (`ecsdeck@<host>`) and returns its value, so that after
     * one login the password need not be kept. The client keeps its current credential.
     */
    async mintMachineToken(opts: CallOptions & { hostname?: string } = {}): Promise<string> {
      const created = await tokens.create(machineTokenLabel(opts.hostname), opts);
      return created.token;
    },

    /**
     * The same, as a credential that knows the token's id, so the token list can mark it as this
     * dashboard's. The service answers a creation with the value only: the id is the newest token with
     * the label, which stays unknown when that cannot be read.
     */
    async mintMachineCredential(opts: CallOptions & { hostname?: string } = {}): Promise<{ kind: 'token'; token: string; id?: number }> {
      const label = machineTokenLabel(opts.hostname);
      const { token } = await tokens.create(label, opts);
      const id = await newestWithLabel(label, opts).catch(() => undefined);
      return id === undefined ? { kind: 'token', token } : { kind: 'token', token, id };
    },
  };
  return api;
}
