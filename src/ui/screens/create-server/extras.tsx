// The extras of the review (`x`): a list of optional fields and one small editor per field. Every value is
// handed to the reducer, which checks it with the service's rules and refuses it with the service's message;
// the view only shows lists and lines.
import { useRef, useState, type ReactNode } from 'react';
import { Box, Text } from 'ink';
import { HoldKeys, PRIORITY, useKeys } from '../../keys.js';
import type { Group, Network, PlanAvailability, Script, Server, SshKey } from '../../../api/index.js';
import { ChoiceList, type Choice } from '../../components/ChoiceList.js';
import { TextInput, editLine, lineState, renderLine, type LineState } from '../../components/TextInput.js';
import { truncate } from '../../text.js';
import { color, colorEnabled } from '../../theme.js';
import {
  NONE,
  extraFieldChoices,
  groupChoices,
  isolationChoices,
  maskEnvLine,
  networkChoices,
  reservedChoices,
  scriptChoices,
  spotAvailableAt,
  spotChoices,
  sshKeyChoices,
  supportChoices,
  type ScriptChoice,
} from './choices.js';
import type { Remote } from './remote.js';
import { windowsServer, type ReservedMonths, type SupportCode, type WizardAction, type WizardState } from './state.js';

export interface ExtrasLists {
  sshKeys: Remote<SshKey[]>;
  scripts: Remote<Script[]>;
  groups: Remote<Group[]>;
  networks: Remote<Network[]>;
  servers: Remote<Server[]>;
}

export interface ExtrasStepProps {
  state: WizardState;
  dispatch(action: WizardAction): WizardState;
  lists: ExtrasLists;
  availability?: readonly PlanAvailability[];
  width: number;
  /** Lines this view may use. */
  height: number;
  isActive: boolean;
}

/**
 * Keys for a view that shows no list: ⏎ retries (when there is something to retry), esc goes back. While the
 * list is `loading`, the keys typed wait for it (esc still goes back at once): `c⏎⏎⏎web-3⏎` typed ahead of
 * the service chooses the first plan, location and image and names the server, as it does typed slowly.
 */
export function KeyCatcher(props: { isActive: boolean; loading?: boolean; onBack(): void; onRetry?(): void }): ReactNode {
  useKeys(
    (_input, key) => {
      if (key.escape) props.onBack();
      else if (key.return) props.onRetry?.();
    },
    { active: props.isActive, priority: PRIORITY.dialog },
  );
  return props.loading === true && props.isActive ? <HoldKeys escape /> : null;
}

/** A list from the service: loading, its failure in the service's words (⏎ retries), or the choices. */
function RemoteChoice<T, V>(props: {
  remote: Remote<T>;
  what: string;
  build(data: T): Choice<V>[];
  initialValue?: (items: Choice<V>[]) => V | undefined;
  onSelect(choice: Choice<V>): void;
  onBack(): void;
  width: number;
  height: number;
  isActive: boolean;
  emptyText?: string;
  /** a list of marks: Space marks too (ChoiceList's `toggle`) */
  toggle?: boolean;
}): ReactNode {
  const { remote } = props;
  if (remote.error !== undefined) {
    return (
      <Box flexDirection="column">
        <Text color={color('error')} wrap="wrap">
          ✗ could not load the {props.what}: {remote.error}
        </Text>
        <Text color={color('dim')}>⏎ retry  esc back</Text>
        <KeyCatcher isActive={props.isActive} onBack={props.onBack} onRetry={remote.retry} />
      </Box>
    );
  }
  if (remote.data === undefined) {
    return (
      <Box flexDirection="column">
        <Text color={color('dim')}>loading the {props.what}…</Text>
        <KeyCatcher isActive={props.isActive} loading onBack={props.onBack} />
      </Box>
    );
  }
  const items = props.build(remote.data);
  return (
    <ChoiceList
      items={items}
      initialValue={props.initialValue?.(items)}
      height={Math.max(1, props.height - 2)}
      width={props.width}
      isActive={props.isActive}
      onSelect={props.onSelect}
      onCancel={props.onBack}
      placeholder="type to filter"
      emptyText={items.length === 0 ? (props.emptyText ?? `no ${props.what}`) : undefined}
      toggle={props.toggle}
    />
  );
}

