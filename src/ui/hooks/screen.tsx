// The contract between the app shell and its screens. The shell owns what is the same everywhere (the
// stack, filter and sort text, help, `:`, quitting, the status line); a screen owns its rows, its dialogs and
// its own keys. The shell reads every key first (shell/keys.ts) and asks the screen through `ScreenControl`,
// which the screen refreshes on every commit, so a key always meets the screen as it is now drawn.

import { useCallback, useLayoutEffect, useRef, useState, type MutableRefObject, type ReactNode } from 'react';
import { Box, Text } from 'ink';
import type { SortSpec } from '../components/Table.js';
import { displayWidth, truncate } from '../text.js';
import type { ScreenId } from '../ids.js';
import type { BindingId, Scope } from '../keymap.js';
import type { Session } from '../../session/session.js';
import type { RecordSection } from '../resource/record.js';
import type { TextPage } from '../resource/record.js';
import { color } from '../theme.js';

export interface ViewState {
  filter: string;
  sort: SortSpec | null;
}

/**
 * What a screen keeps across being covered and uncovered, in its entry of the shell's stack (ui/stack.ts).
 * A screen changes it only through `nav.keep`: the shell owns it, and what the shell draws from it (the key
 * scopes of the tab shown) follows at once.
 */
export interface KeptState {
  /** the selected row's key */
  selected: string | null;
}

/** A screen of tabs: which tab, and the parameters its tabs share (the billing month). */
export interface TabsState extends KeptState {
  tab: number;
  params?: Record<string, string | undefined>;
}

/** The server detail: its tabs and its Metrics range (index into METRIC_RANGES). */
export interface ServerState extends TabsState {
  metricsRange: number;
}

/** A list: a paged one follows new rows (`f`), still after a record view covered it. */
export interface ListState extends KeptState {
  following?: boolean;
  /** the keys of the rows marked (`space`), for keys that act on every one of them */
  marks?: readonly string[];
}

/** Any screen's kept state, as the stack holds it (each registry entry says which of these it keeps). */
export type AnyKept = KeptState & Partial<Omit<ServerState, 'selected'>> & Partial<Omit<ListState, 'selected'>>;

export interface EntryParams {
  /** server detail: the server's name */
  server?: string;
  /** record view: its sections, and what `y` copies there */
  sections?: readonly RecordSection[];
  copyId?: string;
  /** pager: the fields above the text and the text (a spec's `page`) */
  page?: TextPage;
  /** a detail view's tab to open on (⏎ on a VLAN action opens its server's Networks tab) */
  tab?: number;
  /** a list's filter to open with (⏎ on a snapshot's action shows that snapshot in :snapshots) */
  filter?: string;
}

export interface ScreenEntry<S extends KeptState = AnyKept> {
  id: number;
  /** the registry's id of the screen: a `:` name (`servers`, `plans`, ...) or an inner view (`server`, `record`) */
  screen: ScreenId;
  title: string;
  view: ViewState;
  state: S;
  params: EntryParams;
}

/** A change to an entry's kept state (and its filter and sort, which a new tab starts without). */
export type Keep = Partial<Omit<AnyKept, 'selected'>> & { selected?: string | null; view?: ViewState };

export interface SortColumn {
  key: string;
  header: string;
}

/**
 * What the shell asks the current screen when a key arrives. The screen's key scopes are not here: the
 * shell derives them from the registry and the entry's kept state (registry.tsx `entryScopes`), so the
 * footer drawn before the screen has committed already shows the keys that will work.
 */
export interface ScreenControl {
  /** Columns `o` cycles through. */
  sortColumns: SortColumn[];
  /** the order the screen shows before any `o` */
  defaultSort?: SortSpec | null;
  /** A key the screen acts on (its own, or create/edit/delete); true when it did. `input` is the key typed. */
  handle?(id: BindingId, input?: string): boolean;
  refresh?(): void;
}

export type StatusKind = 'error' | 'info';

