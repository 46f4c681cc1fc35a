// The keys every table has (keymap.ts `buildKeyTable`): those everywhere, of lists, of dialogs, and of each
// dialog, help and the sort chooser that has keys of its own. Each id is typed from here: `IdOf<'dialog'>`.

import { char, charLike, ctrl, either, flag, scrollsDown, scrollsUp, type ScreenBinding } from './keymatch.js';

const scope = <const Id extends string>(title: string, bindings: ReadonlyArray<ScreenBinding<Id>>) => ({ title, bindings });

/** The scopes every table has: the keys everywhere, of lists, of dialogs, and of each dialog that has its own. */
export const CORE_SCOPES = {
  global: scope('Everywhere', [
    { id: 'help', keys: ['?'], match: char('?'), description: 'help: every key of this screen', hint: 'help', rank: 0 },
    { id: 'command', keys: [':'], match: char(':'), description: 'command line: go to a screen by name (Tab completes)', hint: 'jump', rank: 10 },
    { id: 'filter', keys: ['/'], match: char('/'), description: 'filter the table (⏎ keeps it, esc clears it)', hint: 'filter', rank: 11 },
    { id: 'refresh', keys: ['r'], match: char('r'), description: 'refresh now', hint: 'refresh', rank: 40 },
    { id: 'sortNext', keys: ['o'], match: char('o'), description: 'sort by the next column shown', hint: 'sort', rank: 41 },
    { id: 'sortReverse', keys: ['O'], match: char('O'), description: 'reverse the sort order', rank: 42 },
    { id: 'sortPick', keys: ['>'], match: char('>'), description: 'sort by: choose the column among those shown (a letter jumps to it)', hint: 'sort by', rank: 43 },
    { id: 'back', keys: ['esc'], match: flag('escape'), description: 'close the dialog, or go back', hint: 'back', rank: 31 },
    // the same esc while a filter is kept on the list: it clears the filter first (app.tsx says which holds)
    { id: 'clearFilter', keys: ['esc'], match: flag('escape'), description: 'with a filter typed or kept on the list: clear it first (esc again goes back)', hint: 'clear filter', rank: 12 },
    { id: 'dismiss', keys: ['X'], match: char('X'), description: 'dismiss the failed actions kept in the action panel', rank: 45 },
    { id: 'quit', keys: ['q', 'Ctrl+C'], match: either(char('q'), ctrl('c')), description: 'quit', hint: 'quit', rank: 1 },
  ]),
  table: scope('Lists', [
    { id: 'up', keys: ['↑', 'k'], match: either(flag('upArrow'), char('k')), description: 'move up' },
    { id: 'down', keys: ['↓', 'j'], match: either(flag('downArrow'), char('j')), description: 'move down' },
    { id: 'top', keys: ['g', 'Home'], match: either(char('g'), flag('home')), description: 'first row' },
    { id: 'bottom', keys: ['G', 'End'], match: either(char('G'), flag('end')), description: 'last row' },
    { id: 'pageUp', keys: ['PgUp'], match: flag('pageUp'), description: 'one page up' },
    { id: 'pageDown', keys: ['PgDn'], match: flag('pageDown'), description: 'one page down' },
    { id: 'open', keys: ['⏎'], match: flag('return'), description: 'open the selected row', hint: 'open', rank: 30 },
  ]),
  dialog: scope('Dialogs', [
    { id: 'dialog.submit', keys: ['⏎'], match: flag('return'), description: 'confirm / go on', hint: 'ok', rank: 0 },
    { id: 'dialog.cancel', keys: ['esc'], match: flag('escape'), description: 'cancel', hint: 'cancel', rank: 1 },
    { id: 'dialog.up', keys: ['↑', 'Ctrl+P'], match: either(flag('upArrow'), ctrl('p')), description: 'previous entry' },
    { id: 'dialog.down', keys: ['↓', 'Ctrl+N'], match: either(flag('downArrow'), ctrl('n')), description: 'next entry' },
    { id: 'dialog.pageUp', keys: ['PgUp'], match: flag('pageUp'), description: 'one page up' },
    { id: 'dialog.pageDown', keys: ['PgDn'], match: flag('pageDown'), description: 'one page down' },
    // in a list with a typed filter every letter is filter text (`j`, `G` too); these keys always move
    { id: 'dialog.top', keys: ['Home'], match: flag('home'), description: 'first entry of a list' },
    { id: 'dialog.bottom', keys: ['End'], match: flag('end'), description: 'last entry of a list' },
  ]),
  console: scope('Console', [
    { id: 'console.reveal', keys: ['v'], match: char('v', 'V'), description: 'show or hide the console key', hint: 'reveal', rank: 0 },
    { id: 'console.copy', keys: ['y'], match: char('y'), description: 'copy the console key to the clipboard (OSC 52), while it is shown', hint: 'copy', rank: 1 },
    // nothing to confirm or cancel: the key has been made, and both keys close (the dialog says `esc close`)
    { id: 'console.close', keys: ['esc', '⏎'], match: either(flag('escape'), flag('return')), description: 'close: the key is forgotten', hint: 'close', rank: 2 },
  ]),
  // y/N: y goes ahead, and every other key declines (YesNo in components/Confirm.tsx)
  confirm: scope('Confirm', [
    { id: 'confirm.yes', keys: ['y'], match: char('y', 'Y'), description: 'yes, go ahead', hint: 'yes', rank: 0 },
    { id: 'confirm.no', keys: ['n', 'esc'], match: () => true, description: 'no (so does any other key)', hint: 'no', hintKeys: 2, rank: 1 },
  ]),
  form: scope('Forms', [
    { id: 'form.next', keys: ['⏎'], match: flag('return'), description: 'next field; on the last one, send', hint: 'next', rank: 0 },
    // the same ⏎ on the last field: the form tells the footer which of the two holds (FormDialog)
    { id: 'form.send', keys: ['⏎'], match: flag('return'), description: 'send, on the last field (the form names what: save, create, …)', hint: 'send', rank: 0 },
    { id: 'form.field', keys: ['Tab', 'Shift+Tab'], match: flag('tab'), description: 'next / previous field', hint: 'field', rank: 1, hintKeys: 2 },
    { id: 'form.cancel', keys: ['esc'], match: flag('escape'), description: 'cancel: nothing is sent', hint: 'cancel', rank: 2 },
    // the same esc while a choice list holds a typed filter: it clears the filter first (FormDialog says which)
    { id: 'form.clear', keys: ['esc'], match: flag('escape'), description: "clear a choice list's filter (esc again cancels)", hint: 'clear filter', rank: 2 },
    // outside a list, whose own ↑ ↓ move its highlight (resource/form.ts)
    { id: 'form.up', keys: ['↑'], match: flag('upArrow'), description: 'previous field (outside a list)' },
    { id: 'form.down', keys: ['↓'], match: flag('downArrow'), description: 'next field (outside a list)' },
    // a yes/no field's answer (the field says `y/n` beside it), and Space in a list of marks
    { id: 'form.yes', keys: ['y'], match: char('y', 'Y'), description: 'yes, on a yes/no field' },
    { id: 'form.no', keys: ['n'], match: char('n', 'N'), description: 'no, on a yes/no field' },
    { id: 'form.toggle', keys: ['Space'], match: char(' '), description: 'the other answer on a yes/no field; marks or unmarks the entry of a list of marks' },
  ]),
  // the question a form asks before it sends (FormDialog's key line says these)
  ask: scope('Ask', [
    { id: 'ask.send', keys: ['y'], match: char('y', 'Y'), description: 'send it', hint: 'send it', rank: 0 },
    { id: 'ask.back', keys: ['n', 'esc'], match: either(char('n', 'N'), flag('escape')), description: 'back to the form: nothing is sent', hint: 'back to the form', rank: 1, hintKeys: 2 },
  ]),
  reveal: scope('Reveal', [
    { id: 'reveal.copy', keys: ['y'], match: char('y'), description: 'copy the value to the clipboard (OSC 52)', hint: 'copy', rank: 0 },
    { id: 'reveal.close', keys: ['esc', '⏎'], match: either(flag('escape'), flag('return')), description: 'close: the value is not shown again', hint: 'close', rank: 1 },
  ]),
  // the wizard says which of its esc meanings holds on the step shown (create-server.tsx `wizardIdle`)
  'create-server': scope('Create-server', [
    { id: 'wizard.stepBack', keys: ['esc'], match: flag('escape'), description: 'back a step (location, image, notes, extras)', hint: 'back', rank: 1 },
    { id: 'dialog.cancel', keys: ['esc'], match: flag('escape'), description: 'cancel the wizard (on the plan and on the review): nothing is sent', hint: 'cancel', rank: 1 },
    { id: 'wizard.clearFilter', keys: ['esc'], match: flag('escape'), description: "clear a list's typed filter (esc again goes back or cancels)", hint: 'clear filter', rank: 1 },
    { id: 'wizard.extras', keys: ['x'], match: char('x'), description: 'extras: SSH key, script, group, networks, spot, ... (on the review)', hint: 'extras', rank: 5 },
    { id: 'wizard.back', keys: ['←'], match: flag('leftArrow'), description: 'back to the notes (on the review)', hint: 'notes', rank: 6 },
  ]),
  // the `:` line and the `/` line say their own keys (CommandLine.tsx and app.tsx's filter editor act on them)
  'command-line': scope('Command line', [
    { id: 'commandLine.go', keys: ['⏎'], match: flag('return'), description: 'go to the screen typed, or the first that matches', hint: 'go', rank: 0 },
    { id: 'commandLine.complete', keys: ['Tab'], match: flag('tab'), description: 'complete the name; again: the next match', hint: 'complete', rank: 1 },
    { id: 'commandLine.cancel', keys: ['esc'], match: flag('escape'), description: 'close the line: stay where you are', hint: 'cancel', rank: 2 },
    { id: 'commandLine.earlier', keys: ['↑↓'], match: either(flag('upArrow'), flag('downArrow')), description: 'the commands given before', hint: 'earlier', rank: 3 },
  ]),
  'filter-line': scope('Filter', [
    { id: 'filterLine.keep', keys: ['⏎'], match: flag('return'), description: 'keep the filter and go back to the list (esc there clears it)', hint: 'keep filter', rank: 0 },
    { id: 'filterLine.clear', keys: ['esc'], match: flag('escape'), description: 'clear the filter and go back to the list', hint: 'clear', rank: 1 },
  ]),
  sort: scope('Sort', [
    { id: 'sort.pick', keys: ['⏎'], match: flag('return'), description: 'sort by this column (again: the other way round)', hint: 'sort', rank: 0 },
    { id: 'sort.move', keys: ['↑↓', 'a…z'], match: either(flag('upArrow'), flag('downArrow'), charLike(/^[a-z0-9]$/i)), description: 'move; a letter goes to the column of that initial', hint: 'move', rank: 1 },
    { id: 'sort.top', keys: ['Home'], match: flag('home'), description: 'first column' },
    { id: 'sort.bottom', keys: ['End'], match: flag('end'), description: 'last column' },
    { id: 'sort.close', keys: ['esc'], match: flag('escape'), description: 'close: the order stays', hint: 'cancel', rank: 2 },
  ]),
  // which way help can scroll is said by the overlay (Frame.tsx `helpIdle`)
  help: scope('Help', [
    { id: 'help.close', keys: ['esc', '?', 'q', '⏎'], match: either(flag('escape'), flag('return'), char('?', 'q')), description: 'close help', hint: 'close', rank: 2 },
    { id: 'help.down', keys: ['↓', 'PgDn', 'j', 'G', 'End', 'Space'], match: scrollsDown, description: 'scroll down', hint: 'more', rank: 0 },
    { id: 'help.up', keys: ['↑', 'PgUp', 'k', 'g', 'Home'], match: scrollsUp, description: 'scroll up', hint: 'back up', rank: 1 },
  ]),
};

