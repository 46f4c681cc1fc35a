// What an action acts on, as a person knows it. The service names a server by its generated name, a snapshot
// by its number and a template by its generated name; the panel and the status line say `web-1 (ec206901)`,
// `snapshot 117 "before upgrade" of web-1`, `web base image (ei204106)` instead. The names come from the
// lists this session already holds (nothing is asked of the service for them) and from what a dialog
// remembered when it started the action (a new snapshot is in no list yet).

import { useEffect, useMemo, useRef } from 'react';
import type { Image, Server, Snapshot } from '../../api/index.js';
import type { ResourceCache } from '../../session/cache.js';
import { mapPooled } from '../../session/pool.js';
import { trackedStatus, type Session } from '../../session/session.js';
import { typeWords, type ActionRow } from '../components/action-lines.js';
import { panelRows, useCached, useTrackerSnapshot } from './useTracker.js';
import { foldGroups, useBulkVersion, withoutGrouped } from './useBulk.js';
import type { TrackedAction } from '../../watch/tracker.js';
import { safe } from '../text.js';
import { serverLabel, snapshotName } from '../format.js';

/** The cache key of the records remembered by the dialogs that started actions on them. */
const ACTION_NAMES_KEY = 'action-names';

/** A restore this session started: the action's id and the snapshot it puts back (the action names only the server). */
export interface KnownRestore {
  action: number;
  snapshot: Pick<Snapshot, 'id' | 'description'>;
}

/** Records a dialog knows when it starts an action on them, before any list holds them. */
export interface KnownRecords {
  snapshots?: ReadonlyArray<Snapshot & { server?: string }>;
  templates?: readonly Image[];
  restores?: readonly KnownRestore[];
}

/** Remembers the records an action was started on, for the panel's names (the last 100 of each kind). */
export function rememberRecords(cache: ResourceCache, records: KnownRecords): void {
  const known = cache.get<KnownRecords>(ACTION_NAMES_KEY)?.data ?? {};
  cache.set(ACTION_NAMES_KEY, {
    snapshots: [...(records.snapshots ?? []), ...(known.snapshots ?? [])].slice(0, 100),
    templates: [...(records.templates ?? []), ...(known.templates ?? [])].slice(0, 100),
    restores: [...(records.restores ?? []), ...(known.restores ?? [])].slice(0, 100),
  });
}

/** `from snapshot 106 "pre-migration"`: the snapshot a restore this session started puts back; empty for any other action. */
function restoredFrom(src: NameSources, a: Pick<TrackedAction, 'type'> & { id?: number }): string {
  if (a.type !== 'rollback' || a.id === undefined) return '';
  const r = remembered(src).restores?.find((x) => x.action === a.id);
  return r ? `from snapshot ${snapshotName(r.snapshot.id, r.snapshot.description)}` : '';
}

type Kind = 'ECS' | 'SNP' | 'DI' | 'other';

/** Which kind of resource an action acts on, from its resource type or, when absent, its type. */
function resourceKind(a: Pick<TrackedAction, 'type' | 'resourceType'>): Kind {
  const rt = (a.resourceType ?? '').toUpperCase();
  if (rt === 'SNP' || /snapshot/.test(a.type)) return 'SNP';
  if (rt === 'DI' || /template/.test(a.type)) return 'DI';
  if (rt === 'ECS' || /server|power|console|rollback/.test(a.type)) return 'ECS';
  return 'other';
}

const asList = <T>(data: unknown): readonly T[] => (Array.isArray(data) ? (data as T[]) : []);

/** The lists the names come from, as the session's cache holds them. */
interface NameSources {
  servers?: unknown;
  snapshots?: unknown;
  templates?: unknown;
  remembered?: unknown;
  /** any other list of the cache by key: a server's record, a server's snapshots */
  cached(key: string): unknown;
}

/** Where the cache keeps the lists of NameSources. */
const SOURCE_KEYS = { servers: 'servers', snapshots: 'list:snapshots:{}', templates: 'list:templates:{}', remembered: ACTION_NAMES_KEY } as const;

