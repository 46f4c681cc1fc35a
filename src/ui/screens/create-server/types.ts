// The create-server wizard's state and actions, and the few facts about a choice that several parts ask
// (disk too small, a Windows server, no spot discount). No behaviour here: state.ts is the reducer.
import type { Plan } from '../../../api/index.js';
import { MSG } from '../../../rules/index.js';

export const STEPS = ['plan', 'location', 'image', 'notes', 'review'] as const;
type MainStep = (typeof STEPS)[number];
export type Step = MainStep | 'extras';

export const NOTES_REQUIRED = 'Notes are required: type a label for the server (it names the server in the list).';
export const READ_ONLY = 'read-only mode: creating servers is disabled';
/** What the review shows instead of `user_customize_env`, which the service treats as sensitive. */
export const HIDDEN = '•••••• (hidden)';

export interface ImagePick {
  name: string;
  label: string;
  kind: 'image' | 'template';
  windows: boolean;
  /** A template's `required_disk` (GB): a plan with a smaller disk cannot hold it. */
  requiredDisk?: number | null;
}

/** Why `plan` cannot take `image` because of its disk, with both sizes; null when it can. */
export function diskRefusal(plan: Pick<Plan, 'name' | 'disk'>, image: Pick<ImagePick, 'name' | 'requiredDisk'>): string | null {
  const need = image.requiredDisk ?? 0;
  return need > plan.disk ? `${image.name} needs a disk of ${need} GB or more; ${plan.name} has ${plan.disk} GB: choose a plan with a bigger disk` : null;
}

export type ScriptPick =
  | { kind: 'library'; id: number; title: string; windows: boolean }
  | { kind: 'temporary'; lines: string[] };

export interface NetworkPick {
  name: string;
  /** The VLANs as typed: `100 pvid, 200, 300-303`. */
  vlans: string;
}

export type ReservedMonths = 3 | 6 | 12;
export type SupportCode = 'basic' | 'global';

export interface Extras {
  sshKey: string | null;
  script: ScriptPick | null;
  /** `NAME=value` lines, one variable each. */
  env: string[];
  group: { id: string; name: string } | null;
  networks: NetworkPick[];
  isolateFrom: string[];
  spot: boolean;
  reservedMonths: ReservedMonths | null;
  support: SupportCode | null;
}

export type ExtraField =
  | 'sshKey'
  | 'script'
  | 'scriptText'
  | 'env'
  | 'group'
  | 'networks'
  | 'vlans'
  | 'isolation'
  | 'spot'
  | 'reserved'
  | 'support';

export interface WizardState {
  step: Step;
  plan: Plan | null;
  /** Spot discount of the chosen plan (fraction), null when the plan has none. */
  spotDiscount: number | null;
  location: string | null;
  image: ImagePick | null;
  notes: string;
  extras: Extras;
  /** The open editor in the extras; null: the list of extras. */
  editing: ExtraField | null;
  /** The field the extras list should highlight on return. */
  lastField: ExtraField | null;
  /** Network whose VLANs are being edited. */
  vlanNetwork: string | null;
  /** A check's message shown on the notes step or in the extras. */
  message: string | null;
  sending: boolean;
  /** On the review: what the service answered, or the rule a field breaks. */
  error: string | null;
  /** The service answered with neither success nor a refusal (timeout, network): the server may exist. */
  uncertain: boolean;
  /** The service took the request: the new server and its create action. */
  created: { server: string; actionId: number } | null;
  /** The image came with the wizard (a server from a template): the image step is passed over once. */
  presetImage?: boolean;
}

/** What the wizard may open with: a plan chosen on the plans screen, a template chosen on its screen. */
export interface WizardPreset {
  plan?: string;
  image?: ImagePick;
}

export type WizardAction =
  | { type: 'choosePlan'; plan: Plan; spotDiscount: number | null }
  | { type: 'chooseLocation'; location: string }
  | { type: 'chooseImage'; image: ImagePick }
  | { type: 'setNotes'; notes: string }
  | { type: 'submitNotes'; notes: string }
  | { type: 'back' }
  | { type: 'openExtras' }
  | { type: 'edit'; field: ExtraField }
  | { type: 'editVlans'; network: string }
  | { type: 'setSshKey'; label: string | null }
  | { type: 'setScript'; script: ScriptPick | null }
  | { type: 'addScriptLine'; line: string }
  | { type: 'removeScriptLine' }
  /** the lines of the temporary script or of the environment, as the lines field holds them */
  | { type: 'setLines'; field: 'scriptText' | 'env'; lines: readonly string[] }
  /** a field's own check refused what was typed (or the refusal went away): said under the step */
  | { type: 'say'; message: string | null }
  | { type: 'addEnvLine'; line: string }
  | { type: 'removeEnvLine' }
  | { type: 'setGroup'; group: { id: string; name: string } | null }
  | { type: 'setVlans'; network: string; vlans: string }
  | { type: 'toggleIsolation'; server: string }
  | { type: 'setSpot'; spot: boolean }
  | { type: 'setReserved'; months: ReservedMonths | null }
  | { type: 'setSupport'; support: SupportCode | null }
  | { type: 'send'; readOnly?: boolean }
  | { type: 'sendFailed'; message: string; uncertain?: boolean }
  | { type: 'sent'; server: string; actionId: number };

export const noExtras: Extras = {
  sshKey: null,
  script: null,
  env: [],
  group: null,
  networks: [],
  isolateFrom: [],
  spot: false,
  reservedMonths: null,
  support: null,
};

/** Whether the new server runs Windows: a Windows plan or a Windows image. */
export function windowsServer(s: Pick<WizardState, 'plan' | 'image'>): boolean {
  return s.plan?.windows === true || s.image?.windows === true;
}

/** The service names this error without a sentence (`SpotPlanNotAvailable`): the name, with what it means. */
export const spotRefusal = (s: Pick<WizardState, 'plan'>): string =>
  `${MSG.spotPlanNotAvailable}: ${s.plan?.name ?? 'this plan'} has no spot discount`;
