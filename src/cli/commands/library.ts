// `ecsdeck templates|sshkeys|scripts|networks|groups …`: what servers are made from and joined to.
import type { Group, Network, Script, SshKey, Template } from '../../api/index.js';
import { col, type Column, type Resource, type Verb } from '../types.js';
import { actionResult, arg, done, find, flag, num, opt, record, rows, when, yes } from '../shapes.js';

const TEMPLATE_COLUMNS: Column[] = [
  col<Template>('ID', (t) => String(t.id)),
  col<Template>('NAME', (t) => t.name),
  col<Template>('DESCRIPTION', (t) => t.description),
  col<Template>('STATUS', (t) => t.status),
  col<Template>('CREATED', (t) => when(t.createdAt)),
];
const SSHKEY_COLUMNS: Column[] = [col<SshKey>('ID', (k) => String(k.id)), col<SshKey>('LABEL', (k) => k.label), col<SshKey>('CREATED', (k) => when(k.createdAt))];
const SSHKEY_RECORD: Column[] = [...SSHKEY_COLUMNS, col<SshKey>('KEY', (k) => k.key)];
const SCRIPT_COLUMNS: Column[] = [
  col<Script>('ID', (s) => String(s.id)),
  col<Script>('TITLE', (s) => s.title),
  col<Script>('WINDOWS', (s) => yes(s.windows)),
  col<Script>('PUBLIC', (s) => yes(s.public)),
  col<Script>('CREATED', (s) => when(s.createdAt)),
];
const SCRIPT_RECORD: Column[] = [...SCRIPT_COLUMNS, col<Script>('CONTENT', (s) => s.content)];
const NETWORK_COLUMNS: Column[] = [
  col<Network>('NAME', (n) => n.name),
  col<Network>('ID', (n) => String(n.networkId)),
  col<Network>('ACTIVE', (n) => yes(n.active)),
  col<Network>('CREATED', (n) => when(n.createdAt)),
];
const GROUP_COLUMNS: Column[] = [col<Group>('ID', (g) => String(g.id)), col<Group>('NAME', (g) => g.name), col<Group>('NOTES', (g) => g.notes), col<Group>('ENABLED', (g) => yes(g.enabled))];

const templateRef = arg('template', 'the template (its name or id)', { complete: 'templates', meta: 'TEMPLATE' });
const ref = (v: Record<string, unknown>): string | number => {
  const t = String(v.template);
  return /^\d+$/.test(t) ? Number(t) : t;
};
const idArg = (what: string) => num('id', `the ${what}'s id`, { positional: true, required: true, meta: 'ID' });
const id = (v: Record<string, unknown>) => v.id as number;

/** `--content TEXT` or `--file PATH` (`-` for stdin): the file is read into `content`. */
const contentParams = [opt('content', 'the text itself', { meta: 'TEXT' }), opt('file', "read it from a file ('-': stdin)", { meta: 'PATH' })];
const readContent = async (v: Record<string, unknown>, ctx: { readInput(path: string): Promise<string> }, key = 'content') => {
  if (v.file !== undefined) v[key] = await ctx.readInput(v.file as string);
};
const oneOfContent = (key: string, required: boolean) => (v: Record<string, unknown>) => {
  if (v[key] !== undefined && v.file !== undefined) return `give --${key} or --file, not both`;
  if (required && v[key] === undefined && v.file === undefined) return `give --${key} TEXT or --file PATH ('-' for stdin)`;
  return null;
};

const templates: Verb[] = [
  { resource: 'templates', name: 'list', summary: 'the private templates', params: [], run: async ({ client }) => ({ output: rows(await client.templates.list(), TEMPLATE_COLUMNS) }) },
  {
    resource: 'templates',
    name: 'get',
    summary: 'one template',
    params: [templateRef],
    run: async ({ client }, v) => ({ output: record(await client.templates.get(ref(v)), TEMPLATE_COLUMNS) }),
  },
  {
    resource: 'templates',
    name: 'create',
    summary: 'make a template from a server or a snapshot (starts a create_template action)',
    params: [
      opt('description', "the template's name", { required: true, meta: 'TEXT' }),
      opt('server', 'from this server', { complete: 'servers', meta: 'SERVER' }),
      num('snapshot', 'from this snapshot (its id)', { meta: 'ID' }),
    ],
    startsAction: true,
    check: (v) => ((v.server === undefined) === (v.snapshot === undefined) ? 'give --server or --snapshot (one of them)' : null),
    write: { method: 'POST', path: '/ecs/v2/templates', body: { description: { from: 'description' }, server: { from: 'server' }, snapshot: { from: 'snapshot' } } },
    run: async ({ client }, v) => {
      const description = v.description as string;
      const made = await client.templates.create(v.server !== undefined ? { description, server: v.server as string } : { description, snapshot: v.snapshot as number });
      return { output: record(made.template, TEMPLATE_COLUMNS, made), actionId: made.actionId, after: async () => record(await client.templates.get(made.template.name), TEMPLATE_COLUMNS) };
    },
  },
  {
    resource: 'templates',
    name: 'rename',
    summary: "change a template's description (its display name)",
    params: [templateRef, arg('description', 'the new description', { meta: 'TEXT' })],
    write: { method: 'PUT', path: '/ecs/v2/templates/{template}', body: { description: { from: 'description' } } },
    run: async ({ client }, v) => ({ output: record(await client.templates.rename(ref(v), v.description as string), TEMPLATE_COLUMNS) }),
  },
  {
    resource: 'templates',
    name: 'delete',
    summary: 'delete a template for good (starts a delete_template action)',
    params: [templateRef],
    destructive: true,
    startsAction: true,
    write: { method: 'DELETE', path: '/ecs/v2/templates/{template}' },
    run: async ({ client }, v) => actionResult(await client.templates.remove(ref(v))),
  },
];

