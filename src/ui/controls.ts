// The sanitizer's first step (ui/text.ts), on its own: a control character's visible stand-in. No imports,
// so the entry point can make an error line safe without loading the whole sanitizer and its width tables.

/** What the sanitizer draws for a control character (C0 but a line break, DEL, C1), or null for any other. */
export function controlPicture(cp: number): string | null {
  // a tab a space; any other C0 its Control Picture (`␛` for ESC)
  if (cp < 0x20) return cp === 0x09 ? ' ' : String.fromCodePoint(0x2400 + cp);
  if (cp === 0x7f) return '\u2421';
  // C1 (0x9B is a CSI)
  if (cp >= 0x80 && cp < 0xa0) return '\uFFFD';
  return null;
}

/** `text` with every control character made visible, as the sanitizer draws it (a line break too: `␊`). */
export function visibleControls(text: string): string {
  let out = '';
  for (const ch of text) out += controlPicture(ch.codePointAt(0)!) ?? ch;
  return out;
}
