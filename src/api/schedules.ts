// Periodic snapshots (spec 4.6): one weekly schedule per server, named `snapshot_schedule_<server>`.
import type { Transport } from './http.js';
import { unwrap, type Extra } from './parse-base.js';
import { seg, type CallOptions } from './path.js';
import { Reader, isRecord, scalarText } from './read.js';

export interface SnapshotSchedule {
  name: string;
  schedule: string;
  enabled: boolean;
  lastRunAt: Date | null;
  lastRunStatus: string | null;
  maxRetention: number;
  /** 0 is Sunday */
  dayOfWeek: number;
  extra: Extra;
}

// ------------------------------------------------------------------------------------------------ reading

export function parseSchedule(body: unknown): SnapshotSchedule {
  const r = Reader.of(unwrap(body, 'cron'), 'snapshot schedule record');
  const infos = r.any('infos');
  const i = isRecord(infos) ? new Reader(infos, 'snapshot schedule infos') : r;
  const status = r.any('last_run_status');
  return {
    name: r.str('name'),
    schedule: r.optStr('schedule'),
    enabled: r.optBool('enabled'),
    lastRunAt: r.date('last_run_at'),
    lastRunStatus: status === null || status === undefined || status === '' ? null : scalarText(status),
    maxRetention: i.num('max_retention'),
    dayOfWeek: i.num('day_of_week'),
    extra: r.rest(),
  };
}

// -------------------------------------------------------------------------------------------------- calls

interface ScheduleInput {
  maxRetention: number;
  /** 0 is Sunday */
  dayOfWeek: number;
  /** `HH:MM` UTC, within 00:00 to 06:00 */
  time?: string;
}

interface ScheduleUpdate {
  enabled?: boolean;
  maxRetention?: number;
  dayOfWeek?: number;
  /** `HH:MM` UTC, within 00:00 to 06:00 */
  time?: string;
}

export function schedulesApi(t: Transport) {
  const base = (server: string) => `/ecs/v2/servers/${seg(server)}/crons`;
  const one = (server: string) => `${base(server)}/${seg(`snapshot_schedule_${server}`)}`;
  return {
    create(server: string, input: ScheduleInput, opts: CallOptions = {}): Promise<SnapshotSchedule> {
      return t.call('POST', base(server), parseSchedule, {
        ...opts,
        json: {
          type: 'snapshot_schedule',
          config: {
            typology: 'weekly',
            max_retention: input.maxRetention,
            day_of_week: input.dayOfWeek,
            ...(input.time !== undefined ? { time: input.time } : {}),
          },
        },
      });
    },
    get(server: string, opts: CallOptions = {}): Promise<SnapshotSchedule> {
      return t.call('GET', one(server), parseSchedule, opts);
    },
    update(server: string, input: ScheduleUpdate, opts: CallOptions = {}): Promise<SnapshotSchedule> {
      const json: Record<string, unknown> = {};
      if (input.enabled !== undefined) json.enabled = input.enabled;
      if (input.maxRetention !== undefined) json.max_retention = input.maxRetention;
      if (input.dayOfWeek !== undefined) json.day_of_week = input.dayOfWeek;
      if (input.time !== undefined) json.time = input.time;
      return t.call('PATCH', one(server), parseSchedule, { ...opts, json });
    },
    /** Stops periodic snapshots (the service's DELETE disables rather than removes). */
    disable(server: string, opts: CallOptions = {}): Promise<SnapshotSchedule> {
      return t.call('DELETE', one(server), parseSchedule, opts);
    },
  };
}
