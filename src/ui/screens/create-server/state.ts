// The create-server wizard's state: one reducer over every step, pure, so the whole flow (and every rule a
// field is checked with) can be tested without React. The view only renders this state and dispatches.
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
import type { CreateServerInput, Plan, VlanSpec } from '../../../api/index.js';
import { createBody } from '../../../api/servers.js';
import {
  MSG,
  MSG_CHOSEN,
  RuleError,
  checkServerScript,
  checkSpotReserved,
  checkVlanId,
  parseEnvLines,
  parseVlanRange,
  reservedFormula,
  ruleMessage,
  usesRelativePath,
} from '../../../rules/index.js';

export const STEPS = ['plan', 'location', 'image', 'notes', 'review'] as const;
export type MainStep = (typeof STEPS)[number];
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
function diskRefusal(plan: Pick<Plan, 'name' | 'disk'>, image: Pick<ImagePick, 'name' | 'requiredDisk'>): string | null {
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

const noExtras: Extras = {
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

const VLAN_SINGLE = /^(\S+?)(?:\s+(pvid))?$/i;

/**
 * The VLANs typed for one network, `100 pvid, 200, 300-303`, read into the client's specs with the service's
 * own checks and messages: a single id must be 1–4094, a range goes through parseVlanRange, a range with
 * `pvid` is refused as the service refuses it, and an id given twice is the service's "already exists".
 */
export function parseVlanText(text: string, network: string): VlanSpec[] {
  const specs: VlanSpec[] = [];
  const seen = new Set<number>();
  const claim = (id: number) => {
    if (seen.has(id)) throw new RuleError(400, MSG.vlanExists(id, network));
    seen.add(id);
  };
  for (const raw of text.split(',')) {
    const item = raw.trim();
    if (item === '') continue;
    const m = VLAN_SINGLE.exec(item);
    const id = m ? m[1] : item;
    const pvid = m ? m[2] !== undefined : false;
    if (id.includes('-')) {
      if (pvid) throw new RuleError(400, MSG.rangePvidUnsupported);
      const { start, end } = parseVlanRange(id);
      for (let v = start; v <= end; v++) claim(v);
      specs.push({ range: `${start}-${end}` });
    } else {
      const vlanId = checkVlanId(id);
      claim(vlanId);
      specs.push({ vlanId, pvid });
    }
  }
  return specs;
}

/** Whether the new server runs Windows: a Windows plan or a Windows image. */
export function windowsServer(s: Pick<WizardState, 'plan' | 'image'>): boolean {
  return s.plan?.windows === true || s.image?.windows === true;
}

/** The request the client will send, from the wizard's choices. */
export function buildInput(s: WizardState): CreateServerInput {
  const e = s.extras;
  const input: CreateServerInput = {
    plan: s.plan?.name ?? '',
    location: s.location ?? '',
    image: s.image?.name ?? '',
    notes: s.notes.trim(),
  };
  if (e.sshKey !== null) input.sshKey = e.sshKey;
  if (e.reservedMonths !== null && s.plan) input.reservedPlan = reservedFormula(e.reservedMonths, s.plan.name);
  if (e.support !== null) input.support = e.support;
  if (e.group !== null) input.group = e.group.id;
  if (e.script?.kind === 'library') {
    input.userCustomize = e.script.id;
    if (e.env.length > 0) input.userCustomizeEnv = e.env.join('\n');
  } else if (e.script?.kind === 'temporary' && e.script.lines.some((l) => l.trim() !== '')) {
    input.userCustomize = e.script.lines.join('\n');
  }
  if (e.networks.length > 0) {
    input.networks = e.networks.map((n) => ({ name: n.name, vlans: parseVlanText(n.vlans, n.name) }));
  }
  if (e.isolateFrom.length > 0) input.isolateFrom = [...e.isolateFrom];
  if (e.spot) input.spot = true;
  return input;
}

/** The JSON body of POST /ecs/v2/servers for `input`: the client's own mapping, so the review is what goes out. */
export const wireBody = createBody;

/** The body as the review shows it: sensitive values replaced, everything else as sent. */
export function maskedBody(body: Record<string, unknown>): Record<string, unknown> {
  if (body.user_customize_env === undefined) return body;
  return { ...body, user_customize_env: HIDDEN };
}

/**
 * JSON over as few lines as stay readable: a value that fits the width on one line stays on one line
 * (`"vlans": [{"vlan_id": 100, "pvid": true}]`), a longer one opens up, two spaces per level.
 */
export function prettyJson(value: unknown, width: number, indent = ''): string[] {
  const flat = (v: unknown): string =>
    Array.isArray(v)
      ? `[${v.map(flat).join(', ')}]`
      : v !== null && typeof v === 'object'
        ? `{${Object.entries(v).map(([k, x]) => `${JSON.stringify(k)}: ${flat(x)}`).join(', ')}}`
        : JSON.stringify(v);
  const render = (v: unknown, prefix: string, pad: string, comma: string): string[] => {
    const one = `${pad}${prefix}${flat(v)}${comma}`;
    if (one.length <= width || v === null || typeof v !== 'object') return [one];
    const inner = pad + '  ';
    if (Array.isArray(v)) {
      return [`${pad}${prefix}[`, ...v.flatMap((x, i) => render(x, '', inner, i < v.length - 1 ? ',' : '')), `${pad}]${comma}`];
    }
    const entries = Object.entries(v);
    return [
      `${pad}${prefix}{`,
      ...entries.flatMap(([k, x], i) => render(x, `${JSON.stringify(k)}: `, inner, i < entries.length - 1 ? ',' : '')),
      `${pad}}${comma}`,
    ];
  };
  // The top level always opens up, one field per line, as a request body is usually read.
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const entries = Object.entries(value);
    return [
      `${indent}{`,
      ...entries.flatMap(([k, x], i) => render(x, `${JSON.stringify(k)}: `, indent + '  ', i < entries.length - 1 ? ',' : '')),
      `${indent}}`,
    ];
  }
  return render(value, '', indent, '');
}

/** The review's text: the masked body as JSON. (VLAN text is checked on entry, so it always reads.) */
export function reviewLines(s: WizardState, width = 80): string[] {
  return prettyJson(maskedBody(wireBody(buildInput(s))), width);
}

/** Every rule the service would apply to the request, checked before sending; the first message, or null. */
export function checkRequest(s: WizardState): string | null {
  if (!s.plan || !s.location || !s.image) return 'choose a plan, a location and an image first';
  if (s.notes.trim() === '') return NOTES_REQUIRED;
  const small = diskRefusal(s.plan, s.image);
  if (small !== null) return small;
  const e = s.extras;
  return ruleMessage(() => {
    const input = buildInput(s);
    checkSpotReserved({ spot: input.spot, reserved_plan: input.reservedPlan });
    const script = e.script;
    checkServerScript(
      { user_customize: input.userCustomize, user_customize_env: input.userCustomizeEnv },
      {
        windowsServer: windowsServer(s),
        findScript: (id) => (script?.kind === 'library' && script.id === id ? { windows: script.windows } : undefined),
      },
    );
    if (e.spot && s.spotDiscount === null) throw new RuleError(400, spotRefusal(s));
  });
}

const clear = { message: null, error: null } as const;

/** The extras list again, highlighting the field just edited. */
function closeEditor(s: WizardState, patch: Partial<WizardState> = {}): WizardState {
  const field = s.editing === 'scriptText' ? 'script' : s.editing === 'vlans' ? 'networks' : (s.editing ?? s.lastField);
  return { ...s, ...clear, editing: null, vlanNetwork: null, lastField: field, ...patch };
}

function setExtras(s: WizardState, extras: Partial<Extras>, patch: Partial<WizardState> = {}): WizardState {
  return closeEditor(s, { extras: { ...s.extras, ...extras }, ...patch });
}

const refuse = (s: WizardState, message: string): WizardState => ({ ...s, message });

/** The service names this error without a sentence (`SpotPlanNotAvailable`): the name, with what it means. */
const spotRefusal = (s: Pick<WizardState, 'plan'>): string =>
  `${MSG.spotPlanNotAvailable}: ${s.plan?.name ?? 'this plan'} has no spot discount`;

const envName = (line: string): string => line.slice(0, line.indexOf('='));

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

function extrasAction(s: WizardState, a: WizardAction): WizardState {
  const e = s.extras;
  switch (a.type) {
    case 'edit':
      // Said when asked rather than greyed out: the user learns why, in the service's terms.
      if (a.field === 'env' && e.script?.kind !== 'library') return { ...refuse(s, MSG_CHOSEN.envNeedsLibraryScript), lastField: a.field };
      if (a.field === 'spot' && s.spotDiscount === null) return { ...refuse(s, spotRefusal(s)), lastField: a.field };
      return { ...s, message: null, editing: a.field, lastField: a.field };
    case 'editVlans':
      return { ...s, message: null, editing: 'vlans', vlanNetwork: a.network };
    case 'setSshKey':
      return setExtras(s, { sshKey: a.label });
    case 'setGroup':
      return setExtras(s, { group: a.group });
    case 'setSupport':
      return setExtras(s, { support: a.support });
    case 'setScript': {
      const script = a.script;
      if (script === null) return setExtras(s, { script: null, env: [] });
      if (script.kind === 'library') {
        if (script.windows && !windowsServer(s)) return refuse(s, MSG.powershellOnLinux);
        return setExtras(s, { script, env: e.script?.kind === 'library' ? e.env : [] });
      }
      const lines = e.script?.kind === 'temporary' ? e.script.lines : script.lines;
      const bad = lines.find((l) => usesRelativePath(l));
      if (bad !== undefined) return refuse(s, MSG.serverScriptRelativePath);
      return { ...s, ...clear, editing: 'scriptText', lastField: 'script', extras: { ...e, script: { kind: 'temporary', lines }, env: [] } };
    }
    case 'addScriptLine': {
      if (e.script?.kind !== 'temporary') return s;
      if (usesRelativePath(a.line)) return refuse(s, MSG.serverScriptRelativePath);
      return { ...s, message: null, extras: { ...e, script: { kind: 'temporary', lines: [...e.script.lines, a.line] } } };
    }
    case 'removeScriptLine':
      if (e.script?.kind !== 'temporary' || e.script.lines.length === 0) return s;
      return { ...s, message: null, extras: { ...e, script: { kind: 'temporary', lines: e.script.lines.slice(0, -1) } } };
    case 'addEnvLine': {
      if (e.script?.kind !== 'library') return refuse(s, MSG_CHOSEN.envNeedsLibraryScript);
      let vars;
      try {
        vars = parseEnvLines(a.line);
      } catch (err) {
        if (err instanceof RuleError) return refuse(s, err.message);
        throw err;
      }
      // One variable per line: several on one line (`A=1\nB=2` typed with the escape) are split here.
      let env = e.env;
      for (const v of vars) {
        const line = `${v.name}=${v.value}`;
        env = env.some((l) => envName(l) === v.name) ? env.map((l) => (envName(l) === v.name ? line : l)) : [...env, line];
      }
      return { ...s, message: null, extras: { ...e, env } };
    }
    case 'removeEnvLine':
      if (e.env.length === 0) return s;
      return { ...s, message: null, extras: { ...e, env: e.env.slice(0, -1) } };
    case 'setVlans': {
      const text = a.vlans.trim();
      const others = e.networks.filter((n) => n.name !== a.network);
      if (text === '') return { ...s, ...clear, editing: 'networks', vlanNetwork: null, lastField: 'networks', extras: { ...e, networks: others } };
      const problem = ruleMessage(() => parseVlanText(text, a.network));
      if (problem !== null) return refuse(s, problem);
      const at = e.networks.findIndex((n) => n.name === a.network);
      const networks = at >= 0 ? e.networks.map((n, i) => (i === at ? { name: n.name, vlans: text } : n)) : [...e.networks, { name: a.network, vlans: text }];
      return { ...s, ...clear, editing: 'networks', vlanNetwork: null, lastField: 'networks', extras: { ...e, networks } };
    }
    case 'toggleIsolation': {
      const on = e.isolateFrom.includes(a.server);
      return { ...s, message: null, extras: { ...e, isolateFrom: on ? e.isolateFrom.filter((n) => n !== a.server) : [...e.isolateFrom, a.server] } };
    }
    case 'setSpot': {
      if (!a.spot) return setExtras(s, { spot: false });
      if (s.spotDiscount === null) return refuse(s, spotRefusal(s));
      const problem = ruleMessage(() =>
        checkSpotReserved({ spot: true, reserved_plan: e.reservedMonths === null ? undefined : reservedFormula(e.reservedMonths, s.plan?.name ?? '') }),
      );
      if (problem !== null) return refuse(s, problem);
      return setExtras(s, { spot: true });
    }
    case 'setReserved': {
      if (a.months === null) return setExtras(s, { reservedMonths: null });
      const problem = ruleMessage(() => checkSpotReserved({ spot: e.spot, reserved_plan: reservedFormula(a.months!, s.plan?.name ?? '') }));
      if (problem !== null) return refuse(s, problem);
      return setExtras(s, { reservedMonths: a.months });
    }
    default:
      return s;
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
