// Which of the wizard's footer keys do something on the step shown: esc cancels on the plan and on the
// review and goes back a step elsewhere, and clears the filter first while a list holds one; x and ← work on
// the review only; nothing works while the request is out. The footer (keymap.ts, scope `create-server`)
// leaves the others out.
import type { IdOf } from '../../keymap.js';
import type { WizardState } from './types.js';

type WizardKey = IdOf<'create-server' | 'dialog'>;

const ALL: WizardKey[] = ['dialog.submit', 'dialog.cancel', 'wizard.stepBack', 'wizard.clearFilter', 'wizard.extras', 'wizard.back'];

/** `filtering`: the step's list holds a typed filter, which esc clears before anything else. */
export function wizardIdle(state: Pick<WizardState, 'step' | 'sending' | 'created'>, filtering = false): WizardKey[] {
  const idle = stepIdle(state);
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
