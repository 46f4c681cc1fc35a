// Server groups: an extension public clients call (observed-service.md), not in the spec beyond the server field
// `group` that carries a group id. Group: {id, name, notes, enabled}, id `eg1xxxxx`.
// Choices where nothing is documented:
// - name is required (1 to 64 characters), notes optional; names need not be unique (ids tell groups apart).
// - A group that still holds servers (not Deleted) cannot be deleted: 400 naming them, so a client has to move
//   the servers out first (PUT group "nogroup"), as the tools that send "nogroup" before deleting suggest.
// - GET /ecs/v2/groups/{id} answers one group.
import type { Hono } from 'hono';
import type { Emu } from './emu.js';
import { badRequest, notFound } from './errors.js';
import { ok, optBool, optString, readBody, reqString, type AppEnv } from './http.js';
import type { GroupRec } from './state.js';

const FIRST_GROUP = 10_421;

const groupId = (n: number) => `eg1${String(n % 100_000).padStart(5, '0')}`;

export const formatGroup = (g: GroupRec) => ({ id: g.id, name: g.name, notes: g.notes, enabled: g.enabled });

/** 404 "group not found" for a missing group or another account's. */
export function ownedGroup(emu: Emu, user: string, id: string): GroupRec {
  const g = Object.hasOwn(emu.state.groups, id) ? emu.state.groups[id] : undefined;
  if (!g || g.user !== user) return notFound('group not found');
  return g;
}

export function createGroup(emu: Emu, user: string, name: string, notes = ''): GroupRec {
  let id = groupId(emu.nextId('group', FIRST_GROUP));
  // past 99999 the 5-digit form wraps: skip ids still in use
  while (Object.hasOwn(emu.state.groups, id)) id = groupId(emu.nextId('group', FIRST_GROUP));
  const g: GroupRec = { id, name, notes, enabled: true, user };
  emu.state.groups[id] = g;
  emu.dirty = true;
  return g;
}

export function register(app: Hono<AppEnv>, emu: Emu): void {
  app.get('/ecs/v2/groups', (c) => {
    const user = c.get('user');
    const groups = Object.values(emu.state.groups)
      .filter((g) => g.user === user)
      .map(formatGroup);
    return ok(c, { groups });
  });

  app.post('/ecs/v2/groups', async (c) => {
    const body = await readBody(c);
    const name = reqString(body, 'name', 64).trim();
    if (name === '') return badRequest("field 'name' must not be empty");
    const notes = optString(body, 'notes', 255) ?? '';
    const enabled = optBool(body, 'enabled') ?? true;
    const g = createGroup(emu, c.get('user'), name, notes);
    g.enabled = enabled;
    return ok(c, { group: formatGroup(g) });
  });

  app.get('/ecs/v2/groups/:id', (c) => ok(c, { group: formatGroup(ownedGroup(emu, c.get('user'), c.req.param('id'))) }));

  app.delete('/ecs/v2/groups/:id', (c) => {
    const user = c.get('user');
    const g = ownedGroup(emu, user, c.req.param('id'));
    const members: string[] = [];
    for (const s of Object.values(emu.state.servers)) {
      if (s.user === user && s.group === g.id && s.status !== 'Deleted') members.push(s.name);
    }
    if (members.length > 0) {
      const shown = members.slice(0, 5).join(', ') + (members.length > 5 ? `, … (${members.length} in all)` : '');
      return badRequest(`group ${g.id} still holds servers (${shown}): move them out of the group first`);
    }
    // Deleted servers keep no dangling reference to a group that no longer exists.
    for (const s of Object.values(emu.state.servers)) if (s.group === g.id) s.group = null;
    delete emu.state.groups[g.id];
    emu.dirty = true;
    return ok(c);
  });
}

export function seedDemo(emu: Emu, user: string): void {
  createGroup(emu, user, 'production', 'customer-facing web and API tier');
  createGroup(emu, user, 'staging', 'pre-release testing');
}
