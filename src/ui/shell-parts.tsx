// The parts of the app shell that draw without owning its state: which view an entry of the screen stack shows,
// the record view of a row, the header with its counts, and the action panel. Kept apart from app.tsx, which holds the shell's state, keys and routing.
import { lazy, memo, useMemo, type ReactNode } from 'react';
import { Box, Text } from 'ink';
import type { Profile, ProfileStore } from '../config/profiles.js';
import type { ConnectOptions } from '../session/session.js';
import { SPECS, TABBED } from './registry.js';
import { ResourceView } from './resource/ResourceView.js';
import { PagerScreen } from './resource/PagerView.js';
import { TabbedView } from './resource/TabbedView.js';
import { safe } from './text.js';
import { color } from './theme.js';
import type { Server } from '../api/index.js';
import type { Session } from '../session/session.js';
import type { ActionTracker } from '../watch/tracker.js';
import { ActionPanel, Footer, Header, useUtcClock } from './components/Frame.js';
import { ScreenTitle, useIdleKeys, useScreenControl, useSelection, type ScreenEntry, type ScreenProps } from './hooks/screen.js';
import { panelRows, useCached, useTrackerSnapshot } from './hooks/useTracker.js';
import { reclaimBadge, reclaiming, useSecondTick } from './hooks/useSpotReclaims.js';
import { RecordView } from './resource/RecordView.js';
import { SERVERS_CACHE_KEY } from './screens/servers.js';
import { useTerminalHandoff } from './terminal-handoff.js';
import { useBurn } from './hooks/useCosts.js';

/** Who and where the header names while the session is still connecting. */
export interface PendingConnection {
  profile: string;
  endpoint: string;
  local: boolean;
}

// Screens other than the lists are loaded when first shown: the first frame does not wait for them.
const ServerDetailScreen = lazy(() => import('./screens/server-detail.js').then((m) => ({ default: m.ServerDetailScreen })));
const ProfilesScreen = lazy(() => import('./screens/profiles.js').then((m) => ({ default: m.ProfilesScreen })));

/** a record view's keys that do nothing there: no order, nothing to open, nothing to load again */
const RECORD_IDLE = ['sortNext', 'sortReverse', 'sortPick', 'open', 'refresh'];

export const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The record view of a row (⏎ on a list): its sections; `y` copies the record's identifier. */
export function RecordScreen(props: ScreenProps): ReactNode {
  const { entry, width, height, nav } = props;
  const { selected, onSelect } = useSelection(entry);
  const { copy } = useTerminalHandoff();
  useIdleKeys(nav, `record:${entry.id}`, RECORD_IDLE);
  useScreenControl(props.control, {
    sortColumns: [],
    handle: (id) => {
      if (id !== 'copy' || !entry.params.copyId) return false;
      copy(entry.params.copyId);
      nav.report('info', `Copied ${entry.params.copyId} to the clipboard.`);
      return true;
    },
  });
  return (
    <Box flexDirection="column" width={width} height={height}>
      <ScreenTitle title={entry.title} width={width} view={entry.view} filterEditor={props.filterEditor} sortColumns={[]} />
      <RecordView sections={entry.params.sections ?? []} width={width} height={height - 1} active={props.active} filter={entry.view.filter} selected={selected} onSelect={onSelect} emptyText="no fields" />
    </Box>
  );
}

export const MemoFooter = memo(Footer);

export const HeaderBar = memo(function HeaderBar(props: { session: Session | null; pending?: PendingConnection; width: number; readOnly: boolean; failed: number }): ReactNode {
  const { session, pending } = props;
  const snapshot = useTrackerSnapshot(session?.tracker);
  const servers = useCached<Server[]>(session?.cache, SERVERS_CACHE_KEY);
  // the service's time, as everything it dates (the emulator's clock runs 20× in the demo)
  const serviceNow = useMemo(() => (session ? () => session.client.serviceNow() : undefined), [session]);
  const now = useUtcClock(true, serviceNow);
  // a spot server under a reclaim notice: the first thing in the header, counting down by the service's clock
  // once per list, not per clock tick or tracker poll: the list may hold 10,000 servers
  const dying = useMemo(() => reclaiming(servers), [servers]);
  useSecondTick(dying.length > 0);
  const badge = session ? reclaimBadge(dying, session.client.serviceNow().getTime()) : '';
  // what the account burns per hour: kept beside the clock when the counts give way (tui.md, Costs)
  const burn = useBurn(session, servers);
  const counts: string[] = [];
  if (servers) counts.push(plural(servers.length, 'server'));
  if (session) counts.push(plural(snapshot.inFlight.length, 'running action'));
  if (props.failed > 0) counts.push(`${props.failed} failed`);
  return (
    <Header
      width={props.width}
      profile={session?.profile ?? pending?.profile ?? '…'}
      endpoint={session?.endpoint ?? pending?.endpoint ?? 'connecting…'}
      local={session?.local ?? pending?.local}
      readOnly={props.readOnly}
      counts={counts}
      alert={[badge, burn].filter(Boolean).join(' · ') || undefined}
      now={now}
    />
  );
});

/**
 * `├ Actions ───┤` and one line per action inside the frame's sides: what runs with bar, percent and time
 * left; what just finished with ✓; what failed with ✗ in red, until `X` dismisses it.
 */
export const ActionArea = memo(function ActionArea(props: { tracker: ActionTracker | null; rows: ReturnType<typeof panelRows>; width: number; lines: number }): ReactNode {
  const snapshot = useTrackerSnapshot(props.tracker);
  const W = props.width;
  return <ActionPanel actions={props.rows} width={W} height={props.lines} error={snapshot.error} sides />;
});

export interface ScreenExtras {
  profiles?: () => ProfileStore;
  switchTo(profile: Profile): Promise<void>;
  connectOptions?: ConnectOptions;
}

export function renderScreen(entry: ScreenEntry, common: ScreenProps, extras: ScreenExtras): ReactNode {
  switch (entry.screen) {
    case 'server':
      return <ServerDetailScreen key={entry.id} {...common} name={entry.params.server ?? ''} />;
    case 'record':
      return <RecordScreen key={entry.id} {...common} />;
    case 'pager':
      return <PagerScreen key={entry.id} {...common} />;
    case 'profiles':
      return <ProfilesScreen key={entry.id} {...common} store={extras.profiles} onSwitch={extras.switchTo} connectOptions={extras.connectOptions} />;
    default: {
      const tabbed = TABBED[entry.screen];
      if (tabbed) return <TabbedView key={entry.id} {...common} spec={tabbed} />;
      const spec = SPECS[entry.screen];
      if (!spec) return <Text color={color('error')}> no screen named {safe(entry.screen)}</Text>;
      return <ResourceView key={entry.id} {...common} spec={spec} params={{}} />;
    }
  }
}
