// The app's key dispatcher: bursts split into keys, each delivered after the commit of the one before, to
// the handler on top of the stack.
import { useRef, useState, type ReactNode } from 'react';
import { Text } from 'ink';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup } from 'ink-testing-library';
import { KeyDispatcher, PASTE_IDLE_MS, PRIORITY, pastedText, splitInput, useKeys } from '../../src/ui/keys.js';
import { PASTE_END, PASTE_START } from '../../src/ui/terminal-modes.js';
import { inputReady, render, waitFor } from './helpers.js';

afterEach(() => cleanup());

describe('splitInput', () => {
  it('splits a run of plain characters at control characters', () => {
    expect(splitInput(':actions\r', {})).toEqual([
      { kind: 'text', text: ':actions' },
      { kind: 'key', input: '', key: { return: true } },
    ]);
    expect(splitInput('ab\u007fc\t', {})).toEqual([
      { kind: 'text', text: 'ab' },
      { kind: 'key', input: '', key: { delete: true } },
      { kind: 'text', text: 'c' },
      { kind: 'key', input: '', key: { tab: true } },
    ]);
    expect(splitInput('\u0015x', {})).toEqual([
      { kind: 'key', input: 'u', key: { ctrl: true } },
      { kind: 'text', text: 'x' },
    ]);
  });

  it('leaves a key Ink parsed alone', () => {
    expect(splitInput('', { upArrow: true })).toEqual([{ kind: 'key', input: '', key: { upArrow: true } }]);
    expect(splitInput('x', {})).toEqual([{ kind: 'key', input: 'x', key: {} }]);
  });
});

/** `o` opens a field; the field takes text; everything is logged in order. */
function Opener(props: { log: string[] }): ReactNode {
  const [open, setOpen] = useState(false);
  useKeys((input) => {
    props.log.push(`list:${input}`);
    if (input === 'o') setOpen(true);
    return true;
  });
  return open ? <Field log={props.log} onClose={() => setOpen(false)} /> : <Text>list</Text>;
}

function Field(props: { log: string[]; onClose(): void }): ReactNode {
  useKeys(
    (input, key) => {
      if (key.return) {
        props.log.push('field:⏎');
        props.onClose();
      } else props.log.push(`field:${input}`);
    },
    { priority: PRIORITY.field, modal: true, text: true },
  );
  return <Text>field</Text>;
}

/** The Opener drawn and reading keys, with the log of what each handler took. */
async function opener(): Promise<{ log: string[]; stdin: ReturnType<typeof render>['stdin'] }> {
  const log: string[] = [];
  const { stdin } = render(<Opener log={log} />);
  await inputReady(stdin);
  return { log, stdin };
}

describe('useKeys', () => {
  it('delivers a burst key by key: the field a key opened takes the rest, text as one run', async () => {
    const { log, stdin } = await opener();
    stdin.write('xoabc\rz');
    await waitFor(() => expect(log).toEqual(['list:x', 'list:o', 'field:abc', 'field:⏎', 'list:z']));
  });
});

describe('KeyDispatcher.hold', () => {
  it('keys wait while a view loads, Ctrl+C does not, and the rest goes on release', async () => {
    const { KeyDispatcher } = await import('../../src/ui/keys.js');
    const d = new KeyDispatcher();
    const got: string[] = [];
    d.add({ current: (input) => (got.push(input), true) }, { active: true, priority: PRIORITY.shell, modal: false, text: false });
    const release = d.hold();
    d.feed('2', {});
    d.feed('j', {});
    expect(got).toEqual([]);
    d.feed('c', { ctrl: true });
    expect(got).toEqual(['c']);
    release();
    expect(got).toEqual(['c', '2', 'j']);
    // a second release changes nothing
    release();
    d.feed('k', {});
    expect(got).toEqual(['c', '2', 'j', 'k']);
  });
});

/** A counter whose handler reads the count of the last render: right only if each key waits for the commit before it. */
function Counter(props: { seen: number[] }): ReactNode {
  const [n, setN] = useState(0);
  useKeys((input) => {
    if (input === 'j') setN(n + 1);
    else if (input === 'k') setN(n - 1);
    else return false;
    props.seen.push(n);
    return true;
  });
  return <Text>count {n}</Text>;
}

describe('long bursts', () => {
  it('10,000 keys pasted at once go one commit after another: no render loop, none lost, in order', async () => {
    const seen: number[] = [];
    const { stdin, lastFrame } = render(<Counter seen={seen} />);
    await inputReady(stdin);
    // up and down around 3: a key handled before the commit of the one before would see a stale count
    stdin.write('jjj' + 'kj'.repeat(4_997) + 'jjj');
    // the event loop gets turns while the paste is worked through (frames are drawn, Ctrl+C is read)
    let midway = -1;
    setTimeout(() => (midway = seen.length), 0);
    await waitFor(() => expect(lastFrame()).toBe('count 6'), 100_000);
    expect(midway).toBeGreaterThan(0);
    expect(midway).toBeLessThan(10_000);
    expect(seen).toHaveLength(10_000);
    expect(seen.slice(0, 6)).toEqual([0, 1, 2, 3, 2, 3]);
  }, 120_000);

  it('Ctrl+C goes ahead of the keys of a paste still being worked through', async () => {
    const { KeyDispatcher } = await import('../../src/ui/keys.js');
    const d = new KeyDispatcher();
    const got: string[] = [];
    d.add({ current: (input, key) => (got.push(key.ctrl ? `^${input}` : input), true) }, { active: true, priority: PRIORITY.shell, modal: false, text: false });
    // a provider that never commits: the paste stays queued behind its first key
    d.requestCommit = () => undefined;
    d.feed('abc', {});
    expect(got).toEqual(['a']);
    d.feed('c', { ctrl: true });
    expect(got).toEqual(['a', '^c']);
  });
});

