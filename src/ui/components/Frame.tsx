// The pieces of the screen frame in tui.md: header and footer lines with the box corners, the status line,
// the action panel, help, and the too-small notice. They take plain props; the app
// shell decides what goes in them.

import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Box, Text } from 'ink';
import { formatClock } from '../format.js';
import { displayWidth, padEnd, truncate, wrapText } from '../text.js';
import { CORE_KEYS, type IdOf, type Scope } from '../keymap.js';
import { KEYS } from '../registry.js';
import { PRIORITY, useKeys } from '../keys.js';
import { color } from '../theme.js';
import { ScrollLines, scrollStep } from './Scroll.js';
import { panelLayout, type ActionRow, type PanelLine } from './action-lines.js';

export const MIN_COLUMNS = 80;
export const MIN_ROWS = 24;

/**
 * The clock the header shows: the service's when `serviceNow` is given (the time of its answers, from their
 * Date header: the emulator's own clock, 20× in the demo), the machine's before there is a session. Re-renders
 * when the minute shown changes and not otherwise.
 */
export function useUtcClock(enabled = true, serviceNow?: () => Date): Date {
  const [now, setNow] = useState(() => serviceNow?.() ?? new Date());
  const source = useRef(serviceNow);
  source.current = serviceNow;
  const service = serviceNow !== undefined;
  useEffect(() => {
    if (!enabled) return;
    const read = () => source.current?.() ?? new Date();
    // a minute other than the one shown (the service's clock moves with each answer, and may run fast)
    const update = () => {
      const next = read();
      setNow((shown) => (formatClock(shown) === formatClock(next) && Math.abs(shown.getTime() - next.getTime()) < 60_000 ? shown : next));
    };
    update();
    let timer: NodeJS.Timeout;
    if (service) {
      // the service's time is known from its answers: looked at every second, drawn only when the minute changes
      timer = setInterval(update, 1000);
      timer.unref?.();
      return () => clearInterval(timer);
    }
    const schedule = () => {
      const ms = 60_000 - (Date.now() % 60_000) + 50;
      timer = setTimeout(() => {
        update();
        schedule();
      }, ms);
      timer.unref?.();
    };
    schedule();
    return () => clearTimeout(timer);
  }, [enabled, service]);
  return now;
}

const rule = (n: number): string => '─'.repeat(Math.max(0, n));

interface HeaderProps {
  width: number;
  profile: string;
  /** Endpoint label, e.g. `api.example.net`; replaced by `local emulator` when `local`. */
  endpoint: string;
  local?: boolean;
  readOnly?: boolean;
  /** `['12 servers', '2 running actions']`, joined with ` · `; dropped first when the line is short. */
  counts?: readonly string[];
  /** something that needs the user now (a spot reclaim countdown): kept when the counts are dropped */
  alert?: string;
  now: Date;
  /** Default true: draw `┌` … `┐`. */
  framed?: boolean;
}

const PROFILE_MIN = 6;
const WHERE_MIN = 8;

/** The fewest columns `profile @ where` is cut to before the header gives up its counts. */
export function contextMinimum(profile: string, where: string): number {
  return Math.min(displayWidth(profile), PROFILE_MIN) + 3 + Math.min(displayWidth(where), WHERE_MIN);
}

/** `profile @ where` in `room` columns: the profile name is cut first (to 6), then the address. */
export function fitContext(profile: string, where: string, room: number): string {
  const full = `${profile} @ ${where}`;
  if (displayWidth(full) <= room) return full;
  const p = truncate(profile, Math.max(Math.min(displayWidth(profile), PROFILE_MIN), room - 3 - displayWidth(where)));
  return truncate(`${p} @ ${where}`, room);
}

