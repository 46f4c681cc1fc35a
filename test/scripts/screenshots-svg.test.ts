// The pictures' drawing, on a screen written straight into a headless xterm: each cell's colour as the
// program sent it, inverse and bold kept, text escaped, columns placed by cell, and the same bytes twice.
import xterm from '@xterm/headless';
import { describe, expect, it } from 'vitest';
import { svgFromTerminal } from '../../scripts/screenshots-svg.js';

const { Terminal } = xterm;

async function terminalWith(text: string, cols = 40, rows = 4): Promise<InstanceType<typeof Terminal>> {
  const term = new Terminal({ cols, rows, allowProposedApi: true });
  await new Promise<void>((r) => term.write(text, () => r()));
  return term;
}

describe('svgFromTerminal', () => {
  it("draws each cell in the colour it was written in, on the backdrop's background", async () => {
    const term = await terminalWith('\u001b[38;5;114mBooted\u001b[0m \u001b[1;38;5;203mDeleting\u001b[0m\r\n\u001b[7m sel \u001b[27m a<b&c');
    const svg = svgFromTerminal(term, { backdrop: 'dark', title: 'a "test" <screen>' });
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).toContain('<title>a "test" &lt;screen&gt;</title>');
    // xterm-256 114 is #87d787, 203 #ff5f5f; bold is a class
    expect(svg).toMatch(/<text x="12" [^>]*fill="#87d787">Booted<\/text>/);
    expect(svg).toMatch(/<text [^>]*class="b" fill="#ff5f5f">Deleting<\/text>/);
    // inverse: the default foreground becomes the cell's background, the text takes the background colour
    expect(svg).toMatch(/<rect x="12" y="30" width="42" height="18" fill="#d4d4d4"\/>/);
    expect(svg).toMatch(/fill="#1e1e1e">sel<\/text>/);
    expect(svg).toContain('>a&lt;b&amp;c</text>');
    expect(svg).toContain('<rect width="100%" height="100%" rx="6" fill="#1e1e1e"/>');
  });

  it('places the words of a row by their cells, so wide gaps survive any viewer, and gives the same bytes twice', async () => {
    const term = await terminalWith('NAME      STATUS\r\nweb-1     Booted');
    const svg = svgFromTerminal(term, { backdrop: 'light', title: 't' });
    // STATUS starts at column 10: 12 + 10 × 8.4
    expect(svg).toMatch(/<text x="96" y="[\d.]+" textLength="50.4"[^>]*>STATUS<\/text>/);
    expect(svg).toContain('<rect width="100%" height="100%" rx="6" fill="#ffffff"/>');
    expect(svgFromTerminal(term, { backdrop: 'light', title: 't' })).toBe(svg);
  });
});

describe('lower blocks', () => {
  it('are drawn as rectangles of their height, one per repeat, so a chart has no gaps between its rows', async () => {
    const term = await terminalWith('\u001b[38;5;81mab████▄▄▁\u001b[0m');
    const svg = svgFromTerminal(term, { backdrop: 'dark', title: 't' });
    expect(svg).toMatch(/fill="#5fd7ff">ab<\/text>/);
    // █ at columns 2-5: full height; ▄ at 6-7: half; ▁ at 8: an eighth
    expect(svg).toContain('<rect x="28.8" y="12" width="33.6" height="18" fill="#5fd7ff"/>');
    expect(svg).toContain('<rect x="62.4" y="21" width="16.8" height="9" fill="#5fd7ff"/>');
    expect(svg).toContain('<rect x="79.2" y="27.75" width="8.4" height="2.25" fill="#5fd7ff"/>');
    expect(svg).not.toContain('█');
  });
});
