import { RuleError } from './errors.js';
import { LIMITS, MSG } from './messages.js';

type ReservedMonths = (typeof LIMITS.reservedMonths)[number];

type ReservedPlanRef = { kind: 'id'; id: number } | { kind: 'formula'; months: ReservedMonths; plan: string };

// Months are written without leading zeros (M03 is refused) since the spec only shows M12; the plan part is
// returned as written because plan names are compared case-insensitively by whoever looks them up.
const FORMULA = /^M(3|6|12)P([A-Za-z0-9]+)$/i;

/** `reserved_plan` at creation and on the reserved endpoint: a positive integer id, or `M<3|6|12>P<plan>`. */
export function parseReservedPlan(value: unknown): ReservedPlanRef {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
    throw new RuleError(400, MSG.reservedPlanRequired);
  }
  if (typeof value === 'number') {
    if (Number.isInteger(value) && value > 0) return { kind: 'id', id: value };
    throw new RuleError(400, MSG.reservedInvalidFormula);
  }
  if (typeof value !== 'string') throw new RuleError(400, MSG.reservedInvalidFormula);
  const text = value.trim();
  if (/^\d+$/.test(text) && Number(text) > 0) return { kind: 'id', id: Number(text) };
  const m = FORMULA.exec(text);
  if (!m) throw new RuleError(400, MSG.reservedInvalidFormula);
  return { kind: 'formula', months: Number(m[1]) as ReservedMonths, plan: m[2] };
}

/** The canonical formula name of a reserved plan, e.g. `M12PECS1` for 12 months of eCS1. */
export function reservedFormula(months: number, planName: string): string {
  return `M${months}P${planName.toUpperCase()}`;
}
