// `:snapshots`: the snapshots of every server, loaded a few servers at a time.
import { ApiError, type Client, type Snapshot, type SnapshotSchedule } from '../../api/index.js';
import { mapPooled } from '../../session/pool.js';
import type { Session } from '../../session/session.js';
import { RETENTION_BY_WEEKDAY, type Weekday } from '../../rules/index.js';
import type { Column } from '../components/Table.js';
import { formatDate, gigabytes, serverLabel, snapshotName, statusWord, weekday, WEEKDAYS, yesNo } from '../format.js';
import { char } from '../keymap.js';
import { knownServerLabel, knownServerNotes, serverSnapshotsKey } from '../hooks/useActionNames.js';
import { askDialog } from '../resource/ask.js';
import { defineResource, field, type ConfirmSpec, type FieldSpec, type FormSpec, type FormValues, type KeyContext, type KeySpec, type Outcome, type ResourceSpec } from '../resource/spec.js';
import { statusRole } from '../theme.js';
import { date, size } from './columns.js';

interface SnapshotRow extends Snapshot {
  server: string;
  /** the server's notes, as `:snapshots` read them with the servers: how a person knows it */
  serverNotes?: string;
}

/** The snapshot states in words: CG Creating, CD Created, DE Deleting, DD Deleted. */
export function snapshotStatus(s: Pick<Snapshot, 'status' | 'statusLabel'>): string {
  return statusWord(s.statusLabel || s.status);
}

/** Every server's snapshots, four servers at a time: an estate of hundreds must not open hundreds of requests. */
export async function allSnapshots(client: Client, signal: AbortSignal): Promise<SnapshotRow[]> {
  const servers = await client.servers.list({ signal });
  const each = await mapPooled(servers, 4, async (s) => (await client.snapshots.list(s.name, { signal })).map((snap) => ({ ...snap, server: s.name, serverNotes: s.notes })));
  return each.flat();
}

/** At most this many protected snapshots per server (spec, limits). */
const MAX_PROTECTED = 12;

/**
 * A snapshot as its dialogs name it: `107 "release 2.4" of web-2 (ec206902)`. The list of every server mixes
 * them, so the server is named by its notes too, as a person knows it, before anything is deleted or
 * protected for good.
 */
const serverOf = (s: SnapshotRow): string => serverLabel({ name: s.server, notes: s.serverNotes });
const snapLabel = (s: SnapshotRow): string => `${snapshotName(s.id, s.description)} of ${serverOf(s)}`;
/** A snapshot on its way out (the client reads the service's `DE` and `DD` as these words). */
export const isGoing = (s: Pick<Snapshot, 'status'>): boolean => s.status === 'deleting' || s.status === 'deleted';
const gone = (s: SnapshotRow): string | null => (isGoing(s) ? `snapshot ${s.id} is being deleted` : null);

/** `c`: a server (its name or notes), a description and notes; the progress shows in the action panel. */
/** What a new snapshot asks once its server is known, in tui.md's order; used by `s` on a server too. */
export const SNAPSHOT_FIELDS: readonly FieldSpec[] = [
  { id: 'description', label: 'Description', placeholder: 'e.g. before upgrade' },
  { id: 'notes', label: 'Notes', optional: true },
];

/** Takes a snapshot of `server` from the form's values; its action is followed in the panel. */
export async function takeSnapshot<T>(client: Client, server: string, values: FormValues, label: string): Promise<{ outcome: Outcome<T>; id: number }> {
  const change = await client.snapshots.create(server, { description: String(values.description).trim(), notes: String(values.notes ?? '') });
  const records = { snapshots: [{ ...change.snapshot, server }] };
  return { outcome: { actions: [change.action], records, message: `Taking a snapshot of ${label}…` }, id: change.snapshot.id };
}

