// The create-server wizard of tui.md: plan → location → image → notes → review, with the extras behind `x` on
// the review. State lives in one reducer (create-server/state.ts); each step is a form of one field over the
// form reducer every form uses (create-server/step-form.tsx); the lists come from the service
// (create-server/choices.ts); this file wires them to the screen and sends the typed input to the client,
// which builds the request body.
//
// The shell mounts it on `c` in place of the body and hands it every key while it is open: esc here means
// "one step back" (on the first step and on the review it calls onCancel), so the shell must not treat esc
// itself while the wizard is active.
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Box, Text } from 'ink';
import type { Client, CreatedServer, Plan } from '../../api/index.js';
import { displayWidth, truncate, wrapText } from '../text.js';
import { color, colorEnabled } from '../theme.js';
import { imageChoices, locationChoices, planChoices, spotDiscountOf } from './create-server/choices.js';
import { ExtrasStep, type ExtrasLists } from './create-server/extras.js';
import { Breadcrumb, ReviewStep, Spinner, hintFor } from './create-server/parts.js';
import { Pending } from './create-server/pending.js';
import { describeFailure, useRemote } from './create-server/remote.js';
import { enterWord, wizardIdle } from './create-server/hints.js';
import { StepForm, keyed } from './create-server/step-form.js';
import type { FieldSpec } from '../resource/spec.js';
import { NO_NAV, useIdleKeys, type Nav } from '../hooks/screen.js';
import { WizardPrice } from './create-server-price.js';
import { buildInput, initialWizardState, reviewLines, wizardReducer, type ImagePick, type WizardAction, type WizardPreset, type WizardState } from './create-server/state.js';

