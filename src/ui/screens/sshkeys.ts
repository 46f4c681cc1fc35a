// `:sshkeys`: the public keys the account can put on new servers. The service stores whatever text it is
// given (spec 4.8), so the form is the check: it reads the pasted line or the `.pub` file named, shows the
// fingerprint as `ssh-keygen -l` does, refuses what is not a public key, and drops a private key the moment
// it is pasted (FieldSpec.discard), so it is never kept, drawn or sent.
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import type { SshKey } from '../../api/index.js';
import { keygenLine, looksPrivate, parsePublicKey, type PublicKey } from '../../rules/sshkey.js';
import type { Column } from '../components/Table.js';
import { formatDate } from '../format.js';
import { defineResource, field, type ConfirmSpec, type FieldSpec, type FormSpec } from '../resource/spec.js';
import { date } from './columns.js';

interface SshKeyRow extends SshKey {
  /** parsed from the key text: `ssh-ed25519`, the fingerprint, the comment; or why it is not a key */
  type: string;
  fingerprint: string;
  comment: string;
}

function keyRow(k: SshKey): SshKeyRow {
  const parsed = parsePublicKey(k.key);
  if ('error' in parsed) return { ...k, type: 'not a key', fingerprint: '—', comment: '' };
  return { ...k, type: parsed.type, fingerprint: parsed.fingerprint, comment: parsed.comment };
}

// short enough for the form's one error line at 80 columns
const PRIVATE_KEY_WARNING = 'private key dropped, never kept or sent: give the .pub file or its line';

/** The end of a pasted private key (OpenSSH, PEM, PuTTY): what is pasted after it is typed again. */
const PRIVATE_END = /-----END [A-Z0-9 ]*PRIVATE KEY-----|Private-MAC:/;

/** A path rather than a pasted line: `~/.ssh/id_ed25519.pub`, `/x/key.pub`, `./key.pub`. */
const isPath = (text: string): boolean => /^(~|\.{1,2}\/|\/)/.test(text) || (/\.pub$/.test(text) && !/\s/.test(text));

/** `~` and `~/x` are the home folder, as a shell would read them. */
function expandHome(path: string, home = homedir()): string {
  return path === '~' ? home : path.startsWith('~/') ? `${home}${path.slice(1)}` : path;
}

