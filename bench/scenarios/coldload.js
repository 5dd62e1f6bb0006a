'use strict';
/**
 * Scenario 4: cold load. Time for `n8n start` (the cached 1.123.81) to answer /healthz/readiness,
 * with and without the package installed in its user folder the way Community Nodes installs it
 * (`<user folder>/.n8n/nodes/node_modules/n8n-nodes-pim`, via scripts/lib/n8n.js), plus the
 * package's size on disk and the time to require() its files in a fresh Node process.
 *
 * harness/n8n.js's startN8n() polls readiness every 250 ms, too coarse for a difference of
 * some 100 ms; so n8n is spawned here with the same environment (ensureN8n().env) and polled
 * every 10 ms. Each user folder is started once before measuring (database migrations), then
 * the two folders alternate.
 */
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { performance } = require('node:perf_hooks');
const { median, summary } = require('../lib/stats');
const { ROOT } = require('../lib/sandbox');

const n8nLib = () => require(path.join(ROOT, 'harness'));

function sleep(ms) {
	return new Promise((r) => setTimeout(r, ms));
}

function rssOfMB(pid) {
	try {
		const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
		const m = /VmRSS:\s+(\d+) kB/.exec(status);
		return m ? Number(m[1]) / 1024 : undefined;
	} catch {
		return undefined;
	}
}

/** Starts n8n for a user folder (harness N8nFolder), resolves when ready; timings and a stop(). */
async function startOnce(folder) {
	const lib = n8nLib();
	const port = await lib.freePort();
	const { inst, env } = await folder.processEnv({
		N8N_PORT: String(port),
		N8N_LOG_LEVEL: 'info',
		N8N_EDITOR_BASE_URL: `http://localhost:${port}/`,
		WEBHOOK_URL: `http://localhost:${port}/`,
	});
	const { userFolder } = folder;
	const url = `http://127.0.0.1:${port}`;
	// n8n writes the node types it loaded here (asynchronously, at start): proof of what was loaded.
	const typesFile = path.join(userFolder, '.cache', 'n8n', 'public', 'types', 'nodes.json');
	fs.rmSync(typesFile, { force: true });
	const t0 = performance.now();
	const child = spawn(inst.nodeBin, [inst.n8nBin, 'start'], {
		cwd: userFolder,
		env,
		stdio: ['ignore', 'pipe', 'pipe'],
		detached: true,
	});
	let output = '';
	child.stdout.on('data', (d) => (output = (output + d).slice(-6000)));
	child.stderr.on('data', (d) => (output = (output + d).slice(-6000)));
	let exited = false;
	const exitPromise = new Promise((resolve) => child.once('exit', () => resolve((exited = true))));
	const stop = async () => {
		if (!exited) await n8nLib().stopGroup(child, exitPromise, 20_000);
	};
	try {
		for (;;) {
			if (exited) throw new Error(`n8n exited during start:\n${output}`);
			if (performance.now() - t0 > 180_000)
				throw new Error(`n8n not ready after 180 s:\n${output}`);
			try {
				const res = await fetch(`${url}/healthz/readiness`);
				if (res.ok) break;
			} catch {
				// not listening yet
			}
			await sleep(10);
		}
	} catch (e) {
		await stop();
		throw e;
	}
	const readyMs = performance.now() - t0;
	const rssMB = rssOfMB(child.pid);
	// Let the start finish (stopping n8n half-way prints errors and may leave migrations undone).
	let types = '';
	for (const until = performance.now() + 60_000; performance.now() < until && !exited; ) {
		if (/Editor is now accessible/.test(output) && fs.existsSync(typesFile)) {
			types = fs.readFileSync(typesFile, 'utf8');
			if (/\]\s*$/.test(types)) break;
		}
		await sleep(100);
	}
	return {
		readyMs,
		rssMB,
		hasPim: types.includes('"n8n-nodes-pim.pim"'),
		stop,
		output: () => output,
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
