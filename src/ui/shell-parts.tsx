// The parts of the app shell that draw without owning its state: the header with its counts, the action
// panel and the footer. The shell's state, keys and layout are app.tsx's and shell/'s.
import { memo, useMemo, type ReactNode } from 'react';
import type { Server } from '../api/index.js';
import { SERVERS_CACHE_KEY } from '../session/cache.js';
import type { Session } from '../session/session.js';
import type { ActionTracker } from '../watch/tracker.js';
import { ActionPanel, Footer, Header, useUtcClock } from './components/Frame.js';
import { panelRows, useCached, useTrackerSnapshot } from './hooks/useTracker.js';
import { reclaimBadge, reclaiming, useSecondTick } from './hooks/useSpotReclaims.js';
import { useBurn } from './hooks/useCosts.js';

/** Who and where the header names while the session is still connecting. */
export interface PendingConnection {
  profile: string;
  endpoint: string;
  local: boolean;
}

export const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

export const MemoFooter = memo(Footer);

export const HeaderBar = memo(function HeaderBar(props: { session: Session | null; pending?: PendingConnection; width: number; readOnly: boolean; failed: number; running: number | null }): ReactNode {
  const { session, pending } = props;
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
  // null: the account's actions could not be read, and `0 running` would be a guess
  if (session) counts.push(props.running === null ? 'running actions unknown' : plural(props.running, 'running action'));
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
