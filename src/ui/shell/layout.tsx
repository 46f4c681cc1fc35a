// The shell's layout: the header, the screen (or help, the sort chooser, a re-login form) inside the frame's
// sides, the action panel (or `:`'s completions), the status line (or the command line) and the footer.
// The frame is laid out at least 80×24 and stays mounted whatever happens to the terminal: below that it is
// hidden behind a notice, and every dialog, form and typed value is there again when the window grows back.

import type { ReactNode } from 'react';
import { Box, Text } from 'ink';
import type { Session } from '../../session/session.js';
import { panelNeed, type ActionRow } from '../components/action-lines.js';
import { CommandLine, CompletionList } from '../components/CommandLine.js';
import { HelpOverlay, MIN_COLUMNS, MIN_ROWS, TooSmall } from '../components/Frame.js';
import { SortChooser } from '../components/SortChooser.js';
import type { SortSpec } from '../components/Table.js';
import type { SortColumn } from '../hooks/screen.js';
import type { Scope } from '../keymap.js';
import { COMMANDS } from '../registry.js';
import type { Mode } from '../routing.js';
import { ActionArea, HeaderBar, MemoFooter, type PendingConnection } from '../shell-parts.js';
import { displayWidth, safe, wrapAtMost } from '../text.js';
import { color } from '../theme.js';
import type { Status } from './status.js';

/**
 * Rows of the action panel below the title line: a few on any terminal (more on a taller one), and as many
 * as the actions in it `need` when work piles up, up to three tenths of the height, so the list keeps most.
 */
export function panelLines(rows: number, need = 0): number {
  const base = Math.min(5, Math.max(2, Math.floor((rows - 19) / 3)));
  return Math.min(Math.max(base, Math.floor(rows * 0.3)), Math.max(base, need));
}

interface Layout {
  W: number;
  H: number;
  /** inside the frame's sides */
  inner: number;
  /** the action panel's rows */
  lines: number;
  /** the status line's rows (one or two; none without a status), each within the width */
  statusLines: string[];
  statusRows: number;
  /** the screen's rows */
  bodyRows: number;
  /** help takes the action panel's rows too, so the keys fit in one column on most terminals */
  helpRows: number;
}

/**
 * Rows of `:`'s completions below their title line: every screen's name when half the height holds them,
 * else half the height (the rest say how many more there are). The same whatever is typed, so the screen
 * above does not jump with each letter; never fewer than the action panel it stands in for.
 */
function completionLines(rows: number, panel: number, commands = COMMANDS.length): number {
  return Math.max(panel, Math.min(commands, Math.floor(rows / 2) - 1));
}

export function layoutOf(columns: number, rows: number, panel: readonly ActionRow[], status: Status | null, mode: Mode): Layout {
  const W = Math.max(columns, MIN_COLUMNS);
  const H = Math.max(rows, MIN_ROWS);
  const inner = W - 2;
  const panelRows = panelLines(H, panelNeed(panel, W));
  const lines = mode === 'command' ? completionLines(H, panelRows) : panelRows;
  const statusText = status ? `${status.kind === 'error' ? '✗ ' : ''}${status.text}` : '';
  const statusLines = statusText === '' ? [] : statusRowsOf(statusText, Math.max(1, inner - 1));
  const statusRows = mode === 'command' ? 1 : Math.max(1, statusLines.length);
  const bodyRows = Math.max(3, H - 2 - (1 + lines) - statusRows);
  return { W, H, inner, lines, statusLines, statusRows, bodyRows, helpRows: bodyRows + 1 + lines };
}

/**
 * The status line's text in one row of `width`, or two wrapped at spaces; what a third would hold is left
 * out with … at the end of the second (Ink, wrapping it, cut the third row off unseen, and wrapped the whole of
 * a paragraph pasted into `:` as it came back in the answer).
 */
function statusRowsOf(text: string, width: number): string[] {
  return displayWidth(text) <= width ? [safe(text)] : wrapAtMost(text, width, 2);
}

