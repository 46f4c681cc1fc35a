// The one tab mechanism of the dashboard (billing's reports, a server's detail): the tab shown is what the
// screen's stack entry keeps (`tab`), changed only through the shell's stack, so the key scopes of the tab
// (registry.tsx) follow it at once; its keys (Tab/→, Shift+Tab/←, 1-9) and the tab bar (gemini-cli's
// TabHeader): the tabs in order, the current one highlighted, their numbers, and how to move.

import { useRef, type ReactNode } from 'react';
import { Box, Text } from 'ink';
import type { Nav, ScreenEntry } from '../hooks/screen.js';
import { char, type OwnKeyId, type ScreenBinding } from '../keymap.js';
import { displayWidth } from '../text.js';
import { color } from '../theme.js';

export interface Tab {
  id: string;
  title: string;
  /** written after the title: `Metrics 24h` */
  badge?: string;
}

/** The tab `n` steps away, wrapping around. */
const stepTab = (current: number, n: number, count: number): number => (((current + n) % count) + count) % count;

/** The ids of a screen's tab keys (each screen names its own: `server.nextTab`, `tabs.next`). */
export interface TabKeyIds {
  next: OwnKeyId;
  prev: OwnKeyId;
  go: OwnKeyId;
}

/** The tab keys of a screen; `noun` says what a tab is there (`report`, `tab`). */
export function tabBindings(ids: TabKeyIds, noun: string): ScreenBinding[] {
  return [
    { id: ids.next, keys: ['Tab', '→'], match: (_i, k) => (k.tab === true && !k.shift) || k.rightArrow === true, description: `next ${noun}`, hint: 'tab', rank: 29 },
    { id: ids.prev, keys: ['Shift+Tab', '←'], match: (_i, k) => (k.tab === true && k.shift === true) || k.leftArrow === true, description: `previous ${noun}`, rank: 29 },
    { id: ids.go, keys: ['1…9'], match: char('1', '2', '3', '4', '5', '6', '7', '8', '9'), description: 'go to the tab of that number', rank: 60 },
  ];
}

interface Tabs {
  /** the tab shown */
  tab: number;
  /** the tab shown as the keys see it: a second key of one burst meets the tab the first chose */
  now(): number;
  select(i: number): void;
  /** a tab key: true when `id` was one */
  handle(id: string, input?: string): boolean;
}

/**
 * The tab of a stack entry and its keys. A new tab starts with no filter, order or selected row; `extra` is
 * kept with it (a tabbed screen's parameters stay).
 */
export function useTabs(entry: ScreenEntry, nav: Pick<Nav, 'keep'>, count: number, ids: TabKeyIds): Tabs {
  const tab = Math.max(0, Math.min(entry.state.tab ?? 0, count - 1));
  // as the keys see it: the shell draws each change at once, and the keys of one burst come before that
  const live = useRef(tab);
  live.current = tab;
  const select = (i: number): void => {
    if (i === live.current || i < 0 || i >= count) return;
    live.current = i;
    nav.keep(entry.id, { tab: i, selected: null, view: { filter: '', sort: null } });
  };
  return {
    tab,
    now: () => live.current,
    select,
    handle: (id, input) => {
      if (id === ids.next || id === ids.prev) {
        select(stepTab(live.current, id === ids.next ? 1 : -1, count));
        return true;
      }
      if (id === ids.go) {
        select(Number(input) - 1);
        return true;
      }
      return false;
    },
  };
}

const HINT = '   Tab/→ next  1-9 go';

export function TabBar(props: { tabs: readonly Tab[]; current: number; width: number }): ReactNode {
  const plain = color('accent') === undefined;
  // the keys are said only when they fit whole after the tabs (the footer and `?` say them too)
  const labels = props.tabs.reduce((n, t, i) => n + 2 + displayWidth(`${i + 1} ${t.title}${t.badge ? ` ${t.badge}` : ''}`), 0);
  const used = 1 + labels + 3 * Math.max(0, props.tabs.length - 1);
  // a narrow terminal gets one-cell separators before any tab is cut (the server's seven tabs at 80 columns)
  const sep = used <= props.width ? ' │ ' : '│';
  const hint = used + HINT.length <= props.width ? HINT : '';
  return (
    <Box width={props.width} height={1}>
      <Text wrap="truncate">
        {' '}
        {props.tabs.map((t, i) => {
          const on = i === props.current;
          const label = `${i + 1} ${t.title}${t.badge ? ` ${t.badge}` : ''}`;
          return (
            <Text key={t.id}>
              {i > 0 ? <Text color={color('dim')}>{sep}</Text> : null}
              <Text inverse={on && !plain} bold={on && !plain} color={on ? color('accent') : undefined}>
                {on && plain ? `[${label}]` : ` ${label} `}
              </Text>
            </Text>
          );
        })}
        {hint ? <Text color={color('dim')}>{hint}</Text> : null}
      </Text>
    </Box>
  );
}
