// One server (⏎ on the list): its tabs in tui.md's order, each a part of the resource engine: the record
// (Overview) and the server's actions (a scoped list). The server keys work here on the server shown.

import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { Box, Text } from 'ink';
import type { Group, Isolation, Server, SnapshotSchedule } from '../../api/index.js';
import { formatDate, gigabytes, megabytes, percent, serverLabel, statusWord as word } from '../format.js';
import { ScreenTitle, useIdleKeys, useScreenControl, useSelection, type ScreenControl, type ScreenProps } from '../hooks/screen.js';
import { errorText, useResource } from '../hooks/useResource.js';
import { useCached } from '../hooks/useTracker.js';
import { RecordView, recordWidth } from '../resource/RecordView.js';
import { ResourceView } from '../resource/ResourceView.js';
import { field, type Ctx, type RecordSection, type ResourceSpec } from '../resource/spec.js';
import { TabBar, useTabs } from '../resource/Tabs.js';
import { idleKeys, useResourceActions } from '../resource/useResourceActions.js';
import { displayWidth, truncate } from '../text.js';
import { color, statusRole } from '../theme.js';
import { serverActions, type ServerParams } from './server-actions.js';
import { ServerGlance, glanceSplit } from './server-glance.js';
import { groupLabel } from './columns.js';
import { METRIC_RANGES, MetricsView } from './server-metrics.js';
import { loadSchedule, scheduleCacheKey, scheduleKeys, scheduleText, serverSnapshots } from './snapshots.js';
import { serverNetworks } from './server-networks.js';
import { SERVER_TAB_IDS, SERVER_TABS } from './server-tabs.js';
import { CostView } from './server-cost.js';
import type { Session } from '../../session/session.js';
import { touchesServer } from '../../session/power.js';
import servers, { SERVERS_CACHE_KEY, deleteServer, statusWord, useGroups, type ServerRow } from './servers.js';
import type { BindingId } from '../keymap.js';

interface DetailContext {
  /** running state from the status endpoint: `running`, `shutoff`, or why it is unknown */
  power?: { state?: string; error?: string };
  groups?: readonly Group[];
  /** the servers on whose host this one must not run (spec 4.3), or why they are unknown */
  isolations?: { list?: readonly Isolation[]; error?: string };
}

const powerWord = (p: DetailContext['power']): string =>
  p?.state === 'running' ? 'Running' : p?.state === 'shutoff' ? 'Off' : p?.state ? word(p.state) : p?.error ? `unknown: ${p.error}` : '…';

