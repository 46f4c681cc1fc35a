// The session the shell shows: the caller's, until `:profiles` switches to another profile (a new session,
// closed here at the end); and at start and after a switch, every action still running is followed.

import { useCallback, useEffect, useRef, useState } from 'react';
import type { Profile } from '../../config/profiles.js';
import type { HistoryLog } from '../../history/log.js';
import { sessionForConnection, type ConnectOptions, type Session, type SessionInit } from '../../session/session.js';

interface SessionOptions {
  session: Session | null;
  connectOptions?: ConnectOptions;
  trackerOptions?: SessionInit['trackerOptions'];
  /** where a session made by a switch records its writes (unless its profile says not to) */
  history?: HistoryLog | null;
  onSessionChange?(session: Session): void;
  /** the new session is there: the shell starts again on its first screen */
  onSwitched(session: Session, profile: Profile): void;
}

export function useShellSession(opts: SessionOptions): { session: Session | null; switchTo(profile: Profile): Promise<void> } {
  const [switched, setSwitched] = useState<Session | null>(null);
  const session = switched ?? opts.session;
  const current = useRef(session);
  current.current = session;
  const latest = useRef(opts);
  latest.current = opts;

  // Sessions made here by switching profiles; the one from the props belongs to the caller.
  const made = useRef<Session[]>([]);
  useEffect(
    () => () => {
      for (const s of made.current) void s.close();
    },
    [],
  );

  const { connectOptions, trackerOptions, history } = opts;
  const switchTo = useCallback(
    async (profile: Profile): Promise<void> => {
      const next = await sessionForConnection(
        {
          source: 'profile',
          endpoint: profile.endpoint,
          auth: profile.credential ?? { kind: 'none' },
          profileName: profile.name,
          ...(profile.history === false ? { history: false } : {}),
          // the entry's ssh and notify settings go with the session, as at start (config/connection.ts)
          ...(profile.settings ? { settings: profile.settings } : {}),
        },
        { connect: connectOptions, trackerOptions, history },
      );
      // the old connection stops polling at once; its lists are not carried over
      current.current?.tracker.stop();
      made.current.push(next);
      latest.current.onSessionChange?.(next);
      setSwitched(next);
      latest.current.onSwitched(next, profile);
    },
    [connectOptions, trackerOptions, history],
  );

  // At start (and after a switch): every action still running is followed, whichever client started it.
  // A failure is said in the action panel (the tracker's error), not again on the status line: when the
  // service cannot be reached, the screen's own list says so already.
  useEffect(() => {
    session?.followRunning().catch(() => {});
  }, [session]);

  return { session, switchTo };
}
