import { afterEach, describe, expect, it } from 'vitest';
import { cleanup } from 'ink-testing-library';
import { ChoiceList, choiceStep, filterChoices, initialChoiceState, type Choice } from '../../../src/ui/components/ChoiceList.js';
import { inputReady, keys, render, waitFor, waitForFrame } from '../helpers.js';

afterEach(() => cleanup());

const plans: Choice[] = [
  { value: 'eCS1', label: 'eCS1', description: '1 vCPU · 1 GB' },
  { value: 'eCS2', label: 'eCS2', description: '2 vCPU · 2 GB' },
  { value: 'eCS3', label: 'eCS3', description: '2 vCPU · 4 GB' },
  { value: 'eCS4', label: 'eCS4', description: '4 vCPU · 8 GB', disabled: true },
  { value: 'eCS5', label: 'eCS5', description: '8 vCPU · 16 GB' },
];

const regions: Choice[] = ['it-fr2', 'it-mi2', 'de-fra1', 'uk-lon1', 'cz-prg1', 'es-mad1'].map((r) => ({ value: r, label: r }));
const many: Choice<number>[] = Array.from({ length: 500 }, (_, i) => ({ value: i, label: `image-${i}` }));

function setup<V>(items: readonly Choice<V>[], height = 4) {
  const chosen: V[] = [];
  let cancelled = 0;
  const r = render(<ChoiceList items={items} height={height} width={60} onSelect={(c) => chosen.push(c.value)} onCancel={() => cancelled++} />);
  return { ...r, chosen, cancelled: () => cancelled };
}

describe('choiceStep', () => {
  it('typing filters and highlights the first match; ⏎ takes it', () => {
    let s = initialChoiceState(regions);
    s = choiceStep(regions, s, 'mi', {}, 4).state;
    expect(filterChoices(regions, s.query.value).map((c) => c.value)).toEqual(['it-mi2']);
    expect(choiceStep(regions, s, '', { return: true }, 4).chosen?.value).toBe('it-mi2');
  });

  it('skips disabled entries when moving and never chooses them', () => {
    let s = initialChoiceState(plans, 'eCS3');
    expect(s.highlight).toBe(2);
    s = choiceStep(plans, s, '', { downArrow: true }, 4).state;
    expect(s.highlight).toBe(4);
    s = choiceStep(plans, initialChoiceState(plans), '8 GB', {}, 4).state;
    expect(choiceStep(plans, s, '', { return: true }, 4).chosen).toBeUndefined();
  });

  it('esc clears the filter and keeps the entry highlighted; after no match, the one highlighted before the filter', () => {
    const esc = (st: ReturnType<typeof initialChoiceState>) => choiceStep(regions, st, '', { escape: true }, 4).state;
    const start = initialChoiceState(regions, 'uk-lon1');
    // a filter that matched: its entry stays highlighted in the whole list
    let s = choiceStep(regions, start, 'prg', {}, 4).state;
    expect(regions[esc(s).highlight].value).toBe('cz-prg1');
    // a filter that matched nothing: back to uk-lon1, not the first entry, which ⏎ would take unseen
    s = choiceStep(regions, start, 'zz', {}, 4).state;
    expect(filterChoices(regions, s.query.value)).toEqual([]);
    expect(regions[esc(s).highlight].value).toBe('uk-lon1');
  });
});

describe('choiceStep: moving without typing', () => {
  it('j, k and G are filter text; Home and End go to the first and last entry a filter leaves', () => {
    let s = initialChoiceState(regions);
    for (const ch of ['k', 'G']) s = choiceStep(regions, s, ch, {}, 4).state;
    expect(s.query.value).toBe('kG');
    s = initialChoiceState(regions);
    s = choiceStep(regions, s, '', { end: true }, 4).state;
    expect(s.highlight).toBe(regions.length - 1);
    s = choiceStep(regions, s, '', { home: true }, 4).state;
    expect(s.highlight).toBe(0);
    // End skips a disabled last entry; Ctrl+N / Ctrl+P move as ↓ ↑ do
    let p = choiceStep(plans, initialChoiceState(plans), '', { end: true }, 4).state;
    expect(p.highlight).toBe(4);
    p = choiceStep(plans, p, 'p', { ctrl: true }, 4).state;
    expect(p.highlight).toBe(2);
    expect(choiceStep(plans, p, 'n', { ctrl: true }, 4).state.highlight).toBe(4);
  });

  it('in a list of marks, Space marks the highlighted entry instead of going into the filter', () => {
    const s = choiceStep(regions, initialChoiceState(regions), '', { downArrow: true }, 4).state;
    expect(choiceStep(regions, s, ' ', {}, 4, { toggle: true }).chosen?.value).toBe('it-mi2');
    expect(choiceStep(regions, s, ' ', {}, 4).state.query.value).toBe(' ');
  });
});

