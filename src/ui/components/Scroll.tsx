// Content taller than the rows it was given scrolls instead of being cut: help, long dialogs, a script's
// text. As gemini-cli's Scrollable and MaxSizedBox do, the view shows a window of lines and says how much is
// above and below; the keys that move it (↑ ↓ j k, PgUp PgDn, g G, Home End) are one pure function.

import type { ReactNode } from 'react';
import { Box, Text } from 'ink';
import type { KeyLike } from '../keymap.js';
import { truncate } from '../text.js';
import { color } from '../theme.js';

/** The first line to show after `key`, or null when the key does not scroll. */
export function scrollStep(offset: number, count: number, height: number, input: string, key: KeyLike): number | null {
  const max = Math.max(0, count - height);
  const page = Math.max(1, height - 1);
  let next: number;
  if (key.upArrow || input === 'k') next = offset - 1;
  else if (key.downArrow || input === 'j') next = offset + 1;
  else if (key.pageUp) next = offset - page;
  else if (key.pageDown || input === ' ') next = offset + page;
  else if (key.home || input === 'g') next = 0;
  else if (key.end || input === 'G') next = max;
  else return null;
  return Math.min(max, Math.max(0, next));
}

/** `▲ 3 above · ▼ 12 below`, or '' when everything fits. */
function scrollNote(offset: number, count: number, height: number): string {
  const above = offset;
  const below = Math.max(0, count - offset - height);
  if (above === 0 && below === 0) return '';
  return [above > 0 ? `▲ ${above} above` : '', below > 0 ? `▼ ${below} below` : ''].filter(Boolean).join(' · ');
}

interface ScrollLinesProps {
  lines: readonly string[];
  offset: number;
  /** rows for the lines; one more is taken by the position note when they do not fit */
  height: number;
  width: number;
  /** how a line is drawn (a title line in colour); default plain */
  render?(line: string, index: number): ReactNode;
}

/** A window of `lines`, each cut to the width, and a dim note of what is above and below. */
export function ScrollLines(props: ScrollLinesProps): ReactNode {
  const fits = props.lines.length <= props.height;
  const rows = fits ? props.height : Math.max(1, props.height - 1);
  const offset = Math.min(props.offset, Math.max(0, props.lines.length - rows));
  const shown = props.lines.slice(offset, offset + rows);
  const note = fits ? '' : scrollNote(offset, props.lines.length, rows);
  return (
    <Box flexDirection="column" width={props.width}>
      {shown.map((line, i) => (
        <Text key={offset + i} wrap="truncate">
          {props.render ? props.render(truncate(line, props.width), offset + i) : truncate(line, props.width) || ' '}
        </Text>
      ))}
      {note ? (
        <Text color={color('dim')} wrap="truncate">
          {note}
        </Text>
      ) : null}
    </Box>
  );
}
