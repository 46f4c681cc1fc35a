// `>`: the sort column chosen directly, among the columns drawn (htop's "Sort by"): ↑↓ move, a letter goes to
// the next column of that initial, ⏎ sorts by it (the same column again turns the order round), esc closes.
import { useRef, useState, type ReactNode } from 'react';
import { Box, Text } from 'ink';
import type { SortSpec } from './Table.js';
import type { SortColumn } from '../hooks/screen.js';
import { PRIORITY, useKeys } from '../keys.js';
import { CORE_KEYS } from '../keymap.js';
import { truncate } from '../text.js';
import { color, selectionInverse } from '../theme.js';

/** The order after choosing `column`: ascending on a new column, the other way round on the current one. */
export function pickSort(current: SortSpec | null, column: string): SortSpec {
  if (current?.column === column) return { column, descending: !current.descending };
  return { column, descending: false };
}

/**
 * The rows the chooser takes over the list (its border and title included): its columns when they fit, and
 * always leaving the list its title, header, a few rows and its position line under it, so what is being
 * sorted stays in sight.
 */
export function chooserRows(columns: number, bodyRows: number): number {
  return Math.max(4, Math.min(columns + 3, bodyRows - 7));
}

/** The next column after `from` whose header starts with `letter` (case-insensitive), wrapping; -1 if none. */
export function byInitial(columns: readonly SortColumn[], from: number, letter: string): number {
  const l = letter.toLowerCase();
  for (let step = 1; step <= columns.length; step++) {
    const i = (from + step) % columns.length;
    if (columns[i].header.trim().toLowerCase().startsWith(l)) return i;
  }
  return -1;
}

interface SortChooserProps {
  columns: readonly SortColumn[];
  current: SortSpec | null;
  width: number;
  height: number;
  onPick(sort: SortSpec): void;
  onClose(): void;
}

export function SortChooser(props: SortChooserProps): ReactNode {
  const { columns, current } = props;
  const start = Math.max(0, columns.findIndex((c) => c.key === current?.column));
  const [at, setAt] = useState(start);
  const ref = useRef(start);
  const move = (i: number) => {
    ref.current = i;
    setAt(i);
  };
  useKeys(
    (input, key) => {
      const id = CORE_KEYS.matchBinding(['sort'], input, key);
      if (id === 'sort.close') return props.onClose();
      if (id === 'sort.pick') {
        const c = columns[ref.current];
        if (c) props.onPick(pickSort(current, c.key));
        return;
      }
      if (id === 'sort.top') return move(0);
      if (id === 'sort.bottom') return move(columns.length - 1);
      if (id !== 'sort.move') return;
      if (key.upArrow) return move(Math.max(0, ref.current - 1));
      if (key.downArrow) return move(Math.min(columns.length - 1, ref.current + 1));
      const i = byInitial(columns, ref.current, input);
      if (i >= 0) move(i);
    },
    { priority: PRIORITY.dialog, modal: true },
  );
  const rows = Math.max(1, props.height - 3);
  const top = Math.min(Math.max(0, at - rows + 1), Math.max(0, columns.length - rows));
  const shown = columns.slice(top, top + rows);
  const inner = Math.max(1, props.width - 4);
  return (
    <Box flexDirection="column" borderStyle="round" paddingX={1} width={props.width} height={Math.min(props.height, columns.length + 3)}>
      <Text bold={color('accent') !== undefined} color={color('accent')} wrap="truncate">
        Sort by <Text color={color('dim')}>(a letter jumps to its column)</Text>
      </Text>
      {shown.map((c, i) => {
        const index = top + i;
        const mark = current?.column === c.key ? (current.descending ? ' ↓' : ' ↑') : '';
        const selected = index === at;
        return (
          <Text key={c.key} wrap="truncate" inverse={selected && selectionInverse()} color={selected && !selectionInverse() ? color('accent') : undefined}>
            {truncate(`${selected ? '›' : ' '} ${c.header}${mark}`, inner)}
          </Text>
        );
      })}
    </Box>
  );
}
