// The cloud-script library (spec 4.9): scripts run at first boot, PowerShell ones for Windows.
import type { Transport } from './http.js';
import type { Script } from './models.js';
import { parseNothing, parseScript, parseScripts } from './parse.js';
import { seg, type CallOptions } from './path.js';

export interface ScriptInput {
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
