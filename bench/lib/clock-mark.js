'use strict';
/**
 * Preloaded (`node --require`) into a process whose CPU profile is cut to some time windows
 * (bench/lib/realn8n.js): records the monotonic clock that V8's profiler stamps samples with
 * (CLOCK_MONOTONIC, as process.hrtime) next to Date.now(), so that wall-clock times such as an
 * execution's startedAt/stoppedAt can be found in the profile.
 */
const fs = require('node:fs');

if (process.env.PIM_BENCH_CLOCK_FILE) {
	fs.writeFileSync(
		process.env.PIM_BENCH_CLOCK_FILE,
		JSON.stringify({ monoUs: Number(process.hrtime.bigint() / 1000n), wallMs: Date.now() }),
	);
}
