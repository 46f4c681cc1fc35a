import { RuleError } from './errors.js';
import { LIMITS, MSG } from './messages.js';

const DIGITS = /^\d+$/;

/**
 * A VLAN id from a body (integer) or a path segment (digit string). Anything else, including booleans that
 * `Number()` would turn into 1, is out of range.
 */
export function checkVlanId(id: unknown): number {
  const n = typeof id === 'number' ? id : typeof id === 'string' && DIGITS.test(id) ? Number(id) : NaN;
  if (!Number.isInteger(n) || n < LIMITS.vlanMin || n > LIMITS.vlanMax) {
    throw new RuleError(400, MSG.vlanOutOfRange(typeof id === 'string' || typeof id === 'number' ? id : JSON.stringify(id) ?? String(id)));
  }
  return n;
}

/**
 * `<start>-<end>` for range create and delete. The order makes every message reachable: once end > start
 * holds, a start of 0 or above 4093 can only be caught by the start check, and end can only be out of range
 * by being above 4094 (it is at least 2 because start is at least 1).
 * No trimming: " 1-2" is refused as non-digits, like any other stray character.
 */
export function parseVlanRange(value: unknown): { start: number; end: number } {
  if (typeof value !== 'string') throw new RuleError(400, MSG.rangeNotString);
  const parts = value.split('-');
  if (parts.length < 2) throw new RuleError(400, MSG.rangeNoDivider);
  if (parts.length > 2) throw new RuleError(400, MSG.rangeManyDividers);
  const [a, b] = parts;
  if (!DIGITS.test(a) || !DIGITS.test(b)) throw new RuleError(400, MSG.rangeNotDigits);
  const start = Number(a);
  const end = Number(b);
  if (end <= start) throw new RuleError(400, MSG.rangeEndNotGreater);
  if (start < 1 || start > LIMITS.vlanMax - 1) throw new RuleError(400, MSG.rangeStartOut);
  if (end < 2 || end > LIMITS.vlanMax) throw new RuleError(400, MSG.rangeEndOut);
  return { start, end };
}

/** Range create body: `vlans` only; `pvid` and `vlan_id` belong to the single-VLAN form. */
export function checkRangeCreateBody(body: { pvid?: unknown; vlan_id?: unknown; vlans?: unknown }): { start: number; end: number } {
  if (body.pvid !== undefined) throw new RuleError(400, MSG.rangePvidUnsupported);
  if (body.vlan_id !== undefined) throw new RuleError(400, MSG.rangeVlanIdUnsupported);
  return parseVlanRange(body.vlans);
}

/** One entry of a VLAN list: a VLAN id (with whether it carries untagged traffic) or a range `start-end`. */
type VlanItem = { vlanId: number; pvid: boolean } | { range: string };

const VLAN_SINGLE = /^(\S+?)(?:\s+(pvid))?$/i;

/**
 * The VLANs typed for one network, `100 pvid, 200, 300-303`, read into the client's specs with the service's
 * own checks and messages: a single id must be 1–4094, a range goes through parseVlanRange, a range with
 * `pvid` is refused as the service refuses it, and an id given twice is the service's "already exists".
 */
export function parseVlanText(text: string, network: string): VlanItem[] {
  const specs: VlanItem[] = [];
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

