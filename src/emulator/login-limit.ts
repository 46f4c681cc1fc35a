// Failed logins slow down the next ones, so a password cannot be guessed at request speed, without handing
// anyone who knows an account's name the power to lock its owner out. A few failures are free (a typo, a
// stale password in a script); after them each further failure doubles the wait before the next attempt is
// even looked at, up to a ceiling. Failures are counted three ways:
// - per account and address: one guesser at one account. This is the lock that bites first, and it binds only
//   the address that failed: someone else's failures never lock the owner out;
// - per address: one guesser trying many accounts;
// - per account from every address, with a much larger allowance: guessers spread over many addresses. This
//   one does not bind an address that has logged in to the account before: its owner keeps logging in.
// A success clears its own (account, address) count only: logging in to one's own account must not buy more
// guesses at others. An IPv6 address counts by its /64 (one host is usually given a whole /64). Times are the
// emulator's clock, so tests move it instead of sleeping; the counts live in memory only (a restart forgives).

/** Failures before the first wait (of 1 s): per account and address, per address, per account overall. */
export const FREE_FAILURES_PER_ACCOUNT = 5;
export const FREE_FAILURES_PER_ADDRESS = 20;
export const FREE_FAILURES_PER_ACCOUNT_ALL = 100;
const MAX_WAIT_S = 300;
/** A record untouched this long is forgotten (its count starts again at zero). */
const FORGET_AFTER_MS = 3600_000;
/** An address that logged in to an account stays known to it this long. */
const KNOWN_FOR_MS = 30 * 86400_000;
const MAX_RECORDS = 10_000;

export const tooManyLogins = (seconds: number) =>
  `too many failed logins; try again in ${seconds} s`;

/** The part of an address that counts: an IPv4 address whole, an IPv6 one by its first four groups (/64). */
export function addressKey(address: string): string {
  const a = address.toLowerCase().replace(/^::ffff:(?=\d+\.)/, '');
  if (!a.includes(':')) return a;
  const [head, tail = ''] = a.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === '' ? [] : tail.split(':');
  const groups = a.includes('::') ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right] : left;
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

interface Attempts {
  failures: number;
  /** emulator ms before which an attempt is refused unexamined */
  until: number;
  last: number;
}

/** A bounded map that forgets its oldest entry first: an attacker spraying names cannot grow it. */
function touch<V>(map: Map<string, V>, key: string, value: V): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > MAX_RECORDS) map.delete(map.keys().next().value!);
}

class Counter {
  private readonly records = new Map<string, Attempts>();
  constructor(private readonly free: number) {}

  wait(now: number, key: string): number {
    const r = this.records.get(key);
    if (!r || now - r.last > FORGET_AFTER_MS) return 0;
    return r.until > now ? Math.ceil((r.until - now) / 1000) : 0;
  }

  failed(now: number, key: string): void {
    let r = this.records.get(key);
    if (!r || now - r.last > FORGET_AFTER_MS) r = { failures: 0, until: 0, last: now };
    r.failures += 1;
    r.last = now;
    const over = r.failures - this.free;
    if (over >= 0) r.until = now + Math.min(MAX_WAIT_S, 2 ** over) * 1000;
    touch(this.records, key, r);
  }

  clear(key: string): void {
    this.records.delete(key);
  }
}

export class LoginLimiter {
  private readonly pairs = new Counter(FREE_FAILURES_PER_ACCOUNT);
  private readonly addresses = new Counter(FREE_FAILURES_PER_ADDRESS);
  private readonly accounts = new Counter(FREE_FAILURES_PER_ACCOUNT_ALL);
  /** `account\0address` -> when it last logged in */
  private readonly known = new Map<string, number>();

  /** Seconds to wait before this attempt may be examined; 0: go ahead. */
  waitSeconds(now: number, username: string, address: string): number {
    const key = addressKey(address);
    const pair = `${username}\0${key}`;
    const seen = this.known.get(pair);
    const isKnown = seen !== undefined && now - seen <= KNOWN_FOR_MS;
    return Math.max(this.pairs.wait(now, pair), this.addresses.wait(now, key), isKnown ? 0 : this.accounts.wait(now, username));
  }

  failed(now: number, username: string, address: string): void {
    const key = addressKey(address);
    this.pairs.failed(now, `${username}\0${key}`);
    this.addresses.failed(now, key);
    this.accounts.failed(now, username);
  }

  succeeded(now: number, username: string, address: string): void {
    const pair = `${username}\0${addressKey(address)}`;
    this.pairs.clear(pair);
    touch(this.known, pair, now);
  }
}
