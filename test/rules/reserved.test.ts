import { describe, expect, it } from 'vitest';
import { MSG, parseReservedPlan, reservedFormula } from '../../src/rules/index.js';
import { expectRule } from './helpers.js';

describe('parseReservedPlan', () => {
  it.each<[unknown, ReturnType<typeof parseReservedPlan>]>([
    [5, { kind: 'id', id: 5 }],
    ['112', { kind: 'id', id: 112 }],
    ['M12PECS1', { kind: 'formula', months: 12, plan: 'ECS1' }],
    ['m3peCS2HM', { kind: 'formula', months: 3, plan: 'eCS2HM' }],
    ['M6Pecs4', { kind: 'formula', months: 6, plan: 'ecs4' }],
    [' M12PECS1 ', { kind: 'formula', months: 12, plan: 'ECS1' }],
  ])('reads %j', (input, want) => {
    expect(parseReservedPlan(input)).toEqual(want);
  });

  it.each<[unknown]>([
    [0],
    [-3],
    [1.5],
    ['0'],
    ['M5PECS1'],
    ['M1PECS1'],
    ['M24PECS1'],
    ['M03PECS1'],
    ['M12P'],
    ['M12ECS1'],
    ['12PECS1'],
    ['M12PECS-1'],
    ['ECS1'],
    [true],
    [{ id: 1 }],
  ])('refuses %j as a bad formula', (input) => {
    expectRule(() => parseReservedPlan(input), MSG.reservedInvalidFormula);
  });

  it.each<[unknown]>([[undefined], [null], [''], ['  ']])('requires a value (%j)', (input) => {
    expectRule(() => parseReservedPlan(input), MSG.reservedPlanRequired);
  });

  it('builds the canonical name', () => {
    expect(reservedFormula(12, 'eCS1')).toBe('M12PECS1');
  });
});
