// Ctrl+Z. In raw mode the terminal sends it as the byte 0x1a instead of stopping the program, so the
// dashboard stops itself (boot/terminal.ts gives the terminal back first). Read straight from Ink, beside the
// key dispatcher rather than through it: like the terminal's own Ctrl+Z it works whatever is on screen (a
// form, a dialog, a filter being typed), and it never waits behind keys still queued.
import { useInput, useStdin } from 'ink';

export function SuspendKey(props: { onSuspend?: () => void }): null {
  const { isRawModeSupported } = useStdin();
  const { onSuspend } = props;
  useInput(
    (input, key) => {
      if (key.ctrl && input === 'z') onSuspend?.();
    },
    { isActive: isRawModeSupported === true && onSuspend !== undefined },
  );
  return null;
}
