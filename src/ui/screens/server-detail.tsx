// One server (⏎ on the list): every field of its record, its actions, and a tab bar that later issues extend
// (metrics, snapshots, VLANs) by adding a row to SERVER_TABS. The server keys work here on this server.

import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Box, Text } from 'ink';
import type { Action, Group, Server } from '../../api/index.js';
import { Table, type Column } from '../components/Table.js';
import { formatDate } from '../format.js';
import { ScreenTitle, useScreenControl, useSelection, type ScreenProps, type SortColumn } from '../hooks/screen.js';
import { useResource } from '../hooks/useResource.js';
import { dialogRows, useServerActions } from '../hooks/useServerActions.js';
import { useCached } from '../hooks/useTracker.js';
import { color, statusRole, type Role } from '../theme.js';
import { ACTION_COLUMNS, FIELD_COLUMNS, type FieldRow } from './lists.js';
import { serverLabel } from './server-dialogs.js';
import { POWER_CACHE_KEY, SERVERS_CACHE_KEY, statusWord } from './servers.js';

export interface ServerTab {
  id: string;
  title: string;
}

/** The detail view's tabs, in order. */
export const SERVER_TABS: readonly ServerTab[] = [
  { id: 'overview', title: 'Overview' },
  { id: 'actions', title: 'Actions' },
];

const dash = (v: string | null | undefined): string => (v === null || v === undefined || v === '' ? '—' : v);
const gb = (mb: number): string => (mb >= 1024 ? `${+(mb / 1024).toFixed(1)} GB` : `${mb} MB`);

export interface DetailContext {
  /** running state from the status endpoint: `running`, `shutoff`, or why it is unknown */
  power?: { state?: string; error?: string };
  groups?: readonly Group[];
}

/** Every field of the record as label and value, in the order a person reads a server. */
export function serverFields(s: Server, ctx: DetailContext = {}): FieldRow[] {
  const rows: FieldRow[] = [];
  const add = (field: string, value: string, role?: Role) => rows.push({ field, value, role });
  const word = statusWord({ status: s.status, power: ctx.power?.state });
  add('Name', s.name);
  add('Notes', dash(s.notes));
  add('Status', s.progress < 100 ? `${word} (${s.progress}%)` : word, statusRole(word));
  add('Power', ctx.power?.state ?? (ctx.power?.error ? `unknown: ${ctx.power.error}` : '…'), ctx.power?.state === 'running' ? 'ok' : ctx.power?.state ? 'dim' : undefined);
  add('Active', s.active ? 'yes' : 'no');
  const size = s.planSize;
  const plan = size
    ? `${s.plan} · ${size.core} vCPU · ${gb(size.ram)} RAM · ${size.disk} GB disk${size.gpu > 0 ? ` · ${size.gpu}× ${size.gpuLabel ?? 'GPU'}` : ''}`
    : s.plan;
  add('Plan', plan);
  if (size) add('Host type', dash(size.hostType));
  add('Location', s.locationLabel ? `${s.location} · ${s.locationLabel}` : s.location);
  add('Image', s.imageLabel ? `${s.image} · ${s.imageLabel}` : s.image);
  add('IPv4', dash(s.ipv4));
  add('IPv6', dash(s.ipv6));
  const group = s.group ? ctx.groups?.find((g) => g.id === s.group) : undefined;
  add('Group', s.group ? (group ? `${group.name} (${s.group})` : s.group) : '—');
  add('Created', formatDate(s.createdAt));
  if (s.deletedAt) add('Deleted', formatDate(s.deletedAt), 'error');
  if (s.isReserved || s.reservedPlans.length > 0) {
    const r = s.reservedPlans[0];
    const detail = r ? ` · ${r.reservedMonth} months at ${r.discount}% off, from ${formatDate(r.startDate)}` : '';
    add('Reserved', `until ${formatDate(s.reservedUntil)}${detail}`, 'info');
  } else {
    add('Reserved', 'no');
  }
  if (s.support) {
    const sp = s.support;
    const notes = [sp.immutable ? 'immutable' : '', sp.cancelled ? `cancelled ${formatDate(sp.cancelledAt)}` : ''].filter(Boolean).join(', ');
    add('Support', `${sp.title} (${sp.code}) since ${formatDate(sp.start)}${notes ? ` · ${notes}` : ''}`);
  } else {
    add('Support', 'none');
  }
  if (s.spot) {
    const sp = s.spot;
    const end = sp.terminateAt ? ` · terminates ${formatDate(sp.terminateAt)}` : '';
    add('Spot', `${sp.status} · ${Math.round(sp.discount * 100)}% off${end}`, sp.status === 'ok' || sp.status === 'promoted' ? undefined : 'warn');
  } else {
    add('Spot', 'no');
  }
  const snap = s.lastRestoredSnapshot;
  add('Last restored', snap ? `#${snap.id} ${snap.name}${snap.description ? ` · ${snap.description}` : ''}` : '—');
  add('API version', dash(s.apiVersion));
  add('Virtualization', dash(s.virttype));
  add('Owner', dash(s.user));
  for (const [k, v] of Object.entries(s.extra)) add(k, typeof v === 'string' ? v : JSON.stringify(v));
  return rows;
}

const fieldKey = (r: FieldRow): string => r.field;
const actionKey = (a: Action): string => String(a.id);
const ACTION_SORT: SortColumn[] = ACTION_COLUMNS.map((c) => ({ key: c.key, header: c.header }));
const NO_ACTIONS: Action[] = [];

