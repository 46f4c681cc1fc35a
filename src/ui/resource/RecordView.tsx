// One record, as a person reads it: sections of explicit labels and values with their units (a spec's
// `record`), in the windowed table, so a long record scrolls like any list. A value too long for the line
// continues on the lines under it (a key's comment, a template's notes are not cut short).

import { useMemo, type ReactNode } from 'react';
import { Box } from 'ink';
import { Table, type Column } from '../components/Table.js';
import { displayWidth, graphemes, safe, truncate } from '../text.js';
import type { RecordSection } from './record.js';
import type { Role } from '../theme.js';

interface RecordRow {
  key: string;
  label: string;
  value: string;
  role?: Role;
  /** a section's title line */
  section?: boolean;
}

/**
 * Lines of a long value for a column `width` wide, at most `max` (the last one ending in `…` when cut). Words
 * go whole to the next line, the space between them dropped (`cannot be` / `changed`, not `cannot be chan` /
 * `ged`); a word wider than the column (a key, a token, a path) fills the line it starts on and goes on
 * under it, as it must.
 */
export function wrapValue(value: string, width: number, max = 12): string[] {
  const text = safe(value);
  if (width <= 0 || displayWidth(text) <= width) return [text];
  const out: string[] = [];
  let line = '';
  let used = 0;
  const breakLine = () => {
    out.push(line);
    line = '';
    used = 0;
  };
  for (const word of text.split(' ')) {
    const w = displayWidth(word);
    const gap = line === '' ? 0 : 1;
    if (used + gap + w <= width) {
      line += (gap ? ' ' : '') + word;
      used += gap + w;
      continue;
    }
    // a word that fits a line of its own starts one; a longer one fills this line first
    if (w <= width) {
      if (line !== '') breakLine();
      line = word;
      used = w;
      continue;
    }
    if (gap && used + gap < width) {
      line += ' ';
      used += 1;
    } else if (line !== '') breakLine();
    // cluster by cluster: an accent cut from its letter would start the next line on nothing
    for (const ch of graphemes(word)) {
      const cw = displayWidth(ch);
      if (used + cw > width) breakLine();
      line += ch;
      used += cw;
    }
  }
  if (line !== '') out.push(line);
  if (out.length <= max) return out;
  return [...out.slice(0, max - 1), truncate(out.slice(max - 1).join(' '), width)];
}

/**
 * A section's title on its row: in the label column when it fits, else carried on into the value column at
 * a word break (`Other fields from…` cut in the label column reads as something else).
 */
function sectionTitle(title: string, width: number): Pick<RecordRow, 'label' | 'value' | 'role'> {
  if (displayWidth(title) <= width) return { label: title, value: '' };
  const words = title.split(' ');
  let n = 0;
  while (n < words.length - 1 && displayWidth(words.slice(0, n + 1).join(' ')) <= width) n += 1;
  if (n === 0) return { label: title, value: '' };
  return { label: words.slice(0, n).join(' '), value: words.slice(n).join(' '), role: 'accent' };
}

/** The rows of a record: a title row per titled section, a row per field line. */
function recordRows(sections: readonly RecordSection[], labelWidth: number, valueWidth: number): RecordRow[] {
  const rows: RecordRow[] = [];
  sections.forEach((s, si) => {
    if (s.title) rows.push({ key: `§${si}`, ...sectionTitle(s.title, labelWidth), section: true });
    s.fields.forEach((f, fi) => {
      wrapValue(f.value, valueWidth).forEach((line, li) =>
        rows.push({ key: `${si}.${fi}.${li}`, label: li === 0 ? f.label : '', value: line, role: f.role }),
      );
    });
  });
  return rows;
}

function labelWidth(sections: readonly RecordSection[]): number {
  let w = 8;
  for (const s of sections) for (const f of s.fields) w = Math.max(w, displayWidth(f.label));
  return Math.min(28, w + 1);
}

/** The columns a record needs to show every value on one line: its labels, its longest value, the margins. */
export function recordWidth(sections: readonly RecordSection[]): number {
  let value = 0;
  for (const s of sections) for (const f of s.fields) value = Math.max(value, displayWidth(safe(f.value)));
  return labelWidth(sections) + 2 + value;
}

const rowKey = (r: RecordRow): string => r.key;

interface RecordViewProps {
  sections: readonly RecordSection[];
  width: number;
  /** rows for the table, its header and position lines included */
  height: number;
  active: boolean;
  filter?: string;
  selected: string | null;
  onSelect(key: string): void;
  emptyText?: string;
}

export function RecordView(props: RecordViewProps): ReactNode {
  const label = labelWidth(props.sections);
  const valueWidth = Math.max(10, props.width - 1 - label - 1);
  const rows = useMemo(() => recordRows(props.sections, label, valueWidth), [props.sections, label, valueWidth]);
  const columns: readonly Column<RecordRow>[] = useMemo(
    () => [
      { key: 'label', header: 'FIELD', width: label, identity: true, color: (r) => (r.section ? 'accent' : 'dim') },
      { key: 'value', header: 'VALUE', flex: 1, minWidth: 10, color: (r) => r.role },
    ],
    [label],
  );
  return (
    <Box flexDirection="column" width={props.width}>
      <Table
        rows={rows}
        columns={columns}
        rowKey={rowKey}
        selectedKey={props.selected}
        onSelect={props.onSelect}
        height={Math.max(1, props.height - 2)}
        width={props.width}
        filter={props.filter}
        isActive={props.active}
        emptyText={props.emptyText ?? 'loading…'}
      />
    </Box>
  );
}
