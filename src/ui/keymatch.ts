// How a binding recognises its key: small matchers over what Ink reports for a keypress. They know nothing of
// bindings or scopes (keymap.ts), so a screen's spec can name its keys without importing the key table.

import type { Key } from 'ink';
import type { OwnKeyId } from './ids.js';

export type { OwnKeyId } from './ids.js';

export type KeyLike = Partial<Key>;
type Matcher = (input: string, key: KeyLike) => boolean;

/** Typed without Ctrl or Alt (Ink reports esc itself with Alt set; an esc before a key is a key of its own). */
const plain = (key: KeyLike): boolean => !key.ctrl && !(key.meta && !key.escape);

/** Matches one printable character typed without Ctrl or Alt. */
export const char =
  (...chars: string[]): Matcher =>
  (input, key) =>
    plain(key) && chars.includes(input);

/** One character typed without Ctrl or Alt that `pattern` accepts: `a…z` of a list that jumps by initial. */
export const charLike =
  (pattern: RegExp): Matcher =>
  (input, key) =>
    plain(key) && [...input].length === 1 && pattern.test(input);

export const ctrl =
  (letter: string): Matcher =>
  (input, key) =>
    key.ctrl === true && input === letter;

export const either =
  (...matchers: Matcher[]): Matcher =>
  (input, key) =>
    matchers.some((m) => m(input, key));

/** A key Ink names (`return`, `escape`, `upArrow`, ...). */
export const flag =
  (name: keyof Key): Matcher =>
  (_input, key) =>
    key[name] === true;

/** The keys that scroll a text one way, as `scrollStep` (components/Scroll.tsx) moves it. */
export const scrollsDown: Matcher = either(flag('downArrow'), flag('pageDown'), flag('end'), char('j', 'G', ' '));
export const scrollsUp: Matcher = either(flag('upArrow'), flag('pageUp'), flag('home'), char('k', 'g'));

/** The keys a screen spec can turn on without naming them itself (resource/bindings.ts). */
type SpecKeyId = 'create' | 'edit' | 'delete' | 'copy' | 'filter' | 'sortNext' | 'sortReverse' | 'sortPick' | 'follow' | 'mark' | 'markAll' | 'unmarkAll';
export type ScreenKeyId = SpecKeyId | OwnKeyId;

/** A binding as declared: in a scope's list, before the table gives it its scope. */
export interface ScreenBinding<Id extends string = ScreenKeyId> {
  /** What the key does, stable for handlers to switch on: `quit`, `down`, `servers.powerOff`. */
  id: Id;
  /** How the key is written in the footer and in help: `['↑', 'k']`. */
  keys: readonly string[];
  match(input: string, key: KeyLike): boolean;
  description: string;
  /** Short footer label; bindings without one appear only in help. */
  hint?: string;
  /**
   * How many of `keys` the footer writes, joined by `/` (default 1): `n/esc no` where the dialog above it
   * says so, so that the two agree.
   */
  hintKeys?: number;
  /** Footer importance, lower first; what does not fit the width is dropped from the end. */
  rank?: number;
  /** Changes something on the service: hidden and not matched in read-only mode. */
  write?: boolean;
}

/** Id of the first of `bindings` that `input`/`key` triggers: a view that declares its own few keys. */
export function matchIn<Id extends string>(bindings: ReadonlyArray<ScreenBinding<Id>>, input: string, key: KeyLike): Id | undefined {
  return bindings.find((b) => b.match(input, key))?.id;
}
