'use strict';
/**
 * Benchmarks of n8n-nodes-pim ("how fast the node is"): see bench/README.md.
 *
 *   npm run bench                      full run (~15 min on 2 cores)
 *   npm run bench:quick                CI: small sizes, 1-2 runs (a few minutes)
 *   node bench/run.js --only 1,3       some scenarios; --runs N, --sizes 5000,50000:100 (size[:page size]), --profile,
 *                                      --no-n8n (skip what needs the cached n8n), --no-write,
 *                                      --no-real-n8n (scenario 1 without the PIM node in a real n8n; it runs
 *                                      whenever the cached n8n is used), --real-n8n (also installs n8n in --quick),
 *                                      --repeat N (scenario 8: each real-n8n measure N times, medians and ranges)
 *
 * Writes bench/RESULTS.md, bench/throughput.svg and bench/out/results.json.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFileSync } = require('node:child_process');

const { ROOT } = require('./lib/sandbox');
const { writeReport } = require('./lib/report');

function parseArgs(argv) {
	const args = {
		quick: false,
		only: [1, 2, 3, 4, 5, 6, 8],
		n8n: true,
		write: true,
		profile: false,
		realN8n: true,
	};
	for (let i = 0; i < argv.length; i++) {
		const [flag, inline] = argv[i].split('=');
		const value = () => (inline !== undefined ? inline : argv[++i]);
		switch (flag) {
			case '--quick':
				args.quick = true;
				break;
			case '--only':
				args.only = value().split(',').map(Number);
				break;
			case '--runs':
				args.runs = Number(value());
				break;
			case '--sizes':
				// "50000" or "50000:100" (size:page size)
				args.sizes = value()
					.split(',')
					.map((t) =>
						t.includes(':')
							? { size: Number(t.split(':')[0]), pageSize: Number(t.split(':')[1]) }
							: Number(t),
					);
				break;
			case '--repeat':
				args.repeat = Number(value());
				break;
			case '--profile':
				args.profile = true;
				break;
			case '--no-n8n':
				args.n8n = false;
				break;
			case '--install-n8n':
				args.installN8n = true;
				break;
			case '--real-n8n':
				args.realN8n = true;
				args.installN8n = true;
				break;
			case '--no-real-n8n':
				args.realN8n = false;
				break;
			case '--no-write':
				args.write = false;
				break;
			case '--help':
			case '-h':
				process.stdout.write(fs.readFileSync(__filename, 'utf8').split('*/')[0] + '*/\n');
				process.exit(0);
				break;
			default:
				throw new Error(`unknown flag ${argv[i]} (see --help)`);
		}
	}
	return args;
}

