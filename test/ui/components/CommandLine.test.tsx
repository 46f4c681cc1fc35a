import { afterEach, describe, expect, it } from 'vitest';
import { cleanup } from 'ink-testing-library';
import { CommandLine, CompletionList, commandMatches, completeCommand, resolveCommand, type Command } from '../../../src/ui/components/CommandLine.js';
import { COMMANDS } from '../../../src/ui/registry.js';
import { inputReady, keys, render, waitFor, waitForFrame } from '../helpers.js';

afterEach(() => cleanup());

const names = (cs: readonly Command[]) => cs.map((c) => c.name);

describe('resolving what is typed after :', () => {
  it('takes names, aliases and unique prefixes, and q to quit', () => {
    expect(resolveCommand('servers', COMMANDS)).toBe('servers');
    expect(resolveCommand('srv', COMMANDS)).toBe('servers');
    expect(resolveCommand('snap', COMMANDS)).toBe('snapshots');
    expect(resolveCommand('tpl', COMMANDS)).toBe('templates');
    expect(resolveCommand('keys', COMMANDS)).toBe('sshkeys');
    expect(resolveCommand('net', COMMANDS)).toBe('networks');
    expect(resolveCommand('ev', COMMANDS)).toBe('events');
    expect(resolveCommand('bill', COMMANDS)).toBe('billing');
    expect(resolveCommand('Plans', COMMANDS)).toBe('plans');
    expect(resolveCommand('ser', COMMANDS)).toBe('servers');
    // several match: ⏎ takes the first, the one suggested after the cursor
    expect(resolveCommand('s', COMMANDS)).toBe('servers');
    for (const q of ['q', 'quit', 'q!']) expect(resolveCommand(q, COMMANDS)).toBe('quit');
    expect(resolveCommand('nothing-like-it', COMMANDS)).toBeUndefined();
  });

  it('lists exact matches first, then prefixes of names or aliases', () => {
    expect(names(commandMatches('snap', COMMANDS))[0]).toBe('snapshots');
    expect(names(commandMatches('s', COMMANDS))).toEqual(['servers', 'snapshots', 'sshkeys', 'scripts']);
    expect(commandMatches('', COMMANDS)).toHaveLength(COMMANDS.length);
  });

  it('completes a unique prefix, then a common prefix, then cycles', () => {
    const cs: Command[] = [
      { name: 'templates', aliases: [], title: '' },
      { name: 'template-sets', aliases: [], title: '' },
    ];
    expect(completeCommand('se', COMMANDS, null)).toEqual({ value: 'servers', cycle: null });
    const first = completeCommand('s', COMMANDS, null);
    expect(first.value).toBe('servers');
    expect(completeCommand(first.value, COMMANDS, first.cycle).value).toBe('snapshots');
    expect(completeCommand('te', cs, null)).toEqual({ value: 'template', cycle: null });
    expect(completeCommand('zz', COMMANDS, null)).toEqual({ value: 'zz', cycle: null });
  });
});

describe('<CommandLine>', () => {
  it('Tab completes, ⏎ submits what it resolves, esc cancels', async () => {
    const submitted: Array<[string, string | undefined]> = [];
    let cancelled = 0;
    const { lastFrame, stdin } = render(
      <CommandLine commands={COMMANDS} history={[]} width={80} onSubmit={(v, r) => submitted.push([v, r])} onCancel={() => cancelled++} />,
    );
    await inputReady(stdin);
    stdin.write('sn');
    // the rest of the first match is suggested after the cursor
    await waitForFrame(lastFrame, (f) => f.includes(':snapshots'));
    stdin.write(keys.tab);
    await waitForFrame(lastFrame, (f) => f.startsWith(':snapshots'));
    stdin.write(keys.enter);
    await waitFor(() => expect(submitted).toEqual([['snapshots', 'snapshots']]));
    stdin.write(keys.escape);
    await waitFor(() => expect(cancelled).toBe(1));
  });

  it('walks back through the commands given before with ↑ and ↓', async () => {
    const submitted: string[] = [];
    const { lastFrame, stdin } = render(<CommandLine commands={COMMANDS} history={['plans', 'srv']} width={80} onSubmit={(v) => submitted.push(v)} onCancel={() => {}} />);
    await inputReady(stdin);
    stdin.write('ev');
    await waitForFrame(lastFrame, (f) => f.startsWith(':ev'));
    stdin.write(keys.up);
    await waitForFrame(lastFrame, (f) => f.startsWith(':srv'));
    stdin.write(keys.up);
    await waitForFrame(lastFrame, (f) => f.startsWith(':plans'));
    stdin.write(keys.down);
    await waitForFrame(lastFrame, (f) => f.startsWith(':srv'));
    stdin.write(keys.down);
    // back to what was being typed
    await waitForFrame(lastFrame, (f) => f.startsWith(':ev'));
    stdin.write('\r');
    await waitFor(() => expect(submitted).toEqual(['ev']));
  });

  it('takes typed text and ⏎ in one chunk', async () => {
    const submitted: Array<string | undefined> = [];
    const { stdin } = render(<CommandLine commands={COMMANDS} history={[]} width={80} onSubmit={(_v, r) => submitted.push(r)} onCancel={() => {}} />);
    await inputReady(stdin);
    stdin.write('tpl\r');
    await waitFor(() => expect(submitted).toEqual(['templates']));
  });
});

describe('<CompletionList>', () => {
  it('lists the matches with their aliases and marks the one ⏎ takes', async () => {
    const { lastFrame } = render(<CompletionList value="snap" commands={COMMANDS} width={80} height={5} />);
    const frame = await waitForFrame(lastFrame, (f) => f.includes('snapshots'));
    expect(frame).toMatch(/›snapshots\s+snap snaps/);
    const quit = render(<CompletionList value="q" commands={COMMANDS} width={80} height={5} />);
    await waitForFrame(quit.lastFrame, (f) => f.includes('⏎ quits ecsdeck'));
  });
});
