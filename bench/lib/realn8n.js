'use strict';
/**
 * Scenario 1 in a real n8n: the cached n8n (harness/) with the package installed in its
 * user folder as a Community Nodes install does (`.n8n/nodes/node_modules/n8n-nodes-pim`, type
 * `n8n-nodes-pim.pim`), the sandbox credential imported (`n8n import:credentials`) and one
 * workflow per run imported (`n8n import:workflow`): Manual Trigger -> PIM (product.getAll,
 * Return All, no Page Size: the node's default pages).
 *
 * Several runs execute in one n8n process: `n8n execute-batch --ids=<warm-up>,<run 1>,...` runs
 * the workflows one after the other (concurrency 1) the way `n8n execute --id` runs one
 * (WorkflowRunner, mode `cli`, the execution saved as usual), without paying n8n's start (~4 s)
 * per run. The first workflow is a warm-up (a Wait of `settleSeconds` while n8n finishes its start,
 * then Limit 10: one request), like the warm-up of the in-process children; so run 1 of each process is the like-for-like of an in-process child (the
 * first large read in a process) and the later runs show the same process with warm code.
 * `--snapshot` writes each execution's data; a node note `CAP_RESULTS_LENGTH=2` (execute-batch's
 * own option) cuts the stored items after the run, so snapshots stay small; the sandbox's request
 * counter checks that every run read every page once.
 *
 * Per run: the node's own execution time (`runData[PIM][0].executionTime`, what n8n shows as the
 * node's time), the execution's duration (`stoppedAt - startedAt`) and the CPU time the n8n
 * process used in it (clock-mark.js; all threads, as `process.cpuUsage()`); per process its wall
 * time.
 * `coldExecute` adds plain `n8n execute --id` runs (a fresh process each, no warm-up, all 50 000
 * items printed and checked), the way the issue measured.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { performance } = require('node:perf_hooks');

const { ROOT } = require('./sandbox');

const NODE_NAME = 'PIM';
/** Items kept in a snapshot per run (execute-batch cuts them after the run). */
const KEEP_ITEMS = 2;

function lib() {
	return require(path.join(ROOT, 'harness'));
}

/**
 * Manual Trigger -> PIM product.getAll; `parameters` of the PIM node. `waitSeconds` puts n8n's
 * Wait node before the PIM node (n8n waits in-process below 65 s).
 */
