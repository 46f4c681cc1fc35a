// The spot servers' state, declared with spot.ts: one record per spot server, keyed by its name.
import { records, sameShape } from './collection.js';

export interface SpotRec {
  server: string;
  user: string;
  status: 'ok' | 'terminating' | 'terminated' | 'promoted';
  discount: number;
  notified_at: number | null;
  terminate_at: number | null;
  promoted_at: number | null;
}

export const spotCollections = {
  spots: records<SpotRec>({ since: 1, empty: () => ({}), upgrade: sameShape, older: [] }),
};
