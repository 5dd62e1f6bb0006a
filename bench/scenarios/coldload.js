'use strict';
/**
 * Scenario 4: cold load. Time for `n8n start` (the cached 1.123.81) to answer /healthz/readiness,
 * with and without the package installed in its user folder the way Community Nodes installs it
 * (`<user folder>/.n8n/nodes/node_modules/n8n-nodes-pim`, harness/setup.js), plus the
 * package's size on disk and the time to require() its files in a fresh Node process.
 *
 * n8n is started by the harness (N8nFolder.start), its readiness polled every 10 ms: the usual
 * 250 ms is too coarse for a difference of some 100 ms. Each user folder is started once before
 * measuring (database migrations), then the two folders alternate.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { performance } = require('node:perf_hooks');
const { median, summary } = require('../lib/stats');
const { ROOT } = require('../lib/sandbox');

const n8nLib = () => require(path.join(ROOT, 'harness'));

/** Starts n8n for a user folder (harness N8nFolder), resolves when ready; timings and a stop(). */
async function startOnce(folder) {
	const lib = n8nLib();
	const port = await lib.freePort();
	// n8n writes the node types it loaded here (asynchronously, at start): proof of what was loaded.
	const typesFile = path.join(folder.userFolder, '.cache', 'n8n', 'public', 'types', 'nodes.json');
	fs.rmSync(typesFile, { force: true });
	// Readiness alone, checked every 10 ms: the harness's usual 250 ms would hide the difference.
	const server = await folder.start({
		port,
		env: { N8N_LOG_LEVEL: 'info' },
		readyAt: 'readiness',
		pollMs: 10,
		timeoutMs: 180_000,
	});
	const readyMs = server.startMs;
	const rssMB = lib.rssOf(server.process.pid) / 1024 / 1024;
	let exited = false;
	server.exited.then(() => (exited = true));
	// Let the start finish (stopping n8n half-way prints errors and may leave migrations undone).
	let types = '';
	for (const until = performance.now() + 60_000; performance.now() < until && !exited; ) {
		if (/Editor is now accessible/.test(server.logs()) && fs.existsSync(typesFile)) {
			types = fs.readFileSync(typesFile, 'utf8');
			if (/\]\s*$/.test(types)) break;
		}
		await lib.sleep(100);
	}
	return {
		readyMs,
		rssMB,
		hasPim: types.includes('"n8n-nodes-pim.pim"'),
		stop: server.stop,
		output: server.logs,
	};
}

function dirSize(dir) {
	let bytes = 0;
	let files = 0;
	for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
		const p = path.join(dir, entry.name);
		if (entry.isDirectory()) {
			const s = dirSize(p);
			bytes += s.bytes;
			files += s.files;
		} else {
			bytes += fs.statSync(p).size;
			files++;
		}
	}
	return { bytes, files };
}

/** npm pack --dry-run: tarball size, unpacked size and file count of what would be published. */
async function packSize() {
	const { run } = n8nLib();
	const res = await run(
		'npm',
		['pack', '--dry-run', '--json', '--ignore-scripts', '--loglevel=error'],
		{ cwd: ROOT },
	);
	const [info] = JSON.parse(res.stdout.slice(res.stdout.indexOf('[')));
	return { size: info.size, unpackedSize: info.unpackedSize, entryCount: info.entryCount };
}

/** Time to require() and instantiate the package's node and credential classes in a fresh Node. */
async function requireTimes(runs) {
	const { run } = n8nLib();
	const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
	const files = [...pkg.n8n.nodes, ...pkg.n8n.credentials].map((f) => path.join(ROOT, f));
	const script = `
		require('n8n-workflow');
		const t = process.hrtime.bigint();
		for (const f of ${JSON.stringify(files)}) {
			const m = require(f);
			for (const k of Object.keys(m)) if (typeof m[k] === 'function') new m[k]();
		}
		process.stdout.write(String(Number(process.hrtime.bigint() - t) / 1e6));`;
	const times = [];
	for (let i = 0; i < runs; i++)
		times.push(Number((await run(process.execPath, ['-e', script], { cwd: ROOT })).stdout));
	return times;
}

