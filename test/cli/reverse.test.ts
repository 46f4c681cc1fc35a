// Every write verb of the command table: the request its table entry declares is the one the client sends,
// and commandForWrite gives a command line which, parsed again, makes that same request.
import { describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/index.js';
import { parseCommand } from '../../src/cli/parse.js';
import { commandForWrite, requestFor, type WriteRequest } from '../../src/cli/reverse.js';
import { allVerbs } from '../../src/cli/table.js';
import type { Param, ServiceVerb, Values, Verb, WriteSpec } from '../../src/cli/types.js';

// (a write is sent to the service: no verb over this machine's files writes)
const writers = allVerbs().filter((v): v is ServiceVerb & { write: WriteSpec } => v.write !== undefined && !v.local);

function sample(p: Param): string | number | boolean {
  if (p.type === 'number') return 7;
  if (p.type === 'boolean') return true;
  if (p.type === 'switch') return false;
  if (p.choices) return p.choices[p.choices.length - 1];
  if (p.name === 'range') return '100-110';
  if (p.name === 'time') return '03:30';
  // a space, a quote and a slash: the line must quote them, the path must encode them
  return `it's a/b ${p.name}`;
}

/** Every parameter given (but `file`, read into `content`), less optional ones until the verb's check passes. */
function sampleValues(verb: Verb): Values {
  const values: Values = {};
  const params = verb.params.filter((p) => p.name !== 'file');
  for (const p of params) values[p.name] = sample(p);
  for (const p of [...params].reverse()) {
    if (!verb.check?.(values)) break;
    if (!p.required) delete values[p.name];
  }
  expect(verb.check?.(values) ?? null, `${verb.resource} ${verb.name}`).toBeNull();
  return values;
}

/** A POSIX shell's words, for the lines reverse.ts writes (plain words, single quotes, backslashes). */
function shellSplit(line: string): string[] {
  const words: string[] = [];
  let word: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === ' ') {
      if (word !== null) words.push(word);
      word = null;
    } else if (c === "'") {
      const end = line.indexOf("'", i + 1);
      word = (word ?? '') + line.slice(i + 1, end);
      i = end;
    } else if (c === '\\') {
      word = (word ?? '') + line[++i];
    } else word = (word ?? '') + c;
  }
  if (word !== null) words.push(word);
  return words;
}

/** The first write request the client sends while running `verb`; the fake service refuses everything. */
async function sent(verb: ServiceVerb, values: Values): Promise<WriteRequest> {
  const seen: WriteRequest[] = [];
  const client = createClient({
    endpoint: 'http://service.test',
    credential: { kind: 'token', token: 'tok' },
    retry: { limit: 0 },
    fetch: async (req) => {
      const text = await req.text();
      if (req.method !== 'GET') seen.push({ method: req.method, path: new URL(req.url).pathname, ...(text ? { body: JSON.parse(text) as unknown } : {}) });
      return new Response(JSON.stringify({ status: 'error', message: 'no' }), { status: 400, headers: { 'content-type': 'application/json' } });
    },
  });
  await verb.run({ client, format: 'json', readInput: async () => '' }, { ...values }).catch(() => {});
  return seen[0];
}

describe('commandForWrite', () => {
  it.each(writers.map((v) => [`${v.resource} ${v.name}`, v] as const))('%s: the line, parsed again, sends the same request', async (_name, verb) => {
    const values = sampleValues(verb);
    const req = requestFor(verb, values);
    expect(await sent(verb, values)).toEqual(req.body === undefined ? { method: req.method, path: req.path } : req);

    const line = commandForWrite(req);
    expect(line).not.toBeNull();
    const words = shellSplit(line!);
    expect(words[0]).toBe('ecsdeck');
    const parsed = parseCommand(words.slice(1));
    if (parsed.kind !== 'run' || parsed.verb.write === undefined) throw new Error(`not a write: ${line}`);
    expect(requestFor(parsed.verb as Verb & { write: WriteSpec }, parsed.values)).toEqual(req);
  });

  it('names the server plainly and quotes what a shell would split', () => {
    expect(commandForWrite({ method: 'POST', path: '/ecs/v2/servers/ec206901/actions', body: { type: 'power_off' } })).toBe('ecsdeck servers power-off ec206901');
    expect(commandForWrite({ method: 'PUT', path: '/ecs/v2/servers/ec206901', body: { note: "Bob's box" } })).toBe(`ecsdeck servers update ec206901 --notes 'Bob'\\''s box'`);
  });

  it('says a false the request must carry', () => {
    expect(commandForWrite({ method: 'PUT', path: '/ecs/v2/scripts/4', body: { windows: false } })).toBe('ecsdeck scripts update 4 --windows no');
  });

  it('is null for what no verb sends, and for writes that carry a secret', () => {
    expect(commandForWrite({ method: 'GET', path: '/ecs/v2/servers' })).toBeNull();
    expect(commandForWrite({ method: 'POST', path: '/ecs/v2/account', body: { password: 'hunter2' } })).toBeNull();
    expect(commandForWrite({ method: 'POST', path: '/ecs/v2/groups', body: { notes: 'team', password: 'hunter2' } })).toBeNull();
    expect(commandForWrite({ method: 'POST', path: '/ecs/v2/servers/ec206901/actions', body: { type: 'reboot_into_space' } })).toBeNull();
  });
});
