// The SSH public-key library (spec 2.10, 4.8). Key text is not checked, as on the service; labels are unique
// per user (exact, case-sensitive comparison) and are what server creation's `ssh_key` names.
import type { Hono } from 'hono';
import { isoMicro } from './clock.js';
import { badRequest, fail, notFound } from './errors.js';
import type { Emu } from './emu.js';
import { ok, pathId, readBody, type AppEnv, type Body, type Ctx } from './http.js';
import type { SshKeyRec } from './sshkeys-state.js';
import { MSG } from '../rules/index.js';

const MAX_LABEL = 255;
const MAX_KEY = 16_384;
const NOT_FOUND = 'ssh key not found';

function formatSshKey(k: SshKeyRec) {
  return { id: k.id, label: k.label, key: k.key, created_at: isoMicro(k.created_at) };
}

function sshKeysOf(emu: Emu, user: string): SshKeyRec[] {
  const out: SshKeyRec[] = [];
  for (const k of Object.values(emu.state.sshkeys)) if (k.user === user) out.push(k);
  return out.sort((a, b) => a.id - b.id);
}

/** The user's key with that label (server creation's `ssh_key`). */
function findSshKey(emu: Emu, user: string, label: string): SshKeyRec | undefined {
  for (const k of Object.values(emu.state.sshkeys)) if (k.user === user && k.label === label) return k;
  return undefined;
}

/** Missing or blank counts as not given (the spec's message); another type is named as such. */
function field(body: Body, name: string, max: number): string | undefined {
  const v = body[name];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') return badRequest(`field '${name}' must be a string`);
  if (v.length > max) return badRequest(`field '${name}' is too long (at most ${max} characters)`);
  return v.trim() === '' ? undefined : v;
}

function labelTaken(emu: Emu, user: string, label: string, except?: number): boolean {
  const k = findSshKey(emu, user, label);
  return k !== undefined && k.id !== except;
}

export function addSshKey(emu: Emu, user: string, label: string, key: string, at: number): SshKeyRec {
  const rec: SshKeyRec = { id: emu.nextId('sshkey'), user, label, key: key.trim(), created_at: at };
  emu.state.sshkeys[rec.id] = rec;
  emu.dirty = true;
  return rec;
}

export function register(app: Hono<AppEnv>, emu: Emu): void {
  const own = (c: Ctx): SshKeyRec => {
    const id = pathId(c.req.param('id') ?? '', NOT_FOUND);
    const rec = emu.state.sshkeys[id];
    return rec && rec.user === c.get('user') ? rec : notFound(NOT_FOUND);
  };

  app.post('/ecs/v2/sshkeys', async (c) => {
    const user = c.get('user');
    const body = await readBody(c);
    const key = field(body, 'key', MAX_KEY);
    const label = field(body, 'label', MAX_LABEL);
    if (key === undefined || label === undefined) return fail(400, MSG.sshKeyRequired);
    if (labelTaken(emu, user, label)) return fail(400, MSG.sshKeyDuplicateLabel);
    addSshKey(emu, user, label, key, emu.now());
    return ok(c);
  });

  app.get('/ecs/v2/sshkeys', (c) => ok(c, { pubkeys: sshKeysOf(emu, c.get('user')).map(formatSshKey) }));

  app.get('/ecs/v2/sshkeys/:id', (c) => ok(c, { pubkey: formatSshKey(own(c)) }));

  app.put('/ecs/v2/sshkeys/:id', async (c) => {
    const rec = own(c);
    const body = await readBody(c);
    const label = field(body, 'label', MAX_LABEL);
    if (label === undefined) return badRequest("field 'label' is required");
    if (labelTaken(emu, rec.user, label, rec.id)) return fail(400, MSG.sshKeyDuplicateLabel);
    rec.label = label;
    emu.dirty = true;
    return ok(c, { pubkey: formatSshKey(rec) });
  });

  app.delete('/ecs/v2/sshkeys/:id', (c) => {
    const rec = own(c);
    // servers got a copy of the key at creation, so deleting one in use is harmless
    delete emu.state.sshkeys[rec.id];
    emu.dirty = true;
    return ok(c);
  });
}
