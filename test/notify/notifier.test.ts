import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type NotifySettings } from '../../src/config/settings.js';
import { Notifier, notificationSequence, tmuxWrap } from '../../src/notify/notifier.js';
import { BulkGroups, type BulkTracker } from '../../src/watch/bulk.js';
import type { ActionLike, TrackedAction } from '../../src/watch/tracker.js';

const action = (id: number, seconds: number, status: 'completed' | 'failed' = 'completed'): TrackedAction => ({
  id,
  status,
  progress: 100,
  type: 'power_off',
  resource: `ec2069${String(id).padStart(2, '0')}`,
  startedAt: 1_000_000,
  completedAt: 1_000_000 + seconds * 1000,
  firstSeenAt: 0,
  finishedAt: 1,
  etaSeconds: null,
  failure: null,
});

function notifier(settings: Partial<NotifySettings> = {}, tmux = false): { n: Notifier; out: string[] } {
  const out: string[] = [];
  const n = new Notifier();
  n.attach({ write: (t) => void out.push(t), settings: () => ({ ...DEFAULT_SETTINGS.notify, ...settings }), tmux: () => tmux, name: (a) => `web (${a.resource})` });
  return { n, out };
}

describe('Notifier', () => {
  it('an action of 10 s or more on the service clock is notified once, naming action, resource and outcome', () => {
    const { n, out } = notifier();
    n.finished(action(1, 12));
    n.finished(action(1, 12));
    expect(out).toEqual([notificationSequence('ecsdeck', 'power off web (ec206901): done', false)]);
    expect(out[0]).toContain('\u001b]9;ecsdeck: power off web (ec206901): done\u0007');
    expect(out[0]).toContain('\u001b]777;notify;ecsdeck;power off web (ec206901): done\u0007');
  });

  it('a short action, the off setting, or no terminal attached: nothing', () => {
    const { n, out } = notifier();
    n.finished(action(1, 9));
    expect(out).toEqual([]);
    const off = notifier({ mode: 'off' });
    off.n.finished(action(2, 60));
    expect(off.out).toEqual([]);
    const bare = new Notifier();
    expect(() => bare.finished(action(3, 60))).not.toThrow();
  });

  it('bell only writes BEL; the threshold is a setting', () => {
    const { n, out } = notifier({ mode: 'bell', afterSeconds: 2 });
    n.finished(action(1, 3, 'failed'));
    expect(out).toEqual(['\u0007']);
  });

  it('a bulk action notifies once, when its last request ends, with how many failed; not for each action', async () => {
    // wired as the session wires it (session.ts): the notifier hears each finished action before the groups do
    const finishedListeners = new Set<(a: TrackedAction) => void>();
    const tracker: BulkTracker = {
      track: () => {},
      onFinished: (l) => (finishedListeners.add(l), () => finishedListeners.delete(l)),
      subscribe: () => () => {},
    };
    const end = (a: TrackedAction) => {
      for (const l of finishedListeners) l(a);
    };
    const { n, out } = notifier();
    tracker.onFinished((a) => n.finished(a));
    const bulk = new BulkGroups(tracker);
    n.followBulk(bulk);
    const started = (id: number): ActionLike => ({ id, status: 'in-progress', progress: 0, type: 'power_off', resource: `ec2069${String(id).padStart(2, '0')}` });
    const { sent } = bulk.run('power_off', [1, 2, 3].map((id) => ({ name: `ec2069${String(id).padStart(2, '0')}`, send: () => Promise.resolve(started(id)) })), String);
    await sent;
    // the first two are short alone and one of them failed: still no word, the group has not ended
    end(action(1, 4));
    end(action(2, 11, 'failed'));
    expect(out).toEqual([]);
    // the last one ends the group: one word, over the group's whole span (11 s), not one per action
    end(action(3, 5));
    expect(out).toEqual([notificationSequence('ecsdeck', 'power off ×3: 2 done, 1 failed', false)]);
    end(action(3, 5));
    expect(out).toHaveLength(1);
  });

  it('inside tmux each sequence is wrapped, its ESCs doubled; text from the service cannot end the sequence', () => {
    expect(tmuxWrap('\u001b]9;hi\u0007')).toBe('\u001bPtmux;\u001b\u001b]9;hi\u0007\u001b\\');
    const { n, out } = notifier({}, true);
    n.finished({ ...action(1, 20), type: 'power\u0007_off\u001b]9;evil' });
    expect(out[0].startsWith('\u001bPtmux;\u001b\u001b]9;')).toBe(true);
    // only the sequences' own BELs (two) and ESCs remain
    expect(out[0].split('\u0007')).toHaveLength(3);
    expect(out[0]).not.toContain('\u001b]9;evil');
  });

  it('a bulk action from marked rows is told once, when the group ends, and none of its actions alone', () => {
    const { n, out } = notifier();
    const members = new Map([[1, { id: -1 }], [2, { id: -1 }]]);
    let ended: ((g: { id: number; type: string; total: number; ok: number; failed: readonly unknown[] }) => void) | null = null;
    n.followBulk({ groupOf: (id) => members.get(id), onEnded: (l) => ((ended = l), () => {}) });
    n.finished(action(1, 30));
    n.finished(action(2, 40, 'failed'));
    n.finished(action(3, 12));
    expect(out).toEqual([notificationSequence('ecsdeck', 'power off web (ec206903): done', false)]);
    ended!({ id: -1, type: 'power_off', total: 2, ok: 1, failed: [{}] });
    expect(out).toHaveLength(2);
    expect(out[1]).toContain('power off ×2: 1 done, 1 failed');
  });
});
