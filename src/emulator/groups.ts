// Server groups: an extension public clients call (observed-service.md), not in the spec beyond the server field
// `group`. The shape is the one the public clients of the live service read and send (the Go client
// Seeweb/cloudserver-go-client and the Python SDK ecsapi): {id: <integer>, name: "eg1xxxxx", notes, enabled},
// the service generating both id and name; created from {notes, password}; deleted by id.
// Choices where nothing is documented:
// - A group is addressed (GET, DELETE) by its integer id or by its eg1 name; a server's `group` field carries
//   the eg1 name, and a server create/update accepts either form there too.
// - `notes` (the label people read) is optional, at most 255 characters. `password` is checked for type and
//   length and not kept: no endpoint of the service is known to use it, so keeping it would only put a secret
//   in the state file.
// - A field `name` in a create is ignored, as the clients never send one and the service names groups itself.
// - A group that still holds servers (not Deleted) cannot be deleted: 400 naming them, so a client has to move
//   the servers out first (PUT group "nogroup"), as the tools that send "nogroup" before deleting suggest.
import type { Hono } from 'hono';
import type { Emu } from './emu.js';
import { badRequest, notFound } from './errors.js';
import { ok, optBool, optString, readBody, type AppEnv } from './http.js';
import type { GroupRec } from './groups-state.js';

const FIRST_GROUP_NAME = 10_421;

const groupName = (n: number) => `eg1${String(n % 100_000).padStart(5, '0')}`;

const formatGroup = (g: GroupRec) => ({ id: g.id, name: g.name, notes: g.notes, enabled: g.enabled });

/** The account's group named by `ref` (its integer id or eg1 name), or undefined. */
export function findGroup(emu: Emu, user: string, ref: string | number): GroupRec | undefined {
  const key = String(ref).trim();
  if (/^\d{1,15}$/.test(key)) {
    const id = Number(key);
    return Object.values(emu.state.groups).find((g) => g.id === id && g.user === user);
  }
  const g = Object.hasOwn(emu.state.groups, key) ? emu.state.groups[key] : undefined;
  return g && g.user === user ? g : undefined;
}

/** 404 "group not found" for a missing group or another account's. */
function ownedGroup(emu: Emu, user: string, ref: string): GroupRec {
  return findGroup(emu, user, ref) ?? notFound('group not found');
}

export function createGroup(emu: Emu, user: string, notes = ''): GroupRec {
  let name = groupName(emu.nextId('group', FIRST_GROUP_NAME));
  // past 99999 the 5-digit form wraps: skip names still in use
  while (Object.hasOwn(emu.state.groups, name)) name = groupName(emu.nextId('group', FIRST_GROUP_NAME));
  const g: GroupRec = { id: emu.nextId('groupId'), name, notes, enabled: true, user };
  emu.state.groups[name] = g;
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
    const notes = optString(body, 'notes', 255) ?? '';
    optString(body, 'password', 128);
    const enabled = optBool(body, 'enabled') ?? true;
    const g = createGroup(emu, c.get('user'), notes);
    g.enabled = enabled;
    return ok(c, { group: formatGroup(g) });
  });

  app.get('/ecs/v2/groups/:id', (c) => ok(c, { group: formatGroup(ownedGroup(emu, c.get('user'), c.req.param('id'))) }));

  app.delete('/ecs/v2/groups/:id', (c) => {
    const user = c.get('user');
    const g = ownedGroup(emu, user, c.req.param('id'));
    const members: string[] = [];
    for (const s of Object.values(emu.state.servers)) {
      if (s.user === user && s.group === g.name && s.status !== 'Deleted') members.push(s.name);
    }
    if (members.length > 0) {
      const shown = members.slice(0, 5).join(', ') + (members.length > 5 ? `, … (${members.length} in all)` : '');
      return badRequest(`group ${g.name} still holds servers (${shown}): move them out of the group first`);
    }
    // Deleted servers keep no dangling reference to a group that no longer exists.
    for (const s of Object.values(emu.state.servers)) if (s.group === g.name) s.group = null;
    delete emu.state.groups[g.name];
    emu.dirty = true;
    return ok(c);
  });
}
