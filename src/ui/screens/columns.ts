// Column shapes more than one screen uses: a status word coloured by meaning, a date, an amount, a size.
// A screen's spec spreads them into its own columns: `status('status')`, `date('createdAt', 'CREATED')`.

import type { Group } from '../../api/index.js';
import { scalarText } from '../../api/read.js';
import type { Column } from '../components/Table.js';
import { formatDate, gigabytes, money, rate, statusWord } from '../format.js';
import { statusRole } from '../theme.js';

const read = (row: object, key: string): unknown => (row as Record<string, unknown>)[key];

/** A status in one case (`Created`, `Booted`), green, yellow or red by meaning. */
export function status<T extends object>(key: string, header = 'STATUS', word: (row: T) => string = (r) => scalarText(read(r, key) ?? '')): Column<T> {
  return { key, header, width: 12, minWidth: 8, render: (r) => statusWord(word(r)), sortValue: (r) => statusWord(word(r)), color: (r) => statusRole(word(r)) };
}

/** A date in UTC (`2026-11-20 09:12`), sorted by time. */
export function date<T extends object>(key: string, header: string, priority = 4): Column<T> {
  return { key, header, width: 16, priority, render: (r) => formatDate(read(r, key) as Date | null) };
}

/** An amount in the currency, two decimals, right-aligned so the decimal points line up. */
export function amount<T extends object>(key: string, header: string, priority = 0): Column<T> {
  return { key, header, width: 11, align: 'right', priority, render: (r) => money(read(r, key) as number) };
}

/** An hourly price, four decimals. */
export function hourly<T extends object>(key: string, header: string, priority = 0): Column<T> {
  return { key, header, width: 10, align: 'right', priority, render: (r) => rate(read(r, key) as number) };
}

/** A size given in GB, with its unit. */
export function size<T extends object>(key: string, header: string, priority = 3): Column<T> {
  return { key, header, width: 8, align: 'right', priority, render: (r) => (read(r, key) === null ? '—' : gigabytes(read(r, key) as number)) };
}

/** How a person knows a group: its label (`notes`), else the `eg1xxxxx` name a server's `group` field carries. */
export function groupLabel(ref: string | null | undefined, groups: readonly Group[] | undefined): string {
  if (!ref) return '—';
  const g = groups?.find((x) => x.name === ref || String(x.id) === ref);
  const label = g?.notes.trim();
  return label ? label : ref;
}
