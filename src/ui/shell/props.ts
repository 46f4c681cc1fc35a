// What the app is given (boot/main.ts, the tests' harness).

import type { ProfileStore } from '../../config/profiles.js';
import type { HistoryLog } from '../../history/log.js';
import type { ConnectOptions, Session, SessionInit } from '../../session/session.js';
import type { PendingConnection } from '../shell-parts.js';

export const DEFAULT_REFRESH_MS = 5000;

export interface AppProps {
  /** null while connecting: the frame is drawn at once and the screens come when the session does */
  session: Session | null;
  /** what the body says while `session` is null */
  connecting?: string;
  /** who and where the header names while `session` is null */
  pending?: PendingConnection;
  readOnly?: boolean;
  /** fixed size (tests); otherwise the terminal's, following resizes */
  width?: number;
  height?: number;
  /** the profile store, opened on first use of `:profiles` */
  profiles?: () => ProfileStore;
  /** for clients made by `:profiles` (switch, add): tests pass the emulator's fetch here */
  connectOptions?: ConnectOptions;
  trackerOptions?: SessionInit['trackerOptions'];
  /** list refresh interval while a list is shown */
  refreshMs?: number;
  /** how long the status line keeps an error and a message (tests shorten them); default 10 s and 6 s */
  statusMs?: { error: number; info: number };
  /** a profile switch made a new session; the caller closes it at the end */
  onSessionChange?(session: Session): void;
  /** Ctrl+Z: give the terminal back and stop (job control); absent, Ctrl+Z does nothing */
  onSuspend?(): void;
  /** where a session made by a profile switch records its writes; absent: not recorded */
  history?: HistoryLog | null;
}
