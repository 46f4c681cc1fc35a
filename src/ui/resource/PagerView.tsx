// A row that is mostly text to read (a script's content) opens in a pager rather than the record view: a
// few fields on top, then the whole text with line numbers, long lines continued under themselves, scrolled
// with j k ↑ ↓, PgUp PgDn (space), g G. The screen is an inner view of the stack, like the record view.

import { useMemo, useRef, useState, type ReactNode } from 'react';
import { Box, Text } from 'ink';
import { ScrollLines, scrollStep } from '../components/Scroll.js';
import { ScreenTitle, useIdleKeys, useScreenControl, type ScreenProps } from '../hooks/screen.js';
import { PRIORITY, useKeys } from '../keys.js';
import type { BindingId } from '../keymap.js';
import { matchIn } from '../keymatch.js';
import { PAGER_KEYS } from './pager-keys.js';
import { useTerminalHandoff } from '../terminal-handoff.js';
import { displayWidth, padStart, safeLines, truncate } from '../text.js';
import { color } from '../theme.js';
import { wrapValue } from './RecordView.js';

interface PagerLine {
  /** the line's number, or '' where a long line continues */
  number: string;
  text: string;
}

/** The text as numbered lines `width` columns wide (the gutter included); a long line continues below. */
export function pagerLines(text: string, width: number): PagerLine[] {
  const lines = text === '' ? [] : safeLines(text);
  const gutter = String(lines.length).length;
  const room = Math.max(8, width - gutter - 4);
  const out: PagerLine[] = [];
  lines.forEach((line, i) => {
    // a long line is cut into pieces, never into fewer than all of it (the pager shows the whole text)
    const pieces = line === '' ? [''] : wrapValue(line, room, Number.MAX_SAFE_INTEGER);
    pieces.forEach((piece, j) => out.push({ number: j === 0 ? padStart(String(i + 1), gutter) : ' '.repeat(gutter), text: piece }));
  });
  return out;
}

export function PagerScreen(props: ScreenProps): ReactNode {
  const { entry, width, height, nav } = props;
  const page = entry.params.page;
  const { copy } = useTerminalHandoff();
  const [offset, setOffset] = useState(0);
  const lines = useMemo(() => pagerLines(page?.text ?? '', width), [page, width]);
  const head = page?.fields ?? [];
  const label = Math.min(20, Math.max(0, ...head.map((f) => displayWidth(f.label))) + 1);
  // title, the fields, a rule between them and the text
  const rows = Math.max(1, height - 1 - head.length - 1);
  const latest = useRef({ offset, count: lines.length, rows });
  latest.current = { offset, count: lines.length, rows };
  useKeys(
    (input, key) => {
      const id = matchIn(PAGER_KEYS, input, key);
      if (id !== 'pager.up' && id !== 'pager.down') return false;
      const { offset: at, count, rows: room } = latest.current;
      const next = scrollStep(at, count, count > room ? room - 1 : room, input, key);
      if (next === null) return false;
      latest.current.offset = next;
      setOffset(next);
      return true;
    },
    { active: props.active, priority: PRIORITY.table },
  );
  const fits = lines.length <= rows;
  const shownRows = fits ? rows : Math.max(1, rows - 1);
  const idle: BindingId[] = [];
  if (fits || offset <= 0) idle.push('pager.up');
  if (fits || offset >= lines.length - shownRows) idle.push('pager.down');
  if (!page?.copyId) idle.push('copy');
  idle.push('sortNext', 'sortReverse', 'sortPick', 'refresh');
  useIdleKeys(nav, `pager:${entry.id}`, idle);
  useScreenControl(props.control, {
    sortColumns: [],
    handle: (id) => {
      if (id === 'filter') {
        nav.report('info', 'Nothing to filter here: the whole text is shown (↓ PgDn G move through it).');
        return true;
      }
      if (id !== 'copy' || !page?.copyId) return false;
      copy(page.copyId);
      nav.report('info', `Copied ${page.copyId} to the clipboard.`);
      return true;
    },
  });
  const gutter = lines[0]?.number.length ?? 1;
  const total = page?.text === '' ? 0 : safeLines(page?.text ?? '').length;
  return (
    <Box flexDirection="column" width={width} height={height}>
      <ScreenTitle title={entry.title} width={width} view={entry.view} filterEditor={props.filterEditor} sortColumns={[]} note={`${total} line${total === 1 ? '' : 's'}`} />
      {head.map((f) => (
        <Text key={f.label} wrap="truncate">
          <Text color={color('dim')}>{` ${truncate(f.label, label).padEnd(label)} `}</Text>
          <Text color={f.role ? color(f.role) : undefined}>{truncate(f.value, Math.max(1, width - label - 3))}</Text>
        </Text>
      ))}
      <Text color={color('dim')} wrap="truncate">
        {'─'.repeat(Math.max(1, width))}
      </Text>
      {lines.length === 0 ? (
        <Text color={color('dim')}> (empty)</Text>
      ) : (
        <ScrollLines
          lines={lines.map((l) => ` ${l.number} │ ${l.text}`)}
          offset={offset}
          height={rows}
          width={width}
          render={(line) => (
            <Text>
              <Text color={color('dim')}>{line.slice(0, gutter + 3)}</Text>
              {line.slice(gutter + 3)}
            </Text>
          )}
        />
      )}
    </Box>
  );
}
