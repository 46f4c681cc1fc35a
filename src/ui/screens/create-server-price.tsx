// The create wizard's price line under the review (tui.md, "Costs"): the chosen plan per hour and per month,
// `Price  € 0.032/h · € 23.04/mo  list price`, with the discount that applies named (spot when asked for, the
// account's special discount on the plan's family). A reserved period's discount is named as coming, not
// counted: no call tells it before the service applies it.
import type { ReactNode } from 'react';
import { Text } from 'ink';
import type { Account, Client, Plan } from '../../api/index.js';
import { discountText, planQuote } from '../../rules/costs.js';
import { money, perHour } from '../format.js';
import { useResource } from '../hooks/useResource.js';
import { truncate } from '../text.js';
import { color } from '../theme.js';

interface PriceChoice {
  plan: Plan | null;
  /** the plan's spot discount (fraction) when a spot was asked for, else null */
  spotDiscount: number | null;
  reservedMonths: number | null;
}

/** `€ 0.0224/h · € 16.13/mo  spot −30%`: the line's text, for the review and its tests. */
function priceText(choice: PriceChoice, account: Account | undefined): string {
  if (!choice.plan) return '';
  const q = planQuote(choice.plan, account, { spotDiscount: choice.spotDiscount });
  const named = discountText(q.discounts);
  const reserved = choice.reservedMonths !== null ? ` · reserved ${choice.reservedMonths} months: its discount comes off once the period starts` : '';
  return `${perHour(q.hourly)} · ${money(q.monthly)}/mo  ${named || 'list price'}${reserved}`;
}

export function WizardPrice(props: { client: Client; choice: PriceChoice; width: number }): ReactNode {
  // the account's special discounts; until it answers (or if it cannot), the price without them
  const account = useResource((signal) => props.client.account.get({ signal }));
  const text = priceText(props.choice, account.data ?? undefined);
  if (!text) return null;
  return (
    <Text wrap="truncate">
      <Text color={color('accent')}>Price </Text>
      {truncate(text, Math.max(1, props.width - 6))}
    </Text>
  );
}