/** The footer's word for a key, by binding id, where the key's own hint is generic: `{ 'form.send': 'save' }`. */
export type KeyWords = Readonly<Partial<Record<BindingId, string>>>;
const NO_WORDS: KeyWords = {};

export interface Nav {
  push(screen: ScreenId, params?: EntryParams, title?: string): void;
  pop(): void;
  /** Status line: `source` lets a later success clear exactly its own error. */
  report(kind: StatusKind, text: string, source?: string, actions?: readonly number[]): void;
  clear(source: string): void;
  /** changes what entry `id` of the stack keeps (its row, tab, ...): the shell's stack is its one place */
  keep(id: number, change: Keep): void;
  /**
   * Keys that would do nothing now, by who knows it (a screen, a dialog): the footer leaves them out, so
   * every hint it shows does something. `words`: what a key it offers does now, where the key's own hint is
   * generic (a form's ⏎ `save` for `send`). An empty list and no words take the owner's back.
   */
  idle(owner: string, ids: readonly BindingId[], words?: KeyWords): void;
}

export interface ScreenProps {
  session: Session;
  readOnly: boolean;
  /** inside the frame's side borders */
  width: number;
  /** rows for the screen, its title line included */
  height: number;
  entry: ScreenEntry;
  /** no shell mode (filter, `:`, help) and no dialog: the screen's table may take keys */
  active: boolean;
  /** the `/` field while the user types a filter; the screen puts it in its title line */
  filterEditor: ReactNode | null;
  control: MutableRefObject<ScreenControl | null>;
  /** a dialog of the screen opened (its footer scopes) or closed (null) */
  onDialog(scopes: Scope[] | null): void;
  nav: Nav;
  /** list refresh interval while the screen is shown */
  refreshMs: number;
}

/** Publishes the screen's control to the shell after every commit, before any further key is read. */
export function useScreenControl(ref: MutableRefObject<ScreenControl | null>, control: ScreenControl): void {
  const latest = useRef(control);
  latest.current = control;
  useLayoutEffect(() => {
    ref.current = latest.current;
  });
  useLayoutEffect(
    () => () => {
      if (ref.current === latest.current) ref.current = null;
    },
    [ref],
  );
}

/** Where no shell listens (a dialog drawn alone in a test): what it would tell the footer goes nowhere. */
export const NO_NAV: Pick<Nav, 'idle'> = { idle: () => undefined };

/**
 * Tells the footer which keys would do nothing now (see `Nav.idle`); taken back when the caller unmounts.
 *
 * Compared with what was told, at every commit, not through an effect's dependencies: the keys are often
 * worked out from what the session knows outside React (the power of the selected server), and React may run
 * a render and throw it away when none of its state changed. Such a render still leaves its dependencies
 * behind as if its effect had run, so the next render that counts, seeing the same keys, would tell nothing.
 */
export function useIdleKeys(nav: Pick<Nav, 'idle'>, owner: string, ids: readonly BindingId[], words: KeyWords = NO_WORDS): void {
  const latest = useRef({ ids, words });
  latest.current = { ids, words };
  const told = useRef<{ nav: Pick<Nav, 'idle'>; owner: string; joined: string } | null>(null);
  useLayoutEffect(() => {
    const joined = `${latest.current.ids.join(' ')} ${JSON.stringify(latest.current.words)}`;
    const last = told.current;
    if (last !== null && last.nav === nav && last.owner === owner && last.joined === joined) return;
    told.current = { nav, owner, joined };
    nav.idle(owner, [...latest.current.ids], { ...latest.current.words });
  });
  useLayoutEffect(
    () => () => {
      told.current = null;
      nav.idle(owner, []);
    },
    [nav, owner],
  );
}

/**
 * A dialog slot whose open/closed state is known synchronously (a ref) and reported to the shell at once,
 * so the key after the one that opened it already goes to the dialog.
 */
