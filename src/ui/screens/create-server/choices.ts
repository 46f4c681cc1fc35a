// What each step offers, built from the service's records: pure functions from models to ChoiceList entries,
// so what the user can pick (and why something is greyed out) is tested without rendering.
import type { Group, Image, Network, Plan, PlanAvailability, Script, Server, SpotPlan, SshKey, Template } from '../../../api/index.js';
import type { Choice } from '../../components/ChoiceList.js';
import { CURRENCY, gigabytes, megabytes } from '../../format.js';
import { padEnd } from '../../text.js';
import { reservedFormula } from '../../../rules/index.js';
import { HIDDEN, type ExtraField, type ImagePick, type ReservedMonths, type SupportCode, type WizardState } from './types.js';

const same = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

export const percent = (fraction: number): string => `${Math.round(fraction * 100)}%`;

export function spotDiscountOf(plan: Pick<Plan, 'name'>, spotPlans: readonly SpotPlan[] | undefined): number | null {
  const found = spotPlans?.find((p) => same(p.plan.name, plan.name));
  return found && found.discount > 0 ? found.discount : null;
}

function columns(rows: string[][]): string[] {
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, cell.length)));
  return rows.map((row) =>
    row
      .map((cell, i) => (i === row.length - 1 ? cell : padEnd(cell, widths[i])))
      .join('  ')
      .trimEnd(),
  );
}

/** `RTX 6000`, `4× H100 80 GB`; empty without a GPU. */
export function formatGpu(p: Pick<Plan, 'gpu' | 'gpuLabel'>): string {
  if (p.gpu <= 0) return '';
  const label = p.gpuLabel ?? 'GPU';
  return p.gpu === 1 ? label : `${p.gpu}× ${label}`;
}

/**
 * Plans as aligned rows: name, CPU, RAM, disk, hourly and monthly price (each right-aligned), then the GPU.
 * The GPU comes last and unpadded: only a few plans have one, and a column for it would push the prices off an
 * 80-column screen.
 */
/** `image`: the template the wizard came with; a plan whose disk cannot hold it is greyed out, with both sizes. */
export function planChoices(plans: readonly Plan[], spotPlans?: readonly SpotPlan[], image?: ImagePick | null): Choice<string>[] {
  // RAM and disk as :plans writes them (`1 TB`, `6000 GB`); every hourly price with as many decimals as the
  // most precise one (`€ 0.019/h`, `€ 0.290/h`, `€ 8.400/h`), so that right-aligned their points line up; in
  // euros, as every other amount on screen (`0.019/h` said no currency)
  const decimals = Math.min(4, Math.max(0, ...plans.map((p) => (String(p.hourlyPrice).split('.')[1] ?? '').length)));
  const rows = plans.map((p) => [p.name, `${p.cpu} vCPU`, `${megabytes(p.ram)} RAM`, `${gigabytes(p.disk)} disk`, `${p.hourlyPrice.toFixed(decimals)}/h`, `${p.monthlyPrice}/mo`]);
  // Right-align the sizes, so that `1 vCPU` stands under `12 vCPU` as on :plans, and the prices, so that their
  // points line up, the currency in a column of its own before them.
  for (const col of [1, 2, 3]) {
    const w = Math.max(0, ...rows.map((r) => r[col].length));
    for (const r of rows) r[col] = r[col].padStart(w);
  }
  for (const col of [4, 5]) {
    const w = Math.max(0, ...rows.map((r) => r[col].length));
    for (const r of rows) r[col] = `${CURRENCY} ${r[col].padStart(w)}`;
  }
  const labels = columns(rows);
  // where a row does not fit (a GPU plan's card and its spot discount at 80 columns), every row goes without
  // the monthly price: the hourly one is there, and what follows it is what sets the plans apart
  const shorts = columns(rows.map((r) => r.slice(0, 5)));
  return plans.map((p, i) => {
    const tags: string[] = [];
    // alone and short: the reason it cannot be taken is the one thing of this line that must not be cut, and an
    // 80-column row has about a dozen cells left after the prices (the row shows the plan's own disk)
    const small = image && (image.requiredDisk ?? 0) > p.disk;
    if (small) return { value: p.name, label: labels[i], short: shorts[i], description: `needs ${image.requiredDisk} GB`, disabled: true };
    if (p.windows) tags.push('Windows');
    const discount = spotDiscountOf(p, spotPlans);
    if (discount !== null) tags.push(`spot −${percent(discount)}`);
    if (!p.available) tags.push('not available');
    const gpu = formatGpu(p);
    const withGpu = (label: string) => (gpu ? `${label}  ${gpu}` : label);
    return { value: p.name, label: withGpu(labels[i]), short: withGpu(shorts[i]), description: tags.join(' · ') || undefined, disabled: !p.available };
  });
}

/**
 * The regions of `plan`: those the service says it can create in now are selectable, the plan's other regions
 * are shown greyed out as sold out, with free capacity and spot availability when the availability list says.
 */
