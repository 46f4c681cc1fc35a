// A record's section title at 80 columns: `Other fields from the service` is longer than the label column;
// cut there it read `Other fields from…`. It is carried on into the value column at a word break instead.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup } from 'ink-testing-library';
import { RecordView } from '../../../src/ui/resource/RecordView.js';
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
