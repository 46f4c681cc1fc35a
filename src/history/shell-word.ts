// A word for a POSIX shell, for the command lines the program prints for people to run (the history's
// `Same from a shell`, src/cli/reverse.ts): as it is when it is plain, else single-quoted.
export function shellWord(text: string): string {
  return /^[\w./:@%+=,-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}
