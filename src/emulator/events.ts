// The GPU pod event log (spec 2.19, 4.12, section 6). Choices where the spec is silent:
// - Items are most recent first (by date, then id); `total` counts the events matching `search`, so a client
//   can page through a search result.
// - `search` is a case-insensitive substring match over pod, cluster, event_type, runtime_class, uuid and the
//   four reference fields. `length` defaults to 50 and is capped at 500.
// - The response is the bare {items, length, total} the spec lists, without a `status` field.
import { randomUUID } from 'node:crypto';
import type { Hono } from 'hono';
import { isoMicro } from './clock.js';
import { badRequest, notFound } from './errors.js';
import type { Emu } from './emu.js';
import { optString, queryInt, readBody, type AppEnv } from './http.js';
import type { EventRec } from './events-state.js';

const DEFAULT_EVENT_PAGE = 50;
const MAX_EVENT_PAGE = 500;

function formatEvent(e: EventRec) {
  return {
    pod: e.pod,
    cluster: e.cluster,
    id: e.id,
    uuid: e.uuid,
    user: e.user,
    date: isoMicro(e.date),
    runtime_class: e.runtime_class,
    local_reference_namespace: e.local_reference_namespace,
    local_reference_name: e.local_reference_name,
    remote_reference_namespace: e.remote_reference_namespace,
    remote_reference_name: e.remote_reference_name,
    event_epoch: Math.floor(e.date / 1000),
    event_type: e.event_type,
  };
}

const SEARCHED: Array<keyof EventRec> = [
  'pod',
  'cluster',
  'event_type',
  'runtime_class',
  'uuid',
  'local_reference_namespace',
  'local_reference_name',
  'remote_reference_namespace',
  'remote_reference_name',
];

function matches(e: EventRec, needle: string): boolean {
  for (const k of SEARCHED) if ((e[k] as string).toLowerCase().includes(needle)) return true;
  return false;
}

export function appendEvent(emu: Emu, fields: Omit<EventRec, 'id'>): EventRec {
  const rec: EventRec = { id: emu.nextId('event'), ...fields };
  const list = emu.state.events;
  // kept sorted by date so listing is a reverse walk; appends of "now" land at the end
  let i = list.length;
  while (i > 0 && list[i - 1].date > rec.date) i--;
  list.splice(i, 0, rec);
  emu.dirty = true;
  return rec;
}

export function register(app: Hono<AppEnv>, emu: Emu): void {
  app.get('/k8sgpu/v1/events', (c) => {
    const user = c.get('user');
    const offset = queryInt(c, 'offset') ?? 0;
    const length = Math.min(queryInt(c, 'length') ?? DEFAULT_EVENT_PAGE, MAX_EVENT_PAGE);
    const search = c.req.query('search') ?? '';
    if (search.length > 256) return badRequest("query parameter 'search' is too long (at most 256 characters)");
    const needle = search.trim().toLowerCase();
    const items: ReturnType<typeof formatEvent>[] = [];
    let total = 0;
    const list = emu.state.events;
    for (let i = list.length - 1; i >= 0; i--) {
      const e = list[i];
      if (e.user !== user || (needle !== '' && !matches(e, needle))) continue;
      if (total >= offset && items.length < length) items.push(formatEvent(e));
      total++;
    }
    return c.json({ items, length: items.length, total });
  });

  app.post('/__emulator/events', async (c) => {
    const body = await readBody(c);
    const username = optString(body, 'username', 64) ?? 'demo';
    if (!Object.hasOwn(emu.state.users, username)) return notFound(`user ${username} not found`);
    const eventType = optString(body, 'event_type', 64);
    if (eventType === undefined || eventType.trim() === '') return badRequest("field 'event_type' is required");
    const text = (name: string, fallback: string) => optString(body, name, 253) ?? fallback;
    const pod = text('pod', `gpu-job-${randomUUID().slice(0, 8)}`);
    const namespace = text('local_reference_namespace', 'default');
    const fields = {
      user: username,
      event_type: eventType,
      pod,
      cluster: text('cluster', 'gpu-fr2'),
      uuid: text('uuid', randomUUID()),
      runtime_class: text('runtime_class', 'nvidia'),
      local_reference_namespace: namespace,
      local_reference_name: text('local_reference_name', pod),
      remote_reference_namespace: text('remote_reference_namespace', `${username}-${namespace}`),
      remote_reference_name: text('remote_reference_name', pod),
    };
    const rec = appendEvent(emu, { ...fields, date: emu.now() });
    return c.json(formatEvent(rec), 201);
  });
}