interface CreateServerWizardProps {
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

/** The plan, location and image steps: a choice of the one form system, its filter typed, ⏎ takes. */
const STEP_CHOICE = { label: 'choice', kind: 'choice', optional: true } as const satisfies Partial<FieldSpec>;
const imageKey = (i: Pick<ImagePick, 'kind' | 'name'>): string => `${i.kind}:${i.name}`;

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

export function CreateServerWizard(props: CreateServerWizardProps): ReactNode {
  const { client, width, height } = props;
  const readOnly = props.readOnly === true;
  const active = props.isActive !== false;
  const [state, dispatch] = useWizard(() => initialWizardState(props.preset));
  // the list of the step shown holds a typed filter: esc clears it first, and the hints say so
  const [filtering, setFiltering] = useState(false);
  useIdleKeys(props.nav ?? NO_NAV, 'wizard', wizardIdle(state, filtering, readOnly), { 'dialog.submit': enterWord(state, filtering, readOnly) });
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
  const imageKeys = useMemo(
    () => keyed(state.plan && images.data ? imageChoices(state.plan, images.data, templates.data) : [], imageKey),
    [state.plan, images.data, templates.data],
  );
  const locationItems = useMemo(
    () => (state.plan && regions.data ? locationChoices(state.plan, regions.data, availability.data, state.spotDiscount) : []),
    [state.plan, regions.data, availability.data, state.spotDiscount],
  );

  // A refusal is shown whole, to the letter, as far as the lines the body can give up (all but eight); past
  // them it ends in …, and the warning after an answer lost always follows it whole.
  const problem = state.sending || state.created !== null ? null : state.step === 'review' ? state.error : state.message;
  const UNCERTAIN = ' — the server may exist anyway: check the list before trying again';
  const warning = state.uncertain ? UNCERTAIN : '';
  const problemRows = Math.max(1, height - 8);
  const shown = problem === null ? '' : problemShown(`✗ ${problem}`, warning, width, problemRows);
  const wrapped = problem === null ? 1 : wrapText(shown + warning, Math.max(1, width)).length;
  // Ink's wrapping can take one line more than ours.
  const problemLines = Math.min(problemRows, wrapped > 1 ? wrapped + 1 : 1);
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
          <StepForm
            key="plan"
            field={{ ...STEP_CHOICE, id: 'plan', choices: planItems, initial: state.plan?.name ?? props.preset?.plan, placeholder: 'type to filter: a name, 16 GB, RTX, …' }}
            height={rows + 2}
            width={width}
            isActive={active}
            onSubmit={(name) => {
              const plan = plans.data!.find((p: Plan) => p.name === name)!;
              dispatch({ type: 'choosePlan', plan, spotDiscount: spotDiscountOf(plan, spotPlans.data) });
            }}
            onCancel={cancel}
            onFiltering={setFiltering}
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
            <StepForm
              key={`location:${planName ?? ''}`}
              field={{ ...STEP_CHOICE, id: 'location', choices: locationItems, initial: state.location ?? undefined }}
              height={rows + 2}
              width={width}
              isActive={active}
              emptyText={`${planName ?? 'this plan'} cannot be created anywhere now`}
              onSubmit={(location) => dispatch({ type: 'chooseLocation', location: String(location) })}
              onCancel={back}
              onFiltering={setFiltering}
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
          <StepForm
            key={`image:${planName ?? ''}`}
            field={{ ...STEP_CHOICE, id: 'image', choices: imageKeys.choices, initial: state.image ? imageKey(state.image) : undefined }}
            height={rows + 2}
            width={width}
            isActive={active}
            onSubmit={(key) => {
              const image = imageKeys.valueOf(key);
              if (image) dispatch({ type: 'chooseImage', image });
            }}
            onCancel={back}
            onFiltering={setFiltering}
          />
        </Box>
      );
      break;
    }
    case 'notes':
      body = (
        <Box flexDirection="column">
          <Text bold={colorEnabled()} wrap="truncate">
            Notes <Text color={color('dim')}>the server's label in the list (required)</Text>
          </Text>
          <StepForm
            key="notes"
            field={{ id: 'notes', label: 'Notes', optional: true, initial: state.notes, placeholder: 'e.g. web-3' }}
            height={1}
            width={width}
            isActive={active}
            onChange={(notes) => dispatch({ type: 'setNotes', notes: String(notes) })}
            onSubmit={(notes) => dispatch({ type: 'submitNotes', notes: String(notes) })}
            onCancel={back}
          />
        </Box>
      );
      break;
    case 'review':
      body = (
        <Box flexDirection="column">
          <ReviewStep
            state={state}
            width={width}
            height={bodyHeight - 1}
            readOnly={readOnly}
            isActive={active}
            onSend={send}
            onExtras={() => dispatch({ type: 'openExtras' })}
            onBack={back}
            onCancel={cancel}
          />
          <WizardPrice client={client} width={width} choice={{ plan: state.plan, spotDiscount: state.extras.spot ? state.spotDiscount : null, reservedMonths: state.extras.reservedMonths }} />
        </Box>
      );
      break;
    case 'extras':
      body = <ExtrasStep state={state} dispatch={dispatch} lists={lists} availability={availability.data} width={width} height={bodyHeight} isActive={active} onFiltering={setFiltering} />;
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
            {shown}
            {warning ? <Text color={color('warn')}>{warning}</Text> : null}
          </Text>
        </Box>
      ) : (
        <Text> </Text>
      )}
      <Text color={color('dim')} wrap="truncate">
        {hintFor(state, readOnly, state.step === 'review' && reviewLines(state, width).length > Math.max(2, bodyHeight - 2), filtering)}
      </Text>
    </Box>
  );
}

/**
 * The refusal as the wizard shows it in at most `rows` rows of `width` with `warning` after it: whole when
 * that fits, else cut with … where the warning still fits after it (the service decides how long a refusal is;
 * the warning that a server may exist is the dashboard's, and never cut).
 */
function problemShown(refusal: string, warning: string, width: number, rows: number): string {
  const room = Math.max(1, width);
  const fits = (text: string) => wrapText(text + warning, room).length <= rows;
  let budget = rows * room - displayWidth(warning);
  let cut = truncate(refusal, Math.max(1, budget));
  if (cut === refusal && fits(refusal)) return refusal;
  while (!fits(cut) && budget > room) {
    budget -= room;
    cut = truncate(refusal, budget);
  }
  return cut;
}
