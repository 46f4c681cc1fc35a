import { afterEach, describe, expect, it } from 'vitest';
import { cleanup } from 'ink-testing-library';
import { TypedConfirm, YesNo, typedMatches, yesNoAnswer } from '../../../src/ui/components/Confirm.js';
import { inputReady, keys, render, waitFor, waitForFrame } from '../helpers.js';

afterEach(() => cleanup());

describe('TypedConfirm', () => {
  it('matches only the exact name', () => {
    expect(typedMatches('web-1', 'web-1')).toBe(true);
    expect(typedMatches(' web-1 ', 'web-1')).toBe(true);
    expect(typedMatches('WEB-1', 'web-1')).toBe(false);
    expect(typedMatches('web-', 'web-1')).toBe(false);
    expect(typedMatches('', '')).toBe(false);
  });

  it('says what will happen and confirms only after the exact name', async () => {
    let confirmed = 0;
    let cancelled = 0;
    const { lastFrame, stdin } = render(
      <TypedConfirm
        name="web-1"
        title="Delete server web-1"
        consequence="The server and its disks are deleted. This cannot be undone."
        verb="delete"
        onConfirm={() => confirmed++}
        onCancel={() => cancelled++}
      />,
    );
    const frame = await waitForFrame(lastFrame, (f) => f.includes('Type web-1 to confirm'));
    expect(frame).toContain('This cannot be undone.');
    await inputReady(stdin);
    stdin.write('web-2\r');
    await waitForFrame(lastFrame, (f) => f.includes('That is not web-1'));
    expect(confirmed).toBe(0);
    stdin.write(keys.backspace + '1');
    await waitForFrame(lastFrame, (f) => f.includes('⏎ delete'));
    stdin.write(keys.enter);
    await waitFor(() => expect(confirmed).toBe(1));
    expect(cancelled).toBe(0);
  });

  it('esc cancels', async () => {
    let cancelled = 0;
    const { stdin } = render(
      <TypedConfirm name="tpl" title="Delete template tpl" consequence="Gone for good." onConfirm={() => {}} onCancel={() => cancelled++} />,
    );
    await inputReady(stdin);
    stdin.write(keys.escape);
    await waitFor(() => expect(cancelled).toBe(1));
  });
});

describe('YesNo', () => {
  it('only y or Y says yes', () => {
    expect(yesNoAnswer('y')).toBe(true);
    expect(yesNoAnswer('Y')).toBe(true);
    for (const other of ['n', '', '\r', 'yes', 'x', ' ']) expect(yesNoAnswer(other)).toBe(false);
    expect(yesNoAnswer('y', { meta: true })).toBe(false);
  });

  for (const [name, input, expected] of [
    ['y confirms', 'y', 'yes'],
    ['n cancels', 'n', 'no'],
    ['Enter cancels (default No)', keys.enter, 'no'],
    ['esc cancels', keys.escape, 'no'],
    ['esc then y in one burst (read as Alt+y) cancels', keys.escape + 'y', 'no'],
    ['any other key cancels', 'x', 'no'],
  ] as const) {
    it(name, async () => {
      const answers: string[] = [];
      const { lastFrame, stdin } = render(
        <YesNo question="Power off web-1?" consequence="The server stops at once." onYes={() => answers.push('yes')} onNo={() => answers.push('no')} />,
      );
      const frame = await waitForFrame(lastFrame, (f) => f.includes('[y/N]'));
      expect(frame).toContain('The server stops at once.');
      await inputReady(stdin);
      stdin.write(input);
      stdin.write('y');
      await waitFor(() => expect(answers).toEqual([expected]));
    });
  }
});
