// Every dialog of a resource screen, drawn in the rows it is given above the list: a form, a confirmation
// (typed name, or y/N with what will happen), a value shown once, or a screen's own dialog. Each asks for
// the rows it needs (`dialogRows`) and fits fewer: long text is wrapped and cut, the question and its keys
// always stay on screen. While one is open, no key reaches the list below it.

import { useRef, useState, type ReactNode } from 'react';
import { Box, Text } from 'ink';
import { TypedConfirm, YesNo } from '../components/Confirm.js';
import { PRIORITY, useKeys } from '../keys.js';
import { CORE_KEYS } from '../keymap.js';
import { displayWidth, truncate } from '../text.js';
import { color } from '../theme.js';
import { FormDialog, formRows, wrapLines } from './FormDialog.js';
import type { Nav } from '../hooks/screen.js';
import type { Scope } from '../keymap.js';
import type { ConfirmSpec, Ctx, Dialog, Outcome, Reveal } from './spec.js';

/** A framed box for a dialog above the list, clipped to its rows; keys not taken inside it go nowhere. */
export function DialogBox(props: { width: number; height: number; children: ReactNode; tone?: 'accent' | 'error' | 'warn' }): ReactNode {
  useKeys(() => true, { priority: PRIORITY.blocker, modal: true });
  return (
    <Box borderStyle="round" borderColor={color(props.tone ?? 'accent')} width={props.width} height={props.height} flexDirection="column" paddingX={1} overflow="hidden">
      {props.children}
    </Box>
  );
}

const MAX_TEXT_ROWS = 12;

/** Rows a dialog wants above the list, border included; 'full' takes the screen. */
export function dialogRows<T>(d: Dialog<T>, ctx: Ctx, width: number): number | 'full' {
  const text = (s: string) => Math.min(MAX_TEXT_ROWS, wrapLines(s, Math.max(10, width - 4)).length);
  switch (d.kind) {
    case 'form':
      return formRows(d.form, d.row, ctx, width);
    case 'confirm':
      return 2 + 1 + text(d.confirm.consequence(d.row, ctx)) + (d.confirm.kind === 'typed' ? 3 : 1);
    case 'reveal':
      return 2 + 1 + d.reveal.lines.reduce((n, l) => n + text(l), 0) + 2;
    case 'custom':
      return d.custom.rows;
  }
}

interface DialogViewProps<T> {
  dialog: Dialog<T>;
  ctx: Ctx;
  width: number;
  height: number;
  /** a form was sent and accepted */
  onDone(outcome: Outcome<T> | void): void;
  /** a confirmation said yes: the call runs behind the closed dialog */
  onConfirm(confirm: ConfirmSpec<T>, row: T): void;
  onCancel(reason?: string): void;
  copy(text: string): void;
  /** what a typed confirmation asks for when its spec does not say: the row's key */
  nameOf(row: T): string;
  /** a form tells the footer which of its keys hold now */
  nav?: Pick<Nav, 'idle'>;
  onScopes?(scopes: Scope[]): void;
  /** a form tells the rows it takes now (the list under it fills the rest) */
  onRows?(rows: number): void;
}

export function DialogView<T>(props: DialogViewProps<T>): ReactNode {
  const { dialog: d, width, height } = props;
  switch (d.kind) {
    case 'form':
      return (
        <FormDialog form={d.form} row={d.row} ctx={props.ctx} width={width} height={height} onDone={props.onDone} onCancel={props.onCancel} nav={props.nav} onScopes={props.onScopes} onRows={props.onRows} />
      );
    case 'confirm':
      return (
        <ConfirmDialog
          confirm={d.confirm}
          row={d.row}
          name={(d.confirm.name ?? props.nameOf)(d.row)}
          ctx={props.ctx}
          width={width}
          height={height}
          nav={props.nav}
          onYes={() => props.onConfirm(d.confirm, d.row)}
          onNo={() => props.onCancel((d.confirm.verb ?? 'delete') === 'delete' ? 'Nothing was deleted.' : 'Nothing was changed.')}
        />
      );
    case 'reveal':
      return <RevealDialog reveal={d.reveal} width={width} height={height} onClose={() => props.onCancel()} copy={props.copy} />;
    case 'custom':
      return d.custom.render({ width, height, close: () => props.onCancel() });
  }
}

function ConfirmDialog<T>(props: { confirm: ConfirmSpec<T>; row: T; name: string; ctx: Ctx; width: number; height: number; nav?: Pick<Nav, 'idle'>; onYes(): void; onNo(): void }): ReactNode {
  const { confirm, row } = props;
  const inner = Math.max(10, props.width - 4);
  const typed = confirm.kind === 'typed';
  // the question and its keys stay; what will happen gets the rows left
  const room = Math.max(1, props.height - 2 - 1 - (typed ? 3 : 1));
  const lines = wrapLines(confirm.consequence(row, props.ctx), inner);
  const shown = lines.length > room ? [...lines.slice(0, room - 1), truncate(lines.slice(room - 1).join(' '), inner)] : lines;
  const consequence = shown.join('\n');
  return (
    <DialogBox width={props.width} height={props.height} tone={typed ? 'error' : 'warn'}>
      {typed ? (
        <TypedConfirm
          name={props.name}
          title={truncate(confirm.title(row), inner)}
          consequence={consequence}
          verb={confirm.verb ?? 'delete'}
          width={inner}
          nav={props.nav}
          onConfirm={props.onYes}
          onCancel={props.onNo}
        />
      ) : (
        <YesNo question={truncate(confirm.title(row), inner - 6)} consequence={consequence} width={inner} onYes={props.onYes} onNo={props.onNo} />
      )}
    </DialogBox>
  );
}

/**
 * A value the service shows once (a new API token): on screen until the dialog closes, `y` copies it. The
 * value lives in this dialog's state only, so closing it drops the last reference the dashboard holds.
 */
function RevealDialog(props: { reveal: Reveal; width: number; height: number; onClose(): void; copy(text: string): void }): ReactNode {
  const { reveal } = props;
  const inner = Math.max(10, props.width - 4);
  const [copied, setCopied] = useState(false);
  const closed = useRef(false);
  useKeys(
    (input, key) => {
      if (closed.current) return;
      const id = CORE_KEYS.matchBinding(['reveal'], input, key);
      if (id === 'reveal.copy') {
        props.copy(reveal.value);
        setCopied(true);
      } else if (id === 'reveal.close') {
        closed.current = true;
        props.onClose();
      }
    },
    { priority: PRIORITY.dialog, modal: true },
  );
  const lines = reveal.lines.flatMap((l) => wrapLines(l, inner));
  const room = Math.max(0, props.height - 2 - 1 - 2);
  // cut here, not by Ink: its cut can end a column too far when it falls in a wide character
  const label = truncate(reveal.label, inner);
  const value = truncate(reveal.value, Math.max(0, inner - displayWidth(label) - 2));
  return (
    <DialogBox width={props.width} height={props.height} tone="warn">
      <Text bold={color('warn') !== undefined} color={color('warn')} wrap="truncate">
        {truncate(reveal.title, inner)}
      </Text>
      {lines.slice(0, room).map((l, i) => (
        <Text key={i} wrap="truncate">
          {l}
        </Text>
      ))}
      <Text wrap="truncate">
        {label}: <Text color={color('accent')}>{value}</Text>
      </Text>
      <Text color={color('dim')} wrap="truncate">
        {copied ? '✓ copied to the clipboard (OSC 52)  ' : ''}y copy  esc close (it is not shown again)
      </Text>
    </DialogBox>
  );
}
