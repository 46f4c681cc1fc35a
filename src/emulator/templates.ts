// Private templates (spec 2.5, 3.4, 4.7): made from a ready server or from a created snapshot, CG → CD
// through create_template, then usable as the `image` of a new server (server-create.ts reads them by name).
// Deletion: DE through delete_template, then DD (kept in the state for usage reports, gone from the API).
//
// Choices where the spec is silent:
// - The "renaming" PUT/PATCH changes `description`, the template's display name: `name` (ei2xxxxx) is the
//   identifier servers are created from and never changes.
// - Action resource is the template name; resource_type is DI, or ECI in the live dialect (as recorded).
// - `notes` tells where the template came from; `required_disk` is the source plan's disk (GB) and
//   `size_on_disk` (GB, set on completion) a deterministic share of it.
// - A failed create_template removes the template; a failed delete puts it back to CD. Only CD templates can
//   be deleted; CG and CD ones can be renamed.
// - A snapshot that is not the caller's CD snapshot answers 400 "snapshot not found", in the manner of the
//   spec's "server not found" for servers.
import { createHash, randomUUID } from 'node:crypto';
import type { Hono } from 'hono';
import { findImage, findPlan, isWindowsImage } from './catalog.js';
import { isoMicro } from './clock.js';
import { badRequest, notFound } from './errors.js';
import type { Emu } from './emu.js';
import { optString, readBody, reqString, type AppEnv, type Body, type Ctx } from './http.js';
import { isReady, own } from './server-core.js';
import { snapshotOf } from './snapshots.js';
import type { ActionRec } from './core-state.js';
import type { ServerRec } from './servers-state.js';
import type { SnapshotRec } from './snapshots-state.js';
import type { TemplateRec } from './templates-state.js';
import { MSG } from '../rules/index.js';


const resourceType = (emu: Emu) => (emu.dialect === 'live' ? 'ECI' : 'DI');

function formatTemplate(t: TemplateRec) {
  return {
    id: t.id,
    name: t.name,
    creation_date: isoMicro(t.created_at),
    active_flag: t.active_flag,
    status: t.status,
    uuid: t.uuid,
    description: t.description,
    notes: t.notes,
    public: false,
    cloud_image: false,
    so_base: t.so_base,
    required_disk: t.required_disk,
    api_version: t.api_version,
    api_version_value: 5,
    version: t.version,
  };
}

/** The caller's template by name or numeric id; DD ones are gone. */
function templateOf(emu: Emu, user: string, key: string): TemplateRec | undefined {
  if (/^\d{1,15}$/.test(key)) {
    const t = own(emu.state.templates, String(Number(key)));
    return t && t.user === user && t.status !== 'DD' ? t : undefined;
  }
  for (const t of Object.values(emu.state.templates)) {
    if (t.name === key && t.user === user && t.status !== 'DD') return t;
  }
  return undefined;
}

/** What the source disk holds: the server's image, or the template it was itself created from. */
function imageInfo(emu: Emu, s: ServerRec | undefined): { so_base: string; version: string; windows: boolean } {
  const img = s ? findImage(emu.catalog, s.image) : undefined;
  if (img) return { so_base: img.so_base, version: img.version, windows: isWindowsImage(img) };
  const t = s ? Object.values(emu.state.templates).find((x) => x.name === s.image) : undefined;
  if (t) return { so_base: t.so_base, version: t.version, windows: t.windows };
  return { so_base: 'ubuntu', version: '1', windows: false };
}

/** The v1 and ECSGPU8 refusals, shared by both sources. */
function checkSourceServer(emu: Emu, s: ServerRec): void {
  if (s.api_version === 'v1') return badRequest(MSG.templateV1Server);
  if (findPlan(emu.catalog, s.plan)?.host_type === 'ECSGPU8') return badRequest(MSG.templateGpu8Plan);
}

export type TemplateSource = { server: ServerRec; snapshot?: SnapshotRec };

/** Reads and checks `server` | `snapshot` of a create body; changes nothing. */
function readSource(emu: Emu, user: string, body: Body): TemplateSource {
  const hasServer = body.server !== undefined && body.server !== null;
  const hasSnapshot = body.snapshot !== undefined && body.snapshot !== null;
  if (hasServer && hasSnapshot) return badRequest("use either 'server' or 'snapshot', not both");
  if (hasServer) {
    const name = reqString(body, 'server', 64);
    const s = own(emu.state.servers, name);
    if (!s || s.user !== user || !isReady(s)) return badRequest(MSG.templateServerNotFound);
    checkSourceServer(emu, s);
    return { server: s };
  }
  if (hasSnapshot) {
    const raw = body.snapshot;
    const id = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d{1,15}$/.test(raw) ? Number(raw) : NaN;
    if (!Number.isSafeInteger(id)) return badRequest("field 'snapshot' must be a snapshot id (integer)");
    const snap = snapshotOf(emu, user, id);
    const s = snap ? own(emu.state.servers, snap.source_server) : undefined;
    if (!snap || snap.status !== 'CD' || !s) return badRequest('snapshot not found');
    checkSourceServer(emu, s);
    return { server: s, snapshot: snap };
  }
  return badRequest("field 'server' or 'snapshot' is required");
}

