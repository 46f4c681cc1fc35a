// DNS rebinding: a web page on evil.example can point its own name at 127.0.0.1 once loaded, and its
// requests to the emulator are then same-origin to the browser, so the admin guard's Origin and
// Sec-Fetch-Site checks let them through, and the page can read what it is answered. What such a request
// cannot hide is the name it was sent to: its Host header says evil.example. On a connection that came in on
// a loopback address, only this machine's own names (localhost, *.localhost) and IP literals are taken.
import type { MiddlewareHandler } from 'hono';
import { fail } from './errors.js';
import type { AppEnv } from './http.js';

export const HOST_MESSAGE = 'the emulator listens on a loopback address and answers only requests sent to localhost or an IP address';

/** Whether a socket's local address is the loopback one (IPv4 127/8, IPv6 ::1, and 127/8 mapped in IPv6). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const a = address.toLowerCase().replace(/^::ffff:/, '');
  return a === '::1' || /^127\.\d+\.\d+\.\d+$/.test(a);
}

/** The host part of a Host header, without the port; an IPv6 literal keeps its brackets. */
function hostName(header: string): string {
  const h = header.trim().toLowerCase();
  if (h.startsWith('[')) return h.slice(0, h.indexOf(']') + 1);
  return h.replace(/:\d*$/, '').replace(/\.$/, '');
}

/** A name only this machine answers to, or an address, which no page can rebind. */
export function isLocalHostName(header: string | undefined): boolean {
  if (header === undefined) return true; // HTTP/1.0 without Host: no name was used at all
  const name = hostName(header);
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  if (/^\d+\.\d+\.\d+\.\d+$/.test(name)) return true;
  return name.startsWith('[') && name.endsWith(']');
}

/** Whether `--host` names only this machine: `localhost`, 127/8 or ::1 (the other hosts are exposed). */
export function isLoopbackHost(host: string): boolean {
  const h = host.trim().toLowerCase().replace(/^\[(.*)\]$/, '$1');
  return h === 'localhost' || isLoopbackAddress(h);
}

/**
 * Whether a browser says this request comes from a page of another site: its `Sec-Fetch-Site`, or an `Origin`
 * that is not the emulator's own. Scripts and curl send neither.
 */
export function isCrossSite(header: (name: string) => string | undefined, url: string): boolean {
  const site = header('sec-fetch-site')?.trim().toLowerCase();
  if (site === 'cross-site' || site === 'same-site') return true;
  const origin = header('origin');
  return origin !== undefined && origin.trim().toLowerCase() !== new URL(url).origin.toLowerCase();
}

export function hostGuard(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    // in process (tests, the dashboard's own fetch) there is no socket and no page to fear
    const env = c.env as { incoming?: { socket?: { localAddress?: string } } } | undefined;
    const local = env?.incoming?.socket?.localAddress;
    if (isLoopbackAddress(local) && !isLocalHostName(c.req.header('host'))) return fail(403, HOST_MESSAGE);
    await next();
  };
}
