// `npm run bench`: prints each figure as it is measured, then one line holding a JSON object with all of them.
// `npm run bench -- dashboard:keys metrics` runs only the sections (and the dashboard's parts) named.
import { benchCli } from './cli.mjs';
import { benchEmulator } from './emulator.mjs';
import { benchPersist } from './persist.mjs';
import { targetTable } from './targets.mjs';
import { NODE_VERSIONS } from '../scripts/nodes.mjs';

const results = {};
const sections = [['emulator', benchEmulator], ['persistence', benchPersist], ['commands', benchCli]];
try {
  const { benchDashboard } = await import('./dashboard.mjs');
  sections.push(['dashboard', benchDashboard]);
  const { benchMetrics } = await import('./metrics.mjs');
  sections.push(['metrics', benchMetrics]);
  const { benchMetricsCursor } = await import('./metrics-cursor.mjs');
  sections.push(['metrics cursor', benchMetricsCursor]);
  const { benchBulk } = await import('./bulk.mjs');
  sections.push(['bulk', benchBulk]);
} catch (err) {
  if (err.code !== 'ERR_MODULE_NOT_FOUND') throw err;
}
const asked = process.argv.slice(2);
for (const [name, run] of sections) {
  const parts = asked.filter((a) => a.startsWith(`${name}:`)).map((a) => a.slice(name.length + 1));
  if (asked.length > 0 && !asked.includes(name) && parts.length === 0) continue;
  console.log(`--- ${name}${parts.length > 0 ? ` (${parts.join(', ')})` : ''}`);
  Object.assign(results, await (parts.length > 0 ? run(parts) : run()));
}
const others = NODE_VERSIONS;
console.log('--- each figure beside its target');
console.log(targetTable(results, { own: process.versions.node, others }));
console.log(JSON.stringify(results));
