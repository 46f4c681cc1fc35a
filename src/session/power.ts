// Whether each server is running or shut off, from the status endpoint (the server record does not say): the
// one truth the servers list's power cells, a server's detail and the `p` / `P` keys all read. Asked for the
// servers on screen only (the list's rows, a detail's server) by the row sampler (sampler.ts: a few at a
// time, again a minute after the last answer, one redraw per round), and at once when an action on the
// server ends (the watcher sees every action of the account). A power action that completed says what the
// state now is before the service is asked again. Free of Ink.
import { RowSampler, type SamplerOptions } from './sampler.js';

interface PowerSource {
  status(name: string, opts?: { signal?: AbortSignal }): Promise<{ state: string }>;
}

/** What the states need of an ended action: the tracker's TrackedAction satisfies it. */
interface EndedAction {
  type: string;
  status: string;
  resource: string;
}

type PowerStatesOptions = SamplerOptions;

/** A server's resource in an action: the server itself, or `<server>-<network>` for its VLANs. */
export const touchesServer = (resource: string, name: string): boolean => resource === name || resource.startsWith(`${name}-`);

export class PowerStates extends RowSampler<string> {
  constructor(source: PowerSource, opts: PowerStatesOptions = {}) {
    super(async (name) => (await source.status(name)).state, (a, b) => a === b, opts);
  }

  /** 'running', 'shutoff', another word of the service's, or undefined while not known. */
  state(name: string): string | undefined {
    return this.value(name);
  }

  /**
   * An action ended (seen by the watcher, whoever started it): a completed power action says the new state at
   * once; whatever else touched a server has its state asked for again.
   */
  actionEnded(a: EndedAction): void {
    const power = a.status === 'completed' && (a.type === 'power_on' || a.type === 'power_off');
    for (const name of [...this.known()]) {
      if (!touchesServer(a.resource, name)) continue;
      if (power) this.put(name, a.type === 'power_on' ? 'running' : 'shutoff');
      else this.refresh(name);
    }
    // a server first seen powered by someone else: its state is asked for when it is on screen
    this.pump();
  }
}
