// The groups' state, declared with groups.ts.
import { records, type UpgradeContext } from './collection.js';

export interface GroupRec {
  /** the service's integer id */
  id: number;
  /** generated `eg1xxxxx`, what a server's `group` field carries (and the key in `groups`) */
  name: string;
  notes: string;
  enabled: boolean;
  user: string;
}

/** A group as written before issue #8: its `eg1xxxxx` code in `id`, its label in `name`. */
interface OldGroup {
  id: unknown;
  name?: string;
  notes?: string;
  enabled?: boolean;
  user: string;
}

/**
 * Groups used to carry their `eg1xxxxx` code in `id` and the label in `name`; they now have the live service's
 * integer id, the code as `name` and the label as `notes` (issue #8). The servers' `group` field carried the
 * code then as now, so nothing else changes.
 */
function upgradeGroups(groups: Record<string, GroupRec>, ctx: UpgradeContext): void {
  for (const [key, g] of Object.entries(groups)) {
    if (typeof g.id === 'number') continue;
    const old = g as unknown as OldGroup;
    groups[key] = {
      id: ctx.nextId('groupId'),
      name: typeof old.id === 'string' && old.id !== '' ? old.id : key,
      notes: old.notes || old.name || '',
      enabled: old.enabled !== false,
      user: old.user,
    };
  }
}

export const groupsCollections = {
  groups: records<GroupRec>({
    since: 1,
    empty: () => ({}),
    upgrade: upgradeGroups,
    older: [
      {
        wrote: { eg1abcde: { id: 'eg1abcde', name: 'production', enabled: true, user: 'demo' }, eg1fghij: { id: '', name: 'old', enabled: false, user: 'demo' } },
        becomes: {
          eg1abcde: { id: 1, name: 'eg1abcde', notes: 'production', enabled: true, user: 'demo' },
          eg1fghij: { id: 2, name: 'eg1fghij', notes: 'old', enabled: false, user: 'demo' },
        },
      },
    ],
  }),
};