/** A server as a person reads it: explicit labels, values with their units, in sections. */
export function serverSections(s: Server, ctx: DetailContext = {}): RecordSection[] {
  const status = statusWord({ status: s.status, power: ctx.power?.state });
  const size = s.planSize;
  const reserved = s.reservedPlans[0];
  const sp = s.support;
  const spot = s.spot;
  const restored = s.lastRestoredSnapshot;
  return [
    {
      fields: [
        field('Name', s.name),
        field('Notes', s.notes),
        field('Status', s.progress < 100 ? `${status} (${s.progress}%)` : status, statusRole(status)),
        field('Power', powerWord(ctx.power), ctx.power?.state === 'running' ? 'ok' : ctx.power?.state ? 'dim' : undefined),
        field('Group', s.group ? `${groupLabel(s.group, ctx.groups)}${groupLabel(s.group, ctx.groups) !== s.group ? ` (${s.group})` : ''}` : 'none'),
        field('Owner', s.user),
      ],
    },
    {
      title: 'Size',
      fields: [
        field('Plan', s.plan),
        field('vCPU', size?.core),
        field('RAM', size ? megabytes(size.ram) : null),
        field('Disk', size ? gigabytes(size.disk) : null),
        field('GPU', size && size.gpu > 0 ? `${size.gpu}× ${size.gpuLabel ?? 'GPU'}` : 'none'),
        field('Family', size?.hostType),
      ],
    },
    {
      title: 'Where',
      fields: [
        field('Location', s.locationLabel ? `${s.locationLabel} (${s.location})` : s.location),
        field('IPv4', s.ipv4),
        field('IPv6', s.ipv6),
        field('Image', s.imageLabel ? `${s.imageLabel} (${s.image})` : s.image),
        field('Virtualization', s.virttype),
      ],
    },
    {
      title: 'Pricing',
      fields: [
        field('Reserved', s.isReserved || reserved ? `until ${formatDate(s.reservedUntil)}${reserved ? ` · ${reserved.reservedMonth} months at ${reserved.discount}% off` : ''}` : 'no', s.isReserved ? 'info' : undefined),
        field('Support', sp ? `${sp.title} (${sp.code}) since ${formatDate(sp.start)}${sp.immutable ? ' · cannot be changed' : ''}${sp.cancelled ? ` · cancelled ${formatDate(sp.cancelledAt)}` : ''}` : 'none'),
        field(
          'Spot',
          spot ? `${word(spot.status)} · ${percent(spot.discount)} off${spot.terminateAt ? ` · terminates ${formatDate(spot.terminateAt)}` : ''}` : 'no',
          spot && spot.status !== 'ok' && spot.status !== 'promoted' ? 'warn' : undefined,
        ),
      ],
    },
    {
      title: 'History (UTC)',
      fields: [
        field('Created', formatDate(s.createdAt)),
        field('Deleted', s.deletedAt ? formatDate(s.deletedAt) : null, s.deletedAt ? 'error' : undefined),
        field('Last restored', restored ? `snapshot ${restored.id} ${restored.name}${restored.description ? ` · ${restored.description}` : ''}` : 'never'),
        field('API version', s.apiVersion),
      ],
    },
    {
      title: 'Isolated from',
      fields: ctx.isolations?.list
        ? ctx.isolations.list.length === 0
          ? [field('Servers', 'none: it may share a host with any server')]
          : ctx.isolations.list.map((i) => field(i.name, i.notes || '—'))
        : [field('Servers', ctx.isolations?.error ? `unknown: ${ctx.isolations.error}` : '…')],
    },
    ...(Object.keys(s.extra).length > 0
      ? [{ title: 'Other fields from the service', fields: Object.entries(s.extra).map(([k, v]) => field(k, typeof v === 'string' ? v : JSON.stringify(v))) }]
      : []),
  ];
}