/** Where a server's snapshots are kept: its Snapshots tab (screens/snapshots.ts), and the names found in them. */
export const serverSnapshotsKey = (server: string): string => `snapshots:${server}`;

function nameSources(cache: ResourceCache): NameSources {
  const cached = (key: string) => cache.get<unknown>(key)?.data;
  return { servers: cached(SOURCE_KEYS.servers), snapshots: cached(SOURCE_KEYS.snapshots), templates: cached(SOURCE_KEYS.templates), remembered: cached(SOURCE_KEYS.remembered), cached };
}

function findServer(src: NameSources, name: string): Server | undefined {
  const shown = src.cached(`server:${name}`);
  if (shown && typeof shown === 'object' && 'name' in shown && shown.name === name) return shown as Server;
  return asList<Server>(src.servers).find((s) => s.name === name);
}

const remembered = (src: NameSources): KnownRecords => (src.remembered && typeof src.remembered === 'object' ? (src.remembered) : {});

function findSnapshot(src: NameSources, id: number): (Snapshot & { server?: string }) | undefined {
  const all = asList<Snapshot & { server?: string }>(src.snapshots).find((s) => s.id === id) ?? asList<Snapshot & { server?: string }>(remembered(src).snapshots).find((s) => s.id === id);
  if (all) return all;
  for (const s of asList<Server>(src.servers)) {
    const found = asList<Snapshot>(src.cached(serverSnapshotsKey(s.name))).find((x) => x.id === id);
    if (found) return { ...found, server: s.name };
  }
  return undefined;
}

/** The template named `name` in the session's lists or among those the dialogs remembered. */
function findTemplate(src: NameSources, name: string): Image | undefined {
  return asList<Image>(src.templates).find((x) => x.name === name) ?? asList<Image>(remembered(src).templates).find((x) => x.name === name);
}

/** Where the lists that name snapshots and templates are kept: the cache keys of `:snapshots` and `:templates`. */
export const NAME_LIST_KEYS = { snapshots: SOURCE_KEYS.snapshots, templates: SOURCE_KEYS.templates } as const;
export type NameList = keyof typeof NAME_LIST_KEYS;

/**
 * Which of `lists` would name what `a` acts on, when the session holds none that does: `snapshots` for a
 * snapshot no list knows, `templates` for such a template; null for anything else, when it is named already,
 * or when its list is not among `lists` (then nothing is looked up: a snapshot's lookup walks the servers).
 */
export function missingNameList(cache: ResourceCache, a: Pick<TrackedAction, 'type' | 'resource' | 'resourceType'>, lists: readonly NameList[]): NameList | null {
  const kind = resourceKind(a);
  if (kind === 'SNP' && lists.includes('snapshots')) return findSnapshot(nameSources(cache), Number(a.resource)) ? null : 'snapshots';
  if (kind === 'DI' && lists.includes('templates')) return findTemplate(nameSources(cache), a.resource) ? null : 'templates';
  return null;
}

/** What `actionResourceName` says when no list knows the resource. */
function bareName(a: Pick<TrackedAction, 'type' | 'resource' | 'resourceType'>): string {
  const kind = resourceKind(a);
  return safe(kind === 'SNP' ? `snapshot ${a.resource}` : kind === 'DI' ? `template ${a.resource}` : a.resource);
}

/** The label of what `a` acts on, from the session's lists; the service's identifier when none knows it. */
function actionResourceName(src: NameSources, a: Pick<TrackedAction, 'type' | 'resource' | 'resourceType'>): string {
  const kind = resourceKind(a);
  if (kind === 'ECS') {
    const s = findServer(src, a.resource);
    const from = restoredFrom(src, a);
    return safe(`${s ? serverLabel(s) : a.resource}${from ? ` ${from}` : ''}`);
  }
  if (kind === 'SNP') {
    const snap = findSnapshot(src, Number(a.resource));
    if (!snap) return safe(`snapshot ${a.resource}`);
    const serverId = snap.server || snap.sourceServer;
    const server = serverId ? findServer(src, serverId) : undefined;
    const of = server ? server.notes || server.name : serverId;
    // the action's type already says it is a snapshot: its number, description and server fit 80 columns
    return safe(`${snapshotName(snap.id, snap.description)}${of ? ` of ${of}` : ''}`);
  }
  if (kind === 'DI') {
    const t = findTemplate(src, a.resource);
    return safe(t?.description ? `${t.description} (${t.name})` : `template ${a.resource}`);
  }
  return safe(a.resource);
}