export function locationChoices(
  plan: Plan,
  available: readonly string[],
  availability?: readonly PlanAvailability[],
  spotDiscount: number | null = null,
): Choice<string>[] {
  const known = plan.regions.map((r) => ({ location: r.location, description: r.description }));
  for (const loc of available) if (!known.some((r) => same(r.location, loc))) known.push({ location: loc, description: '' });
  const width = Math.max(0, ...known.map((r) => r.location.length));
  return known.map((r) => {
    const open = available.some((loc) => same(loc, r.location));
    const row = availability?.find((a) => same(a.plan, plan.name) && same(a.location, r.location));
    const free = typeof row?.extra['free_hosts'] === 'number' ? (row.extra['free_hosts']) : null;
    const soldOut = !open || row?.available === false;
    const parts = [r.description];
    if (soldOut) parts.push('sold out');
    else if (free !== null) parts.push(`${free} free host${free === 1 ? '' : 's'}`);
    if (!soldOut && spotDiscount !== null && row) parts.push(row.spotAvailable ? `spot −${percent(spotDiscount)}` : 'no spot capacity');
    return { value: r.location, label: padEnd(r.location, width), description: parts.filter((p) => p !== '').join(' · ') || undefined, disabled: soldOut };
  });
}

const isWindowsImage = (i: Pick<Image, 'osBase'>): boolean => i.osBase.toLowerCase() === 'windows';

