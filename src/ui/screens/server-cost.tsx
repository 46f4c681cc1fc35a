// The Cost tab of a server (tui.md, "Costs"): what it costs per hour now by the cost model (rules/costs.ts),
// with every discount that applies named; what this month has cost so far, from the service's own usage report
// (spec 4.11); and the model's prediction for the whole month: the report's figure so far plus the rate now for
// the hours left. The report is asked for when the tab opens, on `r`, and every 5 minutes while it is shown.
// Where the tab has the rows, the months before this one follow as bars, each from that month's report (asked
// for once when the tab opens, and on `r`), back to the month the server was created, at most 12.

import { useMemo, type MutableRefObject, type ReactNode } from 'react';
import { Box, Text } from 'ink';
import type { Server, ServerUsage } from '../../api/index.js';
import { discountText, monthAfter, monthPrediction, monthWindow, QUOTE_MONTH_HOURS } from '../../rules/costs.js';
import type { Session } from '../../session/session.js';
import { money, monthName, perHour } from '../format.js';
import { useScreenControl, type ScreenControl } from '../hooks/screen.js';
import { rateNow, useCostInputs } from '../hooks/useCosts.js';
import { useResource } from '../hooks/useResource.js';
import { displayWidth, padEnd, padStart, safe, wrapText } from '../text.js';
import { color } from '../theme.js';

const COST_REFRESH_MS = 300_000;
const LABEL = 16;
/** the months before this one drawn at most, and the rows the section needs to be drawn at all (title, two bars) */
const PAST_MONTHS = 12;
const MONTHS_MIN_ROWS = 3;
const EIGHTHS = ['', '▏', '▎', '▍', '▌', '▋', '▊', '▉'];

interface CostViewProps {
  session: Session;
  server: Server | undefined;
  /** the power state the detail has read: 'shutoff' gets the offline rate */
  power: string | undefined;
  width: number;
  height: number;
  control: MutableRefObject<ScreenControl | null>;
}

/** `120 h billed, 110 online, 10 offline`: the report's hours for the server. */
function hoursText(u: ServerUsage): string {
  const s = u.summary;
  return s ? `${u.billedHours} h billed, ${s.onlineHour} online, ${s.offlineHour} offline` : `${u.billedHours} h billed`;
}

/** The months before the one of `now`, newest first, back to the one `createdAt` falls in (none before), at most `count`. */
export function pastMonths(createdAt: Date | null, now: number, count: number): Array<{ year: number; month: number }> {
  const out: Array<{ year: number; month: number }> = [];
  const current = monthWindow(now);
  const first = createdAt ? monthWindow(createdAt.getTime()) : null;
  for (let i = 1; i <= count; i++) {
    const m = monthAfter(current, -i);
    if (first && (m.year < first.year || (m.year === first.year && m.month < first.month))) break;
    out.push(m);
  }
  return out;
}

/** A bar `width` cells long for `value` of `max`, to an eighth of a cell: `████▍`, padded with spaces. */
export function hbar(value: number, max: number, width: number): string {
  const eighths = max > 0 && value > 0 ? Math.max(1, Math.round((Math.min(value, max) / max) * width * 8)) : 0;
  const bar = '█'.repeat(Math.floor(eighths / 8)) + EIGHTHS[eighths % 8];
  return bar + ' '.repeat(Math.max(0, width - [...bar].length));
}

/**
 * What the tab's figures are, under them. The key and its words are joined by no-break spaces: a wrap puts
 * `r reads it again` on one line, not `r` at the end of one and `reads it again` at the start of the next.
 */
export const COST_NOTE =
  "the rate is the cost model's (plan price, spot, reserved, offline and special discounts); the month so far is the service's bill; r\u00a0reads\u00a0it\u00a0again";

