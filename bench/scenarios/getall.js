'use strict';
/**
 * Scenario 1: Return All of N products. Every variant runs in a fresh child process (bench/worker.js)
 * against one sandbox process per size; the sandbox's page cache is warmed by one untimed full read
 * first, and the variants are interleaved run by run so that drift hits them all alike.
 */
const path = require('node:path');
const fs = require('node:fs');
const os = require('node:os');
const { startSandbox } = require('../lib/sandbox');
const { runChild } = require('../lib/child');
const { median } = require('../lib/stats');

const VARIANTS = {
	node: { task: 'getall-node', label: 'PIM node (n8n-core)' },
	'raw-seq': { task: 'getall-raw-seq', label: 'raw fetch, sequential' },
	'raw-par': { task: 'getall-raw-par', label: 'raw fetch, 4 pages in flight' },
	http: { task: 'getall-http', label: 'HTTP Request node, pagination', needsN8n: true },
	'http-split': { task: 'getall-http-split', label: 'HTTP Request + Split Out', needsN8n: true },
};

/** The node's page lookahead: min(4, Max Concurrent Requests 5), see lookaheadFor in nodes/Pim/shared/pagination.ts. */
const NODE_PAGES_IN_FLIGHT = 4;
/**
 * The page length of a Return All without Options → Page Size (pageSize() in
 * nodes/Pim/shared/params.ts). The main cases run the node with its defaults and every other
 * variant with this `pageLimit`, so all read the same pages; the bench checks the node's request
 * count against it. Other page sizes are set explicitly on every variant.
 */
const NODE_DEFAULT_PAGE_SIZE = 1000;
/** Above this the node refuses a Return All from one input item (MAX_ITEMS_PER_INPUT in pagination.ts). */
const REAL_N8N_MAX_SIZE = 100000;

/** "50 000 products", "50 000 products, page size 100", "5 000 products, server latency 20 ms". */
function describe(c) {
	const parts = [`${c.size.toLocaleString('en-US')} products`];
	if (c.pageSize !== NODE_DEFAULT_PAGE_SIZE) parts.push(`page size ${c.pageSize}`);
	if (c.latencyMs) parts.push(`server latency ${c.latencyMs} ms`);
	return parts.join(', ');
}

async function run(ctx) {
	const { log } = ctx;
	const variants = Object.keys(VARIANTS).filter((v) => !VARIANTS[v].needsN8n || ctx.n8n);
	const out = {
		pageSize: NODE_DEFAULT_PAGE_SIZE,
		pagesInFlight: NODE_PAGES_IN_FLIGHT,
		variants,
		labels: {},
		sizes: [],
	};
	for (const v of variants) out.labels[v] = VARIANTS[v].label;
	const cases = ctx.sizes.map((c) => (typeof c === 'number' ? { size: c } : c));
	for (const c of cases) {
		const config = {
			size: c.size,
			pageSize: c.pageSize ?? NODE_DEFAULT_PAGE_SIZE,
			latencyMs: c.latencyMs ?? 0,
		};
		// The main cases (the node's defaults, no latency) are the ones the targets are about.
		config.main = config.pageSize === NODE_DEFAULT_PAGE_SIZE && !config.latencyMs;
		config.label = describe(config);
		const { size, pageSize } = config;
		const runs = c.runs ?? ctx.runsFor(size);
		log(`scenario 1: ${config.label}, ${runs} run(s) of ${variants.join(', ')}`);
		const sb = await startSandbox({
			products: size,
			log: false,
			extra: config.latencyMs ? ['--latency', String(config.latencyMs)] : [],
		});
		const entry = { ...config, runs, sandboxStartMs: sb.startMs, results: {} };
		try {
			// Builds the sandbox's cached product JSON, so that no variant pays for it.
			await runChild({ task: 'getall-raw-par', url: sb.url, expected: size, window: 4, pageSize });
			entry.failures = {};
			for (const v of variants) entry.results[v] = [];
			for (let i = 0; i < runs; i++) {
				// Rotate the order from run to run.
				const order = variants.map((_, k) => variants[(k + i) % variants.length]);
				for (const v of order) {
					const spec = {
						task: VARIANTS[v].task,
						url: sb.url,
						expected: size,
						pageSize,
						nodePageSizeOption: pageSize !== NODE_DEFAULT_PAGE_SIZE,
						window: NODE_PAGES_IN_FLIGHT,
						n8n: ctx.n8n,
					};
					// A variant that fails is reported with its error and not run again at this size.
					if (entry.failures[v]) continue;
					try {
						await sb.admin('DELETE', '/counters');
						const r = await runChild(spec);
						if (v === 'node') await checkNodePages(sb, size, pageSize);
						entry.results[v].push(r);
						log(
							`  ${v.padEnd(10)} run ${i + 1}: ${Math.round(r.wallMs)} ms, peak RSS ${Math.round(r.peakRssMB)} MB`,
						);
					} catch (error) {
						entry.failures[v] = firstLine(error);
						log(`  ${v.padEnd(10)} run ${i + 1} FAILED: ${entry.failures[v]}`);
					}
				}
			}
			if (ctx.realN8n && config.main && size <= REAL_N8N_MAX_SIZE) {
				entry.realN8n = await realN8nCase(ctx, sb, config, runs);
			}
			if (ctx.profile && config.main && size === ctx.profileSize) {
				const dir = path.join(ctx.outDir, 'profiles');
				fs.mkdirSync(dir, { recursive: true });
				for (const v of ['node', 'raw-par', ...(ctx.n8n ? ['http'] : [])].filter(
					(x) => !entry.failures[x],
				)) {
					const file = path.join(dir, `getall-${v}-${size}.cpuprofile`);
					await runChild({
						task: VARIANTS[v].task,
						url: sb.url,
						expected: size,
						pageSize,
						nodePageSizeOption: pageSize !== NODE_DEFAULT_PAGE_SIZE,
						window: NODE_PAGES_IN_FLIGHT,
						n8n: ctx.n8n,
						profileFile: file,
					});
					log(`  CPU profile of the timed read: ${path.relative(process.cwd(), file)}`);
				}
				if (ctx.realN8n && size <= REAL_N8N_MAX_SIZE) {
					// Its own batch: the profiler slows the process, so these runs are not the timed ones.
					const r = await require('../lib/realn8n').measure({
						...realN8nOptions(ctx, sb, config),
						runs: 3,
						cpuProfile: path.join(dir, `getall-real-n8n-${size}`),
					});
					for (const p of Object.values(r.profiles))
						log(
							`  CPU profile of the real n8n process (timed executions only): ${path.relative(process.cwd(), p.file)}`,
						);
				}
			}
		} finally {
			await sb.close();
		}
		entry.summary = summarise(entry, variants);
		out.sizes.push(entry);
	}
	return out;
}

