// A screen of tabs over shared parameters (billing: three reports of one month). Each tab is a whole
// resource spec shown by the one browser (ResourceView); this view only keeps which tab and which
// parameters, draws the tab bar with the parameters after it, and passes every other key to the tab shown.
// The tab's key scope is the screen's `tabScope`, so the footer, `?` and key routing follow the tab.

import { useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Box, Text } from 'ink';
import type { ScreenBinding } from '../keymap.js';
import { useScreenControl, type ScreenControl, type ScreenProps } from '../hooks/screen.js';
import { displayWidth, truncate } from '../text.js';
import { color } from '../theme.js';
import { ResourceView } from './ResourceView.js';
import type { Ctx, Params, TabbedSpec } from './spec.js';
import { TabBar, tabBindings, useTabs, type TabKeyIds } from './Tabs.js';

const TAB_IDS: TabKeyIds = { next: 'tabs.next', prev: 'tabs.prev', go: 'tabs.go' };

/** The keys of a tabbed screen itself; each tab's own keys are registered under the tab spec's name. */
export function tabbedBindings<P extends Params>(spec: TabbedSpec<P>): ScreenBinding[] {
  return [
    ...tabBindings(TAB_IDS, 'report'),
    ...(spec.steps ?? []).map((s) => ({ id: s.id, keys: [...s.keys], match: s.match, description: s.description, hint: s.hint, rank: s.rank ?? 27 })),
  ];
}

export function TabbedView<P extends Params>(props: ScreenProps & { spec: TabbedSpec<P> }): ReactNode {
  const { spec, entry, nav, session, width, height } = props;
  const ctx: Ctx = useMemo(() => ({ session, client: session.client, params: {}, readOnly: props.readOnly }), [session, props.readOnly]);
  // the view is mounted per entry (keyed by its id): the parameters it opens on are chosen once
  const [first] = useState(() => (entry.state.params as P | undefined) ?? spec.initial(ctx));
  const params = (entry.state.params as P | undefined) ?? first;
  // as the keys see them: a second `]` of one burst steps from the month the first chose
  const paramsNow = useRef(params);
  paramsNow.current = params;
  // the parameters shown first are kept too: back from a record view, the same month is shown
  useLayoutEffect(() => {
    if (entry.state.params === undefined) nav.keep(entry.id, { params: first });
  }, [nav, entry.id, entry.state.params, first]);
  const tabs = useTabs(entry, nav, spec.tabs.length, TAB_IDS);
  const tab = tabs.tab;

  const inner = useRef<ScreenControl | null>(null);
  useScreenControl(props.control, {
    sortColumns: inner.current?.sortColumns ?? [],
    defaultSort: inner.current?.defaultSort ?? null,
    handle: (id, input) => {
      if (tabs.handle(id, input)) return true;
      const step = spec.steps?.find((s) => s.id === id);
      if (step) {
        const next = step.apply(paramsNow.current);
        paramsNow.current = next;
        nav.keep(entry.id, { params: next, selected: null });
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
