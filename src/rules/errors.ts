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

export const ruleFail = (message: string, status = 400): never => {
  throw new RuleError(status, message);
};
