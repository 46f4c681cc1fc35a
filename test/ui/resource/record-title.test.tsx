// A record's section title at 80 columns: `Other fields from the service` is longer than the label column;
// cut there it read `Other fields from…`. It is carried on into the value column at a word break instead.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup } from 'ink-testing-library';
import { RecordView } from '../../../src/ui/resource/RecordView.js';
import { displayWidth } from '../../../src/ui/text.js';
import { render, waitForFrame } from '../helpers.js';

afterEach(() => cleanup());

describe('RecordView section titles', () => {
  it('draws a title longer than the label column whole, not cut with …', async () => {
    const sections = [
      { fields: [{ label: 'Name', value: 'ec206901' }] },
      { title: 'Other fields from the service', fields: [{ label: 'new_field', value: 'x' }] },
    ];
    const r = render(<RecordView sections={sections} width={78} height={8} active selected={null} onSelect={() => {}} />);
    const frame = await waitForFrame(r.lastFrame, (f) => f.includes('new_field'));
    expect(frame).not.toMatch(/Other fields[^\n]*…/);
    expect(frame.replace(/ +/g, ' ')).toContain('Other fields from the service');
  });
});

describe('RecordView long values', () => {
  it('go on under themselves at word breaks, a word too long for a line filling it and going on', async () => {
    const key = `ssh-ed25519 ${'A'.repeat(80)} laptop`;
    const sections = [
      {
        fields: [
          { label: 'Support', value: 'Global support (global) since 2026-09-05 00:00 · cannot be changed' },
          { label: 'Public key', value: key },
        ],
      },
    ];
    const r = render(<RecordView sections={sections} width={78} height={12} active selected={null} onSelect={() => {}} />);
    const frame = await waitForFrame(r.lastFrame, (f) => f.includes('laptop'));
    const lines = frame.split('\n');
    const at = lines.findIndex((l) => l.includes('Support'));
    const column = lines[at].indexOf('Global');
    // the words whole, the continuation under the value's first letter (no space carried over)
    expect(lines[at].trimEnd()).toMatch(/Global support \(global\) since 2026-09-05 00:00 · cannot be$/);
    expect(lines[at + 1].slice(column).trimEnd()).toBe('changed');
    expect(lines[at + 1].slice(0, column).trim()).toBe('');
    // the key: every character kept, in order, across its lines; the comment whole
    const keyAt = lines.findIndex((l) => l.includes('Public key'));
    const keyEnd = lines.findIndex((l) => l.includes('laptop'));
    const keyLines = lines.slice(keyAt, keyEnd + 1).map((l) => l.slice(column).trimEnd());
    expect(keyLines.length).toBeGreaterThan(1);
    expect(keyLines.join('').replace(/ /g, '')).toBe(key.replace(/ /g, ''));
    // the key starts beside its type, filling the line, rather than leaving it for a line of its own
    expect(keyLines[0]).toMatch(/^ssh-ed25519 A+$/);
    expect(displayWidth(keyLines[0])).toBe(78 - column);
    expect(keyLines.at(-1)!.endsWith('A laptop')).toBe(true);
  });
});