export function useDialogSlot<D>(onDialog: (scopes: Scope[] | null) => void, scopesOf: (d: D) => Scope[]) {
  const [dialog, setDialog] = useState<D | null>(null);
  const ref = useRef<D | null>(null);
  const open = (d: D) => {
    ref.current = d;
    setDialog(d);
    onDialog(scopesOf(d));
  };
  const close = () => {
    if (ref.current === null) return;
    ref.current = null;
    setDialog(null);
    onDialog(null);
  };
  return { dialog, ref, open, close };
}

interface ScreenTitleProps {
  title: string;
  width: number;
  view: ViewState;
  filterEditor: ReactNode | null;
  sortColumns: readonly SortColumn[];
  /** right-hand note, e.g. `loading…` */
  note?: string;
  /** what the `/` field asks for when it is not a filter of the rows: `resource:` */
  prompt?: string;
}

function sortLabel(view: ViewState, columns: readonly SortColumn[]): string {
  if (!view.sort) return '';
  const header = columns.find((c) => c.key === view.sort!.column)?.header ?? view.sort.column;
  return `sorted by ${header.toUpperCase()} ${view.sort.descending ? '↓' : '↑'}`;
}

/**
 * The title and the right-hand side in `width`: the title is never cut while it fits alone (`Snapshots,
 * 2026-…` reads as another month); the right gives way first, `sorted by X ↓` shortened to `X ↓`, then left out,
 * then the note.
 */
function titleLine(props: ScreenTitleProps, filter: string): { title: string; right: string } {
  const sort = sortLabel(props.view, props.sortColumns);
  const short = sort.replace(/^sorted by /, '');
  const prompt = props.prompt ? `${props.prompt} ` : '';
  // what the filter takes beside the title: its editor at least 16 columns, a filter its text (up to 30)
  const filterWidth = props.filterEditor ? 16 : filter ? 3 + displayWidth(prompt) + Math.min(30, displayWidth(filter)) : 0;
  const left = 1 + displayWidth(props.title) + filterWidth;
  const join = (...parts: Array<string | undefined>) => parts.filter(Boolean).join('  ');
  const right = [join(props.note, sort), join(props.note, short), props.note ?? ''].find((r) => left + displayWidth(r) + 2 <= props.width) ?? '';
  return { title: truncate(props.title, Math.max(8, props.width - 2 - filterWidth - (right ? displayWidth(right) + 2 : 0))), right };
}

/** `Servers  /web ............ sorted by CREATED ↓`: the screen's name, its filter and its order. */
export function ScreenTitle(props: ScreenTitleProps): ReactNode {
  const filter = props.view.filter.trim();
  const { title, right } = titleLine(props, filter);
  return (
    <Box width={props.width} height={1}>
      <Box flexGrow={1}>
        <Text wrap="truncate">
          <Text bold={color('accent') !== undefined} color={color('accent')}>
            {' '}
            {title}
          </Text>
          {props.filterEditor ? (
            <Text>
              {'  '}
              <Text color={color('accent')}>/{props.prompt ? `${props.prompt} ` : ''}</Text>
            </Text>
          ) : filter ? (
            <Text color={color('accent')}>{`  /${props.prompt ? `${props.prompt} ` : ''}${truncate(filter, 30)}`}</Text>
          ) : null}
        </Text>
        {props.filterEditor ? <Box flexGrow={1}>{props.filterEditor}</Box> : null}
      </Box>
      {right ? <Text color={color('dim')}> {right} </Text> : null}
    </Box>
  );
}

/** The selected row of a screen, kept in its stack entry so going back returns to the same row. */
export function useSelection(entry: ScreenEntry, nav: Pick<Nav, 'keep'>): { selected: string | null; onSelect(key: string): void } {
  const [selected, setSelected] = useState<string | null>(entry.state.selected);
  const { id } = entry;
  const onSelect = useCallback(
    (key: string) => {
      setSelected(key);
      nav.keep(id, { selected: key });
    },
    [id, nav],
  );
  return { selected, onSelect };
}
