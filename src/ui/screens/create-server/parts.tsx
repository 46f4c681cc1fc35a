// The parts of the create-server wizard's screen around its fields: the breadcrumb of steps, the review of
// the request, a list still loading, the spinner while the request is out, and the hint line of each step.
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Box, Text } from 'ink';
import { HoldKeys, PRIORITY, useKeys } from '../../keys.js';
import { ScrollLines, scrollStep } from '../../components/Scroll.js';
import { CORE_KEYS } from '../../keymap.js';
import { displayWidth, truncate } from '../../text.js';
import { color, colorEnabled } from '../../theme.js';
import { gigabytes, megabytes } from '../../format.js';
import { formatGpu, percent } from './choices.js';
import { extrasHint } from './extras.js';
import { enterWord } from './hints.js';
import { STEPS, reviewLines, type WizardState } from './state.js';

const SPINNER = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

/** Turns only while mounted, which is only while a request is out: no timer otherwise. */
export function Spinner(): ReactNode {
  const [i, setI] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setI((n) => (n + 1) % SPINNER.length), 80);
    return () => clearInterval(timer);
  }, []);
  return <Text color={color('warn')}>{SPINNER[i]}</Text>;
}

const STEP_NAMES: Record<(typeof STEPS)[number], string> = { plan: 'plan', location: 'location', image: 'image', notes: 'notes', review: 'review' };

function chosen(state: WizardState, step: (typeof STEPS)[number]): string | null {
  switch (step) {
    case 'plan':
      return state.plan?.name ?? null;
    case 'location':
      return state.location;
    case 'image':
      return state.image?.name ?? null;
    case 'notes':
      return state.notes.trim() === '' ? null : `“${truncate(state.notes.trim(), 16)}”`;
    case 'review':
      return null;
  }
}

/** The breadcrumb's text for each step, long (`plan eCS3`) or short (`eCS3`, for narrow terminals). */
function crumbs(state: WizardState, short: boolean): string[] {
  return STEPS.map((step) => {
    // A choice made on a later step than the current one is still shown: going back keeps it.
    const value = chosen(state, step);
    let text = value === null ? STEP_NAMES[step] : short ? value : `${STEP_NAMES[step]} ${value}`;
    if (step === 'review' && state.step === 'extras') text = 'review › extras';
    return text;
  });
}

const TITLE = 'New server  ';
const SEPARATOR = ' › ';

/**
 * `New server  plan eCS3 › location it-fr2 › image … › notes › review`, the current step marked (bold and
 * coloured, or in brackets without colour). Narrow: the chosen values alone, then cut with `…`.
 */
export function Breadcrumb(props: { state: WizardState; width: number }): ReactNode {
  const { state } = props;
  const at = STEPS.indexOf(state.step === 'extras' ? 'review' : state.step);
  const marked = !colorEnabled();
  const fit = (texts: string[]) => displayWidth(TITLE) + texts.reduce((n, t, i) => n + displayWidth(t) + (marked && i === at ? 2 : 0), 0) + SEPARATOR.length * (texts.length - 1);
  let texts = crumbs(state, false);
  if (fit(texts) > props.width) texts = crumbs(state, true);
  return (
    <Text wrap="truncate-end">
      <Text bold={colorEnabled()}>{TITLE.trimEnd()}</Text>
      {'  '}
      {texts.map((text, i) => (
        <Text key={STEPS[i]}>
          <Text color={color('dim')}>{i === 0 ? '' : SEPARATOR}</Text>
          <Text
            bold={i === at && colorEnabled()}
            color={i === at ? color('accent') : i > at && chosen(state, STEPS[i]) === null ? color('dim') : undefined}
          >
            {marked && i === at ? `[${text}]` : text}
          </Text>
        </Text>
      ))}
    </Text>
  );
}

