// What a resource screen is made of, as data: the k9s pattern (a `render/<resource>.go` header of columns
// and a row renderer, a `view/<resource>.go` of keys on one generic browser), in React. A screen file
// (`ui/screens/<resource>.ts`) calls `defineResource` with its columns, record view, forms, confirmation and
// keys; the engine in this folder (ResourceView, RecordView, FormDialog, useResourceActions) does the rest
// once for every screen: windowed table, filter, sort, refresh, dialogs, read-only, copy.

import type { ReactNode } from 'react';
import type { Action, Client } from '../../api/index.js';
import type { Session } from '../../session/session.js';
import type { ActionLike, TrackedAction } from '../../watch/tracker.js';
import type { Choice } from '../components/choice.js';
import type { Column, LiveCells, SortSpec } from '../components/Table.js';
import type { Nav } from '../hooks/screen.js';
import type { KnownRecords } from '../hooks/useActionNames.js';
import type { KeyLike, OwnKeyId, Scope } from '../keymap.js';
import type { Role } from '../theme.js';
import type { Terminal } from '../terminal-handoff.js';
import type { RecordField, RecordSection } from './record.js';
import type { TextPage } from './record.js';

export type Params = Record<string, string | undefined>;

/** What a spec's functions may use: the connection, the screen's parameters (a server's name on its tabs). */
export interface Ctx<P extends Params = Params> {
  session: Session;
  client: Client;
  params: P;
  readOnly: boolean;
}

// --- the record view ---------------------------------------------------------------------------------------

export type { RecordField, RecordSection } from './record.js';

/** `field('RAM', megabytes(r.ram))`: a record field; an empty or missing value is written `—`. */
export function field(label: string, value: string | number | null | undefined, role?: Role): RecordField {
  const text = value === null || value === undefined || value === '' ? '—' : String(value);
  return role ? { label, value: text, role } : { label, value: text };
}

// --- forms -------------------------------------------------------------------------------------------------

/**
 * `multi`: a choice list of marks (Space or ⏎ marks or unmarks the highlighted entry; the value is the marked
 * entries); `lines`: several lines typed one at a time (⏎ adds, ⏎ on an empty line goes on, ⌫ on an empty line
 * takes the last back; a paste adds its lines in order); `vlans`: a VLAN list (`100 pvid, 200, 300-310`) read
 * with the service's rules (rules/vlan.ts).
 */
export type FieldKind = 'text' | 'secret' | 'yesno' | 'choice' | 'editor' | 'multi' | 'lines' | 'vlans';
export type FormValue = string | boolean | readonly string[];
export type FormValues = Record<string, FormValue>;

export interface FieldSpec {
  id: string;
  label: string;
  /** default 'text' */
  kind?: FieldKind;
  initial?: FormValue;
  placeholder?: string;
  /** a dim line under the field while it is being filled in; may depend on what is typed */
  hint?: string | ((value: FormValue, values: FormValues) => string);
  /** a choice field's entries, or how to load them */
  choices?: readonly Choice<string>[] | ((ctx: Ctx) => Promise<Choice<string>[]>);
  /** empty is an acceptable answer */
  optional?: boolean;
  /** checked on ⏎ and before sending, with the service's own message where it has one */
  check?(value: FormValue, values: FormValues): string | null;
  /** an editor field: the temp file's suffix (`.sh`, `.ps1`), which editors read to colour the text */
  suffix?: string;
  /** shown (and checked, and sent) only when this holds: the token field when signing in with a token */
  when?(values: FormValues): boolean;
  /**
   * Text this field must never hold (a private key pasted by mistake): `test` gives the warning to show. The
   * field is emptied the moment such text arrives, and the rest of a multi-line paste is dropped, up to the
   * line `until` matches and the ⏎ after it (any other key ends the dropping), so none of it is ever in the
   * form's state, on screen, or sent.
   */
  discard?: { test(value: string): string | null; until: RegExp };
  /**
   * A `lines` field: the lines with `line` added, or the service's message refusing it (the line stays in the
   * field to be fixed). Without it a line is added as typed.
   */
  take?(lines: readonly string[], line: string): readonly string[] | string;
  /** A `vlans` field: the network the VLANs are on, as the service's messages name it. */
  network?: string;
}

