// When the dashboard last read a key (performance.now()): work that would hold up a key's frame waits for a
// pause in the typing (boot/quiet.ts). No imports, so the start-up code can read it without loading the UI.

let last = -Infinity;

export function keyRead(): void {
  last = performance.now();
}

export function lastKeyRead(): number {
  return last;
}