export function CostView(props: CostViewProps): ReactNode {
  const { session, server, width } = props;
  const inputs = useCostInputs(session);
  const now = session.client.serviceNow().getTime();
  const month = monthWindow(now);
  const report = useResource((signal) => session.client.billing.servers(month.year, month.month, 'json', { signal }), {
    intervalMs: COST_REFRESH_MS,
    deps: [month.year, month.month],
  });

  const inner = Math.max(10, width - 2);
  const lines: Array<{ label: string; text: string; role?: 'dim' | 'error' }> = [];
  const rate = server ? rateNow(session, inputs, server, props.power) : null;
  const thisMonth = monthName(month.year, month.month);
  if (!server) lines.push({ label: 'Rate now', text: 'loading…', role: 'dim' });
  else if (!inputs.plans || !inputs.account) lines.push({ label: 'Rate now', text: 'loading the plans and the account…', role: 'dim' });
  else if (!rate) lines.push({ label: 'Rate now', text: `the plan ${safe(server.plan)} is not in the catalog`, role: 'error' });
  else {
    const discounts = discountText(rate.discounts);
    const off = props.power === 'shutoff' ? 'powered off · ' : '';
    lines.push({ label: 'Rate now', text: `${perHour(rate.hourly)}   ${off}${discounts ? `list ${perHour(rate.list)}, ${discounts}` : 'list price, no discount applies'}` });
    lines.push({ label: 'A full month', text: `${money(rate.hourly * QUOTE_MONTH_HOURS)} at this rate (720 h)` });
  }
  const usage = server ? report.data?.find((u) => u.name === server.name) : undefined;
  if (report.error && !report.data) lines.push({ label: `${thisMonth}`, text: `✗ the usage report could not be read: ${report.error}`, role: 'error' });
  else if (!report.data) lines.push({ label: `${thisMonth}`, text: 'loading the usage report…', role: 'dim' });
  else if (!usage) lines.push({ label: `${thisMonth}`, text: "not in this month's usage report yet", role: 'dim' });
  else lines.push({ label: 'This month', text: `${money(usage.cost)} so far in ${thisMonth} (usage report: ${hoursText(usage)})` });
  if (rate && report.data) {
    const predicted = monthPrediction(rate, now, usage ? usage.cost : null);
    lines.push({ label: 'Predicted', text: `${money(predicted)} for ${thisMonth} (so far, plus the rate now until the month ends)` });
  }
  // nothing is cut: a line longer than the width goes on under itself, past the label column
  const textWidth = Math.max(1, inner - LABEL);
  const figures = lines.flatMap((l) => wrapText(l.text, textWidth).map((piece, i) => ({ key: `${l.label}-${i}`, label: i === 0 ? l.label : '', piece, role: l.role })));
  const note = wrapText(COST_NOTE, inner);
  // the months before this one, under the note where the tab has the rows (a blank line, the title, two
  // months at least): asked for once, and on `r`; a resize shows more or fewer of them
  const monthRows = props.height - figures.length - note.length - 1;
  const earlier = useMemo(() => (server ? pastMonths(server.createdAt, month.from, PAST_MONTHS) : []), [server, month.from]);
  // a server created this month has no month to compare with: no section
  const monthsFit = earlier.length > 0 && monthRows >= MONTHS_MIN_ROWS;
  const past = useResource(
    (signal) => Promise.all(earlier.map((m) => session.client.billing.servers(m.year, m.month, 'json', { signal }).then((items) => items.find((u) => u.name === server?.name) ?? null))),
    { enabled: monthsFit, deps: [server?.name, month.from, earlier.length] },
  );
  useScreenControl(props.control, {
    sortColumns: [],
    defaultSort: null,
    refresh: () => {
      report.refresh();
      past.refresh();
    },
  });
  const byMonth = monthsFit ? monthLines({ now: usage && report.data ? { m: month, usage } : null, earlier, past, rows: monthRows, width: inner }) : [];
  return (
    <Box flexDirection="column" width={width} height={props.height}>
      {figures.map((f) => (
        <Text key={f.key} wrap="truncate">
          {' '}
          <Text color={color('accent')}>{padEnd(f.label, LABEL)}</Text>
          <Text color={color(f.role)}>{f.piece}</Text>
        </Text>
      ))}
      {note.map((piece, i) => (
        <Text key={`note-${i}`} color={color('dim')} wrap="truncate">
          {' '}
          {piece}
        </Text>
      ))}
      {byMonth.length > 0 ? <Text> </Text> : null}
      {byMonth.map((l, i) => (
        <Text key={`month-${i}`} wrap="truncate">
          {' '}
          <Text color={color('accent')}>{padEnd(l.label, LABEL)}</Text>
          {l.bar === undefined ? null : <Text color={color('info')}>{l.bar}</Text>}
          <Text color={color(l.role)}>{l.text}</Text>
        </Text>
      ))}
    </Box>
  );
}

interface MonthLine {
  label: string;
  bar?: string;
  text: string;
  role?: 'dim' | 'error';
}

/**
 * The section of months: its title, then this month (so far) and the months before it, newest first, each a
 * bar scaled to the costliest shown, its cost and billed hours; as many as `rows` hold.
 */
function monthLines(o: {
  now: { m: { year: number; month: number }; usage: ServerUsage } | null;
  earlier: ReadonlyArray<{ year: number; month: number }>;
  past: { data?: Array<ServerUsage | null>; error?: string | null };
  rows: number;
  width: number;
}): MonthLine[] {
  const title: MonthLine = { label: 'By month', text: "the service's usage reports, newest first", role: 'dim' };
  if (o.past.error && !o.past.data) {
    // wrapped, not cut: the service's message whole, as far as the rows go
    const message = wrapText(`✗ the usage reports of earlier months could not be read: ${safe(o.past.error)}`, Math.max(1, o.width - LABEL));
    return [title, ...message.slice(0, Math.max(1, o.rows - 1)).map((text): MonthLine => ({ label: '', text, role: 'error' }))];
  }
  if (!o.past.data) return [title, { label: '', text: 'loading the usage reports of earlier months…', role: 'dim' }];
  const shown: Array<{ m: { year: number; month: number }; usage: ServerUsage | null; soFar: boolean }> = [];
  if (o.now) shown.push({ m: o.now.m, usage: o.now.usage, soFar: true });
  o.earlier.forEach((m, i) => shown.push({ m, usage: o.past.data?.[i] ?? null, soFar: false }));
  const rows = shown.slice(0, Math.max(0, o.rows - 1));
  const max = Math.max(0, ...rows.map((r) => r.usage?.cost ?? 0));
  const figure = (r: (typeof rows)[number]) =>
    r.usage ? ` ${padStart(money(r.usage.cost), 11)}  ${padStart(`${r.usage.billedHours} h`, 6)}${r.soFar ? ' so far' : ''}` : ` ${padStart('—', 11)}  not in that month's report`;
  const figureWidth = Math.max(...rows.map((r) => displayWidth(figure(r))));
  const barWidth = Math.max(4, Math.min(80, o.width - LABEL - figureWidth));
  return [title, ...rows.map((r) => ({ label: monthName(r.m.year, r.m.month), bar: hbar(r.usage?.cost ?? 0, max, barWidth), text: figure(r), role: r.usage ? undefined : ('dim' as const) }))];
}
