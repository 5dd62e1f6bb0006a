'use strict';
/**
 * One measurement in a fresh process, so that peak RSS belongs to that measurement alone.
 * Usage (by bench/lib/child.js): node bench/worker.js <spec-json-file> <result-json-file>
 * The spec names a task (see TASKS) and its inputs; the result holds wall time, peak RSS and
 * task-specific figures.
 */
const fs = require('node:fs');
const { performance } = require('node:perf_hooks');

const TASKS = {
	...require('./tasks/getall'),
	...require('./tasks/bulk'),
	...require('./tasks/dropdowns'),
};

function rssMB() {
	return process.memoryUsage().rss / 1048576;
}

/**
 * CPU profile of the timed run only (not module loading or the warm-up), through the inspector:
 * the same .cpuprofile format as `node --cpu-prof`.
 */
async function startProfiler() {
	const { Session } = require('node:inspector');
	const session = new Session();
	session.connect();
	const post = (method, params) =>
		new Promise((resolve, reject) =>
			session.post(method, params, (err, res) => (err ? reject(err) : resolve(res))),
		);
	await post('Profiler.enable');
	await post('Profiler.setSamplingInterval', { interval: 200 });
	await post('Profiler.start');
	return {
		async stop(file) {
			const { profile } = await post('Profiler.stop');
			fs.mkdirSync(require('node:path').dirname(file), { recursive: true });
			fs.writeFileSync(file, JSON.stringify(profile));
			session.disconnect();
		},
	};
}

async function main() {
	const [specFile, resultFile] = process.argv.slice(2);
	const spec = JSON.parse(fs.readFileSync(specFile, 'utf8'));
	const task = TASKS[spec.task];
	if (!task) throw new Error(`unknown task ${spec.task}`);
	const t0 = performance.now();
	const prepared = await task.prepare(spec);
	const loadMs = performance.now() - t0;
	if (prepared.warmup) await prepared.warmup();
	if (global.gc) global.gc();
	const rssBeforeMB = rssMB();
	const profiler = spec.profileFile ? await startProfiler() : undefined;
	const cpuBefore = process.cpuUsage();
	const start = performance.now();
	const outcome = await prepared.run();
	const wallMs = performance.now() - start;
	// CPU of this process (all threads) during the read: unlike wall time, not inflated by other load.
	const cpu = process.cpuUsage(cpuBefore);
	if (profiler) await profiler.stop(spec.profileFile);
	const result = {
		task: spec.task,
		wallMs,
		cpuMs: (cpu.user + cpu.system) / 1000,
		loadMs,
		rssBeforeMB,
		// maxRSS is in KiB: the peak of this whole process.
		peakRssMB: process.resourceUsage().maxRSS / 1024,
		...outcome,
	};
	if (prepared.after) Object.assign(result, await prepared.after());
	fs.writeFileSync(resultFile, JSON.stringify(result));
}

main().then(
	// n8n-core leaves background handles open after a workflow run: leave explicitly.
	() => process.exit(0),
	(error) => {
		process.stderr.write(`${error && error.stack ? error.stack : String(error)}\n`);
		process.exit(1);
	},
);
