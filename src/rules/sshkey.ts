// OpenSSH public keys, as the dashboard's form checks them: the service stores whatever text it is given
// (spec 4.8: "an invalid key does not work and can compromise the server configuration"), so the form
// parses the line, shows the fingerprint `ssh-keygen -l` would, and refuses anything else, a private key
// pasted by mistake above all. Pure: no file is read here.
import { createHash } from 'node:crypto';

export interface PublicKey {
  /** `ssh-ed25519`, `ssh-rsa`, `ecdsa-sha2-nistp256`, ... */
  type: string;
  /** the key itself, base64 as in the line */
  data: string;
  /** what follows the key: usually `user@host` */
  comment: string;
  /** `SHA256:...` as `ssh-keygen -l` prints it */
  fingerprint: string;
}

export const KEY_TYPES = [
  'ssh-ed25519',
  'ssh-rsa',
  'ssh-dss',
  'ecdsa-sha2-nistp256',
  'ecdsa-sha2-nistp384',
  'ecdsa-sha2-nistp521',
  'sk-ssh-ed25519@openssh.com',
  'sk-ecdsa-sha2-nistp256@openssh.com',
] as const;

const PRIVATE = /-----BEGIN [A-Z ]*PRIVATE KEY-----|PuTTY-User-Key-File-/;

/** Whether the text is (or holds) a private key: never to be sent, stored or shown. */
export function looksPrivate(text: string): boolean {
  return PRIVATE.test(text);
}

/** The fingerprint of a key's base64 data: SHA-256 of the decoded bytes, base64 without padding. */
export function fingerprint(data: string): string {
  return `SHA256:${createHash('sha256').update(Buffer.from(data, 'base64')).digest('base64').replace(/=+$/, '')}`;
}

/** Reads one OpenSSH public-key line; a message saying what is wrong when it is not one. */
export function parsePublicKey(text: string): PublicKey | { error: string } {
  if (looksPrivate(text)) return { error: 'this is a private key: it stays on your machine; give the .pub file or its line instead' };
  const lines = text.split(/\r?\n/).map((l) => l.trim()).filter((l) => l !== '' && !l.startsWith('#'));
  if (lines.length === 0) return { error: 'no key given: paste a public-key line or give the path to a .pub file' };
  if (lines.length > 1) return { error: 'one key at a time: the text holds several lines' };
  const [type = '', data = '', ...rest] = lines[0]!.split(/\s+/);
  if (!(KEY_TYPES as readonly string[]).includes(type)) {
    return { error: `not an OpenSSH public key: it should start with one of ${KEY_TYPES.slice(0, 3).join(', ')}, ...` };
  }
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(data) || data.length < 20) return { error: 'the key data is not valid base64' };
  const bytes = Buffer.from(data, 'base64');
  // the data starts with its own type, length-prefixed: a line whose two parts disagree is damaged
  const declared = bytes.length >= 4 ? bytes.subarray(4, 4 + bytes.readUInt32BE(0)).toString('latin1') : '';
  if (declared !== type) return { error: `the key data says ${declared ? `'${declared}'` : 'nothing'}, the line says '${type}': the key is damaged` };
  return { type, data, comment: rest.join(' '), fingerprint: fingerprint(data) };
}
