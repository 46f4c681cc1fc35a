// The cloud-script library (spec 4.9): scripts run at first boot, PowerShell ones for Windows.
import type { Transport } from './http.js';
import { listOf, parseNothing, unwrap, type Extra } from './parse-base.js';
import { seg, type CallOptions } from './path.js';
import { Reader, scalarText } from './read.js';

export interface Script {
  id: number;
  user: string;
  title: string;
  content: string;
  windows: boolean;
  public: boolean;
  category: string | null;
  /** not in the spec's fields (2.11): read when a service sends `created_at` or `creation_date` */
  createdAt: Date | null;
  extra: Extra;
}

// ------------------------------------------------------------------------------------------------ reading

/** A bare script object (spec) or `{status, script}` (recorded). */
export function parseScript(v: unknown): Script {
  const r = Reader.of(unwrap(v, 'script'), 'script record');
  const category = r.any('category');
  return {
    id: r.num('id'),
    user: r.optStr('user'),
    title: r.str('title'),
    content: r.optStr('content'),
    windows: r.optBool('windows'),
    public: r.optBool('public'),
    category: category === null || category === undefined || category === '' ? null : scalarText(category),
    createdAt: r.date('created_at') ?? r.date('creation_date'),
    extra: r.rest(),
  };
}

function parseScripts(body: unknown): Script[] {
  return listOf(body, 'scripts', 'script list').map(parseScript);
}

// -------------------------------------------------------------------------------------------------- calls

interface ScriptInput {
  title: string;
  content: string;
  windows?: boolean;
}

export function scriptsApi(t: Transport) {
  const one = (id: number) => `/ecs/v2/scripts/${seg(id)}`;
  return {
    list(opts: CallOptions = {}): Promise<Script[]> {
      return t.call('GET', '/ecs/v2/scripts', parseScripts, opts);
    },
    get(id: number, opts: CallOptions = {}): Promise<Script> {
      return t.call('GET', one(id), parseScript, opts);
    },
    /** The answer is the bare script (spec) or wrapped in `{status, script}` (recorded): both are read. */
    create(input: ScriptInput, opts: CallOptions = {}): Promise<Script> {
      return t.call('POST', '/ecs/v2/scripts', parseScript, {
        ...opts,
        json: { title: input.title, content: input.content, windows: input.windows ?? false },
      });
    },
    update(id: number, input: Partial<ScriptInput>, opts: CallOptions = {}): Promise<Script> {
      return t.call('PUT', one(id), parseScript, { ...opts, json: { ...input } });
    },
    remove(id: number, opts: CallOptions = {}): Promise<void> {
      return t.call('DELETE', one(id), parseNothing, opts);
    },
  };
}