export interface FormSpec<T> {
  title: string | ((row: T | undefined) => string);
  /** what will happen, under the title */
  consequence?: string | ((row: T | undefined) => string);
  fields: readonly FieldSpec[] | ((row: T | undefined, ctx: Ctx) => readonly FieldSpec[]);
  /** the first field is an editor: open it at once (`e` on a script goes straight to the editor) */
  editFirst?: boolean;
  /** what ⏎ on the last field does, in the hint line: `create`, `save` */
  verb?: string;
  /** checks across fields, before anything is sent */
  check?(values: FormValues, row: T | undefined): string | null;
  /**
   * A y/N question asked after the checks and before sending, when what the values do deserves one (the
   * first VLAN between a server and a network restarts the server); null sends at once. `n` or esc goes back
   * to the form with every value kept.
   */
  ask?(values: FormValues, ctx: Ctx, row: T | undefined): string | null | Promise<string | null>;
  /** sends it; a thrown error keeps the form open with every value and the message under it */
  submit(values: FormValues, ctx: Ctx, row: T | undefined): Promise<Outcome<T> | void>;
}

// --- confirmations -----------------------------------------------------------------------------------------

export interface ConfirmSpec<T> {
  /** `typed`: the name must be typed (irreversible deletes of servers and templates); `yesno` otherwise */
  kind: 'typed' | 'yesno';
  title(row: T): string;
  /** what will happen, in plain words */
  consequence(row: T, ctx: Ctx): string;
  /** what must be typed: default the row's key */
  name?(row: T): string;
  /** label of the yes: `delete` */
  verb?: string;
  /** the status line's words while it runs, when not `<verb> <noun> <label>` (a bulk action's count) */
  what?(row: T): string;
  /** a reason not to ask at all, said at once (a server whose reserved period forbids deleting it) */
  refuse?(row: T, ctx: Ctx): string | null;
  run(row: T, ctx: Ctx): Promise<Outcome<T> | void>;
}

// --- what an action gives back -------------------------------------------------------------------------------

export interface Outcome<T = unknown> {
  /** the status line's words on success */
  message?: string;
  /** actions the call started: followed in the action panel at once */
  actions?: ReadonlyArray<Action | null | undefined>;
  /** actions known only by id and type (a template's creation answers an id) */
  track?: readonly ActionLike[];
  /** the records those actions work on, for the action panel's names while no list holds them yet */
  records?: KnownRecords;
  /** what to show next: a token's value, shown once */
  then?: Dialog<T>;
  /** the row to select once the list has been loaded again */
  select?: string;
  /** false: the list is not loaded again (nothing changed on the service) */
  refresh?: boolean;
}

/** A value shown once in a dialog, e.g. a new API token: `y` copies it; closing the dialog forgets it. */
export interface Reveal {
  title: string;
  /** lines above the value: the warning */
  lines: readonly string[];
  label: string;
  value: string;
}

export interface CustomDialog {
  /** rows it wants above the table; 'full' takes the whole screen (a wizard) */
  rows: number | 'full';
  /** the footer's key scopes while it is open; default `dialog` (⏎ ok, esc cancel) */
  scopes?: Scope[];
  render(props: { width: number; height: number; close(): void }): ReactNode;
}

export type Dialog<T> =
  | { kind: 'form'; form: FormSpec<T>; row?: T }
  | { kind: 'confirm'; confirm: ConfirmSpec<T>; row: T }
  | { kind: 'reveal'; reveal: Reveal }
  | { kind: 'custom'; custom: CustomDialog };

// --- keys ----------------------------------------------------------------------------------------------------

