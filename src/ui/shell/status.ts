// The status line's state: one message at a time, an information line for six seconds and an error for ten
// (or until the next key); `source` lets a later success clear exactly its own error.

import { useCallback, useEffect, useRef, useState } from 'react';
import type { StatusKind } from '../hooks/screen.js';
import { errorText } from '../hooks/useResource.js';
import type { KeyDispatcher } from '../keys.js';

const INFO_MS = 6000;
const ERROR_MS = 10_000;

export interface Status {
  kind: StatusKind;
  text: string;
  source?: string;
  /** the actions this line speaks of (`Powering off web-2…`): when they end, the line says so */
  actions?: readonly number[];
}

interface StatusLine {
  status: Status | null;
  report(kind: StatusKind, text: string, source?: string, actions?: readonly number[]): void;
  /** what is on the line now, ahead of the re-render */
  showing(): Status | null;
  /** clears the line if `source` said what is on it */
  clear(source: string): void;
  clearNow(): void;
}

export function useStatusLine(dispatcher: KeyDispatcher, ms?: { error: number; info: number }): StatusLine {
  const [status, setStatus] = useState<Status | null>(null);
  // what is on the line now, ahead of the re-render
  const shown = useRef<Status | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const durations = useRef(ms);

  const clearNow = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (shown.current === null) return;
    shown.current = null;
    setStatus(null);
  }, []);

  const report = useCallback((kind: StatusKind, text: string, source?: string, actions?: readonly number[]) => {
    if (timer.current) clearTimeout(timer.current);
    const next: Status = actions?.length ? { kind, text, source, actions } : { kind, text, source };
    shown.current = next;
    setStatus(next);
    timer.current = setTimeout(
      () => {
        timer.current = null;
        if (shown.current === next) {
          shown.current = null;
          setStatus(null);
        }
      },
      kind === 'error' ? (durations.current?.error ?? ERROR_MS) : (durations.current?.info ?? INFO_MS),
    );
    timer.current.unref?.();
  }, []);

  const clear = useCallback(
    (source: string) => {
      if (shown.current?.source === source) clearNow();
    },
    [clearNow],
  );

  // An error stays until the next key (or its ten seconds): the key that comes after it has been read.
  useEffect(() => {
    dispatcher.onKey = () => {
      if (shown.current?.kind === 'error') clearNow();
    };
    // a key whose handler throws (a bug) says so on the status line; the dashboard and its work go on
    dispatcher.onError = (err) => report('error', `that key failed: ${errorText(err).split('\n')[0]}`);
    // a paste is text, never keys (ui/keys.tsx): with no field open it is dropped, and that is said
    dispatcher.onPasteRefused = () => report('info', 'a paste goes only into a text field: nothing was done');
    return () => {
      dispatcher.onKey = null;
      dispatcher.onError = null;
      dispatcher.onPasteRefused = null;
    };
  }, [dispatcher, clearNow, report]);
  useEffect(() => () => clearNow(), [clearNow]);
  const showing = useCallback(() => shown.current, []);

  return { status, report, showing, clear, clearNow };
}
