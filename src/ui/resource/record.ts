// What the record view and the pager show, apart from the resource spec and the views: the navigation
// (hooks/screen.tsx) carries it, the spec builds it and the views draw it, so all import these types from here
// rather than from each other.
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

/** A row shown as text to read whole (the pager): the fields above the text, and what `y` copies. */
export interface TextPage {
  fields: readonly RecordField[];
  text: string;
  copyId?: string;
}
