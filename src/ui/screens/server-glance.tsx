// A server's Overview on a wide terminal (150 columns and more): beside its fields, the last hour of its
// metrics (one sparkline a series, with its last value) and its most recent actions, those in flight first
// with their bars. The page a person opens first then says how the server is doing as well as what it is,
// instead of leaving half the screen empty; the Metrics and Actions tabs say the same at length.

import { useEffect, useMemo, type ReactNode } from 'react';
import { Box, Text } from 'ink';
import type { Action } from '../../api/index.js';
import { touchesServer } from '../../session/power.js';
import { trackedStatus, type Session } from '../../session/session.js';
import type { TrackedStatus } from '../../watch/tracker.js';
import { formatDate, statusWord } from '../format.js';
import { serverSnapshotsKey, useActionNamesOn } from '../hooks/useActionNames.js';
import { useResource } from '../hooks/useResource.js';
import { useCached, useTrackerSnapshot } from '../hooks/useTracker.js';
import { padEnd, padStart, truncate } from '../text.js';
import { color } from '../theme.js';
import { actionRole, progressText } from './actions.js';
import { loadServerActions, mayTouchServer } from './server-actions.js';
import { keepServerSnapshots } from './snapshots.js';
import { gappedSparkline, metricSeries, seriesStats, timeColumns, useServerMetrics } from './server-metrics.js';

/** The glance's columns at least: a sparkline 30 wide beside its label and value, an action's line whole. */
const GLANCE_MIN_WIDTH = 58;
/** The screen's width (inside the frame) from which the glance is shown: a terminal 150 columns wide. */
const GLANCE_FROM = 148;

/**
 * The record's columns and the glance's on a screen `width` wide, for a record that needs `recordNeeds` to
 * show its values whole (RecordView `recordWidth`): null when the glance would not have its minimum beside
 * a record of at least 80 columns and room to spare (below GLANCE_FROM).
 */
export function glanceSplit(width: number, recordNeeds: number): { record: number; glance: number } | null {
  if (width < GLANCE_FROM) return null;
  // the record takes what its values need, keeping the glance its minimum (longer values wrap, as they do
  // on any terminal too narrow for them)
  const record = Math.max(80, Math.min(recordNeeds, width - GLANCE_MIN_WIDTH));
  return { record, glance: width - record };
}

const HOUR_S = 3600;
const LABEL = 13;
const VALUE = 11;
/** An action's line: its id, type, status and start (`MM-DD hh:mm`), one space apart, then what it acts on. */
const ACTION_ID = 7;
const ACTION_TYPE = 18;
const ACTION_STATUS = 15;
const ACTION_TIME = 11;
const ACTION_FIXED = ACTION_ID + 1 + ACTION_TYPE + 1 + ACTION_STATUS + 1 + ACTION_TIME;

interface GlanceProps {
  session: Session;
  server: string;
  width: number;
  height: number;
  /** how often the actions are read again while shown (the detail's own period) */
  refreshMs: number;
  /** the server is known to be off: its figures say so, not the last point the service had from before */
  off: boolean;
}

interface ActionLine {
  id: number;
  type: string;
  resource: string;
  resourceType?: string;
  status: TrackedStatus;
  progress: number;
  at: Date | null;
}

/** In flight: a bar and the figure; done: its word with ✓ or ✗. */
function statusText(a: ActionLine): string {
  if (a.status === 'in-progress') return progressText(a.status, a.progress);
  return `${a.status === 'completed' ? '✓' : '✗'} ${statusWord(a.status)}`;
}

