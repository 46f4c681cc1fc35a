// The GPU pod event log (spec 4.12), read-only.
import type { Transport } from './http.js';
import { listOf, type Extra } from './parse-base.js';
import type { CallOptions } from './path.js';
import { Reader, isRecord, toNumber } from './read.js';

export interface PodEvent {
  id: number;
  pod: string;
  cluster: string;
  uuid: string;
  user: string;
  date: Date | null;
  runtimeClass: string;
  localReferenceNamespace: string;
  localReferenceName: string;
  remoteReferenceNamespace: string;
  remoteReferenceName: string;
  /** Unix seconds */
  eventEpoch: number;
  eventType: string;
  extra: Extra;
}

interface EventPage {
  items: PodEvent[];
  /** events in this page */
  length: number;
  /** all events matching */
  total: number;
}

// ------------------------------------------------------------------------------------------------ reading

function parseEvent(v: unknown): PodEvent {
  const r = Reader.of(v, 'event record');
  return {
    id: r.num('id'),
    pod: r.optStr('pod'),
    cluster: r.optStr('cluster'),
    uuid: r.optStr('uuid'),
    user: r.optStr('user'),
    date: r.date('date'),
    runtimeClass: r.optStr('runtime_class'),
    localReferenceNamespace: r.optStr('local_reference_namespace'),
    localReferenceName: r.optStr('local_reference_name'),
    remoteReferenceNamespace: r.optStr('remote_reference_namespace'),
    remoteReferenceName: r.optStr('remote_reference_name'),
    eventEpoch: r.optNum('event_epoch'),
    eventType: r.str('event_type'),
    extra: r.rest(),
  };
}

export function parseEventPage(body: unknown): EventPage {
  const items = listOf(body, 'items', 'event list').map(parseEvent);
  const b = isRecord(body) ? body : {};
  return { items, length: toNumber(b.length) ?? items.length, total: toNumber(b.total) ?? items.length };
}

// -------------------------------------------------------------------------------------------------- calls

interface EventQuery {
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
