// A tab bar (gemini-cli's TabHeader): the tabs in order, the current one highlighted, their numbers for
// `1`-`9`, and how to move. A detail view draws it under its title and chooses what each tab shows.

import type { ReactNode } from 'react';
import { Box, Text } from 'ink';
import { displayWidth } from '../text.js';
import { color } from '../theme.js';

export interface Tab {
  id: string;
  title: string;
  /** written after the title: `Metrics 24h` */
  badge?: string;
}

/** The tab `n` steps away, wrapping around. */
export const stepTab = (current: number, n: number, count: number): number => (((current + n) % count) + count) % count;

const HINT = '   Tab/→ next  1-9 go';

export function TabBar(props: { tabs: readonly Tab[]; current: number; width: number }): ReactNode {
  const plain = color('accent') === undefined;
  // the keys are said only when they fit whole after the tabs (the footer and `?` say them too)
  const used = 1 + props.tabs.reduce((n, t, i) => n + (i > 0 ? 3 : 0) + 2 + displayWidth(`${i + 1} ${t.title}${t.badge ? ` ${t.badge}` : ''}`), 0);
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
              {i > 0 ? <Text color={color('dim')}> │ </Text> : null}
              <Text inverse={on && !plain} bold={on} color={on ? color('accent') : undefined}>
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
