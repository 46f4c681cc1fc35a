import { describe, expect, it } from 'vitest';
import { MSG, parseEnvLines } from '../../src/rules/index.js';
import { expectRule } from './helpers.js';

describe('parseEnvLines', () => {
  it.each<[string, Array<{ name: string; value: string }>]>([
    ['A=1', [{ name: 'A', value: '1' }]],
    ['A=1\nB=2', [{ name: 'A', value: '1' }, { name: 'B', value: '2' }]],
    ['A=1\\nB=2', [{ name: 'A', value: '1' }, { name: 'B', value: '2' }]],
    ['A=1\r\nB=2\r\n', [{ name: 'A', value: '1' }, { name: 'B', value: '2' }]],
    ['\n\nVARNAME1=VARCONTENT1\n  \nVARNAME2=VARCONTENT2\n', [{ name: 'VARNAME1', value: 'VARCONTENT1' }, { name: 'VARNAME2', value: 'VARCONTENT2' }]],
    ['_X9=', [{ name: '_X9', value: '' }]],
    ['URL=https://a/b?c=d', [{ name: 'URL', value: 'https://a/b?c=d' }]],
    ['MSG=hello world', [{ name: 'MSG', value: 'hello world' }]],
    ['', []],
  ])('parses %j', (input, want) => {
    expect(parseEnvLines(input)).toEqual(want);
  });

  it.each<[unknown]>([['A'], ['=1'], ['1A=x'], ['A-B=x'], [' A=1'], ['A =1'], ['A=1\nbad'], [42], [null], [{ A: '1' }]])(
    'refuses %j',
    (input) => {
      expectRule(() => parseEnvLines(input), MSG.invalidEnv);
    },
  );
});
