// Tokens, JWTs and passwords must never reach error text, logs or the screen. Every credential the program
// handles is registered here, and every message built by the client passes through `scrub`. The patterns
// catch credentials that were never registered (a JWT echoed back by a proxy, an Authorization header
// quoted in a library's message).

const known = new Set<string>();

/** Values shorter than this are not registered: replacing "ab" everywhere would mangle ordinary text. */
const MIN_SECRET_LENGTH = 4;

export const REDACTED = '[redacted]';

export function registerSecret(value: string | null | undefined): void {
  if (typeof value === 'string' && value.length >= MIN_SECRET_LENGTH) known.add(value);
}

export function forgetSecret(value: string | null | undefined): void {
  if (typeof value === 'string') known.delete(value);
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
  let out = text;
  // longest first, so a secret that contains another is removed whole
  for (const s of [...known].sort((a, b) => b.length - a.length)) {
    if (out.includes(s)) out = out.split(s).join(REDACTED);
  }
  for (const re of PATTERNS) {
    out = out.replace(re, (_m, prefix?: unknown) => (typeof prefix === 'string' ? prefix : '') + REDACTED);
  }
  return out;
}