const createSnapshot: FormSpec<SnapshotRow> = {
  title: 'New snapshot',
  consequence: 'A protected snapshot of the disk is taken while the server runs; it is kept until deleted by hand.',
  fields: [
    {
      id: 'server',
      label: 'Server',
      kind: 'choice',
      choices: async ({ client }) => (await client.servers.list()).map((v) => ({ value: v.name, label: v.notes || v.name, description: v.name })),
    },
    ...SNAPSHOT_FIELDS,
  ],
  verb: 'take it',
  async submit(values, { client, session }) {
    const server = String(values.server);
    const { outcome, id } = await takeSnapshot<SnapshotRow>(client, server, values, knownServerLabel(session.cache, server));
    return { ...outcome, select: `${server}:${id}` };
  },
};

/** `e`: description and notes, each sent only when changed. */
const editSnapshot: FormSpec<SnapshotRow> = {
  title: (s) => `Edit snapshot ${s ? snapLabel(s) : ''}`,
  fields: (s) => [
    { id: 'description', label: 'Description', initial: s?.description ?? '' },
    { id: 'notes', label: 'Notes', initial: s?.notes ?? '', optional: true },
  ],
  verb: 'save',
  async submit(values, { client }, s) {
    const change: { description?: string; notes?: string } = {};
    if (String(values.description) !== s!.description) change.description = String(values.description);
    if (String(values.notes) !== s!.notes) change.notes = String(values.notes);
    if (Object.keys(change).length === 0) return { message: 'Nothing changed.' };
    await client.snapshots.update(s!.server, s!.id, change);
    return { message: `Saved snapshot ${s!.id} of ${serverOf(s!)}.` };
  },
};

const deleteSnapshot: ConfirmSpec<SnapshotRow> = {
  kind: 'yesno',
  refuse: gone,
  title: (s) => `Delete snapshot ${snapLabel(s)}?`,
  consequence: (s) =>
    s.protected
      ? 'It is a protected snapshot, kept until now because someone took it by hand: it is deleted for good.'
      : 'It was made by the weekly schedule; it is deleted for good.',
  async run(s, { client }) {
    const change = await client.snapshots.remove(s.server, s.id);
    // its words stay known once no list holds it: `:actions` and the panel name what was deleted
    return { actions: [change.action], records: { snapshots: [s] }, message: `Deleting snapshot ${s.id} of ${serverOf(s)}…` };
  },
};

function protectSnapshot(s: SnapshotRow, protectedCount: number): ConfirmSpec<SnapshotRow> {
  return {
    kind: 'yesno',
    title: () => `Protect snapshot ${snapLabel(s)}?`,
    consequence: () =>
      `It will be kept until deleted by hand, no longer removed by the schedule's retention. This cannot be undone: the service refuses to unprotect a snapshot. ${protectedCount} of ${MAX_PROTECTED} protected on ${serverOf(s)}.`,
    verb: 'protect',
    async run(row, { client }) {
      await client.snapshots.protect(row.server, row.id);
      return { message: `Snapshot ${row.id} of ${serverOf(row)} is protected.` };
    },
  };
}

/** `p`: protecting is one way, and twelve at most per server: both said before asking. */
function askProtect(s: SnapshotRow, ctx: KeyContext<SnapshotRow>): void {
  ctx.run(`Counting the protected snapshots of ${serverOf(s)}`, async () => {
    const count = (await ctx.client.snapshots.list(s.server)).filter((x) => x.protected && !isGoing(x)).length;
    if (count >= MAX_PROTECTED) throw new Error(`${serverOf(s)} already has ${count} protected snapshots, the most the service keeps: delete one first`);
    ctx.open({ kind: 'confirm', confirm: protectSnapshot(s, count), row: s });
  });
}

/** Why a snapshot cannot be restored now, said before asking: only a finished snapshot can, and one at a time. */
function restoreRefusal(s: SnapshotRow): string | null {
  const going = gone(s);
  if (going !== null) return going;
  if (s.restoring) return `${serverOf(s)} is being restored from snapshot ${s.id} now: the panel follows it`;
  if (s.status !== 'created') return `snapshot ${s.id} cannot be restored until it is Created (it is ${snapshotStatus(s)})`;
  return null;
}

