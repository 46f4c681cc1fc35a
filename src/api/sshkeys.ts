// The SSH public-key library (spec 4.8). The service does not check keys; a bad one only fails at boot.
import type { Transport } from './http.js';
import type { SshKey } from './models.js';
import { parseNothing, parseSshKey, parseSshKeys } from './parse.js';
import { seg, type CallOptions } from './path.js';

export function sshKeysApi(t: Transport) {
  const one = (id: number) => `/ecs/v2/sshkeys/${seg(id)}`;
  return {
    list(opts: CallOptions = {}): Promise<SshKey[]> {
      return t.call('GET', '/ecs/v2/sshkeys', parseSshKeys, opts);
    },
    get(id: number, opts: CallOptions = {}): Promise<SshKey> {
      return t.call('GET', one(id), parseSshKey, opts);
    },
    /** The service answers with `status` only; list to see the new key's id. */
    add(input: { label: string; key: string }, opts: CallOptions = {}): Promise<void> {
      return t.call('POST', '/ecs/v2/sshkeys', parseNothing, { ...opts, json: { label: input.label, key: input.key } });
    },
    rename(id: number, label: string, opts: CallOptions = {}): Promise<SshKey> {
      return t.call('PUT', one(id), parseSshKey, { ...opts, json: { label } });
    },
    remove(id: number, opts: CallOptions = {}): Promise<void> {
      return t.call('DELETE', one(id), parseNothing, opts);
    },
  };
}
