// The servers list: the dashboard's home. Live (refreshed every few seconds while shown, and at once when an
// action finishes), filterable and sortable by the shell, and the place every server key starts from.

import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Box } from 'ink';
import type { Server } from '../../api/index.js';
import { Table, type Column } from '../components/Table.js';
import { ScreenTitle, useScreenControl, type ScreenProps, type SortColumn } from '../hooks/screen.js';
import { useFilteredRows, useWarmSearch } from '../hooks/useFilter.js';
import { useCached } from '../hooks/useTracker.js';
import { useResource } from '../hooks/useResource.js';
import { dialogRows as dialogRowsOf, useServerActions } from '../hooks/useServerActions.js';
import { statusRole, type Role } from '../theme.js';
import { serverLabel } from './server-dialogs.js';

/** A server with its running state when the dashboard knows it (after a power action, or from the detail). */
export type ServerRow = Server & { power?: string };

export const POWER_CACHE_KEY = 'power';
export const SERVERS_CACHE_KEY = 'servers';

const capitalize = (s: string): string => (s ? s.charAt(0).toUpperCase() + s.slice(1) : s);

/** `Booted`, `Booting`, ... and `Off` for a booted server known to be powered off. */
export function statusWord(row: Pick<ServerRow, 'status' | 'power'>): string {
  if (row.status === 'booted' && row.power === 'shutoff') return 'Off';
  return capitalize(row.status);
}

export function statusColor(row: Pick<ServerRow, 'status' | 'power'>): Role | undefined {
  return statusRole(statusWord(row));
}

export const SERVER_COLUMNS: readonly Column<ServerRow>[] = [
  { key: 'name', header: 'NAME', width: 10, priority: 0 },
  { key: 'notes', header: 'NOTES', minWidth: 12, width: 16, flex: 2, priority: 1 },
  { key: 'plan', header: 'PLAN', width: 8, priority: 3 },
  { key: 'location', header: 'LOCATION', width: 8, priority: 3 },
  { key: 'image', header: 'IMAGE', minWidth: 10, width: 13, flex: 1, priority: 4 },
  {
    key: 'status',
    header: 'STATUS',
    width: 13,
    priority: 0,
    render: (r) => statusWord(r),
    sortValue: (r) => statusWord(r),
    color: statusColor,
  },
  { key: 'ipv4', header: 'IPV4', width: 15, priority: 2, render: (r) => r.ipv4 ?? '' },
  { key: 'createdAt', header: 'CREATED', width: 16, priority: 5 },
];

export const SERVER_SORT: readonly SortColumn[] = SERVER_COLUMNS.map((c) => ({ key: c.key, header: c.header }));

const NO_SERVERS: ServerRow[] = [];

export function withPower(servers: readonly Server[], power: Record<string, string> | undefined): ServerRow[] {
  if (!power || Object.keys(power).length === 0) return servers as ServerRow[];
  return servers.map((s) => (power[s.name] ? { ...s, power: power[s.name] } : s));
}

export function ServersScreen(props: ScreenProps): ReactNode {
  const { session, entry, width, height, nav } = props;
  // reuse: a refresh that brings the same answer gives back the same rows, without parsing 10,000 servers again
  const servers = useResource((signal) => session.client.servers.list({ signal, reuse: true }), {
    intervalMs: props.refreshMs,
    cache: session.cache,
    cacheKey: SERVERS_CACHE_KEY,
    onError: (message) => nav.report('error', message, 'servers'),
    onSuccess: () => nav.clear('servers'),
  });
  const power = useCached<Record<string, string>>(session.cache, POWER_CACHE_KEY);
  const rows = useMemo(() => withPower(servers.data ?? NO_SERVERS, power), [servers.data, power]);
  const filter = entry.view.filter;
  const visible = useFilteredRows(rows, SERVER_COLUMNS, filter);
  useWarmSearch(rows, SERVER_COLUMNS);

  const [selected, setSelected] = useState<string | null>(entry.memo.selected);
  const latest = useRef({ rows, visible, selected });
  latest.current = { rows, visible, selected };
  const onSelect = useCallback(
    (key: string) => {
      entry.memo.selected = key;
      latest.current.selected = key;
      setSelected(key);
    },
    [entry],
  );

  const { refresh } = servers;
  useEffect(() => session.tracker.onFinished(() => refresh()), [session.tracker, refresh]);

  const actions = useServerActions({
    session,
    readOnly: props.readOnly,
    nav,
    onDialog: props.onDialog,
    onChanged: refresh,
  });

  /** The selected server if it is visible: a row hidden by the filter is never acted on. */
  const current = (): ServerRow | undefined => {
    const { visible: shown, selected: key } = latest.current;
    if (key === null) return undefined;
    return shown.find((r) => r.name === key);
  };

  useScreenControl(props.control, {
    sortColumns: SERVER_SORT as SortColumn[],
    handle: (id) => actions.handle(id, current()),
    refresh,
  });

  const open = useCallback(
    (name: string) => {
      const s = latest.current.rows.find((r) => r.name === name);
      nav.push('server', { server: name }, s ? `Server ${serverLabel(s)}` : `Server ${name}`);
    },
    [nav],
  );

  const body = height - 1;
  const d = actions.dialog;
  const full = d?.kind === 'create';
  const dialogRows = d && !full ? Math.min(body - 4, dialogRowsOf(d) as number) : 0;
  const note = servers.loading && servers.data === undefined ? 'loading…' : filter.trim() !== '' ? `${visible.length} of ${rows.length} match` : '';
  return (
    <Box flexDirection="column" width={width} height={height}>
      <ScreenTitle title="Servers" width={width} view={entry.view} filterEditor={props.filterEditor} sortColumns={SERVER_SORT} note={note} />
      {full ? (
        actions.render(width, body)
      ) : (
        <>
          {d ? actions.render(width, dialogRows) : null}
          <Table
            rows={visible}
            columns={SERVER_COLUMNS}
            rowKey={rowKey}
            selectedKey={selected}
            onSelect={onSelect}
            onOpen={open}
            height={Math.max(1, body - dialogRows - 2)}
            width={width}
            sort={entry.view.sort}
            isActive={props.active && !d}
            emptyText={
              servers.data === undefined
                ? servers.error
                  ? 'the list could not be loaded'
                  : 'loading servers…'
                : rows.length > 0
                  ? `no rows match /${filter.trim()}`
                  : 'no servers yet: c creates one'
            }
          />
        </>
      )}
    </Box>
  );
}

const rowKey = (r: ServerRow): string => r.name;