function realN8nOptions(ctx, sb, config) {
	return {
		url: sb.url,
		size: config.size,
		distDir: process.env.PIM_BENCH_DIST,
		log: (m) => ctx.log(`    ${m}`),
		admin: sb.admin,
		pagesPerRun: Math.ceil(config.size / config.pageSize),
		pageSizeOption: config.pageSize !== NODE_DEFAULT_PAGE_SIZE ? config.pageSize : undefined,
		// n8n keeps working for a few seconds after it starts (it launches its task runner process):
		// on 2 cores that slowed the first execution by up to 2x. The warm-up waits it out.
		settleSeconds: 3,
	};
}

/**
 * The PIM node in a real n8n (bench/lib/realn8n.js): quick runs one `n8n execute-batch` process
 * with `runs` executions after a warm-up execution; full runs three such processes of (at most) 3
 * executions each, plus two cold `n8n execute` processes (the way). A raw sequential read
 * right before and after, as a check that the machine did not change under the batches.
 */
async function realN8nCase(ctx, sb, config, runs) {
	const { log } = ctx;
	const { size, pageSize } = config;
	const raw = () =>
		runChild({ task: 'getall-raw-seq', url: sb.url, expected: size, pageSize }).then(
			(r) => r.wallMs,
		);
	try {
		const rawBefore = await raw();
		const loadStart = os.loadavg()[0];
		const r = await require('../lib/realn8n').measure({
			...realN8nOptions(ctx, sb, config),
			runs: ctx.quick ? runs : Math.min(runs, 3),
			processes: ctx.quick ? 1 : 3,
			coldExecute: ctx.quick ? 0 : 2,
		});
		const loadEnd = os.loadavg()[0];
		const rawAfter = await raw();
		for (let p = 1; p <= r.batches.length; p++)
			log(
				`  real-n8n   process ${p}: node time ${r.runs
					.filter((x) => x.process === p)
					.map((x) => x.nodeMs)
					.join(', ')} ms (process wall ${Math.round(r.batches[p - 1].wallMs)} ms)`,
			);
		for (const c of r.cold)
			log(
				`  real-n8n   cold \`n8n execute\`: node time ${c.nodeMs} ms (process wall ${Math.round(c.processWallMs)} ms)`,
			);
		log(
			`  raw-seq    before/after the real n8n: ${Math.round(rawBefore)}/${Math.round(rawAfter)} ms`,
		);
		return { ...r, rawAround: [rawBefore, rawAfter], load: { start: loadStart, end: loadEnd } };
	} catch (error) {
		log(`  real-n8n   FAILED: ${firstLine(error)}`);
		return { failed: firstLine(error) };
	}
}

