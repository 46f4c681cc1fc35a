// `:servers`, the home screen: every server, live (refreshed every few seconds while shown, and at once when
// an action finishes), with the keys that act on one: power, console, snapshot, template, edit, delete, and
// the create wizard. The detail view (⏎) is server-detail.tsx.

import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import type { Group, Server } from '../../api/index.js';
import { GROUPS_CACHE_KEY, SERVERS_CACHE_KEY } from '../../session/cache.js';
import { askOnce } from '../../session/side-lists.js';
import type { Session } from '../../session/session.js';
import type { Column, LiveCells } from '../components/Table.js';
import { padStart } from '../text.js';
import { gappedSparkline, seriesStats, timeColumns } from './server-metrics.js';
import { SNAPSHOT_FIELDS, takeSnapshot } from './snapshots.js';
import { termKeys } from './server-terms.js';
import { sshKey } from '../ssh-key.js';
import { countdown, formatDate, megabytes, rate, serverLabel, statusWord as word } from '../format.js';
import { rateNow, useCostInputs, withCosts } from '../hooks/useCosts.js';
import { useSecondTick } from '../hooks/useSpotReclaims.js';
import { useCached } from '../hooks/useTracker.js';
import { char } from '../keymap.js';
import { defineResource, type BulkSpec, type ConfirmSpec, type Ctx, type FormSpec } from '../resource/spec.js';
import { statusRole, type Role } from '../theme.js';
import { date, groupLabel } from './columns.js';
import { NO_GROUP, consoleDialog, groupChoices, serverChange, wizardDialog } from './server-dialogs.js';

/** A server with its group's label and, on a detail, its running state (a list reads `session.power`). */
export type ServerRow = Server & { power?: string; groupName?: string; cost?: number };

/** kept with the session (boot prefetches it before the first screen) */
export { SERVERS_CACHE_KEY };

/** `Booted`, `Booting`, ... and `Off` for a booted server known to be powered off. */
export function statusWord(row: Pick<ServerRow, 'status' | 'power'>): string {
  if (row.status === 'booted' && row.power === 'shutoff') return 'Off';
  return word(row.status);
}

const OFF_ROLE = statusRole('Off');

function statusColor(row: Pick<ServerRow, 'status' | 'power' | 'spot'>): Role | undefined {
  if (isReclaimed(row)) return 'warn';
  return statusRole(statusWord(row));
}

/** A spot server under the service's reclaim notice: its row counts down to `terminate_at`. */
const isReclaimed = (row: Pick<ServerRow, 'spot'>): boolean => row.spot?.status === 'terminating' && row.spot.terminateAt !== null;

/** `⚠ ends 1:43`, by the service's clock. */
function reclaimCell(row: Pick<ServerRow, 'spot'>, serviceNowMs: number): string {
  return `⚠ ends ${countdown((row.spot!.terminateAt!.getTime() - serviceNowMs) / 1000)}`;
}

/** `4 vCPU · 4 GB`, from the server's own record. */
const sizeText = (s: Pick<Server, 'planSize'>): string => (s.planSize ? `${s.planSize.core} vCPU · ${megabytes(s.planSize.ram)}` : '—');

/** `spot`, `reserved`, `spot ⚠` (being reclaimed): the pricing a server runs under. */
function flagsText(s: Pick<Server, 'spot' | 'isReserved'>): string {
  const flags: string[] = [];
  if (s.spot) flags.push(s.spot.status === 'terminating' ? 'spot ⚠' : s.spot.status === 'promoted' ? 'promoted' : 'spot');
  if (s.isReserved) flags.push('reserved');
  return flags.join(' ');
}

const CPU_GRAPH = 8;
const CPU_CELL = CPU_GRAPH + 5;

/**
 * `▂▃▅▇▅▃▂▁  40%`: the last hour in eight columns (gaps where there is no data) and the last value; for a
 * server known to be off, `off` in place of the value (the service's last point may be from before it went
 * off, and a figure such as `62%` beside `Off` would say it still runs).
 */
function cpuCell(sample: { points: readonly { at: Date; value: number }[]; start: number; end: number } | undefined, off = false): string {
  if (!sample) return '';
  const stats = seriesStats(sample.points);
  if (!stats) return '';
  return `${gappedSparkline(timeColumns(sample.points, sample.start, sample.end, CPU_GRAPH), 100)} ${padStart(off ? 'off' : `${Math.round(stats.last)}%`, 4)}`;
}

