// A spot server the service reclaims gets two minutes' notice (`terminating`, with `terminate_at`), then is
// deleted. The dashboard shows it: a badge in the header with a live countdown, the row's status counting
// down, and a message once the server is gone.
import { useEffect, useRef, useState } from 'react';
import type { Server } from '../../api/index.js';
import { SERVERS_CACHE_KEY } from '../../session/cache.js';
import type { Session } from '../../session/session.js';
import { countdown } from '../format.js';
import { useCached } from './useTracker.js';

/** Servers under a reclaim notice, the soonest first. */
export function reclaiming(servers: readonly Server[] | undefined): Server[] {
  return (servers ?? [])
    .filter((s) => s.spot?.status === 'terminating' && s.spot.terminateAt !== null)
    .sort((a, b) => a.spot!.terminateAt!.getTime() - b.spot!.terminateAt!.getTime());
}

/** `⚠ inference-l4 terminates in 1:43` (and `+1 more`); empty when none. */
export function reclaimBadge(dying: readonly Server[], nowMs: number): string {
  const first = dying[0];
  if (!first) return '';
  const left = countdown((first.spot!.terminateAt!.getTime() - nowMs) / 1000);
  return `⚠ ${first.notes || first.name} terminates in ${left}${dying.length > 1 ? ` +${dying.length - 1} more` : ''}`;
}

/** A number that changes every second while `enabled`, for countdowns; no timer otherwise. */
export function useSecondTick(enabled: boolean): number {
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (!enabled) return;
    const timer = setInterval(() => setTick((n) => n + 1), 1000);
    timer.unref?.();
    return () => clearInterval(timer);
  }, [enabled]);
  return tick;
}

/** Calls `gone(server)` once for each server that was under a reclaim notice and has left the list. */
function useReclaimedGone(servers: readonly Server[] | undefined, gone: (server: Server) => void): void {
  const watched = useRef(new Map<string, Server>());
  const latest = useRef(gone);
  latest.current = gone;
  useEffect(() => {
    if (!servers) return;
    const present = new Map(servers.map((s) => [s.name, s]));
    for (const [name, s] of watched.current) {
      const now = present.get(name);
      if (!now || now.spot?.status === 'terminated') {
        watched.current.delete(name);
        latest.current(s);
      }
    }
    for (const s of reclaiming(servers)) watched.current.set(s.name, s);
  }, [servers]);
}

/** The status line's word for a reclaimed spot server, wherever the user is: the servers' own side effect. */
export function useReclaimNotices(session: Session | null, report: (kind: 'error', text: string) => void): void {
  const servers = useCached<Server[]>(session?.cache, SERVERS_CACHE_KEY);
  useReclaimedGone(servers, (s) => report('error', `${s.notes || s.name} (${s.name}) was reclaimed by the service: spot servers go when their capacity is needed`));
}
