// One screen failing to draw (a shape no one expected, a bug) must not take the dashboard down with it: the
// header, the action panel, the other screens on the stack and any work in them stay. The failed screen says
// so in its own place; esc goes back, `:` opens another, and `r` draws it again from the start.
import { Box, Text } from 'ink';
import { Component, type ReactNode } from 'react';
import { errorText } from '../hooks/useResource.js';
import { CORE_KEYS } from '../keymap.js';
import { useKeys } from '../keys.js';
import { safe, truncate } from '../text.js';
import { color } from '../theme.js';

interface Props {
  children: ReactNode;
  width: number;
  /** whether the screen has the keys (no dialog, no command line over it) */
  active: boolean;
}

export class ScreenBoundary extends Component<Props, { error: unknown; failed: boolean }> {
  override state = { error: null as unknown, failed: false };
  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }
  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return <Failed error={this.state.error} width={this.props.width} active={this.props.active} retry={() => this.setState({ error: null, failed: false })} />;
  }
}

function Failed(props: { error: unknown; width: number; active: boolean; retry(): void }): ReactNode {
  useKeys(
    (input, key) => {
      if (CORE_KEYS.matchBinding(['global'], input, key) !== 'refresh') return false;
      props.retry();
      return true;
    },
    { active: props.active },
  );
  const line = (text: string) => truncate(safe(text), Math.max(1, props.width - 2));
  return (
    <Box flexDirection="column">
      <Text color={color('error')}> {line(`This screen failed: ${errorText(props.error).split('\n')[0]}`)}</Text>
      <Text color={color('dim')}> {line('r draws it again · esc goes back · : opens another screen · q quits')}</Text>
    </Box>
  );
}
