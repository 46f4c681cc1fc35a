// Actions (spec 4.4): every asynchronous operation is an action; completed ones are never removed.
import type { Hono } from 'hono';
import { notFound } from './errors.js';
import type { Emu } from './emu.js';
import { pathId, queryInt, type AppEnv } from './http.js';
import type { ActionRec } from './core-state.js';
import { LIMITS } from '../rules/index.js';

/** The user's actions, most recent first, optionally for one resource. */
function actionsOf(emu: Emu, user: string, resource?: string): ActionRec[] {
  const out: ActionRec[] = [];
  for (const a of Object.values(emu.state.actions)) {
    if (a.user === user && (resource === undefined || a.resource === resource)) out.push(a);
  }
  return out.sort((a, b) => b.id - a.id);
}

export function register(app: Hono<AppEnv>, emu: Emu): void {
  app.get('/ecs/v2/actions', (c) => {
    const start = queryInt(c, 'start') ?? 0;
    const length = queryInt(c, 'length', 0, 10_000) ?? LIMITS.defaultActionPage;
    const resource = c.req.query('resource');
    // the resource filter applies first, then paging (spec 4.4)
    const all = actionsOf(emu, c.get('user'), resource === '' ? undefined : resource);
    return c.json({
      status: 'ok',
      actions: all.slice(start, start + length).map((a) => emu.formatAction(a)),
      total_actions: all.length,
    });
  });

  app.get('/ecs/v2/actions/:id', (c) => {
    const id = pathId(c.req.param('id'), 'action not found');
    const action = emu.state.actions[id];
    if (!action || action.user !== c.get('user')) return notFound('action not found');
    return c.json({ status: 'ok', action: emu.formatAction(action) });
  });
}