function workflow(id, parameters, { keepItems, waitSeconds } = {}) {
	const trigger = 'When clicking ‘Execute workflow’';
	const wait = 'Let n8n settle';
	const first = waitSeconds ? wait : NODE_NAME;
	return {
		id,
		name: `bench ${id}`,
		active: false,
		nodes: [
			{
				id: `${id}-t`,
				name: trigger,
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			...(waitSeconds
				? [
						{
							id: `${id}-w`,
							name: wait,
							type: 'n8n-nodes-base.wait',
							typeVersion: 1.1,
							position: [110, 0],
							parameters: { resume: 'timeInterval', amount: waitSeconds, unit: 'seconds' },
							webhookId: `${id}-wait`,
						},
					]
				: []),
			{
				id: `${id}-p`,
				name: NODE_NAME,
				type: 'n8n-nodes-pim.pim',
				// The version the in-process harness runs (harness/in-process.ts); getAll is the same in both.
				typeVersion: 1,
				position: [220, 0],
				parameters: { resource: 'product', operation: 'getAll', ...parameters },
				credentials: { pimApi: lib().credentialRef() },
				...(keepItems ? { notes: `CAP_RESULTS_LENGTH=${keepItems}` } : {}),
			},
		],
		connections: {
			[trigger]: { main: [[{ node: first, type: 'main', index: 0 }]] },
			...(waitSeconds ? { [wait]: { main: [[{ node: NODE_NAME, type: 'main', index: 0 }]] } } : {}),
		},
		settings: { executionOrder: 'v1' },
		pinData: {},
	};
}

/** The PIM node's figures in one execution's data (the JSON n8n writes for it). */
function figures(data, what) {
	const rd = data.data && data.data.resultData;
	if (!rd) throw new Error(`${what}: no resultData`);
	if (rd.error) throw new Error(`${what}: ${rd.error.message} ${rd.error.description ?? ''}`);
	const task = rd.runData[NODE_NAME] && rd.runData[NODE_NAME][0];
	if (!task) throw new Error(`${what}: the PIM node did not run`);
	if (task.error) throw new Error(`${what}: ${task.error.message}`);
	return {
		startedAt: Date.parse(data.startedAt),
		stoppedAt: Date.parse(data.stoppedAt),
		nodeMs: task.executionTime,
		executionMs: Date.parse(data.stoppedAt) - Date.parse(data.startedAt),
		firstItems: (task.data.main[0] || []).slice(0, KEEP_ITEMS).map((i) => i.json.id),
	};
}

/** CPU ms the process used between two Date.now() times, from clock-mark.js's samples. */
function cpuBetween(samples, from, to) {
	if (samples.length < 2 || from < samples[0][0] || to > samples[samples.length - 1][0])
		return undefined;
	const at = (t) => {
		let i = 1;
		while (i < samples.length - 1 && samples[i][0] < t) i++;
		const [t0, c0] = samples[i - 1];
		const [t1, c1] = samples[i];
		return t1 === t0 ? c1 : c0 + ((c1 - c0) * (t - t0)) / (t1 - t0);
	};
	return at(to) - at(from);
}

/**
 * Keeps the samples of a whole-process CPU profile (`node --cpu-prof`) that fall into the given
 * wall-clock windows (the timed executions), so that n8n's start and the warm-up do not count.
 * The result is a .cpuprofile for bench/profile-summary.js or DevTools (its timeline without the
 * gaps). `clock` maps the profiler's monotonic clock to Date.now() (clock-mark.js).
 */
function cutProfile(inFile, clock, windows, outFile) {
	const profile = JSON.parse(fs.readFileSync(inFile, 'utf8'));
	const toMono = (wallMs) => clock.monoUs + (wallMs - clock.wallMs) * 1000;
	const ranges = windows.map(([a, b]) => [toMono(a), toMono(b)]);
	const samples = [];
	const timeDeltas = [];
	let t = profile.startTime;
	let kept = 0;
	profile.samples.forEach((id, i) => {
		t += profile.timeDeltas[i];
		if (!ranges.some(([a, b]) => t >= a && t <= b)) return;
		samples.push(id);
		timeDeltas.push(profile.timeDeltas[i]);
		kept += profile.timeDeltas[i];
	});
	const first = ranges[0][0];
	fs.mkdirSync(path.dirname(outFile), { recursive: true });
	fs.writeFileSync(
		outFile,
		JSON.stringify({ ...profile, startTime: first, endTime: first + kept, samples, timeDeltas }),
	);
	return {
		file: outFile,
		sampledMs: kept / 1000,
		windowsMs: ranges.reduce((sum, [a, b]) => sum + (b - a) / 1000, 0),
	};
}

/**
 * Prepares a user folder once (package, credential, workflows) and runs the batch.
 * @param {{ url: string, size: number, runs: number, distDir: string, log: Function, admin?: Function,
 *   pagesPerRun: number, pageSizeOption?: number, processes?: number, cpuProfile?: string,
 *   coldExecute?: number, env?: object, settleSeconds?: number }} o
 *   settleSeconds: the warm-up execution first waits this long (n8n's Wait node), so that the work
 *   n8n does after its start (its task runner process) is over before the timed runs.
 *   runs: timed executions per n8n process (after one warm-up execution); processes: how many
 *   `n8n execute-batch` processes, one after the other; coldExecute: how many plain `n8n execute`.
 *   cpuProfile: path prefix; the batch then runs under `node --cpu-prof` and the profile is cut
 *   to the timed runs: `<prefix>-first.cpuprofile` (run 1) and `<prefix>-warm.cpuprofile` (the rest).
 */
async function measure(o) {
	const n8n = lib();
	const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pim-bench-realn8n-'));
	const userFolder = path.join(tmp, 'user');
	fs.mkdirSync(userFolder, { recursive: true });
	try {
		const t0 = performance.now();
		const workflows = [
			workflow(
				'pimBench00warm',
				{ returnAll: false, limit: 10 },
				{ keepItems: KEEP_ITEMS, waitSeconds: o.settleSeconds },
			),
		];
		// No Page Size unless the case sets one: the node's default pages (see scenarios/getall.js).
		const returnAll = {
			returnAll: true,
			...(o.pageSizeOption ? { options: { pageSize: o.pageSizeOption } } : {}),
		};
		for (let i = 1; i <= o.runs; i++)
			workflows.push(
				workflow(`pimBench${String(i).padStart(2, '0')}`, returnAll, { keepItems: KEEP_ITEMS }),
			);
		// `n8n execute` (cold) prints the whole run: this one keeps its items, like a user's workflow.
		if (o.coldExecute) workflows.push(workflow('pimBenchCold', returnAll));
		const ids = workflows.map((w) => w.id).filter((id) => id !== 'pimBenchCold');
		const folder = await n8n.prepareN8n({
			userFolder,
			package: { distDir: o.distDir },
			credentials: [n8n.sandboxCredential({ url: o.url })],
			workflows,
			log: o.log,
		});
		const setupMs = performance.now() - t0;

		const env = { N8N_LOG_LEVEL: 'warn', ...(o.env ?? {}) };
		// clock-mark.js samples the process's CPU time (and marks the profiler's clock).
		const nodeArgs = [
			'--max-old-space-size=8192',
			'--require',
			path.join(__dirname, 'clock-mark.js'),
		];
		const profDir = path.join(tmp, 'profile');
		if (o.cpuProfile) {
			env.PIM_BENCH_CLOCK_FILE = path.join(tmp, 'clock.json');
			nodeArgs.push('--cpu-prof', `--cpu-prof-dir=${profDir}`, '--cpu-prof-interval=200');
		}
		const runs = [];
		const batches = [];
		for (let p = 0; p < (o.processes ?? 1); p++) {
			const out = path.join(tmp, `batch-${p}`);
			fs.mkdirSync(out);
			if (o.admin) await o.admin('DELETE', '/counters');
			const cpuFile = path.join(out, 'cpu.json');
			const batch = await folder.cli(
				[
					'execute-batch',
					`--ids=${ids.join(',')}`,
					`--snapshot=${out}`,
					'--retries=0',
					`--output=${path.join(out, 'summary.json')}`,
				],
				{
					allowFail: true,
					env: { ...env, PIM_BENCH_CPU_FILE: cpuFile },
					stdoutFile: path.join(out, 'stdout'),
					timeoutMs: 15 * 60_000,
					// Only the first process runs under the profiler.
					nodeArgs: p === 0 ? nodeArgs : nodeArgs.slice(0, 3),
				},
			);
			const summaryFile = path.join(out, 'summary.json');
			const summary = fs.existsSync(summaryFile)
				? JSON.parse(fs.readFileSync(summaryFile, 'utf8'))
				: undefined;
			if (batch.code !== 0 || !summary) {
				const text = fs.readFileSync(path.join(out, 'stdout'), 'utf8');
				throw new Error(
					`n8n execute-batch exited with ${batch.code}\n${(text + batch.stderr).slice(-3000)}`,
				);
			}
			// Every timed run read every page once: nothing retried, nothing skipped.
			const requests = o.admin ? (await o.admin('GET', '/counters')).requests : undefined;
			const expected = 1 + o.runs * o.pagesPerRun;
			if (requests !== undefined && requests !== expected)
				throw new Error(`real n8n: the sandbox saw ${requests} requests, expected ${expected}`);
			const cpu = fs.existsSync(cpuFile) ? JSON.parse(fs.readFileSync(cpuFile, 'utf8')) : [];
			ids.slice(1).forEach((id, i) => {
				const file = path.join(out, `${id}-snapshot.json`);
				const execution = summary.executions.find((e) => e.workflowId === id);
				if (!fs.existsSync(file))
					throw new Error(`real n8n: no data of ${id}: ${execution ? execution.error : 'not run'}`);
				const f = figures(JSON.parse(fs.readFileSync(file, 'utf8')), id);
				if (f.firstItems.length !== Math.min(KEEP_ITEMS, o.size))
					throw new Error(`real n8n: ${id} returned ${f.firstItems.length} items`);
				delete f.firstItems;
				f.cpuMs = cpuBetween(cpu, f.startedAt, f.stoppedAt);
				runs.push({ process: p + 1, run: i + 1, ...f });
			});
			batches.push({ wallMs: batch.ms, requests });
		}
		const result = { runs, batches, setupMs };

		result.cold = [];
		for (let c = 0; c < (o.coldExecute ?? 0); c++) {
			const outFile = path.join(tmp, `cold-${c}.out`);
			const cold = await folder.cli(['execute', '--id=pimBenchCold', '--rawOutput'], {
				allowFail: true,
				// `n8n execute` prints the run through its logger, at level info.
				env: { ...env, N8N_LOG_LEVEL: 'info' },
				stdoutFile: outFile,
				timeoutMs: 15 * 60_000,
				nodeArgs: ['--max-old-space-size=8192'],
			});
			const text = fs.readFileSync(outFile, 'utf8');
			const start = text.search(/^\{/m);
			if (cold.code !== 0 || start < 0)
				throw new Error(
					`n8n execute exited with ${cold.code}\n${(text + cold.stderr).slice(-3000)}`,
				);
			// Pretty-printed: the object ends at the first `}` in column 0 (log lines may follow).
			const end = text.indexOf('\n}', start);
			const data = JSON.parse(text.slice(start, end < 0 ? undefined : end + 2));
			const f = figures(data, 'n8n execute');
			const items = data.data.resultData.runData[NODE_NAME][0].data.main[0];
			if (items.length !== o.size || new Set(items.map((i) => i.json.id)).size !== o.size)
				throw new Error(`n8n execute: ${items.length} items, expected ${o.size} distinct products`);
			delete f.firstItems;
			result.cold.push({ ...f, processWallMs: cold.ms, items: items.length });
		}
		if (o.cpuProfile) {
			// The first timed run apart from the others: it runs with cold code and a young heap.
			const [file] = fs.readdirSync(profDir);
			const clock = JSON.parse(fs.readFileSync(env.PIM_BENCH_CLOCK_FILE, 'utf8'));
			const windows = runs.filter((r) => r.process === 1).map((r) => [r.startedAt, r.stoppedAt]);
			result.profiles = {
				first: cutProfile(
					path.join(profDir, file),
					clock,
					windows.slice(0, 1),
					`${o.cpuProfile}-first.cpuprofile`,
				),
			};
			if (windows.length > 1)
				result.profiles.warm = cutProfile(
					path.join(profDir, file),
					clock,
					windows.slice(1),
					`${o.cpuProfile}-warm.cpuprofile`,
				);
		}
		return result;
	} finally {
		if (!process.env.PIM_BENCH_KEEP) fs.rmSync(tmp, { recursive: true, force: true });
	}
}

/**
 * One workflow through `n8n execute --rawOutput` in a fresh user folder (harness prepareN8n: the
 * build installed, `credentials` (each `{ id, name, data }`) and the workflow imported); files
 * its nodes read live in `filesDir` (n8n may read only there).
 * Resolves with the execution's data, the process's wall time and its peak resident memory.
 */
async function executeOnce(o) {
	const n8n = lib();
	const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pim-bench-execute-'));
	const userFolder = path.join(tmp, 'user');
	fs.mkdirSync(userFolder, { recursive: true });
	try {
		const folder = await n8n.prepareN8n({
			version: o.version ?? n8n.DEFAULT_VERSION,
			userFolder,
			package: { distDir: o.distDir },
			credentials: o.credentials,
			workflows: [o.workflow],
			env: { ...n8n.FILES_ENV(o.filesDir), ...(o.env ?? {}) },
			log: o.log,
		});
		const outFile = path.join(tmp, 'stdout');
		// cpu: the process's CPU time sampled every 5 ms (clock-mark.js), for cpuBetween.
		const cpuFile = path.join(tmp, 'cpu.json');
		const r = await folder.cli(['execute', `--id=${o.workflow.id}`, '--rawOutput'], {
			allowFail: true,
			stdoutFile: outFile,
			...(o.cpu ? { env: { PIM_BENCH_CPU_FILE: cpuFile } } : {}),
			// PIM_BENCH_TIMEOUT_MIN=<minutes>: a longer run than 15 minutes (a million creates).
			timeoutMs: (Number(process.env.PIM_BENCH_TIMEOUT_MIN) || 15) * 60_000,
			sampleRss: true,
			// PIM_BENCH_CPU_PROF=<dir>: the run under V8's profiler (bench/profile-summary.js reads it).
			// PIM_BENCH_GC_LOG=<file>: V8's line per collection (heap before -> after) written there,
			// with the node's progress lines between them, to see in which phase the heap grows and
			// what a full collection leaves live (#30, #44).
			// PIM_BENCH_HEAP_MB=<MB>: n8n's old space (8192 when unset), e.g. a 2 GB container's.
			// PIM_BENCH_NODE_FLAGS="<flags>": more flags for n8n's Node (e.g. --max-semi-space-size=16).
			// PIM_BENCH_PROMOTED=<file>[,from,to]: where what V8 moved to its old space was allocated
			// (lib/promoted-sampler.js; bench/promoted-summary.js reads it).
			nodeArgs: [
				`--max-old-space-size=${Number(process.env.PIM_BENCH_HEAP_MB) || 8192}`,
				...(process.env.PIM_BENCH_CPU_PROF
					? ['--cpu-prof', `--cpu-prof-dir=${process.env.PIM_BENCH_CPU_PROF}`]
					: []),
				...(process.env.PIM_BENCH_GC_LOG ? ['--trace-gc'] : []),
				...(process.env.PIM_BENCH_PROMOTED
					? ['--require', path.join(__dirname, 'promoted-sampler.js')]
					: []),
				...(o.cpu ? ['--require', path.join(__dirname, 'clock-mark.js')] : []),
				...(process.env.PIM_BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean),
			],
		});
		const text = fs.readFileSync(outFile, 'utf8');
		// --trace-gc writes to stdout, beside the run's JSON (parseRun finds the JSON in it).
		if (process.env.PIM_BENCH_GC_LOG)
			fs.writeFileSync(
				process.env.PIM_BENCH_GC_LOG,
				text
					.split('\n')
					.filter((line) => / ms: (Scavenge|Mark-Compact|Mark-Sweep)|PIM Import File/.test(line))
					.join('\n'),
			);
		if (r.code !== 0)
			throw new Error(`n8n execute exited with ${r.code}\n${(text + r.stderr).slice(-3000)}`);
		const data = n8n.parseRun(text);
		const error = data.data && data.data.resultData && data.data.resultData.error;
		if (error) throw new Error(`the execution failed: ${error.message}`);
		const cpu = o.cpu && fs.existsSync(cpuFile) ? JSON.parse(fs.readFileSync(cpuFile, 'utf8')) : [];
		return { data, processWallMs: r.ms, peakRss: r.peakRss, samples: r.samples, cpu };
	} finally {
		if (!process.env.PIM_BENCH_KEEP) fs.rmSync(tmp, { recursive: true, force: true });
	}
}

/**
 * The highest RSS sampled between two Date.now() times; a run shorter than the sampling interval
 * (a small file alone) takes the first sample after it, what the process held once it was done
 * (0 when there is none).
 */
function rssPeakBetween(samples, from, to) {
	const inside = samples.filter(([t]) => t >= from && t <= to);
	const taken = inside.length ? inside : samples.filter(([t]) => t > to).slice(0, 1);
	return taken.reduce((peak, [, rss]) => Math.max(peak, rss), 0);
}

/** A maker of a bench workflow's nodes: ids from the workflow's, one node per x position. */
function nodeOf(id) {
	return (name, type, typeVersion, x, parameters, extra = {}) => ({
		id: `${id}-${x}`,
		name,
		type,
		typeVersion,
		position: [x, 0],
		parameters,
		...extra,
	});
}

module.exports = {
	measure,
	executeOnce,
	workflow,
	cutProfile,
	rssPeakBetween,
	nodeOf,
	cpuBetween,
};