/** The account's groups, for their names: fetched once per session when first needed, quietly. */
export function useGroups(session: Session): Group[] | undefined {
  const groups = useCached<Group[]>(session.cache, GROUPS_CACHE_KEY);
  useEffect(() => {
    askOnce(session, GROUPS_CACHE_KEY);
  }, [session]);
  return groups;
}

export const SERVER_COLUMNS: readonly Column<ServerRow>[] = [
  { key: 'name', header: 'NAME', width: 10, identity: true },
  { key: 'notes', header: 'NOTES', minWidth: 12, width: 16, flex: 2, priority: 1 },
  { key: 'plan', header: 'PLAN', width: 8, priority: 3 },
  { key: 'location', header: 'LOCATION', width: 8, priority: 3 },
  { key: 'image', header: 'IMAGE', minWidth: 10, width: 13, flex: 1, priority: 4 },
  { key: 'status', header: 'STATUS', width: 11, identity: true, render: statusWord, sortValue: statusWord, color: statusColor },
  // drawn from the status endpoint for the booted rows on screen (useLive below); empty until known. STATUS
  // says `Off` at any width; this column, when there is room, tells a server known to run from one not asked yet
  { key: 'power', header: 'POWER', width: 5, wide: true, render: () => '' },
  // what the server costs per hour now (rules/costs.ts); a server known to be off gets its offline rate live
  { key: 'cost', header: 'COST/H', width: 9, align: 'right', wide: true, render: (r) => rate(r.cost), sortValue: (r) => r.cost ?? -1 },
  // drawn from the CPU sampler for the rows on screen (useLive below); empty until the first sample
  { key: 'cpu', header: 'CPU 1h', width: CPU_CELL, priority: 2, render: () => '', sortable: false },
  { key: 'ipv4', header: 'IPV4', width: 15, priority: 2, render: (r) => r.ipv4 ?? '' },
  date<ServerRow>('createdAt', 'CREATED', 5),
  { key: 'size', header: 'SIZE', fit: true, maxWidth: 22, wide: true, render: sizeText, sortValue: (r) => r.planSize?.core ?? 0 },
  { key: 'groupName', header: 'GROUP', fit: true, maxWidth: 16, wide: true },
  { key: 'flags', header: 'PRICING', width: 14, wide: true, render: flagsText },
  { key: 'ipv6', header: 'IPV6', fit: true, maxWidth: 39, wide: true, render: (r) => r.ipv6 ?? '' },
];

/** Rows with the group label the session knows; the same rows while it did not change. */
export function withKnown(servers: readonly Server[], groups: readonly Group[] | undefined): ServerRow[] {
  if (!groups?.length) return servers as ServerRow[];
  return servers.map((s) => {
    const g = s.group ? groupLabel(s.group, groups) : undefined;
    return g === undefined ? s : { ...s, groupName: g };
  });
}

const rowsMade = new WeakMap<readonly Server[], { groups: readonly Group[] | undefined; account: unknown; plans: unknown; rows: ServerRow[] }>();

/**
 * The list's rows with their groups' names and hourly costs, made once per list, groups, discounts and prices,
 * whichever screen asks: the start-up rehearsal's copy of the app (boot/rehearsal.ts) draws the same list, and
 * had been making its own 10,000 rows, and with them its own search texts.
 */
export function serverRows(servers: readonly Server[], groups: readonly Group[] | undefined, session: Session, costs: ReturnType<typeof useCostInputs>): ServerRow[] {
  const made = rowsMade.get(servers);
  if (made && made.groups === groups && made.account === costs.account && made.plans === costs.plans) return made.rows;
  const rows = withCosts(withKnown(servers, groups), session, costs);
  rowsMade.set(servers, { groups, account: costs.account, plans: costs.plans, rows });
  return rows;
}

/** `on`, `off`, the service's own word, or nothing while it is not known (or not asked: a server not booted). */
export function powerCell(state: string | undefined): string {
  return state === undefined ? '' : state === 'running' ? 'on' : state === 'shutoff' ? 'off' : state;
}

/** The power state the session knows of a server (a detail's row carries the one it read). */
const powerOf = (s: ServerRow, ctx: Pick<Ctx, 'session'>): string | undefined => s.power ?? ctx.session.power.state(s.name);

/** `p` on a server known to be running and `P` on one known to be off say so at once instead of asking. */
function powerRefusal(s: ServerRow, ctx: Pick<Ctx, 'session'>, on: boolean): string | null {
  const state = powerOf(s, ctx);
  if (on && state === 'running') return `${serverLabel(s)} is already running`;
  if (!on && state === 'shutoff') return `${serverLabel(s)} is already off`;
  return null;
}

