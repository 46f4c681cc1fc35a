// The GPU pod event log (spec 4.12), read-only.
import type { Transport } from './http.js';
import type { EventPage } from './models.js';
import { parseEventPage } from './parse.js';
import type { CallOptions } from './path.js';

export interface EventQuery {
  search?: string;
  /** events skipped */
  offset?: number;
  /** events returned after the offset */
  length?: number;
}

export function eventsApi(t: Transport) {
  return {
    list(query: EventQuery = {}, opts: CallOptions = {}): Promise<EventPage> {
      return t.call('GET', '/k8sgpu/v1/events/', parseEventPage, {
        ...opts,
        query: { search: query.search, offset: query.offset, length: query.length },
      });
    },
  };
}
