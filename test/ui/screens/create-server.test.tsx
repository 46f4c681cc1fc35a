// The create-server wizard: the reducer and the lists alone, then the whole wizard driven by keys against an
// in-process emulator (manual clock), checking what a user sees and what the service ends up with.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup } from 'ink-testing-library';
import { createEmulator, type Emulator } from '../../../src/emulator/app.js';
import { createClient, type CreatedServer, type Plan, type Image, type PlanAvailability } from '../../../src/api/index.js';
import { MSG, MSG_CHOSEN } from '../../../src/rules/index.js';
import { CreateServerWizard } from '../../../src/ui/screens/create-server.js';
import {
  HIDDEN,
  NOTES_REQUIRED,
  READ_ONLY,
  buildInput,
  checkRequest,
  initialWizardState,
  maskedBody,
  parseVlanText,
  prettyJson,
  reviewLines,
  wireBody,
  wizardReducer,
  type WizardAction,
  type WizardState,
} from '../../../src/ui/screens/create-server/state.js';
import { imageChoices, locationChoices, planChoices } from '../../../src/ui/screens/create-server/choices.js';
import { maskTypedEnv } from '../../../src/ui/screens/create-server/extras.js';
import { inputReady, keys, render, waitFor, waitForFrame } from '../helpers.js';
import { emulatorAdmin } from '../app/harness.js';

afterEach(() => cleanup());

// ---------------------------------------------------------------------------------------------------------------
// Fixtures for the pure parts

const plan = (over: Partial<Plan> = {}): Plan => ({
  id: 8,
  name: 'eCS3',
  cpu: 4,
  ram: 4096,
  disk: 80,
  gpu: 0,
  gpuLabel: null,
  hourlyPrice: 0.048,
  monthlyPrice: 35,
  windows: false,
  hostType: 'ECS',
  available: true,
  regions: [
    { id: 2, location: 'it-mi2', description: 'Milano (IT)' },
    { id: 3, location: 'it-fr2', description: 'Frosinone (IT)' },
  ],
  extra: {},
  ...over,
});

const image = (over: Partial<Image> = {}): Image => ({
  id: 133,
  name: 'debian-12',
  createdAt: null,
  active: true,
  status: 'created',
  uuid: 'u',
  description: 'Debian GNU/Linux 12',
  notes: '',
  public: true,
  cloudImage: false,
  osBase: 'debian',
  requiredDisk: 20,
  apiVersion: 'v5',
  apiVersionValue: 5,
  version: '12',
  extra: {},
  ...over,
});

const run = (actions: WizardAction[], from: WizardState = initialWizardState()): WizardState => actions.reduce(wizardReducer, from);

/** A wizard on the review: eCS3 (spot −40%) in it-fr2 with debian-12, notes web-3. */
const atReview = (over: { plan?: Plan; spotDiscount?: number | null } = {}): WizardState =>
  run([
    { type: 'choosePlan', plan: over.plan ?? plan(), spotDiscount: over.spotDiscount === undefined ? 0.4 : over.spotDiscount },
    { type: 'chooseLocation', location: 'it-fr2' },
    { type: 'chooseImage', image: { name: 'debian-12', label: 'Debian', kind: 'image', windows: false } },
    { type: 'submitNotes', notes: 'web-3' },
  ]);

const inExtras = (over?: Parameters<typeof atReview>[0]): WizardState => run([{ type: 'openExtras' }], atReview(over));

