// `:actions`: every asynchronous operation of the account, most recent first, paged in from the service as
// the cursor goes down (the service's total in the title); `/` asks for one resource's actions, `f` follows
// new ones; rows in flight move with the tracker; ⏎ goes to what an action acted on.
import { useMemo } from 'react';
import type { Action, Server } from '../../api/index.js';
import { toTracked, trackedStatus, type Session } from '../../session/session.js';
import type { TrackedStatus } from '../../watch/tracker.js';
import { useTrackerSnapshot } from '../hooks/useTracker.js';
import { deletedBy, isDeleted, missingNameList, NAME_LIST_KEYS, useActionShortNames, withDeleted, type NameList } from '../hooks/useActionNames.js';
import { keepServer } from '../components/action-lines.js';
import { progressBar } from '../components/ProgressBar.js';
import type { Column, LiveCells } from '../components/Table.js';
import { formatDate, statusWord } from '../format.js';
import type { Nav } from '../hooks/screen.js';
import { defineResource, field, type Ctx, type ResourceSpec } from '../resource/spec.js';
import { padStart } from '../text.js';
import type { Role } from '../theme.js';
import { date } from './columns.js';
import { serverTab } from './server-tabs.js';
import { SERVERS_CACHE_KEY } from './servers.js';
import { allSnapshots } from './snapshots.js';

/** What an action's resource is, in words: `ECS` is a server, `SNP` a snapshot, `DI`/`ECI` a template. */
function resourceKind(type: string): string {
  const t = type.toUpperCase();
  if (t === 'ECS') return 'server';
  if (t === 'SNP') return 'snapshot';
  if (t === 'DI' || t === 'ECI') return 'template';
  if (t === 'NETWORK') return 'VLAN (server-network)';
  return type || '—';
}

/** An action's colour by how it stands: done, failed, or under way. */
export function actionRole(a: Pick<Action, 'status'>): Role {
  const s = trackedStatus(a.status);
  return s === 'completed' ? 'ok' : s === 'failed' ? 'error' : 'warn';
}

/** A progress as drawn: a bar while in flight, the figure once done. */
export const progressText = (status: TrackedStatus, progress: number): string =>
  status === 'in-progress' ? `${progressBar(progress, 10)} ${padStart(`${progress}%`, 4)}` : `${progress}%`;

const ACTION_COLUMNS: readonly Column<Action>[] = [
  { key: 'id', header: 'ID', width: 7, align: 'right', identity: true },
  { key: 'type', header: 'TYPE', fit: true, minWidth: 10, maxWidth: 18 },
  // a VLAN's resource is `<server>-<network>` (18 characters): whole, or a date goes first
  { key: 'resource', header: 'RESOURCE', fit: true, minWidth: 18, maxWidth: 30, flex: 1 },
  { key: 'status', header: 'STATUS', width: 11, render: (a) => statusWord(trackedStatus(a.status)), color: actionRole },
  // in flight: a bar that moves with each refresh (the list is live); done: the figure alone
  {
    key: 'progress',
    header: 'PROGRESS',
    width: 15,
    align: 'right',
    render: (a) => progressText(trackedStatus(a.status), a.progress),
    color: (a) => (trackedStatus(a.status) === 'in-progress' ? 'warn' : undefined),
    priority: 2,
  },
  date<Action>('createdAt', 'STARTED', 3),
  date<Action>('completedAt', 'FINISHED', 4),
];

/**
 * What an action acts on in words, drawn from the session's lists (useTrackedCells). Kept before PROGRESS
 * when the width is short: STATUS says whether it is under way, and the action panel draws its bar.
 */
const NAME_COLUMN: Column<Action> = { key: 'name', header: 'NAME', render: () => '', cut: keepServer, minWidth: 12, maxWidth: 40, flex: 1, priority: 1.5 };

/**
 * NAME beside RESOURCE: `web-1` beside `ec206901` (RESOURCE stays the identifier `/` asks the service for); the
 * spare room goes to the words, not to the identifiers.
 */