/**
 * The node must have read the pages the other variants read: its warm-up (Limit 10, one request)
 * plus one request per page of `pageSize`, nothing retried.
 */
async function checkNodePages(sb, size, pageSize) {
	const counters = await sb.admin('GET', '/counters');
	const expected = 1 + Math.ceil(size / pageSize);
	if (counters.requests !== expected)
		throw new Error(
			`the node sent ${counters.requests} requests, expected ${expected} (pages of ${pageSize})`,
		);
}

/** The message of a child's failure: the line that names the error, without the stack. */
function firstLine(error) {
	const lines = String(error && error.message ? error.message : error).split('\n');
	const named = lines.find((l) => /^\w*Error: /.test(l.trim()));
	return (named ?? lines[0]).trim().slice(0, 300);
}

function summarise(entry, variants) {
	const s = {};
	for (const v of variants) {
		if (!entry.results[v].length) {
			s[v] = { failed: entry.failures[v] ?? 'no result', wall: [] };
			continue;
		}
		const walls = entry.results[v].map((r) => r.wallMs);
		const rates = entry.results[v].map((r) => entry.size / (r.wallMs / 1000));
		s[v] = {
			wall: walls,
			wallMedian: median(walls),
			rateMedian: entry.size / (median(walls) / 1000),
			rateMin: Math.min(...rates),
			rateMax: Math.max(...rates),
			peakRssMB: median(entry.results[v].map((r) => r.peakRssMB)),
			rssBeforeMB: median(entry.results[v].map((r) => r.rssBeforeMB)),
			items: entry.results[v][0] && entry.results[v][0].items,
			// CPU of the child during the read (all its threads): less sensitive to other load than wall time.
			cpuMedian: median(entry.results[v].map((r) => r.cpuMs)),
		};
	}
	const ratio = (a, b) =>
		s[a] && s[b] && s[a].wallMedian && s[b].wallMedian
			? s[a].wallMedian / s[b].wallMedian
			: undefined;
	s.ratios = {
		nodeRawSeq: ratio('node', 'raw-seq'),
		nodeRawPar: ratio('node', 'raw-par'),
		nodeHttp: ratio('node', 'http'),
		nodeHttpSplit: ratio('node', 'http-split'),
	};
	// The stricter comparison: against the faster of the two raw loops.
	s.ratios.nodeRaw = Math.max(s.ratios.nodeRawSeq ?? 0, s.ratios.nodeRawPar ?? 0);
	const real = entry.realN8n;
	if (real && !real.failed && s['raw-seq'] && s['raw-seq'].wallMedian) {
		// Run 1 of a process: the first large read there, as in an in-process child.
		const first = real.runs.filter((r) => r.run === 1);
		const warm = real.runs.filter((r) => r.run > 1);
		const nodeMedian = (list) => (list.length ? median(list.map((r) => r.nodeMs)) : undefined);
		s.realN8n = {
			first: first.map((r) => r.nodeMs),
			warm: warm.map((r) => r.nodeMs),
			cold: real.cold.map((r) => r.nodeMs),
			firstMedian: nodeMedian(first),
			warmMedian: nodeMedian(warm),
			// CPU of the n8n process during the executions (bench/lib/clock-mark.js).
			firstCpuMedian: first.length ? median(first.map((r) => r.cpuMs)) : undefined,
			warmCpuMedian: warm.length ? median(warm.map((r) => r.cpuMs)) : undefined,
			coldMedian: nodeMedian(real.cold),
			// Node time vs the whole execution (trigger, engine, hooks before the save).
			executionOverheadMs: median(real.runs.map((r) => r.executionMs - r.nodeMs)),
			processWallMs: real.batches.map((b) => b.wallMs),
			coldProcessWallMs: real.cold.map((r) => r.processWallMs),
			rawAround: real.rawAround,
			load: real.load,
		};
		// The same denominator as the in-process node: the raw sequential loop of this case.
		const rawSeq = s['raw-seq'].wallMedian;
		const over = (v) => (v === undefined ? undefined : v / rawSeq);
		s.ratios.realFirstRawSeq = over(s.realN8n.firstMedian);
		s.ratios.realWarmRawSeq = over(s.realN8n.warmMedian);
		s.ratios.realColdRawSeq = over(s.realN8n.coldMedian);
	} else if (real && real.failed) s.realN8n = { failed: real.failed };
	return s;
}

module.exports = { run, VARIANTS };