describe('wizardReducer', () => {
  it('walks plan → location → image → notes → review, and esc walks back keeping every choice', () => {
    let s = initialWizardState();
    expect(s.step).toBe('plan');
    s = atReview();
    expect(s).toMatchObject({ step: 'review', location: 'it-fr2', notes: 'web-3' });
    expect(s.plan?.name).toBe('eCS3');
    expect(s.image?.name).toBe('debian-12');
    const steps: string[] = [];
    for (let i = 0; i < 5; i++) {
      s = wizardReducer(s, { type: 'back' });
      steps.push(s.step);
    }
    expect(steps).toEqual(['notes', 'image', 'location', 'plan', 'plan']);
    expect(s).toMatchObject({ location: 'it-fr2', notes: 'web-3' });
  });

  it('ignores a choice meant for another step (a second ⏎ that arrives before the next step is drawn)', () => {
    const s = run([{ type: 'choosePlan', plan: plan(), spotDiscount: null }]);
    expect(wizardReducer(s, { type: 'choosePlan', plan: plan({ name: 'eCS1' }), spotDiscount: null })).toBe(s);
  });

  it('refuses empty notes with a clear message and stays on the notes', () => {
    const s = run([{ type: 'choosePlan', plan: plan(), spotDiscount: null }, { type: 'chooseLocation', location: 'it-fr2' }, { type: 'chooseImage', image: { name: 'debian-12', label: '', kind: 'image', windows: false } }]);
    const refused = wizardReducer(s, { type: 'submitNotes', notes: '   ' });
    expect(refused).toMatchObject({ step: 'notes', message: NOTES_REQUIRED });
    expect(wizardReducer(refused, { type: 'setNotes', notes: 'w' }).message).toBeNull();
  });

  it('refuses an environment line the service would refuse, and keeps the good ones', () => {
    let s = run([{ type: 'edit', field: 'script' }, { type: 'setScript', script: { kind: 'library', id: 2, title: 'node-exporter', windows: false } }], inExtras());
    s = run([{ type: 'edit', field: 'env' }, { type: 'addEnvLine', line: 'VERSION=1.7' }], s);
    const refused = wizardReducer(s, { type: 'addEnvLine', line: 'NOT VALID' });
    expect(refused.message).toBe(MSG.invalidEnv);
    expect(refused.extras.env).toEqual(['VERSION=1.7']);
    expect(wizardReducer(s, { type: 'addEnvLine', line: '1BAD=x' }).message).toBe(MSG.invalidEnv);
    // the same name again replaces its value
    expect(wizardReducer(s, { type: 'addEnvLine', line: 'VERSION=1.8' }).extras.env).toEqual(['VERSION=1.8']);
  });

  it('takes environment lines only with a library script, and drops them when the script changes kind', () => {
    expect(wizardReducer(inExtras(), { type: 'addEnvLine', line: 'A=1' }).message).toBe(MSG_CHOSEN.envNeedsLibraryScript);
    expect(wizardReducer(inExtras(), { type: 'edit', field: 'env' })).toMatchObject({ editing: null, message: MSG_CHOSEN.envNeedsLibraryScript });
    const s = run(
      [
        { type: 'setScript', script: { kind: 'library', id: 2, title: 'x', windows: false } },
        { type: 'addEnvLine', line: 'A=1' },
      ],
      inExtras(),
    );
    expect(s.extras.env).toEqual(['A=1']);
    expect(wizardReducer(s, { type: 'setScript', script: null }).extras.env).toEqual([]);
  });

  it('refuses spot with a reserved period, and a reserved period with spot, with the service’s message', () => {
    const reserved = wizardReducer(inExtras(), { type: 'setReserved', months: 12 });
    expect(reserved.extras.reservedMonths).toBe(12);
    const both = wizardReducer(reserved, { type: 'setSpot', spot: true });
    expect(both.message).toBe(MSG.spotReservedExclusive);
    expect(both.extras.spot).toBe(false);
    const spot = wizardReducer(inExtras(), { type: 'setSpot', spot: true });
    expect(spot.extras.spot).toBe(true);
    expect(wizardReducer(spot, { type: 'setReserved', months: 3 }).message).toBe(MSG.spotReservedExclusive);
  });

  it('offers spot only for a plan with a spot discount, and drops it when the plan changes to one without', () => {
    const noSpot = inExtras({ spotDiscount: null });
    expect(wizardReducer(noSpot, { type: 'setSpot', spot: true }).message).toBe('SpotPlanNotAvailable: eCS3 has no spot discount');
    expect(wizardReducer(noSpot, { type: 'edit', field: 'spot' })).toMatchObject({ editing: null, message: 'SpotPlanNotAvailable: eCS3 has no spot discount' });
    let s = wizardReducer(inExtras(), { type: 'setSpot', spot: true });
    s = run([{ type: 'back' }, { type: 'back' }, { type: 'back' }, { type: 'back' }, { type: 'back' }], s);
    expect(s.step).toBe('plan');
    s = wizardReducer(s, { type: 'choosePlan', plan: plan({ name: 'eCS1HM' }), spotDiscount: null });
    expect(s.extras.spot).toBe(false);
  });

  it('refuses a PowerShell library script on a Linux server', () => {
    const ps = { kind: 'library' as const, id: 4, title: 'iis-webserver', windows: true };
    expect(wizardReducer(inExtras(), { type: 'setScript', script: ps }).message).toBe(MSG.powershellOnLinux);
    const windows = inExtras({ plan: plan({ name: 'eCS2W', windows: true }), spotDiscount: null });
    expect(wizardReducer(windows, { type: 'setScript', script: ps }).extras.script).toEqual(ps);
  });

  it('refuses a temporary script line with a relative or home path', () => {
    const s = wizardReducer(inExtras(), { type: 'setScript', script: { kind: 'temporary', lines: [] } });
    expect(s.editing).toBe('scriptText');
    expect(wizardReducer(s, { type: 'addScriptLine', line: 'cd ~/app && ./run.sh' }).message).toBe(MSG.serverScriptRelativePath);
    const ok = wizardReducer(s, { type: 'addScriptLine', line: 'apt-get -y install nginx' });
    expect(ok.extras.script).toEqual({ kind: 'temporary', lines: ['apt-get -y install nginx'] });
    // leaving an empty temporary script is choosing none
    expect(wizardReducer(s, { type: 'back' }).extras.script).toBeNull();
  });

  it('reads VLANs with the service’s rules and messages', () => {
    expect(parseVlanText('100 pvid, 200, 300-303', 'net1')).toEqual([{ vlanId: 100, pvid: true }, { vlanId: 200, pvid: false }, { range: '300-303' }]);
    const s = run([{ type: 'edit', field: 'networks' }, { type: 'editVlans', network: 'net1' }], inExtras());
    const msg = (vlans: string) => wizardReducer(s, { type: 'setVlans', network: 'net1', vlans }).message;
    expect(msg('5000')).toBe('vlan with id 5000 not in 1-4094');
    expect(msg('300-200')).toBe(MSG.rangeEndNotGreater);
    expect(msg('1-2-3')).toBe(MSG.rangeManyDividers);
    expect(msg('10-20 pvid')).toBe(MSG.rangePvidUnsupported);
    expect(msg('100, 100')).toBe("vlan with id 100 already exists in network 'net1'");
    const set = wizardReducer(s, { type: 'setVlans', network: 'net1', vlans: '100 pvid' });
    expect(set).toMatchObject({ message: null, editing: 'networks' });
    expect(set.extras.networks).toEqual([{ name: 'net1', vlans: '100 pvid' }]);
    // an empty entry detaches the network again
    expect(wizardReducer(run([{ type: 'editVlans', network: 'net1' }], set), { type: 'setVlans', network: 'net1', vlans: '' }).extras.networks).toEqual([]);
  });

  it('builds the request with the wire’s names, and the review hides the environment', () => {
    const s = run(
      [
        { type: 'setSshKey', label: 'laptop' },
        { type: 'setGroup', group: { id: 'eg1', name: 'production' } },
        { type: 'setScript', script: { kind: 'library', id: 2, title: 'x', windows: false } },
        { type: 'addEnvLine', line: 'TOKEN=hunter2-secret' },
        { type: 'setReserved', months: 12 },
        { type: 'setSupport', support: 'basic' },
        { type: 'toggleIsolation', server: 'ec206901' },
        { type: 'editVlans', network: 'net1' },
        { type: 'setVlans', network: 'net1', vlans: '7' },
      ],
      inExtras(),
    );
    const body = wireBody(buildInput(s));
    expect(body).toEqual({
      plan: 'eCS3',
      location: 'it-fr2',
      image: 'debian-12',
      notes: 'web-3',
      ssh_key: 'laptop',
      reserved_plan: 'M12PECS3',
      support: 'basic',
      group: 'eg1',
      user_customize: 2,
      user_customize_env: 'TOKEN=hunter2-secret',
      networks: [{ name: 'net1', vlans: [{ vlan_id: 7, pvid: false }] }],
      isolate_from: ['ec206901'],
    });
    expect(maskedBody(body).user_customize_env).toBe(HIDDEN);
    const review = reviewLines(s).join('\n');
    expect(review).not.toContain('hunter2');
    expect(review).toContain('"reserved_plan": "M12PECS3"');
    expect(checkRequest(s)).toBeNull();
  });

  it('prints short values on one line and opens long ones', () => {
    expect(prettyJson({ a: 1, n: [{ x: 1 }] }, 40)).toEqual(['{', '  "a": 1,', '  "n": [{"x": 1}]', '}']);
    expect(prettyJson({ n: [{ name: 'a-long-network-name', v: [1, 2, 3] }] }, 20)).toEqual([
      '{',
      '  "n": [',
      '    {',
      '      "name": "a-long-network-name",',
      '      "v": [1, 2, 3]',
      '    }',
      '  ]',
      '}',
    ]);
  });

  it('sends once: a second ⏎ while the request is out changes nothing; a failure keeps the form', () => {
    const sending = wizardReducer(atReview(), { type: 'send' });
    expect(sending.sending).toBe(true);
    expect(wizardReducer(sending, { type: 'send' })).toBe(sending);
    expect(wizardReducer(sending, { type: 'back' })).toBe(sending);
    const failed = wizardReducer(sending, { type: 'sendFailed', message: 'no capacity left' });
    expect(failed).toMatchObject({ step: 'review', sending: false, error: 'no capacity left', notes: 'web-3', location: 'it-fr2' });
    expect(wizardReducer(atReview(), { type: 'send', readOnly: true })).toMatchObject({ sending: false, error: READ_ONLY });
  });
});

