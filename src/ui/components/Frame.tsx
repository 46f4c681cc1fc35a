// The pieces of the screen frame in tui.md: header and footer lines with the box corners, the status line,
// the action panel, help, the `:` command line and the too-small notice. They take plain props; the app
// shell decides what goes in them.

import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Box, Text, useInput, useStdin } from 'ink';
import { formatClock } from '../format.js';
import { displayWidth, padEnd, padStart, truncate } from '../text.js';
import { footerHints, helpLines, type Scope } from '../keymap.js';
import { color } from '../theme.js';
import { formatEta, progressBar } from './ProgressBar.js';
import { editLine, lineState, renderLine, type LineState } from './TextInput.js';

export const MIN_COLUMNS = 80;
export const MIN_ROWS = 24;

/** Re-renders when the minute changes and not otherwise: the clock is the only thing it moves. */
export function useUtcClock(enabled = true): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    if (!enabled) return;
    let timer: NodeJS.Timeout;
    const schedule = () => {
      const ms = 60_000 - (Date.now() % 60_000) + 50;
      timer = setTimeout(() => {
        setNow(new Date());
        schedule();
      }, ms);
      timer.unref?.();
    };
    schedule();
    return () => clearTimeout(timer);
  }, [enabled]);
  return now;
}

const rule = (n: number): string => '─'.repeat(Math.max(0, n));

export interface HeaderProps {
  width: number;
  profile: string;
  /** Endpoint label, e.g. `api.example.net`; replaced by `local emulator` when `local`. */
  endpoint: string;
  local?: boolean;
  readOnly?: boolean;
  /** `['12 servers', '2 running actions']`, joined with ` · `; dropped first when the line is short. */
  counts?: readonly string[];
  now: Date;
  /** Default true: draw `┌` … `┐`. */
  framed?: boolean;
}

