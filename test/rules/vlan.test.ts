import { describe, expect, it } from 'vitest';
import { MSG, checkRangeCreateBody, checkVlanId, parseVlanRange } from '../../src/rules/index.js';
import { expectRule } from './helpers.js';

describe('checkVlanId', () => {
  it.each([
    [1, 1],
    [4094, 4094],
    [100, 100],
    ['7', 7],
  ])('accepts %j', (input, want) => {
    expect(checkVlanId(input)).toBe(want);
  });

  it.each([
    [0, 'vlan with id 0 not in 1-4094'],
    [4095, 'vlan with id 4095 not in 1-4094'],
    [-1, 'vlan with id -1 not in 1-4094'],
    [1.5, 'vlan with id 1.5 not in 1-4094'],
    ['abc', 'vlan with id abc not in 1-4094'],
    ['', 'vlan with id  not in 1-4094'],
    [true, 'vlan with id true not in 1-4094'],
    [null, 'vlan with id null not in 1-4094'],
  ])('refuses %j', (input, message) => {
    expectRule(() => checkVlanId(input), message);
  });
});

describe('parseVlanRange', () => {
  it.each([
    ['1-2', 1, 2],
    ['1-4094', 1, 4094],
    ['4093-4094', 4093, 4094],
    ['100-200', 100, 200],
    ['0010-0020', 10, 20],
  ])('accepts %j', (input, start, end) => {
    expect(parseVlanRange(input)).toEqual({ start, end });
  });

  it.each<[unknown, string]>([
    [12, MSG.rangeNotString],
    [undefined, MSG.rangeNotString],
    [['1', '2'], MSG.rangeNotString],
    ['12', MSG.rangeNoDivider],
    ['', MSG.rangeNoDivider],
    ['1_2', MSG.rangeNoDivider],
    ['1--2', MSG.rangeManyDividers],
    ['1-2-3', MSG.rangeManyDividers],
    ['-1-2', MSG.rangeManyDividers],
    ['a-b', MSG.rangeNotDigits],
    [' 1-2', MSG.rangeNotDigits],
    ['1-2 ', MSG.rangeNotDigits],
    ['-5', MSG.rangeNotDigits],
    ['5-', MSG.rangeNotDigits],
    ['1.5-3', MSG.rangeNotDigits],
    ['10-5', MSG.rangeEndNotGreater],
    ['5-5', MSG.rangeEndNotGreater],
    ['0-0', MSG.rangeEndNotGreater],
    ['0-5', MSG.rangeStartOut],
    ['4094-4095', MSG.rangeStartOut],
    ['1-4095', MSG.rangeEndOut],
    ['4093-5000', MSG.rangeEndOut],
  ])('refuses %j', (input, message) => {
    expectRule(() => parseVlanRange(input), message);
  });
});

describe('checkRangeCreateBody', () => {
  it('returns the parsed range', () => {
    expect(checkRangeCreateBody({ vlans: '10-20' })).toEqual({ start: 10, end: 20 });
  });

  it('refuses pvid, before vlan_id and before the range itself', () => {
    expectRule(() => checkRangeCreateBody({ vlans: 'x', pvid: false, vlan_id: 3 }), MSG.rangePvidUnsupported);
  });

  it('refuses vlan_id', () => {
    expectRule(() => checkRangeCreateBody({ vlans: '1-2', vlan_id: 3 }), MSG.rangeVlanIdUnsupported);
  });

  it('checks the range', () => {
    expectRule(() => checkRangeCreateBody({ vlans: '2-1' }), MSG.rangeEndNotGreater);
  });
});
