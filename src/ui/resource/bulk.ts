// A key pressed while rows are marked: the rows it cannot apply to are named and skipped before asking, one
// confirmation names how many (y/N, or the number typed for a delete), then the requests go out paced through
// the session's bulk groups (watch/bulk.ts), the marks clear, and the status line says what came of it: once
// every request is answered, and again when the last action has ended, naming which failed and why.

import { BULK_PACE, failureSummary, type BulkGroup } from '../../watch/bulk.js';
import { toTracked } from '../../session/session.js';
import { errorText } from '../hooks/useResource.js';
import { nounOf } from './bindings.js';
import type { BulkSpec, ConfirmSpec, Ctx, ResourceSpec } from './spec.js';

interface BulkPlan<T> {
  go: T[];
  skipped: Array<{ row: T; reason: string }>;
}

/** The bulk version of key `id` on this screen, if it has one. */
export const bulkFor = <T>(spec: Pick<ResourceSpec<T>, 'bulk'>, id: string): BulkSpec<T> | undefined => spec.bulk?.find((b) => b.key === id);

/** Which marked rows the action goes to, and which it skips with the reason. */
export function planBulk<T>(bulk: BulkSpec<T>, rows: readonly T[], ctx: Ctx): BulkPlan<T> {
  const plan: BulkPlan<T> = { go: [], skipped: [] };
  for (const row of rows) {
    const reason = bulk.refuse?.(row, ctx) ?? null;
    if (reason === null) plan.go.push(row);
    else plan.skipped.push({ row, reason });
  }
  return plan;
}

const countOf = (n: number, singular: string): string => `${n} ${nounOf(singular)}${n === 1 ? '' : 's'}`;

const capital = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/** `Skipped, not sent: ec206901 is already off; …`: the rows left out, the first few by their reason. */
export function skippedText<T>(plan: BulkPlan<T>, max = 4): string {
  if (plan.skipped.length === 0) return '';
  const named = plan.skipped.slice(0, max).map((s) => s.reason);
  if (plan.skipped.length > max) named.push(`and ${plan.skipped.length - max} more`);
  return `Skipped, not sent (${plan.skipped.length}): ${named.join('; ')}.`;
}

/**
 * `Servers: web-1 (ec206901), web-2 (ec206902) and 3 more.`: the rows a confirmation is about, by name, so
 * that a yes never goes to rows marked long ago and scrolled out of sight. The first `max` are named.
 */
export function goingText(names: readonly string[], noun: string, max = 6): string {
  if (names.length === 0) return '';
  const shown = names.slice(0, max);
  const rest = names.length - shown.length;
  const list = rest > 0 ? `${shown.join(', ')} and ${rest} more` : shown.length === 1 ? shown[0] : `${shown.slice(0, -1).join(', ')} and ${shown[shown.length - 1]}`;
  return `${capital(noun)}: ${list}.`;
}

/** What the status line says once every request of a group is answered, and once its last action ended. */
function groupReport(g: BulkGroup, verb: string, noun: string, last: boolean): { kind: 'info' | 'error'; text: string } {
  const failed = g.failed.length;
  const head = last ? `${capital(verb)}: ${g.ok} of ${g.total} ${noun} done` : `${capital(verb)}: ${g.total - failed} of ${g.total} requests accepted`;
  if (failed === 0) return { kind: 'info', text: `${head}.` };
  return { kind: 'error', text: `${head}, ${failed} failed: ${failureSummary(g.failed)}` };
}

interface BulkHooks {
  /** the marks go once the requests are on their way */
  clearMarks(): void;
  report(kind: 'info' | 'error', text: string): void;
  /** the list loaded again once every request is answered (the rows show `Deleting`, `Off`) */
  refresh(): void;
}

/** The one confirmation of a bulk action over `plan.go`; its yes sends every request, paced. */
export function bulkConfirm<T>(spec: Pick<ResourceSpec<T>, 'singular' | 'label'>, bulk: BulkSpec<T>, plan: BulkPlan<T>, hooks: BulkHooks): ConfirmSpec<T> {
  const n = plan.go.length;
  const what = countOf(n, spec.singular);
  const plural = countOf(2, spec.singular).slice(2);
  return {
    kind: bulk.confirm,
    title: () => (bulk.confirm === 'typed' ? `${capital(bulk.verb)} ${what}` : `${capital(bulk.verb)} ${what}?`),
    // the names on a line of their own, the consequence under them
    consequence: () =>
      [
        goingText(plan.go.map(spec.label), n === 1 ? nounOf(spec.singular) : plural),
        [bulk.consequence, skippedText(plan), `One request per ${nounOf(spec.singular)}, ${BULK_PACE} at a time.`].filter(Boolean).join(' '),
      ].join('\n'),
    name: () => String(n),
    verb: bulk.verb,
    what: () => `${capital(bulk.verb)} ${what}, ${BULK_PACE} at a time`,
    async run(_row, ctx) {
      const items = plan.go.map((row) => ({
        name: spec.label(row),
        send: async () => {
          const a = await bulk.send(row, ctx);
          return a === null ? null : toTracked(a);
        },
      }));
      const { group, sent } = ctx.session.bulk.run(bulk.type, items, errorText);
      hooks.clearMarks();
      const off = ctx.session.bulk.onEnded((g) => {
        if (g.id !== group.id) return;
        off();
        const r = groupReport(g, bulk.verb, plural, true);
        hooks.report(r.kind, r.text);
      });
      void sent.then(() => {
        hooks.refresh();
        if (group.ended) return;
        const r = groupReport(group, bulk.verb, plural, false);
        hooks.report(r.kind, r.text);
      });
      return { message: `${capital(bulk.verb)}: sending ${n} requests, ${BULK_PACE} at a time…`, refresh: false };
    },
  };
}