/** Starts a template of `src` at `at` (no checks: readSource has run). */
export function createTemplate(emu: Emu, user: string, src: TemplateSource, description: string, at: number): { template: TemplateRec; action: ActionRec } {
  const id = emu.nextId('template', 4100);
  const name = `ei2${String(id).padStart(5, '0')}`;
  const info = imageInfo(emu, src.server);
  const disk = Number(findPlan(emu.catalog, src.server.plan)?.disk) || 20;
  const t: TemplateRec = {
    id,
    name,
    user,
    status: 'CG',
    active_flag: false,
    uuid: randomUUID(),
    description,
    notes: src.snapshot ? `from snapshot ${src.snapshot.name}` : `from server ${src.server.name}`,
    so_base: info.so_base,
    required_disk: disk,
    api_version: 'v5',
    version: info.version,
    source_server: src.server.name,
    source_snapshot: src.snapshot?.id ?? null,
    size_on_disk: null,
    windows: info.windows,
    created_at: at,
    deleted_at: null,
  };
  emu.state.templates[id] = t;
  const action = emu.startAction({
    user,
    type: 'create_template',
    resource: name,
    resource_type: resourceType(emu),
    at,
    onComplete: { kind: 'template.created', args: { id } },
    onFail: { kind: 'template.create_failed', args: { id } },
  });
  return { template: t, action };
}

export function deleteTemplateNow(emu: Emu, t: TemplateRec, at: number): ActionRec {
  t.status = 'DE';
  t.deleted_at = at;
  return emu.startAction({
    user: t.user,
    type: 'delete_template',
    resource: t.name,
    resource_type: resourceType(emu),
    at,
    onComplete: { kind: 'template.deleted', args: { id: t.id } },
    onFail: { kind: 'template.delete_failed', args: { id: t.id } },
  });
}

function registerTasks(emu: Emu): void {
  emu.onTask('template.created', (e, args) => {
    const t = own(e.state.templates, String(args.id));
    if (!t || t.status !== 'CG') return;
    t.status = 'CD';
    t.active_flag = true;
    const h = createHash('sha1').update(t.name).digest().readUInt16BE(0) / 65_535;
    t.size_on_disk = Math.max(1, Math.round(t.required_disk * (0.2 + 0.3 * h)));
  });
  emu.onTask('template.create_failed', (e, args) => {
    if (own(e.state.templates, String(args.id))) delete e.state.templates[String(args.id)];
  });
  emu.onTask('template.deleted', (e, args) => {
    const t = own(e.state.templates, String(args.id));
    if (!t || t.status !== 'DE') return;
    t.status = 'DD';
    t.active_flag = false;
  });
  emu.onTask('template.delete_failed', (e, args) => {
    const t = own(e.state.templates, String(args.id));
    if (!t || t.status !== 'DE') return;
    t.status = 'CD';
    t.deleted_at = null;
  });
}

function ownTemplate(emu: Emu, user: string, key: string): TemplateRec {
  return templateOf(emu, user, key) ?? notFound('template not found');
}

export function register(app: Hono<AppEnv>, emu: Emu): void {
  registerTasks(emu);

  app.post('/ecs/v2/templates', async (c) => {
    const user = c.get('user');
    const body = await readBody(c);
    const description = optString(body, 'description', 1024) ?? '';
    const src = readSource(emu, user, body);
    const { template, action } = createTemplate(emu, user, src, description, emu.now());
    const key = emu.dialect === 'alternate' ? 'action' : 'action_id';
    return c.json({ status: 'ok', [key]: action.id, template: formatTemplate(template) });
  });

  app.get('/ecs/v2/templates', (c) => {
    const user = c.get('user');
    const list = Object.values(emu.state.templates)
      .filter((t) => t.user === user && t.status !== 'DD')
      .sort((a, b) => a.id - b.id)
      .map(formatTemplate);
    return c.json({ status: 'ok', templates: list });
  });

  app.get('/ecs/v2/templates/:key', (c) => {
    const t = ownTemplate(emu, c.get('user'), c.req.param('key'));
    return c.json({ status: 'ok', template: formatTemplate(t) });
  });

  // `description` renames (4.7); the Python SDK ecsapi also sends `notes`, and null for whichever its caller
  // left out: null is not given.
  const rename = async (c: Ctx) => {
    const body = await readBody(c);
    const description = optString(body, 'description', 1024);
    const notes = optString(body, 'notes', 4096);
    if (description === undefined && notes === undefined) return badRequest("field 'description' is required");
    const t = ownTemplate(emu, c.get('user'), c.req.param('key') ?? '');
    if (t.status !== 'CG' && t.status !== 'CD') return badRequest("template in current status can't be updated");
    if (description !== undefined) t.description = description;
    if (notes !== undefined) t.notes = notes;
    emu.dirty = true;
    return c.json({ status: 'ok', template: formatTemplate(t) });
  };
  app.put('/ecs/v2/templates/:key', rename);
  app.patch('/ecs/v2/templates/:key', rename);

  app.delete('/ecs/v2/templates/:key', (c) => {
    const t = ownTemplate(emu, c.get('user'), c.req.param('key'));
    if (t.status !== 'CD') return badRequest("template in current status can't be deleted");
    const action = deleteTemplateNow(emu, t, emu.now());
    return c.json({ status: 'ok', action: emu.formatAction(action) });
  });
}
