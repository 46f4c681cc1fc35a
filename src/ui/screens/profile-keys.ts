// `:profiles`' keys, apart from its screen: the registry needs them at start-up for the keymap and help, and
// the screen itself (with the profile file's library, conf, and what that loads) is loaded only when
// `:profiles` is first opened, not before the first frame of every start.
import { char, flag, type ScreenBinding } from '../keymatch.js';

export const SWITCH_KEY = { id: 'profiles.switch', keys: ['s'], match: char('s'), description: 'switch to the selected profile (reconnects)', hint: 'switch', rank: 19 } as const satisfies ScreenBinding;

/** ⏎ opens a profile as it opens any row, and opening a profile is switching to it (the spec's `open`): said so. */
export const OPEN_KEY = { id: 'open', keys: ['⏎'], match: flag('return'), description: 'switch to the selected profile (reconnects), as s does', rank: 30 } as const satisfies ScreenBinding<'open'>;

/** The screen's capabilities as the keymap needs them (the spec itself is made per mount, over the store). */
export const PROFILE_KEYS = { singular: 'Profile', create: true, edit: true, remove: { kind: 'yesno' }, keys: [{ ...SWITCH_KEY, run: () => {} }] } as const;
