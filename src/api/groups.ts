// Server groups: not in the spec, called by public clients and served by the emulator.
import type { Transport } from './http.js';
import type { Group } from './models.js';
import { parseGroup, parseGroups, parseNothing } from './parse.js';
import { seg, type CallOptions } from './path.js';

export function groupsApi(t: Transport) {
  return {
    list(opts: CallOptions = {}): Promise<Group[]> {
      return t.call('GET', '/ecs/v2/groups', parseGroups, opts);
    },
    create(input: { name: string; notes?: string }, opts: CallOptions = {}): Promise<Group> {
      const json: Record<string, unknown> = { name: input.name };
      if (input.notes !== undefined) json.notes = input.notes;
      return t.call('POST', '/ecs/v2/groups', parseGroup, { ...opts, json });
    },
    remove(id: string, opts: CallOptions = {}): Promise<void> {
      return t.call('DELETE', `/ecs/v2/groups/${seg(id)}`, parseNothing, opts);
    },
  };
}