/**
 * What n8n does with the package at start, alone: n8n-core's LazyPackageDirectoryLoader.loadAll()
 * (the cached n8n's copy) on the installed package folder, in a fresh Node process with n8n-core
 * already loaded, resolving n8n-workflow through NODE_PATH as n8n does.
 */
async function loaderTimes(inst, packageDir, runs) {
	const { run } = n8nLib();
	const modules = path.join(inst.dir, 'node_modules');
	const script = `
		const core = require(${JSON.stringify(path.join(modules, 'n8n-core'))});
		const t = process.hrtime.bigint();
		const loader = new core.LazyPackageDirectoryLoader(${JSON.stringify(packageDir)});
		loader.loadAll().then(() => {
			if (!loader.nodeTypes.pim) throw new Error('the loader did not find the pim node');
			process.stdout.write(String(Number(process.hrtime.bigint() - t) / 1e6));
		});`;
	const times = [];
	for (let i = 0; i < runs; i++) {
		const res = await run(inst.nodeBin, ['-e', script], {
			cwd: path.dirname(packageDir),
			env: { ...inst.env, NODE_PATH: modules },
		});
		times.push(Number(res.stdout));
	}
	return times;
}

async function run(ctx) {
	const { log } = ctx;
	const runs = ctx.coldload.runs;
	const lib = n8nLib();
	const inst = await lib.ensureN8n(lib.DEFAULT_VERSION, { log: (m) => log(`  ${m}`) });
	log(
		`scenario 4: cold load of n8n ${inst.version}, ${runs} start(s) with and without the package`,
	);
	const base = fs.mkdtempSync(path.join(os.tmpdir(), 'pim-bench-cold-'));
	const folder = (name) =>
		new lib.N8nFolder({ userFolder: path.join(base, name), log: (m) => log(`  ${m}`) });
	const folders = { without: folder('without'), with: folder('with') };
	const out = {
		version: inst.version,
		nodeVersion: inst.nodeVersion,
		runs,
		starts: { without: [], with: [] },
	};
	try {
		const packageDir = await folders.with.installPackage();
		out.loaderMs = summary(await loaderTimes(inst, packageDir, Math.max(3, runs)));
		// First start of each folder creates and migrates its database: not measured.
		for (const key of ['without', 'with']) {
			const s = await startOnce(folders[key]);
			out[`firstStartMs_${key}`] = s.readyMs;
			await s.stop();
			if (key === 'with' && !s.hasPim)
				throw new Error(`n8n did not load the package:\n${s.output()}`);
		}
		for (let i = 0; i < runs; i++) {
			for (const key of i % 2 ? ['with', 'without'] : ['without', 'with']) {
				const s = await startOnce(folders[key]);
				await s.stop();
				if (key === 'with' && !s.hasPim) throw new Error('n8n did not load the package');
				if (key === 'without' && s.hasPim)
					throw new Error('the package is loaded where it should not be');
				out.starts[key].push({ readyMs: s.readyMs, rssMB: s.rssMB });
				log(
					`  ${key.padEnd(7)} run ${i + 1}: ready in ${Math.round(s.readyMs)} ms, RSS ${Math.round(s.rssMB)} MB`,
				);
			}
		}
	} finally {
		fs.rmSync(base, { recursive: true, force: true });
	}
	out.ready = {
		without: summary(out.starts.without.map((s) => s.readyMs)),
		with: summary(out.starts.with.map((s) => s.readyMs)),
	};
	out.rss = {
		without: median(out.starts.without.map((s) => s.rssMB)),
		with: median(out.starts.with.map((s) => s.rssMB)),
	};
	out.diffMs = out.ready.with.median - out.ready.without.median;
	out.dist = dirSize(path.join(ROOT, 'dist'));
	out.pack = await packSize();
	out.requireMs = summary(await requireTimes(Math.max(3, runs)));
	return out;
}

module.exports = { run };
