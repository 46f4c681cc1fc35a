// What dist/emulator.cjs exports: the emulator for the demo's worker, and its command line for `ecsdeck emulator`.
export { createEmulator } from './app.js';
export { runEmulator } from './main.js';