export function ServerGlance(props: GlanceProps): ReactNode {
  const { session, server, width, height } = props;
  const hour = useServerMetrics(session, server, HOUR_S);
  const listed = useResource((signal) => loadServerActions(session.client, server, signal, keepServerSnapshots(session, server)), {
    intervalMs: props.refreshMs,
    deps: [server],
  });
  const { refresh } = listed;
  const { refresh: refreshHour } = hour;
  // work on the server that ends (a power-off, a restore) shows in its list, and soon in its figures
  useEffect(
    () =>
      session.tracker.onFinished((a) => {
        if (!mayTouchServer(a.resource, server)) return;
        refresh();
        if (touchesServer(a.resource, server)) refreshHour();
      }),
    [session.tracker, server, refresh, refreshHour],
  );
  // what each acts on beside the server (its snapshot, template or VLAN's network), as :actions names it
  const onServer = useActionNamesOn(session, server);
  // the watcher's news: the detail has it look for new work on the account while shown (usePower)
  const tracked = useTrackerSnapshot(session.tracker);

  // the server's snapshots, read with its actions, name them (and are drawn again when they come)
  useCached(session.cache, serverSnapshotsKey(server));

  // the list as last read, with what the watcher knows since: progress of those in flight, and work started
  // since the last read (a power-off from a script shows here as it starts, not at the next read)
  const actions: ActionLine[] = useMemo(() => {
    const live = new Map(tracked.inFlight.map((t) => [t.id, t]));
    const lines: ActionLine[] = (listed.data ?? []).map((a: Action) => {
      const t = live.get(a.id);
      return { id: a.id, type: a.type, resource: a.resource, resourceType: a.resourceType, status: t ? t.status : trackedStatus(a.status), progress: t ? t.progress : a.progress, at: a.createdAt };
    });
    const known = new Set(lines.map((l) => l.id));
    for (const t of tracked.inFlight) {
      if (known.has(t.id) || !touchesServer(t.resource, server)) continue;
      lines.push({ id: t.id, type: t.type, resource: t.resource, resourceType: t.resourceType, status: t.status, progress: t.progress, at: t.startedAt ? new Date(t.startedAt) : null });
    }
    // those in flight first, then by when they started (an id says nothing of time across kinds of work)
    const rank = (l: ActionLine) => (l.status === 'in-progress' ? 1 : 0);
    return lines.sort((a, b) => rank(b) - rank(a) || (b.at?.getTime() ?? 0) - (a.at?.getTime() ?? 0) || b.id - a.id);
  }, [listed.data, tracked.inFlight, server]);

  // the rule and its space on the left, a column kept free on the right (as the record keeps one)
  const inner = Math.max(20, width - 3);
  const spark = Math.max(4, inner - LABEL - 1 - VALUE - 1);
  const answer = hour.data;
  // once per answer and width: the watcher's ticks while work runs redraw the actions, not the series
  const { off } = props;
  const metricLines = useMemo(
    () =>
      answer
        ? metricSeries(answer.metrics).map((s) => {
            const stats = seriesStats(s.points);
            return {
              label: s.label,
              graph: gappedSparkline(timeColumns(s.points, answer.start, answer.end, spark), s.max),
              value: off ? 'off' : stats ? s.format(stats.last) : 'no data',
            };
          })
        : [],
    [answer, spark, off],
  );
  // the title, five series, a blank line, the actions' title: what is left is the actions'
  const actionRows = Math.max(0, height - 8);
  const rows: ReactNode[] = [
    <Text key="hour" wrap="truncate">
      <Text color={color('accent')}>Last hour</Text>
      <Text color={color('dim')}>{answer ? `  ${formatDate(new Date(answer.start)).slice(11)} → ${formatDate(new Date(answer.end)).slice(11)} UTC · 2 Metrics for the charts` : ''}</Text>
    </Text>,
    ...(answer
      ? metricLines.map((m) => (
          <Text key={m.label} wrap="truncate">
            <Text color={color('dim')}>{padEnd(m.label, LABEL)}</Text> {m.graph} {padStart(m.value, VALUE)}
          </Text>
        ))
      : [
          <Text key="hour-state" color={hour.error ? color('error') : color('dim')} wrap="truncate">
            {hour.error ? truncate(`✗ ${hour.error}`, inner) : 'loading…'}
          </Text>,
        ]),
    <Text key="gap"> </Text>,
    <Text key="actions" wrap="truncate">
      <Text color={color('accent')}>Recent actions</Text>
      <Text color={color('dim')}> (UTC)</Text>
      <Text color={color('dim')}>{actions.length > actionRows && actionRows > 0 ? `  ${actionRows} of ${actions.length} · 5 Actions for all` : '  5 Actions for all'}</Text>
    </Text>,
    ...(listed.data === undefined
      ? [
          <Text key="actions-state" color={listed.error ? color('error') : color('dim')} wrap="truncate">
            {listed.error ? truncate(`✗ ${listed.error}`, inner) : 'loading…'}
          </Text>,
        ]
      : actions.length === 0
        ? [
            <Text key="none" color={color('dim')}>
              no actions on this server
            </Text>,
          ]
        : actions.slice(0, actionRows).map((a) => {
            const what = onServer(a);
            return (
              <Text key={a.id} wrap="truncate">
                {padStart(String(a.id), ACTION_ID)} {padEnd(a.type, ACTION_TYPE)} <Text color={color(actionRole(a))}>{padEnd(statusText(a), ACTION_STATUS)}</Text>{' '}
                <Text color={color('dim')}>{padEnd(a.at ? formatDate(a.at).slice(5) : '—', ACTION_TIME)}</Text>
                {what === '' ? '' : `  ${truncate(what, Math.max(0, inner - ACTION_FIXED - 2))}`}
              </Text>
            );
          })),
  ];
  return (
    <Box flexDirection="column" width={width} height={height} borderStyle="single" borderTop={false} borderRight={false} borderBottom={false} borderColor={color('dim')} paddingLeft={1}>
      {/* a short screen (a dialog over the Overview): what fits, from the top; the Metrics and Actions tabs have the rest */}
      {rows.slice(0, Math.max(0, height))}
    </Box>
  );
}
