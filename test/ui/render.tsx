import type { ReactElement } from 'react';
import { render } from 'ink-testing-library';
import { KeyProvider } from '../../src/ui/keys.js';

export function renderWithKeys(element: ReactElement): ReturnType<typeof render> {
  const r = render(<KeyProvider>{element}</KeyProvider>);
  return { ...r, rerender: (next: ReactElement) => r.rerender(<KeyProvider>{next}</KeyProvider>) };
}
