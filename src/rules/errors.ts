// Rules throw this instead of an emulator or API error so both the emulator (which turns it into an HTTP
// answer) and the dashboard forms (which show the text next to a field) can use the same checks.

export class RuleError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'RuleError';
  }
}

/** The message of a rule's refusal, or null when `fn` passes (a form's check). Other errors are bugs and propagate. */
export function ruleMessage(fn: () => unknown): string | null {
  try {
    fn();
    return null;
  } catch (err) {
    if (err instanceof RuleError) return err.message;
    throw err;
  }
}
