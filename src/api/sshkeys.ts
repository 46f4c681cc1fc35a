// The SSH public-key library (spec 4.8). The service does not check keys; a bad one only fails at boot.
import type { Transport } from './http.js';
import { listOf, parseNothing, unwrap, type Extra } from './parse-base.js';
import { seg, type CallOptions } from './path.js';
import { Reader } from './read.js';

export interface SshKey {
  id: number;
  label: string;
  key: string;
  createdAt: Date | null;
  extra: Extra;
}

// ------------------------------------------------------------------------------------------------ reading

function parseSshKey(v: unknown): SshKey {
  const r = Reader.of(unwrap(v, 'pubkey'), 'ssh key record');
  return { id: r.num('id'), label: r.str('label'), key: r.optStr('key'), createdAt: r.date('created_at'), extra: r.rest() };
}

function parseSshKeys(body: unknown): SshKey[] {
  return listOf(body, 'pubkeys', 'ssh key list').map(parseSshKey);
}

// -------------------------------------------------------------------------------------------------- calls

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
