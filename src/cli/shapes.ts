// Small pieces the command definitions share: how a parameter is declared, how a row's dates and numbers
// are written in a table, and the outputs a verb hands back.
import type { Action } from '../api/index.js';
import { col, type Column, type Output, type Param, type Result } from './types.js';

export const arg = (name: string, help: string, more: Partial<Param> = {}): Param => ({ name, help, positional: true, required: true, ...more });
export const opt = (name: string, help: string, more: Partial<Param> = {}): Param => ({ name, help, ...more });
export const num = (name: string, help: string, more: Partial<Param> = {}): Param => ({ name, help, type: 'number', ...more });
export const flag = (name: string, help: string, more: Partial<Param> = {}): Param => ({ name, help, type: 'boolean', ...more });

/** A server's name, completed from the service. */
export const serverArg = (help = 'the server (its ec… name)'): Param => arg('server', help, { complete: 'servers', meta: 'SERVER' });

/** A date as a table shows it: `2026-11-25 15:04` UTC; nothing for none. */
export function when(d: Date | null | undefined): string {
  return d ? d.toISOString().slice(0, 16).replace('T', ' ') : '';
}

export const yes = (b: boolean): string => (b ? 'yes' : 'no');
export const text = (v: string | number | null | undefined): string => (v === null || v === undefined ? '' : String(v));

export function rows(list: readonly unknown[], columns: Column[], json?: unknown): Output {
  return { kind: 'rows', rows: [...list], columns, json };
}

export function record(value: unknown, columns: Column[], json?: unknown): Output {
  return { kind: 'record', value, columns, json };
}

export const done = (note?: string): Result => ({ output: { kind: 'none', note } });

/** A thing named on the command line that the service's list does not hold: exit 1, as a refusal. */
export class NotFoundError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NotFoundError';
  }
}

export function find<T>(list: readonly T[], match: (item: T) => boolean, what: string): T {
  const found = list.find(match);
  if (found === undefined) throw new NotFoundError(`${what} not found`);
  return found;
}

// at 80 columns COMPLETED and PROGRESS give way, and the rest is whole (`ec206903-n…`, `create_sna…` and
// `2026-11-05…`, its time gone, before)
export const ACTION_COLUMNS: Column[] = [
  col<Action>('ID', (a) => String(a.id), { whole: true }),
  col<Action>('TYPE', (a) => a.type),
  col<Action>('RESOURCE', (a) => a.resource, { whole: true }),
  col<Action>('STATUS', (a) => a.status),
  // `40%` in a table, 40 in CSV (it was `40%` there too, a text a script had to take apart)
  col<Action>('PROGRESS', (a) => String(a.progress), { drop: 1, show: (a) => `${a.progress}%`, right: true }),
  col<Action>('CREATED', (a) => when(a.createdAt)),
  col<Action>('COMPLETED', (a) => when(a.completedAt), { drop: 2 }),
];

/** A verb whose answer is an action: it is printed, and `--wait` follows it. */
export function actionResult(action: Action | null, after?: () => Promise<Output>): Result {
  if (action === null) return { output: { kind: 'none' } };
  return { output: record(action, ACTION_COLUMNS), actionId: action.id, after };
}
