// How values are written on screen, everywhere: dates in UTC, money in one format, sizes always with their
// unit, status words in one case, a server as a person knows it. Widths, cutting and padding are text.ts's.

import { safe } from './text.js';

const two = (n: number): string => (n < 10 ? '0' : '') + n;

function isValidDate(d: Date | null | undefined): d is Date {
  return d instanceof Date && !Number.isNaN(d.getTime());
}

/** `2026-11-20 09:12` in UTC, or `—` for a missing or invalid date. */
export function formatDate(d: Date | null | undefined): string {
  if (!isValidDate(d)) return '—';
  return `${d.getUTCFullYear()}-${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`;
}

/** `14:03` in UTC. */
export function formatClock(d: Date): string {
  return `${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`;
}

/** `just now`, `42s ago`, `5m ago`, `3h ago`, `12d ago`, `in 5m`; `—` when missing. */
export function formatRelative(d: Date | null | undefined, now: Date = new Date()): string {
  if (!isValidDate(d)) return '—';
  const diff = Math.round((now.getTime() - d.getTime()) / 1000);
  const abs = Math.abs(diff);
  if (abs < 5) return 'just now';
  let amount: string;
  if (abs < 60) amount = `${abs}s`;
  else if (abs < 3600) amount = `${Math.floor(abs / 60)}m`;
  else if (abs < 86_400) amount = `${Math.floor(abs / 3600)}h`;
  else if (abs < 86_400 * 365) amount = `${Math.floor(abs / 86_400)}d`;
  else amount = `${Math.floor(abs / (86_400 * 365))}y`;
  return diff >= 0 ? `${amount} ago` : `in ${amount}`;
}

/** The service bills in euros: every amount on screen says so (`€ 2.84/h`, `€ 0.0190`). */
export const CURRENCY = '€';

const finite = (n: number | null | undefined): n is number => typeof n === 'number' && Number.isFinite(n);

/** An amount: `€ 12.30`, two decimals, so a column of them lines up on the decimal point. */
export function money(n: number | null | undefined): string {
  return finite(n) ? `${CURRENCY} ${n.toFixed(2)}` : '—';
}

/** An hourly rate: `€ 0.0190`, four decimals (the catalog prices by the hour to a tenth of a cent). */
export function rate(n: number | null | undefined): string {
  return finite(n) ? `${CURRENCY} ${n.toFixed(4)}` : '—';
}

const scaled = (n: number, units: readonly string[], step = 1024): string => {
  let v = n;
  let u = 0;
  while (Math.abs(v) >= step && u < units.length - 1) {
    v /= step;
    u += 1;
  }
  const text = u === 0 || Number.isInteger(v) ? String(Math.round(v * 10) / 10) : v.toFixed(1).replace(/\.0$/, '');
  return `${text} ${units[u]}`;
};

/** Memory given in MB (plans, `plan_size.ram`): `512 MB`, `1 GB`, `1.5 GB`, `1 TB`. */
export function megabytes(mb: number | null | undefined): string {
  return finite(mb) ? scaled(mb, ['MB', 'GB', 'TB']) : '—';
}

/**
 * Disk given in GB (plans, `plan_size.disk`, snapshot and template sizes), written in GB as the service
 * sells and bills it: `80 GB`, `6000 GB`. Turned into TB by 1024 the catalog's 6000 GB plan read `5.9 TB`,
 * a size the service never names.
 */
export function gigabytes(gb: number | null | undefined): string {
  return finite(gb) ? `${Math.round(gb * 10) / 10} GB` : '—';
}

/** A rate in bytes per second: `0 B/s`, `12.5 KB/s`, `3 MB/s`. */
export function bytesPerSecond(n: number | null | undefined): string {
  return finite(n) ? `${scaled(n, ['B', 'KB', 'MB', 'GB', 'TB'])}/s` : '—';
}

/** A fraction 0 to 1 as a percentage: `25%`. */
export function percent(fraction: number | null | undefined): string {
  return finite(fraction) ? `${Math.round(fraction * 100)}%` : '—';
}

/** The week's days by name, Sunday first: the service's day_of_week 0 to 6. */
export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** A month by name with its year, `November 2026` (the month's own number for one out of range). */
export function monthName(year: number | string | undefined, month: number | string | undefined): string {
  return `${MONTHS[Number(month) - 1] ?? month} ${year}`;
}

/** The service's day of the week, 0 (Sunday) to 6, by name: `Sunday`; `day 9` for one out of range. */
export function weekday(n: number): string {
  return WEEKDAYS[n] ?? `day ${n}`;
}

export const yesNo = (v: boolean | null | undefined): string => (v === null || v === undefined ? '—' : v ? 'yes' : 'no');

/**
 * A status word as the dashboard writes every one: first letter capital, the rest lower case, dashes and
 * underscores as spaces (`created` and `CREATED` are both `Created`, `in-progress` is `In progress`).
 */
export function statusWord(status: string | null | undefined): string {
  if (!status) return '—';
  const s = status.trim().replace(/[_-]+/g, ' ').toLowerCase();
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** Seconds left as `1:43`, `12:05`, `1:02:03`; `0:00` once past. */
export function countdown(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = s % 60;
  return h > 0 ? `${h}:${two(m)}:${two(rest)}` : `${m}:${two(rest)}`;
}

/** A price per hour as the header and the wizard write it: `€ 1.23/h`, `€ 0.032/h`, `€ 0.0298/h` (two to four decimals). */
export function perHour(n: number | null | undefined): string {
  if (!finite(n)) return '—';
  const fixed = n.toFixed(4).replace(/(\.\d\d\d?)0+$/, '$1').replace(/(\.\d\d)0$/, '$1');
  return `${CURRENCY} ${fixed}/h`;
}

/** A snapshot as the dialogs, the panel and the reports name it, `106 "pre-migration"`: its number, its description. */
export function snapshotName(id: number | string, description?: string | null): string {
  return `${id}${description ? ` "${description}"` : ''}`;
}

/** A server as a person knows it, `web-1 (ec206901)`: its notes, then its name; the name alone without notes. */
export function serverLabel(s: { name: string; notes?: string }): string {
  return safe(s.notes && s.notes !== s.name ? `${s.notes} (${s.name})` : s.name);
}