function log(message) {
	process.stdout.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}\n`);
}

function pkgVersion(dir) {
	try {
		return JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).version;
	} catch {
		return undefined;
	}
}

function git(args) {
	try {
		return execFileSync('git', args, {
			cwd: ROOT,
			encoding: 'utf8',
			stdio: ['ignore', 'pipe', 'ignore'],
		}).trim();
	} catch {
		return undefined;
	}
}

/** The newest modification time of the .ts sources below a folder. */
function newestSource(dir) {
	let newest = 0;
	for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
		const p = path.join(dir, entry.name);
		if (entry.isDirectory()) newest = Math.max(newest, newestSource(p));
		else if (entry.name.endsWith('.ts')) newest = Math.max(newest, fs.statSync(p).mtimeMs);
	}
	return newest;
}

function machine() {
	const cpus = os.cpus();
	return {
		cpu: cpus[0] ? cpus[0].model.trim() : 'unknown',
		cores: cpus.length,
		memoryGB: os.totalmem() / 1024 ** 3,
		os: `${os.type()} ${os.release()} ${os.arch()}`,
		node: process.version,
		n8nCore: pkgVersion(path.join(ROOT, 'node_modules', 'n8n-core')),
		n8nWorkflow: pkgVersion(path.join(ROOT, 'node_modules', 'n8n-workflow')),
		packageVersion: pkgVersion(ROOT),
		commit: git(['rev-parse', '--short', 'HEAD']),
		dirty: Boolean(git(['status', '--porcelain', '--', 'nodes', 'credentials'])),
		loadAverageAtStart: os.loadavg(),
	};
}

/** The cached n8n (harness/): used only when complete, installed only when asked to. */
async function findN8n(args) {
	if (!args.n8n) return undefined;
	const lib = require(path.join(ROOT, 'harness'));
	const dir = path.join(lib.cacheRoot(), `n8n-${lib.DEFAULT_VERSION}`);
	const complete =
		fs.existsSync(path.join(dir, '.n8n-pim-install.json')) &&
		fs.existsSync(path.join(dir, 'node_modules', 'n8n'));
	if (!complete && args.quick && !args.installN8n) {
		log(
			`n8n ${lib.DEFAULT_VERSION} is not in ${dir}: skipping the HTTP Request node and cold load (--install-n8n to install it)`,
		);
		return undefined;
	}
	const inst = await lib.ensureN8n(lib.DEFAULT_VERSION, { log: (m) => log(m) });
	return {
		dir: inst.dir,
		version: inst.version,
		n8nCore: pkgVersion(path.join(inst.dir, 'node_modules', 'n8n-core')),
		nodesBase: pkgVersion(path.join(inst.dir, 'node_modules', 'n8n-nodes-base')),
	};
}

async function main() {
	const args = parseArgs(process.argv.slice(2));
	const started = Date.now();
	if (!fs.existsSync(path.join(ROOT, 'dist', 'nodes', 'Pim', 'Pim.node.js')))
		throw new Error('dist/ is missing: run `npm run build` first');
	const distTime = fs.statSync(path.join(ROOT, 'dist', 'nodes', 'Pim', 'Pim.node.js')).mtimeMs;
	const stale =
		newestSource(path.join(ROOT, 'nodes')) > distTime ||
		newestSource(path.join(ROOT, 'credentials')) > distTime;
	if (stale)
		log(
			'warning: nodes/ or credentials/ changed after dist/ was built; the benchmarks measure dist/ (npm run build)',
		);

	const outDir = path.join(__dirname, 'out');
	fs.mkdirSync(outDir, { recursive: true });
	// Every child loads this one copy of the build, so a rebuild during the run cannot mix builds.
	if (!process.env.PIM_BENCH_DIST) {
		const snapshot = path.join(outDir, 'dist-snapshot');
		fs.rmSync(snapshot, { recursive: true, force: true });
		fs.cpSync(path.join(ROOT, 'dist'), snapshot, { recursive: true });
		process.env.PIM_BENCH_DIST = snapshot;
	}
	const n8n = await findN8n(args);
	const quick = args.quick;
	// Besides the sizes of the brief: pages of 100 set explicitly (more, smaller requests)
	// and a server that takes 20 ms per answer (round trips dominate, as with a real PIM).
	const sizes =
		args.sizes ??
		(quick
			? [2000]
			: [
					5000,
					50000,
					500000,
					{ size: 50000, pageSize: 100, runs: 5 },
					{ size: 5000, latencyMs: 20, runs: 3 },
				]);
	const ctx = {
		log,
		quick,
		outDir,
		n8n,
		// Scenario 1 also runs the node in the cached n8n itself (bench/lib/realn8n.js).
		realN8n: Boolean(n8n) && args.realN8n,
		profile: args.profile,
		// The Return All case profiled with --profile: 50 000 products, or the first size given.
		profileSize: sizes.includes(50000)
			? 50000
			: typeof sizes[0] === 'number'
				? sizes[0]
				: sizes[0].size,
		sizes,
		runsFor: (size) => args.runs ?? (quick ? 2 : size >= 500000 ? 3 : 5),
		bulk: quick
			? { count: 200, rps: 10, runs: args.runs ?? 1, httpRuns: 1 }
			: { count: 2000, rps: 50, runs: args.runs ?? 3, httpRuns: Math.min(2, args.runs ?? 2) },
		dropdowns: { products: 100000, attributes: 10000, calls: args.runs ?? (quick ? 3 : 9) },
		coldload: { runs: args.runs ?? (quick ? 1 : 7) },
	};
	const results = {
		mode: quick ? 'quick' : 'full',
		startedAt: new Date(started).toISOString(),
		machine: machine(),
		n8n,
		staleDist: stale,
	};
	log(
		`${results.mode} run on ${results.machine.cpu} (${results.machine.cores} cores), Node ${process.version}, load ${results.machine.loadAverageAtStart.map((l) => l.toFixed(2)).join(' ')}`,
	);

	const scenarios = {
		1: ['getall', () => require('./scenarios/getall').run(ctx)],
		2: ['bulk', () => require('./scenarios/bulk').run(ctx)],
		3: ['dropdowns', () => require('./scenarios/dropdowns').run(ctx)],
		4: ['coldload', () => (n8n ? require('./scenarios/coldload').run(ctx) : undefined)],
		// The editor in Chromium: needs the cached n8n and Debian's chromium; not in quick runs.
		5: [
			'mapperUi',
			() =>
				n8n && !quick && !require('../harness').missingBrowser()
					? require('./mapper-ui').run({ version: n8n.version, log })
					: undefined,
		],
		6: [
			'triggerPolls',
			() => require('./trigger-polls').run({ products: quick ? 20_000 : 100_000, log }),
		],
		// Opt-in (--only 7): it packs the package of an older commit from git.
		7: [
			'eventBurst',
			async () => {
				if (!n8n) return undefined;
				const burst = require('./event-burst');
				const out = await burst.run(quick ? { bursts: [60], runs: 1 } : {});
				if (args.write) burst.writeSection(out);
				return out;
			},
		],
		8: [
			'nightlySync',
			() =>
				require('./nightly-sync').run({
					...(quick ? { sizes: [5_000], small: 300, rps: 50 } : {}),
					// Each case also in the cached n8n, as scenario 1.
					realN8n: ctx.realN8n,
					repeat: args.repeat ?? 1,
					log,
				}),
		],
	};
	results.errors = {};
	for (const n of args.only) {
		const [key, fn] = scenarios[n];
		try {
			const loadBefore = os.loadavg()[0];
			results[key] = await fn();
			// Anything else on the machine shows up in wall times: keep the load next to the figures.
			if (results[key]) results[key].load = { start: loadBefore, end: os.loadavg()[0] };
		} catch (error) {
			// One broken scenario must not lose the others' figures.
			results.errors[key] = String(error && error.stack ? error.stack : error);
			log(`scenario ${n} failed: ${results.errors[key]}`);
		}
	}
	results.finishedAt = new Date().toISOString();
	results.durationMs = Date.now() - started;
	results.machine.loadAverageAtEnd = os.loadavg();

	fs.writeFileSync(path.join(outDir, 'results.json'), JSON.stringify(results, null, 1));
	const report = writeReport(results, { dir: __dirname, write: args.write });
	process.stdout.write(`\n${report.summary}\n`);
	log(
		`done in ${((Date.now() - started) / 60000).toFixed(1)} min${args.write ? '; wrote bench/RESULTS.md and bench/throughput.svg' : ''}`,
	);
	if (Object.keys(results.errors).length) process.exitCode = 1;
}

main().catch((error) => {
	process.stderr.write(`${error && error.stack ? error.stack : String(error)}\n`);
	process.exit(1);
});
