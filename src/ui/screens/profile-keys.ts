// `:profiles`' keys, apart from its screen: the registry needs them at start-up for the keymap and help, and
// the screen itself (with the profile file's library, conf, and what that loads) is loaded only when
// `:profiles` is first opened, not before the first frame of every start.
import { char } from '../keymap.js';

export const SWITCH_KEY = { id: 'profiles.switch', keys: ['s', '⏎'], match: char('s'), description: 'switch to the selected profile (reconnects)', hint: 'switch', rank: 19 };

/** The screen's capabilities as the keymap needs them (the spec itself is made per mount, over the store). */
export const PROFILE_KEYS = { singular: 'Profile', create: true, edit: true, remove: { kind: 'yesno' }, keys: [{ ...SWITCH_KEY, run: () => {} }] } as const;