/** What a key of a screen may do with the row it acts on. */
export interface KeyContext<T> extends Ctx {
  nav: Nav;
  /** opens a dialog (a form, a confirmation) above the list */
  open(dialog: Dialog<T>): void;
  /** runs a call as the forms do: actions followed, message reported, list reloaded */
  run(what: string, call: () => Promise<Outcome<T> | void>): void;
  refresh(): void;
  /** the terminal, for a key that hands it to another program (`x`: ssh) */
  terminal: Terminal;
  /** puts text on the clipboard (OSC 52) */
  copy(text: string): void;
}

/** How a key is named, matched and shown in the footer and `?`: what every kind of screen key has. */
interface KeyShape {
  /** stable id, named after its screen: `snapshots.protect` */
  id: OwnKeyId;
  /** as written in the footer and help: `['P']` */
  keys: readonly string[];
  match(input: string, key: KeyLike): boolean;
  description: string;
  /** short footer label; without one the key is in `?` only */
  hint?: string;
  rank?: number;
}

export interface KeySpec<T> extends KeyShape {
  /** changes something on the service: off in read-only mode */
  write?: boolean;
  /** acts without a selected row (default: needs one) */
  noRow?: boolean;
  /** a reason not to act, said at once instead of asking (a VLAN that is not ok) */
  refuse?(row: T, ctx: Ctx): string | null;
  run(row: T, ctx: KeyContext<T>): void;
}

// --- bulk actions (marked rows) ------------------------------------------------------------------------------

/**
 * What a key does to every marked row at once (`P` on five servers): the rows it cannot apply to are named and
 * skipped before asking, one confirmation names how many, then one request per row, paced (watch/bulk.ts).
 */
export interface BulkSpec<T> {
  /** the key it takes over while rows are marked: a spec key's id (`servers.powerOff`) or `delete` */
  key: string;
  /** the service's action type, for the panel's combined line: `power_off` */
  type: string;
  /** `power off`: the question's verb and the status line's */
  verb: string;
  /** `yesno`: y/N; `typed`: the number of rows must be typed */
  confirm: 'yesno' | 'typed';
  /** what will happen to each row, in plain words */
  consequence: string;
  /** why this row is skipped (already off, reserved period, not Booted); null when it can go */
  refuse?(row: T, ctx: Ctx): string | null;
  /** one row's request: the action it started (null: nothing to follow) */
  send(row: T, ctx: Ctx): Promise<Action | null>;
}

// --- the resource ----------------------------------------------------------------------------------------------