/** Public images, then the user's own templates, each labelled; what the plan cannot run is greyed out. */
export function imageChoices(plan: Plan, images: readonly Image[], templates: readonly Template[] | undefined): Choice<ImagePick>[] {
  const out: Choice<ImagePick>[] = [];
  const width = Math.max(0, ...images.map((i) => i.name.length), ...(templates ?? []).map((t) => t.name.length));
  const needsWindows = (windows: boolean) => windows && !plan.windows;
  for (const i of images) {
    const windows = isWindowsImage(i);
    out.push({
      value: { name: i.name, label: i.description || i.name, kind: 'image', windows },
      label: padEnd(i.name, width),
      // why a row is greyed out comes first: at 80 columns the end of a long row is cut
      description: [needsWindows(windows) ? 'needs a Windows plan' : '', 'image', i.description].filter(Boolean).join(' · '),
      disabled: needsWindows(windows),
    });
  }
  for (const t of templates ?? []) {
    if (t.status === 'deleting' || t.status === 'deleted') continue;
    const windows = isWindowsImage(t);
    const creating = t.status !== 'created';
    const small = (t.requiredDisk ?? 0) > plan.disk;
    out.push({
      value: { name: t.name, label: t.description || t.name, kind: 'template', windows, requiredDisk: t.requiredDisk },
      label: padEnd(t.name, width),
      description: [
        creating ? 'still being created' : '',
        needsWindows(windows) ? 'needs a Windows plan' : '',
        small ? `needs a disk of ${t.requiredDisk} GB, ${plan.name} has ${plan.disk}` : '',
        'your template',
        t.description,
        t.osBase && `${t.osBase} ${t.version}`.trim(),
      ]
        .filter(Boolean)
        .join(' · '),
      disabled: creating || needsWindows(windows) || small,
    });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Extras

const EXTRA_FIELDS = ['sshKey', 'script', 'env', 'group', 'networks', 'isolation', 'spot', 'reserved', 'support'] as const satisfies readonly ExtraField[];

const FIELD_LABELS: Record<(typeof EXTRA_FIELDS)[number], string> = {
  sshKey: 'SSH key',
  script: 'Script',
  env: 'Environment',
  group: 'Group',
  networks: 'Networks',
  isolation: 'Isolation',
  spot: 'Spot',
  reserved: 'Reserved period',
  support: 'Support',
};

const LABEL_WIDTH = Math.max(...Object.values(FIELD_LABELS).map((l) => l.length));

export function spotAvailableAt(s: Pick<WizardState, 'plan' | 'location'>, availability?: readonly PlanAvailability[]): boolean | null {
  if (!s.plan || !s.location || !availability) return null;
  const row = availability.find((a) => same(a.plan, s.plan!.name) && same(a.location, s.location!));
  return row ? row.spotAvailable : null;
}

/** What each extra holds now, in words; the values of environment lines are never part of it. */
function extraSummary(s: WizardState, field: (typeof EXTRA_FIELDS)[number]): string {
  const e = s.extras;
  switch (field) {
    case 'sshKey':
      return e.sshKey ?? 'none';
    case 'script':
      if (e.script === null) return 'none';
      if (e.script.kind === 'library') return `library: ${e.script.title} (#${e.script.id})${e.script.windows ? ', PowerShell' : ''}`;
      return `temporary: ${e.script.lines.length} line${e.script.lines.length === 1 ? '' : 's'}`;
    case 'env':
      if (e.script?.kind !== 'library') return 'only with a library script';
      return e.env.length === 0 ? 'none' : `${e.env.map((l) => l.slice(0, l.indexOf('='))).join(', ')} (values hidden)`;
    case 'group':
      return e.group ? `${e.group.name} (${e.group.id})` : 'none';
    case 'networks':
      return e.networks.length === 0 ? 'none' : e.networks.map((n) => `${n.name}: ${n.vlans}`).join('; ');
    case 'isolation':
      return e.isolateFrom.length === 0 ? 'none' : `not on the hosts of ${e.isolateFrom.join(', ')}`;
    case 'spot':
      if (s.spotDiscount === null) return `not offered for ${s.plan?.name ?? 'this plan'}`;
      return e.spot ? `yes, −${percent(s.spotDiscount)}` : `no (−${percent(s.spotDiscount)} if yes)`;
    case 'reserved':
      return e.reservedMonths === null ? 'none' : `${e.reservedMonths} months (${reservedFormula(e.reservedMonths, s.plan?.name ?? '')})`;
    case 'support':
      return e.support ?? 'none';
  }
}

export function extraFieldChoices(s: WizardState): Choice<ExtraField>[] {
  return EXTRA_FIELDS.map((field) => ({
    value: field,
    label: padEnd(FIELD_LABELS[field], LABEL_WIDTH),
    description: extraSummary(s, field),
  }));
}

export const NONE = '';

export function sshKeyChoices(keys: readonly SshKey[]): Choice<string>[] {
  return [{ value: NONE, label: '(none)' }, ...keys.map((k) => ({ value: k.label, label: k.label, description: keyComment(k.key) }))];
}

/** The key's type and comment (`ssh-ed25519 … marta@laptop`): enough to recognise it, not the whole blob. */
function keyComment(key: string): string {
  const parts = key.trim().split(/\s+/);
  return [parts[0], parts.length > 2 ? parts.slice(2).join(' ') : ''].filter(Boolean).join(' … ');
}

export type ScriptChoice = { kind: 'none' } | { kind: 'temporary' } | { kind: 'library'; script: Script };

export function scriptChoices(scripts: readonly Script[], windows: boolean): Choice<ScriptChoice>[] {
  return [
    { value: { kind: 'none' }, label: '(none)' },
    { value: { kind: 'temporary' }, label: '(temporary script)', description: 'type a script for this server only' },
    ...scripts.map((sc) => ({
      value: { kind: 'library' as const, script: sc },
      label: `#${sc.id} ${sc.title}`,
      description: [sc.windows ? 'PowerShell' : 'shell', sc.public ? 'public' : 'yours', sc.windows && !windows ? 'Windows servers only' : ''].filter(Boolean).join(' · '),
    })),
  ];
}

export function groupChoices(groups: readonly Group[]): Choice<string>[] {
  // the value is what a server's `group` field carries; people know a group by its label
  return [{ value: NONE, label: '(none)' }, ...groups.map((g) => ({ value: g.name, label: g.notes.trim() || g.name, description: g.name }))];
}

export function networkChoices(networks: readonly Network[], s: WizardState): Choice<string>[] {
  return networks
    .filter((n) => n.active)
    .map((n) => {
      const picked = s.extras.networks.find((p) => p.name === n.name);
      return { value: n.name, label: n.name, description: picked ? `VLANs ${picked.vlans}` : 'not attached' };
    });
}

/** The user's servers that a new one can be kept apart from (not deleted), with a mark on the chosen ones. */
export function isolationChoices(servers: readonly Server[], s: WizardState): Choice<string>[] {
  return servers
    .filter((sv) => sv.status !== 'deleted' && sv.status !== 'deleting')
    .map((sv) => ({
      value: sv.name,
      label: `[${s.extras.isolateFrom.includes(sv.name) ? 'x' : ' '}] ${sv.name}`,
      description: [sv.notes, sv.plan, sv.location].filter(Boolean).join(' · '),
    }));
}

export function spotChoices(s: WizardState, availableHere: boolean | null): Choice<boolean>[] {
  const discount = s.spotDiscount ?? 0;
  return [
    { value: false, label: 'no', description: 'on-demand' },
    {
      value: true,
      label: 'yes',
      description:
        availableHere === false
          ? `no spot capacity in ${s.location ?? 'this region'} now`
          : `−${percent(discount)}; the service may reclaim it with 120 s notice`,
      disabled: availableHere === false,
    },
  ];
}

export function reservedChoices(planName: string): Choice<ReservedMonths | 0>[] {
  return [
    { value: 0, label: '(none)', description: 'pay as you go' },
    ...([3, 6, 12] as const).map((m) => ({ value: m, label: `${m} months`, description: `${reservedFormula(m, planName)} · the server cannot be deleted before its end` })),
  ];
}

export function supportChoices(): Choice<SupportCode | ''>[] {
  return [
    { value: '', label: '(none)' },
    { value: 'basic', label: 'basic' },
    { value: 'global', label: 'global' },
  ];
}

/** An environment line as shown: the name, then the value hidden. */
export function maskEnvLine(line: string): string {
  const at = line.indexOf('=');
  return at < 0 ? line : `${line.slice(0, at + 1)}${HIDDEN.split(' ')[0]}`;
}