describe('choices', () => {
  it('an environment line being typed shows its name and hides its value; text with no value is not masked', () => {
    expect(maskTypedEnv('API_TOKEN=s3cr3t')).toBe('API_TOKEN=••••••');
    expect(maskTypedEnv('A=b=c')).toBe('A=•••');
    expect(maskTypedEnv('bad line')).toBe('bad line');
    expect(maskTypedEnv('API_TOK')).toBe('API_TOK');
  });

  it('plans show CPU, RAM, disk, GPU and prices; unavailable plans cannot be picked', () => {
    const [gpu, off] = planChoices([plan({ name: 'ECS1GPU', gpu: 1, gpuLabel: 'RTX 6000', ram: 32768, hourlyPrice: 0.29, monthlyPrice: 209 }), plan({ name: 'old', available: false })]);
    // in euros, as every amount on screen (they said `0.290/h` and `209/mo`), the currency in a column of its own
    expect(gpu.label).toMatch(/ECS1GPU\s+4 vCPU\s+32 GB RAM\s+80 GB disk\s+€ 0\.290\/h {2}€ 209\/mo\s+RTX 6000/);
    // the hourly prices' points in one column: as many decimals each as the most precise (`0.29/h` beside `0.019/h`, before)
    const listed = planChoices([plan({ name: 'a', hourlyPrice: 0.019 }), plan({ name: 'b', hourlyPrice: 0.29 }), plan({ name: 'c', hourlyPrice: 8.4 })]).map((c) => c.label);
    expect(listed.map((l) => /\d+\.\d+\/h/.exec(l)![0])).toEqual(['0.019/h', '0.290/h', '8.400/h']);
    expect(new Set(listed.map((l) => l.indexOf('.'))).size).toBe(1);
    expect(new Set(listed.map((l) => l.indexOf('€'))).size).toBe(1);
    const monthly = planChoices([plan({ name: 'a', monthlyPrice: 14 }), plan({ name: 'b', monthlyPrice: 6048 })]).map((c) => c.label);
    expect(monthly[0]).toContain('€   14/mo');
    expect(new Set(monthly.map((l) => l.lastIndexOf('€'))).size).toBe(1);
    // sizes right-aligned, as :plans draws them: `1 vCPU` under `12 vCPU`, `1 GB` under `128 GB`
    const sizes = planChoices([plan({ name: 'a', cpu: 1, ram: 1024, disk: 20 }), plan({ name: 'b', cpu: 12, ram: 131072, disk: 400 })]).map((c) => c.label);
    for (const unit of ['vCPU', 'RAM', 'disk']) expect(new Set(sizes.map((l) => l.indexOf(unit))).size).toBe(1);
    expect(sizes[0]).toMatch(/a\s+ 1 vCPU\s+ {2}1 GB RAM\s+ 20 GB disk/);
    // RAM and disk written as :plans writes them
    const [big] = planChoices([plan({ name: 'ECS1GPU8', ram: 1048576, disk: 6000 })]);
    expect(big.label).toMatch(/ECS1GPU8\s+4 vCPU\s+1 TB RAM\s+6000 GB disk/);
    // where a row does not fit, the list draws every row without the monthly price
    expect(gpu.short).toMatch(/ECS1GPU\s+4 vCPU\s+32 GB RAM\s+80 GB disk\s+€ 0\.290\/h\s+RTX 6000$/);
    expect(off.disabled).toBe(true);
  });

  it('locations are the plan’s regions; those the service cannot create in now are sold out', () => {
    const avail: PlanAvailability[] = [
      { plan: 'eCS3', location: 'it-fr2', spotDiscount: 0.4, spotAvailable: true, available: true, extra: { free_hosts: 12 } },
    ];
    const items = locationChoices(plan(), ['it-fr2'], avail, 0.4);
    expect(items.map((c) => [c.value, c.disabled])).toEqual([
      ['it-mi2', true],
      ['it-fr2', false],
    ]);
    expect(items[0].description).toContain('sold out');
    expect(items[1].description).toContain('12 free hosts');
  });

  it('images: public ones and the user’s templates, labelled; Windows needs a Windows plan', () => {
    const items = imageChoices(plan(), [image(), image({ name: 'windows-2022', osBase: 'windows' })], [image({ name: 'ei204101', public: false, description: 'golden' }), image({ name: 'ei9', status: 'creating' })]);
    expect(items.map((c) => [c.value.name, c.value.kind, c.disabled])).toEqual([
      ['debian-12', 'image', false],
      ['windows-2022', 'image', true],
      ['ei204101', 'template', false],
      ['ei9', 'template', true],
    ]);
    expect(items[2].description).toContain('your template');
    // why a row is greyed out comes first, where 80 columns still show it
    expect(items[1].description).toMatch(/^needs a Windows plan · image/);
    expect(items[3].description).toMatch(/^still being created · your template/);
  });

  it('a template whose required_disk is bigger than the plan’s disk is refused before sending, with both sizes', () => {
    const golden = image({ name: 'ei204101', public: false, requiredDisk: 80 });
    const small = plan({ name: 'eCS1', disk: 20 });
    const [, tpl] = imageChoices(small, [image()], [golden]);
    expect(tpl.disabled).toBe(true);
    expect(tpl.description).toMatch(/^needs a disk of 80 GB, eCS1 has 20 · your template/);
    expect(imageChoices(plan(), [], [golden])[0].disabled).toBe(false);
    // the wizard opened on the template (n on :templates): the plans too small for it are greyed out
    const pick = { name: 'ei204101', label: 'golden', kind: 'template' as const, windows: false, requiredDisk: 80 };
    const plans = planChoices([small, plan()], undefined, pick);
    expect(plans.map((c) => c.disabled)).toEqual([true, false]);
    expect(plans[0].description).toContain('needs 80 GB');
    // and if such a pair is in the state anyway, neither the image step nor the review lets it through
    const onImage = run([{ type: 'choosePlan', plan: small, spotDiscount: null }, { type: 'chooseLocation', location: 'it-fr2' }]);
    const refused = wizardReducer(onImage, { type: 'chooseImage', image: pick });
    expect(refused).toMatchObject({ step: 'image', message: 'ei204101 needs a disk of 80 GB or more; eCS1 has 20 GB: choose a plan with a bigger disk' });
    const review = { ...atReview({ plan: small }), image: pick };
    expect(wizardReducer(review, { type: 'send' })).toMatchObject({ sending: false, error: expect.stringContaining('80 GB or more; eCS1 has 20 GB') });
  });
});

