// The snapshot schedules' state, declared with crons.ts: one schedule per server, keyed by its name.
import { records, sameShape } from './collection.js';

export interface CronRec {
  server: string;
  user: string;
  enabled: boolean;
  max_retention: number;
  day_of_week: number;
  /** minutes after 00:00 UTC at which the weekly run happens (00:00 to 06:00) */
  minute_of_day: number;
  last_run_at: number | null;
  last_run_status: string | null;
}

export const cronsCollections = {
  crons: records<CronRec>({ since: 1, empty: () => ({}), upgrade: sameShape, older: [] }),
};
