// OpenSSH public keys, as the dashboard's form checks them: the service stores whatever text it is given
// (spec 4.8: "an invalid key does not work and can compromise the server configuration"), so the form
// parses the line, shows the fingerprint `ssh-keygen -l` would, and refuses anything else, a private key
// pasted by mistake above all. Pure: no file is read here.

// node:crypto is loaded when a key is read, not at start (5 to 15 ms of it)
const crypto = () => process.getBuiltinModule('node:crypto');

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

const KEY_TYPES = [
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
function fingerprint(data: string): string {
  return `SHA256:${crypto().createHash('sha256').update(Buffer.from(data, 'base64')).digest('base64').replace(/=+$/, '')}`;
}

/** Reads one OpenSSH public-key line; a message saying what is wrong when it is not one. */
export function parsePublicKey(text: string): PublicKey | { error: string } {
  if (looksPrivate(text)) return { error: 'this is a private key: it stays on your machine; give the .pub file or its line instead' };
  const lines = text.split(/\r?\n/).map((l) => l.trim()).filter((l) => l !== '' && !l.startsWith('#'));
  if (lines.length === 0) return { error: 'no key given: paste a public-key line or give the path to a .pub file' };
  if (lines.length > 1) return { error: 'one key at a time: the text holds several lines' };
  const [type = '', data = '', ...rest] = lines[0].split(/\s+/);
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

/** Reads the length-prefixed fields of a key's wire data (RFC 4253: string, mpint...). */
function wireFields(bytes: Buffer): Buffer[] {
  const out: Buffer[] = [];
  for (let at = 0; at + 4 <= bytes.length; ) {
    const len = bytes.readUInt32BE(at);
    if (at + 4 + len > bytes.length) break;
    out.push(bytes.subarray(at + 4, at + 4 + len));
    at += 4 + len;
  }
  return out;
}

/** Bits of an mpint (its leading zero byte, there to keep it positive, does not count). */
function mpintBits(n: Buffer | undefined): number {
  if (!n) return 0;
  let i = 0;
  while (i < n.length && n[i] === 0) i++;
  if (i === n.length) return 0;
  return (n.length - i - 1) * 8 + (32 - Math.clz32(n[i]));
}

const KEYGEN_NAMES: Record<string, string> = {
  'ssh-ed25519': 'ED25519',
  'ssh-rsa': 'RSA',
  'ssh-dss': 'DSA',
  'ecdsa-sha2-nistp256': 'ECDSA',
  'ecdsa-sha2-nistp384': 'ECDSA',
  'ecdsa-sha2-nistp521': 'ECDSA',
  'sk-ssh-ed25519@openssh.com': 'ED25519-SK',
  'sk-ecdsa-sha2-nistp256@openssh.com': 'ECDSA-SK',
};

/** The key's size in bits, as `ssh-keygen -l` counts it: the modulus for RSA and DSA, the curve otherwise. */
function keyBits(key: Pick<PublicKey, 'type' | 'data'>): number {
  const fields = wireFields(Buffer.from(key.data, 'base64'));
  if (key.type === 'ssh-rsa') return mpintBits(fields[2]);
  if (key.type === 'ssh-dss') return mpintBits(fields[1]);
  if (key.type.includes('nistp384')) return 384;
  if (key.type.includes('nistp521')) return 521;
  return 256;
}

/** `256 SHA256:… user@host (ED25519)`: the line `ssh-keygen -l -f key.pub` prints for the key. */
export function keygenLine(key: PublicKey): string {
  return `${keyBits(key)} ${key.fingerprint} ${key.comment || 'no comment'} (${KEYGEN_NAMES[key.type] ?? key.type})`;
}
