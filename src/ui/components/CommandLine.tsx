// The `:` command line, k9s style: a screen's name or one of its aliases (`srv`, `snap`, `tpl`, `keys`...),
// a unique prefix of either, or `q` to quit. While it is typed, the matches are listed (CompletionList, drawn
// by the shell where the action panel was); Tab completes and cycles through them, ↑ and ↓ walk back through
// the commands given before, ⏎ goes, esc closes.

import { useRef, useState, type ReactNode } from 'react';
import { Box, Text } from 'ink';
import { PRIORITY, useKeys } from '../keys.js';
import { displayWidth, padEnd, truncate } from '../text.js';
import { color, selectionInverse } from '../theme.js';
import { editLine, lineState, renderLine, type LineState } from './TextInput.js';

export interface Command {
  name: string;
  aliases: readonly string[];
  /** what the screen shows, for the completion list */
  title: string;
}

/** Words that quit, as in vi and k9s. */
const QUIT_WORDS = ['q', 'quit', 'q!', 'qa'];

const norm = (s: string): string => s.trim().toLowerCase();

/** Commands whose name or an alias starts with what was typed; exact matches first. */
export function commandMatches(value: string, commands: readonly Command[]): Command[] {
  const typed = norm(value);
  if (typed === '') return [...commands];
  const words = (c: Command) => [c.name, ...c.aliases];
  const exact = commands.filter((c) => words(c).includes(typed));
  const prefix = commands.filter((c) => !exact.includes(c) && words(c).some((w) => w.startsWith(typed)));
  return [...exact, ...prefix];
}

/**
 * The screen a typed command means: an exact name or alias, else the first match (the one the ghost text
 * suggests and the completion list marks), `quit`, or nothing when no screen matches.
 */
export function resolveCommand(value: string, commands: readonly Command[]): string | undefined {
  const typed = norm(value);
  if (typed === '') return undefined;
  if (QUIT_WORDS.includes(typed)) return 'quit';
  const matches = commandMatches(typed, commands);
  const exact = matches.find((c) => c.name === typed || c.aliases.includes(typed));
  return (exact ?? matches[0])?.name;
}

interface CompletionState {
  matches: string[];
  index: number;
}

/**
 * Tab: a unique match completes; several complete their common prefix, and once that is reached each
 * further Tab cycles through them.
 */
export function completeCommand(value: string, commands: readonly Command[], cycle: CompletionState | null): { value: string; cycle: CompletionState | null } {
  if (cycle && cycle.matches[cycle.index] === value) {
    const index = (cycle.index + 1) % cycle.matches.length;
    return { value: cycle.matches[index], cycle: { matches: cycle.matches, index } };
  }
  const typed = norm(value);
  const names = commandMatches(typed, commands).map((c) => c.name);
  if (names.length === 0) return { value, cycle: null };
  if (names.length === 1) return { value: names[0], cycle: null };
  let prefix = names[0];
  for (const m of names) while (!m.startsWith(prefix)) prefix = prefix.slice(0, -1);
  if (prefix.length > typed.length) return { value: prefix, cycle: null };
  return { value: names[0], cycle: { matches: names, index: 0 } };
}

interface LineAndHistory {
  line: LineState;
  cycle: CompletionState | null;
  /** position in the history while ↑/↓ walk it; -1 at the line being typed */
  back: number;
  /** what was being typed before ↑ */
  draft: string;
}

interface CommandLineProps {
  commands: readonly Command[];
  /** commands given before, oldest first */
  history: readonly string[];
  width: number;
  /** what is typed, after every change: the shell lists the matches */
  onChange?(value: string): void;
  onSubmit(value: string, resolved: string | undefined): void;
  onCancel(): void;
}