/** A list whose cursor lives in a ref (as the table's does) and a `d` that reads the last render. */
function RefList(props: { log: string[]; renders: { n: number } }): ReactNode {
  const cursor = useRef(0);
  const [shown, setShown] = useState(0);
  props.renders.n += 1;
  useKeys(
    (input) => {
      if (input !== 'j') return false;
      cursor.current += 1;
      setShown(cursor.current);
      return true;
    },
    { priority: PRIORITY.table, repeatable: (input) => input === 'j' },
  );
  useKeys((input) => {
    if (input !== 'd') return false;
    props.log.push(`d on ${shown}`);
    return true;
  });
  return <Text>row {shown}</Text>;
}

describe('repeatable keys', () => {
  it('a run of the same move goes without a render per key; the next other key still sees its commit', async () => {
    const log: string[] = [];
    const renders = { n: 0 };
    const { stdin, lastFrame } = render(<RefList log={log} renders={renders} />);
    await inputReady(stdin);
    const before = renders.n;
    stdin.write('j'.repeat(5_000) + 'd');
    await waitFor(() => expect(log).toEqual(['d on 5000']), 10_000);
    expect(lastFrame()).toBe('row 5000');
    // a handful of renders (one per slice of the run, and the provider's), not five thousand
    expect(renders.n - before).toBeLessThan(100);
  });
});

describe('KeyDispatcher.hold with escape', () => {
  it('esc goes at once and drops the keys typed before it; the keys after it wait for the release', async () => {
    const { KeyDispatcher } = await import('../../src/ui/keys.js');
    const d = new KeyDispatcher();
    const got: string[] = [];
    d.add({ current: (input, key) => (got.push(key.escape ? 'esc' : input), true) }, { active: true, priority: PRIORITY.shell, modal: false, text: false });
    const release = d.hold({ escape: true });
    d.feed('ab', {});
    expect(got).toEqual([]);
    d.feed('', { escape: true });
    expect(got).toEqual(['esc']);
    d.feed('x', {});
    expect(got).toEqual(['esc']);
    release();
    expect(got).toEqual(['esc', 'x']);
    // a hold without escape keeps esc in line
    const again = d.hold();
    d.feed('', { escape: true });
    expect(got).toEqual(['esc', 'x']);
    again();
    expect(got).toEqual(['esc', 'x', 'esc']);
  });
});

describe('a paste is text, never keys', () => {
  it('goes whole into the field that has the keys, its line breaks as spaces, and submits nothing', async () => {
    const { log, stdin } = await opener();
    stdin.write('o');
    await waitFor(() => expect(log).toEqual(['list:o']));
    stdin.write(`${PASTE_START}ab\r\ncd\te\r${PASTE_END}`);
    await waitFor(() => expect(log).toEqual(['list:o', 'field:ab cd e']));
    // the ⏎ typed after it is a key again
    stdin.write('\r');
    await waitFor(() => expect(log).toEqual(['list:o', 'field:ab cd e', 'field:⏎']));
  });

  it('over a list it is dropped whole: nothing in it acts, and the keys after it do', async () => {
    const { log, stdin } = await opener();
    // `o` in the paste would open the field, and the ⏎ would submit it
    stdin.write(`${PASTE_START}xo\rabc${PASTE_END}z`);
    await waitFor(() => expect(log).toEqual(['list:z']));
  });

  it('read in pieces (a long paste comes in several reads) it is still one paste', async () => {
    const { log, stdin } = await opener();
    stdin.write('o');
    await waitFor(() => expect(log).toEqual(['list:o']));
    stdin.write(`${PASTE_START}a`);
    stdin.write('b\r');
    stdin.write(`c${PASTE_END}`);
    await waitFor(() => expect(log).toEqual(['list:o', 'field:ab c']));
  });

  it('with no field it is told; without its closing mark it ends after a pause; typed `[200~` is keys', () => {
    vi.useFakeTimers();
    try {
      const d = new KeyDispatcher();
      const got: string[] = [];
      let refused = 0;
      d.onPasteRefused = () => (refused += 1);
      d.add({ current: (input) => (got.push(input), true) }, { active: true, priority: PRIORITY.shell, modal: false, text: false });
      d.raw(PASTE_START);
      d.feed('[200~', {});
      d.feed('dd', {});
      d.feed('', { return: true });
      expect(got).toEqual([]);
      vi.advanceTimersByTime(PASTE_IDLE_MS - 1);
      d.feed('y', {});
      // still the paste: each piece keeps it open a while longer
      vi.advanceTimersByTime(PASTE_IDLE_MS - 1);
      expect(refused).toBe(0);
      vi.advanceTimersByTime(1);
      expect(refused).toBe(1);
      expect(got).toEqual([]);
      d.feed('j', {});
      expect(got).toEqual(['j']);
      // the same five characters typed, without the terminal's mark, are keys
      d.feed('[200~', {});
      expect(got).toEqual(['j', '[', '2', '0', '0', '~']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps only text: line breaks and tabs become spaces, none at the end, control characters go', () => {
    expect(pastedText('web-1\n')).toBe('web-1');
    expect(pastedText('a\r\nb\rc\nd\te\r\n\r\n')).toBe('a b c d e');
    expect(pastedText('x\u0007y\u001b[31mz\u009b')).toBe('xy[31mz');
  });
});