/**
 * `R`: the server's disk put back as the snapshot holds it. Everything written since is lost and nothing
 * brings it back, so the server's name is typed, as for deleting it; the words say when the snapshot was
 * taken and how to keep what is there now.
 */
const restoreFromSnapshot: ConfirmSpec<SnapshotRow> = {
  kind: 'typed',
  title: (s) => `Restore ${serverOf(s)} from snapshot ${snapshotName(s.id, s.description)}`,
  consequence: (s) =>
    `The disk of ${serverOf(s)} is put back as it was when the snapshot was taken${s.createdAt ? ` (${formatDate(s.createdAt)} UTC)` : ''}: everything written to it since is lost. This cannot be undone. To keep what is there now, take a snapshot of it first (c).`,
  name: (s) => s.server,
  verb: 'restore',
  what: (s) => `Restoring ${serverOf(s)} from snapshot ${s.id}`,
  refuse: restoreRefusal,
  async run(s, { client }) {
    const action = await client.servers.rollback(s.server, s.id);
    // the action names only the server: the panel and :actions say which snapshot from what is kept here
    const records = { restores: [{ action: action.id, snapshot: { id: s.id, description: s.description } }] };
    return { actions: [action], records, message: `Restoring ${serverOf(s)} from snapshot ${s.id}…` };
  },
};

const templateFromSnapshot: FormSpec<SnapshotRow> = {
  title: (s) => `Template from snapshot ${s ? snapLabel(s) : ''}`,
  consequence: "A private image is made from the snapshot; new servers can start from it. It takes minutes, the panel follows it.",
  fields: (s) => [{ id: 'description', label: 'Description', initial: s?.description ?? '' }],
  verb: 'make it',
  async submit(values, { client }, s) {
    const created = await client.templates.create({ description: String(values.description).trim(), snapshot: s!.id });
    return {
      track: [{ id: created.actionId, status: 'in-progress', progress: 0, type: 'create_template', resource: created.template.name, resourceType: 'DI' }],
      records: { templates: [created.template] },
      message: `Making a template from snapshot ${s!.id}…`,
    };
  },
};

const SNAPSHOT_COLUMNS: readonly Column<SnapshotRow>[] = [
  // the list mixes servers: each is named as a person knows it, `web-2 (ec206902)`, sorted and filtered so too
  { key: 'server', header: 'SERVER', render: serverOf, sortValue: serverOf, fit: true, minWidth: 10, maxWidth: 28, identity: true },
  { key: 'id', header: 'ID', width: 6, align: 'right', identity: true },
  { key: 'description', header: 'DESCRIPTION', minWidth: 12, width: 20, flex: 2, priority: 1 },
  { key: 'status', header: 'STATUS', width: 9, render: snapshotStatus, color: (s) => statusRole(snapshotStatus(s)) },
  { key: 'protected', header: 'PROTECTED', width: 9, render: (s) => yesNo(s.protected), priority: 2 },
  size<SnapshotRow>('sizeOnDisk', 'SIZE'),
  { key: 'notes', header: 'NOTES', minWidth: 10, flex: 1, priority: 5, wide: true },
  { key: 'name', header: 'NAME', fit: true, maxWidth: 22, priority: 6, wide: true },
  date<SnapshotRow>('createdAt', 'CREATED', 3),
];

