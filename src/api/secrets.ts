// Tokens, JWTs and passwords must never reach error text, logs or the screen. Every credential the program
// handles is registered here, and every message built by the client passes through `scrub`. The patterns
// catch credentials that were never registered (a JWT echoed back by a proxy, an Authorization header
// quoted in a library's message).

const known = new Set<string>();
/** the expression matching every known secret and its encodings, made again when the set changes */
let knownPattern: RegExp | null = null;

/** Values shorter than this are not registered: replacing "ab" everywhere would mangle ordinary text. */
const MIN_SECRET_LENGTH = 4;
/**
 * A secret this long (tokens, JWTs) is random enough to be removed wherever it appears. A shorter one (a
 * password such as `demo`) is removed only where it stands alone, so `demo-web-1` or `demo@example.com` in a
 * message stays readable.
 */
const ALONE_BELOW = 16;

const REDACTED = '[redacted]';

export function registerSecret(value: string | null | undefined): void {
  if (typeof value === 'string' && value.length >= MIN_SECRET_LENGTH && !known.has(value)) {
    known.add(value);
    knownPattern = null;
  }
}

export function forgetSecret(value: string | null | undefined): void {
  if (typeof value === 'string' && known.delete(value)) knownPattern = null;
}

/** How a secret may come back in text: as is, URL-encoded (as a path, a query or a form; either hex case) and JSON-escaped. */
function encodings(secret: string): string[] {
  const url = encodeURIComponent(secret);
  const form = new URLSearchParams({ v: secret }).toString().slice(2);
  const lower = (text: string) => text.replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase());
  return [...new Set([secret, url, url.replace(/%20/g, '+'), form, lower(url), lower(form), JSON.stringify(secret).slice(1, -1)])];
}

const escapeRe = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
// what continues a word, a name or an address: a secret touching one of these is part of something else
// (a sentence's full stop does not count: "password demo." ends there)
const WORD = '[\\p{L}\\p{N}_\\-.@~+%]';
const WORD_AFTER = '(?:[\\p{L}\\p{N}_\\-@~+%]|\\.[\\p{L}\\p{N}_])';

function secretsPattern(): RegExp | null {
  if (known.size === 0) return null;
  if (knownPattern !== null) return knownPattern;
  const anywhere = new Set<string>();
  const alone = new Set<string>();
  for (const secret of known) for (const form of encodings(secret)) (secret.length >= ALONE_BELOW ? anywhere : alone).add(form);
  // longest first, so a secret that contains another is removed whole
  const alt = (forms: Set<string>) => [...forms].sort((a, b) => b.length - a.length).map(escapeRe).join('|');
  const parts: string[] = [];
  if (anywhere.size > 0) parts.push(`(?:${alt(anywhere)})`);
  if (alone.size > 0) parts.push(`(?<!${WORD})(?:${alt(alone)})(?!${WORD_AFTER})`);
  knownPattern = new RegExp(parts.join('|'), 'gu');
  return knownPattern;
}

const PATTERNS: RegExp[] = [
  // JWT: three base64url parts, the first two JSON objects (`eyJ` is `{"`)
  /eyJ[A-Za-z0-9_-]{4,}\.eyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*/g,
  /(\bBearer\s+)[^\s"',;]+/gi,
  /(\bx-apitoken["']?\s*[:=]\s*["']?)[^\s"',;]+/gi,
  /(\bauthorization["']?\s*[:=]\s*["']?)(?!Bearer\b)[^\s"',;]+/gi,
  /(["']?(?:password|token|api_token|apitoken|jwt|console_key)["']?\s*[:=]\s*["']?)[^\s"',;}]+/gi,
];

export function scrub(text: string): string {
  const secrets = secretsPattern();
  let out = secrets === null ? text : text.replace(secrets, REDACTED);
  for (const re of PATTERNS) {
    out = out.replace(re, (_m, prefix?: unknown) => (typeof prefix === 'string' ? prefix : '') + REDACTED);
  }
  return out;
}
