// Every resource without a screen of its own yet is a read-only list built from one generic component: a
// spec names the columns and how to load the rows, and ⏎ shows the selected row's fields. Later issues give
// these resources their own screens (and keys); until then the user can at least see everything.

import { useCallback, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { Box, Text } from 'ink';
import type { Action, Client, Image, Plan, Snapshot } from '../../api/index.js';
import { Table, type Column } from '../components/Table.js';
import { formatDate } from '../format.js';
import { ScreenTitle, useScreenControl, useSelection, type ScreenProps, type SortColumn } from '../hooks/screen.js';
import { useResource } from '../hooks/useResource.js';
import { trackedStatus } from '../../session/session.js';
import { color, statusRole, type Role } from '../theme.js';

export interface ListSpec<T> {
  title: string | ((now: Date) => string);
  /** what one row is called in the record view's title: `Plan eCS3` */
  singular: string;
  columns: readonly Column<T>[];
  rowKey(row: T): string;
  /** how the record view names a row */
  label?(row: T): string;
  load(client: Client, signal: AbortSignal, now: Date): Promise<T[]>;
  /** reloaded every few seconds while shown (things that change by themselves) */
  live?: boolean;
  emptyText?: string;
  /** what ⏎ shows; default the row itself. Absent `open`: ⏎ does nothing (rows that are already fields). */
  record?(row: T): Record<string, unknown>;
  open?: boolean;
}

// Specs are checked per resource type, then kept in one table of unknown rows.
const defineList = <T,>(spec: ListSpec<T>): ListSpec<unknown> => spec as unknown as ListSpec<unknown>;

const yesNo = (v: boolean): string => (v ? 'yes' : 'no');
const money = (n: number): string => (Number.isFinite(n) ? n.toFixed(n < 1 ? 4 : 2) : '');
const gb = (mb: number): string => (mb >= 1024 ? `${+(mb / 1024).toFixed(1)} GB` : `${mb} MB`);

export function actionStatusRole(status: string): Role | undefined {
  const s = trackedStatus(status);
  return s === 'completed' ? 'ok' : s === 'failed' ? 'error' : 'warn';
}

export const ACTION_COLUMNS: readonly Column<Action>[] = [
  { key: 'id', header: 'ID', width: 7, align: 'right' },
  { key: 'type', header: 'TYPE', width: 16, minWidth: 10 },
  { key: 'resource', header: 'RESOURCE', width: 18, minWidth: 8, flex: 1, priority: 1 },
  { key: 'status', header: 'STATUS', width: 11, color: (a) => actionStatusRole(a.status) },
  { key: 'progress', header: 'PROGRESS', width: 8, align: 'right', render: (a) => `${a.progress}%`, priority: 2 },
  { key: 'createdAt', header: 'STARTED', width: 16, priority: 3 },
  { key: 'completedAt', header: 'FINISHED', width: 16, priority: 4 },
];

interface SnapshotRow extends Snapshot {
  server: string;
}

export interface FieldRow {
  field: string;
  value: string;
  role?: Role;
}

export const FIELD_COLUMNS: readonly Column<FieldRow>[] = [
  { key: 'field', header: 'FIELD', width: 22, minWidth: 12 },
  { key: 'value', header: 'VALUE', flex: 1, minWidth: 10, color: (r) => r.role },
];

const humanize = (key: string): string => {
  const words = key
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

function valueText(v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  if (v instanceof Date) return formatDate(v);
  if (typeof v === 'boolean') return yesNo(v);
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'bigint') return String(v);
  if (Array.isArray(v)) {
    if (v.length === 0) return '—';
    if (v.every((x) => x === null || ['string', 'number', 'boolean'].includes(typeof x))) return v.join(', ');
    return `${v.length} item${v.length === 1 ? '' : 's'}`;
  }
  try {
    return JSON.stringify(v);
  } catch {
    return String(v);
  }
}

/** A record as field rows: nested objects one level deep with dotted names, unknown `extra` fields too. */
export function fieldRows(record: Record<string, unknown>): FieldRow[] {
  const rows = uniqueFields();
  for (const [key, value] of Object.entries(record)) {
    if (key === 'extra' && value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value as Record<string, unknown>)) rows.push({ field: k, value: valueText(v) });
      continue;
    }
    if (value && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date)) {
      for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
        if (k === 'extra') continue;
        rows.push({ field: `${humanize(key)} · ${humanize(k).toLowerCase()}`, value: valueText(v) });
      }
      continue;
    }
    rows.push({ field: humanize(key), value: valueText(value), role: key === 'status' && typeof value === 'string' ? statusRole(value) : undefined });
  }
  return rows.list;
}

