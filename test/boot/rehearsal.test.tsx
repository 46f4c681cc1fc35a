// The start-up rehearsal (boot/rehearsal.ts): an unseen copy of the app plays keys so that the person's first
// keys find their code compiled. What a person could notice: the service gets no request from it, the
// terminal gets no byte from it, the real session is left as it was, and their own first key ends it at once
// and is handled as usual.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from 'ink';
import { rehearsalKeys, rehearse, type RehearsalOptions } from '../../src/boot/rehearsal.js';
import { whenQuiet } from '../../src/boot/quiet.js';
import { createEmulator } from '../../src/emulator/app.js';
import type { Session } from '../../src/session/session.js';
import { offlineCopy } from '../../src/session/rehearsal.js';
import { SERVERS_CACHE_KEY } from '../../src/session/cache.js';
import { appElement } from '../../src/ui/app.js';
import { lastKeyRead } from '../../src/ui/input-clock.js';
import { startApp, type Harness } from '../ui/app/harness.js';
import { countedSession } from '../session/counted-session.js';
import { waitFor } from '../ui/helpers.js';

/** Plays `keys` on an unseen app over `copy`, at the size of the harness's app. */
const play = (copy: Session, keys: string[], more: Partial<RehearsalOptions> = {}) =>
  rehearse({
    render,
    element: appElement({ session: copy, readOnly: true, history: null }, () => {}),
    columns: 100,
    rows: 32,
    keys,
    lastKeyRead,
    // under CI=true Ink draws nothing until the end: no frame to wait for
    frameMs: 5,
    ...more,
  });

describe('rehearsalKeys', () => {
  it('moves within the first screen, then types part of a name and takes it back', () => {
    const keys = rehearsalKeys('web-1', 4, 1);
    expect(keys).toEqual(['j', 'j', 'j', 'j', '/', 'w', 'e', 'b', '1', '\u007f', '\u007f', '\u007f', '\u007f', '\r']);
    // ten down, ten up: the cursor never leaves the first twenty rows
    const moves = rehearsalKeys('a', 60, 1).slice(0, 60);
    let row = 0;
    let lowest = 0;
    for (const k of moves) {
      row += k === 'j' ? 1 : -1;
      lowest = Math.max(lowest, row);
      expect(row).toBeGreaterThanOrEqual(0);
    }
    expect(lowest).toBe(10);
  });

  it('types only letters and digits of a hostile name, and something when there are none', () => {
    const typed = (name: string | undefined) => rehearsalKeys(name, 0, 1).slice(1, -1).filter((k) => k !== '\u007f');
    expect(typed('\u001b]0;pwned\u0007\r\nX')).toEqual(['0', 'p', 'w', 'n', 'e']);
    expect(typed('☃☃')).toEqual(['e']);
    expect(typed(undefined)).toEqual(['e']);
  });

  it('plays two rounds by default', () => {
    const keys = rehearsalKeys('web-1');
    expect(keys.filter((k) => k === '/')).toHaveLength(2);
    expect(keys.filter((k) => k === 'j' || k === 'k')).toHaveLength(120);
  });
});

describe('rehearse', () => {
  let h: Harness | null = null;
  afterEach(async () => {
    vi.restoreAllMocks();
    await h?.cleanup();
    h = null;
  });

  /** The app on screen over a counted session, its first rows drawn. */
  async function onScreen(): Promise<{ h: Harness; session: Session; sent: string[] }> {
    const emulator = createEmulator({ clock: 'manual', seed: 'demo' });
    const { session, sent } = await countedSession(emulator);
    h = await startApp({ emulator, session });
    await h.waitFor('web-1');
    // what the start-up prefetch leaves in the cache (boot/main.ts)
    session.cache.set(SERVERS_CACHE_KEY, await session.client.servers.list());
    return { h, session, sent };
  }

  it('plays every key on an unseen copy: no request sent, nothing written to the terminal, the screen unchanged', async () => {
    const { h, session, sent } = await onScreen();
    const before = h.frame();
    const framesBefore = h.frames().length;
    const cached = session.cache.get(SERVERS_CACHE_KEY)?.data;
    const powerAsked = session.power.requests;
    const cpuAsked = session.cpu.requests;
    const sentBefore = sent.length;
    const written = vi.spyOn(process.stdout, 'write');
    const refused: string[] = [];
    const copy = offlineCopy(session, (r) => refused.push(r));
    const keys = rehearsalKeys('web-1', 30, 2);
    const result = await play(copy, keys);
    await copy.close();
    expect(result).toMatchObject({ played: keys.length, stopped: false });
    // it drew the servers list, which asked for its rows again (refused in memory), and read every key
    expect(refused).toContain('GET /ecs/v2/servers');
    expect(result.read).toBe(keys.length);
    expect(sent.slice(sentBefore)).toEqual([]);
    expect(written).not.toHaveBeenCalled();
    // the app on screen drew nothing new meanwhile (its own timers may draw the same frame again)
    expect(new Set(h.frames().slice(framesBefore))).toEqual(new Set(h.frames().length > framesBefore ? [before] : []));
    expect(session.cache.get(SERVERS_CACHE_KEY)?.data).toBe(cached);
    expect(session.power.requests).toBe(powerAsked);
    expect(session.cpu.requests).toBe(cpuAsked);
  });

  it("stops at the person's first key, which is handled at once; the copy is taken down once the typing pauses", async () => {
    const { h, session } = await onScreen();
    const copy = offlineCopy(session);
    let tornDownAt = -1;
    const putOff = vi.fn((teardown: () => void) =>
      whenQuiet(
        () => {
          teardown();
          tornDownAt = lastKeyRead();
        },
        { afterMs: 0, quietMs: 200, lastInput: lastKeyRead },
      ),
    );
    const keys = rehearsalKeys('web-1', 2000, 1);
    const running = play(copy, keys, { putOff });
    // the person presses ↓ while the rehearsal plays
    const selected = () => h.frame().split('\n').find((l) => l.includes('›'));
    const first = selected();
    await h.press('j');
    const result = await running;
    expect(result.stopped).toBe(true);
    expect(result.played).toBeLessThan(keys.length);
    await waitFor(() => expect(selected()).not.toBe(first));
    expect(putOff).toHaveBeenCalledTimes(1);
    // not while the person's key was being drawn: after the pause that followed it
    expect(tornDownAt).toBe(-1);
    await waitFor(() => expect(tornDownAt).toBeGreaterThan(0), 3000);
    await copy.close();
  });

  it('draws nothing when a key was read after the screen was drawn (typed ahead, or at once)', async () => {
    const { h, session } = await onScreen();
    const since = lastKeyRead();
    await h.press('j');
    const copy = offlineCopy(session);
    const putOff = vi.fn((teardown: () => void) => teardown());
    const result = await play(copy, rehearsalKeys('web-1', 20, 1), { since, putOff });
    expect(result).toEqual({ played: 0, stopped: true, frames: 0, read: 0 });
    expect(putOff).not.toHaveBeenCalled();
    await copy.close();
  });

  it('stops when told to (the dashboard quits), and takes the copy down at once', async () => {
    const { session } = await onScreen();
    const copy = offlineCopy(session);
    const stop = new AbortController();
    const putOff = vi.fn();
    const running = play(copy, rehearsalKeys('web-1', 2000, 1), { signal: stop.signal, putOff });
    setTimeout(() => stop.abort(), 30);
    const result = await running;
    expect(result.stopped).toBe(true);
    expect(putOff).not.toHaveBeenCalled();
    await copy.close();
  });
});
