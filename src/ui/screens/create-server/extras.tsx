// The extras of the review (`x`): a list of optional fields and one small editor per field, each a form of
// one field over the one form reducer (step-form.tsx). Every editor is data (extraEditor below): its title,
// the service's list it is drawn from, its field, and the reducer action its answer becomes. The reducer
// checks every value with the service's rules and refuses it with the service's message; the view only
// shows lists and lines.
import type { ReactNode } from 'react';
import { Box, Text } from 'ink';
import type { Group, Network, PlanAvailability, Script, Server, SshKey } from '../../../api/index.js';
import type { Choice } from '../../components/ChoiceList.js';
import type { FieldSpec, FormValue } from '../../resource/spec.js';
import { color, colorEnabled } from '../../theme.js';
import {
  NONE,
  extraFieldChoices,
  groupChoices,
  isolationChoices,
  networkChoices,
  reservedChoices,
  scriptChoices,
  spotAvailableAt,
  spotChoices,
  sshKeyChoices,
  supportChoices,
  type ScriptChoice,
} from './choices.js';
import { takeEnvLine, takeScriptLine } from './extras-state.js';
import { Pending } from './pending.js';
import type { Remote } from './remote.js';
import { StepForm, keyed } from './step-form.js';
import { windowsServer, type ExtraField, type ReservedMonths, type SupportCode, type WizardAction, type WizardState } from './types.js';
import { enterWord } from './hints.js';

export { maskTypedEnv } from './step-form.js';

export interface ExtrasLists {
  sshKeys: Remote<SshKey[]>;
  scripts: Remote<Script[]>;
  groups: Remote<Group[]>;
  networks: Remote<Network[]>;
  servers: Remote<Server[]>;
}

interface ExtrasStepProps {
  state: WizardState;
  dispatch(action: WizardAction): WizardState;
  lists: ExtrasLists;
  availability?: readonly PlanAvailability[];
  width: number;
  /** Lines this view may use. */
  height: number;
  isActive: boolean;
  /** the editor's list has a typed filter (or has none again) */
  onFiltering?(filtering: boolean): void;
}

const TITLES: Record<string, string> = {
  sshKey: 'SSH key: the public key installed on the server',
  script: 'Script: run once when the server first boots',
  scriptText: 'Temporary script, for this server only: one line at a time',
  env: 'Environment of the library script: NAME=value, one per line (values stay hidden)',
  group: 'Group',
  networks: 'Networks: pick a private network, then its VLANs',
  isolation: 'Isolation: keep the new server off the physical hosts of these servers',
  spot: 'Spot instance',
  reserved: 'Reserved period: a discount for a fixed term',
  support: 'Support plan',
};

/** The hint line under each editor; its ⏎ word is the footer's too (hints.ts `enterWord`). */
export function extrasHint(state: WizardState, filtering = false): string {
  const enter = `⏎ ${enterWord(state, filtering) ?? ''}`;
  // esc clears a typed filter before it goes back
  if (filtering) return `${enter}  type to filter  esc clear filter`;
  switch (state.editing) {
    case null:
      return `${enter}  type to filter  esc back to the review`;
    case 'scriptText':
    case 'env':
      return `${enter}  ⏎ on an empty line: done  ⌫ on an empty line: remove the last`;
    case 'vlans':
      return `e.g. 100 pvid, 200, 300-310  ·  ${enter} (empty detaches)  esc back`;
    case 'isolation':
      return `Space or ${enter}  type to filter  esc done`;
    default:
      return `${enter}  type to filter  esc back`;
  }
}

/** One extra's editor, as data: what it shows, the field it is, and what its answer does. */
interface ExtraEditor {
  /** the service's list the field is drawn from, while it is loading or could not be loaded */
  waitFor?: { remote: Remote<unknown>; what: string };
  field?: FieldSpec;
  emptyText?: string;
  /** a lines field of secrets: values after `=` are never drawn */
  mask?: boolean;
  /** a line of help under the field */
  note?: string;
  /** ⏎ took the answer */
  answer?(value: FormValue): WizardAction;
  /** a multi field's entry marked or unmarked */
  toggle?(value: string): WizardAction;
  /** a lines field's lines changed */
  change?(value: FormValue): WizardAction;
}

const choice = (id: string, choices: readonly Choice<string>[], initial?: string): FieldSpec => ({ id, label: id, kind: 'choice', choices, initial, placeholder: 'type to filter', optional: true });

/** From a list of the service: waits for it, then the editor `make` builds from it. */
function fromList<T>(remote: Remote<T>, what: string, make: (data: T) => ExtraEditor): ExtraEditor {
  return remote.data === undefined ? { waitFor: { remote, what } } : { emptyText: `no ${what}`, ...make(remote.data) };
}

const scriptKey = (v: ScriptChoice): string => (v.kind === 'library' ? `#${v.script.id}` : v.kind);

