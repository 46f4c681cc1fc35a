// The CPU of the servers on screen, for the servers list's CPU column: the last hour of each visible server's
// CPU, fetched in the background by the row sampler (sampler.ts: at most once a minute per server, a few at a
// time, never for a row that is not on screen, one redraw per round). Free of Ink: the list asks
// `show(names)` after every move and draws `sample(name)`.
import type { Client, MetricPoint } from '../api/index.js';
import { RowSampler, type SamplerOptions } from './sampler.js';

interface CpuSample {
  points: readonly MetricPoint[];
  start: number;
  end: number;
}

type CpuSamplerOptions = SamplerOptions;

export class CpuSampler extends RowSampler<CpuSample> {
  constructor(client: Client, opts: CpuSamplerOptions = {}) {
    super(
      async (name) => {
        const end = client.serviceNow();
        const start = new Date(end.getTime() - 3600_000);
        const m = await client.servers.metrics(name, { start, end });
        return { points: m.core, start: start.getTime(), end: end.getTime() };
      },
      undefined,
      opts,
    );
  }

  sample(name: string): CpuSample | undefined {
    return this.value(name);
  }
}