/**
 * What `a` acts on in a person's words, for a list that shows the service's identifier beside it: a server's
 * notes (`web-1`), a snapshot's description and server (`"weekly" of web-1`), a template's description, a
 * VLAN's server; empty when no list this session holds knows more than the identifier. On the page of the
 * server `page`, that server is not named again (`"weekly"`, a VLAN's network, nothing for its own work).
 */
function actionShortName(src: NameSources, a: Pick<TrackedAction, 'type' | 'resource' | 'resourceType'>, page?: string): string {
  const notesOf = (name: string): string => {
    const s = findServer(src, name);
    return s?.notes && s.notes !== s.name ? s.notes : '';
  };
  const kind = resourceKind(a);
  // on a server's own page, the server is not named again: its own work names nothing
  if (kind === 'ECS') return safe([a.resource === page ? '' : notesOf(a.resource), restoredFrom(src, a)].filter(Boolean).join(' '));
  if (kind === 'SNP') {
    const snap = findSnapshot(src, Number(a.resource));
    if (!snap) return '';
    const serverId = snap.server || snap.sourceServer;
    const of = serverId && serverId !== page ? notesOf(serverId) || serverId : '';
    return safe([snap.description ? `"${snap.description}"` : '', of ? `of ${of}` : ''].filter(Boolean).join(' '));
  }
  if (kind === 'DI') {
    const t = findTemplate(src, a.resource);
    return safe(t?.description ?? '');
  }
  // a VLAN's `<server>-<network>`: its server's notes; on that server's page, the network
  const dash = a.resource.indexOf('-');
  if (dash > 0 && a.resource.slice(0, dash) === page) return safe(a.resource.slice(dash + 1));
  return dash > 0 ? safe(notesOf(a.resource.slice(0, dash))) : '';
}

/** A server's, snapshot's or template's key among deletions: `ECS ec206912`, `SNP 104`, `DI ei204101`; null for any other resource. */
function deletableKey(a: Pick<TrackedAction, 'type' | 'resource' | 'resourceType'>): string | null {
  const kind = resourceKind(a);
  return kind === 'other' ? null : `${kind} ${a.resource}`;
}

/**
 * The servers, snapshots and templates that `actions` show deleted: those of a delete action that completed.
 * A failed or unfinished delete leaves its resource where it was. Names and ids are never given twice, so a
 * deletion stays true.
 */
export function deletedBy(actions: Iterable<Pick<TrackedAction, 'type' | 'resource' | 'resourceType'> & { status: string }>): Set<string> {
  const gone = new Set<string>();
  for (const a of actions) {
    if (!/^delete_/.test(a.type) || trackedStatus(a.status) !== 'completed') continue;
    const key = deletableKey(a);
    if (key !== null) gone.add(key);
  }
  return gone;
}

/** Whether `gone` (deletedBy) holds the server, snapshot or template `a` acts on. */
export function isDeleted(a: Pick<TrackedAction, 'type' | 'resource' | 'resourceType'>, gone: ReadonlySet<string>): boolean {
  const key = deletableKey(a);
  return key !== null && gone.has(key);
}

/**
 * NAME for `a` when `gone` (deletedBy) holds what it acts on: `(deleted)` before the words a list gave (first,
 * where a narrow column cuts nothing of it), or alone when no list knew them (a snapshot deleted before this
 * session has no list left to name it).
 */
export function withDeleted(name: string, a: Pick<TrackedAction, 'type' | 'resource' | 'resourceType'>, gone: ReadonlySet<string>): string {
  if (!isDeleted(a, gone)) return name;
  return name ? `(deleted) ${name}` : '(deleted)';
}

