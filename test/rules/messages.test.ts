import { describe, expect, it } from 'vitest';
import { LIMITS, MSG, RETENTION_BY_WEEKDAY, RuleError } from '../../src/rules/index.js';

// The spec's section 7, copied by hand from the table: if a constant drifts from this list, a client of the
// live service matching on the text would break.
const SECTION_7 = [
  'Invalid formula to define reserved plan: use id or MxxPxxxx (M12PECS1)',
  'Reserved plan not found',
  "Can't add a reserved plan to a server with a different resource plan",
  "Topic 'reserved_plan' required",
  'Reserved Plans are not available for your profile',
  'You cannot edit an immutable support plan',
  'Support code not found',
  'You cannot downgrade a support plan, plan not yet finished...',
  'You cannot modify an immutable support plan',
  'group not found',
  'powershell script cannot be used in linux servers',
  'Invalid env variable format',
  'Cannot use relative path in user script',
  'spot and reserved_plan are mutually exclusive',
  'SpotPlanNotAvailable',
  'Unable to retrieve server status',
  'termination already scheduled',
  'instance already terminated',
  "server in current status can't generate snapshot",
  "can't create a snapshot if there is snapshot pending for selected server",
  "can't create a snapshot if there is more than 12 protected snapshot for selected server",
  "can't convert a protected snapshot to not protected",
  "can't have more then 12 protected snapshot",
  'server not found',
  "Template can't be created for v1 server",
  "Template can't be created for ECSGPU8 plan",
  "An SSHKey may only have unique 'label' for 'user'",
  'key and label params are required',
  'Cant use relative path i user scripts',
  'Error content cant be null',
  'Error title cant be null',
  "Error can't have more then 20 scripts remove a script before try to create another",
  "can't delete network until there are vlan attached to it",
  'when using vlans range, vlans_range field must be a string',
  "when using vlans range, must use '-' as divider",
  "invalid range format using vlans range, only one divider '-' must be inserted",
  'invalid range format using vlans range, start and end must be digits',
  'invalid range format using vlans range, end must be greater than start',
  'invalid range format using vlans range, start must be greater than 0 and less than 4093',
  'invalid range format using vlans range, end must be greater than 1 and less than 4094',
  "when using vlans range, 'pvid' field is not supported",
  "when using vlans range, 'vlan_id' field is not supported",
];

describe('MSG', () => {
  const constants = Object.values(MSG as Record<string, unknown>).filter((v): v is string => typeof v === 'string');

  it.each(SECTION_7)('holds %j', (text) => {
    expect(constants).toContain(text);
  });

  it('holds nothing beyond section 7 (static texts)', () => {
    expect(new Set(constants)).toEqual(new Set(SECTION_7));
  });

  it('fills the VLAN templates', () => {
    expect(MSG.vlanExists(12, 'net000001')).toBe("vlan with id 12 already exists in network 'net000001'");
    expect(MSG.vlanOutOfRange(4095)).toBe('vlan with id 4095 not in 1-4094');
  });
});

describe('LIMITS and retention', () => {
  it('matches section 8', () => {
    expect(LIMITS).toEqual({
      protectedSnapshots: 12,
      scripts: 20,
      vlanMin: 1,
      vlanMax: 4094,
      spotNoticeSeconds: 120,
      defaultActionPage: 50,
      reservedMonths: [3, 6, 12],
    });
    expect(RETENTION_BY_WEEKDAY[0]).toBe(2);
    expect(RETENTION_BY_WEEKDAY[1]).toBe(4);
    for (const d of [2, 3, 4, 5, 6] as const) expect(RETENTION_BY_WEEKDAY[d]).toBeGreaterThan(0);
  });

  it('RuleError carries a status', () => {
    const e = new RuleError(404, 'x');
    expect(e).toBeInstanceOf(Error);
    expect([e.status, e.message, e.name]).toEqual([404, 'x', 'RuleError']);
  });
});
