// Preloaded into the pictures' emulator (NODE_OPTIONS=--import): its manual clock starts at the moment
// ECSDECK_SCREENSHOT_EPOCH names (ms since the epoch) rather than now, so the demo estate, its metrics and
// the header's time are the same on every run. The emulator takes its start from Date.now (src/emulator/clock.ts).
const epoch = Number(process.env.ECSDECK_SCREENSHOT_EPOCH);
if (Number.isFinite(epoch) && epoch > 0) {
  const realNow = Date.now;
  const at = realNow();
  Date.now = () => epoch + (realNow() - at);
}
