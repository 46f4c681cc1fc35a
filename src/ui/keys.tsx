// Keys belong to the app. One `useInput` (in KeyProvider) receives what Ink reads from the terminal; every
// component that takes keys joins a stack with `useKeys(handler, { priority, modal, text })`, registered in
// a layout effect, so a dialog drawn by one key is in the stack before the next key is handed out.
//
// Ink hands over one escape sequence at a time, but a run of plain characters as one string: `:actions⏎`
// typed fast or pasted arrives as ":actions\r". Here it is split into keys, and each key is delivered only
// after React has committed what the one before changed: the first key at once; then the provider asks for
// a render of its own, which React makes with (or after) whatever the key changed, and once that render is
// committed (the provider's layout effect: children's layout effects run first, so the handlers the render
// added, the command line `:` opened, are in the stack) the next key goes. So `:` opens the command line and
// `actions` is typed into it, whatever the chunking. A handler that takes text (`text: true`, a field)
// receives a run of printable characters at once: a pasted key is one edit, not seven hundred.
//
// The next key never goes from inside the commit: a state update made there is a nested update, and React
// gives up after 50 in a row ("Maximum update depth exceeded"), which a paste of 55 `j` reached. It goes in a
// microtask after the commit instead (no delay: the same turn of the event loop), and after a slice of
// SLICE_MS the rest of a long paste goes on after a macrotask, so frames are drawn and Ctrl+C is read while
// ten thousand keys are worked through.
//
// Order: higher priority first, and among equals the handler registered last (the dialog opened last). A
// handler returns true when it took the key; a modal one takes every key whatever it returns.
//
// A paste is text, never keys. The dashboard asks the terminal to mark pastes (bracketed paste, see
// terminal-modes.ts); what comes between the marks goes whole, as one edit, to the field that has the keys,
// its line breaks and tabs as spaces (none at the end) and other control characters left out, so a pasted
// ⏎ submits nothing. With no field to take it (a list, a y/N question) the paste is dropped and the status
// line says so: pasting `web-1 dy` over a list deletes nothing. A paste whose closing mark never comes ends
// after PASTE_IDLE_MS without input, so keys are never swallowed for good.

import { createContext, useCallback, useContext, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useInput, useStdin, type Key } from 'ink';
import type { KeyLike } from './keymap.js';
import { keyRead } from './input-clock.js';
import { PASTE_END, PASTE_START } from './terminal-modes.js';

type KeyHandler = (input: string, key: KeyLike) => boolean | void;

/** Where a handler stands; the shell's global keys are the last to be asked. */
export const PRIORITY = { shell: 0, table: 10, screen: 20, blocker: 40, dialog: 50, field: 60 } as const;

interface UseKeysOptions {
  /** default true */
  active?: boolean;
  priority?: number;
  /** takes every key: nothing below it sees one */
  modal?: boolean;
  /** takes a run of printable characters as one input */
  text?: boolean;
  /**
   * The keys this handler may take again and again without a commit in between, because what the next one
   * needs is kept in refs, not read from the last render (the table's cursor moves). A paste of ten thousand
   * `j` is then a few renders instead of ten thousand.
   */
  repeatable?: (input: string, key: KeyLike) => boolean;
}

interface Entry {
  handler: { current: KeyHandler };
  priority: number;
  order: number;
  active: boolean;
  modal: boolean;
  text: boolean;
  repeatable?: ((input: string, key: KeyLike) => boolean) | undefined;
}

type Pending = { kind: 'key'; input: string; key: KeyLike } | { kind: 'text'; text: string } | { kind: 'paste'; text: string };

const SPECIAL: ReadonlyArray<keyof Key> = [
  'upArrow',
  'downArrow',
  'leftArrow',
  'rightArrow',
  'pageUp',
  'pageDown',
  'home',
  'end',
  'return',
  'escape',
  'tab',
  'backspace',
  'delete',
  'ctrl',
  'meta',
];

/** One control character of a plain run, as Ink would have reported it alone. */
function controlKey(ch: string): Pending {
  switch (ch) {
    case '\r':
    case '\n':
      return { kind: 'key', input: '', key: { return: true } };
    case '\t':
      return { kind: 'key', input: '', key: { tab: true } };
    case '\u007f':
      return { kind: 'key', input: '', key: { delete: true } };
    case '\b':
      return { kind: 'key', input: '', key: { backspace: true } };
    default: {
      const code = ch.charCodeAt(0);
      return { kind: 'key', input: code >= 1 && code <= 26 ? String.fromCharCode(code + 96) : '', key: { ctrl: true } };
    }
  }
}

const CONTROL = /[\u0000-\u001f\u007f]/;

