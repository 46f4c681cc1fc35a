// The create-server wizard of tui.md: plan → location → image → notes → review, with the extras behind `x` on
// the review. State lives in one reducer (create-server/state.ts); the lists come from the service
// (create-server/choices.ts); this file wires the two to the screen and sends the request.
//
// The shell mounts it on `c` in place of the body and hands it every key while it is open: esc here means
// "one step back" (on the first step and on the review it calls onCancel), so the shell must not treat esc
// itself while the wizard is active.
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Box, Text } from 'ink';
import { HoldKeys, PRIORITY, useKeys } from '../keys.js';
import type { Client, CreatedServer, Plan } from '../../api/index.js';
import { ChoiceList } from '../components/ChoiceList.js';
import { ScrollLines, scrollStep } from '../components/Scroll.js';
import { TextInput } from '../components/TextInput.js';
import { matchBinding } from '../keymap.js';
import { displayWidth, truncate } from '../text.js';
import { color, colorEnabled } from '../theme.js';
import { formatGpu, formatRam, imageChoices, locationChoices, percent, planChoices, spotDiscountOf } from './create-server/choices.js';
import { ExtrasStep, KeyCatcher, extrasHint, type ExtrasLists } from './create-server/extras.js';
import { describeFailure, useRemote, type Remote } from './create-server/remote.js';
import { wizardIdle } from './create-server/hints.js';
import { useIdleKeys, type Nav } from '../hooks/screen.js';
import { STEPS, buildInput, initialWizardState, reviewLines, wizardReducer, type WizardAction, type WizardPreset, type WizardState } from './create-server/state.js';

export { wizardReducer, initialWizardState } from './create-server/state.js';
export type { WizardAction, WizardPreset, WizardState } from './create-server/state.js';

export interface CreateServerWizardProps {
  client: Client;
  width: number;
  height: number;
  readOnly?: boolean;
  /** The service accepted the request: the server exists (Booting) and `created.actionId` is its create action. */
  onCreated(created: CreatedServer): void;
  onCancel(): void;
  isActive?: boolean;
  /** opens with this plan chosen (`c` on a plan) or this image (a server from a template) */
  preset?: WizardPreset;
  /** the shell's footer: told which keys do nothing on the step shown (create-server/hints.ts) */
  nav?: Pick<Nav, 'idle'>;
}

const NO_NAV: Pick<Nav, 'idle'> = { idle: () => undefined };

/**
 * The reducer kept in a ref as well as in React state: several keys of one chunk each see the state the one
 * before left, and a handler learns at once whether its action was taken (a refused value, a send started).
 */
function useWizard(initial: () => WizardState = initialWizardState): [WizardState, (action: WizardAction) => WizardState] {
  const ref = useRef<WizardState | null>(null);
  ref.current ??= initial();
  const [state, setState] = useState<WizardState>(ref.current);
  const dispatch = useCallback((action: WizardAction): WizardState => {
    const next = wizardReducer(ref.current!, action);
    if (next !== ref.current) {
      ref.current = next;
      setState(next);
    }
    return next;
  }, []);
  return [state, dispatch];
}

const SPINNER = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