/** True for actions on this server: its own, and its VLANs' (`<server>-<network>`). */
export function touchesServer(resource: string, name: string): boolean {
  return resource === name || resource.startsWith(`${name}-`);
}

export function ServerDetailScreen(props: ScreenProps & { name: string }): ReactNode {
  const { session, name, entry, nav, width, height } = props;
  const { client, cache } = session;
  const listed = useCached<Server[]>(cache, SERVERS_CACHE_KEY)?.find((s) => s.name === name);

  const record = useResource((signal) => client.servers.get(name, { signal }), {
    intervalMs: props.refreshMs,
    cache,
    cacheKey: `server:${name}`,
    onError: (message) => nav.report('error', message, 'server'),
    onSuccess: () => nav.clear('server'),
  });
  const powerRes = useResource((signal) => client.servers.status(name, { signal }).then((p) => p.state));
  const knownPower = useCached<Record<string, string>>(cache, POWER_CACHE_KEY)?.[name];
  const groups = useResource((signal) => client.groups.list({ signal }), { cache, cacheKey: 'groups' });
  const actions = useResource(async (signal) => (await client.actions.list({ resource: name, start: 0, length: 100 }, { signal })).actions, {
    intervalMs: props.refreshMs,
  });

  const server = record.data ?? listed;
  const refreshAll = useCallback(() => {
    record.refresh();
    actions.refresh();
    powerRes.refresh();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [record.refresh, actions.refresh, powerRes.refresh]);

  useEffect(
    () =>
      session.tracker.onFinished((a) => {
        if (touchesServer(a.resource, name)) refreshAll();
      }),
    [session.tracker, name, refreshAll],
  );

  const [tab, setTab] = useState(entry.memo.tab);
  const tabRef = useRef(tab);
  const selectTab = (i: number) => {
    const next = (i + SERVER_TABS.length) % SERVER_TABS.length;
    tabRef.current = next;
    entry.memo.tab = next;
    setTab(next);
  };

  const { selected, onSelect } = useSelection(entry);

  const serverActions = useServerActions({
    session,
    readOnly: props.readOnly,
    nav,
    onDialog: props.onDialog,
    onChanged: refreshAll,
    onDeleted: () => nav.pop(),
  });
  const serverRef = useRef(server);
  serverRef.current = server;

  const tabId = SERVER_TABS[tab]?.id ?? 'overview';
  useScreenControl(props.control, {
    sortColumns: tabId === 'actions' ? ACTION_SORT : [],
    handle: (id) => {
      if (id === 'server.nextTab') {
        selectTab(tabRef.current + 1);
        return true;
      }
      if (id === 'server.prevTab') {
        selectTab(tabRef.current - 1);
        return true;
      }
      return serverActions.handle(id, serverRef.current);
    },
    refresh: refreshAll,
  });

  const power = { state: knownPower && !powerRes.data ? knownPower : powerRes.data, error: powerRes.error ?? undefined };
  const fields = useMemo(
    () => (server ? serverFields(server, { power, groups: groups.data }) : []),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [server, power.state, power.error, groups.data],
  );

  const d = serverActions.dialog;
  const full = d?.kind === 'create';
  const body = height - 2;
  const dRows = d && !full ? Math.min(body - 4, dialogRows(d) as number) : 0;
  const tableRows = Math.max(1, body - dRows - 2);
  const title = server ? `Server ${serverLabel(server)}` : entry.title;

  return (
    <Box flexDirection="column" width={width} height={height}>
      <ScreenTitle
        title={title}
        width={width}
        view={entry.view}
        filterEditor={props.filterEditor}
        sortColumns={tabId === 'actions' ? ACTION_SORT : []}
        note={record.loading && !server ? 'loading…' : ''}
      />
      <TabBar tabs={SERVER_TABS} current={tab} width={width} />
      {full ? serverActions.render(width, body) : null}
      {!full && d ? serverActions.render(width, dRows) : null}
      {full ? null : tabId === 'actions' ? (
        <Table
          rows={actions.data ?? NO_ACTIONS}
          columns={ACTION_COLUMNS}
          rowKey={actionKey}
          height={tableRows}
          width={width}
          sort={entry.view.sort}
          filter={entry.view.filter}
          isActive={props.active && !d}
          emptyText={actions.data === undefined ? 'loading…' : 'no actions on this server'}
        />
      ) : (
        <Table
          rows={fields}
          columns={FIELD_COLUMNS as readonly Column<FieldRow>[]}
          rowKey={fieldKey}
          selectedKey={selected}
          onSelect={onSelect}
          height={tableRows}
          width={width}
          filter={entry.view.filter}
          isActive={props.active && !d}
          emptyText={record.error ? 'the server could not be loaded' : 'loading…'}
        />
      )}
    </Box>
  );
}

function TabBar(props: { tabs: readonly ServerTab[]; current: number; width: number }): ReactNode {
  return (
    <Box width={props.width} height={1}>
      <Text wrap="truncate">
        {' '}
        {props.tabs.map((t, i) => {
          const on = i === props.current;
          return (
            <Text key={t.id}>
              {i > 0 ? <Text color={color('dim')}> │ </Text> : null}
              <Text inverse={on && color('accent') !== undefined} bold={on} color={on ? color('accent') : undefined}>
                {on && color('accent') === undefined ? `[${t.title}]` : ` ${t.title} `}
              </Text>
            </Text>
          );
        })}
        <Text color={color('dim')}>{'   Tab/→ next tab'}</Text>
      </Text>
    </Box>
  );
}