/** Field names are row keys: a second field of the same name (an unknown extra one) gets a number. */
function uniqueFields() {
  const seen = new Map<string, number>();
  const list: FieldRow[] = [];
  return {
    list,
    push(row: FieldRow) {
      const n = (seen.get(row.field) ?? 0) + 1;
      seen.set(row.field, n);
      list.push(n === 1 ? row : { ...row, field: `${row.field} (${n})` });
    },
  };
}

async function allSnapshots(client: Client, signal: AbortSignal): Promise<SnapshotRow[]> {
  const servers = await client.servers.list({ signal });
  const out: SnapshotRow[] = [];
  // a few at a time: an estate of hundreds of servers must not open hundreds of requests at once
  const queue = servers.map((s) => s.name);
  const worker = async () => {
    for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
      const list = await client.snapshots.list(name, { signal });
      for (const snap of list) out.push({ ...snap, server: name });
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  return out.sort((a, b) => a.server.localeCompare(b.server) || a.id - b.id);
}

const imageColumns: readonly Column<Image>[] = [
  { key: 'name', header: 'NAME', width: 18, minWidth: 10 },
  { key: 'description', header: 'DESCRIPTION', flex: 2, minWidth: 12 },
  { key: 'osBase', header: 'OS', width: 10, priority: 2 },
  { key: 'status', header: 'STATUS', width: 9, color: (i) => statusRole(i.status), priority: 1 },
  { key: 'createdAt', header: 'CREATED', width: 16, priority: 3 },
];

export const LISTS: Record<string, ListSpec<unknown>> = {
  actions: defineList<Action>({
    title: 'Actions',
    singular: 'Action',
    columns: ACTION_COLUMNS,
    rowKey: (a) => String(a.id),
    label: (a) => `${a.id} ${a.type}`,
    load: async (c, signal) => (await c.actions.list({ start: 0, length: 200 }, { signal })).actions,
    live: true,
    open: true,
  }),
  snapshots: defineList<SnapshotRow>({
    title: 'Snapshots (all servers)',
    singular: 'Snapshot',
    columns: [
      { key: 'server', header: 'SERVER', width: 10 },
      { key: 'id', header: 'ID', width: 6, align: 'right' },
      { key: 'name', header: 'NAME', width: 16, minWidth: 10, priority: 2 },
      { key: 'description', header: 'DESCRIPTION', flex: 2, minWidth: 10, priority: 1 },
      { key: 'statusLabel', header: 'STATUS', width: 9, color: (s) => statusRole(s.statusLabel) },
      { key: 'protected', header: 'PROTECTED', width: 9, render: (s) => yesNo(s.protected), priority: 3 },
      { key: 'sizeOnDisk', header: 'SIZE', width: 6, align: 'right', render: (s) => (s.sizeOnDisk === null ? '' : `${s.sizeOnDisk} GB`), priority: 4 },
      { key: 'createdAt', header: 'CREATED', width: 16, priority: 3 },
    ],
    rowKey: (s) => `${s.server}:${s.id}`,
    label: (s) => `${s.id} of ${s.server}`,
    load: allSnapshots,
    live: true,
    open: true,
  }),
  templates: defineList<Image>({
    title: 'Templates',
    singular: 'Template',
    columns: [{ key: 'id', header: 'ID', width: 6, align: 'right' }, ...imageColumns, { key: 'notes', header: 'NOTES', width: 16, priority: 4 }],
    rowKey: (t) => String(t.id),
    label: (t) => t.description || t.name,
    load: (c, signal) => c.templates.list({ signal }),
    live: true,
    open: true,
  }),
  sshkeys: defineList<{ id: number; label: string; key: string; createdAt: Date | null }>({
    title: 'SSH keys',
    singular: 'SSH key',
    columns: [
      { key: 'id', header: 'ID', width: 6, align: 'right' },
      { key: 'label', header: 'LABEL', width: 20, minWidth: 10 },
      { key: 'createdAt', header: 'ADDED', width: 16, priority: 2 },
      { key: 'key', header: 'KEY', flex: 1, minWidth: 12, priority: 1 },
    ],
    rowKey: (k) => String(k.id),
    label: (k) => k.label,
    load: (c, signal) => c.sshKeys.list({ signal }),
    open: true,
  }),
  scripts: defineList<{ id: number; title: string; windows: boolean; public: boolean; category: string | null; content: string }>({
    title: 'Scripts',
    singular: 'Script',
    columns: [
      { key: 'id', header: 'ID', width: 6, align: 'right' },
      { key: 'title', header: 'TITLE', flex: 2, minWidth: 12 },
      { key: 'windows', header: 'KIND', width: 10, render: (s) => (s.windows ? 'PowerShell' : 'shell') },
      { key: 'public', header: 'PUBLIC', width: 6, render: (s) => yesNo(s.public), priority: 2 },
      { key: 'category', header: 'CATEGORY', width: 14, priority: 3 },
    ],
    rowKey: (s) => String(s.id),
    label: (s) => s.title,
    load: (c, signal) => c.scripts.list({ signal }),
    open: true,
  }),
  networks: defineList<{ id: number; networkId: number; name: string; active: boolean; createdAt: Date | null }>({
    title: 'Networks',
    singular: 'Network',
    columns: [
      { key: 'name', header: 'NAME', width: 14, flex: 1 },
      { key: 'networkId', header: 'NETWORK ID', width: 10, align: 'right' },
      { key: 'active', header: 'ACTIVE', width: 6, render: (n) => yesNo(n.active), color: (n) => (n.active ? 'ok' : 'dim') },
      { key: 'createdAt', header: 'CREATED', width: 16 },
    ],
    rowKey: (n) => n.name,
    label: (n) => n.name,
    load: (c, signal) => c.networks.list({ signal }),
    open: true,
  }),
  plans: defineList<Plan>({
    title: 'Plans',
    singular: 'Plan',
    columns: [
      { key: 'name', header: 'NAME', width: 10, minWidth: 8 },
      { key: 'cpu', header: 'CPU', width: 4, align: 'right' },
      { key: 'ram', header: 'RAM', width: 7, align: 'right', render: (p) => gb(p.ram) },
      { key: 'disk', header: 'DISK', width: 7, align: 'right', render: (p) => `${p.disk} GB` },
      { key: 'gpu', header: 'GPU', width: 10, render: (p) => (p.gpu > 0 ? `${p.gpu}× ${p.gpuLabel ?? 'GPU'}` : ''), priority: 2 },
      { key: 'hourlyPrice', header: '€/HOUR', width: 8, align: 'right', render: (p) => money(p.hourlyPrice), priority: 1 },
      { key: 'monthlyPrice', header: '€/MONTH', width: 8, align: 'right', render: (p) => money(p.monthlyPrice), priority: 1 },
      { key: 'windows', header: 'WINDOWS', width: 7, render: (p) => yesNo(p.windows), priority: 3 },
      { key: 'regions', header: 'REGIONS', flex: 1, minWidth: 8, render: (p) => p.regions.map((r) => r.location).join(' '), sortValue: (p) => p.regions.length, priority: 3 },
    ],
    rowKey: (p) => p.name,
    label: (p) => p.name,
    load: (c, signal) => c.catalog.plans({ signal }),
    open: true,
  }),
  images: defineList<Image>({
    title: 'Images',
    singular: 'Image',
    columns: imageColumns,
    rowKey: (i) => String(i.id),
    label: (i) => i.name,
    load: (c, signal) => c.catalog.images({ signal }),
    open: true,
  }),
  regions: defineList<{ id: number; location: string; description: string }>({
    title: 'Regions',
    singular: 'Region',
    columns: [
      { key: 'location', header: 'LOCATION', width: 10 },
      { key: 'description', header: 'DESCRIPTION', flex: 1 },
      { key: 'id', header: 'ID', width: 5, align: 'right' },
    ],
    rowKey: (r) => r.location,
    label: (r) => r.location,
    load: (c, signal) => c.catalog.regions({ signal }),
    open: true,
  }),
  billing: defineList<{ name: string; notes: string; plan: string; status: string; billedHours: number; cost: number; group: string | null }>({
    title: (now) => `Billing · servers, ${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`,
    singular: 'Usage of',
    columns: [
      { key: 'name', header: 'SERVER', width: 10 },
      { key: 'notes', header: 'NOTES', flex: 1, minWidth: 8, priority: 1 },
      { key: 'plan', header: 'PLAN', width: 8 },
      { key: 'status', header: 'STATUS', width: 10, color: (u) => statusRole(u.status), priority: 2 },
      { key: 'billedHours', header: 'HOURS', width: 7, align: 'right' },
      { key: 'cost', header: 'COST €', width: 9, align: 'right', render: (u) => money(u.cost) },
    ],
    rowKey: (u) => u.name,
    label: (u) => u.name,
    load: (c, signal, now) => c.billing.servers(now.getUTCFullYear(), now.getUTCMonth() + 1, 'json', { signal }),
    open: true,
  }),
  events: defineList<{ id: number; date: Date | null; eventType: string; pod: string; cluster: string; runtimeClass: string }>({
    title: 'Events (GPU pods)',
    singular: 'Event',
    columns: [
      { key: 'date', header: 'DATE', width: 16 },
      { key: 'eventType', header: 'EVENT', width: 10, color: (e) => (e.eventType === 'started' ? 'ok' : e.eventType === 'terminated' ? 'dim' : undefined) },
      { key: 'pod', header: 'POD', flex: 2, minWidth: 10 },
      { key: 'cluster', header: 'CLUSTER', width: 12, priority: 1 },
      { key: 'runtimeClass', header: 'RUNTIME', width: 10, priority: 2 },
    ],
    rowKey: (e) => String(e.id),
    label: (e) => `${e.id}`,
    load: async (c, signal) => (await c.events.list({ offset: 0, length: 500 }, { signal })).items,
    open: true,
  }),
  account: defineList<FieldRow>({
    title: 'Account',
    singular: 'Account',
    columns: FIELD_COLUMNS,
    rowKey: (r) => r.field,
    load: async (c, signal) => fieldRows({ ...(await c.account.get({ signal })) }),
  }),
  tokens: defineList<{ id: number; notes: string; createdAt: Date | null }>({
    title: 'API tokens',
    singular: 'API token',
    columns: [
      { key: 'id', header: 'ID', width: 6, align: 'right' },
      { key: 'notes', header: 'LABEL', flex: 1, minWidth: 12 },
      { key: 'createdAt', header: 'CREATED', width: 16 },
    ],
    rowKey: (t) => String(t.id),
    label: (t) => t.notes || String(t.id),
    load: (c, signal) => c.account.tokens.list({ signal }),
    emptyText: 'no API tokens',
    open: true,
  }),
};


export function ListScreen(props: ScreenProps & { name: string }): ReactNode {
  const spec = LISTS[props.name];
  if (!spec) {
    return (
      <Text color={color('error')}>
        {' '}
        no screen named {props.name}
      </Text>
    );
  }
  return <SpecList {...props} spec={spec} />;
}

function SpecList(props: ScreenProps & { name: string; spec: ListSpec<unknown> }): ReactNode {
  const { session, spec, entry, nav, width, height } = props;
  const now = useMemo(() => new Date(), []);
  const source = `list:${props.name}`;
  const res = useResource((signal) => spec.load(session.client, signal, now), {
    intervalMs: spec.live ? props.refreshMs : 0,
    cache: session.cache,
    cacheKey: source,
    onError: (message) => nav.report('error', message, source),
    onSuccess: () => nav.clear(source),
  });
  const { refresh } = res;
  useEffect(() => session.tracker.onFinished(() => refresh()), [session.tracker, refresh]);
  const { selected, onSelect } = useSelection(entry);
  const rowsRef = useRef<unknown[]>([]);
  rowsRef.current = (res.data as unknown[] | undefined) ?? [];

  const sortColumns: SortColumn[] = useMemo(() => spec.columns.map((c) => ({ key: c.key, header: c.header })), [spec]);
  useScreenControl(props.control, { sortColumns, refresh });

  const open = useCallback(
    (key: string) => {
      if (!spec.open) return;
      const row = rowsRef.current.find((r) => spec.rowKey(r) === key);
      if (row === undefined) return;
      const record = spec.record ? spec.record(row) : (row as Record<string, unknown>);
      nav.push('record', { record }, `${spec.singular} ${spec.label ? spec.label(row) : key}`);
    },
    [spec, nav],
  );

  const title = typeof spec.title === 'function' ? spec.title(now) : spec.title;
  const data = (res.data as unknown[] | undefined) ?? EMPTY;
  return (
    <Box flexDirection="column" width={width} height={height}>
      <ScreenTitle title={title} width={width} view={entry.view} filterEditor={props.filterEditor} sortColumns={sortColumns} note={res.loading && res.data === undefined ? 'loading…' : ''} />
      <Table
        rows={data}
        columns={spec.columns}
        rowKey={spec.rowKey}
        selectedKey={selected}
        onSelect={onSelect}
        onOpen={open}
        height={Math.max(1, height - 3)}
        width={width}
        sort={entry.view.sort}
        filter={entry.view.filter}
        isActive={props.active}
        emptyText={res.data === undefined ? (res.error ? 'could not be loaded' : 'loading…') : (spec.emptyText ?? 'nothing here yet')}
      />
    </Box>
  );
}

const EMPTY: unknown[] = [];

/** The fields of one record (⏎ on a list row). */
export function RecordScreen(props: ScreenProps): ReactNode {
  const { entry, width, height } = props;
  const rows = useMemo(() => fieldRows(entry.params.record ?? {}), [entry.params.record]);
  const { selected, onSelect } = useSelection(entry);
  useScreenControl(props.control, { sortColumns: [] });
  return (
    <Box flexDirection="column" width={width} height={height}>
      <ScreenTitle title={entry.title} width={width} view={entry.view} filterEditor={props.filterEditor} sortColumns={[]} />
      <Table
        rows={rows}
        columns={FIELD_COLUMNS}
        rowKey={fieldKey}
        selectedKey={selected}
        onSelect={onSelect}
        height={Math.max(1, height - 3)}
        width={width}
        filter={entry.view.filter}
        isActive={props.active}
        emptyText="no fields"
      />
    </Box>
  );
}

const fieldKey = (r: FieldRow): string => r.field;
