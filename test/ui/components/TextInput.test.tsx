import { afterEach, describe, expect, it } from 'vitest';
import { cleanup } from 'ink-testing-library';
import { TextInput, editLine, lineState, prefilledLine, renderLine } from '../../../src/ui/components/TextInput.js';
import { inputReady, keys, render, waitFor, waitForFrame } from '../helpers.js';

afterEach(() => cleanup());

describe('editLine', () => {
  it('inserts at the cursor, moves, erases, clears', () => {
    let s = lineState('helo');
    s = editLine(s, '', { leftArrow: true }).state;
    s = editLine(s, 'l', {}).state;
    expect(s).toEqual({ value: 'hello', cursor: 4 });
    s = editLine(s, '', { backspace: true }).state;
    expect(s).toEqual({ value: 'helo', cursor: 3 });
    s = editLine(s, '', { delete: true }).state;
    expect(s).toEqual({ value: 'heo', cursor: 2 });
    s = editLine(s, '', { home: true }).state;
    expect(editLine(s, '', { backspace: true }).state).toBe(s);
    expect(editLine(s, 'u', { ctrl: true }).state).toEqual({ value: '', cursor: 0 });
  });

  it('treats a chunk ending in \\r as paste plus submit', () => {
    const out = editLine(lineState('a'), 'bc\r', {});
    expect(out).toEqual({ state: { value: 'abc', cursor: 3 }, submit: true });
    expect(editLine(lineState(), '', { escape: true, meta: true }).cancel).toBe(true);
    expect(editLine(lineState('x'), '', { return: true }).submit).toBe(true);
    expect(editLine(lineState('x'), '', { upArrow: true }).ignored).toBe(true);
  });

  it('applies control characters inside a burst in order', () => {
    expect(editLine(lineState('web-2'), '\u007f1', {}).state.value).toBe('web-1');
    expect(editLine(lineState('abc'), 'x\u0015yz\rignored', {})).toEqual({ state: { value: 'yz', cursor: 2 }, submit: true });
  });

  it('masks: one bullet per character, or nothing', () => {
    expect(renderLine(lineState('s3cret'), { mask: '•' })).toEqual({ before: '••••••', at: ' ', after: '' });
    expect(renderLine(lineState('s3cret'), { mask: '' })).toEqual({ before: '', at: ' ', after: '' });
  });

  it('scrolls long text so the cursor stays visible', () => {
    const line = renderLine(lineState('abcdefghij'), { width: 5 });
    expect(line.before + line.at).toBe('ghij ');
  });
});

describe('editLine on a prefilled value', () => {
  it('the first character typed replaces the value, a paste too, and then typing goes on', () => {
    let s = prefilledLine('weekly snapshot');
    s = editLine(s, 'f', {}).state;
    expect(s).toEqual({ value: 'f', cursor: 1 });
    s = editLine(s, 'rom-snap-105', {}).state;
    expect(s.value).toBe('from-snap-105');
    expect(editLine(prefilledLine('old'), 'new\r', {})).toEqual({ state: { value: 'new', cursor: 3 }, submit: true });
  });

  it('← → Home End ⌫ and Ctrl+W edit the value in place, the way a shell line does', () => {
    expect(editLine(prefilledLine('web-1'), '', { backspace: true }).state).toEqual({ value: 'web-', cursor: 4 });
    expect(editLine(prefilledLine('web-1'), 'w', { ctrl: true }).state).toEqual({ value: '', cursor: 0 });
    let s = editLine(prefilledLine('web-1'), '', { home: true }).state;
    s = editLine(s, 'x', {}).state;
    expect(s).toEqual({ value: 'xweb-1', cursor: 1 });
    s = editLine(prefilledLine('web-1'), '', { leftArrow: true }).state;
    expect(editLine(s, '2', {}).state.value).toBe('web-21');
  });

  it('⏎, Tab and ↑ leave it selected; an empty value is not selected', () => {
    const s = prefilledLine('web-1');
    expect(editLine(s, '', { return: true })).toMatchObject({ state: s, submit: true });
    expect(editLine(s, '', { tab: true }).state).toBe(s);
    expect(editLine(s, '', { upArrow: true }).state).toBe(s);
    expect(prefilledLine('').selected).toBeUndefined();
  });
});

describe('<TextInput>', () => {
  it('types, edits and submits', async () => {
    const submitted: string[] = [];
    const { lastFrame, stdin } = render(<TextInput placeholder="notes" onSubmit={(v) => submitted.push(v)} />);
    await waitForFrame(lastFrame, (f) => f.includes('notes'));
    await inputReady(stdin);
    stdin.write('web-1');
    await waitForFrame(lastFrame, (f) => f.includes('web-1'));
    stdin.write(keys.backspace);
    stdin.write('2');
    await waitForFrame(lastFrame, (f) => f.includes('web-2'));
    stdin.write(keys.left + keys.left + 'X');
    await waitForFrame(lastFrame, (f) => f.includes('webX-2'));
    stdin.write(keys.ctrlU);
    await waitForFrame(lastFrame, (f) => f.includes('notes'));
    stdin.write('db');
    await waitForFrame(lastFrame, (f) => f.includes('db'));
    stdin.write(keys.enter);
    await waitFor(() => expect(submitted).toEqual(['db']));
  });

  it('never renders a password, typed or pasted, in any frame', async () => {
    const secret = 'Tr0ub4dor&3';
    const submitted: string[] = [];
    const { lastFrame, frames, stdin } = render(<TextInput mask="•" onSubmit={(v) => submitted.push(v)} />);
    await inputReady(stdin);
    for (const ch of secret.slice(0, 4)) stdin.write(ch);
    stdin.write(secret.slice(4) + '\r');
    await waitFor(() => expect(submitted).toEqual([secret]));
    await waitForFrame(lastFrame, (f) => f.includes('•'.repeat(secret.length)));
    for (const frame of frames) {
      for (let i = 0; i + 3 <= secret.length; i++) expect(frame).not.toContain(secret.slice(i, i + 3));
    }
  });

  it('with an empty mask shows nothing at all', async () => {
    const values: string[] = [];
    const { lastFrame, frames, stdin } = render(<TextInput mask="" onChange={(v) => values.push(v)} />);
    await inputReady(stdin);
    stdin.write('hunter2');
    stdin.write(keys.left);
    await waitFor(() => expect(values.at(-1)).toBe('hunter2'));
    expect(lastFrame()!.trim()).toBe('');
    for (const frame of frames) expect(frame).not.toMatch(/[hunter2•]/);
  });

  it('esc cancels', async () => {
    let cancelled = false;
    const { stdin } = render(<TextInput onCancel={() => (cancelled = true)} />);
    await inputReady(stdin);
    stdin.write(keys.escape);
    await waitFor(() => expect(cancelled).toBe(true));
  });
});
