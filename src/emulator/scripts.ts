// The cloud-script library (spec 2.11, 4.9). Choices where the spec is silent:
// - The list holds the user's scripts and then the public ones (owned by SYSTEM_USER, seeded with the demo
//   estate); public scripts can be read and used at server creation, never changed or deleted through the API
//   (403). They do not count towards the 20-script limit.
// - One script is read at GET /ecs/v2/scripts/{id}; PUT and PATCH both update; DELETE answers {status:"ok"}.
// - Deleting a script that a server was created with is allowed: the server ran it once, at creation.
import type { Hono } from 'hono';
import { badRequest, fail, notFound } from './errors.js';
import type { Emu } from './emu.js';
import { ok, optBool, pathId, readBody, type AppEnv, type Body, type Ctx } from './http.js';
import type { ScriptRec } from './scripts-state.js';
import { LIMITS, MSG, MSG_CHOSEN, checkLibraryScript, checkLibraryScriptUpdate } from '../rules/index.js';

const SYSTEM_USER = 'system';
const MAX_TITLE = 255;
const MAX_CONTENT = 65_536;

function formatScript(s: ScriptRec) {
  return { id: s.id, user: s.user, title: s.title, content: s.content, windows: s.windows, public: s.public, category: s.category };
}

/** A script the user may run at server creation: their own or a public one. */
function findUsableScript(emu: Emu, user: string, id: number): ScriptRec | undefined {
  const s = emu.state.scripts[id];
  return s && (s.user === user || s.public) ? s : undefined;
}

function visibleScripts(emu: Emu, user: string): ScriptRec[] {
  const own: ScriptRec[] = [];
  const pub: ScriptRec[] = [];
  for (const s of Object.values(emu.state.scripts)) {
    if (s.user === user && !s.public) own.push(s);
    else if (s.public) pub.push(s);
  }
  const byId = (a: ScriptRec, b: ScriptRec) => a.id - b.id;
  return [...own.sort(byId), ...pub.sort(byId)];
}

const countOwn = (emu: Emu, user: string) => {
  let n = 0;
  for (const s of Object.values(emu.state.scripts)) if (s.user === user && !s.public) n++;
  return n;
};

/** Wrong types are named; blank text is left to the rules so their exact messages apply. */
function input(body: Body) {
  for (const [name, max] of [['title', MAX_TITLE], ['content', MAX_CONTENT]] as const) {
    const v = body[name];
    if (v !== undefined && v !== null && typeof v !== 'string') badRequest(`field '${name}' must be a string`);
    if (typeof v === 'string' && v.length > max) badRequest(`field '${name}' is too long (at most ${max} characters)`);
  }
  return { title: body.title, content: body.content, windows: optBool(body, 'windows') };
}

export function addScript(emu: Emu, fields: Omit<ScriptRec, 'id'>): ScriptRec {
  const rec: ScriptRec = { id: emu.nextId('script'), ...fields };
  emu.state.scripts[rec.id] = rec;
  emu.dirty = true;
  return rec;
}

export function register(app: Hono<AppEnv>, emu: Emu): void {
  const visible = (c: Ctx): ScriptRec => {
    const id = pathId(c.req.param('id') ?? '', MSG_CHOSEN.scriptNotFound);
    return findUsableScript(emu, c.get('user'), id) ?? notFound(MSG_CHOSEN.scriptNotFound);
  };
  const writable = (c: Ctx): ScriptRec => {
    const s = visible(c);
    return s.public ? fail(403, 'public scripts cannot be changed or deleted') : s;
  };

  app.post('/ecs/v2/scripts', async (c) => {
    const user = c.get('user');
    const body = await readBody(c);
    const checked = checkLibraryScript(input(body));
    if (countOwn(emu, user) >= LIMITS.scripts) return fail(400, MSG.scriptLimit);
    const rec = addScript(emu, { user, ...checked, public: false, category: null });
    // the spec shows a bare object; the live service was recorded wrapping it
    return emu.dialect === 'primary' ? c.json(formatScript(rec)) : ok(c, { script: formatScript(rec) });
  });

  app.get('/ecs/v2/scripts', (c) => ok(c, { scripts: visibleScripts(emu, c.get('user')).map(formatScript) }));

  app.get('/ecs/v2/scripts/:id', (c) => ok(c, { script: formatScript(visible(c)) }));

  const update = async (c: Ctx) => {
    const rec = writable(c);
    const body = await readBody(c);
    const changes = checkLibraryScriptUpdate(input(body));
    Object.assign(rec, changes);
    emu.dirty = true;
    return ok(c, { script: formatScript(rec) });
  };
  app.put('/ecs/v2/scripts/:id', update);
  app.patch('/ecs/v2/scripts/:id', update);

  app.delete('/ecs/v2/scripts/:id', (c) => {
    const rec = writable(c);
    delete emu.state.scripts[rec.id];
    emu.dirty = true;
    return ok(c);
  });
}

const PUBLIC_SCRIPTS: Array<Pick<ScriptRec, 'title' | 'content' | 'windows' | 'category'>> = [
  {
    title: 'Docker CE',
    category: 'containers',
    windows: false,
    content: `#!/bin/bash
set -euo pipefail
curl -fsSL https://get.docker.com -o /tmp/get-docker.sh
sh /tmp/get-docker.sh
usermod -aG docker ecuser
systemctl enable --now docker
`,
  },
  {
    title: 'Unattended security upgrades',
    category: 'maintenance',
    windows: false,
    content: `#!/bin/bash
export DEBIAN_FRONTEND=noninteractive
apt-get update
apt-get install -y unattended-upgrades
dpkg-reconfigure -f noninteractive unattended-upgrades
`,
  },
];

/** The provider's public scripts (the demo estate shows them beside the account's own). */
export function addPublicScripts(emu: Emu): void {
  for (const s of PUBLIC_SCRIPTS) addScript(emu, { user: SYSTEM_USER, ...s, public: true });
}
