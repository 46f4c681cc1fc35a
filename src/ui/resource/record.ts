// The record view's content, apart from the resource spec: the navigation (hooks/screen.tsx) carries sections
// to the record view and the spec builds them, so both import these types from here rather than each other.
import type { Role } from '../theme.js';

/** One line of a record view: an explicit human label and the value written with its unit. */
export interface RecordField {
  label: string;
  value: string;
  role?: Role;
}

export interface RecordSection {
  /** absent for the first, untitled section */
  title?: string;
  fields: RecordField[];
}
