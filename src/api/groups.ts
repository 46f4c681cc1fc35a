// Server groups: not in the spec; the shape is the one the public clients of the live service use (the Go client
// Seeweb/cloudserver-go-client and the Python SDK ecsapi): an integer id, a generated `eg1xxxxx` name that
// servers' `group` field carries, and `notes` as the label.
import type { Transport } from './http.js';
import type { Group } from './models.js';
import { parseGroup, parseGroups, parseNothing } from './parse.js';
import { seg, type CallOptions } from './path.js';
import { registerSecret } from './secrets.js';

export interface CreateGroupInput {
  /** the label people read; the service names the group itself (`eg1xxxxx`) */
  notes: string;
  password?: string;
}

export function groupsApi(t: Transport) {
  return {
    list(opts: CallOptions = {}): Promise<Group[]> {
      return t.call('GET', '/ecs/v2/groups', parseGroups, opts);
    },
    create(input: CreateGroupInput, opts: CallOptions = {}): Promise<Group> {
      const json: Record<string, unknown> = { notes: input.notes };
      if (input.password !== undefined) {
        // an echo of it in an error answer must not reach the screen
        registerSecret(input.password);
        json.password = input.password;
      }
      return t.call('POST', '/ecs/v2/groups', parseGroup, { ...opts, json });
    },
    /** by the integer id or the `eg1xxxxx` name: the service takes either */
    delete(idOrName: number | string, opts: CallOptions = {}): Promise<void> {
      return t.call('DELETE', `/ecs/v2/groups/${seg(String(idOrName))}`, parseNothing, opts);
    },
  };
}
