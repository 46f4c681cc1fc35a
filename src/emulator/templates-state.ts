// The templates' state, declared with templates.ts.
import { records, sameShape } from './collection.js';

export interface TemplateRec {
  id: number;
  name: string;
  user: string;
  status: 'CG' | 'CD' | 'DE' | 'DD';
  active_flag: boolean;
  uuid: string;
  description: string;
  notes: string;
  so_base: string;
  required_disk: number;
  api_version: string;
  version: string;
  /** plan host type of the source (templates keep the disk, not the plan) */
  source_server: string | null;
  source_snapshot: number | null;
  size_on_disk: number | null;
  windows: boolean;
  created_at: number;
  deleted_at: number | null;
}

export const templatesCollections = {
  templates: records<TemplateRec>({ since: 1, empty: () => ({}), upgrade: sameShape, older: [] }),
};
