// The extras' part of the wizard's reducer: each value checked with the service's rules before it is taken;
// a refused value leaves the field as it was, with the service's message.
import { MSG, MSG_CHOSEN, RuleError, checkSpotReserved, parseEnvLines, parseVlanText, reservedFormula, ruleMessage, usesRelativePath } from '../../../rules/index.js';
import { spotRefusal, windowsServer, type Extras, type WizardAction, type WizardState } from './types.js';

export const clear = { message: null, error: null } as const;

/** The extras list again, highlighting the field just edited. */
export function closeEditor(s: WizardState, patch: Partial<WizardState> = {}): WizardState {
  const field = s.editing === 'scriptText' ? 'script' : s.editing === 'vlans' ? 'networks' : (s.editing ?? s.lastField);
  return { ...s, ...clear, editing: null, vlanNetwork: null, lastField: field, ...patch };
}

function setExtras(s: WizardState, extras: Partial<Extras>, patch: Partial<WizardState> = {}): WizardState {
  return closeEditor(s, { extras: { ...s.extras, ...extras }, ...patch });
}

const refuse = (s: WizardState, message: string): WizardState => ({ ...s, message });

const envName = (line: string): string => line.slice(0, line.indexOf('='));

/** A temporary script with `line` added, or the service's refusal (a relative path). */
export function takeScriptLine(lines: readonly string[], line: string): readonly string[] | string {
  return usesRelativePath(line) ? MSG.serverScriptRelativePath : [...lines, line];
}

/**
 * The environment with `line` added, or the service's refusal. One variable per line: several on one line
 * (`A=1\nB=2` typed with the escape) are split here; a name given again replaces its value.
 */
export function takeEnvLine(env: readonly string[], line: string): readonly string[] | string {
  let vars;
  try {
    vars = parseEnvLines(line);
  } catch (err) {
    if (err instanceof RuleError) return err.message;
    throw err;
  }
  let out = [...env];
  for (const v of vars) {
    const next = `${v.name}=${v.value}`;
    out = out.some((l) => envName(l) === v.name) ? out.map((l) => (envName(l) === v.name ? next : l)) : [...out, next];
  }
  return out;
}

export function extrasAction(s: WizardState, a: WizardAction): WizardState {
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
      const lines = takeScriptLine(e.script.lines, a.line);
      if (typeof lines === 'string') return refuse(s, lines);
      return { ...s, message: null, extras: { ...e, script: { kind: 'temporary', lines: [...lines] } } };
    }
    case 'removeScriptLine':
      if (e.script?.kind !== 'temporary' || e.script.lines.length === 0) return s;
      return { ...s, message: null, extras: { ...e, script: { kind: 'temporary', lines: e.script.lines.slice(0, -1) } } };
    case 'addEnvLine': {
      if (e.script?.kind !== 'library') return refuse(s, MSG_CHOSEN.envNeedsLibraryScript);
      const env = takeEnvLine(e.env, a.line);
      if (typeof env === 'string') return refuse(s, env);
      return { ...s, message: null, extras: { ...e, env: [...env] } };
    }
    case 'setLines':
      // the lines as the form holds them, each taken through takeScriptLine or takeEnvLine as it was typed
      if (a.field === 'env') return e.script?.kind === 'library' ? { ...s, extras: { ...e, env: [...a.lines] } } : s;
      return e.script?.kind === 'temporary' ? { ...s, extras: { ...e, script: { kind: 'temporary', lines: [...a.lines] } } } : s;
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