const base = {
  name: 'snapshots',
  aliases: ['snap', 'snaps', 'snapshot'],
  title: 'Snapshots (all servers)',
  singular: 'Snapshot',
  rowKey: (s) => `${s.server}:${s.id}`,
  copyId: (s) => String(s.id),
  label: snapLabel,
  columns: SNAPSHOT_COLUMNS,
  defaultSort: { column: 'createdAt', descending: true },
  load: ({ client }, signal) => allSnapshots(client, signal),
  live: true,
  empty: 'no snapshots: s on a server takes one',
  create: createSnapshot,
  // one on its way out is not edited: the key says why rather than doing nothing
  edit: (s) => gone(s) ?? { kind: 'form', form: editSnapshot, row: s },
  remove: deleteSnapshot,
  // d on every marked snapshot: the number typed, the requests paced (ui/resource/bulk.ts)
  bulk: [
    {
      key: 'delete',
      type: 'delete_snapshot',
      verb: 'delete',
      confirm: 'typed',
      consequence: 'The snapshots are deleted for good, protected ones too.',
      refuse: gone,
      send: async (s, { client }) => (await client.snapshots.remove(s.server, s.id)).action,
    },
  ],
  keys: [
    {
      id: 'snapshots.protect',
      keys: ['p'],
      match: char('p'),
      description: 'protect the selected snapshot: kept until deleted by hand (one way; 12 per server at most)',
      hint: 'protect',
      rank: 23,
      write: true,
      refuse: (s) => gone(s) ?? (s.protected ? `snapshot ${s.id} is already protected (and the service never unprotects one)` : null),
      run: askProtect,
    },
    {
      id: 'snapshots.restore',
      keys: ['R'],
      match: char('R'),
      description: "restore the snapshot's server from it: its disk as the snapshot holds it (its name typed)",
      hint: 'restore',
      rank: 22,
      write: true,
      refuse: restoreRefusal,
      run: (s, ctx) => ctx.open({ kind: 'confirm', confirm: restoreFromSnapshot, row: s }),
    },
    {
      id: 'snapshots.template',
      keys: ['T'],
      match: char('T'),
      description: 'make a template from the selected snapshot',
      hint: 'template',
      rank: 24,
      write: true,
      refuse: gone,
      run: (s, ctx) => ctx.open({ kind: 'form', form: templateFromSnapshot, row: s }),
    },
  ],
  record: (s) => [
    {
      fields: [
        field('ID', s.id),
        field('Name', s.name),
        field('Server', s.server),
        field('Description', s.description),
        field('Notes', s.notes),
        field('Status', snapshotStatus(s), statusRole(snapshotStatus(s))),
        field('Protected', s.protected ? 'yes: kept until deleted by hand' : 'no: made by the schedule, subject to retention'),
        field('Size on disk', s.sizeOnDisk === null ? '—' : gigabytes(s.sizeOnDisk)),
        field('Last restored', yesNo(s.isLastRestored)),
        field('Restoring now', yesNo(s.restoring)),
        field('Parent', s.parentId === null ? '—' : `${s.parentId}${s.parentName ? ` (${s.parentName})` : ''}`),
        field('UUID', s.uid),
      ],
    },
    { title: 'Times (UTC)', fields: [field('Created', formatDate(s.createdAt)), field('Updated', formatDate(s.updatedAt)), field('Deleted', formatDate(s.deletedAt))] },
  ],
} satisfies ResourceSpec<SnapshotRow>;

export default defineResource<SnapshotRow>(base);

// --- the weekly schedule, on a server's Snapshots tab ---------------------------------------------------------

export const scheduleCacheKey = (server: string): string => `schedule:${server}`;