export interface LinesEditorProps {
  lines: readonly string[];
  /** Environment lines: the value after the first `=` is never drawn, neither in the list nor while typed. */
  mask?: boolean;
  placeholder: string;
  width: number;
  height: number;
  isActive: boolean;
  /** Whether the line was taken; a refused line stays in the field to be fixed. */
  onAdd(line: string): boolean;
  onRemoveLast(): void;
  onDone(): void;
}

/**
 * An environment line while typed: the value, everything after the first `=`, is bulleted (`=` itself stays).
 * Text without `=` holds no value (the service refuses it: "Invalid env variable format"), so it is drawn as
 * typed, to be read and fixed; only a value is a secret.
 */
export function maskTypedEnv(value: string): string {
  const chars = Array.from(value);
  const at = chars.indexOf('=');
  if (at < 0) return value;
  return chars.slice(0, at + 1).join('') + '•'.repeat(chars.length - at - 1);
}

/**
 * Several lines, one typed at a time: ⏎ adds the line (after the reducer's check), ⏎ on an empty line is done,
 * ⌫ on an empty line takes the last line back. A paste arrives as one chunk with its line breaks; its lines are
 * added in order and the first refused one stays in the field. esc is done too, but adds what is typed first,
 * so nothing typed is thrown away without a word.
 */
