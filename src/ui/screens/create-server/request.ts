// The request the wizard sends, from its state: the typed input handed to `client.servers.create`, the body
// the client builds from it (shown on the review, with sensitive values masked), and every rule the service
// would apply, checked before sending.
import { createServerBody, type CreateServerInput } from '../../../api/index.js';
import { RuleError, checkServerScript, checkSpotReserved, parseVlanText, reservedFormula, ruleMessage } from '../../../rules/index.js';
import { HIDDEN, NOTES_REQUIRED, diskRefusal, spotRefusal, windowsServer, type WizardState } from './types.js';

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
export const wireBody = createServerBody;

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
