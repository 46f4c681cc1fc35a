// The generic browser every resource screen is (k9s's Browser): the spec's rows loaded and kept fresh, in
// the windowed table, filtered by `/` and sorted by `o` (its default order from the start), its dialogs
// above the rows, ⏎ to the record view (or wherever the spec opens), and its keys. A screen is this view
// with its title line; a tab of a detail view is the same without it.

import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Box } from 'ink';
import { Table, indexNear, noRowsMatch, quotedSearch, sortRows } from '../components/Table.js';
import { ScreenTitle, useIdleKeys, useScreenControl, useSelection, type ScreenProps, type SortColumn } from '../hooks/screen.js';
import { useFilteredRows, useWarmSearch } from '../hooks/useFilter.js';
import { useResource } from '../hooks/useResource.js';
import type { Ctx, Params, ResourceSpec } from './spec.js';
import { HoldKeys } from '../keys.js';
import { idleKeys, useResourceActions } from './useResourceActions.js';
import { usePaged } from './usePaged.js';
import { useMarks } from './marks.js';
import { bulkConfirm, bulkFor, planBulk, skippedText } from './bulk.js';
import type { BulkSpec } from './spec.js';

/** A screen's props (height: the view's rows, its title line when titled included), plus the spec shown. */
interface ResourceViewProps<T, P extends Params> extends ScreenProps {
  spec: ResourceSpec<T, P>;
  params: P;
  /** false inside a detail view's tab, which has a title of its own */
  titled?: boolean;
}

const NO_ROWS: never[] = [];
const NO_SORT: SortColumn[] = [];
/**
 * A live list's reload waits this long per row it holds, when that is longer than the refresh interval: a
 * list of 10,000 servers (6 MB from the service each time) comes every 50 s. What changes it is still seen at
 * once: the watcher follows every action of the account, and a list reloads when one that touches it ends.
 */
const RELOAD_PER_ROW_MS = 5;

/** how often a followed list asks for its first page again (at most: a shorter refresh interval wins) */
const FOLLOW_MS = 2000;

/** Where a spec's rows are kept: the spec's own key, else its name and parameters. */
function listCacheKey<T, P extends Params>(spec: ResourceSpec<T, P>, params: P): string {
  return spec.cacheKey?.(params) ?? `list:${spec.name}:${JSON.stringify(params)}`;
}