export function Header(props: HeaderProps): ReactNode {
  const framed = props.framed !== false;
  const where = props.local ? 'local emulator' : props.endpoint;
  const badge = props.readOnly ? ' read-only ' : '';
  const clock = `${props.alert ? `${props.alert} · ` : ''}${formatClock(props.now)} UTC`;
  const counts = props.counts && props.counts.length > 0 ? `${props.counts.join(' · ')} · ` : '';
  const open = framed ? '┌ ' : '';
  const close = framed ? ' ┐' : '';
  const title = 'ecsdeck';
  const fixed = displayWidth(open + title + ' ─ ') + (badge ? displayWidth(badge) + 1 : 0) + 2 + displayWidth(clock + close);
  // a long profile name is cut first, then the address; the counts go only when both are as short as they get
  const withCounts = props.width - fixed - displayWidth(counts);
  const right = counts && withCounts >= contextMinimum(props.profile, where) ? counts + clock : clock;
  const context = fitContext(props.profile, where, Math.max(0, props.width - fixed - (right === clock ? 0 : displayWidth(counts))));
  const used = displayWidth(open + title + ' ─ ' + context + ' ') + (badge ? displayWidth(badge) + 1 : 0) + displayWidth(' ' + right + close);
  const fill = framed ? rule(props.width - used) : ' '.repeat(Math.max(0, props.width - used));
  return (
    <Text wrap="truncate">
      {open}
      <Text bold={color('accent') !== undefined} color={color('accent')}>
        {title}
      </Text>
      {framed ? ' ─ ' : ' - '}
      {context}{' '}
      {badge ? (
        <>
          <Text inverse={color('warn') !== undefined} color={color('warn')}>
            {color('warn') !== undefined ? badge : `[${badge.trim()}]`}
          </Text>{' '}
        </>
      ) : null}
      {fill} {right}
      {close}
    </Text>
  );
}

interface FooterProps {
  width: number;
  /** Scopes whose keys work now, most specific last: `['global', 'servers', 'table']`. */
  scopes: readonly Scope[];
  readOnly?: boolean;
  framed?: boolean;
  /** keys that would do nothing now: not offered */
  idle?: ReadonlySet<string>;
  /** what a key offered does now, where its owner has a word for it (a form's ⏎ `save`) */
  words?: ReadonlyMap<string, string>;
}

export function Footer(props: FooterProps): ReactNode {
  const framed = props.framed !== false;
  const open = framed ? '└ ' : '';
  const closeMin = framed ? ' ┘' : '';
  const hints = KEYS.footerHints(props.scopes, Math.max(0, props.width - displayWidth(open + closeMin)), { readOnly: props.readOnly, idle: props.idle, words: props.words });
  const text = hints.map((h) => `${h.key} ${h.label}`).join('  ');
  const fill = props.width - displayWidth(open + text) - (text ? 1 : 0) - 1;
  return (
    <Text wrap="truncate">
      {open}
      {hints.map((h, i) => (
        <Text key={h.id}>
          {i > 0 ? '  ' : ''}
          <Text color={color('accent')}>{h.key}</Text> {h.label}
        </Text>
      ))}
      {framed ? `${text ? ' ' : ''}${rule(fill)}┘` : ''}
    </Text>
  );
}

interface ActionPanelProps {
  actions: readonly ActionRow[];
  width: number;
  /** Lines at most, title line not included; rows that do not fit are summarised as `+N more`. */
  height: number;
  framed?: boolean;
  /** the tracker's last poll failed: said in the heading */
  error?: string | null;
  /** draw the frame's side borders and keep `height` lines, as inside the dashboard's frame */
  sides?: boolean;
}

/**
 * Whole rows while they fit in `limit` lines; when some do not, the last line says how many are left (and
 * how many of those still run). Rows are never split: a failure's reason is shown whole or not at all.
 */
function fitRows(layout: readonly PanelLine[][], limit: number): { shown: PanelLine[][]; hidden: number } {
  const total = layout.reduce((n, l) => n + l.length, 0);
  if (total <= limit) return { shown: [...layout], hidden: 0 };
  const shown: PanelLine[][] = [];
  let used = 0;
  for (const lines of layout) {
    if (used + lines.length > limit - 1) break;
    shown.push(lines);
    used += lines.length;
  }
  return { shown, hidden: layout.length - shown.length };
}

