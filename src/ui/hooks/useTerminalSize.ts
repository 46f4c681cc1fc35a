// The terminal's size, following resizes at once. A size given by the caller (tests, a fixed embed) wins.

import { useEffect, useState } from 'react';
import { useStdout } from 'ink';

interface TerminalSize {
  columns: number;
  rows: number;
}

const sizeOf = (stdout: NodeJS.WriteStream): TerminalSize => ({ columns: stdout.columns || 80, rows: stdout.rows || 24 });

export function useTerminalSize(fixed?: Partial<TerminalSize>): TerminalSize {
  const { stdout } = useStdout();
  const [size, setSize] = useState<TerminalSize>(() => sizeOf(stdout));
  useEffect(() => {
    const onResize = () => {
      const next = sizeOf(stdout);
      setSize((prev) => (prev.columns === next.columns && prev.rows === next.rows ? prev : next));
    };
    stdout.on('resize', onResize);
    onResize();
    return () => {
      stdout.off('resize', onResize);
    };
  }, [stdout]);
  return { columns: fixed?.columns ?? size.columns, rows: fixed?.rows ?? size.rows };
}
