// The themes as data: every role readable on the backgrounds its theme is made for (WCAG contrast, computed
// from the xterm-256 values), the choice between them (NO_COLOR, --theme, the profile), and no colour named
// anywhere in the program but src/ui/theme.ts.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseFlags } from '../../src/boot/start-plan.js';
import { ProfileStore } from '../../src/config/profiles.js';
import { pickTheme, THEMES, type Role } from '../../src/ui/theme.js';

/** The RGB of an xterm-256 colour from 16 up: the 6×6×6 cube, then the grey ramp (the 16 below vary by terminal). */
function xterm256(n: number): [number, number, number] {
  if (n < 16 || n > 255) throw new Error(`colour ${n} has no fixed value`);
  if (n >= 232) {
    const v = 8 + 10 * (n - 232);
    return [v, v, v];
  }
  const level = [0, 95, 135, 175, 215, 255];
  const i = n - 16;
  return [level[Math.floor(i / 36)], level[Math.floor(i / 6) % 6], level[i % 6]];
}

const hex = (h: string): [number, number, number] => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16)) as [number, number, number];

/** WCAG 2 relative luminance and contrast ratio. */
function luminance([r, g, b]: [number, number, number]): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}
function contrast(a: [number, number, number], b: [number, number, number]): number {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}

describe('contrast', () => {
  it('the helper agrees with WCAG on known pairs', () => {
    expect(contrast([0, 0, 0], [255, 255, 255])).toBeCloseTo(21, 5);
    expect(contrast(hex('#777777'), hex('#ffffff'))).toBeCloseTo(4.48, 2);
    expect(xterm256(196)).toEqual([255, 0, 0]);
    expect(xterm256(244)).toEqual([128, 128, 128]);
  });

  for (const name of ['dark', 'light'] as const) {
    it(`every colour of the ${name} theme reads at 4.5:1 or better on each of its backgrounds`, () => {
      const theme = THEMES[name];
      const failures: string[] = [];
      for (const [role, n] of Object.entries(theme.palette ?? {}) as Array<[Role, number]>) {
        for (const bg of theme.backgrounds) {
          const ratio = contrast(xterm256(n), hex(bg));
          if (ratio < 4.5) failures.push(`${role} (${n}) on ${bg}: ${ratio.toFixed(2)}`);
        }
      }
      expect(failures).toEqual([]);
      expect(theme.palette).not.toBeNull();
    });
  }

  it('the dark palette would not do on a light background, nor the light one on a dark: the themes differ for a reason', () => {
    expect(contrast(xterm256(THEMES.dark.palette!.warn), hex('#ffffff'))).toBeLessThan(3);
    expect(contrast(xterm256(THEMES.light.palette!.error), hex('#000000'))).toBeLessThan(3);
  });
});

describe('choosing the theme', () => {
  it('NO_COLOR means mono whatever else asks; then the flag, then the profile, then dark', () => {
    expect(pickTheme('light', 'light', { NO_COLOR: '1' })).toBe('mono');
    expect(pickTheme(undefined, undefined, { NO_COLOR: '' })).toBe('dark');
    expect(pickTheme('light', 'mono', {})).toBe('light');
    expect(pickTheme(undefined, 'light', {})).toBe('light');
    expect(pickTheme(undefined, undefined, {})).toBe('dark');
  });

  it('--theme takes the three names and refuses others with the list', () => {
    expect(parseFlags(['--theme', 'light']).theme).toBe('light');
    expect(parseFlags(['--theme=mono']).theme).toBe('mono');
    expect(parseFlags([]).theme).toBeUndefined();
    expect(() => parseFlags(['--theme', 'solarized'])).toThrow("--theme takes dark, light, mono, not 'solarized'");
    expect(() => parseFlags(['--theme'])).toThrow('--theme needs a value');
  });

  it("a profile keeps its theme through a new credential; a theme this version does not know is left out", () => {
    const dir = mkdtempSync(join(tmpdir(), 'ecsdeck-theme-'));
    try {
      const store = new ProfileStore({ cwd: dir, env: {} });
      store.add({ name: 'work', endpoint: 'https://api.example.net', credential: null, theme: 'light' });
      store.setCredential('work', { kind: 'token', token: 'tok-theme-test' });
      expect(store.get('work')?.theme).toBe('light');
      store.add({ name: 'odd', endpoint: 'https://api.example.net', credential: null, theme: 'neon' as never });
      expect(store.get('odd')?.theme).toBeUndefined();
      expect(new ProfileStore({ cwd: dir, env: {} }).get('work')?.theme).toBe('light');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('no colour literal outside src/ui/theme.ts', () => {
  const root = join(import.meta.dirname, '../../src');
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : []));

  const NAMES = 'black|red|green|yellow|blue|magenta|cyan|white|gray|grey|blackBright|redBright|greenBright|yellowBright|blueBright|magentaBright|cyanBright|whiteBright';
  const PATTERNS: Array<[string, RegExp]> = [
    ['a colour prop given a literal', /\b(?:c|backgroundC|borderC|borderTopC|borderBottomC|borderLeftC|borderRightC)olor=(?:"|\{\s*['"`])/],
    ['a named colour in quotes', new RegExp(`['"\`](?:${NAMES})['"\`]`)],
    ['a hex colour', /['"`]#[0-9a-fA-F]{3}(?:[0-9a-fA-F]{3})?['"`]/],
    ['an ansi256()/rgb() colour', /['"`](?:ansi256|rgb)\(/],
    ['a colour escape sequence', /(?:\\u001b|\\x1b|\\e|\\033|\u001b)\[[0-9;]*m/],
    ['chalk', /from ['"]chalk['"]/],
  ];

  /** what each pattern finds in `text`, as `path:line what` */
  const findings = (text: string, name: string) =>
    text.split('\n').flatMap((line, i) => PATTERNS.filter(([, re]) => re.test(line)).map(([what]) => `${name}:${i + 1} ${what}`));

  it('the check finds each kind of literal', () => {
    const sample = ['<Text color="red">', "<Box borderColor={'cyan'}>", "const c = '#ff0000';", "color: 'ansi256(9)'", "'\\u001b[31m'", "import chalk from 'chalk';"];
    expect(sample.map((l) => findings(l, 'x').length)).toEqual([2, 2, 1, 1, 1, 1]);
  });

  it('the program names colours only through the theme', () => {
    const found = files(root)
      .filter((f) => relative(root, f) !== join('ui', 'theme.ts'))
      .flatMap((f) => findings(readFileSync(f, 'utf8'), relative(root, f)));
    expect(found).toEqual([]);
  });
});