export function Header(props: HeaderProps): ReactNode {
  const framed = props.framed !== false;
  const where = props.local ? 'local emulator' : props.endpoint;
  const badge = props.readOnly ? ' read-only ' : '';
  const clock = `${formatClock(props.now)} UTC`;
  const counts = props.counts && props.counts.length > 0 ? `${props.counts.join(' · ')} · ` : '';
  const open = framed ? '┌ ' : '';
  const close = framed ? ' ┐' : '';
  const title = 'ecsdeck';
  const fixed = displayWidth(open + title + ' ─ ') + (badge ? displayWidth(badge) + 1 : 0) + 2 + displayWidth(clock + close);
  let context = `${props.profile} @ ${where}`;
  let right = counts + clock;
  if (fixed + displayWidth(context) + displayWidth(counts) > props.width) right = clock;
  context = truncate(context, Math.max(0, props.width - fixed - (right === clock ? 0 : displayWidth(counts))));
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

export interface FooterProps {
  width: number;
  /** Scopes whose keys work now, most specific last: `['global', 'servers', 'table']`. */
  scopes: readonly Scope[];
  readOnly?: boolean;
  framed?: boolean;
}

export function Footer(props: FooterProps): ReactNode {
  const framed = props.framed !== false;
  const open = framed ? '└ ' : '';
  const closeMin = framed ? ' ┘' : '';
  const hints = footerHints(props.scopes, Math.max(0, props.width - displayWidth(open + closeMin)), { readOnly: props.readOnly });
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

export interface StatusLineProps {
  /** Shown in red exactly as given (the service's own words); wraps rather than being cut. */
  error?: string | null;
  info?: string | null;
  width?: number;
}

export function StatusLine(props: StatusLineProps): ReactNode {
  if (props.error) {
    return (
      <Box width={props.width}>
        <Text color={color('error')} wrap="wrap">
          ✗ {props.error}
        </Text>
      </Box>
    );
  }
  if (props.info) {
    return (
      <Box width={props.width}>
        <Text wrap="truncate">{props.info}</Text>
      </Box>
    );
  }
  return <Text> </Text>;
}

export interface ActionRow {
  id: string | number;
  type: string;
  /** What it acts on: a server name or id, a snapshot id. */
  resource: string;
  /** 0–100. */
  percent: number;
  state: 'running' | 'done' | 'failed';
  etaSeconds?: number | null;
  /** Failure text, shown as given. */
  error?: string;
}

export interface ActionPanelProps {
  actions: readonly ActionRow[];
  width: number;
  /** Action lines at most, title line not included; the rest is summarised as `+N more`. */
  height: number;
  framed?: boolean;
  barWidth?: number;
  /** the tracker's last poll failed: said in the heading */
  error?: string | null;
  /** draw the frame's side borders and keep `height` lines, as inside the dashboard's frame */
  sides?: boolean;
}

/** One action as text columns; exported so its layout can be tested without rendering. */
export function actionLineParts(a: ActionRow, barWidth = 20): { head: string; bar: string; tail: string } {
  const head = `${padEnd(String(a.id), 6)} ${padEnd(a.type, 16)} ${padEnd(a.resource, 10)} `;
  if (a.state === 'done') return { head, bar: '✓', tail: ' done' };
  if (a.state === 'failed') return { head, bar: '✗', tail: ` ${a.error ?? 'failed'}` };
  const pct = `${padStart(`${Math.floor(Math.min(100, Math.max(0, a.percent)))}%`, 4)}`;
  const eta = formatEta(a.etaSeconds);
  return { head, bar: progressBar(a.percent, barWidth), tail: ` ${pct}${eta ? `  ${eta}` : ''}` };
}

export function ActionPanel(props: ActionPanelProps): ReactNode {
  const framed = props.framed !== false;
  const limit = Math.max(1, props.height);
  const overflow = props.actions.length > limit;
  const shown = overflow ? props.actions.slice(0, limit - 1) : props.actions;
  // a failing poll is said in the heading, so the rows keep their last known progress
  const head = truncate(props.error ? `├ Actions · ✗ ${props.error} ` : '├ Actions ', props.width - 2);
  const title = framed ? (
    <Text wrap="truncate">
      {props.error ? <Text color={color('error')}>{head}</Text> : head}
      {rule(props.width - displayWidth(head) - 1)}┤
    </Text>
  ) : (
    <Text wrap="truncate" color={color('accent')}>
      Actions
    </Text>
  );
  const rows = (
    <>
      {props.actions.length === 0 ? <Text color={color('dim')}> nothing running</Text> : null}
      {shown.map((a) => {
        const p = actionLineParts(a, props.barWidth);
        const role = a.state === 'done' ? 'ok' : a.state === 'failed' ? 'error' : undefined;
        return (
          <Text key={String(a.id)} wrap="truncate">
            {' '}
            {p.head}
            <Text color={color(role)}>{p.bar}</Text>
            <Text color={a.state === 'failed' ? color('error') : undefined}>{p.tail}</Text>
          </Text>
        );
      })}
      {overflow ? <Text color={color('dim')}> +{props.actions.length - shown.length} more</Text> : null}
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

export interface HelpOverlayProps {
  scopes: readonly Scope[];
  readOnly?: boolean;
  width: number;
  height: number;
}

/** Splits help lines into two columns at a blank line (a scope boundary) near the middle. */
export function splitHelpColumns(lines: readonly string[]): [string[], string[]] {
  const middle = Math.ceil(lines.length / 2);
  let best = -1;
  lines.forEach((line, i) => {
    if (line === '' && (best < 0 || Math.abs(i - middle) < Math.abs(best - middle))) best = i;
  });
  if (best < 0) return [lines.slice(0, middle), lines.slice(middle)];
  return [lines.slice(0, best), lines.slice(best + 1)];
}

export function HelpOverlay(props: HelpOverlayProps): ReactNode {
  const lines = helpLines(props.scopes, { readOnly: props.readOnly });
  const inner = Math.max(1, props.height - 4);
  const innerWidth = Math.max(1, props.width - 4);
  // Long help goes into two columns before anything is cut off.
  const twoColumns = lines.length > inner && innerWidth >= 70;
  const [left, right] = twoColumns ? splitHelpColumns(lines) : [[...lines], []];
  const colWidth = twoColumns ? Math.floor((innerWidth - 2) / 2) : innerWidth;
  const count = Math.max(left.length, right.length);
  const rows: string[] = [];
  for (let r = 0; r < Math.min(count, inner); r++) {
    rows.push(twoColumns ? `${padEnd(left[r] ?? '', colWidth)}  ${truncate(right[r] ?? '', colWidth)}`.trimEnd() : truncate(left[r] ?? '', colWidth));
  }
  if (count > inner) rows[inner - 1] = '…';
  return (
    <Box flexDirection="column" borderStyle="round" paddingX={1} width={props.width}>
      <Text bold={color('accent') !== undefined} color={color('accent')}>
        Keys <Text color={color('dim')}>(esc closes)</Text>
      </Text>
      {rows.map((line, i) => (
        <Text key={i} wrap="truncate">
          {line || ' '}
        </Text>
      ))}
    </Box>
  );
}

export interface CompletionState {
  matches: string[];
  index: number;
}

/**
 * Tab: the unique match completes; several matches complete their common prefix, and once the prefix is
 * reached each further Tab cycles through them.
 */
export function completeCommand(
  value: string,
  names: readonly string[],
  cycle: CompletionState | null,
): { value: string; cycle: CompletionState | null } {
  if (cycle && cycle.matches[cycle.index] === value) {
    const index = (cycle.index + 1) % cycle.matches.length;
    return { value: cycle.matches[index]!, cycle: { matches: cycle.matches, index } };
  }
  const typed = value.trim().toLowerCase();
  const matches = names.filter((n) => n.toLowerCase().startsWith(typed));
  if (matches.length === 0) return { value, cycle: null };
  if (matches.length === 1) return { value: matches[0]!, cycle: null };
  let prefix = matches[0]!;
  for (const m of matches) while (!m.toLowerCase().startsWith(prefix.toLowerCase())) prefix = prefix.slice(0, -1);
  if (prefix.length > typed.length) return { value: prefix, cycle: null };
  return { value: matches[0]!, cycle: { matches, index: 0 } };
}

/** The name a typed command means: an exact name, or the only name it is a prefix of. */
export function resolveCommand(value: string, names: readonly string[]): string | undefined {
  const typed = value.trim().toLowerCase();
  if (typed === '') return undefined;
  const exact = names.find((n) => n.toLowerCase() === typed);
  if (exact) return exact;
  const matches = names.filter((n) => n.toLowerCase().startsWith(typed));
  return matches.length === 1 ? matches[0] : undefined;
}

export interface CommandLineProps {
  names: readonly string[];
  width: number;
  isActive?: boolean;
  /** `resolved` is the screen name the text means (exact or unique prefix), if any. */
  onSubmit(value: string, resolved: string | undefined): void;
  onCancel(): void;
}

export function CommandLine(props: CommandLineProps): ReactNode {
  const { isRawModeSupported } = useStdin();
  const ref = useRef<{ line: LineState; cycle: CompletionState | null }>({ line: lineState(), cycle: null });
  const [state, setState] = useState(ref.current);
  useInput(
    (input, key) => {
      const outcome = editLine(ref.current.line, input, key);
      let next = ref.current;
      if (outcome.tab) {
        const done = completeCommand(ref.current.line.value, props.names, ref.current.cycle);
        next = { line: lineState(done.value), cycle: done.cycle };
      } else if (outcome.state !== ref.current.line) {
        next = { line: outcome.state, cycle: outcome.state.value === ref.current.line.value ? ref.current.cycle : null };
      }
      if (next !== ref.current) {
        ref.current = next;
        setState(next);
      }
      if (outcome.submit) props.onSubmit(next.line.value.trim(), resolveCommand(next.line.value, props.names));
      else if (outcome.cancel) props.onCancel();
    },
    { isActive: isRawModeSupported === true && props.isActive !== false },
  );
  const typed = state.line.value.trim().toLowerCase();
  const suggestions = typed === '' ? [] : props.names.filter((n) => n.toLowerCase().startsWith(typed) && n !== state.line.value);
  const line = renderLine(state.line, { width: Math.max(8, Math.floor(props.width / 2)) });
  const used = 1 + displayWidth(line.before + line.at + line.after);
  return (
    <Text wrap="truncate">
      <Text color={color('accent')}>:</Text>
      {line.before}
      <Text inverse>{line.at}</Text>
      {line.after}
      <Text color={color('dim')}>{truncate(suggestions.length ? `   ${suggestions.join('  ')}` : '', Math.max(0, props.width - used))}</Text>
    </Text>
  );
}

export interface TooSmallProps {
  columns: number;
  rows: number;
  minColumns?: number;
  minRows?: number;
}

export function isTooSmall(columns: number, rows: number, minColumns = MIN_COLUMNS, minRows = MIN_ROWS): boolean {
  return columns < minColumns || rows < minRows;
}

export function tooSmallMessage(p: TooSmallProps): string {
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
