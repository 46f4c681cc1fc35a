// The SSH keys' state, declared with sshkeys.ts.
import { records, sameShape } from './collection.js';

export interface SshKeyRec {
  id: number;
  user: string;
  label: string;
  key: string;
  created_at: number;
}

export const sshkeysCollections = {
  sshkeys: records<SshKeyRec>({ since: 1, empty: () => ({}), upgrade: sameShape, older: [] }),
};
