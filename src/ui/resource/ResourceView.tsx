// The generic browser every resource screen is (k9s's Browser): the spec's rows loaded and kept fresh, in
// the windowed table, filtered by `/` and sorted by `o` (its default order from the start), its dialogs
// above the rows, ⏎ to the record view (or wherever the spec opens), and its keys. A screen is this view
// with its title line; a tab of a detail view is the same without it.

import { useCallback, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { Box } from 'ink';
import { Table, sortRows } from '../components/Table.js';
import { ScreenTitle, useScreenControl, useSelection, type ScreenProps, type SortColumn } from '../hooks/screen.js';
import { useFilteredRows, useWarmSearch } from '../hooks/useFilter.js';
import { useResource } from '../hooks/useResource.js';
import type { Ctx, Params, ResourceSpec } from './spec.js';
import { useResourceActions } from './useResourceActions.js';

/** A screen's props (height: the view's rows, its title line when titled included), plus the spec shown. */
export interface ResourceViewProps<T, P extends Params> extends ScreenProps {
  spec: ResourceSpec<T, P>;
  params: P;
  /** false inside a detail view's tab, which has a title of its own */
  titled?: boolean;
}

const NO_ROWS: never[] = [];

/** Where a spec's rows are kept: the spec's own key, else its name and parameters. */
export function listCacheKey<T, P extends Params>(spec: ResourceSpec<T, P>, params: P): string {
  return spec.cacheKey?.(params) ?? `list:${spec.name}:${JSON.stringify(params)}`;
}

export function ResourceView<T extends object, P extends Params>(props: ResourceViewProps<T, P>): ReactNode {
  const { spec, params, session, nav, entry, width, height } = props;
  const ctx: Ctx<P> = useMemo(() => ({ session, client: session.client, params, readOnly: props.readOnly }), [session, params, props.readOnly]);
  const cacheKey = listCacheKey(spec, params);
  const res = useResource((signal) => spec.load(ctx, signal), {
    intervalMs: spec.live ? props.refreshMs : 0,
    cache: session.cache,
    cacheKey,
    deps: [cacheKey],
    onError: (message) => nav.report('error', message, cacheKey),
    onSuccess: () => nav.clear(cacheKey),
  });
  const { refresh } = res;

  useEffect(() => session.tracker.onFinished((a) => (!spec.touches || spec.touches(a, params) ? refresh() : undefined)), [session.tracker, spec, params, refresh]);

  const loaded = (res.data as T[] | undefined) ?? (NO_ROWS as T[]);
  // a spec's own hook, called on every render: the same spec is always given to one mounted view
  const rows = spec.useRows ? spec.useRows(loaded, ctx) : loaded;
  const live = spec.useLive ? spec.useLive(ctx) : undefined;
  const filter = entry.view.filter;
  const sort = entry.view.sort ?? spec.defaultSort ?? null;
  // Sorted first, filtered after (a filter keeps the order): a key typed into `/` never sorts 10,000 rows again.
  const sortColumn = sort ? spec.columns.find((c) => c.key === sort.column) : undefined;
  const descending = sort?.descending === true;
  const sorted = useMemo(() => (sortColumn ? sortRows(rows, sortColumn, descending) : rows), [rows, sortColumn, descending]);
  const visible = useFilteredRows(sorted, spec.columns, filter);
  useWarmSearch(sorted, spec.columns);

  const { selected, onSelect } = useSelection(entry);
  const latest = useRef({ rows, visible, selected });
  latest.current = { rows, visible, selected };

  const actions = useResourceActions<T>({ spec, ctx, nav, onDialog: props.onDialog, refresh, select: onSelect });

  /** The selected row if it is on screen: a row hidden by the filter is never acted on. */
  const current = (): T | undefined => {
    const { visible: shown, selected: key } = latest.current;
    return key === null ? undefined : shown.find((r) => spec.rowKey(r) === key);
  };

  const sortColumns: SortColumn[] = useMemo(() => spec.columns.map((c) => ({ key: c.key, header: c.header })), [spec]);
  useScreenControl(props.control, {
    sortColumns,
    defaultSort: spec.defaultSort ?? null,
    handle: (id) => actions.handle(id, current()),
    refresh,
  });

  const open = useCallback(
    (key: string) => {
      const row = latest.current.rows.find((r) => spec.rowKey(r) === key);
      if (row === undefined) return;
      if (spec.open && spec.open(row, nav, ctx) !== false) return;
      if (!spec.record) return;
      nav.push('record', { sections: spec.record(row, ctx), copyId: spec.copyId ? spec.copyId(row) : spec.rowKey(row) }, `${spec.singular} ${spec.label(row)}`);
    },
    [spec, nav, ctx],
  );

  const titled = props.titled !== false;
  const body = height - (titled ? 1 : 0);
  const wanted = actions.rows(width);
  const full = wanted === 'full';
  // a dialog gets what it asks, up to all but four rows of the list (it fits fewer by itself)
  const dialogRows = actions.dialog && !full ? Math.min(Math.max(3, body - 4), wanted as number) : 0;
  const title = typeof spec.title === 'function' ? spec.title(params) : spec.title;
  const failing = res.error !== null && res.data !== undefined ? '✗ not refreshed' : '';
  const matches = filter.trim() !== '' ? `${visible.length} of ${rows.length} match` : '';
  const note = res.loading && res.data === undefined ? 'loading…' : [failing, matches || (spec.note?.(rows) ?? '')].filter(Boolean).join('  ');
  const emptyText =
    res.data === undefined
      ? res.error
        ? 'could not be loaded'
        : 'loading…'
      : rows.length > 0
        ? `no rows match /${filter.trim()}`
        : (spec.empty ?? 'nothing here yet');
  return (
    <Box flexDirection="column" width={width} height={height}>
      {titled ? <ScreenTitle title={title} width={width} view={{ ...entry.view, sort }} filterEditor={props.filterEditor} sortColumns={sortColumns} note={note} /> : null}
      {full ? (
        actions.render(width, body)
      ) : (
        <>
          {actions.dialog ? actions.render(width, dialogRows) : null}
          <Table
            rows={visible}
            columns={spec.columns}
            rowKey={spec.rowKey}
            selectedKey={selected}
            onSelect={onSelect}
            onOpen={spec.open || spec.record ? open : undefined}
            height={Math.max(1, body - dialogRows - 2)}
            width={width}
            widthsFrom={rows}
            live={live}
            isActive={props.active && !actions.dialog}
            emptyText={emptyText}
          />
        </>
      )}
    </Box>
  );
}
