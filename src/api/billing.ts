// Monthly usage reports (spec 4.11), as CSV text or as records.
import type { Transport } from './http.js';
import type { ServerUsage, SnapshotUsage, TemplateUsage } from './models.js';
import { listOf, parseServerUsage, parseSnapshotUsage, parseTemplateUsage } from './parse.js';
import { seg, type CallOptions } from './path.js';

export type ReportFormat = 'csv' | 'json';

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
