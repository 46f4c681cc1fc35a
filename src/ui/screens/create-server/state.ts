// The create-server wizard's state: one reducer over every step, pure, so the whole flow (and every rule a
// field is checked with) can be tested without React. It takes answers (a plan chosen, notes submitted, an
// extra set); the keys that make an answer go through the one form reducer of every form (resource/form.ts)
// in create-server/step-form.tsx. The view only renders this state and dispatches.
//
// Choices where tui.md and the brief leave room:
// - Empty notes are refused with NOTES_REQUIRED: the service requires notes, and an invented default would put
//   a label in the list that the user never chose.
// - esc on the review cancels (tui.md); ← goes back to the notes, so a typo there does not cost the whole form.
// - A value an extra's rule refuses is not applied: the field keeps its previous value and the service's
//   message is shown beside it, so the form never holds something the service would refuse.
// - Environment lines belong to the library script: picking no script or a temporary one drops them.
// - Changing the plan drops spot when the new plan has no spot discount; everything else is kept and
//   checked again before sending.
import { NOTES_REQUIRED, READ_ONLY, diskRefusal, noExtras, type WizardAction, type WizardPreset, type WizardState } from './types.js';
import { checkRequest } from './request.js';
import { clear, closeEditor, extrasAction } from './extras-state.js';

export * from './types.js';
export * from './request.js';
export { parseVlanText } from '../../../rules/index.js';

export function initialWizardState(preset: WizardPreset = {}): WizardState {
  const base = initialState();
  return preset.image ? { ...base, image: preset.image, presetImage: true } : base;
}

function initialState(): WizardState {
  return {
    step: 'plan',
    plan: null,
    spotDiscount: null,
    location: null,
    image: null,
    notes: '',
    extras: noExtras,
    editing: null,
    lastField: null,
    vlanNetwork: null,
    message: null,
    sending: false,
    error: null,
    uncertain: false,
    created: null,
  };
}

function back(s: WizardState): WizardState {
  switch (s.step) {
    case 'plan':
      return s;
    case 'location':
      return { ...s, ...clear, step: 'plan' };
    case 'image':
      return { ...s, ...clear, step: 'location' };
    case 'notes':
      return { ...s, ...clear, step: 'image' };
    case 'review':
      return { ...s, ...clear, uncertain: false, step: 'notes' };
    case 'extras':
      if (s.editing === 'vlans') return { ...s, ...clear, editing: 'networks', lastField: 'networks' };
      if (s.editing === 'scriptText') {
        // Leaving a temporary script with nothing in it is choosing no script.
        const empty = s.extras.script?.kind === 'temporary' && s.extras.script.lines.every((l) => l.trim() === '');
        return closeEditor(s, empty ? { extras: { ...s.extras, script: null } } : {});
      }
      if (s.editing !== null) return closeEditor(s);
      return { ...s, ...clear, step: 'review' };
  }
}

export function wizardReducer(s: WizardState, a: WizardAction): WizardState {
  // Nothing changes while the request is out: what the review shows is what was sent.
  if (s.sending && a.type !== 'sendFailed' && a.type !== 'sent') return s;
  if (s.created !== null) return s;
  switch (a.type) {
    case 'choosePlan': {
      if (s.step !== 'plan') return s;
      const spot = a.spotDiscount === null ? false : s.extras.spot;
      return { ...s, ...clear, step: 'location', plan: a.plan, spotDiscount: a.spotDiscount, extras: { ...s.extras, spot } };
    }
    case 'chooseLocation': {
      if (s.step !== 'location') return s;
      // an image that came with the wizard is taken as chosen, unless the plan cannot run it; ← shows the list
      const skip =
        s.presetImage === true && s.image !== null && !(s.image.windows && s.plan?.windows !== true) && !(s.plan && diskRefusal(s.plan, s.image) !== null);
      return { ...s, ...clear, step: skip ? 'notes' : 'image', location: a.location, presetImage: false };
    }
    case 'chooseImage':
      if (s.step !== 'image') return s;
      if (s.plan && diskRefusal(s.plan, a.image) !== null) return { ...s, message: diskRefusal(s.plan, a.image) };
      return { ...s, ...clear, step: 'notes', image: a.image };
    case 'setNotes':
      if (s.step !== 'notes') return s;
      return a.notes === s.notes ? s : { ...s, notes: a.notes, message: null };
    case 'submitNotes':
      if (s.step !== 'notes') return s;
      if (a.notes.trim() === '') return { ...s, notes: a.notes, message: NOTES_REQUIRED };
      return { ...s, ...clear, step: 'review', notes: a.notes };
    case 'back':
      return back(s);
    case 'say':
      return s.message === a.message ? s : { ...s, message: a.message };
    case 'openExtras':
      if (s.step !== 'review') return s;
      return { ...s, ...clear, uncertain: false, step: 'extras', editing: null };
    case 'send': {
      if (s.step !== 'review') return s;
      if (a.readOnly) return { ...s, error: READ_ONLY, uncertain: false };
      const problem = checkRequest(s);
      if (problem !== null) return { ...s, error: problem, uncertain: false };
      return { ...s, error: null, uncertain: false, sending: true };
    }
    case 'sendFailed':
      if (!s.sending) return s;
      return { ...s, sending: false, error: a.message, uncertain: a.uncertain === true };
    case 'sent':
      if (!s.sending) return s;
      return { ...s, sending: false, created: { server: a.server, actionId: a.actionId }, error: null };
    default:
      if (s.step !== 'extras') return s;
      return extrasAction(s, a);
  }
}
