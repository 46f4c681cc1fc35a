// `:`: what is typed (the completions follow it), what was typed before (↑ recalls it), and what ⏎ does.

import { useCallback, useRef, useState } from 'react';
import type { StatusKind } from '../hooks/screen.js';
import { COMMANDS } from '../registry.js';
import { didYouMean } from '../suggest.js';
import { truncate } from '../text.js';

const HISTORY = 50;

/** ` (did you mean 'servers'?)` for a slip in a screen's name or alias (`servrs`, `snpshots`), naming the screen. */
function meantScreen(typed: string): string {
  const screenOf = new Map(COMMANDS.flatMap((c) => [c.name, ...c.aliases].map((w) => [w, c.name] as const)));
  const screen = didYouMean(typed, [...screenOf.keys()], (w) => screenOf.get(w) ?? w);
  return screen === null ? '' : ` (did you mean '${screen}'?)`;
}

interface CommandLineState {
  typed: string;
  setTyped(value: string): void;
  history: string[];
  /** ⏎ on `value`, which names the screen `resolved` (or `quit`), or nothing known */
  submit(value: string, resolved: string | undefined): void;
}

export function useCommandLine(act: { go(screen: string): void; quit(): void; report(kind: StatusKind, text: string): void }): CommandLineState {
  const [typed, setTyped] = useState('');
  const history = useRef<string[]>([]);
  const latest = useRef(act);
  latest.current = act;
  const submit = useCallback((value: string, resolved: string | undefined) => {
    const h = history.current;
    if (value !== '' && h[h.length - 1] !== value) {
      h.push(value);
      if (h.length > HISTORY) h.shift();
    }
    if (resolved === 'quit') latest.current.quit();
    else if (resolved) latest.current.go(resolved);
    // the name quoted cut: a paragraph pasted into the line would leave no room for what to do
    else if (value !== '') latest.current.report('error', `no screen named '${truncate(value, 40)}'${meantScreen(value)}; Tab completes a name`);
  }, []);
  return { typed, setTyped, history: history.current, submit };
}
