import { RuleError } from './errors.js';
import { MSG } from './messages.js';

export interface EnvVar {
  name: string;
  value: string;
}

const LINE = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s;

/**
 * `user_customize_env`: the spec joins lines "with a newline escape", so both a real newline and the
 * two-character `\n` separate lines. The cost is that a value cannot contain a literal backslash-n.
 * Blank lines are skipped; any other line must be exactly NAME=value (no spaces around the name).
 * Values may be empty or contain '='.
 */
export function parseEnvLines(text: unknown): EnvVar[] {
  if (typeof text !== 'string') throw new RuleError(400, MSG.invalidEnv);
  const vars: EnvVar[] = [];
  for (const raw of text.split(/\r?\n|\\n/)) {
    if (raw.trim() === '') continue;
    const m = LINE.exec(raw.replace(/\r$/, ''));
    if (!m) throw new RuleError(400, MSG.invalidEnv);
    vars.push({ name: m[1], value: m[2] });
  }
  return vars;
}