/** What Ink handed over, as the keys a person pressed: runs of printable text, and control keys. */
export function splitInput(input: string, key: KeyLike): Pending[] {
  if (SPECIAL.some((k) => key[k] === true) || input.length <= 1) return [{ kind: 'key', input, key }];
  const out: Pending[] = [];
  let text = '';
  for (const ch of input) {
    if (CONTROL.test(ch)) {
      if (text) out.push({ kind: 'text', text });
      text = '';
      out.push(controlKey(ch));
    } else {
      text += ch;
    }
  }
  if (text) out.push({ kind: 'text', text });
  return out;
}

/** A pasted line break or tab is a space; nothing else that is not text is kept. */
export function pastedText(raw: string): string {
  return raw
    .replace(/[\r\n]+$/, '')
    .replace(/\r\n|[\r\n\t]/g, ' ')
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, '');
}

/** What Ink made of a key read inside a paste, as the text it was. */
function pastePiece(input: string, key: KeyLike): string {
  if (key.return === true) return '\n';
  if (key.tab === true) return '\t';
  // an arrow, esc, backspace inside a paste: not text
  if (SPECIAL.some((k) => key[k] === true)) return '';
  return input;
}

/** How long a paste may go without input before it is taken as ended (its closing mark lost). */
export const PASTE_IDLE_MS = 2000;

const asKey = (ch: string): KeyLike => (/^[A-Z]$/.test(ch) ? { shift: true } : {});

/** How long keys of one burst go one after another before the event loop gets a turn (frames, Ctrl+C). */
const SLICE_MS = 12;
// kept from load: a test's fake timers must not stop the keys
const macrotask: (fn: () => void) => void = typeof setImmediate === 'function' ? (fn) => void setImmediate(fn) : (fn) => void setTimeout(fn, 0);
const now = (): number => performance.now();

interface HoldOptions {
  /**
   * esc goes at once (back, cancel) instead of waiting its turn; the keys typed before it, for the view it
   * leaves, are dropped, and those after it wait for the release as usual
   */
  escape?: boolean;
}

export class KeyDispatcher {
  private entries: Entry[] = [];
  private order = 0;
  private queue: Pending[] = [];
  /** views loading (or waiting for the service): keys wait in the queue */
  private holds = 0;
  /** holds that let esc through */
  private escapes = 0;
  /** a key was delivered and the render after it has not been committed yet, or the next key is scheduled */
  private waiting = false;
  /** when the current slice of a burst began */
  private sliceStart = 0;
  /** asks the provider for a render; its commit calls `committed` */
  requestCommit: (() => void) | null = null;
  /** called before any key is delivered (the status line clears an error on the next key) */
  onKey: (() => void) | null = null;
  /** a handler threw: told here instead of ending the program; without it the error goes on up */
  onError: ((err: unknown) => void) | null = null;
  /** sees every key before the stack (Ctrl+C quits, a too-small terminal takes everything); true keeps it */
  intercept: ((input: string, key: KeyLike) => boolean) | null = null;
  /** a paste came with no field to take it: told here (the status line says so) */
  onPasteRefused: (() => void) | null = null;
  /** the text of the paste being read, between the terminal's marks; null outside a paste */
  private pasting: string | null = null;
  private pasteIdle: ReturnType<typeof setTimeout> | null = null;
  /** the mark the terminal just sent, which Ink hands over next as the key it reads it as */
  private mark: 'start' | 'end' | null = null;

  /** The terminal's raw input, before Ink reads it as keys (KeyProvider): a paste's marks are noted here. */
  raw(data: string): void {
    this.mark = data === PASTE_START ? 'start' : data === PASTE_END ? 'end' : null;
  }

  private armPasteIdle(): void {
    if (this.pasteIdle) clearTimeout(this.pasteIdle);
    this.pasteIdle = setTimeout(() => this.endPaste(), PASTE_IDLE_MS);
    this.pasteIdle.unref?.();
  }

  private endPaste(): void {
    if (this.pasteIdle) clearTimeout(this.pasteIdle);
    this.pasteIdle = null;
    const text = this.pasting;
    this.pasting = null;
    if (text === null) return;
    this.enqueue({ kind: 'paste', text: pastedText(text) });
  }

  /** Queues keys; the first goes now unless a key before it still waits for its commit. */
  private enqueue(...events: Pending[]): void {
    this.queue.push(...events);
    if (!this.waiting) {
      this.sliceStart = now();
      this.next();
    }
  }

  add(handler: { current: KeyHandler }, options: Omit<Entry, 'handler' | 'order'>): Entry {
    const entry: Entry = { handler, order: ++this.order, ...options };
    this.entries.push(entry);
    this.entries.sort((a, b) => b.priority - a.priority || b.order - a.order);
    return entry;
  }

  remove(entry: Entry): void {
    this.entries = this.entries.filter((e) => e !== entry);
  }

