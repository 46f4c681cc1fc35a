// Actions (spec 4.4): the records of asynchronous operations, polled until they finish.
import type { Transport } from './http.js';
import type { Action, ActionPage } from './models.js';
import { parseActionAnswer, parseActionPage } from './parse.js';
import { seg, type CallOptions } from './path.js';

export interface ActionQuery {
  /** offset, most recent first */
  start?: number;
  length?: number;
  /** a server name, a snapshot id, `<server>-<network>` for VLANs */
  resource?: string;
}

export function actionsApi(t: Transport) {
  return {
    /** Without a query the service returns the last 50. */
    list(query: ActionQuery = {}, opts: CallOptions = {}): Promise<ActionPage> {
      return t.call('GET', '/ecs/v2/actions', parseActionPage, {
        ...opts,
        query: { start: query.start, length: query.length, resource: query.resource },
      });
    },
    get(id: number, opts: CallOptions = {}): Promise<Action> {
      return t.call('GET', `/ecs/v2/actions/${seg(id)}`, parseActionAnswer, opts);
    },
  };
}
