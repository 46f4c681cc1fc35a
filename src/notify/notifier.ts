// Word to the desktop when long work ends. An action that ran at least the threshold (10 s by default), on
// the service's own clock (its started_at to its completed_at; the dashboard's clock from when it first saw
// it only when the service gave no times), is notified when it ends: OSC 9 (iTerm2, WezTerm, Windows
// Terminal, kitty, ghostty) and OSC 777 (rxvt, foot, VTE terminals), wrapped for tmux's passthrough inside
// tmux; or a bell alone; or nothing (profile settings). Once per action, whoever started it; a bulk action
// (watch/bulk.ts, `followBulk`) notifies once, when the last of its requests ends. Plain TypeScript: the UI
// gives it the terminal to write to, the settings and the words for a resource.

import type { NotifySettings } from '../config/settings.js';
import type { TrackedAction } from '../watch/tracker.js';
import { safe } from '../ui/text.js';

const ESC = '\u001b';
const BEL = '\u0007';
/** one line with no control character (an ESC or BEL would end the sequence), at most 200 characters */
const clean = (text: string): string => safe(text).slice(0, 200);

/** OSC 9 and OSC 777 for `body`, each wrapped for tmux's passthrough when `tmux` (inner ESCs doubled). */
export function notificationSequence(title: string, body: string, tmux: boolean): string {
  const seqs = [`${ESC}]9;${clean(`${title}: ${body}`)}${BEL}`, `${ESC}]777;notify;${clean(title).replace(/;/g, ',')};${clean(body)}${BEL}`];
  return seqs.map((s) => (tmux ? tmuxWrap(s) : s)).join('');
}

/** `ESC P tmux; … ESC \`, every ESC inside doubled: tmux hands it to the outer terminal (allow-passthrough on). */
export function tmuxWrap(seq: string): string {
  return `${ESC}Ptmux;${seq.replace(/\u001b/g, ESC + ESC)}${ESC}\\`;
}

interface NotifierSink {
  /** writes to the terminal */
  write(text: string): void;
  settings(): NotifySettings;
  /** inside tmux (TMUX set) */
  tmux(): boolean;
  /** what the action acts on, as the panel names it */
  name(a: TrackedAction): string;
}

/** Span of an action in ms: the service's times, else the dashboard's. */
function span(a: TrackedAction): { start: number; end: number } {
  if (typeof a.startedAt === 'number' && typeof a.completedAt === 'number' && a.completedAt >= a.startedAt) return { start: a.startedAt, end: a.completedAt };
  return { start: a.firstSeenAt, end: a.finishedAt ?? a.firstSeenAt };
}

const words = (type: string): string => type.replace(/_/g, ' ');

/** What the notifier needs of the bulk groups (watch/bulk.ts): which group an action is in, and each group's end. */
interface BulkSource {
  groupOf(actionId: number): { id: number } | undefined;
  onEnded(listener: (g: { id: number; type: string; total: number; ok: number; failed: readonly unknown[] }) => void): () => void;
}

export class Notifier {
  private sink: NotifierSink | null = null;
  private bulkOf: ((actionId: number) => number | undefined) | null = null;
  /** a bulk group's span so far (its actions' earliest start and latest end) */
  private readonly bulkSpans = new Map<number, { start: number; end: number }>();
  private readonly done = new Set<number>();

  /** The UI gives the terminal; with none attached, nothing is written. Returns the detach. */
  attach(sink: NotifierSink): () => void {
    this.sink = sink;
    return () => {
      if (this.sink === sink) this.sink = null;
    };
  }

  /**
   * Bulk actions sent from marked rows: none of their actions is told alone; the group is told once, when the
   * last of its requests is answered and its last action has ended (`power off ×5: 4 done, 1 failed`).
   * Give the tracker's finished actions to this notifier before the bulk groups see them (session.ts does).
   */
  followBulk(bulk: BulkSource): () => void {
    this.bulkOf = (id) => bulk.groupOf(id)?.id;
    return bulk.onEnded((g) => {
      const sp = this.bulkSpans.get(g.id);
      this.bulkSpans.delete(g.id);
      const outcome = g.failed.length === 0 ? 'done' : `${g.ok} done, ${g.failed.length} failed`;
      this.say(sp ? sp.end - sp.start : 0, outcome, `${words(g.type)} ×${g.total}`);
    });
  }

  /** The tracker's onFinished: called once per finished action. */
  finished(a: TrackedAction): void {
    if (this.done.has(a.id)) return;
    this.done.add(a.id);
    if (this.done.size > 2000) this.done.delete(this.done.values().next().value!);
    const { start, end } = span(a);
    const bulk = this.bulkOf?.(a.id);
    if (bulk !== undefined) {
      const sp = this.bulkSpans.get(bulk);
      this.bulkSpans.set(bulk, { start: Math.min(sp?.start ?? start, start), end: Math.max(sp?.end ?? end, end) });
      return;
    }
    this.say(end - start, a.status === 'failed' ? 'failed' : 'done', `${words(a.type)} ${this.sink?.name(a) ?? a.resource}`);
  }

  private say(ms: number, outcome: string, what: string): void {
    const sink = this.sink;
    if (!sink) return;
    const { mode, afterSeconds } = sink.settings();
    if (mode === 'off' || ms < afterSeconds * 1000) return;
    if (mode === 'bell') return sink.write(BEL);
    sink.write(notificationSequence('ecsdeck', `${what}: ${outcome}`, sink.tmux()));
  }
}