const groupList = async (ctx: Ctx): Promise<Group[]> => {
  const groups = await ctx.client.groups.list();
  ctx.session.cache.set(GROUPS_CACHE_KEY, groups);
  return groups;
};

const editServer: FormSpec<ServerRow> = {
  title: (s) => `Edit ${s ? serverLabel(s) : 'server'}`,
  fields: (s) => [
    { id: 'notes', label: 'Notes', initial: s?.notes ?? '', optional: true, placeholder: 'a label for the server' },
    { id: 'group', label: 'Group', kind: 'choice', initial: s?.group ?? NO_GROUP, optional: true, choices: async (ctx) => groupChoices(await groupList(ctx)) },
  ],
  verb: 'save',
  async submit(values, { client }, s) {
    const change = serverChange(s!, String(values.notes), String(values.group));
    if (change.notes === undefined && change.group === undefined) return { message: 'Nothing changed.', refresh: false };
    await client.servers.update(s!.name, change);
    return { message: `Saved ${serverLabel({ name: s!.name, notes: change.notes ?? s!.notes })}.` };
  },
};

export const deleteServer: ConfirmSpec<ServerRow> = {
  kind: 'typed',
  title: (s) => `Delete server ${serverLabel(s)}`,
  consequence: () => 'The server and its disks are deleted for good. This cannot be undone.',
  verb: 'delete',
  // checked before asking: the service refuses to destroy a server inside its reserved period
  refuse: (s, { client }) =>
    notDeleting(s) ??
    (s.isReserved && s.reservedUntil !== null && s.reservedUntil.getTime() > client.serviceNow().getTime()
      ? `${serverLabel(s)} has an active reserved period until ${formatDate(s.reservedUntil)} UTC: destroy is disabled until it ends`
      : null),
  async run(s, { client }) {
    return { actions: [await client.servers.remove(s.name)], message: `Deleting ${serverLabel(s)}…` };
  },
};

const powerConfirm = (on: boolean): ConfirmSpec<ServerRow> => ({
  kind: 'yesno',
  title: (s) => `Power ${on ? 'on' : 'off'} ${serverLabel(s)}?`,
  consequence: () =>
    on
      ? 'The server starts and boots its system; it answers again in a few seconds.'
      : 'The server stops at once, as if its power were cut: anything not saved inside it is lost. p powers it on again.',
  verb: on ? 'power on' : 'power off',
  async run(s, { client }) {
    const action = on ? await client.servers.powerOn(s.name) : await client.servers.powerOff(s.name);
    return { actions: [action], message: `Powering ${on ? 'on' : 'off'} ${serverLabel(s)}…` };
  },
});

const snapshotForm: FormSpec<ServerRow> = {
  title: (s) => `Snapshot of ${s ? serverLabel(s) : 'server'}`,
  consequence: 'A protected snapshot of the disk is taken while the server runs.',
  fields: SNAPSHOT_FIELDS,
  verb: 'take it',
  async submit(values, { client }, s) {
    return (await takeSnapshot<ServerRow>(client, s!.name, values, serverLabel(s!))).outcome;
  },
};

const templateForm: FormSpec<ServerRow> = {
  title: (s) => `Template from ${s ? serverLabel(s) : 'server'}`,
  consequence: "A private image is made from the server's disk; new servers can start from it.",
  fields: [{ id: 'description', label: 'Description', placeholder: 'e.g. web base image' }],
  verb: 'make it',
  async submit(values, { client }, s) {
    const created = await client.templates.create({ description: String(values.description).trim(), server: s!.name });
    return {
      track: [{ id: created.actionId, status: 'in-progress', progress: 0, type: 'create_template', resource: created.template.name, resourceType: 'DI' }],
      records: { templates: [created.template] },
      message: `Making a template from ${serverLabel(s!)}…`,
    };
  },
};

/** `S`: a spot server becomes on-demand, for good (spec 3.5): what the service answered, in words. */
const promoteConfirm: ConfirmSpec<ServerRow> = {
  kind: 'yesno',
  title: (s) => `Promote ${serverLabel(s)} to on-demand?`,
  consequence: (s) =>
    `It stops being a spot server: the service can no longer reclaim it, and it is billed at the plan's full price from now on${s.spot?.discount ? ` (no more ${Math.round(s.spot.discount * 100)}% off)` : ''}.`,
  verb: 'promote',
  async run(s, { client }) {
    const after = await client.servers.promoteSpot(s.name);
    return { message: after.status === 'promoted' ? `${serverLabel(s)} is on-demand now: it will not be reclaimed.` : `${serverLabel(s)}: spot status ${after.status}.` };
  },
};

