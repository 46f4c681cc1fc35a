import { describe, expect, it } from 'vitest';
import type { ScreenEntry } from '../../../src/ui/hooks/screen.js';
import type { ScreenId } from '../../../src/ui/ids.js';
import { makeEntry, stackReducer, undrawn, type StackAction } from '../../../src/ui/shell/stack.js';

const entry = (screen: ScreenId, tab?: number): ScreenEntry => makeEntry(screen, {}, screen, { selected: null, ...(tab === undefined ? {} : { tab }) });
const run = (stack: readonly ScreenEntry[], ...actions: StackAction[]): readonly ScreenEntry[] => actions.reduce(stackReducer, stack);

describe('the shell’s screen stack', () => {
  const home = entry('servers');

  it('pushes a screen over the current one and pops back to it; the first screen stays', () => {
    const detail = entry('server');
    const pushed = run([home], { type: 'push', entry: detail });
    expect(pushed.map((e) => e.screen)).toEqual(['servers', 'server']);
    expect(run(pushed, { type: 'pop' })).toEqual([home]);
    const alone = [home];
    expect(run(alone, { type: 'pop' })).toBe(alone);
  });

  it('replaces the current screen, resets to one, and goes home from any depth', () => {
    const s = run([home], { type: 'push', entry: entry('plans') }, { type: 'push', entry: entry('record') });
    expect(run(s, { type: 'replace', entry: entry('pager') }).map((e) => e.screen)).toEqual(['servers', 'plans', 'pager']);
    expect(run(s, { type: 'home' })).toEqual([home]);
    const other = entry('servers');
    expect(run(s, { type: 'reset', entry: other })).toEqual([other]);
  });

  it('keeps what a covered screen chose (row, tab, month) when the screen over it is popped', () => {
    const billing = entry('billing', 0);
    const s = run(
      [home, billing],
      { type: 'keep', id: billing.id, change: { tab: 2, selected: 'web-1', params: { year: '2026', month: '10' } } },
      { type: 'push', entry: entry('record') },
      { type: 'pop' },
    );
    expect(s[1].id).toBe(billing.id);
    expect(s[1].state).toEqual({ selected: 'web-1', tab: 2, params: { year: '2026', month: '10' } });
    // the entry below is not touched
    expect(s[0]).toBe(home);
  });

  it('a new tab starts with no filter or order: the view goes with the kept state', () => {
    const detail = entry('server', 0);
    const filtered = run([home, detail], { type: 'view', view: { filter: 'web', sort: { column: 'name', descending: true } } });
    expect(filtered[1].view).toEqual({ filter: 'web', sort: { column: 'name', descending: true } });
    const next = run(filtered, { type: 'keep', id: detail.id, change: { tab: 1, view: { filter: '', sort: null } } });
    expect(next[1].state.tab).toBe(1);
    expect(next[1].view).toEqual({ filter: '', sort: null });
  });

  it('changes nothing (the same stack, no redraw) for a change that is no change or an entry gone', () => {
    const detail = entry('server', 1);
    const s = [home, detail];
    expect(stackReducer(s, { type: 'keep', id: detail.id, change: { tab: 1 } })).toBe(s);
    expect(stackReducer(s, { type: 'keep', id: 99_999, change: { tab: 3 } })).toBe(s);
    expect(stackReducer(s, { type: 'view', view: { filter: '' } })).toBe(s);
  });

  it('never changes the stack it is given', () => {
    const detail = entry('server', 0);
    const s = Object.freeze([home, detail]);
    run(s, { type: 'keep', id: detail.id, change: { tab: 4, metricsRange: 2 } }, { type: 'pop' }, { type: 'push', entry: entry('record') });
    expect(detail.state).toEqual({ selected: null, tab: 0 });
    expect(s).toHaveLength(2);
  });

  it('keeps a selected row or following without redrawing the shell; a tab, a range or a view is drawn', () => {
    expect(undrawn({ type: 'keep', id: 1, change: { selected: 'web-1' } })).toBe(true);
    expect(undrawn({ type: 'keep', id: 1, change: { following: true } })).toBe(true);
    expect(undrawn({ type: 'keep', id: 1, change: { tab: 2, selected: null } })).toBe(false);
    expect(undrawn({ type: 'keep', id: 1, change: { metricsRange: 1 } })).toBe(false);
    expect(undrawn({ type: 'view', view: { filter: 'x' } })).toBe(false);
    expect(undrawn({ type: 'pop' })).toBe(false);
  });
});