/** The server's weekly schedule, or null when it has none (the service answers 404). */
export async function loadSchedule(client: Client, server: string): Promise<SnapshotSchedule | null> {
  try {
    return await client.schedules.get(server);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

/** `Weekly schedule: Sundays, keeps 2 · on · last run 2026-11-22 03:00 ok`, or that there is none. */
export function scheduleText(s: SnapshotSchedule | null | undefined): string {
  if (s === undefined) return 'Weekly schedule: loading…';
  if (s === null) return 'No weekly schedule: w sets one';
  const day = weekday(s.dayOfWeek);
  const last = s.lastRunAt ? ` · last run ${formatDate(s.lastRunAt)}${s.lastRunStatus ? ` ${s.lastRunStatus}` : ''}` : '';
  return `Weekly schedule: ${day}s, keeps ${s.maxRetention} · ${s.enabled ? 'on' : 'off'}${last}`;
}

/** The schedule's keys, drawn whole after its line (which is cut first when the width is short). */
export function scheduleKeys(s: SnapshotSchedule | null | undefined): string {
  return s ? `w change  W ${s.enabled ? 'off' : 'on'}  D delete` : '';
}

/** Why a number of snapshots to keep cannot be asked for that day: not a whole number, or above the day's limit. */
export function keepProblem(text: string, day: number): string | null {
  const limit = RETENTION_BY_WEEKDAY[day as Weekday];
  if (!/^\d+$/.test(text.trim()) || Number(text) < 1) return `a whole number of snapshots, 1 to ${limit ?? 'the day\'s limit'}`;
  if (limit !== undefined && Number(text) > limit) return `at most ${limit} kept on ${weekday(day)}s: the service keeps no more`;
  return null;
}

/** `server` is what the requests name; `named`, what the words say (`web-1 (ec206901)`). */
function scheduleForm(server: string, named: string, current: SnapshotSchedule | null): FormSpec<SnapshotRow> {
  return {
    title: current ? `Weekly snapshots of ${named}` : `A weekly snapshot of ${named}`,
    consequence: 'An unprotected snapshot is taken every week on that day; the oldest go when more than the kept number exist.',
    fields: [
      {
        id: 'day',
        label: 'Day',
        kind: 'choice',
        initial: String(current?.dayOfWeek ?? 0),
        choices: WEEKDAYS.map((d, i) => ({ value: String(i), label: d, description: `at most ${RETENTION_BY_WEEKDAY[i as Weekday]} kept` })),
      },
      {
        id: 'keep',
        label: 'Keep',
        initial: String(current?.maxRetention ?? ''),
        placeholder: 'how many to keep',
        // the weekday's limit is what the service keeps (rules/messages.ts): more is refused here, not dropped there
        check: (v, values) => keepProblem(String(v), Number(values.day)),
      },
    ],
    verb: current ? 'save' : 'set it',
    async submit(values, { client, session }) {
      const input = { dayOfWeek: Number(values.day), maxRetention: Number(String(values.keep).trim()) };
      const saved = current ? await client.schedules.update(server, input) : await client.schedules.create(server, input);
      session.cache.set(scheduleCacheKey(server), saved);
      return { message: `Weekly snapshots of ${named}: ${weekday(saved.dayOfWeek)}s, keeping ${saved.maxRetention}.` };
    },
  };
}

/** `D`: the service's DELETE of the schedule, after y/N; it stops the weekly snapshots (spec 4.6). */
function deleteSchedule(server: string, ctx: KeyContext<SnapshotRow>): void {
  const named = knownServerLabel(ctx.session.cache, server);
  ctx.run(`Reading the schedule of ${named}`, async () => {
    const current = await loadSchedule(ctx.client, server);
    if (current === null) throw new Error(`${named} has no weekly schedule: w sets one`);
    ctx.open({
      kind: 'custom',
      custom: askDialog({
        question: `Delete the weekly schedule of ${named}?`,
        consequence: `No more weekly snapshots of ${named} are taken, and retention no longer removes old ones; the snapshots it made stay. w sets a new schedule.`,
        onYes: () =>
          ctx.run(`Deleting the weekly schedule of ${named}`, async () => {
            const after = await ctx.client.schedules.disable(server);
            ctx.session.cache.set(scheduleCacheKey(server), after);
            return { message: `Weekly schedule of ${named} deleted: no more weekly snapshots.`, refresh: false };
          }),
        onNo: () => ctx.nav.report('info', 'Nothing was deleted.', 'action'),
      }),
    });
    return { message: `Weekly schedule of ${named}: ${weekday(current.dayOfWeek)}s, keeps ${current.maxRetention}.`, refresh: false };
  });
}

/** `w`: set or change the schedule; `W`: turn it on or off; `D`: delete it. */
const SCHEDULE_KEYS: ReadonlyArray<KeySpec<SnapshotRow>> = [
  {
    id: 'snapshots.schedule',
    keys: ['w'],
    match: char('w'),
    description: 'set or change the weekly snapshot schedule of this server',
    hint: 'schedule',
    rank: 25,
    write: true,
    noRow: true,
    run: (_row, ctx) => {
      const server = String(ctx.params.server ?? '');
      const named = knownServerLabel(ctx.session.cache, server);
      ctx.run(`Reading the schedule of ${named}`, async () => {
        ctx.open({ kind: 'form', form: scheduleForm(server, named, await loadSchedule(ctx.client, server)) });
      });
    },
  },
  {
    id: 'snapshots.scheduleOnOff',
    keys: ['W'],
    match: char('W'),
    description: 'turn the weekly snapshot schedule of this server on or off',
    rank: 26,
    write: true,
    noRow: true,
    run: (_row, ctx) => {
      const server = String(ctx.params.server ?? '');
      const named = knownServerLabel(ctx.session.cache, server);
      ctx.run(`Changing the schedule of ${named}`, async () => {
        const current = await loadSchedule(ctx.client, server);
        if (current === null) throw new Error(`${named} has no weekly schedule: w sets one`);
        const saved = await ctx.client.schedules.update(server, { enabled: !current.enabled });
        ctx.session.cache.set(scheduleCacheKey(server), saved);
        return { message: `Weekly snapshots of ${named} are ${saved.enabled ? 'on' : 'off'}.` };
      });
    },
  },
  {
    id: 'snapshots.scheduleDelete',
    keys: ['D'],
    match: char('D'),
    description: 'delete the weekly snapshot schedule of this server (asks y/N)',
    rank: 27,
    write: true,
    noRow: true,
    run: (_row, ctx) => deleteSchedule(String(ctx.params.server ?? ''), ctx),
  },
];

/** `c` on a server's Snapshots tab: description and notes (tui.md's field order), for the server shown. */
const createForServer: FormSpec<SnapshotRow> = {
  ...createSnapshot,
  title: 'New snapshot of this server',
  fields: SNAPSHOT_FIELDS,
  async submit(values, ctx) {
    const server = String(ctx.params.server ?? '');
    const { outcome, id } = await takeSnapshot<SnapshotRow>(ctx.client, server, values, knownServerLabel(ctx.session.cache, server));
    return { ...outcome, select: `${server}:${id}` };
  },
};

/** A server's snapshots as its Snapshots tab lists them, each with its server and the server's notes. */
function serverSnapshotRows(session: Session, server: string, snapshots: readonly Snapshot[]): SnapshotRow[] {
  // its notes from the session's lists (the detail holds the server): the dialogs name it as :snapshots does
  const serverNotes = knownServerNotes(session.cache, server);
  return snapshots.map((x) => ({ ...x, server, serverNotes }));
}

/**
 * The list a server's actions were read with (server-actions.ts reads its snapshots to find theirs), kept
 * where its Snapshots tab and the names of its actions find it: one request for the three.
 */
export function keepServerSnapshots(session: Session, server: string): (snapshots: readonly Snapshot[]) => void {
  return (snapshots) => session.cache.set(serverSnapshotsKey(server), serverSnapshotRows(session, server, snapshots));
}

/** The Snapshots tab of a server: the same keys, its snapshots only. */
export const serverSnapshots = defineResource<SnapshotRow, { server?: string }>({
  ...(base as unknown as ResourceSpec<SnapshotRow, { server?: string }>),
  name: 'server-snapshots',
  aliases: [],
  title: (p) => `Snapshots of ${p.server ?? ''}`,
  columns: SNAPSHOT_COLUMNS.filter((c) => c.key !== 'server'),
  load: async ({ client, params, session }, signal) => serverSnapshotRows(session, params.server ?? '', await client.snapshots.list(params.server ?? '', { signal })),
  cacheKey: (p) => serverSnapshotsKey(p.server ?? ''),
  create: createForServer,
  keys: [...(base.keys ?? []), ...SCHEDULE_KEYS],
  empty: 'no snapshots of this server: c takes one',
});