/** Promotion is said to be pointless or impossible before asking. */
function promoteRefusal(s: ServerRow): string | null {
  if (!s.spot) return `${serverLabel(s)} is not a spot server`;
  if (s.spot.status === 'promoted') return `${serverLabel(s)} is already on-demand`;
  if (s.spot.status === 'terminating') return `${serverLabel(s)} is being reclaimed: termination is already scheduled`;
  if (s.spot.status === 'terminated') return `${serverLabel(s)} was reclaimed: the instance is already terminated`;
  return null;
}

/** Server keys that make no sense on a server being deleted say so at once. */
const notDeleting = (s: ServerRow): string | null => (s.status === 'deleting' || s.status === 'deleted' ? `${serverLabel(s)} is being deleted` : null);

/** A marked server a power key or a snapshot cannot act on: one not Booted is named and skipped. */
const notBooted = (s: ServerRow): string | null => notDeleting(s) ?? (s.status === 'booted' ? null : `${serverLabel(s)} is not Booted (${statusWord(s)})`);

/** `p`, `P`, `s`, `d` on every marked server (ui/resource/bulk.ts asks once and paces the requests). */
const SERVER_BULK: readonly BulkSpec<ServerRow>[] = [
  {
    key: 'servers.powerOn',
    type: 'power_on',
    verb: 'power on',
    confirm: 'yesno',
    consequence: 'Each server starts and boots its system.',
    refuse: (s, ctx) => notBooted(s) ?? powerRefusal(s, ctx, true),
    send: (s, { client }) => client.servers.powerOn(s.name),
  },
  {
    key: 'servers.powerOff',
    type: 'power_off',
    verb: 'power off',
    confirm: 'yesno',
    consequence: 'Each server stops at once, as if its power were cut: anything not saved inside it is lost.',
    refuse: (s, ctx) => notBooted(s) ?? powerRefusal(s, ctx, false),
    send: (s, { client }) => client.servers.powerOff(s.name),
  },
  {
    key: 'servers.snapshot',
    type: 'create_snapshot',
    verb: 'snapshot',
    confirm: 'yesno',
    consequence: 'A protected snapshot of each disk is taken while the server runs, described `bulk snapshot` and the time.',
    refuse: notBooted,
    send: async (s, { client }) => {
      const at = client.serviceNow().toISOString().slice(0, 16).replace('T', ' ');
      return (await client.snapshots.create(s.name, { description: `bulk snapshot ${at} UTC`, notes: '' })).action;
    },
  },
  {
    key: 'delete',
    type: 'delete_server',
    verb: 'delete',
    confirm: 'typed',
    consequence: 'The servers and their disks are deleted for good. This cannot be undone.',
    refuse: (s, ctx) => deleteServer.refuse?.(s, ctx) ?? null,
    send: (s, { client }) => client.servers.remove(s.name),
  },
];

