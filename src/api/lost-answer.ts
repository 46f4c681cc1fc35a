// A DELETE whose answer was lost is retried, and the retry meets the deletion the first attempt started: the
// service answers "already being deleted" (or, once it is over, "not found"). For the caller the deletion it
// asked for is under way, which is success; the service's own action list tells whether that is so.
import { parseActionPage, type Action } from './actions.js';
import type { ApiError } from './errors.js';
import type { LostAnswerRecovery, Transport } from './http.js';

/** Refusals a repeated deletion meets: a 400 about the record's state, or a 404 once it is gone. */
const REPEATED_DELETE = /already being deleted|current status can't be deleted|not found/i;

/** `resource`: how the deletion's action names it (a server's name, a snapshot's id), or how to find that out. */
export function deletionUnderWay(t: Transport, resource: string | (() => Promise<string>), type: string): LostAnswerRecovery<Action> {
  return {
    when: (err: ApiError) => (err.status === 400 || err.status === 404) && REPEATED_DELETE.test(err.message),
    async then() {
      const page = await t.call('GET', '/ecs/v2/actions', parseActionPage, { query: { resource: typeof resource === 'string' ? resource : await resource(), length: 20 } });
      // most recent first: the deletion of this resource, unless it failed (then the refusal is real)
      const last = page.actions.find((a) => a.type === type);
      return last !== undefined && last.status !== 'failed' ? last : null;
    },
  };
}
