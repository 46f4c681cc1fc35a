// The terminal modes the dashboard sets while the screen is its own: written when it takes the screen and
// undone whenever it gives it back (quit, Ctrl+Z, a shell on a server, the editor), so that the user's shell
// and the programs the dashboard runs get the terminal as it was.

/** the alternate screen: leaving it gives back the user's scrollback untouched */
export const ALT_ON = '\u001b[?1049h';
const ALT_OFF = '\u001b[?1049l';
const SHOW_CURSOR = '\u001b[?25h';
export const HIDE_CURSOR = '\u001b[?25l';
/**
 * Bracketed paste: the terminal sends a paste between two marks (PASTE_START … PASTE_END), so pasted text is
 * read as text and never as keys (ui/keys.tsx). A terminal without it sends a paste as typed keys, as before.
 */
export const PASTE_ON = '\u001b[?2004h';
const PASTE_OFF = '\u001b[?2004l';
export const PASTE_START = '\u001b[200~';
export const PASTE_END = '\u001b[201~';

/** The terminal handed to another program (ssh, the editor): the main screen, the cursor, no paste marks. */
export const HAND_OVER = PASTE_OFF + ALT_OFF + SHOW_CURSOR;
/** ... and taken back from it: the alternate screen cleared (the frame is drawn whole next), paste marks on. */
export const TAKE_BACK = ALT_ON + '\u001b[2J\u001b[H' + HIDE_CURSOR + PASTE_ON;