function planSummary(state: WizardState): string {
  const p = state.plan;
  if (!p) return '';
  const parts = [p.name, `${p.cpu} vCPU`, `${megabytes(p.ram)} RAM`, `${gigabytes(p.disk)} disk`];
  if (p.gpu > 0) parts.push(formatGpu(p));
  // no price here: the Price line under it says what this server would cost (`€ 13.68/mo` for eCS1), and the
  // catalog's `14/mo` beside it gave two monthly figures for one plan
  if (state.extras.spot && state.spotDiscount !== null) parts.push(`spot −${percent(state.spotDiscount)}`);
  if (state.extras.reservedMonths !== null) parts.push(`reserved ${state.extras.reservedMonths} months`);
  return parts.join(' · ');
}

export function ReviewStep(props: {
  state: WizardState;
  width: number;
  height: number;
  readOnly: boolean;
  isActive: boolean;
  onSend(): void;
  onExtras(): void;
  onBack(): void;
  onCancel(): void;
}): ReactNode {
  const { state } = props;
  // Once the request is out, the review is only something to read: no second send, no cancel of a server
  // that is already being made.
  const busyRef = useRef(false);
  busyRef.current = state.sending || state.created !== null;
  // a review longer than its rows scrolls (↑↓ PgUp PgDn, g G): nothing of the request is sent unseen
  const lines = useMemo(() => reviewLines(state, props.width), [state, props.width]);
  const room = Math.max(2, props.height - 2);
  const [offset, setOffset] = useState(0);
  const offsetRef = useRef(offset);
  offsetRef.current = offset;
  const linesRef = useRef(lines);
  linesRef.current = lines;
  useKeys(
    (input, key) => {
      if (busyRef.current) return;
      // the review's keys as its footer shows them (create-server/hints.ts): ⏎ sends and esc cancels the wizard
      // (the dialog's submit and cancel), x opens the extras, ← goes back to the notes. (Two ⏎ in one chunk
      // are two keys: the key dispatcher splits them, and the second finds the request out.)
      const id = CORE_KEYS.matchBinding(['dialog', 'create-server'], input, key);
      if (id === 'dialog.submit') props.onSend();
      else if (id === 'dialog.cancel') props.onCancel();
      else if (id === 'wizard.extras') props.onExtras();
      else if (id === 'wizard.back') props.onBack();
      else {
        const rows = linesRef.current.length > room ? room - 1 : room;
        const next = scrollStep(offsetRef.current, linesRef.current.length, rows, input, key);
        if (next !== null && next !== offsetRef.current) setOffset(next);
      }
    },
    { active: props.isActive, priority: PRIORITY.dialog },
  );
  return (
    <Box flexDirection="column" width={props.width}>
      {/* keys typed after ⏎ wait for the answer: they go to the list the wizard closes onto, or back here */}
      {state.sending && props.isActive ? <HoldKeys /> : null}
      <Text wrap="truncate">
        <Text bold={colorEnabled()}>POST /ecs/v2/servers</Text>
        <Text color={color('dim')}> — the request that will be sent</Text>
      </Text>
      <ScrollLines lines={lines} offset={offset} height={room} width={props.width} />
      <Text color={color('dim')} wrap="truncate">
        {planSummary(state)}
      </Text>
    </Box>
  );
}

export function hintFor(state: WizardState, readOnly: boolean, reviewScrolls = false, filtering = false): string {
  const enter = `⏎ ${enterWord(state, filtering, readOnly) ?? ''}`;
  switch (state.step) {
    case 'plan':
      return `type to filter  ↑↓ move  ${enter}  esc ${filtering ? 'clear filter' : 'cancel'}`;
    case 'location':
    case 'image':
      return `type to filter  ↑↓ move  ${enter}  esc ${filtering ? 'clear filter' : 'back'}`;
    case 'notes':
      return `${enter}  esc back`;
    case 'review':
      if (state.sending) return 'waiting for the service…';
      if (state.created !== null) return '';
      // the footer's keys in the footer's order (esc before x and ←: its rank)
      return `${readOnly ? '' : `${enter}  `}${reviewScrolls ? '↑↓ PgUp PgDn scroll  ' : ''}esc cancel  x extras  ← notes`;
    case 'extras':
      return extrasHint(state, filtering);
  }
}

