// Each figure of `npm run bench` beside its target (issue 18.8 and the README's table), printed as a table at
// the end of the run. The bench measures and prints; it never fails on a figure: the machine is shared and
// noisy, and a figure is judged on quiet runs.

/** First frame on a Node: at most this many times that Node's own start (`node -e ''`). */
export const FIRST_FRAME_RATIO = 3;

/** `ecsdeck servers list -o json` with 1,000 servers: at most this many ms over Node's own start. */
export const CLI_LIST_OVER_NODE_MS = 150;

/** [figure, target, 'max' | 'min', unit]: the figures whose target is a fixed number. */
const FIXED = [
  ['key_p95_ms', 6, 'max', 'ms'],
  ['idle_cpu_pct', 0.5, 'max', '% of a core'],
  ['poll_rps', 1, 'max', 'req/s'],
  ['rss_mb', 200, 'max', 'MB'],
  ['metrics_30d_frame_ms', 50, 'max', 'ms'],
  ['metrics_cursor_key_p95_ms', 16, 'max', 'ms'],
  ['emu_persist_create_rps', 300, 'min', 'req/s'],
  ['emu_list_rps', 300, 'min', 'req/s'],
  // issue 21: 500 marked servers powered off: the pace the dashboard chose (4), keys while they go, one line
  ['bulk_peak_in_flight', 4, 'max', 'requests'],
  ['bulk_key_p95_ms', 16, 'max', 'ms'],
  ['bulk_panel_lines', 1, 'max', 'lines'],
];

const verdict = (ok) => (ok ? 'ok' : 'OVER');

/** The first-frame line of one Node: the figure, its own start, the ratio and the target the ratio gives. */
export function firstFrameLine(version, frameMs, floorMs) {
  const ratio = frameMs / floorMs;
  return `${frameMs} ms = ${ratio.toFixed(1)}× Node ${version}'s own start (${floorMs} ms); target ≤ ${FIRST_FRAME_RATIO}× = ${FIRST_FRAME_RATIO * floorMs} ms: ${verdict(ratio <= FIRST_FRAME_RATIO)}`;
}

/** Rows of `figure  measured  target  ok/OVER` for every figure the run produced that has a target. */
export function targetTable(results, versions) {
  const rows = [];
  for (const [suffix, version] of [['', versions.own], ...Object.entries(versions.others).map(([major, v]) => [`_node${major}`, v])]) {
    const frame = results[`first_frame_ms${suffix}`];
    const floor = results[`node_floor_ms${suffix}`];
    if (frame === undefined || floor === undefined) continue;
    rows.push([`first_frame_ms${suffix} (Node ${version})`, `${frame} ms (${(frame / floor).toFixed(1)}× ${floor})`, `≤ ${FIRST_FRAME_RATIO}× own start = ${FIRST_FRAME_RATIO * floor} ms`, verdict(frame <= FIRST_FRAME_RATIO * floor)]);
  }
  for (const [name, target, kind, unit] of FIXED) {
    const v = results[name];
    if (v === undefined) continue;
    rows.push([name, `${v} ${unit}`, `${kind === 'max' ? '≤' : '≥'} ${target} ${unit}`, verdict(kind === 'max' ? v <= target : v >= target)]);
  }
  if (results.cli_list_ms !== undefined && results.cli_node_floor_ms !== undefined) {
    const limit = results.cli_node_floor_ms + CLI_LIST_OVER_NODE_MS;
    rows.push(['cli_list_ms', `${results.cli_list_ms} ms (Node's start ${results.cli_node_floor_ms})`, `≤ own start + ${CLI_LIST_OVER_NODE_MS} = ${limit} ms`, verdict(results.cli_list_ms <= limit)]);
  }
  if (results.emu_action_rps !== undefined && results.emu_bare_rps) {
    const pct = Math.round((results.emu_action_rps / results.emu_bare_rps) * 100);
    rows.push(['emu_action_rps', `${pct} % of bare`, '≥ 40 % of bare', verdict(pct >= 40)]);
  }
  if (results.metrics_req_per_min !== undefined) {
    const rowsOnScreen = results.metrics_visible_rows;
    rows.push(['metrics_req_per_min', `${results.metrics_req_per_min}`, `≤ ${rowsOnScreen} (rows on screen)`, verdict(results.metrics_req_per_min <= rowsOnScreen)]);
  }
  const widths = [0, 1, 2].map((i) => Math.max(...rows.map((r) => r[i].length)));
  return rows.map((r) => r.map((cell, i) => (i < 3 ? cell.padEnd(widths[i]) : cell)).join('  ')).join('\n');
}