export function ActionPanel(props: ActionPanelProps): ReactNode {
  const framed = props.framed !== false;
  const limit = Math.max(1, props.height);
  // inside the sides and after the leading space
  const textWidth = Math.max(20, props.width - (props.sides ? 3 : 1));
  const layout = panelLayout(props.actions, textWidth);
  const { shown, hidden } = fitRows(layout, limit);
  const hiddenRows = props.actions.slice(shown.length);
  const hiddenRunning = hiddenRows.filter((a) => a.state === 'running').length;
  // a failing poll is said in the heading, so the rows keep their last known progress; failures are counted
  const failed = props.actions.filter((a) => a.state === 'failed').length;
  // with no rows to keep, the failure is said whole where the rows would be, rather than cut in the heading
  const unread = props.error && props.actions.length === 0 ? wrapText(`✗ the account's actions could not be read: ${props.error}`, textWidth) : null;
  const heading = unread ? '├ Actions · ✗ ' : props.error ? `├ Actions · ✗ ${props.error} ` : failed > 0 ? `├ Actions · ${failed} failed (X dismisses) ` : '├ Actions ';
  const head = truncate(heading, props.width - 2);
  const title = framed ? (
    <Text wrap="truncate">
      {props.error || failed > 0 ? <Text color={color('error')}>{head}</Text> : head}
      {rule(props.width - displayWidth(head) - 1)}┤
    </Text>
  ) : (
    <Text wrap="truncate" color={color('accent')}>
      Actions
    </Text>
  );
  const rows = (
    <>
      {unread ? (
        unread.slice(0, limit).map((line, i) => (
          <Text key={`unread-${i}`} color={color('error')} wrap="truncate">
            {' '}
            {i === limit - 1 && unread.length > limit ? truncate(`${line} …`, textWidth) : line}
          </Text>
        ))
      ) : props.actions.length === 0 ? (
        <Text color={color('dim')}> nothing running</Text>
      ) : null}
      {shown.flat().map((p) => {
        const role = p.state === 'done' ? 'ok' : p.state === 'failed' ? 'error' : undefined;
        return (
          <Text key={p.key} wrap="truncate">
            {' '}
            {p.head}
            <Text color={color(role)}>{p.bar}</Text>
            <Text color={p.state === 'failed' ? color('error') : undefined}>{p.tail}</Text>
          </Text>
        );
      })}
      {hidden > 0 ? (
        <Text color={color('dim')} wrap="truncate">
          {' '}+{hidden} more{hiddenRunning > 0 && hiddenRunning < hidden ? ` (${hiddenRunning} running)` : ''}
        </Text>
      ) : null}
    </>
  );
  return (
    <Box flexDirection="column" width={props.width}>
      {title}
      {props.sides ? (
        <Box borderStyle="single" borderTop={false} borderBottom={false} width={props.width} height={limit} flexDirection="column">
          {rows}
        </Box>
      ) : (
        rows
      )}
    </Box>
  );
}

interface HelpOverlayProps {
  scopes: readonly Scope[];
  readOnly?: boolean;
  width: number;
  height: number;
  onClose(): void;
  /** tells the footer which way help cannot scroll now (`Nav.idle`) */
  onIdle?(owner: string, ids: readonly string[]): void;
}

/** The help keys that do nothing at this offset: no scroll up at the top, none down at the end. */
export function helpIdle(offset: number, count: number, height: number): Array<IdOf<'help'>> {
  const fits = count <= height;
  const rows = fits ? height : Math.max(1, height - 1);
  const idle: Array<IdOf<'help'>> = [];
  if (fits || offset <= 0) idle.push('help.up');
  if (fits || offset >= count - rows) idle.push('help.down');
  return idle;
}

/** Splits help lines into two columns at a blank line (a scope boundary) near the middle. */
function splitHelpColumns(lines: readonly string[]): [string[], string[]] {
  const middle = Math.ceil(lines.length / 2);
  let best = -1;
  lines.forEach((line, i) => {
    if (line === '' && (best < 0 || Math.abs(i - middle) < Math.abs(best - middle))) best = i;
  });
  if (best < 0) return [lines.slice(0, middle), lines.slice(middle)];
  return [lines.slice(0, best), lines.slice(best + 1)];
}

/** Where a key row's description starts: after its indent, the keys and the two spaces or more after them. */
const KEY_ROW = /^( {2}\S.*? {2,})\S/;

/**
 * A help line that does not fit `width`, wrapped rather than cut: a key row's description goes on under
 * itself, a section title or note under its start (every word of it is somewhere on screen).
 */
