// Every failure inside the emulator is thrown as an EmuError and answered as
// {"status":"error","error_code":<status>,"message":<text>}. Texts of the spec's section 7 live in src/rules.

export class EmuError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'EmuError';
  }
}

export const fail = (status: number, message: string, extra?: Record<string, unknown>): never => {
  throw new EmuError(status, message, extra);
};

export const badRequest = (message: string): never => fail(400, message);
export const notFound = (message: string): never => fail(404, message);

export function errorBody(status: number, message: string, extra: Record<string, unknown> = {}) {
  return { status: 'error', error_code: status, message, ...extra };
}
