// Which of the wizard's footer keys do something on the step shown: esc cancels on the plan and on the
// review and goes back a step elsewhere; x and ← work on the review only; nothing works while the request is
// out. The footer (keymap.ts, scope `create-server`) leaves the others out.
import type { IdOf } from '../../keymap.js';
import type { WizardState } from './types.js';

type WizardKey = IdOf<'create-server' | 'dialog'>;

const ALL: WizardKey[] = ['dialog.submit', 'dialog.cancel', 'wizard.stepBack', 'wizard.extras', 'wizard.back'];

export function wizardIdle(state: Pick<WizardState, 'step' | 'sending' | 'created'>): WizardKey[] {
  switch (state.step) {
    case 'plan':
      return ['wizard.stepBack', 'wizard.extras', 'wizard.back'];
    case 'review':
      return state.sending || state.created !== null ? ALL : ['wizard.stepBack'];
    default:
      return ['dialog.cancel', 'wizard.extras', 'wizard.back'];
  }
}
