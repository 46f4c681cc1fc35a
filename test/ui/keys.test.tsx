// The app's key dispatcher: bursts split into keys, each delivered after the commit of the one before, to
// the handler on top of the stack.
import { useState, type ReactNode } from 'react';
import { Text } from 'ink';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup } from 'ink-testing-library';
import { PRIORITY, splitInput, useKeys } from '../../src/ui/keys.js';
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

describe('useKeys', () => {
  it('delivers a burst key by key: the field a key opened takes the rest, text as one run', async () => {
    const log: string[] = [];
    const { stdin } = render(<Opener log={log} />);
    await inputReady(stdin);
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
