'use strict';
/**
 * Preloaded (`node --require`) into the real n8n process by bench/lib/realn8n.js.
 *  - PIM_BENCH_CLOCK_FILE: records the monotonic clock that V8's profiler stamps samples with
 *    (CLOCK_MONOTONIC, as process.hrtime) next to Date.now(), so that wall-clock times such as an
 *    execution's startedAt/stoppedAt can be found in a CPU profile.
 *  - PIM_BENCH_CPU_FILE: samples the process's CPU time (user + system, all threads) every 5 ms
 *    and writes `[[Date.now(), cpu ms], ...]` at exit, so that the CPU an execution used can be
 *    read for its startedAt..stoppedAt, whatever else the machine runs (wall time cannot).
 */
const fs = require('node:fs');

if (process.env.PIM_BENCH_CLOCK_FILE) {
	fs.writeFileSync(
		process.env.PIM_BENCH_CLOCK_FILE,
		JSON.stringify({ monoUs: Number(process.hrtime.bigint() / 1000n), wallMs: Date.now() }),
	);
}

if (process.env.PIM_BENCH_CPU_FILE) {
	const file = process.env.PIM_BENCH_CPU_FILE;
	const samples = [];
	const sample = () => {
		const { user, system } = process.cpuUsage();
		samples.push([Date.now(), (user + system) / 1000]);
	};
	setInterval(sample, 5).unref();
	process.on('exit', () => {
		sample();
		fs.writeFileSync(file, JSON.stringify(samples));
	});
}