  /** What Ink's useInput gave. The first key goes now; the rest wait for the commits of the ones before. */
  feed(input: string, key: KeyLike): void {
    keyRead();
    const mark = this.mark;
    this.mark = null;
    if (mark === 'start' && input === '[200~') {
      this.pasting ??= '';
      this.armPasteIdle();
      return;
    }
    if (mark === 'end' && input === '[201~') {
      this.endPaste();
      return;
    }
    if (this.pasting !== null) {
      this.pasting += pastePiece(input, key);
      this.armPasteIdle();
      return;
    }
    // Ctrl+C is never queued: quitting works while a view is loading and in the middle of a long paste
    if ((this.holds > 0 || this.queue.length > 0) && key.ctrl === true && input === 'c') {
      this.deliverOne({ kind: 'key', input, key });
      return;
    }
    if (this.escapes > 0 && key.escape === true) {
      this.queue = [];
      this.deliverOne({ kind: 'key', input, key });
      return;
    }
    this.enqueue(...splitInput(input, key));
  }

  /**
   * Keys wait while a view that will take them is still loading (a lazy screen's fallback holds them), so a
   * burst such as ⏎ then `2` reaches the screen ⏎ opened. Returns the release.
   */
  hold(options: HoldOptions = {}): () => void {
    this.holds += 1;
    const escape = options.escape === true;
    if (escape) this.escapes += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.holds -= 1;
      if (escape) this.escapes -= 1;
      if (this.holds > 0 || this.waiting || this.queue.length === 0) return;
      this.sliceStart = now();
      // the view that was loading is committed by the time its fallback goes: the next key may go after it
      if (this.requestCommit) {
        this.waiting = true;
        this.requestCommit();
      } else this.next();
    };
  }

  /**
   * The render asked for after a key is committed: the next key may go, but not from inside the commit (see
   * the top of this file). In the same turn while the slice lasts, then after a macrotask.
   */
  committed(): void {
    if (now() - this.sliceStart < SLICE_MS) {
      queueMicrotask(() => this.next());
      return;
    }
    macrotask(() => {
      this.sliceStart = now();
      this.next();
    });
  }

  /** Delivers the next queued key, then waits for the commit of what it changed before the one after. */
  next(): void {
    this.waiting = false;
    // without a provider (a unit test) there is no commit to wait for: the keys go one after another
    for (;;) {
      if (this.holds > 0) return;
      const event = this.queue.shift();
      if (event === undefined) return;
      const taker = this.deliverOne(event);
      if (taker) this.repeat(taker);
      // the last key of a burst waits for its commit too: a key read before that (two reads in one turn of
      // the event loop) would go to the stack as it was before the key
      if (this.requestCommit) {
        this.waiting = true;
        this.requestCommit();
        return;
      }
    }
  }

  /**
   * After `taker` took a key it may take again without a commit (UseKeysOptions.repeatable): the same key
   * queued right behind it goes at once, as long as the same handler takes it and the slice lasts.
   */
  private repeat(taker: { entry: Entry; input: string; key: KeyLike }): void {
    const { entry, input, key } = taker;
    if (!entry.repeatable?.(input, key)) return;
    for (;;) {
      if (this.holds > 0 || now() - this.sliceStart >= SLICE_MS) return;
      const head = this.queue[0];
      if (head === undefined) return;
      if (head.kind === 'paste') return;
      if (head.kind === 'key') {
        if (head.input !== input || !sameKey(head.key, key)) return;
        this.queue.shift();
      } else {
        // a run of text: its first character, if it is the same key
        if (!head.text.startsWith(input) || !sameKey(asKey(input), key) || input.length === 0) return;
        const rest = head.text.slice(input.length);
        if (rest === '') this.queue.shift();
        else this.queue[0] = { kind: 'text', text: rest };
      }
      this.onKey?.();
      if (this.intercept?.(input, key)) return;
      if (this.route(input, key) !== entry) return;
    }
  }

  /** Delivers one event; of a text run that no field takes, only its first character (the rest is queued first). */
  private deliverOne(event: Pending): { entry: Entry; input: string; key: KeyLike } | null {
    this.onKey?.();
    if (event.kind === 'key') {
      if (this.intercept?.(event.input, event.key)) return null;
      const entry = this.route(event.input, event.key);
      return entry ? { entry, input: event.input, key: event.key } : null;
    }
    if (event.kind === 'paste') {
      // (a too-small terminal takes it whole, as it takes every key)
      if (this.intercept?.('', {})) return null;
      const top = this.entries.find((e) => e.active);
      if (top?.text) {
        if (event.text !== '') this.dispatch(event.text, {});
      } else this.onPasteRefused?.();
      return null;
    }
    if (this.intercept?.(event.text.length === 1 ? event.text : '', {})) {
      // taken whole (a too-small terminal): a text run is not split into keys nobody will see
      return null;
    }
    const top = this.entries.find((e) => e.active);
    if (top?.text) {
      this.dispatch(event.text, {});
      return null;
    }
    // the first character (a whole code point); the rest goes back to the head of the queue, not copied
    const first = String.fromCodePoint(event.text.codePointAt(0)!);
    const rest = event.text.slice(first.length);
    if (rest !== '') this.queue.unshift({ kind: 'text', text: rest });
    const key = asKey(first);
    const entry = this.route(first, key);
    return entry ? { entry, input: first, key } : null;
  }

  dispatch(input: string, key: KeyLike): void {
    this.route(input, key);
  }

  /** Hands the key down the stack; the entry that took it (null: none, or its handler threw). */
  private route(input: string, key: KeyLike): Entry | null {
    // a copy: a handler may open or close a dialog, which changes the list while it is walked
    for (const e of [...this.entries]) {
      if (!e.active) continue;
      let taken: boolean | void;
      try {
        taken = e.handler.current(input, key);
      } catch (err) {
        if (!this.onError) throw err;
        this.onError(err);
        return null;
      }
      if (taken === true || e.modal) return e;
    }
    return null;
  }
}

