// Writes the history: hooked once on a client's transport (every write it sends, whatever screen or
// command asked for it) and on the tracker that sees actions end. A failure to write the file never stops a
// request: the history records what was done, it does not decide it.
import type { WriteEnd, WriteHook, WriteRequest } from '../api/http.js';
import { ApiError } from '../api/errors.js';
import { scrub } from '../api/secrets.js';
import { HistoryFile, historyPath } from './file.js';
import { actionIdOf, describeWrite, redact, type HistoryLine, type Sender, type Via } from './record.js';

/** What names a connection in each of its lines: the profile (`env`, `demo`), the service's address, how it was reached. */
interface Connection {
  profile: string;
  endpoint: string;
  via: Via;
}

// node:crypto is loaded at the first write, not at start: loading it costs a start 5 to 15 ms
const crypto = () => process.getBuiltinModule('node:crypto');

type Env = Record<string, string | undefined>;

/** What the history needs of a connection: its transport's hook and, in the dashboard, its tracker. */
interface Recordable {
  transport: { onWrite: WriteHook | null };
}

interface ActionEnds {
  onFinished(listener: (a: { id: number; status: string; failure: string | null }) => void): () => void;
}

interface HistoryOptions {
  /** default `$XDG_STATE_HOME/ecsdeck/history.jsonl` */
  path?: string;
  env?: Env;
  by: Sender;
  maxBytes?: number;
  now?: () => Date;
}

export class HistoryLog {
  readonly path: string;
  readonly by: Sender;
  private readonly file: HistoryFile;
  private readonly now: () => Date;
  /** actions started by recorded writes and not seen ending yet: the write each belongs to */
  private readonly pending = new Map<number, string>();

  constructor(opts: HistoryOptions) {
    this.path = opts.path ?? historyPath(opts.env);
    this.by = opts.by;
    this.file = new HistoryFile(this.path, opts.maxBytes);
    this.now = opts.now ?? (() => new Date());
  }

  private append(line: HistoryLine): void {
    try {
      this.file.append(line);
    } catch {
      // a full disk or a directory not ours: the write goes out all the same
    }
  }

  /** The hook for one connection: `profile`, `endpoint` and `via` name it in every line. */
  hook(who: Connection): WriteHook {
    return (req: WriteRequest) => {
      const id = `${Date.now().toString(36)}-${crypto().randomBytes(4).toString('hex')}`;
      const clean = req.body === undefined ? { body: undefined, redacted: false } : redact(req.body);
      const path = scrub(req.path);
      this.append({
        v: 1,
        t: 'sent',
        id,
        at: this.now().toISOString(),
        by: this.by,
        profile: who.profile,
        endpoint: who.endpoint,
        via: who.via,
        method: req.method,
        path,
        ...(clean.body === undefined ? {} : { body: clean.body }),
        ...(clean.redacted ? { redacted: true } : {}),
        what: scrub(describeWrite(req.method, path, clean.body)),
      });
      return (end: WriteEnd) => this.answered(id, end);
    };
  }

  private answered(id: string, end: WriteEnd): void {
    const at = this.now().toISOString();
    if (end.ok) {
      const action = actionIdOf(end.body);
      if (action !== undefined) this.pending.set(action, id);
      this.append({ v: 1, t: 'answer', id, at, result: 'done', ...(action === undefined ? {} : { action }) });
      return;
    }
    const err = end.error;
    const message = scrub(err.message);
    if (err instanceof ApiError) this.append({ v: 1, t: 'answer', id, at, result: 'refused', status: err.status, message });
    else this.append({ v: 1, t: 'answer', id, at, result: 'failed', message });
  }

  /** An action has ended (the tracker saw it, or a command waited for it): the write that started it is completed. */
  actionEnded(action: { id: number; status: string; failure?: string | null }): void {
    const id = this.pending.get(action.id);
    if (id === undefined || (action.status !== 'completed' && action.status !== 'failed')) return;
    this.pending.delete(action.id);
    this.append({
      v: 1,
      t: 'end',
      id,
      at: this.now().toISOString(),
      action: action.id,
      end: action.status,
      ...(action.failure ? { failure: scrub(action.failure) } : {}),
    });
  }

  /** Records every write `client` sends, and the end of the actions they start as `tracker` sees them. */
  attach(client: Recordable, who: Connection, tracker?: ActionEnds): () => void {
    client.transport.onWrite = this.hook(who);
    const off = tracker?.onFinished((a) => this.actionEnded(a));
    return () => {
      client.transport.onWrite = null;
      off?.();
    };
  }
}
