// Confirmations, as tui.md's safety rules ask: irreversible deletes need the item's name typed exactly;
// other risky actions ask y/N with No as the default. Both say what will happen before the user decides.

import { useRef, useState, type ReactNode } from 'react';
import { Box, Text } from 'ink';
import { PRIORITY, useKeys } from '../keys.js';
import { CORE_KEYS, keyLine, type KeyLike } from '../keymap.js';
import { safe, truncate } from '../text.js';
import { color } from '../theme.js';
import { TextInput } from './TextInput.js';
import { NO_NAV, useIdleKeys, type Nav } from '../hooks/screen.js';

/** Whether a typed confirmation matches: exact, case-sensitive, only surrounding whitespace forgiven. */
export function typedMatches(typed: string, expected: string): boolean {
  return typed.trim() === expected && expected !== '';
}

interface TypedConfirmProps {
  /** What the user must type, e.g. the server's name. */
  name: string;
  /** Title line: `Delete server web-1`. */
  title: string;
  /** What will happen, in plain words: `The server and its disks are deleted. This cannot be undone.` */
  consequence: string;
  /** Label of ⏎ in the hint line; default `confirm`. */
  verb?: string;
  width?: number;
  isActive?: boolean;
  /** the footer: ⏎ in the dialog's word (`⏎ delete`), and only once the name typed matches */
  nav?: Pick<Nav, 'idle'>;
  onConfirm(): void;
  onCancel(): void;
}

export function TypedConfirm(props: TypedConfirmProps): ReactNode {
  const [typed, setTyped] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const decided = useRef(false);
  const matches = typedMatches(typed, props.name);
  // before the name matches, ⏎ only says that it does not (the dialog's own key line says `esc cancel` alone)
  useIdleKeys(props.nav ?? NO_NAV, 'typed-confirm', matches ? [] : ['dialog.submit'], { 'dialog.submit': props.verb ?? 'confirm' });
  // the name on one line (cut when it does not fit): a dialog gives each of these lines one row
  const name = (around: number) => (props.width !== undefined ? truncate(props.name, Math.max(1, props.width - around)) : safe(props.name));
  return (
    <Box flexDirection="column" width={props.width}>
      <Text bold={color('error') !== undefined} color={color('error')}>
        {props.title}
      </Text>
      <Text wrap="wrap">{props.consequence}</Text>
      <Text wrap="truncate">
        Type <Text color={color('accent')}>{name('Type  to confirm:'.length)}</Text> to confirm:
      </Text>
      <Box>
        <Text color={color('accent')}>{'> '}</Text>
        <TextInput
          isActive={props.isActive !== false}
          width={props.width !== undefined ? Math.max(1, props.width - 2) : undefined}
          onChange={(v) => {
            setTyped(v);
            setMismatch(false);
          }}
          onSubmit={(v) => {
            if (decided.current) return;
            if (typedMatches(v, props.name)) {
              decided.current = true;
              props.onConfirm();
            } else {
              setMismatch(true);
            }
          }}
          onCancel={() => {
            if (decided.current) return;
            decided.current = true;
            props.onCancel();
          }}
        />
      </Box>
      {mismatch ? (
        <Text color={color('error')} wrap="truncate">
          That is not {name('That is not ; nothing was done.'.length)}; nothing was done.
        </Text>
      ) : (
        <Text color={color('dim')}>
          {matches ? `⏎ ${props.verb ?? 'confirm'}  esc cancel` : `esc cancel`}
        </Text>
      )}
    </Box>
  );
}

interface YesNoProps {
  /** `Power off web-1?` */
  question: string;
  /** `The server stops at once; unsaved work in it is lost.` */
  consequence: string;
  width?: number;
  isActive?: boolean;
  onYes(): void;
  onNo(): void;
}

/**
 * y confirms; every other key (n, esc, ⏎, anything) declines, so a stray keypress never does harm.
 * Alt+y does not count: esc followed quickly by y reaches us as Alt+y, and that user meant to cancel.
 */
export function yesNoAnswer(input: string, key: KeyLike = {}): boolean {
  return CORE_KEYS.matchBinding(['confirm'], input, key) === 'confirm.yes';
}

export function YesNo(props: YesNoProps): ReactNode {
  const decided = useRef(false);
  useKeys(
    (input, key) => {
      if (decided.current) return;
      decided.current = true;
      if (yesNoAnswer(input, key)) props.onYes();
      else props.onNo();
    },
    { active: props.isActive !== false, priority: PRIORITY.dialog, modal: true },
  );
  return (
    <Box flexDirection="column" width={props.width}>
      <Text>
        <Text bold={color('warn') !== undefined} color={color('warn')}>
          {props.question}
        </Text>{' '}
        [y/N]
      </Text>
      <Text wrap="wrap">{props.consequence}</Text>
      <Text color={color('dim')}>{keyLine('confirm')}</Text>
    </Box>
  );
}