function sameKey(a: KeyLike, b: KeyLike): boolean {
  const ka = Object.keys(a).filter((k) => a[k as keyof KeyLike] === true);
  const kb = Object.keys(b).filter((k) => b[k as keyof KeyLike] === true);
  return ka.length === kb.length && ka.every((k) => b[k as keyof KeyLike] === true);
}

const KeysContext = createContext<KeyDispatcher | null>(null);

/** The one subscription to Ink's input, and the stack every `useKeys` joins. */
export function KeyProvider(props: { children: ReactNode; dispatcher?: KeyDispatcher }): ReactNode {
  const { isRawModeSupported, internal_eventEmitter: rawInput } = useStdin();
  const dispatcher = useMemo(() => props.dispatcher ?? new KeyDispatcher(), [props.dispatcher]);
  const [commits, setCommits] = useState(0);
  dispatcher.requestCommit = () => setCommits((n) => n + 1);
  // after the commit that follows a key: every handler it added is registered (children's layout effects
  // run before this one), so the next key can go
  useLayoutEffect(() => {
    if (commits > 0) dispatcher.committed();
  }, [dispatcher, commits]);
  // the same function every render: the provider renders after every key, and Ink subscribes again to a new one
  const onInput = useCallback((input: string, key: Key) => dispatcher.feed(input, key), [dispatcher]);
  // the raw input ahead of Ink's reading of it (prepended: first whatever subscribes after), for the paste marks
  useLayoutEffect(() => {
    const onRaw = (data: string) => dispatcher.raw(data);
    rawInput.prependListener('input', onRaw);
    return () => {
      rawInput.removeListener('input', onRaw);
    };
  }, [rawInput, dispatcher]);
  useInput(onInput, { isActive: isRawModeSupported === true });
  return <KeysContext.Provider value={dispatcher}>{props.children}</KeysContext.Provider>;
}

/**
 * Put in a Suspense fallback, or in what is drawn while the service is asked for what the next keys need: the
 * keys typed meanwhile wait for the view being loaded. `escape`: esc still goes at once (see HoldOptions).
 */
export function HoldKeys(props: { escape?: boolean }): null {
  const dispatcher = useKeyDispatcher();
  const escape = props.escape === true;
  useLayoutEffect(() => dispatcher.hold({ escape }), [dispatcher, escape]);
  return null;
}

export function useKeyDispatcher(): KeyDispatcher {
  const d = useContext(KeysContext);
  if (!d) throw new Error('useKeys needs a KeyProvider above it');
  return d;
}

/**
 * Joins the key stack while mounted. `handler` may change on every render (the latest is called);
 * `active`, `priority`, `modal` and `text` are read at each commit.
 */
export function useKeys(handler: KeyHandler, options: UseKeysOptions = {}): void {
  const dispatcher = useKeyDispatcher();
  const ref = useRef(handler);
  ref.current = handler;
  const entry = useRef<Entry | null>(null);
  const priority = options.priority ?? PRIORITY.screen;
  useLayoutEffect(() => {
    const e = dispatcher.add(ref, {
      priority,
      active: options.active !== false,
      modal: options.modal === true,
      text: options.text === true,
      repeatable: options.repeatable,
    });
    entry.current = e;
    return () => {
      dispatcher.remove(e);
      entry.current = null;
    };
    // a new place in the stack only when the priority changes; the flags below follow every commit
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the flags are copied by the effect below on every commit; only a new priority re-registers
  }, [dispatcher, priority]);
  useLayoutEffect(() => {
    const e = entry.current;
    if (!e) return;
    e.active = options.active !== false;
    e.modal = options.modal === true;
    e.text = options.text === true;
    e.repeatable = options.repeatable;
  });
}