/** The server's power state from the session's one truth, asked for while the detail is shown. */
function usePower(session: Session, name: string): { state?: string; error?: string } {
  const states = session.power;
  useEffect(() => states.pin(name), [states, name]);
  // a server's detail is live data: the watcher looks for new work on the account while it is shown
  useEffect(() => session.tracker.watch(), [session.tracker]);
  const subscribe = useCallback((onChange: () => void) => states.subscribe(onChange), [states]);
  useSyncExternalStore(subscribe, () => states.version(name));
  const state = states.state(name);
  const error = states.error(name);
  return useMemo(() => ({ state, error }), [state, error]);
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
  const power = usePower(session, name);
  const isolationsRes = useResource((signal) => client.servers.isolations(name, { signal }));
  const groups = useGroups(session);

  const server = record.data ?? listed;
  const { refresh: refreshRecord } = record;
  const inner = useRef<ScreenControl | null>(null);
  const refreshAll = () => {
    refreshRecord();
    session.power.refresh(name);
    inner.current?.refresh?.();
  };
  useEffect(
    () =>
      session.tracker.onFinished((a) => {
        // the power state follows by itself (session.power hears of every action that ends)
        if (touchesServer(a.resource, name)) refreshRecord();
      }),
    [session.tracker, name, refreshRecord],
  );

  // the tab (and the key scope of a tab with keys of its own) is the entry's, kept by the shell's stack
  const tabs = useTabs(entry, nav, SERVER_TABS.length, SERVER_TAB_IDS);
  const tab = tabs.tab;

  const ctx: Ctx = useMemo(() => ({ session, client, params: {}, readOnly: props.readOnly }), [session, client, props.readOnly]);
  // the server keys act on the server shown; deleting it goes back to the list
  const spec = useMemo(
    () => ({
      ...servers,
      remove: {
        ...deleteServer,
        run: async (s: ServerRow, c: Ctx) => {
          const outcome = await deleteServer.run(s, c);
          nav.pop();
          return outcome;
        },
      },
    }),
    [nav],
  );
  const actions = useResourceActions<ServerRow>({ spec, ctx, nav, onDialog: props.onDialog, refresh: refreshAll });
  // the server as its keys see it: with the power state the detail has read (p on a running one says so)
  const latest = useRef<ServerRow | undefined>(undefined);
  latest.current = server ? { ...server, power: power.state } : undefined;

  // the server's keys in the footer only where they act: not p on a server known to be running (one rule
  // with the key's own refusal, useResourceActions `idleKeys`); a tab with keys of its own says its own
  const ownKeys = SERVER_TABS[tab]?.scope !== undefined;
  const detailIdle: BindingId[] = ownKeys ? [] : idleKeys(spec, ctx, latest.current, true).filter((id) => id !== 'open' && id !== 'copy');
  // the Overview and Metrics tabs have nothing to sort (a list tab's own view says what it has)
  if (SERVER_TABS[tab]?.list !== true) detailIdle.push('sortNext', 'sortReverse', 'sortPick', 'open');
  if (SERVER_TABS[tab]?.id !== 'metrics') detailIdle.push('server.cursorLeft', 'server.cursorRight');
  useIdleKeys(nav, `server:${entry.id}`, detailIdle);

  const tabId = SERVER_TABS[tab]?.id ?? 'overview';
  const range = entry.state.metricsRange ?? 0;
  const rangeRef = useRef(range);
  rangeRef.current = range;
  const listTab = SERVER_TABS[tab]?.list === true;
  useScreenControl(props.control, {
    sortColumns: listTab ? (inner.current?.sortColumns ?? []) : [],
    defaultSort: listTab ? (inner.current?.defaultSort ?? null) : null,
    handle: (id, input) => {
      if (tabs.handle(id, input)) return true;
      if (id === 'server.rangeShorter' || id === 'server.rangeLonger') {
        if (tabId !== 'metrics') return false;
        const next = Math.max(0, Math.min(METRIC_RANGES.length - 1, rangeRef.current + (id === 'server.rangeLonger' ? 1 : -1)));
        rangeRef.current = next;
        nav.keep(entry.id, { metricsRange: next });
        return true;
      }
      if (id === 'server.cursorLeft' || id === 'server.cursorRight') return tabId === 'metrics' && (inner.current?.handle?.(id) ?? false);
      if (id === 'copy' && listTab) return inner.current?.handle?.(id) ?? false;
      // the Snapshots and Networks tabs' keys (c, e, d, ...) are their own
      if (SERVER_TABS[tabs.now()]?.scope) return inner.current?.handle?.(id, input) ?? false;
      return actions.handle(id, latest.current) || (inner.current?.handle?.(id) ?? false);
    },
    refresh: refreshAll,
  });

  const sections = useMemo(
    () => (server ? serverSections(server, { power, groups, isolations: { list: isolationsRes.data ?? undefined, error: isolationsRes.error ?? undefined } }) : []),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [server, power.state, power.error, groups, isolationsRes.data, isolationsRes.error],
  );
  const { selected, onSelect } = useSelection(entry, nav);

  const wanted = actions.rows(width);
  const full = wanted === 'full';
  const body = height - 2;
  const dialogRows = actions.dialog && !full ? Math.min(Math.max(3, body - 4), wanted) : 0;
  const contentRows = Math.max(3, body - actions.shownRows(width, dialogRows));
  const title = server ? `Server ${serverLabel(server)}` : entry.title;
  // a tab that is a list of the server's things: the one browser, untitled, its keys through `inner`
  const tabList = <T extends object>(spec: ResourceSpec<T, ServerParams>, rows: number): ReactNode => (
    <ResourceView
      key={spec.name}
      spec={spec}
      params={{ server: name }}
      session={session}
      readOnly={props.readOnly}
      nav={nav}
      width={width}
      height={rows}
      entry={entry}
      active={props.active && !actions.dialog}
      filterEditor={null}
      control={inner}
      onDialog={props.onDialog}
      refreshMs={props.refreshMs}
      titled={false}
    />
  );
  // what each tab shows in `rows` rows, by its id in SERVER_TABS
  const views: Record<string, (rows: number) => ReactNode> = {
    overview: (rows) => {
      // on a wide terminal the last hour and the recent actions stand beside the fields (server-glance.tsx)
      const split = glanceSplit(width, recordWidth(sections));
      const fields = (
        <RecordView
          sections={sections}
          width={split ? split.record : width}
          height={rows}
          active={props.active && !actions.dialog}
          filter={entry.view.filter}
          selected={selected}
          onSelect={onSelect}
          emptyText={record.error ? 'the server could not be loaded' : 'loading…'}
        />
      );
      return split ? (
        <Box flexDirection="row" width={width} height={rows}>
          {fields}
          <ServerGlance session={session} server={name} width={split.glance} height={rows} refreshMs={props.refreshMs} off={server?.status === 'booted' && power.state === 'shutoff'} />
        </Box>
      ) : (
        fields
      );
    },
    metrics: (rows) => <MetricsView session={session} server={name} range={range} width={width} height={rows} control={inner} />,
    snapshots: (rows) => (
      <Box flexDirection="column" width={width} height={rows}>
        <ScheduleLine session={session} server={name} width={width} />
        {tabList(serverSnapshots, rows - 1)}
      </Box>
    ),
    networks: (rows) => tabList(serverNetworks, rows),
    actions: (rows) => tabList(serverActions, rows),
    cost: (rows) => <CostView session={session} server={server} power={power.state} width={width} height={rows} control={inner} />,
  };
  // the Metrics tab says its range
  const tabsWithRange = SERVER_TABS.map((t) => (t.id === 'metrics' ? { ...t, badge: METRIC_RANGES[range]?.label } : t));
  return (
    <Box flexDirection="column" width={width} height={height}>
      <ScreenTitle title={title} width={width} view={entry.view} filterEditor={props.filterEditor} sortColumns={[]} note={record.loading && !server ? 'loading…' : ''} />
      <TabBar tabs={tabsWithRange} current={tab} width={width} />
      {full ? actions.render(width, body) : null}
      {!full && actions.dialog ? actions.render(width, dialogRows) : null}
      {full ? null : (views[tabId]?.(contentRows) ?? null)}
    </Box>
  );
}

/** The server's weekly snapshot schedule, one line over its snapshots; `w` and `W` change it. */
function ScheduleLine(props: { session: ScreenProps['session']; server: string; width: number }): ReactNode {
  const { session, server } = props;
  const schedule = useCached<SnapshotSchedule | null>(session.cache, scheduleCacheKey(server));
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    loadSchedule(session.client, server).then(
      (s) => session.cache.set(scheduleCacheKey(server), s),
      (err: unknown) => live && setError(errorText(err)),
    );
    return () => {
      live = false;
    };
  }, [session, server]);
  const text = error && schedule === undefined ? `✗ the schedule could not be read: ${error}` : scheduleText(schedule);
  const keys = scheduleKeys(schedule);
  const room = Math.max(0, props.width - 1);
  // the facts first: the keys follow only when they fit whole (the footer and help list them anyway)
  const line = keys && displayWidth(text) + 3 + displayWidth(keys) <= room ? `${text}   ${keys}` : truncate(text, room);
  return (
    <Text color={error && schedule === undefined ? color('error') : color('dim')} wrap="truncate">
      {' '}
      {line}
    </Text>
  );
}
