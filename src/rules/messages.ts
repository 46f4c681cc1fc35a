// The texts of the spec's section 7 are reproduced to the letter, typos included ("then", "Cant", "i user",
// "montly"-style spellings): clients of the live service match on them, so "fixing" one would be a bug.

export const MSG = {
  // Reserved period
  reservedInvalidFormula: 'Invalid formula to define reserved plan: use id or MxxPxxxx (M12PECS1)',
  reservedPlanNotFound: 'Reserved plan not found',
  reservedPlanMismatch: "Can't add a reserved plan to a server with a different resource plan",
  reservedPlanRequired: "Topic 'reserved_plan' required",
  reservedNotAvailable: 'Reserved Plans are not available for your profile',

  // Support plans
  supportImmutableEdit: 'You cannot edit an immutable support plan',
  supportCodeNotFound: 'Support code not found',
  supportNoDowngrade: 'You cannot downgrade a support plan, plan not yet finished...',
  supportImmutableModify: 'You cannot modify an immutable support plan',

  // Servers
  groupNotFound: 'group not found',
  powershellOnLinux: 'powershell script cannot be used in linux servers',
  invalidEnv: 'Invalid env variable format',
  serverScriptRelativePath: 'Cannot use relative path in user script',
  spotReservedExclusive: 'spot and reserved_plan are mutually exclusive',
  /** The spec names this as an error, not a sentence; its status code is not shown (we use 400). */
  spotPlanNotAvailable: 'SpotPlanNotAvailable',
  serverStatusUnavailable: 'Unable to retrieve server status',

  // Spot promotion: the spec's row "termination already scheduled / instance already terminated" is two messages
  spotTerminationScheduled: 'termination already scheduled',
  spotAlreadyTerminated: 'instance already terminated',

  // Snapshots
  snapshotServerNotReady: "server in current status can't generate snapshot",
  snapshotPending: "can't create a snapshot if there is snapshot pending for selected server",
  snapshotProtectedLimitCreate: "can't create a snapshot if there is more than 12 protected snapshot for selected server",
  snapshotUnprotect: "can't convert a protected snapshot to not protected",
  snapshotProtectedLimitUpdate: "can't have more then 12 protected snapshot",

  // Templates
  templateServerNotFound: 'server not found',
  templateV1Server: "Template can't be created for v1 server",
  /** Refers to plans whose host_type is ECSGPU8 (observed-service.md). */
  templateGpu8Plan: "Template can't be created for ECSGPU8 plan",

  // SSH keys
  sshKeyDuplicateLabel: "An SSHKey may only have unique 'label' for 'user'",
  sshKeyRequired: 'key and label params are required',

  // Script library (create/update); note these differ from serverScriptRelativePath above
  scriptRelativePath: 'Cant use relative path i user scripts',
  scriptContentNull: 'Error content cant be null',
  scriptTitleNull: 'Error title cant be null',
  scriptLimit: "Error can't have more then 20 scripts remove a script before try to create another",

  // Networks and VLANs
  networkHasVlans: "can't delete network until there are vlan attached to it",
  vlanExists: (vlanId: number | string, network: string) => `vlan with id ${vlanId} already exists in network '${network}'`,
  vlanOutOfRange: (vlanId: unknown) => `vlan with id ${String(vlanId)} not in 1-4094`,
  rangeNotString: 'when using vlans range, vlans_range field must be a string',
  rangeNoDivider: "when using vlans range, must use '-' as divider",
  rangeManyDividers: "invalid range format using vlans range, only one divider '-' must be inserted",
  rangeNotDigits: 'invalid range format using vlans range, start and end must be digits',
  rangeEndNotGreater: 'invalid range format using vlans range, end must be greater than start',
  rangeStartOut: 'invalid range format using vlans range, start must be greater than 0 and less than 4093',
  rangeEndOut: 'invalid range format using vlans range, end must be greater than 1 and less than 4094',
  rangePvidUnsupported: "when using vlans range, 'pvid' field is not supported",
  rangeVlanIdUnsupported: "when using vlans range, 'vlan_id' field is not supported",
} as const;

/**
 * Messages for conditions the spec describes but gives no text for. These are our wording, not the live
 * service's, so nothing should match on them as if they were.
 */
export const MSG_CHOSEN = {
  /** Spot promotion of a server that is not a spot: the spec gives 404 with an empty message. */
  spotNotSpot: 'server is not a spot instance',
  /** Section 8: environment variables only with library scripts. */
  envNeedsLibraryScript: 'user_customize_env can only be used with a library script',
  userCustomizeType: 'user_customize must be a script content (string) or a library script id (integer)',
  scriptNotFound: 'script not found',
} as const;

export const LIMITS = {
  protectedSnapshots: 12,
  scripts: 20,
  vlanMin: 1,
  vlanMax: 4094,
  spotNoticeSeconds: 120,
  defaultActionPage: 50,
  reservedMonths: [3, 6, 12] as const,
} as const;

export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

/**
 * Retention limit of the weekly snapshot schedule by `day_of_week` (0 is Sunday). The spec gives only
 * Sunday (2) and Monday (4); days 2 to 6 use 4 by our choice, the same as Monday, so only Sunday is special.
 */
export const RETENTION_BY_WEEKDAY: Readonly<Record<Weekday, number>> = {
  0: 2,
  1: 4,
  2: 4,
  3: 4,
  4: 4,
  5: 4,
  6: 4,
};