export function CommandLine(props: CommandLineProps): ReactNode {
  const ref = useRef<LineAndHistory>({ line: lineState(), cycle: null, back: -1, draft: '' });
  const [state, setState] = useState(ref.current);
  const put = (next: LineAndHistory) => {
    if (next === ref.current) return;
    const changed = next.line.value !== ref.current.line.value;
    ref.current = next;
    setState(next);
    if (changed) props.onChange?.(next.line.value);
  };
  useKeys(
    (input, key) => {
      const cur = ref.current;
      const { history } = props;
      if (key.upArrow || key.downArrow) {
        const back = key.upArrow ? Math.min(history.length - 1, cur.back + 1) : Math.max(-1, cur.back - 1);
        if (back === cur.back) return;
        const draft = cur.back === -1 ? cur.line.value : cur.draft;
        const value = back === -1 ? draft : history[history.length - 1 - back];
        put({ line: lineState(value), cycle: null, back, draft });
        return;
      }
      const outcome = editLine(cur.line, input, key);
      if (outcome.tab) {
        const done = completeCommand(cur.line.value, props.commands, cur.cycle);
        put({ ...cur, line: lineState(done.value), cycle: done.cycle });
      } else if (outcome.state !== cur.line) {
        put({ ...cur, line: outcome.state, cycle: outcome.state.value === cur.line.value ? cur.cycle : null });
      }
      const value = ref.current.line.value;
      if (outcome.submit) props.onSubmit(value.trim(), resolveCommand(value, props.commands));
      else if (outcome.cancel) props.onCancel();
    },
    { priority: PRIORITY.field, modal: true, text: true },
  );
  const typed = norm(state.line.value);
  const first = typed === '' ? undefined : commandMatches(typed, props.commands)[0];
  // the rest of the first match, drawn dim after the cursor, as a shell's autosuggestion
  const ghost = first && first.name.startsWith(typed) && state.line.cursor === state.line.value.length ? first.name.slice(typed.length) : '';
  const line = renderLine(state.line, { width: Math.max(8, Math.floor(props.width / 2)) });
  const used = 1 + displayWidth(line.before + line.at + line.after);
  return (
    <Text wrap="truncate">
      <Text color={color('accent')}>:</Text>
      {line.before}
      <Text inverse>{line.at === ' ' && ghost ? ghost.charAt(0) : line.at}</Text>
      {line.after}
      <Text color={color('dim')}>{truncate(ghost.slice(1), Math.max(0, props.width - used))}</Text>
    </Text>
  );
}

/** The matches of what is typed after `:`, one per line, the one ⏎ would take marked. */
export function CompletionList(props: { value: string; commands: readonly Command[]; width: number; height: number }): ReactNode {
  const matches = commandMatches(props.value, props.commands);
  const resolved = resolveCommand(props.value, props.commands);
  const rows = Math.max(1, props.height - 1);
  const shown = matches.slice(0, matches.length > rows ? rows - 1 : rows);
  const nameWidth = Math.max(8, ...props.commands.map((c) => displayWidth(c.name)));
  const aliasWidth = Math.max(6, ...props.commands.map((c) => displayWidth(c.aliases.join(' '))));
  const head = norm(props.value) === '' ? '├ Screens ' : `├ Screens matching ${truncate(props.value.trim(), 20)} `;
  return (
    <Box flexDirection="column" width={props.width}>
      <Text wrap="truncate">
        {head}
        {'─'.repeat(Math.max(0, props.width - displayWidth(head) - 1))}┤
      </Text>
      <Box borderStyle="single" borderTop={false} borderBottom={false} width={props.width} height={rows} flexDirection="column">
        {resolved === 'quit' ? (
          <Text color={color('warn')}> ⏎ quits ecsdeck</Text>
        ) : shown.length === 0 ? (
          <Text color={color('error')}> no screen matches; Tab completes, esc closes</Text>
        ) : (
          shown.map((c) => {
            const on = c.name === resolved;
            return (
              <Text key={c.name} wrap="truncate" inverse={on && selectionInverse()}>
                <Text color={on ? color('selection') : undefined}>{on ? '›' : ' '}</Text>
                {padEnd(c.name, nameWidth)} <Text color={color('dim')}>{padEnd(c.aliases.join(' '), aliasWidth)}</Text> {c.title}
              </Text>
            );
          })
        )}
        {matches.length > shown.length ? <Text color={color('dim')}> +{matches.length - shown.length} more: keep typing</Text> : null}
      </Box>
    </Box>
  );
}