function LinesEditor(props: LinesEditorProps): ReactNode {
  const ref = useRef<LineState>(lineState());
  const [line, setLine] = useState<LineState>(ref.current);
  const put = (next: LineState) => {
    if (next === ref.current) return;
    ref.current = next;
    setLine(next);
  };

  useKeys(
    (input, key) => {
      // "text⏎" typed fast is one line submitted (editLine handles it); only a chunk with more than that is a paste.
      const breaks = input.match(/\r\n|\r|\n/g)?.length ?? 0;
      if (!key.return && breaks > 0 && (breaks > 1 || !/[\r\n]$/.test(input))) {
        const parts = input.split(/\r\n|\r|\n/);
        let cur = ref.current;
        for (let i = 0; i < parts.length - 1; i++) {
          cur = editLine(cur, parts[i], {}).state;
          if (cur.value.trim() === '') continue;
          if (!props.onAdd(cur.value)) return put(cur);
          cur = lineState();
        }
        return put(editLine(cur, parts[parts.length - 1], {}).state);
      }
      if ((key.backspace || key.delete) && ref.current.value === '') return props.onRemoveLast();
      const out = editLine(ref.current, input, key);
      if (out.cancel) {
        if (ref.current.value.trim() === '' || props.onAdd(ref.current.value)) props.onDone();
        return;
      }
      if (out.submit) {
        if (out.state.value.trim() === '') return props.onDone();
        return put(props.onAdd(out.state.value) ? lineState() : out.state);
      }
      put(out.state);
    },
    { active: props.isActive, priority: PRIORITY.dialog },
  );

  const room = Math.max(0, props.height - 1);
  const shown = props.lines.slice(Math.max(0, props.lines.length - room + (props.lines.length > room ? 1 : 0)));
  const hidden = props.lines.length - shown.length;
  const numberWidth = String(props.lines.length + 1).length;
  const draw = props.mask ? { ...line, value: maskTypedEnv(line.value) } : line;
  const field = renderLine(draw, { width: Math.max(1, props.width - numberWidth - 3) });
  return (
    <Box flexDirection="column" width={props.width}>
      {hidden > 0 ? <Text color={color('dim')}>… {hidden} earlier line{hidden === 1 ? '' : 's'}</Text> : null}
      {shown.map((l, i) => (
        <Text key={hidden + i} wrap="truncate">
          <Text color={color('dim')}>{String(hidden + i + 1).padStart(numberWidth)} </Text> {truncate(props.mask ? maskEnvLine(l) : l, props.width - numberWidth - 3)}
        </Text>
      ))}
      <Text wrap="truncate">
        <Text color={color('accent')}>{'>'.padStart(numberWidth)} </Text>{' '}
        {line.value === '' ? (
          <>
            <Text inverse>{props.placeholder.charAt(0) || ' '}</Text>
            <Text color={color('dim')}>{props.placeholder.slice(1)}</Text>
          </>
        ) : (
          <>
            {field.before}
            <Text inverse>{field.at}</Text>
            {field.after}
          </>
        )}
      </Text>
    </Box>
  );
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

/** The hint line under each editor. */
export function extrasHint(state: WizardState): string {
  switch (state.editing) {
    case null:
      return '⏎ edit  type to filter  esc back to the review';
    case 'scriptText':
    case 'env':
      return '⏎ add the line  ⏎ on an empty line: done  ⌫ on an empty line: remove the last';
    case 'vlans':
      return 'e.g. 100 pvid, 200, 300-310  ·  ⏎ keep (empty detaches)  esc back';
    case 'isolation':
      return 'Space or ⏎ mark or unmark  type to filter  esc done';
    default:
      return '⏎ choose  type to filter  esc back';
  }
}

export function ExtrasStep(props: ExtrasStepProps): ReactNode {
  const { state, dispatch, lists, width, isActive } = props;
  const back = () => dispatch({ type: 'back' });
  const listHeight = Math.max(1, props.height - 1);
  const editing = state.editing;
  const title =
    editing === null
      ? 'Extras — optional, checked with the service’s rules before sending'
      : editing === 'vlans'
        ? `VLANs of the new server on ${state.vlanNetwork ?? ''}`
        : (TITLES[editing] ?? editing);
  const common = { width, height: listHeight, isActive, onBack: back };
  let body: ReactNode = null;
  switch (editing) {
    case null:
      body = (
        <ChoiceList
          key="extras"
          items={extraFieldChoices(state)}
          initialValue={state.lastField === 'scriptText' ? 'script' : (state.lastField ?? undefined)}
          height={Math.max(1, listHeight - 2)}
          width={width}
          isActive={isActive}
          placeholder="type to filter"
          onSelect={(c) => dispatch({ type: 'edit', field: c.value })}
          onCancel={back}
        />
      );
      break;
    case 'sshKey':
      body = (
        <RemoteChoice
          key="sshKey"
          {...common}
          remote={lists.sshKeys}
          what="SSH keys"
          build={sshKeyChoices}
          initialValue={() => state.extras.sshKey ?? NONE}
          onSelect={(c) => dispatch({ type: 'setSshKey', label: c.value === NONE ? null : c.value })}
        />
      );
      break;
    case 'script':
      body = (
        <RemoteChoice
          key="script"
          {...common}
          remote={lists.scripts}
          what="scripts"
          build={(scripts) => scriptChoices(scripts, windowsServer(state))}
          initialValue={(items: Choice<ScriptChoice>[]) => {
            const s = state.extras.script;
            const found = items.find((c) =>
              s === null ? c.value.kind === 'none' : s.kind === 'temporary' ? c.value.kind === 'temporary' : c.value.kind === 'library' && c.value.script.id === s.id,
            );
            return found?.value;
          }}
          onSelect={(c) => {
            const v = c.value;
            if (v.kind === 'none') dispatch({ type: 'setScript', script: null });
            else if (v.kind === 'temporary') dispatch({ type: 'setScript', script: { kind: 'temporary', lines: [] } });
            else dispatch({ type: 'setScript', script: { kind: 'library', id: v.script.id, title: v.script.title, windows: v.script.windows } });
          }}
        />
      );
      break;
    case 'scriptText':
      body = (
        <LinesEditor
          key="scriptText"
          lines={state.extras.script?.kind === 'temporary' ? state.extras.script.lines : []}
          placeholder="type a line of the script, e.g. apt-get -y install nginx"
          width={width}
          height={listHeight}
          isActive={isActive}
          onAdd={(line) => dispatch({ type: 'addScriptLine', line }).message === null}
          onRemoveLast={() => dispatch({ type: 'removeScriptLine' })}
          onDone={back}
        />
      );
      break;
    case 'env':
      body = (
        <LinesEditor
          key="env"
          mask
          lines={state.extras.env}
          placeholder="NAME=value"
          width={width}
          height={listHeight}
          isActive={isActive}
          onAdd={(line) => dispatch({ type: 'addEnvLine', line }).message === null}
          onRemoveLast={() => dispatch({ type: 'removeEnvLine' })}
          onDone={back}
        />
      );
      break;
    case 'group':
      body = (
        <RemoteChoice
          key="group"
          {...common}
          remote={lists.groups}
          what="groups"
          build={groupChoices}
          initialValue={() => state.extras.group?.id ?? NONE}
          onSelect={(c) => dispatch({ type: 'setGroup', group: c.value === NONE ? null : { id: c.value, name: c.label } })}
        />
      );
      break;
    case 'networks':
      body = (
        <RemoteChoice
          key="networks"
          {...common}
          remote={lists.networks}
          what="networks"
          emptyText="no private network yet (create one on the networks screen)"
          build={(networks) => networkChoices(networks, state)}
          initialValue={() => state.vlanNetwork ?? undefined}
          onSelect={(c) => dispatch({ type: 'editVlans', network: c.value })}
        />
      );
      break;
    case 'vlans': {
      const current = state.extras.networks.find((n) => n.name === state.vlanNetwork)?.vlans ?? '';
      body = (
        <Box flexDirection="column">
          <Box>
            <Text color={color('accent')}>{'> '}</Text>
            <TextInput
              key={`vlans:${state.vlanNetwork ?? ''}`}
              defaultValue={current}
              select
              placeholder="VLAN ids: 100 pvid, 200, 300-310"
              width={Math.max(1, width - 2)}
              isActive={isActive}
              onSubmit={(v) => dispatch({ type: 'setVlans', network: state.vlanNetwork ?? '', vlans: v })}
              onCancel={back}
            />
          </Box>
          <Text color={color('dim')} wrap="wrap">
            An id from 1 to 4094, `pvid` after the id that carries untagged traffic, or a range start-end.
          </Text>
        </Box>
      );
      break;
    }
    case 'isolation':
      body = (
        <RemoteChoice
          key="isolation"
          {...common}
          remote={lists.servers}
          what="servers"
          build={(servers) => isolationChoices(servers, state)}
          toggle
          onSelect={(c) => dispatch({ type: 'toggleIsolation', server: c.value })}
        />
      );
      break;
    case 'spot':
      body = (
        <ChoiceList
          key="spot"
          items={spotChoices(state, spotAvailableAt(state, props.availability))}
          initialValue={state.extras.spot}
          height={Math.max(1, listHeight - 2)}
          width={width}
          isActive={isActive}
          onSelect={(c) => dispatch({ type: 'setSpot', spot: c.value })}
          onCancel={back}
        />
      );
      break;
    case 'reserved':
      body = (
        <ChoiceList<ReservedMonths | 0>
          key="reserved"
          items={reservedChoices(state.plan?.name ?? '')}
          initialValue={state.extras.reservedMonths ?? 0}
          height={Math.max(1, listHeight - 2)}
          width={width}
          isActive={isActive}
          onSelect={(c) => dispatch({ type: 'setReserved', months: c.value === 0 ? null : c.value })}
          onCancel={back}
        />
      );
      break;
    case 'support':
      body = (
        <ChoiceList<SupportCode | ''>
          key="support"
          items={supportChoices()}
          initialValue={state.extras.support ?? ''}
          height={Math.max(1, listHeight - 2)}
          width={width}
          isActive={isActive}
          onSelect={(c) => dispatch({ type: 'setSupport', support: c.value === '' ? null : c.value })}
          onCancel={back}
        />
      );
      break;
  }
  return (
    <Box flexDirection="column" width={width}>
      <Text bold={colorEnabled()} wrap="truncate">
        {title}
      </Text>
      {body}
    </Box>
  );
}
