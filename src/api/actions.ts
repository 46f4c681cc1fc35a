// Actions (spec 4.4): the records of asynchronous operations, polled until they finish.
import type { Transport } from './http.js';
import { listOf, lower, unwrap, type Extra } from './parse-base.js';
import { seg, type CallOptions } from './path.js';
import { Reader, isRecord, toNumber } from './read.js';

export type ActionStatus = 'in-progress' | 'completed' | 'failed';

export interface Action {
  id: number;
  /** `failed` and `error` are both read as 'failed' */
  status: ActionStatus | (string & {});
  user: string;
  createdAt: Date | null;
  startedAt: Date | null;
  completedAt: Date | null;
  /** server name; snapshot id as text; `<server>-<network>` for VLANs */
  resource: string;
  resourceType: string;
  /** `new_server` is read as 'create_server' */
  type: string;
  progress: number;
  extra: Extra;
}

interface ActionPage {
  actions: Action[];
  total: number;
}

interface ActionQuery {
  /** offset, most recent first */
  start?: number;
  length?: number;
  /** a server name, a snapshot id, `<server>-<network>` for VLANs */
  resource?: string;
}

// ------------------------------------------------------------------------------------------------ reading

/** `failed` and `error` are one failure status; a few other spellings are folded in for safety. */
function actionStatus(raw: string): ActionStatus | (string & {}) {
  const s = lower(raw).replace(/[_ ]/g, '-');
  if (s === 'failed' || s === 'error' || s === 'failure' || s === 'fail') return 'failed';
  if (s === 'completed' || s === 'complete' || s === 'done' || s === 'success') return 'completed';
  if (s === 'in-progress' || s === 'inprogress' || s === 'running' || s === 'pending') return 'in-progress';
  return s;
}

/** `new_server` is what one document page calls `create_server`. */
function actionType(raw: string): string {
  const s = lower(raw);
  return s === 'new_server' ? 'create_server' : s;
}

export function parseAction(v: unknown): Action {
  const r = Reader.of(v, 'action record');
  const a: Action = {
    id: r.num('id'),
    status: actionStatus(r.str('status')),
    user: r.optStr('user'),
    createdAt: r.date('created_at'),
    startedAt: r.date('started_at'),
    completedAt: r.date('completed_at'),
    resource: r.optStr('resource'),
    resourceType: r.optStr('resource_type'),
    type: actionType(r.str('type')),
    progress: r.optNum('progress'),
    extra: r.rest(),
  };
  // a bare console answer carries the key beside the action's fields; it is not part of the action
  delete a.extra.console_key;
  return a;
}

/** `{status:"ok", action:{...}}` or the bare action (power, console, rollback answers). */
export function parseActionAnswer(body: unknown): Action {
  return parseAction(unwrap(body, 'action'));
}

export function parseActionPage(body: unknown): ActionPage {
  const actions = listOf(body, 'actions', 'action list').map(parseAction);
  const total = isRecord(body) ? toNumber(body.total_actions) : undefined;
  return { actions, total: total ?? actions.length };
}

// -------------------------------------------------------------------------------------------------- calls

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