export interface ResourceSpec<T, P extends Params = Params> {
  /** the `:` name, also the key scope of its keys */
  name: string;
  aliases?: readonly string[];
  title: string | ((params: P) => string);
  /** what one row is: `SSH key` */
  singular: string;
  rowKey(row: T): string;
  /** how dialogs and the record view name a row: `laptop (12)` */
  label(row: T): string;
  /** what `y` copies: default the row's key */
  copyId?(row: T): string;
  columns: readonly Column<T>[];
  /**
   * Columns that depend on what was loaded (one per region of an availability matrix), in place of
   * `columns` once rows are in; sort, filter and `o` follow them. Keep the result stable for the same rows.
   */
  columnsFor?(rows: readonly T[]): readonly Column<T>[];
  /** the order shown from the start */
  defaultSort?: SortSpec;
  load(ctx: Ctx<P>, signal: AbortSignal): Promise<T[]>;
  /** where the rows are kept across screens (the header counts servers from it) */
  cacheKey?(params: P): string;
  /**
   * things that change by themselves: reloaded every few seconds while shown (a paged list is not), and the
   * account's watcher probes for new actions while nothing is in flight
   */
  live?: boolean;
  /** a finished action that makes these rows stale (default: any) */
  touches?(action: TrackedAction, params: P): boolean;
  /**
   * The rows drawn, from the rows loaded and what the session knows besides (a server's power state, group
   * labels). A React hook, called on every render of the list: memoise, so rows keep their identity.
   */
  useRows?(rows: readonly T[], ctx: Ctx<P>): readonly T[];
  /** A hook giving cells drawn from outside the rows (see LiveCells in components/Table.tsx); `rows` are all those loaded. */
  useLive?(ctx: Ctx<P>, rows: readonly T[]): LiveCells<T> | undefined;
  /** what an empty list says */
  empty?: string;
  /** the title line's right-hand note: a count, a total */
  note?(rows: readonly T[]): string;
  /** ⏎: the record view's sections */
  record?(row: T, ctx: Ctx<P>): RecordSection[];
  /** ⏎ shows the row as text to read, whole, in a pager (a script's content) instead of the record view */
  page?(row: T, ctx: Ctx<P>): TextPage;
  /**
   * ⏎ goes somewhere else instead (a server's detail); false: nowhere to go, the record view opens. `rows` are
   * all those loaded, as useLive gets them.
   */
  open?(row: T, nav: Nav, ctx: Ctx<P>, rows: readonly T[]): void | boolean;
  /** a function also gets the row the cursor is on, for the form to start from (its network, its server) */
  create?: FormSpec<T> | ((ctx: KeyContext<T>, selected: T | undefined) => Dialog<T> | null);
  /** a function may give, instead of a dialog, why the row cannot be edited: said at once on the status line */
  edit?: FormSpec<T> | ((row: T, ctx: KeyContext<T>) => Dialog<T> | string | null);
  remove?: ConfirmSpec<T>;
  keys?: readonly KeySpec<T>[];
  /** keys that act on every marked row: with them, `space` marks rows (ui/resource/marks.ts) */
  bulk?: readonly BulkSpec<T>[];
  /**
   * The rows come from the service a page at a time instead of all at once (`load` is then not called):
   * the next page is asked for as the cursor nears the end of those loaded, `/` is sent to the service as
   * its search instead of filtering the rows loaded, and the service's order is kept (no `o`).
   */
  paged?: PagedSource<T, P>;
}

/** One page of rows, and how many the service has in all (for the search given). */
export interface Page<T> {
  rows: T[];
  total: number;
}

export interface PagedSource<T, P extends Params = Params> {
  /** rows asked for at a time */
  pageSize: number;
  load(ctx: Ctx<P>, query: { offset: number; length: number; search: string }, signal: AbortSignal): Promise<Page<T>>;
  /** `f` follows: the first page is asked for again every few seconds and what is new goes on top */
  follow?: boolean;
  /** what the rows are called in the title line's count: `events` */
  noun?: string;
  /**
   * What the service's search matches, when it is not free text: the `/` prompt, its footer hint and help
   * say it (the actions' search is one resource's exact name or id, so `/power` finds nothing)
   */
  searchBy?: { prompt: string; hint: string; description: string; nothing: (search: string) => string };
}

// --- a screen of tabs ------------------------------------------------------------------------------------------

/** A key that changes the parameters every tab is shown with (`[` `]`: the month of a billing report). */
export interface StepKey<P extends Params> extends KeyShape {
  apply(params: P): P;
}

/**
 * A screen of several lists over the same parameters (billing: the servers, templates and snapshots
 * reports of one month): Tab / Shift+Tab switch the list, `steps` change the parameters, and each tab is a
 * whole resource spec of its own (its columns, record view, keys).
 */
export interface TabbedSpec<P extends Params> {
  name: string;
  aliases?: readonly string[];
  title: string;
  // each tab's rows are of their own type
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each tab has a row type of its own; no one type parameter covers them and TabbedView never reads a row
  tabs: ReadonlyArray<{ id: string; title: string; spec: ResourceSpec<any, P> }>;
  /** the parameters shown first (this month, by the service's clock) */
  initial(ctx: Ctx): P;
  /** written after the tabs: `◂ 2026-11 ▸` */
  describe?(params: P): string;
  steps?: readonly StepKey<P>[];
}

export function defineTabs<P extends Params>(spec: TabbedSpec<P>): TabbedSpec<P> {
  return spec;
}

/** Checks a spec's types at its definition and keeps it in the one table of screens. */
export function defineResource<T, P extends Params = Params>(spec: ResourceSpec<T, P>): ResourceSpec<T, P> {
  return spec;
}
