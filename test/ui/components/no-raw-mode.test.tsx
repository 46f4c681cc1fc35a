// Piped stdin (`echo | ecsdeck ...`, CI) has no raw mode, and Ink throws if useInput turns it on there.
// Every interactive component must render regardless, simply not reading keys.
import { describe, expect, it } from 'vitest';
import { EventEmitter } from 'node:events';
import { render } from 'ink';
import { Table, type Column } from '../../../src/ui/components/Table.js';
import { TextInput } from '../../../src/ui/components/TextInput.js';
import { ChoiceList } from '../../../src/ui/components/ChoiceList.js';
import { TypedConfirm, YesNo } from '../../../src/ui/components/Confirm.js';
import { CommandLine } from '../../../src/ui/components/CommandLine.js';
import { KeyProvider } from '../../../src/ui/keys.js';
import { waitForFrame } from '../helpers.js';

class PipedStdin extends EventEmitter {
  isTTY = false;
  setEncoding() {}
  resume() {}
  pause() {}
  ref() {}
  unref() {}
  read() {
    return null;
  }
}

class Stdout extends EventEmitter {
  columns = 100;
  rows = 30;
  last = '';
  write = (frame: string) => {
    this.last = frame;
    return true;
  };
}

const columns: Column<{ id: string }>[] = [{ key: 'id', header: 'ID', width: 6 }];

describe('without raw mode', () => {
  it('renders every interactive component without throwing', async () => {
    const stdout = new Stdout();
    const errors: unknown[] = [];
    const instance = render(
      <KeyProvider>
        <Table rows={[{ id: 'a' }]} columns={columns} rowKey={(r) => r.id} height={2} width={40} />
        <TextInput placeholder="name" />
        <ChoiceList items={[{ value: 1, label: 'one' }]} height={2} width={40} onSelect={() => {}} />
        <TypedConfirm name="x" title="Delete x" consequence="Gone." onConfirm={() => {}} onCancel={() => {}} />
        <YesNo question="Sure?" consequence="Nothing." onYes={() => {}} onNo={() => {}} />
        <CommandLine commands={[{ name: 'servers', aliases: ['srv'], title: 'Servers' }]} history={[]} width={40} onSubmit={() => {}} onCancel={() => {}} />
      </KeyProvider>,
      {
        stdin: new PipedStdin() as unknown as NodeJS.ReadStream,
        stdout: stdout as unknown as NodeJS.WriteStream,
        debug: true,
        patchConsole: false,
        exitOnCtrlC: false,
      },
    );
    instance.waitUntilExit().catch((error: unknown) => errors.push(error));
    const frame = await waitForFrame(() => stdout.last, (f) => f.includes('Sure?'));
    expect(frame).toContain('Delete x');
    expect(errors).toEqual([]);
    instance.unmount();
  });
});
