// The dashboard's side of the notifier (notify/notifier.ts): the session's notifier writes to Ink's own
// stdout, under the settings of the session's profile, and names resources as the action panel does.
import { useEffect } from 'react';
import { useStdout } from 'ink';
import { resolveSettings } from '../config/settings.js';
import type { Session } from '../session/session.js';
import { actionLabel } from '../ui/hooks/useActionNames.js';

export function useNotify(session: Session | null | undefined): void {
  const { stdout } = useStdout();
  useEffect(() => {
    const notifier = session?.notifier;
    if (!session || !notifier) return;
    return notifier.attach({
      write: (text) => void stdout.write(text),
      // the profile's notify settings came with the session (read with its entry at start), under the environment
      settings: () => resolveSettings(session.settings, process.env).notify,
      tmux: () => (process.env.TMUX ?? '') !== '',
      name: (a) => actionLabel(session.cache, a),
    });
  }, [session, stdout]);
}