interface ShellFrameProps {
  size: { columns: number; rows: number };
  tooSmall: boolean;
  layout: Layout;
  session: Session | null;
  pending?: PendingConnection;
  readOnly: boolean;
  mode: Mode;
  status: Status | null;
  /** the failed actions in the panel, for the header's count */
  failed: number;
  /**
   * actions in flight, from the snapshot the panel's rows were made of: the header's count and the panel agree;
   * null when the account's actions could not be read and none is known to run
   */
  running: number | null;
  panelRows: ActionRow[];
  /** the screen, drawn whatever the mode so that its state stays */
  body: ReactNode;
  /** an expired login's password form, drawn over the screen */
  relogin: ReactNode;
  /** the screen's key scopes (help lists them) and the footer's */
  scopes: Scope[];
  footerScopes: Scope[];
  idle: ReadonlySet<string>;
  /** the footer's word for a key, where its owner has one (`Nav.idle`) */
  words: ReadonlyMap<string, string>;
  onIdle(owner: string, ids: readonly string[]): void;
  chooser: { columns: SortColumn[]; current: SortSpec | null } | null;
  /** the rows the sort chooser takes above the list (0 when it is closed) */
  sortRows: number;
  onSort(sort: SortSpec): void;
  closeMode(): void;
  /** `:`: what is typed, and what was typed before */
  typed: string;
  onTyped(value: string): void;
  history: string[];
  onCommand(value: string, resolved: string | undefined): void;
}

export function ShellFrame(props: ShellFrameProps): ReactNode {
  const { size, tooSmall, mode, status, relogin } = props;
  const { W, H, inner, lines, statusLines, statusRows, bodyRows, helpRows } = props.layout;
  return (
    <Box flexDirection="column" width={size.columns} height={size.rows}>
      {tooSmall ? <TooSmall columns={size.columns} rows={size.rows} /> : null}
      <Box display={tooSmall ? 'none' : 'flex'} flexDirection="column" width={W} height={H}>
        <HeaderBar session={props.session} pending={props.pending} width={W} readOnly={props.readOnly} failed={props.failed} running={props.running} />
        <Box borderStyle="single" borderTop={false} borderBottom={false} width={W} height={mode === 'help' ? helpRows : bodyRows} flexDirection="column">
          {mode === 'help' ? <HelpOverlay scopes={props.scopes} readOnly={props.readOnly} width={inner} height={helpRows} onClose={props.closeMode} onIdle={props.onIdle} /> : null}
          {props.sortRows > 0 && props.chooser ? (
            <SortChooser columns={props.chooser.columns} current={props.chooser.current} width={Math.min(inner, 48)} height={props.sortRows} onClose={props.closeMode} onPick={props.onSort} />
          ) : null}
          {mode !== 'help' && relogin ? relogin : null}
          {/* the list stays under the sort chooser, in the rows it leaves */}
          <Box display={mode === 'help' || relogin ? 'none' : 'flex'} flexDirection="column" height={bodyRows - props.sortRows}>
            {props.body}
          </Box>
        </Box>
        {mode === 'help' ? null : mode === 'command' ? (
          <CompletionList value={props.typed} commands={COMMANDS} width={W} height={lines + 1} />
        ) : (
          <ActionArea tracker={props.session?.tracker ?? null} rows={props.panelRows} width={W} lines={lines} />
        )}
        <Box borderStyle="single" borderTop={false} borderBottom={false} width={W} height={statusRows}>
          {mode === 'command' ? (
            <CommandLine commands={COMMANDS} history={props.history} width={inner} onChange={props.onTyped} onSubmit={props.onCommand} onCancel={props.closeMode} />
          ) : status ? (
            <Text color={status.kind === 'error' ? color('error') : undefined} wrap="truncate">
              {statusLines.join('\n')}
            </Text>
          ) : (
            <Text> </Text>
          )}
        </Box>
        <MemoFooter width={W} scopes={props.footerScopes} readOnly={props.readOnly} idle={props.idle} words={props.words} />
      </Box>
    </Box>
  );
}
