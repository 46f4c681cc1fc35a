// Monthly usage reports (spec 4.11), as CSV text or as records.
import type { Transport } from './http.js';
import { listOf, type Extra } from './parse-base.js';
import { seg, type CallOptions } from './path.js';
import { Reader } from './read.js';

export interface ReservedDiscount {
  reservedPlan: string;
  reservedHour: number;
  reservedDiscount: number;
  reservedPrice: number;
  reservedReduction: number;
  reservedStartDate: Date | null;
  reservedEndDate: Date | null;
}

export interface ServerUsage {
  plan: string;
  name: string;
  group: string | null;
  notes: string;
  status: string;
  year: number;
  month: number;
  createdAt: Date | null;
  deletedAt: Date | null;
  billedHours: number;
  cost: number;
  summary: {
    onlineHour: number;
    onlinePrice: number;
    offlineHour: number;
    offlineDiscount: number;
    offlinePrice: number;
    offlineReduction: number;
    originalCost: number;
    reservedDiscounts: ReservedDiscount[];
  } | null;
  extra: Extra;
}

export interface TemplateUsage {
  name: string;
  status: string;
  notes: string;
  year: number;
  month: number;
  createdAt: Date | null;
  deletedAt: Date | null;
  hours: number;
  sizeOnDisk: number | null;
  cost: number;
  extra: Extra;
}

export interface SnapshotUsageRow {
  snapshot: number;
  name: string;
  status: string;
  statusLabel: string;
  description: string;
  createdAt: Date | null;
  deletedAt: Date | null;
  sizeOnDisk: number | null;
  hours: number;
  cost: number;
  extra: Extra;
}

interface SnapshotUsage {
  year: number;
  month: number;
  totalCost: number;
  rowsCount: number;
  snapshots: SnapshotUsageRow[];
}

// ------------------------------------------------------------------------------------------------ reading

function parseServerUsage(v: unknown): ServerUsage {
  const r = Reader.of(v, 'server usage record');
  return {
    plan: r.optStr('plan'),
    name: r.str('name'),
    group: r.nullableStr('group'),
    notes: r.optStr('notes'),
    status: r.optStr('status'),
    year: r.optNum('year'),
    month: r.optNum('month'),
    createdAt: r.date('creation_date'),
    deletedAt: r.date('deletion_date'),
    billedHours: r.optNum('billed_hours'),
    cost: r.optNum('cost'),
    summary: r.nested('summary', (s) => ({
      onlineHour: s.optNum('online_hour'),
      onlinePrice: s.optNum('online_price'),
      offlineHour: s.optNum('offline_hour'),
      offlineDiscount: s.optNum('offline_discount'),
      offlinePrice: s.optNum('offline_price'),
      offlineReduction: s.optNum('offline_reduction'),
      originalCost: s.optNum('original_cost'),
      reservedDiscounts: s.list('reserved_discounts', (x) => {
        const d = Reader.of(x, 'reserved discount record');
        return {
          reservedPlan: d.optStr('reserved_plan'),
          reservedHour: d.optNum('reserved_hour'),
          reservedDiscount: d.optNum('reserved_discount'),
          reservedPrice: d.optNum('reserved_price'),
          reservedReduction: d.optNum('reserved_reduction'),
          reservedStartDate: d.date('reserved_start_date'),
          reservedEndDate: d.date('reserved_end_date'),
        };
      }),
    })),
    extra: r.rest(),
  };
}

function parseTemplateUsage(v: unknown): TemplateUsage {
  const r = Reader.of(v, 'template usage record');
  return {
    name: r.str('name'),
    status: r.optStr('status'),
    notes: r.optStr('notes'),
    year: r.optNum('year'),
    month: r.optNum('month'),
    createdAt: r.date('creation_date'),
    deletedAt: r.date('deletion_date'),
    hours: r.optNum('hours'),
    sizeOnDisk: r.nullableNum('size_on_disk'),
    cost: r.optNum('cost'),
    extra: r.rest(),
  };
}

function parseSnapshotUsage(body: unknown): SnapshotUsage {
  const r = Reader.of(body, 'snapshot usage');
  return {
    year: r.optNum('year'),
    month: r.optNum('month'),
    totalCost: r.optNum('total_cost'),
    rowsCount: r.optNum('rows_count'),
    snapshots: r.list('snapshots', (x) => {
      const s = Reader.of(x, 'snapshot usage record');
      return {
        snapshot: s.optNum('snapshot'),
        name: s.optStr('snapshot_name'),
        status: s.optStr('snapshot_status'),
        statusLabel: s.optStr('snapshot_status_label'),
        description: s.optStr('snapshot_description'),
        createdAt: s.date('snapshot_created_at'),
        deletedAt: s.date('snapshot_deleted_at'),
        sizeOnDisk: s.nullableNum('size_on_disk'),
        hours: s.optNum('hours'),
        cost: s.optNum('final_cost'),
        extra: s.rest(),
      };
    }),
  };
}

// -------------------------------------------------------------------------------------------------- calls

type ReportFormat = 'csv' | 'json';

export function billingApi(t: Transport) {
  const path = (kind: string, year: number, month: number) => `/ecs/v2/billing/${kind}/${seg(year)}/${seg(month)}`;
  const csv = (kind: string, year: number, month: number, opts: CallOptions) =>
    t.call('GET', path(kind, year, month), (b) => asText(b), { ...opts, accept: 'text', query: { type: 'csv' } });
  const json = <T>(kind: string, year: number, month: number, parse: (b: unknown) => T, opts: CallOptions) =>
    t.call('GET', path(kind, year, month), parse, { ...opts, query: { type: 'json' } });

  function servers(year: number, month: number, format: 'csv', opts?: CallOptions): Promise<string>;
  function servers(year: number, month: number, format?: 'json', opts?: CallOptions): Promise<ServerUsage[]>;
  function servers(year: number, month: number, format: ReportFormat = 'json', opts: CallOptions = {}): Promise<string | ServerUsage[]> {
    if (format === 'csv') return csv('servers', year, month, opts);
    return json('servers', year, month, (b) => listOf(b, 'servers', 'server usage').map(parseServerUsage), opts);
  }

  function templates(year: number, month: number, format: 'csv', opts?: CallOptions): Promise<string>;
  function templates(year: number, month: number, format?: 'json', opts?: CallOptions): Promise<TemplateUsage[]>;
  function templates(year: number, month: number, format: ReportFormat = 'json', opts: CallOptions = {}): Promise<string | TemplateUsage[]> {
    if (format === 'csv') return csv('templates', year, month, opts);
    return json('templates', year, month, (b) => listOf(b, 'templates', 'template usage').map(parseTemplateUsage), opts);
  }

  function snapshots(year: number, month: number, format: 'csv', opts?: CallOptions): Promise<string>;
  function snapshots(year: number, month: number, format?: 'json', opts?: CallOptions): Promise<SnapshotUsage>;
  function snapshots(year: number, month: number, format: ReportFormat = 'json', opts: CallOptions = {}): Promise<string | SnapshotUsage> {
    if (format === 'csv') return csv('snapshots', year, month, opts);
    return json('snapshots', year, month, parseSnapshotUsage, opts);
  }

  return { servers, templates, snapshots };
}

function asText(b: unknown): string {
  if (typeof b === 'string') return b;
  if (b === null) return '';
  // a service that answers JSON where CSV was asked for: hand back the text, not a crash
  return JSON.stringify(b);
}
