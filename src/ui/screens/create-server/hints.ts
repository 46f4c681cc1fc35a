// Which of the wizard's footer keys do something on the step shown: esc cancels on the plan and on the
// review and goes back a step elsewhere, and clears the filter first while a list holds one; x and ← work on
// the review only; nothing works while the request is out. The footer (keymap.ts, scope `create-server`)
// leaves the others out, and says ⏎ in the step's own word (`enterWord`), as the step's key line does.
import type { IdOf } from '../../keymap.js';
import type { WizardState } from './types.js';

type WizardKey = IdOf<'create-server' | 'dialog'>;

const ALL: WizardKey[] = ['dialog.submit', 'dialog.cancel', 'wizard.stepBack', 'wizard.clearFilter', 'wizard.extras', 'wizard.back'];

/**
 * `filtering`: the step's list holds a typed filter, which esc clears before anything else. `readOnly`: the
 * review's ⏎ only says that nothing can be sent.
 */
export function wizardIdle(state: Pick<WizardState, 'step' | 'sending' | 'created'>, filtering = false, readOnly = false): WizardKey[] {
  const idle = [...stepIdle(state)];
  if (readOnly && state.step === 'review' && !idle.includes('dialog.submit')) idle.push('dialog.submit');
  if (!filtering) return idle.includes('wizard.clearFilter') ? idle : [...idle, 'wizard.clearFilter'];
  return [...new Set<WizardKey>([...idle.filter((id) => id !== 'wizard.clearFilter'), 'dialog.cancel', 'wizard.stepBack'])];
}

function stepIdle(state: Pick<WizardState, 'step' | 'sending' | 'created'>): WizardKey[] {
  switch (state.step) {
    case 'plan':
      return ['wizard.stepBack', 'wizard.extras', 'wizard.back'];
    case 'review':
      return state.sending || state.created !== null ? ALL : ['wizard.stepBack'];
    default:
      return ['dialog.cancel', 'wizard.extras', 'wizard.back'];
  }
}

/**
 * What ⏎ does on the step shown, in the words of the step's key line, which the footer uses too (`⏎ choose`,
 * `⏎ create`); undefined where it sends nothing new (the review while its request is out, or read-only).
 */
export function enterWord(state: Pick<WizardState, 'step' | 'sending' | 'created' | 'editing'>, filtering = false, readOnly = false): string | undefined {
  switch (state.step) {
    case 'plan':
    case 'location':
    case 'image':
      return 'choose';
    case 'notes':
      return 'go on';
    case 'review':
      return state.sending || state.created !== null || readOnly ? undefined : 'create';
    case 'extras':
      if (state.editing === null) return 'edit';
      if (state.editing === 'isolation') return 'mark or unmark';
      if (filtering) return 'choose';
      return state.editing === 'scriptText' || state.editing === 'env' ? 'add the line' : state.editing === 'vlans' ? 'keep' : 'choose';
  }
}