describe('<ChoiceList>', () => {
  it('Down and Enter in one chunk pick the entry below', async () => {
    const t = setup(regions);
    await waitForFrame(t.lastFrame, (f) => f.includes('it-fr2'));
    await inputReady(t.stdin);
    t.stdin.write(keys.down + keys.enter);
    await waitFor(() => expect(t.chosen).toEqual(['it-mi2']));
  });

  it('Down, Down, Enter in one chunk pick the third entry', async () => {
    const t = setup(regions);
    await inputReady(t.stdin);
    t.stdin.write(keys.down + keys.down + keys.enter);
    await waitFor(() => expect(t.chosen).toEqual(['de-fra1']));
  });

  it('a typed filter and Enter in one chunk pick the first match', async () => {
    const t = setup(regions);
    await inputReady(t.stdin);
    t.stdin.write('uk\r');
    await waitFor(() => expect(t.chosen).toEqual(['uk-lon1']));
  });

  it('a typed filter, Down and Enter in one chunk pick the second match', async () => {
    const t = setup(regions);
    await inputReady(t.stdin);
    t.stdin.write('it' + keys.down + keys.enter);
    await waitFor(() => expect(t.chosen).toEqual(['it-mi2']));
  });

  it('filters as you type, and esc clears the filter before it cancels', async () => {
    const t = setup(regions);
    await inputReady(t.stdin);
    t.stdin.write('fr');
    const frame = await waitForFrame(t.lastFrame, (f) => f.includes('1/2 of 6'));
    expect(frame).toContain('it-fr2');
    expect(frame).toContain('de-fra1');
    expect(frame).not.toContain('uk-lon1');
    t.stdin.write(keys.escape);
    await waitForFrame(t.lastFrame, (f) => f.includes('1/6') && f.includes('uk-lon1'));
    expect(t.cancelled()).toBe(0);
    t.stdin.write(keys.escape);
    await waitFor(() => expect(t.cancelled()).toBe(1));
    expect(t.chosen).toEqual([]);
  });

  it('renders only a window of a long list and scrolls with PgDn', async () => {
    const t = setup(many, 8);
    const first = await waitForFrame(t.lastFrame, (f) => f.includes('1/500'));
    expect(first.split('\n')).toHaveLength(1 + 8 + 1);
    await inputReady(t.stdin);
    t.stdin.write(keys.pageDown + keys.pageDown);
    const moved = await waitForFrame(t.lastFrame, (f) => f.includes('15/500'));
    expect(moved).toContain('› image-14');
    expect(moved).not.toContain('image-0 ');
    t.stdin.write(keys.enter);
    await waitFor(() => expect(t.chosen).toEqual([14]));
  });

  it('says when nothing matches, and ⏎ then does nothing', async () => {
    const t = setup(regions);
    await inputReady(t.stdin);
    t.stdin.write('zz\r');
    await waitForFrame(t.lastFrame, (f) => f.includes('no match'));
    expect(t.chosen).toEqual([]);
    // where the highlight is, as a table's position says it: none of none, of the six there are (it said `0 of 6`)
    expect(t.lastFrame()).toMatch(/^0\/0 of 6$/m);
  });

  it("says how many entries a filter leaves of how many, as a form's list does", async () => {
    const t = setup(regions);
    await inputReady(t.stdin);
    expect(t.lastFrame()).toMatch(/^1\/6$/m);
    t.stdin.write('it-');
    await waitForFrame(t.lastFrame, (f) => /^1\/2 of 6$/m.test(f));
  });

  it('draws every entry short when one would not fit whole, so the tags at its end are never cut', async () => {
    const items: Choice[] = [
      { value: 'a', label: 'eCS1  0.019/h   14/mo', short: 'eCS1  0.019/h', description: 'spot −30%' },
      { value: 'b', label: 'GPU1   0.29/h  209/mo  RTX 6000', short: 'GPU1   0.29/h  RTX 6000', description: 'spot −50%' },
    ];
    const narrow = render(<ChoiceList items={items} height={3} width={40} onSelect={() => {}} />);
    const f = await waitForFrame(narrow.lastFrame, (x) => x.includes('GPU1'));
    expect(f).toContain('GPU1   0.29/h  RTX 6000  spot −50%');
    expect(f).toContain('eCS1  0.019/h  spot −30%');
    expect(f).not.toContain('/mo');
    narrow.unmount();
    const wide = render(<ChoiceList items={items} height={3} width={60} onSelect={() => {}} />);
    const g = await waitForFrame(wide.lastFrame, (x) => x.includes('GPU1'));
    expect(g).toContain('GPU1   0.29/h  209/mo  RTX 6000  spot −50%');
    expect(g).toContain('eCS1  0.019/h   14/mo  spot −30%');
  });
});
