// A screen of tabs over shared parameters (billing: three reports of one month). Each tab is a whole
// resource spec shown by the one browser (ResourceView); this view only keeps which tab and which
// parameters, draws the tab bar with the parameters after it, and passes every other key to the tab shown.
// The tab's key scope is the screen's `tabScope`, so the footer, `?` and key routing follow the tab.

import { useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Box, Text } from 'ink';
import { char, type ScreenBinding } from '../keymap.js';
import { useScreenControl, type ScreenControl, type ScreenProps } from '../hooks/screen.js';
import { displayWidth, truncate } from '../text.js';
import { color } from '../theme.js';
import { ResourceView } from './ResourceView.js';
import type { Ctx, Params, TabbedSpec } from './spec.js';
import { TabBar, stepTab } from './Tabs.js';

/** The keys of a tabbed screen itself; each tab's own keys are registered under the tab spec's name. */
export function tabbedBindings<P extends Params>(spec: TabbedSpec<P>): ScreenBinding[] {
  return [
    { id: 'tabs.next', keys: ['Tab', '→'], match: (_i, k) => (k.tab === true && !k.shift) || k.rightArrow === true, description: 'next report', hint: 'tab', rank: 29 },
    { id: 'tabs.prev', keys: ['Shift+Tab', '←'], match: (_i, k) => (k.tab === true && k.shift === true) || k.leftArrow === true, description: 'previous report', rank: 29 },
    { id: 'tabs.go', keys: ['1…9'], match: char('1', '2', '3', '4', '5', '6', '7', '8', '9'), description: 'go to the tab of that number', rank: 60 },
    ...(spec.steps ?? []).map((s) => ({ id: s.id, keys: [...s.keys], match: s.match, description: s.description, hint: s.hint, rank: s.rank ?? 27 })),
  ];
}

export function TabbedView<P extends Params>(props: ScreenProps & { spec: TabbedSpec<P> }): ReactNode {
  const { spec, entry, nav, session, width, height } = props;
  const ctx: Ctx = useMemo(() => ({ session, client: session.client, params: {}, readOnly: props.readOnly }), [session, props.readOnly]);
  const [params, setParams] = useState<P>(() => (entry.memo.params as P | undefined) ?? spec.initial(ctx));
  const [tab, setTab] = useState(() => Math.min(entry.memo.tab, spec.tabs.length - 1));
  const now = useRef({ tab, params });
  // key routing reads the scope from the entry as soon as this view exists, before any commit
  entry.memo.tabScope = spec.tabs[now.current.tab]?.spec.name;
  entry.memo.params = now.current.params;
  // the footer was drawn before the tab's scope was known: draw it again
  useLayoutEffect(() => nav.touch(), [nav]);

  const selectTab = (i: number) => {
    if (i === now.current.tab || i < 0 || i >= spec.tabs.length) return;
    now.current = { ...now.current, tab: i };
    entry.memo.tab = i;
    entry.memo.tabScope = spec.tabs[i].spec.name;
    entry.memo.selected = null;
    entry.view = { filter: '', sort: null };
    setTab(i);
    nav.touch();
  };

  const inner = useRef<ScreenControl | null>(null);
  useScreenControl(props.control, {
    sortColumns: inner.current?.sortColumns ?? [],
    defaultSort: inner.current?.defaultSort ?? null,
    handle: (id, input) => {
      if (id === 'tabs.next' || id === 'tabs.prev') {
        selectTab(stepTab(now.current.tab, id === 'tabs.next' ? 1 : -1, spec.tabs.length));
        return true;
      }
      if (id === 'tabs.go') {
        selectTab(Number(input) - 1);
        return true;
      }
      const step = spec.steps?.find((s) => s.id === id);
      if (step) {
        const next = step.apply(now.current.params);
        now.current = { ...now.current, params: next };
        entry.memo.params = next;
        entry.memo.selected = null;
        setParams(next);
        return true;
      }
      return inner.current?.handle?.(id, input) ?? false;
    },
    refresh: () => inner.current?.refresh?.(),
  });

  const current = spec.tabs[tab];
  const described = spec.describe ? ` ${spec.describe(params)} ` : '';
  const room = Math.max(0, width - displayWidth(described));
  return (
    <Box flexDirection="column" width={width} height={height}>
      <Box width={width} height={1}>
        <TabBar tabs={spec.tabs} current={tab} width={room} />
        {described ? <Text color={color('accent')}>{truncate(described, width - room)}</Text> : null}
      </Box>
      <ResourceView
        key={`${current.spec.name}:${JSON.stringify(params)}`}
        {...props}
        spec={current.spec}
        params={params}
        height={Math.max(3, height - 1)}
        control={inner}
      />
    </Box>
  );
}
