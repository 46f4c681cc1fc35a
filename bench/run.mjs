// `npm run bench`: prints each figure as it is measured, then one line holding a JSON object with all of them.
import { benchCli } from './cli.mjs';
import { benchEmulator } from './emulator.mjs';
import { benchPersist } from './persist.mjs';
import { targetTable } from './targets.mjs';
import { NODE_VERSIONS } from '../scripts/nodes.mjs';

const results = {};
const sections = [['emulator', benchEmulator], ['persistence', benchPersist], ['one-shot commands', benchCli]];
try {
  const { benchDashboard } = await import('./dashboard.mjs');
  sections.push(['dashboard', benchDashboard]);
  const { benchMetrics } = await import('./metrics.mjs');
  sections.push(['metrics', benchMetrics]);
  const { benchBulk } = await import('./bulk.mjs');
  sections.push(['bulk actions', benchBulk]);
} catch (err) {
  if (err.code !== 'ERR_MODULE_NOT_FOUND') throw err;
}
for (const [name, run] of sections) {
  console.log(`--- ${name}`);
  Object.assign(results, await run());
}
const others = NODE_VERSIONS;
console.log('--- each figure beside its target');
console.log(targetTable(results, { own: process.versions.node, others }));
console.log(JSON.stringify(results));