/** The lists the names come from, kept up to date: a list that loads after its action started names it from then on. */
function useNameSources(session: Session | null | undefined): NameSources {
  const cache = session?.cache;
  const servers = useCached<unknown>(cache, SOURCE_KEYS.servers);
  const snapshots = useCached<unknown>(cache, SOURCE_KEYS.snapshots);
  const templates = useCached<unknown>(cache, SOURCE_KEYS.templates);
  const remembered = useCached<unknown>(cache, SOURCE_KEYS.remembered);
  return useMemo(() => ({ servers, snapshots, templates, remembered, cached: (key: string) => cache?.get<unknown>(key)?.data }), [cache, servers, snapshots, templates, remembered]);
}

/**
 * `actionShortName` over the session's lists as they are now: a new function whenever one of them changes.
 * Each resource is looked up once per function (a list draws a row's cell and its version on every frame, and a
 * lookup walks the servers, ten thousand of them at most).
 */
export function useActionShortNames(session: Session | null | undefined, page?: string): (a: Pick<TrackedAction, 'type' | 'resource' | 'resourceType'> & { id?: number }) => string {
  const src = useNameSources(session);
  return useMemo(() => {
    const known = new Map<string, string>();
    return (a) => {
      // a restore is named by its own snapshot: two on one server differ
      const id = a.type === 'rollback' ? (a.id ?? '') : '';
      const key = `${a.type}\u0000${a.resourceType ?? ''}\u0000${a.resource}\u0000${id}`;
      let name = known.get(key);
      if (name === undefined) known.set(key, (name = actionShortName(src, a, page)));
      return name;
    };
  }, [src, page]);
}

/**
 * What an action listed on `server`'s own page acts on beside the server itself, for a line with no RESOURCE
 * column (the Overview's recent actions): its NAME on the server's Actions tab (`useActionShortNames` with the
 * page), after the snapshot's or template's id (`108 "weekly snapshot"`, `ei204101 web stack golden image`,
 * the id alone without a description); a VLAN's network (`net000001`); nothing for the server's own work.
 */
export function useActionNamesOn(session: Session | null | undefined, server: string): (a: Pick<TrackedAction, 'type' | 'resource' | 'resourceType'>) => string {
  const words = useActionShortNames(session, server);
  return useMemo(
    () => (a) => {
      const kind = resourceKind(a);
      return kind === 'SNP' || kind === 'DI' ? [safe(a.resource), words(a)].filter(Boolean).join(' ') : words(a);
    },
    [words],
  );
}

/** The notes of the server named `name`, from the lists this session holds (undefined when none holds it). */
export function knownServerNotes(cache: ResourceCache, name: string): string | undefined {
  return findServer(nameSources(cache), name)?.notes;
}

/** A server as the dialogs name it, `web-1 (ec206901)`, its notes from the session's lists; its name alone when no list holds it. */
export function knownServerLabel(cache: ResourceCache, name: string): string {
  return serverLabel({ name, notes: knownServerNotes(cache, name) });
}

/** What `a` acts on, named as the panel names it, from the session's cache (the desktop notification). */
export function actionLabel(cache: ResourceCache, a: Pick<TrackedAction, 'type' | 'resource' | 'resourceType'>): string {
  return actionResourceName(nameSources(cache), a);
}

/**
 * A failed action in words: how far it got, and that the service did not say why (an action record has no
 * field for a reason), so nobody reads `failed at 95%` as a reason withheld by the dashboard.
 */
function failureText(a: Pick<TrackedAction, 'progress'>): string {
  return `failed at ${Math.floor(a.progress)}%; the service gives no reason`;
}

/** The restores each session has asked the service about (useRestoresStartedElsewhere). */
const restoresAsked = new WeakMap<Session, Set<number>>();

/**
 * A restore started elsewhere (a script, another person) names only its server, and this session's dialogs
 * did not remember its snapshot. While it runs, that snapshot says `restoring` among the server's snapshots:
 * they are asked for once per such restore, and the one restoring is remembered as the dialogs remember
 * theirs (none, or more than one, names nothing).
 */