export function wrapHelpLine(line: string, width: number): string[] {
  if (displayWidth(line) <= width) return [line];
  const head = KEY_ROW.exec(line)?.[1] ?? line.match(/^ */)![0];
  const body = line.slice(head.length);
  const headWidth = displayWidth(head);
  if (headWidth <= width / 2) {
    const pad = ' '.repeat(headWidth);
    return wrapText(body, width - headWidth).map((l, i) => (i === 0 ? head : pad) + l);
  }
  // keys wider than half the room: they get a line of their own, the description the lines under them
  const pad = ' '.repeat(Math.min(4, Math.floor(width / 4)));
  return [truncate(head.trimEnd(), width), ...wrapText(body, width - pad.length).map((l) => pad + l)];
}

/** Help as the lines drawn: two columns when there is room and one would not fit, else one; wrapped, never cut. */
function helpRows(lines: readonly string[], width: number, height: number): string[] {
  const twoColumns = lines.length > height && width >= 110;
  if (!twoColumns) return lines.flatMap((l) => wrapHelpLine(l, width));
  const colWidth = Math.floor((width - 2) / 2);
  const [left, right] = splitHelpColumns(lines).map((column) => column.flatMap((l) => wrapHelpLine(l, colWidth)));
  const rows: string[] = [];
  for (let r = 0; r < Math.max(left.length, right.length); r++) rows.push(`${padEnd(left[r] ?? '', colWidth)}  ${right[r] ?? ''}`.trimEnd());
  return rows;
}

/** `?`: every key of this screen. It scrolls when it does not fit; esc, ⏎, ? or q close it. */
export function HelpOverlay(props: HelpOverlayProps): ReactNode {
  const inner = Math.max(1, props.height - 3);
  const innerWidth = Math.max(1, props.width - 4);
  const rows = helpRows(KEYS.helpLines(props.scopes, { readOnly: props.readOnly }), innerWidth, inner);
  const [offset, setOffset] = useState(0);
  useKeys(
    (input, key) => {
      const id = CORE_KEYS.matchBinding(['help'], input, key);
      if (id === 'help.close') return props.onClose();
      if (id === undefined) return;
      const next = scrollStep(offset, rows.length, rows.length > inner ? inner - 1 : inner, input, key);
      if (next !== null && next !== offset) setOffset(next);
    },
    { priority: PRIORITY.dialog, modal: true },
  );
  const onIdle = props.onIdle;
  const idleIds = helpIdle(offset, rows.length, inner);
  const idle = idleIds.join(' ');
  // the title says the ways it can scroll from here, as the footer does (`↓ PgDn` at the top)
  const scrolls = rows.length <= inner ? '' : idleIds.includes('help.up') ? '↓ PgDn' : idleIds.includes('help.down') ? '↑ PgUp' : '↑↓ PgUp PgDn';
  useLayoutEffect(() => onIdle?.('help', idle === '' ? [] : idle.split(' ')), [onIdle, idle]);
  useLayoutEffect(() => () => onIdle?.('help', []), [onIdle]);
  const title = (line: string) => (line !== '' && !line.startsWith(' ') ? <Text color={color('accent')}>{line}</Text> : line || ' ');
  return (
    <Box flexDirection="column" borderStyle="round" paddingX={1} width={props.width} height={props.height}>
      <Text bold={color('accent') !== undefined} color={color('accent')} wrap="truncate">
        Keys <Text color={color('dim')}>{scrolls ? `(${scrolls} scroll, esc closes)` : '(esc closes)'}</Text>
      </Text>
      <ScrollLines lines={rows} offset={offset} height={inner} width={innerWidth} render={title} />
    </Box>
  );
}

interface TooSmallProps {
  columns: number;
  rows: number;
  minColumns?: number;
  minRows?: number;
}

export function isTooSmall(columns: number, rows: number, minColumns = MIN_COLUMNS, minRows = MIN_ROWS): boolean {
  return columns < minColumns || rows < minRows;
}

function tooSmallMessage(p: TooSmallProps): string {
  return `Terminal too small: ${p.columns}×${p.rows}. ecsdeck needs at least ${p.minColumns ?? MIN_COLUMNS}×${p.minRows ?? MIN_ROWS}.`;
}

export function TooSmall(props: TooSmallProps): ReactNode {
  return (
    <Box flexDirection="column">
      <Text wrap="wrap">{tooSmallMessage(props)}</Text>
      <Text wrap="wrap" color={color('dim')}>
        Enlarge the window, or press q to quit.
      </Text>
    </Box>
  );
}