// ---------------------------------------------------------------------------------------------------------------
// The wizard against the emulator

const BASE = 'http://emulator.test';

interface Sent {
  method: string;
  path: string;
  body: unknown;
}

const plain = (frame: string): string => frame.replace(/\u001b\[[0-9;]*m/g, '');

/** Frames are drawn at once on a key, but the next step's key handler subscribes a moment later. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

async function setup(
  opts: {
    seed?: 'demo' | 'empty';
    dialect?: 'primary' | 'alternate' | 'live';
    readOnly?: boolean;
    width?: number;
    height?: number;
    faults?: Record<string, unknown>;
    /** the create's connection fails with this message (its answer lost: the server may exist) */
    createFails?: string;
    /** the first request for the plans fails with this message, retries and all */
    plansFail?: string;
  } = {},
) {
  const emulator: Emulator = createEmulator({ clock: 'manual', seed: opts.seed ?? 'demo', dialect: opts.dialect });
  const sent: Sent[] = [];
  const plansFail = opts.plansFail;
  // the first attempt and its three retries
  let plansFailing = 4;
  const client = createClient({
    endpoint: BASE,
    retry: { baseDelayMs: 1, maxDelayMs: 5 },
    fetch: async (req) => {
      const text = req.body ? await req.clone().text() : '';
      sent.push({ method: req.method, path: new URL(req.url).pathname, body: text ? JSON.parse(text) : undefined });
      if (opts.createFails !== undefined && req.method === 'POST' && new URL(req.url).pathname === '/ecs/v2/servers') throw new Error(opts.createFails);
      if (plansFail !== undefined && plansFailing > 0 && new URL(req.url).pathname.startsWith('/ecs/v2/plans')) {
        plansFailing -= 1;
        throw new Error(plansFail);
      }
      return emulator.fetch(req);
    },
  });
  await client.login('demo', 'demo');
  const admin = async (method: string, path: string, body?: unknown) => {
    const res = await emulatorAdmin(emulator, method, path, body);
    if (res.status >= 300) throw new Error(`admin ${path}: ${res.status} ${await res.text()}`);
  };
  if (opts.faults) await admin('PUT', '/__emulator/faults', opts.faults);
  const created: CreatedServer[] = [];
  let cancelled = 0;
  const t = render(
    <CreateServerWizard
      client={client}
      width={opts.width ?? 100}
      height={opts.height ?? 24}
      readOnly={opts.readOnly}
      onCreated={(c) => created.push(c)}
      onCancel={() => cancelled++}
    />,
  );
  await inputReady(t.stdin);
  // Colour (FORCE_COLOR) splits text with escapes; the user reads the text.
  const frame = () => plain(t.lastFrame() ?? '');
  /** Waits for the frame a user would wait for, then lets the new step start listening. */
  const see = async (predicate: (f: string) => boolean, timeoutMs?: number) => {
    const f = await waitForFrame(frame, (x) => Boolean(predicate(x)), timeoutMs);
    await settle();
    return f;
  };
  const type = async (data: string, until: (f: string) => boolean) => {
    t.stdin.write(data);
    return see(until);
  };
  const posts = () => sent.filter((s) => s.method === 'POST' && s.path === '/ecs/v2/servers');
  return { t, emulator, client, sent, posts, created, cancelled: () => cancelled, frame, see, type, admin };
}

type Wizard = Awaited<ReturnType<typeof setup>>;

const hasPlans = (f: string) => f.includes('eCS1HM') && f.includes('ECS1GPU8');
const onLocation = (f: string) => f.includes('Location');
const onImage = (f: string) => f.includes('public images and your templates');
const onNotes = (f: string) => f.includes("the server's label");
const onReview = (f: string) => f.includes('POST /ecs/v2/servers');
const onExtras = (f: string) => f.includes('Extras — optional');

/** Plan, location, image and notes by typing a filter and ⏎ each time. */
async function toReview(w: Wizard, choice: { plan: string; location: string; image: string; notes: string }) {
  await w.see(hasPlans);
  await w.type(`${choice.plan}\r`, onLocation);
  await w.type(`${choice.location}\r`, onImage);
  await w.type(`${choice.image}\r`, onNotes);
  return w.type(`${choice.notes}\r`, onReview);
}

