// What a server is billed under, changed from the keyboard: `R` reserves a period (3, 6 or 12 months, sent as
// the formula `M<months>P<plan>`), `u` sets the support plan (basic, global, or unmanaged, which removes it).
// What the dashboard can tell before asking, it says at once: a spot server cannot be reserved, an
// immutable support plan cannot change. The rest (profile not allowed, downgrade before the plan ends) is the
// service's to say, and its message is shown as it is.
import { MSG, reservedFormula } from '../../rules/index.js';
import { formatDate, serverLabel } from '../format.js';
import { char } from '../keymap.js';
import type { FormSpec, KeySpec } from '../resource/spec.js';
import type { Server } from '../../api/index.js';

const MONTHS = [3, 6, 12] as const;

/** The discount the account already has for `months` on this plan, from a reserved period it holds. */
const knownDiscount = (s: Server, months: number): string => {
  const seen = s.reservedPlans.find((r) => r.reservedMonth === months);
  return seen ? ` · ${seen.discount}% off` : '';
};

function reserveForm<T extends Server>(): FormSpec<T> {
  return {
    title: (s) => `Reserve ${s ? serverLabel(s) : 'server'}`,
    // what cannot be undone comes first: a short terminal keeps only the first line of this
    consequence: (s) =>
      `It cannot be deleted until the period ends, and its support plan can no longer change: a discount for committing it to its plan (${s?.plan ?? ''}).${
        s?.isReserved && s.reservedUntil ? ` It is reserved until ${formatDate(s.reservedUntil)}: a new period starts then.` : ''
      }`,
    fields: (s, { client }) => {
      // each period says the day it ends (from the current reservation's end, if it has one), so the lock is
      // in the list itself however little room the explanation above it gets
      const from = s?.isReserved && s.reservedUntil && s.reservedUntil.getTime() > client.serviceNow().getTime() ? s.reservedUntil : client.serviceNow();
      const until = (m: number) => {
        const d = new Date(from.getTime());
        d.setUTCMonth(d.getUTCMonth() + m);
        return formatDate(d).slice(0, 10);
      };
      return [
        {
          id: 'months',
          label: 'Period',
          kind: 'choice',
          initial: '12',
          choices: MONTHS.map((m) => ({ value: String(m), label: `${m} months`, description: `${reservedFormula(m, s?.plan ?? '')} · no delete until ${until(m)}${s ? knownDiscount(s, m) : ''}` })),
        },
      ];
    },
    verb: 'reserve',
    async submit(values, { client }, s) {
      const formula = reservedFormula(Number(values.months), s!.plan);
      const period = await client.servers.addReserved(s!.name, formula);
      return { message: `${serverLabel(s!)} reserved for ${period.reservedMonth} months at ${period.discount}% off, until ${formatDate(period.endDate)} UTC.` };
    },
  };
}

const SUPPORT = [
  { value: 'basic', label: 'basic', description: 'basic support' },
  { value: 'global', label: 'global', description: 'global support' },
  { value: 'unmanaged', label: 'unmanaged', description: 'no support plan' },
];

function supportForm<T extends Server>(): FormSpec<T> {
  return {
    title: (s) => `Support plan of ${s ? serverLabel(s) : 'server'}`,
    consequence: (s) =>
      `Now: ${s?.support && !s.support.cancelled ? `${s.support.title} (${s.support.code}) since ${formatDate(s.support.start)}` : 'unmanaged'}. ${
        s?.support?.mayDowngrade === false ? 'A downgrade is possible only once the current plan has run its term.' : 'The service refuses a downgrade before the current plan has run its term.'
      }`,
    fields: (s) => [{ id: 'code', label: 'Support', kind: 'choice', initial: s?.support && !s.support.cancelled ? s.support.code : 'unmanaged', choices: SUPPORT }],
    verb: 'set it',
    async submit(values, { client }, s) {
      const code = String(values.code);
      const current = s!.support && !s!.support.cancelled ? s!.support.code : 'unmanaged';
      if (code === current) return { message: 'Nothing changed.', refresh: false };
      if (code === 'unmanaged') {
        await client.servers.removeSupport(s!.name);
        return { message: `${serverLabel(s!)} is unmanaged now: no support plan.` };
      }
      const plan = await client.servers.setSupport(s!.name, code as 'basic' | 'global');
      return { message: `${serverLabel(s!)}: ${plan.title} (${plan.code}) from ${formatDate(plan.start)}.` };
    },
  };
}

/** A spot server can be reclaimed at any time: a reservation would promise what the spot cannot keep. */
function reserveRefusal(s: Server): string | null {
  if (s.spot && s.spot.status !== 'promoted') return `${serverLabel(s)} is a spot server: promote it (S) before reserving it`;
  return null;
}

function supportRefusal(s: Server): string | null {
  return s.support?.immutable ? `${serverLabel(s)}: ${MSG.supportImmutableEdit}` : null;
}

/** The keys, for any row that is a server (the list's rows carry their power state besides). */
export function termKeys<T extends Server>(notDeleting: (s: T) => string | null): KeySpec<T>[] {
  return [
    { id: 'servers.reserve', keys: ['R'], match: char('R'), description: 'reserve the selected server for 3, 6 or 12 months at a discount', rank: 29, write: true, refuse: (s) => notDeleting(s) ?? reserveRefusal(s), run: (s, ctx) => ctx.open({ kind: 'form', form: reserveForm<T>(), row: s }) },
    { id: 'servers.support', keys: ['u'], match: char('u'), description: 'change or cancel the support plan of the selected server', rank: 30, write: true, refuse: (s) => notDeleting(s) ?? supportRefusal(s), run: (s, ctx) => ctx.open({ kind: 'form', form: supportForm<T>(), row: s }) },
  ];
}
