// A bulk confirmation names the rows its yes goes to.
import { describe, expect, test } from 'vitest';
import { goingText } from '../../../src/ui/resource/bulk.js';

describe('goingText', () => {
  test('names one, two, and six rows in full, and counts the rest past six', () => {
    expect(goingText(['web-1'], 'server')).toBe('Server: web-1.');
    expect(goingText(['web-1', 'web-2'], 'servers')).toBe('Servers: web-1 and web-2.');
    const eight = Array.from({ length: 8 }, (_, i) => `s${i + 1}`);
    expect(goingText(eight.slice(0, 6), 'servers')).toBe('Servers: s1, s2, s3, s4, s5 and s6.');
    expect(goingText(eight, 'servers')).toBe('Servers: s1, s2, s3, s4, s5, s6 and 2 more.');
    expect(goingText([], 'servers')).toBe('');
  });
});
