'use strict';
/**
 * The one set-up of a real n8n with this package, for the end-to-end tests, the benchmarks and
 * the demo: an n8n user folder with the package installed as a Community Nodes install, the
 * credentials and workflows imported with n8n's own CLI, then `n8n start` (or a worker) on it
 * and the owner signed in.
 *
 *   const folder = await prepareN8n({ version, userFolder, package: { tarball }, credentials, workflows });
 *   await folder.cli(['execute', '--id=x', '--rawOutput']);
 *   const server = await folder.start();           // startN8n's handle
 *   const api = await server.login();               // N8nRest, owner set up and signed in
 *
 * Callers that report each step on its own (e2e) use the N8nFolder methods one by one.
 */
const fs = require('node:fs');
const path = require('node:path');

const { DEFAULT_VERSION, ensureN8n, installPackageInto } = require('./install');
const { runN8nCli, startN8n } = require('./n8n');
const { defaultLog } = require('./process');
const { N8nRest } = require('./rest');
const { DEFAULT_ENCRYPTION_KEY } = require('./settings');

/**
 * The instance owner every harness n8n is set up with (each user folder is its own instance):
 * the demo's sign-in (docs/real-n8n.md), the e2e tests' and the benchmarks'.
 */
const DEFAULT_OWNER = {
	email: 'demo@example.com',
	password: 'Demo-Pim-2025',
	firstName: 'Demo',
	lastName: 'User',
};

class N8nFolder {
	/**
	 * @param {{ version?: string, userFolder: string, encryptionKey?: string, env?: object,
	 *   log?: Function, onCli?: Function }} o  env: added to every CLI command and every start
	 *   (e.g. FILES_ENV); onCli(args, result): told of every CLI command (e2e scans the output).
	 */
	constructor({
		version = DEFAULT_VERSION,
		userFolder,
		encryptionKey = DEFAULT_ENCRYPTION_KEY,
		env = {},
		log = defaultLog,
		onCli = () => {},
	}) {
		this.version = version;
		this.userFolder = path.resolve(userFolder);
		this.encryptionKey = encryptionKey;
		this.env = env;
		this.log = log;
		this.onCli = onCli;
		fs.mkdirSync(this.userFolder, { recursive: true });
	}

	/** The package from `tarball` (npm pack), or a `distDir` build, or packed now; its folder. */
	async installPackage({ tarball, distDir } = {}) {
		const target = await installPackageInto(this.userFolder, { tarball, distDir, log: this.log });
		// In a real install the package's `require('n8n-workflow')` finds nothing up its path and
		// falls back to n8n's own copy (n8n puts it on NODE_PATH). Here the path runs up through
		// this repository, whose node_modules holds another copy: errors made with that copy fail
		// n8n's `instanceof NodeApiError` and show as the PIM's ("From PIM", error code none). Link
		// n8n's own copy where the lookup stops first, so the package sees what it sees in a real n8n.
		const inst = await ensureN8n(this.version, { log: this.log });
		const link = path.join(this.userFolder, '.n8n', 'nodes', 'node_modules', 'n8n-workflow');
		fs.rmSync(link, { recursive: true, force: true });
		fs.symlinkSync(path.join(inst.dir, 'node_modules', 'n8n-workflow'), link, 'dir');
		return target;
	}

	/**
	 * One CLI command to its end; a non-zero exit throws unless `allowFail`. `measure`: runN8nCli's
	 * `nodeArgs`, `sampleRss` and `stdoutFile`, for a bench.
	 */
	async cli(args, { allowFail = false, env = {}, timeoutMs, ...measure } = {}) {
		const r = await runN8nCli({
			version: this.version,
			userFolder: this.userFolder,
			args,
			env: { ...this.env, ...env },
			encryptionKey: this.encryptionKey,
			log: this.log,
			...(timeoutMs ? { timeoutMs } : {}),
			...measure,
		});
		this.onCli(args, r);
		if (r.code !== 0 && !allowFail) {
			const printed = measure.stdoutFile
				? fs.readFileSync(measure.stdoutFile, 'utf8').slice(-3000)
				: r.stdout;
			throw new Error(
				`n8n ${args.join(' ')} exited with ${r.code}\n${(printed + r.stderr).split('\n').slice(-25).join('\n')}`,
			);
		}
		return r;
	}

	/** `credentials`: `{ id, name, data, type = 'pimApi' }` each; the file is removed after. */
	async importCredentials(credentials) {
		const file = path.join(this.userFolder, `.import-credentials-${process.pid}.json`);
		fs.writeFileSync(file, JSON.stringify(credentials.map((c) => ({ type: 'pimApi', ...c }))));
		try {
			return await this.cli(['import:credentials', `--input=${file}`]);
		} finally {
			fs.rmSync(file, { force: true });
		}
	}

	/** `workflows`: a folder of workflow files, or workflow objects (each with its `id`). */
	async importWorkflows(workflows) {
		let dir = workflows;
		if (Array.isArray(workflows)) {
			dir = path.join(this.userFolder, `.import-workflows-${process.pid}`);
			fs.rmSync(dir, { recursive: true, force: true });
			fs.mkdirSync(dir);
			for (const wf of workflows)
				fs.writeFileSync(path.join(dir, `${wf.id}.json`), JSON.stringify(wf, null, 1));
		}
		try {
			return await this.cli(['import:workflow', '--separate', `--input=${dir}`]);
		} finally {
			if (dir !== workflows) fs.rmSync(dir, { recursive: true, force: true });
		}
	}

	/**
	 * `n8n start` (or `command: 'worker'`) on this folder: startN8n's handle, plus `login(owner)`,
	 * which sets the owner up (once per folder) and signs in through REST.
	 */
	async start(opts = {}) {
		const server = await startN8n({
			version: this.version,
			userFolder: this.userFolder,
			encryptionKey: this.encryptionKey,
			log: this.log,
			...opts,
			env: { ...this.env, ...(opts.env ?? {}) },
		});
		server.login = async (owner = DEFAULT_OWNER) => {
			const api = new N8nRest(server.url);
			await api.setupOwner(owner);
			await api.login(owner);
			return api;
		};
		return server;
	}

	/** A module of this n8n install (e.g. `flatted`, to read execution data as n8n stores it). */
	async requireFromN8n(name) {
		const inst = await ensureN8n(this.version, { log: this.log });
		return require(require.resolve(name, { paths: [path.join(inst.dir, 'node_modules', 'n8n')] }));
	}
}

/**
 * A folder ready to run: the package installed (`package`: `{ tarball }`, `{ distDir }`, `{}` to
 * pack now, or false for an n8n without it), then `credentials` and `workflows` imported.
 * @param {{ version?: string, userFolder: string, package?: false | { tarball?: string,
 *   distDir?: string }, credentials?: object[], workflows?: string | object[],
 *   encryptionKey?: string, env?: object, log?: Function }} options
 */
async function prepareN8n(options) {
	const { package: pkg = {}, credentials, workflows, ...rest } = options;
	const folder = new N8nFolder(rest);
	if (pkg) await folder.installPackage(pkg);
	if (credentials && credentials.length) await folder.importCredentials(credentials);
	if (workflows && (!Array.isArray(workflows) || workflows.length))
		await folder.importWorkflows(workflows);
	return folder;
}

module.exports = { N8nFolder, prepareN8n, DEFAULT_OWNER };