/** The editor of the extra being edited (state.editing); the list of extras itself when none is. */
function extraEditor(state: WizardState, lists: ExtrasLists, availability: readonly PlanAvailability[] | undefined): ExtraEditor {
  const e = state.extras;
  switch (state.editing) {
    case null:
      return {
        field: choice('extras', extraFieldChoices(state), state.lastField === 'scriptText' ? 'script' : (state.lastField ?? undefined)),
        answer: (v) => ({ type: 'edit', field: String(v) as ExtraField }),
      };
    case 'sshKey':
      return fromList(lists.sshKeys, 'SSH keys', (keys) => ({
        field: choice('sshKey', sshKeyChoices(keys), e.sshKey ?? NONE),
        answer: (v) => ({ type: 'setSshKey', label: v === NONE ? null : String(v) }),
      }));
    case 'script':
      return fromList(lists.scripts, 'scripts', (scripts) => {
        const k = keyed(scriptChoices(scripts, windowsServer(state)), scriptKey);
        const current = e.script === null ? 'none' : e.script.kind === 'temporary' ? 'temporary' : `#${e.script.id}`;
        return {
          field: choice('script', k.choices, current),
          answer: (v) => {
            const picked = k.valueOf(v);
            if (picked === undefined || picked.kind === 'none') return { type: 'setScript', script: null };
            if (picked.kind === 'temporary') return { type: 'setScript', script: { kind: 'temporary', lines: [] } };
            return { type: 'setScript', script: { kind: 'library', id: picked.script.id, title: picked.script.title, windows: picked.script.windows } };
          },
        };
      });
    case 'scriptText':
      return {
        field: { id: 'scriptText', label: 'script', kind: 'lines', optional: true, initial: e.script?.kind === 'temporary' ? e.script.lines : [], placeholder: 'type a line of the script, e.g. apt-get -y install nginx', take: takeScriptLine },
        answer: () => ({ type: 'back' }),
        change: (v) => ({ type: 'setLines', field: 'scriptText', lines: v as readonly string[] }),
      };
    case 'env':
      return {
        field: { id: 'env', label: 'environment', kind: 'lines', optional: true, initial: e.env, placeholder: 'NAME=value', take: takeEnvLine },
        mask: true,
        answer: () => ({ type: 'back' }),
        change: (v) => ({ type: 'setLines', field: 'env', lines: v as readonly string[] }),
      };
    case 'group':
      return fromList(lists.groups, 'groups', (groups) => {
        const items = groupChoices(groups);
        return {
          field: choice('group', items, e.group?.id ?? NONE),
          answer: (v) => ({ type: 'setGroup', group: v === NONE ? null : { id: String(v), name: items.find((c) => c.value === v)?.label ?? String(v) } }),
        };
      });
    case 'networks':
      return fromList(lists.networks, 'networks', (networks) => ({
        field: choice('networks', networkChoices(networks, state), state.vlanNetwork ?? undefined),
        emptyText: 'no private network yet (create one on the networks screen)',
        answer: (v) => ({ type: 'editVlans', network: String(v) }),
      }));
    case 'vlans': {
      const network = state.vlanNetwork ?? '';
      return {
        field: { id: 'vlans', label: 'VLANs', kind: 'vlans', network, optional: true, initial: e.networks.find((n) => n.name === network)?.vlans ?? '', placeholder: 'VLAN ids: 100 pvid, 200, 300-310' },
        note: 'An id from 1 to 4094, `pvid` after the id that carries untagged traffic, or a range start-end.',
        answer: (v) => ({ type: 'setVlans', network, vlans: String(v) }),
      };
    }
    case 'isolation':
      return fromList(lists.servers, 'servers', (servers) => ({
        field: { id: 'isolation', label: 'isolation', kind: 'multi', choices: isolationChoices(servers, state), initial: e.isolateFrom, placeholder: 'type to filter', optional: true },
        toggle: (server) => ({ type: 'toggleIsolation', server }),
      }));
    case 'spot':
      return {
        field: { ...choice('spot', keyed(spotChoices(state, spotAvailableAt(state, availability)), (v) => (v ? 'yes' : 'no')).choices, e.spot ? 'yes' : 'no'), placeholder: undefined },
        answer: (v) => ({ type: 'setSpot', spot: v === 'yes' }),
      };
    case 'reserved':
      return {
        field: { ...choice('reserved', keyed<ReservedMonths | 0>(reservedChoices(state.plan?.name ?? ''), String).choices, String(e.reservedMonths ?? 0)), placeholder: undefined },
        answer: (v) => ({ type: 'setReserved', months: v === '0' ? null : (Number(v) as ReservedMonths) }),
      };
    case 'support':
      return {
        field: { ...choice('support', supportChoices(), e.support ?? ''), placeholder: undefined },
        answer: (v) => ({ type: 'setSupport', support: v === '' ? null : (v as SupportCode) }),
      };
  }
}

export function ExtrasStep(props: ExtrasStepProps): ReactNode {
  const { state, dispatch, width, isActive } = props;
  const back = () => dispatch({ type: 'back' });
  const listHeight = Math.max(1, props.height - 1);
  const editing = state.editing;
  const title =
    editing === null
      ? "Extras — optional, checked with the service's rules before sending"
      : editing === 'vlans'
        ? `VLANs of the new server on ${state.vlanNetwork ?? ''}`
        : (TITLES[editing] ?? editing);
  const editor = extraEditor(state, props.lists, props.availability);
  const field = editor.field;
  return (
    <Box flexDirection="column" width={width}>
      <Text bold={colorEnabled()} wrap="truncate">
        {title}
      </Text>
      {editor.waitFor ? <Pending key={editing ?? 'extras'} {...editor.waitFor} isActive={isActive} onBack={back} escWord="back" /> : null}
      {field ? (
        <StepForm
          key={editing === 'vlans' ? `vlans:${state.vlanNetwork ?? ''}` : (editing ?? 'extras')}
          field={field}
          width={width}
          height={field.kind === 'vlans' ? 1 : listHeight}
          isActive={isActive}
          emptyText={editor.emptyText}
          mask={editor.mask}
          onSubmit={(v) => editor.answer && dispatch(editor.answer(v))}
          onCancel={back}
          onToggle={(v) => editor.toggle && dispatch(editor.toggle(v))}
          onChange={(v) => editor.change && dispatch(editor.change(v))}
          onProblem={(message) => dispatch({ type: 'say', message })}
          onFiltering={props.onFiltering}
        />
      ) : null}
      {editor.note ? (
        <Text color={color('dim')} wrap="wrap">
          {editor.note}
        </Text>
      ) : null}
    </Box>
  );
}
