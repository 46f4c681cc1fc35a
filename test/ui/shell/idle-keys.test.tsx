// The footer leaves out the keys that would do nothing now, as each screen tells it (useIdleKeys). A screen
// works those out from what the session knows as it renders (the power of the selected server, in a store
// outside React), and React may run a render and then throw it away when no state of its changed: the keys
// worked out then must still reach the footer at the next render that counts. Found on the servers list,
// where the footer offered `p power on` beside a row whose POWER said `on` until some other key was pressed.
import { useState } from 'react';
import { Text } from 'ink';
import { render } from 'ink-testing-library';
import { act } from 'react';
import { expect, test } from 'vitest';
import { useIdleKeys } from '../../../src/ui/hooks/screen.js';

const waitFor = async (test: () => boolean): Promise<void> => {
  const until = Date.now() + 2000;
  while (!test()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
};

test('keys worked out from a store outside React reach the footer even when React threw away the render that first saw them', async () => {
  // what the session knows, outside React: whether the selected server is known to run
  const store = { running: false };
  const told: string[] = [];
  const nav = { idle: (owner: string, ids: readonly string[]) => told.push(`${owner}: ${ids.join(' ')}`) };
  let setA: (n: number) => void = () => {};
  let setB: (n: number) => void = () => {};
  let renders = 0;
  function Screen() {
    const [a, sa] = useState(0);
    const [b, sb] = useState(0);
    setA = sa;
    setB = sb;
    renders += 1;
    useIdleKeys(nav, 'servers', store.running ? ['servers.powerOn'] : []);
    return <Text>{`${a} ${b}`}</Text>;
  }
  const r = render(<Screen />);
  await waitFor(() => told.length > 0);
  expect(told.at(-1)).toBe('servers: ');

  // the store learns the server runs; a state set and set back in one go makes React render the screen and
  // throw that render away (nothing of its state changed)
  store.running = true;
  const before = renders;
  await act(async () => {
    setA(1);
    setA(0);
  });
  await waitFor(() => renders > before);
  // then a render that counts (the store's own redraw, a refresh, a key)
  await act(async () => setB(1));
  await waitFor(() => r.lastFrame() === '0 1');
  expect(told.at(-1)).toBe('servers: servers.powerOn');
  r.unmount();
  expect(told.at(-1)).toBe('servers: ');
});
