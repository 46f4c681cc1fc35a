// The events' state, declared with events.ts: the list of container events, oldest first.
import { list, sameShape } from './collection.js';

export interface EventRec {
  id: number;
  user: string;
  pod: string;
  cluster: string;
  uuid: string;
  date: number;
  runtime_class: string;
  local_reference_namespace: string;
  local_reference_name: string;
  remote_reference_namespace: string;
  remote_reference_name: string;
  event_type: string;
}

export const eventsCollections = {
  events: list<EventRec>({ since: 1, empty: () => [], upgrade: sameShape, older: [] }),
};
