// The Cost tab of a server (tui.md, "Costs"): what it costs per hour now by the cost model (rules/costs.ts),
// with every discount that applies named; what this month has cost so far, from the service's own usage report
// (spec 4.11); and the model's prediction for the whole month: the report's figure so far plus the rate now for
// the hours left. The report is asked for when the tab opens, on `r`, and every 5 minutes while it is shown.

import type { MutableRefObject, ReactNode } from 'react';
import { Box, Text } from 'ink';
import type { Server, ServerUsage } from '../../api/index.js';
import { discountText, monthPrediction, monthWindow, QUOTE_MONTH_HOURS } from '../../rules/costs.js';
import type { Session } from '../../session/session.js';
import { money, perHour } from '../format.js';
import { useScreenControl, type ScreenControl } from '../hooks/screen.js';
import { rateNow, useCostInputs } from '../hooks/useCosts.js';
import { useResource } from '../hooks/useResource.js';
import { padEnd, safe, wrapText } from '../text.js';
import { color } from '../theme.js';

const COST_REFRESH_MS = 300_000;
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const LABEL = 16;

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
  useScreenControl(props.control, { sortColumns: [], defaultSort: null, refresh: report.refresh });

  const inner = Math.max(10, width - 2);
  const lines: Array<{ label: string; text: string; role?: 'dim' | 'error' }> = [];
  const rate = server ? rateNow(session, inputs, server, props.power) : null;
  const monthName = `${MONTHS[month.month - 1]} ${month.year}`;
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
  if (report.error && !report.data) lines.push({ label: `${monthName}`, text: `✗ the usage report could not be read: ${report.error}`, role: 'error' });
  else if (!report.data) lines.push({ label: `${monthName}`, text: 'loading the usage report…', role: 'dim' });
  else if (!usage) lines.push({ label: `${monthName}`, text: "not in this month's usage report yet", role: 'dim' });
  else lines.push({ label: 'This month', text: `${money(usage.cost)} so far in ${monthName} (usage report: ${hoursText(usage)})` });
  if (rate && report.data) {
    const predicted = monthPrediction(rate, now, usage ? usage.cost : null);
    lines.push({ label: 'Predicted', text: `${money(predicted)} for ${monthName} (so far, plus the rate now until the month ends)` });
  }
  // nothing is cut: a line longer than the width goes on under itself, past the label column
  const textWidth = Math.max(1, inner - LABEL);
  return (
    <Box flexDirection="column" width={width} height={props.height}>
      {lines.flatMap((l) =>
        wrapText(l.text, textWidth).map((piece, i) => (
          <Text key={`${l.label}-${i}`} wrap="truncate">
            {' '}
            <Text color={color('accent')}>{padEnd(i === 0 ? l.label : '', LABEL)}</Text>
            <Text color={color(l.role)}>{piece}</Text>
          </Text>
        )),
      )}
      {wrapText(COST_NOTE, inner).map((piece, i) => (
        <Text key={`note-${i}`} color={color('dim')} wrap="truncate">
          {' '}
          {piece}
        </Text>
      ))}
    </Box>
  );
}