export default defineResource<ServerRow>({
  name: 'servers',
  aliases: ['srv', 'server', 'vm', 'vms'],
  title: 'Servers',
  singular: 'Server',
  rowKey: (s) => s.name,
  label: serverLabel,
  columns: SERVER_COLUMNS,
  defaultSort: { column: 'name', descending: false },
  // reuse: a refresh that brings the same answer gives back the same rows, without parsing 10,000 servers again
  load: ({ client }, signal) => client.servers.list({ signal, reuse: true }),
  cacheKey: () => SERVERS_CACHE_KEY,
  live: true,
  useRows(rows, { session }) {
    const groups = useGroups(session);
    const costs = useCostInputs(session);
    return useMemo(() => serverRows(rows as Server[], groups, session, costs), [rows, groups, session, costs]);
  },
  useLive({ session }): LiveCells<ServerRow> {
    const sampler = session.cpu;
    const power = session.power;
    const costs = useCostInputs(session);
    const [, redraw] = useReducer((n: number) => n + 1, 0);
    useEffect(() => sampler.subscribe(redraw), [sampler]);
    useEffect(() => power.subscribe(redraw), [power]);
    // the list gone (another screen, a detail), its rows are no longer on screen: nothing is asked for them
    useEffect(
      () => () => {
        sampler.show([]);
        power.show([]);
      },
      [sampler, power],
    );
    // a row under a spot reclaim notice counts down: a second's tick while one is on screen, none otherwise
    const [dyingShown, setDyingShown] = useState(false);
    const tick = useSecondTick(dyingShown);
    const tickRef = useRef(tick);
    tickRef.current = tick;
    return useMemo(
      () => ({
        text: (row, column) => {
          if (column === 'cpu') return cpuCell(sampler.sample(row.name), row.status === 'booted' && power.state(row.name) === 'shutoff');
          if (column === 'power') return powerCell(power.state(row.name));
          if (column === 'cost') return row.status === 'booted' && power.state(row.name) === 'shutoff' ? rate(rateNow(session, costs, row, 'shutoff')?.hourly) : undefined;
          if (column !== 'status') return undefined;
          if (isReclaimed(row)) return reclaimCell(row, session.client.serviceNow().getTime());
          return row.status === 'booted' && power.state(row.name) === 'shutoff' ? 'Off' : undefined;
        },
        // a server shut off is dim in those columns and its CPU's; anything else keeps the column's own colour
        color: (row, column) =>
          (column === 'power' || column === 'cpu' || (column === 'status' && !isReclaimed(row))) && row.status === 'booted' && power.state(row.name) === 'shutoff'
            ? OFF_ROLE
            : undefined,
        version: (row) => {
          const v = sampler.version(row.name) * 1024 + power.version(row.name);
          return isReclaimed(row) ? `${v}:${tickRef.current}` : v;
        },
        onWindow: (rows) => {
          sampler.show(rows.map((r) => r.name));
          // only a booted server can be running or shut off: one being created or deleted is not asked
          power.show(rows.filter((r) => r.status === 'booted').map((r) => r.name));
          setDyingShown(rows.some(isReclaimed));
        },
      }),
      [sampler, power, session, costs],
    );
  },
  empty: 'no servers yet: c creates one',
  open: (s, nav) => nav.push('server', { server: s.name }, `Server ${serverLabel(s)}`),
  create: (ctx) => ({ kind: 'custom', custom: wizardDialog(ctx) }),
  edit: editServer,
  remove: deleteServer,
  bulk: SERVER_BULK,
  keys: [
    { id: 'servers.powerOn', keys: ['p'], match: char('p'), description: 'power on the selected server (asks y/N)', hint: 'power on', rank: 23, write: true, refuse: (s, ctx) => notDeleting(s) ?? powerRefusal(s, ctx, true), run: (s, ctx) => ctx.open({ kind: 'confirm', confirm: powerConfirm(true), row: s }) },
    { id: 'servers.powerOff', keys: ['P'], match: char('P'), description: 'power off the selected server (asks y/N)', hint: 'power off', rank: 24, write: true, refuse: (s, ctx) => notDeleting(s) ?? powerRefusal(s, ctx, false), run: (s, ctx) => ctx.open({ kind: 'confirm', confirm: powerConfirm(false), row: s }) },
    // asking for a console key creates an action on the service: a write, hidden in read-only (issue #6)
    { id: 'servers.console', keys: ['C'], match: char('C'), description: 'open the console of the selected server (the key stays masked until v)', hint: 'console', rank: 25, write: true, refuse: notDeleting, run: (s, ctx) => ctx.open({ kind: 'custom', custom: consoleDialog(ctx.client, s, ctx.nav) }) },
    { id: 'servers.snapshot', keys: ['s'], match: char('s'), description: 'take a snapshot of the selected server', hint: 'snapshot', rank: 26, write: true, refuse: notDeleting, run: (s, ctx) => ctx.open({ kind: 'form', form: snapshotForm, row: s }) },
    { id: 'servers.promote', keys: ['S'], match: char('S'), description: 'promote the selected spot server to on-demand (asks y/N)', rank: 28, write: true, refuse: (s) => notDeleting(s) ?? promoteRefusal(s), run: (s, ctx) => ctx.open({ kind: 'confirm', confirm: promoteConfirm, row: s }) },
    ...termKeys<ServerRow>(notDeleting),
    sshKey<ServerRow>(serverLabel, (s, ctx) => statusWord({ status: s.status, power: powerOf(s, ctx) })),
    { id: 'servers.template', keys: ['T'], match: char('T'), description: 'make a template from the selected server', rank: 27, write: true, refuse: notDeleting, run: (s, ctx) => ctx.open({ kind: 'form', form: templateForm, row: s }) },
  ],
});
