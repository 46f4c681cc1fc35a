// "Did you mean": a usage error names the word a slip was probably meant to be, and only one it is sure of.
import { describe, expect, it } from 'vitest';
import { didYouMean, editDistance } from '../../src/ui/suggest.js';
import { parseCommand } from '../../src/cli/parse.js';
import { parseFlags } from '../../src/boot/start-plan.js';

const usage = (f: () => unknown): string => {
  try {
    f();
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error('accepted');
};

describe('editDistance', () => {
  it('counts a letter added, removed or changed, and two neighbours swapped, as one edit each', () => {
    expect(editDistance('list', 'list')).toBe(0);
    expect(editDistance('lst', 'list')).toBe(1);
    expect(editDistance('lists', 'list')).toBe(1);
    expect(editDistance('lest', 'list')).toBe(1);
    expect(editDistance('lsit', 'list')).toBe(1);
    expect(editDistance('sevrers', 'servers')).toBe(1);
    expect(editDistance('srvrs', 'servers')).toBe(2);
    expect(editDistance('', 'abc')).toBe(3);
  });
});

describe('didYouMean', () => {
  it('names the one candidate near enough, whatever its case', () => {
    expect(didYouMean('server', ['servers', 'snapshots'])).toBe('servers');
    expect(didYouMean('Servers', ['servers', 'snapshots'])).toBe('servers');
    expect(didYouMean('--outptu', ['--output', '--wait'])).toBe('--output');
  });

  it('names what two candidates as near stand for, when they stand for the same thing', () => {
    const screenOf: Record<string, string> = { snapshots: 'snapshots', snapshot: 'snapshots', snap: 'snapshots', servers: 'servers' };
    // 'snapshot' and 'snapshots' are each one edit away: both are the snapshots screen
    expect(didYouMean('snapshos', Object.keys(screenOf), (w) => screenOf[w])).toBe('snapshots');
    expect(didYouMean('snapshos', Object.keys(screenOf))).toBeNull();
  });

  it("names this command line's verb for another tool's, when it has that verb", () => {
    const verbs = ['list', 'get', 'create', 'update', 'delete', 'power-on', 'power-off'];
    expect(didYouMean('ls', verbs)).toBe('list');
    expect(didYouMean('rm', verbs)).toBe('delete');
    expect(didYouMean('describe', verbs)).toBe('get');
    expect(didYouMean('stop', verbs)).toBe('power-off');
    // a resource without power verbs: nothing
    expect(didYouMean('stop', ['list', 'get'])).toBeNull();
  });

  it('names nothing for a word too short or too far to guess, or when two are as near', () => {
    expect(didYouMean('lx', ['list'])).toBeNull();
    expect(didYouMean('frobnicate', ['list', 'get'])).toBeNull();
    expect(didYouMean('vlan-ad', ['vlan-add', 'vlan-pvid', 'vlans'])).toBe('vlan-add');
    expect(didYouMean('get', ['set', 'net'])).toBeNull();
    expect(didYouMean('list', ['list', 'lost'])).toBeNull();
  });
});

describe('usage errors that say what was meant', () => {
  it('a command: its resource, its verb, its flag', () => {
    expect(usage(() => parseCommand(['servers', 'lst']))).toMatch(/^servers has no verb 'lst' \(did you mean 'list'\?\): list, get, /);
    expect(usage(() => parseCommand(['servers', 'list', '--outptu', 'json']))).toBe("unknown option '--outptu' (did you mean '--output'?)");
    expect(usage(() => parseCommand(['snapshot', 'list']))).toBe("unknown resource 'snapshot' (did you mean 'snapshots'?)");
    expect(usage(() => parseCommand(['servers', 'frobnicate']))).toMatch(/^servers has no verb 'frobnicate': list/);
  });

  it("the dashboard's line: a command's name mistyped, a flag mistyped, a command after a dashboard flag", () => {
    expect(usage(() => parseFlags(['server', 'list']))).toBe("unexpected argument 'server' (did you mean 'servers'?)");
    expect(usage(() => parseFlags(['--thme', 'dark']))).toBe("unknown option --thme (did you mean '--theme'?)");
    expect(usage(() => parseFlags(['--theme', 'dark', 'servers', 'list']))).toBe(
      "unexpected argument 'servers': a command comes first, its flags after it (ecsdeck servers --help)",
    );
    expect(usage(() => parseFlags(['frobnicate']))).toBe("unexpected argument 'frobnicate'");
  });
});
