// The accounts' state, declared with auth.ts: users by name and their API tokens.
import { list, records, sameShape } from './collection.js';

export interface UserRec {
  username: string;
  email: string;
  /** scrypt hash (hex) and its salt */
  passwordHash: string;
  salt: string;
  /** bumped on password change; JWTs carry it so a changed password revokes older logins */
  passwordVersion: number;
  reserved_available: boolean;
  offline_available: boolean;
  ecs_special_discount: number;
  ecshm_special_discount: number;
  ecsgpu_special_discount: number;
}

export interface ApiTokenRec {
  id: number;
  user: string;
  notes: string;
  created_at: number;
  /** sha256 of the token value: the value itself is shown once and never stored */
  hash: string;
}

export const authCollections = {
  users: records<UserRec>({ since: 1, empty: () => ({}), upgrade: sameShape, older: [] }),
  tokens: list<ApiTokenRec>({ since: 1, empty: () => [], upgrade: sameShape, older: [] }),
};
