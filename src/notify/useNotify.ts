// The dashboard's side of the notifier (notify/notifier.ts): the session's notifier writes to Ink's own
// stdout, under the settings of the session's profile, and names resources as the action panel does.
import { useEffect } from 'react';
import { useStdout } from 'ink';
import { loadSettings, settingsFor } from '../config/settings-load.js';
import type { Session } from '../session/session.js';
import { actionLabel } from '../ui/hooks/useActionNames.js';

export function useNotify(session: Session | null | undefined): void {
  const { stdout } = useStdout();
  useEffect(() => {
    const notifier = session?.notifier;
    if (!session || !notifier) return;
    // the profile's notify settings, read from its file once the dashboard is up (until then: env, defaults)
    void loadSettings(session.profile).catch(() => {});
    return notifier.attach({
      write: (text) => void stdout.write(text),
      settings: () => settingsFor(session.profile).notify,
      tmux: () => (process.env.TMUX ?? '') !== '',
      name: (a) => actionLabel(session.cache, a),
    });
  }, [session, stdout]);
}