/** Turns only while mounted, which is only while a request is out: no timer otherwise. */
function Spinner(): ReactNode {
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
function Breadcrumb(props: { state: WizardState; width: number }): ReactNode {
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

function Pending(props: { remote: Remote<unknown>; what: string; isActive: boolean; onBack(): void }): ReactNode {
  const failed = props.remote.error !== undefined;
  return (
    <Box flexDirection="column">
      {failed ? (
        <>
          <Text color={color('error')} wrap="wrap">
            ✗ could not load the {props.what}: {props.remote.error}
          </Text>
          <Text color={color('dim')}>⏎ retry</Text>
        </>
      ) : (
        <Text color={color('dim')}>loading the {props.what}…</Text>
      )}
      <KeyCatcher isActive={props.isActive} loading={!failed} onBack={props.onBack} onRetry={failed ? props.remote.retry : undefined} />
    </Box>
  );
}

function planSummary(state: WizardState): string {
  const p = state.plan;
  if (!p) return '';
  const parts = [p.name, `${p.cpu} vCPU`, `${formatRam(p.ram)} RAM`, `${p.disk} GB disk`];
  if (p.gpu > 0) parts.push(formatGpu(p));
  parts.push(`${p.hourlyPrice}/h`, `${p.monthlyPrice}/mo`);
  if (state.extras.spot && state.spotDiscount !== null) parts.push(`spot −${percent(state.spotDiscount)}`);
  if (state.extras.reservedMonths !== null) parts.push(`reserved ${state.extras.reservedMonths} months`);
  return parts.join(' · ');
}

function ReviewStep(props: {
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
      // Two ⏎ in one chunk arrive as one "\r\r" event without the return flag.
      if (key.return || /^[\r\n]+$/.test(input)) props.onSend();
      else if (key.escape) props.onCancel();
      else {
        const rows = linesRef.current.length > room ? room - 1 : room;
        const next = scrollStep(offsetRef.current, linesRef.current.length, rows, input, key);
        if (next !== null) {
          if (next !== offsetRef.current) setOffset(next);
          return;
        }
        const id = matchBinding(['create-server'], input, key);
        if (id === 'wizard.extras') props.onExtras();
        else if (id === 'wizard.back') props.onBack();
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

function hintFor(state: WizardState, readOnly: boolean, reviewScrolls = false): string {
  switch (state.step) {
    case 'plan':
      return 'type to filter  ↑↓ move  ⏎ choose  esc cancel';
    case 'location':
    case 'image':
      return 'type to filter  ↑↓ move  ⏎ choose  esc back';
    case 'notes':
      return '⏎ go on  esc back';
    case 'review':
      if (state.sending) return 'waiting for the service…';
      if (state.created !== null) return '';
      return `${readOnly ? '' : '⏎ create  '}${reviewScrolls ? '↑↓ PgUp PgDn scroll  ' : ''}x extras  ← notes  esc cancel`;
    case 'extras':
      return extrasHint(state);
  }
}

export function CreateServerWizard(props: CreateServerWizardProps): ReactNode {
  const { client, width, height } = props;
  const readOnly = props.readOnly === true;
  const active = props.isActive !== false;
  const [state, dispatch] = useWizard(() => initialWizardState(props.preset));
  useIdleKeys(props.nav ?? NO_NAV, 'wizard', wizardIdle(state));
  const propsRef = useRef(props);
  propsRef.current = props;
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  // The catalog is asked for at once and in parallel, so later steps open without waiting.
  const plans = useRemote((signal) => client.catalog.plans({ signal }), 'plans');
  const spotPlans = useRemote((signal) => client.catalog.spotPlans({ signal }), 'spotPlans');
  const availability = useRemote((signal) => client.catalog.availability({ signal }), 'availability');
  const images = useRemote((signal) => client.catalog.images({ signal }), 'images');
  const templates = useRemote((signal) => client.templates.list({ signal }), 'templates');
  const planName = state.plan?.name ?? null;
  const regions = useRemote(planName === null ? null : (signal) => client.catalog.regionsFor(planName, { signal }), `regions:${planName ?? ''}`);

  // The extras' lists only once the user opens them; then they stay.
  const extrasOpened = useRef(false);
  if (state.step === 'extras') extrasOpened.current = true;
  const want = extrasOpened.current;
  const lists: ExtrasLists = {
    sshKeys: useRemote(want ? (signal) => client.sshKeys.list({ signal }) : null, 'sshKeys'),
    scripts: useRemote(want ? (signal) => client.scripts.list({ signal }) : null, 'scripts'),
    groups: useRemote(want ? (signal) => client.groups.list({ signal }) : null, 'groups'),
    networks: useRemote(want ? (signal) => client.networks.list({ signal }) : null, 'networks'),
    servers: useRemote(want ? (signal) => client.servers.list({ signal }) : null, 'servers'),
  };

  const back = () => dispatch({ type: 'back' });
  const cancel = () => propsRef.current.onCancel();

  const send = () => {
    const next = dispatch({ type: 'send', readOnly });
    if (!next.sending) return;
    // Never retried by the client (a retry could make two servers), never aborted here (the answer says
    // whether a server exists): a late answer still reaches the shell even if the wizard was closed.
    client.servers.create(buildInput(next)).then(
      (created) => {
        if (mounted.current) dispatch({ type: 'sent', server: created.server.name, actionId: created.actionId });
        propsRef.current.onCreated(created);
      },
      (err: unknown) => {
        if (mounted.current) dispatch({ type: 'sendFailed', ...describeFailure(err) });
      },
    );
  };

  // A plan that came with the wizard is chosen as soon as the plans (and their spot discounts) are in; one
  // that cannot be chosen now (unknown, not available) leaves the plan list open on it.
  const presetPlan = useRef(props.preset?.plan);
  useEffect(() => {
    const name = presetPlan.current;
    if (name === undefined || plans.data === undefined || spotPlans.loading) return;
    presetPlan.current = undefined;
    const plan = plans.data.find((p: Plan) => p.name === name);
    if (plan && plan.available) dispatch({ type: 'choosePlan', plan, spotDiscount: spotDiscountOf(plan, spotPlans.data) });
  }, [plans.data, spotPlans.loading, spotPlans.data, dispatch]);

  // a template the wizard came with greys out the plans whose disk cannot hold it
  const presetImage = state.presetImage ? state.image : null;
  const planItems = useMemo(() => (plans.data ? planChoices(plans.data, spotPlans.data, presetImage) : []), [plans.data, spotPlans.data, presetImage]);
  const imageItems = useMemo(
    () => (state.plan && images.data ? imageChoices(state.plan, images.data, templates.data) : []),
    [state.plan, images.data, templates.data],
  );
  const locationItems = useMemo(
    () => (state.plan && regions.data ? locationChoices(state.plan, regions.data, availability.data, state.spotDiscount) : []),
    [state.plan, regions.data, availability.data, state.spotDiscount],
  );

  // A refusal is shown whole, to the letter, however long: the body gives up the lines it needs.
  const problem = state.sending || state.created !== null ? null : state.step === 'review' ? state.error : state.message;
  const UNCERTAIN = ' — the server may exist anyway: check the list before trying again';
  const problemText = problem === null ? '' : `✗ ${problem}${state.uncertain ? UNCERTAIN : ''}`;
  const rawLines = Math.ceil(displayWidth(problemText) / Math.max(1, width));
  // Word wrapping can take one line more than the plain division says.
  const problemLines = problem === null ? 1 : Math.min(Math.max(1, height - 8), rawLines > 1 ? rawLines + 1 : 1);
  const bodyHeight = Math.max(4, height - 3 - problemLines);
  const rows = Math.max(1, bodyHeight - 3);
  let body: ReactNode;
  switch (state.step) {
    case 'plan': {
      // Spot discounts are part of choosing a plan, so the list waits for them (a failure just means none).
      const ready = plans.data !== undefined && !spotPlans.loading;
      body = !ready ? (
        <Pending remote={plans} what="plans" isActive={active} onBack={cancel} />
      ) : (
        <Box flexDirection="column">
          <Text bold={colorEnabled()}>Plan</Text>
          <ChoiceList
            key="plan"
            items={planItems}
            initialValue={state.plan?.name ?? props.preset?.plan}
            height={rows}
            width={width}
            isActive={active}
            placeholder="type to filter: a name, 16 GB, RTX, …"
            onSelect={(c) => {
              const plan = plans.data!.find((p: Plan) => p.name === c.value)!;
              dispatch({ type: 'choosePlan', plan, spotDiscount: spotDiscountOf(plan, spotPlans.data) });
            }}
            onCancel={cancel}
          />
        </Box>
      );
      break;
    }
    case 'location':
      body =
        regions.data === undefined ? (
          <Pending remote={regions} what={`regions of ${planName ?? 'the plan'}`} isActive={active} onBack={back} />
        ) : (
          <Box flexDirection="column">
            <Text bold={colorEnabled()} wrap="truncate">
              Location <Text color={color('dim')}>where {planName} can be created now</Text>
            </Text>
            <ChoiceList
              key={`location:${planName ?? ''}`}
              items={locationItems}
              initialValue={state.location ?? undefined}
              height={rows}
              width={width}
              isActive={active}
              placeholder="type to filter"
              emptyText={locationItems.length === 0 ? `${planName ?? 'this plan'} cannot be created anywhere now` : undefined}
              onSelect={(c) => dispatch({ type: 'chooseLocation', location: c.value })}
              onCancel={back}
            />
          </Box>
        );
      break;
    case 'image': {
      const ready = images.data !== undefined && !templates.loading;
      body = !ready ? (
        <Pending remote={images} what="images" isActive={active} onBack={back} />
      ) : (
        <Box flexDirection="column">
          <Text bold={colorEnabled()} wrap="truncate">
            Image <Text color={color('dim')}>public images and your templates</Text>
            {templates.error !== undefined ? <Text color={color('error')}> (your templates could not be loaded: {templates.error})</Text> : null}
          </Text>
          <ChoiceList
            key={`image:${planName ?? ''}`}
            items={imageItems}
            initialValue={imageItems.find((c) => c.value.name === state.image?.name)?.value}
            height={rows}
            width={width}
            isActive={active}
            placeholder="type to filter"
            onSelect={(c) => dispatch({ type: 'chooseImage', image: c.value })}
            onCancel={back}
          />
        </Box>
      );
      break;
    }
    case 'notes':
      body = (
        <Box flexDirection="column">
          <Text bold={colorEnabled()} wrap="truncate">
            Notes <Text color={color('dim')}>the server’s label in the list (required)</Text>
          </Text>
          <Box>
            <Text color={color('accent')}>{'> '}</Text>
            <TextInput
              key="notes"
              defaultValue={state.notes}
              select
              placeholder="e.g. web-3"
              width={Math.max(1, width - 2)}
              isActive={active}
              onChange={(notes) => dispatch({ type: 'setNotes', notes })}
              onSubmit={(notes) => dispatch({ type: 'submitNotes', notes })}
              onCancel={back}
            />
          </Box>
        </Box>
      );
      break;
    case 'review':
      body = (
        <ReviewStep
          state={state}
          width={width}
          height={bodyHeight}
          readOnly={readOnly}
          isActive={active}
          onSend={send}
          onExtras={() => dispatch({ type: 'openExtras' })}
          onBack={back}
          onCancel={cancel}
        />
      );
      break;
    case 'extras':
      body = <ExtrasStep state={state} dispatch={dispatch} lists={lists} availability={availability.data} width={width} height={bodyHeight} isActive={active} />;
      break;
  }

  return (
    <Box flexDirection="column" width={width} height={height}>
      <Breadcrumb state={state} width={width} />
      <Text> </Text>
      <Box flexDirection="column" height={bodyHeight} overflow="hidden">
        {body}
      </Box>
      {state.sending ? (
        <Text wrap="truncate">
          <Spinner /> creating the server…
        </Text>
      ) : state.created !== null ? (
        <Text color={color('ok')} wrap="truncate">
          ✓ {state.created.server} is being created (action {state.created.actionId})
        </Text>
      ) : problem !== null ? (
        <Box height={problemLines} overflow="hidden">
          <Text color={color('error')} wrap="wrap">
            ✗ {problem}
            {state.uncertain ? <Text color={color('warn')}>{UNCERTAIN}</Text> : null}
          </Text>
        </Box>
      ) : (
        <Text> </Text>
      )}
      <Text color={color('dim')} wrap="truncate">
        {hintFor(state, readOnly, state.step === 'review' && reviewLines(state, width).length > Math.max(2, bodyHeight - 2))}
      </Text>
    </Box>
  );
}