const NAMED_ACTION_COLUMNS: readonly Column<Action>[] = ACTION_COLUMNS.flatMap((c) => (c.key === 'resource' ? [{ ...c, flex: 0 }, NAME_COLUMN] : [c]));

/**
 * ⏎ on an action: to what it acted on. A server's detail (a VLAN's `<server>-<network>` on its Networks tab),
 * `:snapshots` or `:templates` showing the one it names. A server that is gone, or anything in `gone`
 * (deletedBy), has nowhere to go: false, and the action's own record opens.
 */
export function openResource(a: Action, nav: Nav, servers: readonly { name: string }[] | undefined, gone?: ReadonlySet<string>): boolean {
  const kind = resourceKind(a.resourceType);
  const exists = (name: string) => servers === undefined || servers.some((s) => s.name === name);
  const deleted = gone !== undefined && isDeleted(a, gone);
  if (kind === 'server' && exists(a.resource) && !deleted) {
    nav.push('server', { server: a.resource, tab: serverTab('overview') }, `Server ${a.resource}`);
    return true;
  }
  if (kind.startsWith('VLAN')) {
    const server = a.resource.slice(0, Math.max(0, a.resource.indexOf('-')));
    if (!server || !exists(server)) return false;
    nav.push('server', { server, tab: serverTab('networks') }, `Server ${server}`);
    return true;
  }
  if ((kind === 'snapshot' || kind === 'template') && !deleted) {
    nav.push(kind === 'snapshot' ? 'snapshots' : 'templates', { filter: a.resource });
    return true;
  }
  return false;
}

/**
 * What every list of actions shares, the account's and a server's: the columns with NAME (`:actions` says
 * `"weekly snapshot" of web-1`, web-1's own tab `"weekly snapshot"`), drawn with the watcher's cells.
 */
export const actionBase = {
  singular: 'Action',
  rowKey: (a) => String(a.id),
  label: (a) => `${a.id} ${a.type}`,
  columns: NAMED_ACTION_COLUMNS,
  useLive: ({ session, params }: Ctx<{ server?: string }>, rows: readonly Action[]) => useTrackedCells(session, rows, params?.server),
  defaultSort: { column: 'id', descending: true },
  // what NAME says is deleted (the loaded rows' completed deletes) has nowhere to go
  open: (a: Action, nav: Nav, { session }: Ctx, rows: readonly Action[]) => openResource(a, nav, session.cache.get<Server[]>(SERVERS_CACHE_KEY)?.data, deletedBy(rows)),
  record: (a: Action) => [
    {
      fields: [
        field('ID', a.id),
        field('Type', a.type),
        field('Status', statusWord(trackedStatus(a.status)), actionRole(a)),
        field('Progress', `${a.progress}%`),
        field('Resource', a.resource),
        field('Resource kind', resourceKind(a.resourceType)),
        field('Account', a.user),
      ],
    },
    { title: 'Times (UTC)', fields: [field('Created', formatDate(a.createdAt)), field('Started', formatDate(a.startedAt)), field('Completed', formatDate(a.completedAt))] },
  ],
} satisfies Partial<ResourceSpec<Action>>;

/**
 * At most this many servers for NAME to ask each of them for its snapshots (one request a server, four at a
 * time, as `:snapshots` does): past that a snapshot is named once `:snapshots` or its server's tab was shown.
 */
const SNAPSHOT_NAMES_MAX_SERVERS = 50;

/**
 * For the rows on screen that act on a snapshot or a template no list of the session knows: the list that
 * names them, asked for once (`:templates` is one request; `:snapshots` one a server, so only on a small
 * estate). NAME fills in when it comes; a deleted one is said to be (useTrackedCells). Once asked for, a list
 * keeps its cache entry whatever came of it (ResourceCache.prefetch), so it is never asked for again from here,
 * and once both are there this returns before looking at any row.
 */