function useRestoresStartedElsewhere(session: Session | null | undefined, inFlight: readonly TrackedAction[]): void {
  useEffect(() => {
    if (!session) return;
    let asked = restoresAsked.get(session);
    if (!asked) restoresAsked.set(session, (asked = new Set()));
    const known = remembered(nameSources(session.cache)).restores ?? [];
    const unnamed = inFlight.filter((a) => a.type === 'rollback' && !asked.has(a.id) && !known.some((r) => r.action === a.id));
    for (const a of unnamed) asked.add(a.id);
    // a script restoring a hundred servers is asked about four at a time
    void mapPooled(unnamed, 4, async (a) => {
      try {
        const restoring = (await session.client.snapshots.list(a.resource)).filter((s) => s.restoring);
        const [s] = restoring;
        if (restoring.length === 1) rememberRecords(session.cache, { restores: [{ action: a.id, snapshot: { id: s.id, description: s.description } }] });
      } catch {
        // named by its server alone, as before
      }
    });
  }, [session, inFlight]);
}

/** The action panel's rows, each resource named from the session's lists and each failure given its reason. */
export function usePanelRows(session: Session | null | undefined, dismissed: ReadonlySet<number>): ActionRow[] {
  const snapshot = useTrackerSnapshot(session?.tracker);
  useRestoresStartedElsewhere(session, snapshot.inFlight);
  const bulk = session?.bulk;
  const bulkVersion = useBulkVersion(bulk);
  const src = useNameSources(session);
  // a name once known stays: a server deleted by the action leaves the list, not the panel
  const known = useRef(new Map<number, string>());
  return useMemo(() => {
    const names = known.current;
    // the actions of a bulk key are one line per group (bulkVersion: a request answered changes the line)
    const { snapshot: own, present } = withoutGrouped(bulkVersion >= 0 ? snapshot : snapshot, bulk);
    const rows = panelRows(own, dismissed, (a) => {
      let resource = actionResourceName(src, a);
      if (resource !== bareName(a)) names.set(a.id, resource);
      else resource = names.get(a.id) ?? resource;
      if (names.size > 500) names.delete(names.keys().next().value!);
      return { resource, error: a.status === 'failed' ? failureText(a) : undefined };
    });
    return foldGroups(rows, bulk, present, dismissed);
  }, [snapshot, dismissed, src, bulk, bulkVersion]);
}

const PAST: Record<string, string> = {
  power_off: 'Powered off',
  power_on: 'Powered on',
  create_server: 'Created',
  delete_server: 'Deleted',
  create_snapshot: 'Took snapshot',
  delete_snapshot: 'Deleted snapshot',
  rollback: 'Restored',
};

/** A completed action in words: `Powered off web-2 (ec206902).` */
function doneText(a: TrackedAction, resource: string): string {
  const past = PAST[a.type];
  return past ? `${past} ${resource}.` : `${typeWords(a.type)} of ${resource}: done.`;
}

/**
 * An action that ends says so on the status line at once, in place of whatever it said when the action
 * started (`Powering off web-1…` is not left standing after the panel shows ✓ done or ✗ failed): a failure
 * with the resource's name and the reason, always; a success when the line still speaks of that action.
 */
export function useFailureNotice(
  session: Session | null | undefined,
  report: (kind: 'error' | 'info', text: string, source?: string) => void,
  showing: () => { actions?: readonly number[] } | null,
): void {
  useEffect(() => {
    if (!session) return;
    return session.tracker.onFinished((a) => {
      // a bulk action's failures are told once, by its summary (ui/resource/bulk.ts)
      if (session.bulk.groupOf(a.id)) return;
      const name = () => actionResourceName(nameSources(session.cache), a);
      if (a.status === 'failed') return report('error', `${typeWords(a.type)} of ${name()} ${failureText(a)}`, 'action');
      const spoken = showing()?.actions;
      if (!spoken?.includes(a.id)) return;
      const running = new Set(session.tracker.snapshot().inFlight.map((x) => x.id));
      const left = spoken.filter((id) => id !== a.id && running.has(id));
      if (left.length > 0) return;
      report('info', spoken.length === 1 ? doneText(a, name()) : `Done: ${spoken.length} actions.`, 'action');
    });
  }, [session, report, showing]);
}
