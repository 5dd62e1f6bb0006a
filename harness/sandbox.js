'use strict';
/** The sandbox PIM in its own process (sandbox/cli.ts through ts-node), and its second account. */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawn } = require('node:child_process');

const {
	defaultLog,
	jsonOrUndefined,
	liveChildren,
	portInUse,
	REPO,
	sleep,
	stopGroup,
} = require('./process');

/**
 * Starts the project's PIM sandbox (`sandbox/cli.ts` through ts-node) as a child process.
 * Returns { url, port, stop(), logs(), admin(path, {method, body}) }.
 */
/**
 * Starts `sandbox/cli.ts` and resolves once it answers (its ready file holds the URL). Options
 * beside `args` (more flags): `products` and `attributes` of the demo account, `noLog` (no
 * request log), `logLimit`, `maxOldSpaceMB` (heap for a sandbox of 500 000 products).
 * @param {{ port?: number, products?: number, attributes?: number, noLog?: boolean,
 *   logLimit?: number, maxOldSpaceMB?: number, args?: string[], log?: Function,
 *   timeoutMs?: number }} options
 */
async function startSandbox({
	port = 0,
	products,
	attributes,
	noLog = false,
	logLimit,
	maxOldSpaceMB,
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
	if (attributes !== undefined) argv.push('--attributes', String(attributes));
	if (noLog) argv.push('--no-log');
	if (logLimit !== undefined) argv.push('--log-limit', String(logLimit));
	argv.push(...args);
	const child = spawn(tsNode, argv, {
		cwd: REPO,
		env: maxOldSpaceMB
			? { ...process.env, NODE_OPTIONS: `--max-old-space-size=${maxOldSpaceMB}` }
			: process.env,
		stdio: ['ignore', 'pipe', 'pipe'],
		detached: true,
	});
	liveChildren.add(child);
	child.on('exit', () => liveChildren.delete(child));
	// The end of its output, for an error message.
	let output = '';
	const keep = (d) => (output = (output + d).slice(-20000));
	child.stdout.on('data', keep);
	child.stderr.on('data', keep);
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
		await stopGroup(child, exitPromise, 5000);
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
		const json = jsonOrUndefined(text);
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

/**
 * The second credential of "Copy products between accounts": an empty account of the sandbox
 * that the example copies the demo account into.
 */
const COPY_TARGET = {
	id: 'pimSandboxCopy',
	name: 'PIM sandbox (copy target)',
	domain: 'staging',
	token: 'staging-token',
};

/**
 * The credential of "Migrate from Akeneo": an empty account with Akeneo's structure (channel
 * `ecommerce`, three locales), from the example's profile file.
 */
const AKENEO_ACCOUNT = {
	id: 'pimSandboxAkeneo',
	name: 'PIM sandbox (Akeneo structure)',
	domain: 'akeneo',
	token: 'akeneo-token',
	profileFile: path.join(__dirname, '..', 'examples', 'data', 'akeneo-profile.json'),
};

/** The accounts beside demo that examples write to, each with the credential they use. */
const EXAMPLE_ACCOUNTS = [COPY_TARGET, AKENEO_ACCOUNT];

/** Creates the examples' other accounts in a running sandbox (an existing one is left as it is). */
async function addExampleAccounts(sb) {
	for (const account of EXAMPLE_ACCOUNTS) {
		const profile = account.profileFile
			? JSON.parse(fs.readFileSync(account.profileFile, 'utf8'))
			: undefined;
		await sb
			.admin('/accounts', {
				method: 'POST',
				body: { domain: account.domain, token: account.token, products: 0, profile },
			})
			.catch((e) => {
				if (!/ 409 /.test(e.message)) throw e;
			});
	}
}

module.exports = {
	startSandbox,
	COPY_TARGET,
	AKENEO_ACCOUNT,
	EXAMPLE_ACCOUNTS,
	addExampleAccounts,
};