/** The public key the field names, read from disk when it is a path; a message when it is not one. */
function readKey(value: string): PublicKey | { error: string } {
  const text = value.trim();
  if (!isPath(text)) return parsePublicKey(text);
  let content: string;
  try {
    content = readFileSync(expandHome(text), 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return { error: code === 'ENOENT' ? `no file at ${text}` : code === 'EISDIR' ? `${text} is a folder, not a key file` : `${text} cannot be read (${code ?? 'error'})` };
  }
  // only the verdict leaves this function: the file's text is not kept
  if (looksPrivate(content)) return { error: `${text} is a private key: it stays on your machine; give ${text.endsWith('.pub') ? 'the public key' : `${text}.pub`} instead` };
  const parsed = parsePublicKey(content);
  return 'error' in parsed ? { error: `${text}: ${parsed.error}` } : parsed;
}

// The hint is drawn on every key typed: a file is read again only when the field says something else.
let lastRead: { value: string; result: PublicKey | { error: string } } | null = null;
function readOnce(value: string): PublicKey | { error: string } {
  if (lastRead?.value !== value) lastRead = { value, result: readKey(value) };
  return lastRead.result;
}

const KEY_FIELD: FieldSpec = {
  id: 'key',
  label: 'Key',
  placeholder: 'paste the line, or a path such as ~/.ssh/id_ed25519.pub',
  discard: { test: (v) => (looksPrivate(v) ? PRIVATE_KEY_WARNING : null), until: PRIVATE_END },
  check: (v) => {
    const r = readKey(String(v));
    return 'error' in r ? r.error : null;
  },
  hint: (v) => {
    if (String(v).trim() === '') return 'an OpenSSH public key: ssh-ed25519 AAAA… user@host, or the .pub file it is in';
    const r = readOnce(String(v));
    return 'error' in r ? `✗ ${r.error}` : `✓ ${keygenLine(r)}`;
  },
};

const createKey: FormSpec<SshKeyRow> = {
  title: 'Add an SSH key',
  consequence: 'New servers can be given this key for SSH logins; the key is checked here, since the service does not check it.',
  fields: [{ id: 'label', label: 'Label', placeholder: 'e.g. laptop' }, KEY_FIELD],
  verb: 'add',
  async submit(values, { client }) {
    const key = readKey(String(values.key));
    if ('error' in key) throw new Error(key.error);
    const label = String(values.label).trim();
    await client.sshKeys.add({ label, key: [key.type, key.data, key.comment].filter(Boolean).join(' ') });
    const added = (await client.sshKeys.list()).find((k) => k.label === label);
    return { message: `Added SSH key ${label}: ${keygenLine(key)}`, select: added ? String(added.id) : undefined };
  },
};

const renameKey: FormSpec<SshKeyRow> = {
  title: (k) => `Rename SSH key ${k?.label ?? ''}`,
  fields: (k) => [{ id: 'label', label: 'Label', initial: k?.label ?? '' }],
  verb: 'save',
  async submit(values, { client }, k) {
    const label = String(values.label).trim();
    if (label === k!.label) return { message: 'Nothing changed.', refresh: false };
    await client.sshKeys.rename(k!.id, label);
    return { message: `Renamed SSH key ${k!.label} to ${label}.` };
  },
};

const deleteKey: ConfirmSpec<SshKeyRow> = {
  kind: 'yesno',
  title: (k) => `Delete SSH key ${k.label}?`,
  consequence: () => 'Servers that already have it keep it; new servers can no longer be given it.',
  async run(k, { client }) {
    await client.sshKeys.remove(k.id);
    return { message: `Deleted SSH key ${k.label}.` };
  },
};

const SSHKEY_COLUMNS: readonly Column<SshKeyRow>[] = [
  { key: 'label', header: 'LABEL', fit: true, minWidth: 8, maxWidth: 24, identity: true },
  { key: 'type', header: 'TYPE', fit: true, maxWidth: 20, priority: 2 },
  { key: 'comment', header: 'COMMENT', minWidth: 10, width: 20, flex: 2, priority: 3 },
  // what people compare a key by: the last to give way after the label
  { key: 'fingerprint', header: 'FINGERPRINT', fit: true, maxWidth: 51, priority: 1 },
  { key: 'id', header: 'ID', width: 6, align: 'right', priority: 5, wide: true },
  date<SshKeyRow>('createdAt', 'ADDED', 4),
];

export default defineResource<SshKeyRow>({
  name: 'sshkeys',
  aliases: ['keys', 'key', 'ssh'],
  title: 'SSH keys',
  singular: 'SSH key',
  rowKey: (k) => String(k.id),
  copyId: (k) => k.label,
  label: (k) => k.label,
  columns: SSHKEY_COLUMNS,
  defaultSort: { column: 'label', descending: false },
  load: async ({ client }, signal) => (await client.sshKeys.list({ signal })).map(keyRow),
  empty: 'no SSH keys: c adds one',
  create: createKey,
  edit: renameKey,
  remove: deleteKey,
  record: (k) => {
    const parsed = parsePublicKey(k.key);
    return [
      {
        fields: [
          field('Label', k.label),
          field('ID', k.id),
          field('Type', k.type),
          field('Fingerprint', 'error' in parsed ? parsed.error : keygenLine(parsed)),
          field('Comment', k.comment),
          field('Added (UTC)', formatDate(k.createdAt)),
          // a private key someone stored through the API is not drawn either
          field('Public key', looksPrivate(k.key) ? 'a private key was stored here: not shown; delete it' : k.key),
        ],
      },
    ];
  },
});