const sshkeys: Verb[] = [
  { resource: 'sshkeys', name: 'list', summary: 'the public keys', params: [], run: async ({ client }) => ({ output: rows(await client.sshKeys.list(), SSHKEY_COLUMNS) }) },
  { resource: 'sshkeys', name: 'get', summary: 'one public key', params: [idArg('key')], run: async ({ client }, v) => ({ output: record(await client.sshKeys.get(id(v)), SSHKEY_RECORD) }) },
  {
    resource: 'sshkeys',
    name: 'add',
    summary: 'register a public key',
    params: [opt('label', 'its name', { required: true, meta: 'LABEL' }), opt('key', 'the public key itself', { meta: 'KEY' }), opt('file', "read it from a file ('-': stdin)", { meta: 'PATH' })],
    check: (v) => oneOfContent('key', true)(v),
    prepare: async (v, ctx) => {
      await readContent(v, ctx, 'key');
      if (typeof v.key === 'string') v.key = v.key.trim();
      delete v.file;
    },
    write: { method: 'POST', path: '/ecs/v2/sshkeys', body: { label: { from: 'label' }, key: { from: 'key' } } },
    run: async ({ client }, v) => {
      await client.sshKeys.add({ label: v.label as string, key: v.key as string });
      const keys = await client.sshKeys.list();
      const mine = keys.filter((k) => k.label === v.label).sort((a, b) => b.id - a.id)[0];
      return { output: mine ? record(mine, SSHKEY_COLUMNS) : { kind: 'none' } };
    },
  },
  {
    resource: 'sshkeys',
    name: 'rename',
    summary: "change a key's label",
    params: [idArg('key'), arg('label', 'the new label', { meta: 'LABEL' })],
    write: { method: 'PUT', path: '/ecs/v2/sshkeys/{id}', body: { label: { from: 'label' } } },
    run: async ({ client }, v) => ({ output: record(await client.sshKeys.rename(id(v), v.label as string), SSHKEY_COLUMNS) }),
  },
  {
    resource: 'sshkeys',
    name: 'delete',
    summary: 'remove a public key',
    params: [idArg('key')],
    destructive: true,
    write: { method: 'DELETE', path: '/ecs/v2/sshkeys/{id}' },
    run: async ({ client }, v) => {
      await client.sshKeys.remove(id(v));
      return done(`key ${id(v)} deleted`);
    },
  },
];

