import { expect } from 'vitest';
import { RuleError } from '../../src/rules/index.js';

/** Runs `fn` and asserts it throws a RuleError with exactly this status and text. */
export function expectRule(fn: () => unknown, message: string, status = 400): void {
  let caught: unknown;
  try {
    fn();
  } catch (e) {
    caught = e;
  }
  expect(caught, `expected RuleError "${message}"`).toBeInstanceOf(RuleError);
  expect((caught as RuleError).message).toBe(message);
  expect((caught as RuleError).status).toBe(status);
}