export function ResourceView<T extends object, P extends Params>(props: ResourceViewProps<T, P>): ReactNode {
  const { spec, params, session, nav, entry, width, height } = props;
  const ctx: Ctx<P> = useMemo(() => ({ session, client: session.client, params, readOnly: props.readOnly }), [session, params, props.readOnly]);
  const cacheKey = listCacheKey(spec, params);
  const paged = spec.paged;
  // A refusal with no rows to show is drawn where the rows would be (`could not be loaded: …`); the status
  // line says it only when rows are on screen (a refresh that failed), so the one error is not printed twice.
  const hasRows = useRef(false);
  const onError = (message: string) => (hasRows.current ? nav.report('error', message, cacheKey) : nav.clear(cacheKey));
  const res = useResource((signal) => spec.load(ctx, signal), {
    enabled: paged === undefined,
    intervalMs: spec.live ? props.refreshMs : 0,
    perRowMs: RELOAD_PER_ROW_MS,
    cache: session.cache,
    cacheKey,
    deps: [cacheKey],
    onError,
    onSuccess: () => nav.clear(cacheKey),
  });

  // A paged list sends `/` to the service as its search, once ⏎ ends the typing (not at every letter).
  const filter = entry.view.filter;
  const searched = useRef('');
  if (paged && !props.filterEditor) searched.current = filter.trim();
  const [following, setFollowing] = useState(entry.state.following === true);
  const { selected, onSelect } = useSelection(entry, nav);
  const pages = usePaged(paged, ctx, {
    search: searched.current,
    keyOf: spec.rowKey,
    follow: following,
    followMs: Math.min(FOLLOW_MS, props.refreshMs),
    onError,
    onSuccess: () => nav.clear(cacheKey),
    onNew: (added) => {
      // following keeps the cursor on the newest row when it was there (tail -f)
      const { visible: shown, selected: key } = latest.current;
      if (added[0] !== undefined && (key === null || shown[0] === undefined || spec.rowKey(shown[0]) === key)) onSelect(spec.rowKey(added[0]));
    },
  });
  const refresh = paged ? pages.refresh : res.refresh;
  const data = paged ? pages.rows : res.data;
  hasRows.current = data !== undefined;
  const error = paged ? pages.error : res.error;
  const loading = paged ? pages.loading : res.loading;

  // a screen of live data has the watcher look for new work on the account while nothing is in flight
  useEffect(() => (spec.live ? session.tracker.watch() : undefined), [session.tracker, spec.live]);
  // an action ended (the watcher sees every one of the account): a list is loaded again; a paged one gets its
  // first page's new rows on top, and keeps the pages the cursor has brought in
  const reload = paged ? pages.top : res.refresh;
  useEffect(() => session.tracker.onFinished((a) => (!spec.touches || spec.touches(a, params) ? reload() : undefined)), [session.tracker, spec, params, reload]);

  const loaded = (data) ?? (NO_ROWS);
  // a spec's own hook, called on every render: the same spec is always given to one mounted view
  const rows = spec.useRows ? spec.useRows(loaded, ctx) : loaded;
  const live = spec.useLive ? spec.useLive(ctx, rows) : undefined;
  const columns = useMemo(() => (spec.columnsFor ? spec.columnsFor(rows) : spec.columns), [spec, rows]);
  // a paged list keeps the service's order and its search: nothing is sorted or filtered here
  const sort = paged ? null : (entry.view.sort ?? spec.defaultSort ?? null);
  // Sorted first, filtered after (a filter keeps the order): a key typed into `/` never sorts 10,000 rows again.
  const sortColumn = sort ? columns.find((c) => c.key === sort.column) : undefined;
  const descending = sort?.descending === true;
  const sorted = useMemo(() => (sortColumn ? sortRows(rows, sortColumn, descending) : rows), [rows, sortColumn, descending]);
  const visible = useFilteredRows(sorted, columns, paged ? '' : filter);
  useWarmSearch(paged ? NO_ROWS : sorted, columns);

  // marks (space) on a list with bulk keys; a refresh keeps them by row key and drops those of rows gone
  const markable = (spec.bulk?.length ?? 0) > 0 && !props.readOnly;
  const marks = useMarks(entry, nav, data === undefined ? undefined : rows, spec.rowKey, markable);
  const latest = useRef({ rows, visible, selected, marks });
  /** G on a paged list, waiting for the pages still on the service */
  const toEnd = useRef(false);
  latest.current = { rows, visible, selected, marks };

  // A row to select once the list is loaded again (a created key, a new template): until its rows come, the
  // table keeps a selection of its own, so the wish is kept here and granted by the next rows that arrive,
  // unless the user has moved in the meantime (their move wins: a key acts on the row they chose).
  const pendingSelect = useRef<{ key: string; rows: readonly T[]; auto?: string } | null>(null);
  const selectAfterReload = useCallback(
    (key: string) => {
      pendingSelect.current = rows.some((r) => spec.rowKey(r) === key) ? null : { key, rows };
      onSelect(key);
    },
    [onSelect, rows, spec],
  );
  // The table's first answer to a key it does not have is its own pick; any other is the user moving.
  const onTableSelect = useCallback(
    (key: string) => {
      // any move but to the last row loaded ends a G still loading pages
      const shown = latest.current.visible;
      if (toEnd.current && shown.length > 0 && key !== spec.rowKey(shown[shown.length - 1])) toEnd.current = false;
      const wish = pendingSelect.current;
      if (wish && wish.auto === undefined) wish.auto = key;
      else if (wish && key !== wish.auto) pendingSelect.current = null;
      onSelect(key);
    },
    [onSelect, spec],
  );
  useLayoutEffect(() => {
    const wish = pendingSelect.current;
    if (wish === null || wish.rows === rows) return;
    pendingSelect.current = null;
    if (rows.some((r) => spec.rowKey(r) === wish.key)) onSelect(wish.key);
  }, [rows, spec, onSelect]);

  const actions = useResourceActions<T>({ spec, ctx, nav, onDialog: props.onDialog, refresh, select: selectAfterReload });

  /** `space` moves down after marking: the row after the selected one among those shown. */
  const down = () => {
    const { visible: shown, selected: key } = latest.current;
    const at = key === null ? -1 : shown.findIndex((r) => spec.rowKey(r) === key);
    if (at < 0 || at + 1 >= shown.length) return;
    const next = spec.rowKey(shown[at + 1]);
    onSelect(next);
    // the next key of the same chunk moves on from here, before any render
    latest.current.selected = next;
  };
  /** A bulk key on the marked rows: those it cannot apply to named and skipped, one confirmation for the rest. */
  const bulkKey = (bulk: BulkSpec<T>) => {
    const { rows: all, marks: m } = latest.current;
    const plan = planBulk(bulk, all.filter((r) => m.set.has(spec.rowKey(r))), ctx);
    if (plan.go.length === 0) return nav.report('error', `Nothing to ${bulk.verb}: ${skippedText(plan)}`, 'action');
    const hooks = { clearMarks: () => latest.current.marks.clear(), report: (kind: 'info' | 'error', text: string) => nav.report(kind, text, 'action'), refresh };
    actions.open({ kind: 'confirm', confirm: bulkConfirm(spec, bulk, plan, hooks), row: plan.go[0] });
  };

  /** The selected row if it is on screen: a row hidden by the filter is never acted on. */
  const current = (): T | undefined => {
    const { visible: shown, selected: key } = latest.current;
    return key === null ? undefined : shown.find((r) => spec.rowKey(r) === key);
  };

  // `o` and `>` go through the columns drawn only (the table says which fit); the title names any column
  const allColumns: SortColumn[] = useMemo(() => (paged ? NO_SORT : columns.map((c) => ({ key: c.key, header: c.header }))), [columns, paged]);
  const [drawn, setDrawn] = useState<string | null>(null);
  const onLayout = useCallback((keys: readonly string[]) => setDrawn(keys.join(' ')), []);
  const sortColumns: SortColumn[] = useMemo(() => {
    if (drawn === null) return allColumns.filter((c) => columns.find((k) => k.key === c.key)?.sortable !== false);
    const shown = new Set(drawn.split(' '));
    return allColumns.filter((c) => shown.has(c.key) && columns.find((k) => k.key === c.key)?.sortable !== false);
  }, [allColumns, drawn, columns]);
  useScreenControl(props.control, {
    sortColumns,
    defaultSort: paged ? null : (spec.defaultSort ?? null),
    handle: (id) => {
      if (id === 'follow' && paged?.follow) {
        setFollowing(!following);
        nav.keep(entry.id, { following: !following });
        nav.report('info', following ? 'No longer following new rows.' : `Following: new rows come on top every ${Math.round(Math.min(FOLLOW_MS, props.refreshMs) / 1000)} s; f stops.`, 'follow');
        return true;
      }
      const m = latest.current.marks;
      if (m.handle(id, latest.current.selected, () => latest.current.visible.map(spec.rowKey), down)) return true;
      const bulk = m.keys.length > 0 ? bulkFor(spec, id) : undefined;
      if (bulk) {
        bulkKey(bulk);
        return true;
      }
      return actions.handle(id, current());
    },
    refresh,
  });

  // the next page is asked for while the cursor is a screenful from the end of the rows loaded
  const selectedIndex = paged && selected !== null ? visible.findIndex((r) => spec.rowKey(r) === selected) : -1;
  const { more } = pages;
  useEffect(() => {
    if (paged && selectedIndex >= 0 && selectedIndex >= visible.length - Math.max(10, height)) more();
  }, [paged, selectedIndex, visible.length, height, more]);

  // G on a paged list: the pages still on the service are loaded and the cursor goes to the last row of all;
  // a move of the user's own on the way gives the wish up
  const loadedCount = visible.length;
  const { total } = pages;
  const onBottom = useCallback(() => {
    if (!paged || total === null || latest.current.visible.length >= total) return;
    toEnd.current = true;
    more();
  }, [paged, total, more]);
  useEffect(() => {
    if (!toEnd.current) return;
    if (total !== null && loadedCount < total) return more();
    toEnd.current = false;
    const last = latest.current.visible[latest.current.visible.length - 1];
    if (last !== undefined) onSelect(spec.rowKey(last));
  }, [loadedCount, total, more, onSelect, spec]);

  const open = useCallback(
    (key: string) => {
      const row = latest.current.rows.find((r) => spec.rowKey(r) === key);
      if (row === undefined) return;
      if (spec.open && spec.open(row, nav, ctx, latest.current.rows) !== false) return;
      if (spec.page) return nav.push('pager', { page: spec.page(row, ctx) }, `${spec.singular} ${spec.label(row)}`);
      if (!spec.record) return;
      nav.push('record', { sections: spec.record(row, ctx), copyId: spec.copyId ? spec.copyId(row) : spec.rowKey(row) }, `${spec.singular} ${spec.label(row)}`);
    },
    [spec, nav, ctx],
  );

  // the footer offers only what acts on the selected row (found near where it was: no scan of 10,000 rows)
  const near = useRef(0);
  const selectedAt = selected === null ? -1 : indexNear(visible, selected, near.current, spec.rowKey);
  if (selectedAt >= 0) near.current = selectedAt;
  const selectedRow = selectedAt >= 0 ? visible[selectedAt] : undefined;
  const canOpen = spec.open !== undefined || spec.page !== undefined || spec.record !== undefined;
  const idle = idleKeys(spec, ctx, selectedRow, canOpen).filter((id) => marks.keys.length === 0 || !bulkFor(spec, id));
  // with rows marked the footer says how to clear them (`\ unmark`), and not `esc back`: esc clears them first
  if (marks.keys.length === 0) idle.push('unmarkAll');
  else idle.push('back', 'clearFilter');
  if (visible.length === 0) idle.push('mark', 'markAll');
  if (sortColumns.length === 0) idle.push('sortNext', 'sortReverse', 'sortPick');
  useIdleKeys(nav, `view:${entry.id}:${spec.name}`, idle);

  const titled = props.titled !== false;
  const body = height - (titled ? 1 : 0);
  const wanted = actions.rows(width);
  const full = wanted === 'full';
  // a dialog gets what it asks, up to all but four rows of the list (it fits fewer by itself)
  const dialogRows = actions.dialog && !full ? Math.min(Math.max(3, body - 4), wanted) : 0;
  const title = typeof spec.title === 'function' ? spec.title(params) : spec.title;
  const failing = error !== null && data !== undefined ? '✗ not refreshed' : '';
  const matches = !paged && filter.trim() !== '' ? `${visible.length} of ${rows.length} match` : '';
  const count = paged && pages.total !== null ? `${rows.length} of ${pages.total} ${paged.noun ?? 'rows'} loaded${following ? ' · following' : ''}` : '';
  // nothing loaded (a refusal): no count or total of no rows
  const marked = marks.keys.length > 0 ? `${marks.keys.length} marked` : '';
  const note = data === undefined ? (loading ? 'loading…' : '') : [marked, failing, matches || count || (spec.note?.(rows) ?? '')].filter(Boolean).join('  ');
  // the service's refusal where the rows would be (a month still to come), not only on the status line
  const emptyText =
    data === undefined
      ? error
        ? `could not be loaded: ${error}`
        : 'loading…'
      : paged && searched.current !== ''
        ? paged.searchBy
          ? paged.searchBy.nothing(quotedSearch(searched.current, width))
          : `nothing on the service matches "${quotedSearch(searched.current, width)}"`
        : rows.length > 0
          ? noRowsMatch(filter, width)
          : (spec.empty ?? 'nothing here yet');
  return (
    <Box flexDirection="column" width={width} height={height}>
      {/* keys typed before the first rows arrive (`:actions⏎jj⏎` in one write) wait for them; esc goes at once */}
      {data === undefined && loading && error === null && props.active ? <HoldKeys escape /> : null}
      {titled ? <ScreenTitle title={title} width={width} view={{ ...entry.view, sort: paged ? null : sort }} filterEditor={props.filterEditor} sortColumns={allColumns} note={note} prompt={paged?.searchBy?.prompt} /> : null}
      {full ? (
        actions.render(width, body)
      ) : (
        <>
          {actions.dialog ? actions.render(width, dialogRows) : null}
          <Table
            rows={visible}
            columns={columns}
            rowKey={spec.rowKey}
            selectedKey={selected}
            onSelect={onTableSelect}
            onOpen={spec.open || spec.page || spec.record ? open : undefined}
            onBottom={onBottom}
            height={Math.max(1, body - actions.shownRows(width, dialogRows) - 2)}
            width={width}
            widthsFrom={rows}
            live={live}
            marked={marks.keys.length > 0 ? marks.set : undefined}
            isActive={props.active && !actions.dialog}
            emptyText={emptyText}
            onLayout={onLayout}
          />
        </>
      )}
    </Box>
  );
}