describe('<CreateServerWizard>', () => {
  it('goes plan → location → image → notes → review, and ⏎ creates a Booting server the review showed', async () => {
    const w = await setup();
    const review = await toReview(w, { plan: 'eCS3', location: 'fr2', image: 'debian-12', notes: 'web-3' });
    expect(review).toContain('"plan": "eCS3"');
    expect(review).toContain('"location": "it-fr2"');
    expect(review).toContain('"image": "debian-12"');
    expect(review).toContain('"notes": "web-3"');
    expect(review).toMatch(/plan eCS3 › location it-fr2 › image debian-12 › notes “web-3”/);
    // one monthly figure, the Price line's: the plan's line above it had the catalog's `35/mo` beside `€ 34.56/mo`
    expect(review).toMatch(/eCS3 · 4 vCPU · 4 GB RAM · 80 GB disk\s*$/m);
    expect(review.match(/\/mo\b/g)).toHaveLength(1);

    w.t.stdin.write(keys.enter);
    await waitFor(() => expect(w.created).toHaveLength(1));
    const created = w.created[0];
    expect(created.actionId).toBeGreaterThan(0);
    await w.see((f) => f.includes(`✓ ${created.server.name} is being created`));

    // What was sent is exactly what the review showed.
    expect(w.posts()).toHaveLength(1);
    const sentBody = w.posts()[0].body as Record<string, unknown>;
    expect(sentBody).toEqual({ plan: 'eCS3', location: 'it-fr2', image: 'debian-12', notes: 'web-3' });

    const listed = (await w.client.servers.list()).find((s) => s.name === created.server.name);
    expect(listed).toMatchObject({ status: 'booting', notes: 'web-3', plan: 'eCS3', location: 'it-fr2', image: 'debian-12' });
    const action = await w.client.actions.get(created.actionId);
    expect(action).toMatchObject({ type: 'create_server', resource: created.server.name, status: 'in-progress' });
    w.emulator.advance(60 + 20);
    expect((await w.client.servers.get(created.server.name)).status).toBe('booted');
  });

  it.each(['alternate', 'live'] as const)('creates a server against the %s dialect of the service too', async (dialect) => {
    const w = await setup({ dialect });
    await toReview(w, { plan: 'eCS1HM', location: 'fr2', image: 'almalinux-9', notes: dialect });
    w.t.stdin.write(keys.enter);
    await waitFor(() => expect(w.created).toHaveLength(1));
    const server = await w.client.servers.get(w.created[0].server.name);
    expect(server).toMatchObject({ status: 'booting', plan: 'eCS1HM', location: 'it-fr2', notes: dialect });
  });

  it('an empty account still offers the public images, and no templates', async () => {
    const w = await setup({ seed: 'empty' });
    await w.see(hasPlans);
    await w.type('eCS1\r', onLocation);
    const images = await w.type('\r', onImage);
    expect(images).toContain('ubuntu-2404');
    expect(images).not.toContain('your template ·');
  });

  it('typing filters the plans and ⏎ takes the first match', async () => {
    const w = await setup();
    await w.see(hasPlans);
    const filtered = await w.type('hm', (f) => f.includes('of 15'));
    expect(filtered).toContain('eCS1HM');
    expect(filtered).toContain('eCS2HM');
    expect(filtered).not.toContain('eCS3 ');
    const location = await w.type(keys.enter, onLocation);
    expect(location).toContain('plan eCS1HM');
  });

  it('Down and Enter in one chunk take the entry below the highlight', async () => {
    const w = await setup();
    await w.see(hasPlans);
    const location = await w.type(keys.down + keys.enter, onLocation);
    expect(location).toContain('plan eCS2 ');
  });

  it('offers only the regions of the plan: eCS1HM only in it-fr2', async () => {
    const w = await setup();
    await w.see(hasPlans);
    const location = await w.type('eCS1HM\r', (f) => onLocation(f) && f.includes('it-fr2'));
    expect(location).toContain('Frosinone');
    for (const other of ['it-mi2', 'ch-lug1', 'bg-sof1']) expect(location).not.toContain(other);
  });

  it('lists the user’s templates among the images, and creates from one', async () => {
    const w = await setup();
    await w.see(hasPlans);
    await w.type('eCS3\r', onLocation);
    const images = await w.type('\r', (f) => onImage(f) && f.includes('ei204101'));
    expect(images).toContain('debian-12');
    expect(images).toMatch(/ei204101\s+your template · web stack golden image/);
    await w.type('ei204101\r', onNotes);
    const review = await w.type('from-template\r', onReview);
    expect(review).toContain('"image": "ei204101"');
    w.t.stdin.write(keys.enter);
    await waitFor(() => expect(w.created).toHaveLength(1));
    expect(w.created[0].server.image).toBe('ei204101');
  });

  it('at 80 columns a greyed-out image still says why: the reason comes before the rest of its row', async () => {
    // the wizard inside the dashboard's frame at 80×24: 78 columns
    const w = await setup({ width: 78 });
    await w.see(hasPlans);
    await w.type('eCS1\r', onLocation);
    const images = await w.type('\r', (f) => onImage(f) && f.includes('ei204101'));
    expect(images).toMatch(/ei204101 +needs a disk of 80 GB, eCS1 has 20/);
    expect(images).toMatch(/windows-2022 +needs a Windows plan/);
  });

  it('refuses empty notes on the notes step, saying why', async () => {
    const w = await setup();
    await w.see(hasPlans);
    await w.type('eCS1\r', onLocation);
    await w.type('\r', onImage);
    await w.type('\r', onNotes);
    const refused = await w.type('\r', (f) => f.includes(NOTES_REQUIRED));
    expect(refused).toContain("the server's label");
    await w.type('ok\r', onReview);
  });

  it('extras: an invalid environment line shows the service’s message, nothing is sent, and no value is ever drawn', async () => {
    const w = await setup();
    await toReview(w, { plan: 'eCS3', location: 'fr2', image: 'debian-12', notes: 'env' });
    await w.type('x', onExtras);
    await w.type('script\r', (f) => f.includes('node-exporter'));
    await w.type('node-exporter\r', (f) => onExtras(f) && f.includes('library: node-exporter (#2)'));
    await w.type('env\r', (f) => f.includes('NAME=value'));
    await w.type('API_TOKEN=s3cr3t-Value\r', (f) => f.includes('API_TOKEN=•'));
    const refused = await w.type('NOT VALID\r', (f) => f.includes(MSG.invalidEnv));
    expect(refused).toContain('NOT VALID'); // kept in the field to be fixed: no `=`, no value, nothing hidden
    await w.type(keys.ctrlU, (f) => !f.includes('NOT VALID'));
    await w.type(keys.enter, (f) => onExtras(f) && f.includes('API_TOKEN (values hidden)'));
    const review = await w.type(keys.escape, onReview);
    expect(review).toContain(`"user_customize_env": "${HIDDEN}"`);
    expect(w.posts()).toHaveLength(0);
    for (const f of w.t.frames) expect(plain(f)).not.toContain('s3cr3t');

    w.t.stdin.write(keys.enter);
    await waitFor(() => expect(w.created).toHaveLength(1));
    expect(w.posts()[0].body).toMatchObject({ user_customize: 2, user_customize_env: 'API_TOKEN=s3cr3t-Value' });
    for (const f of w.t.frames) expect(plain(f)).not.toContain('s3cr3t');
  });

  it('extras: spot with a reserved period shows the exclusive message and keeps the reserved period', async () => {
    const w = await setup();
    await toReview(w, { plan: 'eCS3', location: 'fr2', image: 'debian-12', notes: 'spot' });
    await w.type('x', onExtras);
    await w.type('reserved\r', (f) => f.includes('M12PECS3'));
    await w.type('12\r', (f) => onExtras(f) && f.includes('12 months (M12PECS3)'));
    await w.type('spot\r', (f) => f.includes('on-demand'));
    await w.type('yes\r', (f) => f.includes(MSG.spotReservedExclusive));
    await w.type(keys.escape, (f) => f.includes('on-demand')); // esc clears the filter first
    await w.type(keys.escape, (f) => onExtras(f) && f.includes('12 months (M12PECS3)') && f.includes('no (−40% if yes)'));
    const review = await w.type(keys.escape, onReview);
    expect(review).toContain('"reserved_plan": "M12PECS3"');
    expect(review).not.toContain('"spot":');
    expect(w.posts()).toHaveLength(0);
  });

  it('extras: a PowerShell script on a Linux plan and a relative path in a temporary script are refused', async () => {
    const w = await setup();
    await toReview(w, { plan: 'eCS3', location: 'fr2', image: 'debian-12', notes: 'scripts' });
    await w.type('x', onExtras);
    await w.type('script\r', (f) => f.includes('iis-webserver'));
    await w.type('iis\r', (f) => f.includes(MSG.powershellOnLinux));
    await w.type(keys.ctrlU + 'temporary\r', (f) => f.includes('Temporary script'));
    await w.type('cd ../app\r', (f) => f.includes(MSG.serverScriptRelativePath));
    await w.type(keys.ctrlU + 'apt-get -y install nginx\r', (f) => f.includes('1  apt-get -y install nginx'));
    await w.type(keys.enter, (f) => onExtras(f) && f.includes('temporary: 1 line'));
    const review = await w.type(keys.escape, onReview);
    expect(review).toContain('"user_customize": "apt-get -y install nginx"');
  });

  it('a service error is shown on the review to the letter, the form is kept, and ⏎ again creates', async () => {
    const w = await setup();
    await toReview(w, { plan: 'eCS3', location: 'fr2', image: 'debian-12', notes: 'keep-me' });
    await w.admin('PUT', '/__emulator/faults', { error_next: 1, error_status: 400, path_prefix: '/ecs/v2/servers' });
    w.t.stdin.write(keys.enter);
    const failed = await w.see((f) => f.includes('✗ injected fault: status 400'));
    expect(failed).toContain('"notes": "keep-me"');
    expect(failed).toContain('"location": "it-fr2"');
    expect(w.created).toHaveLength(0);
    w.t.stdin.write(keys.enter);
    await waitFor(() => expect(w.created).toHaveLength(1));
    expect(w.created[0].server.notes).toBe('keep-me');
  });

  it('a capacity error shows the service’s message', async () => {
    const w = await setup();
    await toReview(w, { plan: 'ECS1GPU8', location: 'fr2', image: 'ubuntu-2404', notes: 'h100' });
    // Someone else takes the last hosts between the location step and ⏎.
    for (let i = 0; i < 2; i++) await w.client.servers.create({ plan: 'ECS1GPU8', location: 'it-fr2', image: 'ubuntu-2404', notes: `other-${i}` });
    w.t.stdin.write(keys.enter);
    const failed = await w.see((f) => f.includes('✗ no capacity left for plan ECS1GPU8 in it-fr2'));
    expect(failed).toContain('"notes": "h100"');
    expect(w.created).toHaveLength(0);
  });

  it('while the request is out it says so, and esc does not abandon a server being made', async () => {
    const w = await setup();
    await toReview(w, { plan: 'eCS1', location: 'mi2', image: 'debian-12', notes: 'slow' });
    await w.admin('PUT', '/__emulator/faults', { latency_ms: 300, path_prefix: '/ecs/v2/servers' });
    w.t.stdin.write(keys.enter);
    await w.see((f) => f.includes('creating the server…') && f.includes('waiting for the service'));
    w.t.stdin.write(keys.escape);
    await waitFor(() => expect(w.created).toHaveLength(1));
    await w.see((f) => f.includes('is being created'));
    expect(w.cancelled()).toBe(0);
  });

  it('no answer at all: the whole message, and a warning that the server may exist anyway', async () => {
    const w = await setup({ width: 80 });
    await toReview(w, { plan: 'eCS1', location: 'mi2', image: 'debian-12', notes: 'lost' });
    await w.admin('PUT', '/__emulator/faults', { drop_rate: 1, path_prefix: '/ecs/v2/servers' });
    w.t.stdin.write(keys.enter);
    const failed = await w.see((f) => f.includes('check the list before trying again'));
    expect(failed.replace(/\s+/g, ' ')).toContain('✗ cannot reach the service at http://emulator.test');
    expect(failed).toContain('"notes": "lost"');
    expect(failed.split('\n').length).toBeLessThanOrEqual(24);
    expect(w.posts()).toHaveLength(1); // a create is never retried
  });

  it('a lost answer with a long reason still ends with the warning that the server may exist anyway', async () => {
    const w = await setup({ width: 80, createFails: `proxy gave up: ${'the upstream connection was reset while the request was in flight '.repeat(40)}` });
    await toReview(w, { plan: 'eCS1', location: 'mi2', image: 'debian-12', notes: 'lost' });
    w.t.stdin.write(keys.enter);
    const failed = await w.see((f) => f.replace(/\s+/g, ' ').includes('check the list before trying again'));
    const flat = failed.replace(/\s+/g, ' ');
    expect(flat).toContain('✗ cannot reach the service at http://emulator.test (proxy gave up: the upstream');
    expect(flat).toContain('… — the server may exist anyway: check the list before trying again');
    expect(failed.split('\n').length).toBeLessThanOrEqual(24);
    expect(w.posts()).toHaveLength(1);
  });

  it('two ⏎ in one chunk on the review send one request', async () => {
    const w = await setup();
    await toReview(w, { plan: 'eCS1', location: 'mi2', image: 'debian-12', notes: 'once' });
    w.t.stdin.write(keys.enter + keys.enter);
    await waitFor(() => expect(w.created).toHaveLength(1));
    await w.see((f) => f.includes('is being created'));
    expect(w.posts()).toHaveLength(1);
  });

  it('esc goes back one step, cancels from the first step, and cancels from the review', async () => {
    const w = await setup();
    await w.see(hasPlans);
    await w.type('eCS3\r', onLocation);
    await w.type(keys.escape, (f) => f.includes('Plan') && hasPlans(f));
    expect(w.cancelled()).toBe(0);
    w.t.stdin.write(keys.escape);
    await waitFor(() => expect(w.cancelled()).toBe(1));

    const v = await setup();
    await toReview(v, { plan: 'eCS3', location: 'fr2', image: 'debian-12', notes: 'bye' });
    // ← goes back to the notes with the text kept; ⏎ returns to the review.
    await v.type(keys.left, (f) => onNotes(f) && f.includes('bye'));
    await v.type(keys.enter, onReview);
    v.t.stdin.write(keys.escape);
    await waitFor(() => expect(v.cancelled()).toBe(1));
    expect(v.posts()).toHaveLength(0);
  });

  it('SSH key, group, isolation and VLANs chosen in the extras reach the service, which accepts them', async () => {
    const w = await setup();
    await toReview(w, { plan: 'eCS3', location: 'fr2', image: 'debian-12', notes: 'full' });
    await w.type('x', onExtras);
    await w.type('ssh\r', (f) => f.includes('ci-deploy'));
    await w.type('laptop\r', (f) => onExtras(f) && f.includes('SSH key          laptop'));
    await w.type('group\r', (f) => f.includes('production'));
    await w.type('staging\r', (f) => onExtras(f) && f.includes('staging (eg110422)'));
    await w.type('isolation\r', (f) => f.includes('[ ] ec206901'));
    await w.type('ec206901\r', (f) => f.includes('[x] ec206901'));
    await w.type(keys.escape, (f) => f.includes('[x] ec206901') && f.includes('[ ] ec206902'));
    await w.type(keys.escape, (f) => onExtras(f) && f.includes('not on the hosts of ec206901'));
    await w.type('networks\r', (f) => f.includes('net000002'));
    await w.type('net000002\r', (f) => f.includes('VLANs of the new server on net000002'));
    await w.type('42 pvid, 500-501\r', (f) => f.includes('VLANs 42 pvid, 500-501'));
    await w.type(keys.escape, (f) => onExtras(f) && f.includes('net000002: 42 pvid, 500-501'));
    await w.type('support\r', (f) => f.includes('global'));
    await w.type('global\r', (f) => onExtras(f) && f.includes('Support          global'));
    const review = await w.type(keys.escape, onReview);
    expect(review).toContain('"ssh_key": "laptop"');
    expect(review).toContain('"isolate_from": ["ec206901"]');
    w.t.stdin.write(keys.enter);
    await waitFor(() => expect(w.created).toHaveLength(1));
    expect(w.posts()[0].body).toEqual({
      plan: 'eCS3',
      location: 'it-fr2',
      image: 'debian-12',
      notes: 'full',
      ssh_key: 'laptop',
      support: 'global',
      group: 'eg110422',
      networks: [{ name: 'net000002', vlans: [{ vlan_id: 42, pvid: true }, { vlans: '500-501' }] }],
      isolate_from: ['ec206901'],
    });
    const server = await w.client.servers.get(w.created[0].server.name);
    expect(server).toMatchObject({ group: 'eg110422' });
    expect(server.support?.code).toBe('global');
  });

  it('isolation: Space marks and unmarks the highlighted server, End reaches the last one, j is filter text', async () => {
    const w = await setup();
    await toReview(w, { plan: 'eCS3', location: 'fr2', image: 'debian-12', notes: 'iso' });
    await w.type('x', onExtras);
    await w.type('isolation\r', (f) => f.includes('[ ] ec206901'));
    await w.type(' ', (f) => f.includes('[x] ec206901'));
    await w.type(' ', (f) => f.includes('[ ] ec206901') && !f.includes('[x]'));
    await w.type(keys.down + ' ', (f) => f.includes('[x] ec206902'));
    // End: the last server; Home: the first again
    const end = await w.type('\u001b[F', (f) => /› \[ \] ec2069\d\d/.test(f) && !/› \[ \] ec206901/.test(f));
    const last = /› \[ \] (ec2069\d\d)/.exec(end)![1];
    await w.type(' ', (f) => f.includes(`[x] ${last}`));
    await w.type('\u001b[H', (f) => f.includes('› [ ] ec206901'));
    // j goes into the filter: nothing matches it
    await w.type('j', (f) => f.includes('no match'));
    await w.type(keys.escape, (f) => f.includes('[x] ec206902'));
    await w.type(keys.escape, (f) => onExtras(f) && f.includes('not on the hosts of'));
    const review = await w.type(keys.escape, onReview);
    expect(review).toContain(`"isolate_from": ["ec206902", "${last}"]`);
  });

  it('while a list holds a typed filter its hint says esc clears it; cleared, esc cancels or goes back again', async () => {
    const w = await setup();
    await w.see((f) => f.includes('eCS1 ') && f.includes('esc cancel'));
    // the hint said `esc cancel` here, and esc cleared the filter
    await w.type('zz', (f) => f.includes('no match') && f.includes('esc clear filter') && !f.includes('esc cancel'));
    await w.type(keys.escape, (f) => f.includes('eCS1 ') && f.includes('esc cancel'));
    await w.type('\r', onLocation);
    await w.type('zz', (f) => f.includes('esc clear filter') && !f.includes('esc back'));
    await w.type(keys.escape, (f) => onLocation(f) && f.includes('esc back'));
  });

  it('a list that fails to load says why in the service’s words, and ⏎ tries again', async () => {
    const w = await setup({ faults: { error_next: 1, error_status: 500, path_prefix: '/ecs/v2/plans' } });
    await w.see((f) => f.includes('could not load the plans: injected fault: status 500'));
    await w.type(keys.enter, hasPlans);
  });

  it('in the extras, a list that failed to load says why, ⏎ tries again and esc goes back to the extras', async () => {
    const w = await setup({ faults: { error_next: 1, error_status: 500, path_prefix: '/ecs/v2/sshkeys' } });
    await toReview(w, { plan: 'eCS3', location: 'fr2', image: 'debian-12', notes: 'keyed' });
    await w.type('x', onExtras);
    await w.type('ssh\r', (f) => f.includes('could not load the SSH keys: injected fault: status 500') && f.includes('⏎ retry  esc back'));
    await w.type(keys.escape, (f) => onExtras(f) && !f.includes('could not load'));
    await w.type('ssh\r', (f) => f.includes('could not load the SSH keys'));
    await w.type(keys.enter, (f) => f.includes('ci-deploy') && !f.includes('could not load'));
  });

  it('a failure of many hostile words is drawn safe and cut, and ⏎ retry stays in sight', async () => {
    const w = await setup({ width: 80, plansFail: `\u001b]0;pwned\u0007 proxy said: ${'the upstream catalog service is not answering right now '.repeat(60)}` });
    const failed = await w.see((f) => f.includes('could not load the plans'));
    expect(failed).toContain('␛]0;pwned␇ proxy said');
    expect(failed).not.toContain('\u001b]');
    expect(failed).toMatch(/…\n⏎ retry/);
    expect(failed.split('\n').length).toBeLessThanOrEqual(24);
    await w.type(keys.enter, hasPlans);
  });

  it('fits a small body: the list scrolls, the breadcrumb shortens, the hints stay', async () => {
    const w = await setup({ width: 70, height: 12 });
    const plans = await w.see((f) => f.includes('eCS1 ') && f.includes('1/15'));
    expect(plans.split('\n').length).toBeLessThanOrEqual(12);
    expect(plans).toContain('esc cancel');
    await w.type('ECS1GPU8\r', onLocation);
    await w.type('\r', onImage);
    await w.type('ubuntu-2404\r', onNotes);
    const review = await w.type('a-rather-long-label\r', onReview);
    expect(review.split('\n').length).toBeLessThanOrEqual(12);
    expect(review).toContain('ECS1GPU8 › it-fr2 › ubuntu-2404');
    expect(review).toContain('⏎ create');
    for (const line of review.split('\n')) expect(line.length).toBeLessThanOrEqual(70);
  });

  it('a review longer than its rows scrolls with ↑↓ PgUp PgDn g G, and says so: nothing is sent unseen', async () => {
    const w = await setup({ width: 70, height: 10 });
    await w.see((f) => f.includes('eCS1 ') && f.includes('1/15'));
    await w.type('ECS1GPU8\r', onLocation);
    await w.type('\r', onImage);
    await w.type('ubuntu-2404\r', onNotes);
    const top = await w.type('a-rather-long-label\r', onReview);
    expect(top).toMatch(/▼ \d+ below/);
    expect(top).not.toContain('more lines');
    expect(top).toContain('↑↓ PgUp PgDn scroll');
    const end = await w.type('G', (f) => /▲ \d+ above/.test(f) && !/▼ \d+ below/.test(f));
    // the request's last line is on screen now, and the first is not
    expect(end).toMatch(/^\}\s*$/m);
    const back = await w.type('g', (f) => !/▲ \d+ above/.test(f));
    expect(back).toMatch(/▼ \d+ below/);
    expect(w.posts()).toHaveLength(0);
  });

  it('read-only: the review says creating is disabled and sends nothing', async () => {
    const w = await setup({ readOnly: true });
    const review = await toReview(w, { plan: 'eCS1', location: 'mi2', image: 'debian-12', notes: 'ro' });
    expect(review).not.toContain('⏎ create');
    await w.type(keys.enter, (f) => f.includes(READ_ONLY));
    expect(w.posts()).toHaveLength(0);
  });
});

describe('a wizard opened with an image (a server from a template)', () => {
  const tpl = { name: 'ei204101', label: 'web golden', kind: 'template' as const, windows: false };
  it('passes over the image step once, keeps the image, and ← from the notes shows the image list', () => {
    let s = initialWizardState({ image: tpl });
    expect(s.image).toEqual(tpl);
    s = wizardReducer(s, { type: 'choosePlan', plan: plan(), spotDiscount: null });
    s = wizardReducer(s, { type: 'chooseLocation', location: 'it-mi2' });
    expect(s.step).toBe('notes');
    s = wizardReducer(s, { type: 'back' });
    expect(s.step).toBe('image');
    s = wizardReducer(wizardReducer(s, { type: 'back' }), { type: 'chooseLocation', location: 'it-fr2' });
    // chosen once: the second time through, the image step is shown like any other
    expect(s.step).toBe('image');
  });
  it('a Windows template on a Linux plan stops on the image step', () => {
    let s = initialWizardState({ image: { ...tpl, windows: true } });
    s = wizardReducer(s, { type: 'choosePlan', plan: plan(), spotDiscount: null });
    expect(wizardReducer(s, { type: 'chooseLocation', location: 'it-mi2' }).step).toBe('image');
  });
});
