// The scripts' state, declared with scripts.ts.
import { records, sameShape } from './collection.js';

export interface ScriptRec {
  id: number;
  user: string;
  title: string;
  content: string;
  windows: boolean;
  public: boolean;
  category: string | null;
}

export const scriptsCollections = {
  scripts: records<ScriptRec>({ since: 1, empty: () => ({}), upgrade: sameShape, older: [] }),
};