const scripts: Verb[] = [
  { resource: 'scripts', name: 'list', summary: 'the first-boot scripts', params: [], run: async ({ client }) => ({ output: rows(await client.scripts.list(), SCRIPT_COLUMNS) }) },
  { resource: 'scripts', name: 'get', summary: 'one script, with its content', params: [idArg('script')], run: async ({ client }, v) => ({ output: record(await client.scripts.get(id(v)), SCRIPT_RECORD) }) },
  {
    resource: 'scripts',
    name: 'create',
    summary: 'add a script to the library',
    params: [opt('title', 'its title', { required: true, meta: 'TITLE' }), ...contentParams, flag('windows', 'a PowerShell script for Windows', { default: false })],
    check: oneOfContent('content', true),
    prepare: async (v, ctx) => {
      await readContent(v, ctx);
      delete v.file;
    },
    write: { method: 'POST', path: '/ecs/v2/scripts', body: { title: { from: 'title' }, content: { from: 'content' }, windows: { from: 'windows' } } },
    run: async ({ client }, v) => ({
      output: record(await client.scripts.create({ title: v.title as string, content: v.content as string, windows: v.windows === true }), SCRIPT_COLUMNS),
    }),
  },
  {
    resource: 'scripts',
    name: 'update',
    summary: "change a script's title or content",
    params: [idArg('script'), opt('title', 'its title', { meta: 'TITLE' }), ...contentParams, opt('windows', 'yes: a PowerShell script for Windows; no: a shell script', { type: 'switch', meta: 'yes|no' })],
    check: (v) =>
      oneOfContent('content', false)(v) ??
      (v.title === undefined && v.content === undefined && v.file === undefined && v.windows === undefined ? 'say what to change: --title, --content, --file or --windows' : null),
    prepare: async (v, ctx) => {
      await readContent(v, ctx);
      delete v.file;
    },
    write: { method: 'PUT', path: '/ecs/v2/scripts/{id}', body: { title: { from: 'title' }, content: { from: 'content' }, windows: { from: 'windows' } } },
    run: async ({ client }, v) => {
      const input: { title?: string; content?: string; windows?: boolean } = {};
      if (v.title !== undefined) input.title = v.title as string;
      if (v.content !== undefined) input.content = v.content as string;
      if (v.windows !== undefined) input.windows = v.windows as boolean;
      return { output: record(await client.scripts.update(id(v), input), SCRIPT_COLUMNS) };
    },
  },
  {
    resource: 'scripts',
    name: 'delete',
    summary: 'remove a script from the library',
    params: [idArg('script')],
    destructive: true,
    write: { method: 'DELETE', path: '/ecs/v2/scripts/{id}' },
    run: async ({ client }, v) => {
      await client.scripts.remove(id(v));
      return done(`script ${id(v)} deleted`);
    },
  },
];

const networkArg = arg('network', 'the network (its name)', { meta: 'NETWORK' });
const networks: Verb[] = [
  { resource: 'networks', name: 'list', summary: 'the private networks', params: [], run: async ({ client }) => ({ output: rows(await client.networks.list(), NETWORK_COLUMNS) }) },
  { resource: 'networks', name: 'get', summary: 'one network', params: [networkArg], run: async ({ client }, v) => ({ output: record(await client.networks.get(v.network as string), NETWORK_COLUMNS) }) },
  {
    resource: 'networks',
    name: 'create',
    summary: 'make a private network (the service names it)',
    params: [],
    write: { method: 'POST', path: '/ecs/v2/networks', body: {} },
    run: async ({ client }) => ({ output: record(await client.networks.create(), NETWORK_COLUMNS) }),
  },
  {
    resource: 'networks',
    name: 'delete',
    summary: 'remove a network (refused while a VLAN is on it)',
    params: [networkArg],
    destructive: true,
    write: { method: 'DELETE', path: '/ecs/v2/networks/{network}' },
    run: async ({ client }, v) => {
      await client.networks.remove(v.network as string);
      return done(`network ${String(v.network)} deleted`);
    },
  },
];

const groupArg = arg('group', 'the group (its eg1… name or id)', { meta: 'GROUP' });
const groups: Verb[] = [
  { resource: 'groups', name: 'list', summary: 'the server groups', params: [], run: async ({ client }) => ({ output: rows(await client.groups.list(), GROUP_COLUMNS) }) },
  {
    resource: 'groups',
    name: 'get',
    summary: 'one group',
    params: [groupArg],
    run: async ({ client }, v) => {
      const g = String(v.group);
      return { output: record(find(await client.groups.list(), (x) => x.name === g || String(x.id) === g, `group ${g}`), GROUP_COLUMNS) };
    },
  },
  {
    resource: 'groups',
    name: 'create',
    summary: 'make a group (the service names it eg1…)',
    params: [opt('notes', 'its label', { required: true, meta: 'TEXT' })],
    write: { method: 'POST', path: '/ecs/v2/groups', body: { notes: { from: 'notes' } } },
    run: async ({ client }, v) => ({ output: record(await client.groups.create({ notes: v.notes as string }), GROUP_COLUMNS) }),
  },
  {
    resource: 'groups',
    name: 'delete',
    summary: 'remove a group',
    params: [groupArg],
    destructive: true,
    write: { method: 'DELETE', path: '/ecs/v2/groups/{group}' },
    run: async ({ client }, v) => {
      await client.groups.delete(String(v.group));
      return done(`group ${String(v.group)} deleted`);
    },
  },
];

export const library: Resource[] = [
  { name: 'templates', summary: 'private images made from servers or snapshots', verbs: templates },
  { name: 'sshkeys', summary: 'public keys for new servers', verbs: sshkeys },
  { name: 'scripts', summary: 'scripts run at first boot', verbs: scripts },
  { name: 'networks', summary: 'private networks (VLANs: ecsdeck servers vlan-add)', verbs: networks },
  { name: 'groups', summary: 'server groups', verbs: groups },
];
