// The record view of a row (⏎ on a list) as a screen of the stack: its sections; `y` copies the record's
// identifier. Its keys are the registry's (`record`).
import type { ReactNode } from 'react';
import { Box } from 'ink';
import { ScreenTitle, useIdleKeys, useScreenControl, useSelection, type ScreenProps } from '../hooks/screen.js';
import type { BindingId } from '../keymap.js';
import { useTerminalHandoff } from '../terminal-handoff.js';
import { RecordView } from './RecordView.js';

/** a record view's keys that do nothing there: no order, nothing to open, nothing to load again */
const RECORD_IDLE: readonly BindingId[] = ['sortNext', 'sortReverse', 'sortPick', 'open', 'refresh'];

export function RecordScreen(props: ScreenProps): ReactNode {
  const { entry, width, height, nav } = props;
  const { selected, onSelect } = useSelection(entry, nav);
  const { copy } = useTerminalHandoff();
  useIdleKeys(nav, `record:${entry.id}`, RECORD_IDLE);
  useScreenControl(props.control, {
    sortColumns: [],
    handle: (id) => {
      if (id !== 'copy' || !entry.params.copyId) return false;
      copy(entry.params.copyId);
      nav.report('info', `Copied ${entry.params.copyId} to the clipboard.`);
      return true;
    },
  });
  return (
    <Box flexDirection="column" width={width} height={height}>
      <ScreenTitle title={entry.title} width={width} view={entry.view} filterEditor={props.filterEditor} sortColumns={[]} />
      <RecordView sections={entry.params.sections ?? []} width={width} height={height - 1} active={props.active} filter={entry.view.filter} selected={selected} onSelect={onSelect} emptyText="no fields" />
    </Box>
  );
}