function askForNames(session: Session, rows: readonly Action[]): void {
  const servers = session.cache.get<Server[]>(SERVERS_CACHE_KEY)?.data;
  const open = (Object.keys(NAME_LIST_KEYS) as NameList[]).filter(
    (list) => session.cache.get(NAME_LIST_KEYS[list]) === undefined && (list !== 'snapshots' || (servers !== undefined && servers.length <= SNAPSHOT_NAMES_MAX_SERVERS)),
  );
  for (const a of rows) {
    if (open.length === 0) return;
    const list = missingNameList(session.cache, a, open);
    if (list === null) continue;
    open.splice(open.indexOf(list), 1);
    const load = list === 'snapshots' ? () => allSnapshots(session.client, new AbortController().signal) : () => session.client.templates.list();
    session.cache.prefetch<unknown>(NAME_LIST_KEYS[list], load).catch(() => {
      // NAME stays empty for them; the list's own screen reports what went wrong when it is opened
    });
  }
}

/**
 * The cells of a list of actions that follow the session. The rows on screen that are in flight move without
 * reloading the page they came in: the tracker follows them (one request per tick for all it follows) and
 * their status and progress cells are drawn from it. NAME comes from the session's lists.
 */
function useTrackedCells(session: Session, rows: readonly Action[], page?: string): LiveCells<Action> {
  const snapshot = useTrackerSnapshot(session.tracker);
  // NAME: what each acts on in a person's words, beside the service's identifier (on a server's page, without
  // naming that server again)
  const shortName = useActionShortNames(session, page);
  const known = useMemo(() => {
    const m = new Map<number, { status: TrackedStatus; progress: number }>();
    for (const a of [...snapshot.history, ...snapshot.finished, ...snapshot.inFlight]) m.set(a.id, { status: a.status, progress: a.progress });
    return m;
  }, [snapshot]);
  // the servers, snapshots and templates a completed delete among the rows loaded took away: NAME says so
  // rather than stay empty. A delete is newer than the rows that acted on what it deleted, so it is loaded
  // whenever they are; one that ends while the list is shown comes on top (an action that ends reloads the
  // first page).
  const gone = useMemo(() => deletedBy(rows), [rows]);
  const nameOf = useMemo(() => (gone.size === 0 ? shortName : (a: Action) => withDeleted(shortName(a), a, gone)), [shortName, gone]);
  return useMemo(
    () => ({
      text: (a, column) => {
        if (column === 'name') return nameOf(a);
        const k = known.get(a.id);
        if (!k) return undefined;
        if (column === 'status') return statusWord(k.status);
        if (column === 'progress') return progressText(k.status, k.progress);
        return undefined;
      },
      version: (a) => {
        const k = known.get(a.id);
        return `${k ? `${k.status}:${k.progress}` : ''}:${nameOf(a)}`;
      },
      // only what it does not follow yet: a page's stale progress must not overwrite the tracker's newer one
      onWindow: (rows) => {
        session.tracker.ingest(rows.filter((a) => !known.has(a.id) && trackedStatus(a.status) === 'in-progress').map(toTracked));
        askForNames(session, rows);
      },
    }),
    [known, session, nameOf],
  );
}

/** `/` asks the service for one resource's actions: a server's name, a snapshot's id, `<server>-<network>`. */
export default defineResource<Action>({
  ...actionBase,
  name: 'actions',
  aliases: ['act', 'ac'],
  title: 'Actions',
  // never called: the rows come page by page (`paged`)
  load: async () => [],
  paged: {
    pageSize: 50,
    noun: 'actions',
    follow: true,
    // the service finds the actions of one resource, by its exact name or id: not a text filter, so said
    searchBy: {
      prompt: 'resource:',
      hint: 'by resource',
      description: 'the actions of one resource, by its exact name or id, asked of the service',
      nothing: (search) => `no actions of a resource named "${search}" (/ takes an exact name or id)`,
    },
    load: async ({ client }, query, signal) => {
      const page = await client.actions.list({ start: query.offset, length: query.length, resource: query.search || undefined }, { signal });
      return { rows: page.actions, total: page.total };
    },
  },
  // its pages are not reloaded by a timer (f follows), but the watcher probes for new work while it is shown
  live: true,
  empty: 'no actions yet',
});
