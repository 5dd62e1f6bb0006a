'use strict';
/**
 * The sandbox PIM in its own process (sandbox/cli.ts through ts-node); its accounts as the
 * examples, tests, benchmarks and the demo use them: the seeded demo account and the examples'
 * others, their credentials and headers.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const { defaultLog, jsonOrUndefined, portInUse, REPO, sleep, startProcess } = require('./process');

/**
 * Starts the sandbox and resolves once it answers (its ready file holds the URL) with
 * { url, port, stop(), logs(), admin(path, { method, body }), process, startMs }. Options beside
 * `args` (more flags): `products` and `attributes` of the demo account, `noLog` (no request log),
 * `logLimit`, `maxOldSpaceMB` (heap for a sandbox of 500 000 products).
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
	const sandbox = startProcess(tsNode, argv, {
		cwd: REPO,
		env: maxOldSpaceMB
			? { ...process.env, NODE_OPTIONS: `--max-old-space-size=${maxOldSpaceMB}` }
			: process.env,
	});
	const t0 = Date.now();
	let url;
	for (;;) {
		if (sandbox.hasExited())
			throw new Error(
				`sandbox exited during start (${JSON.stringify(sandbox.hasExited())}):\n${sandbox.logs()}`,
			);
		if (Date.now() - t0 > timeoutMs) {
			await sandbox.stop(0);
			throw new Error(`sandbox not ready after ${timeoutMs} ms:\n${sandbox.logs()}`);
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
		const ended = await sandbox.stop(5000);
		fs.rmSync(path.dirname(readyFile), { recursive: true, force: true });
		return ended;
	};
	const admin = async (p, { method = 'GET', body } = {}) => {
		const send = () =>
			fetch(`${url}/__admin${p.startsWith('/') ? p : `/${p}`}`, {
				method,
				headers: body === undefined ? {} : { 'content-type': 'application/json' },
				body: body === undefined ? undefined : JSON.stringify(body),
			});
		// A caller that kept the event loop busy past the sandbox's keep-alive (a bench writing a
		// million-row file) may send on a connection the sandbox has just closed: the request never
		// reached it, and is sent once more on a new connection.
		const res = await send().catch((error) => {
			const closed = ['UND_ERR_SOCKET', 'ECONNRESET'].includes(error?.cause?.code);
			if (!closed) throw error;
			return send();
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
		logs: sandbox.logs,
		admin,
		process: sandbox.child,
		startMs: Date.now() - t0,
	};
}

/**
 * The sandbox's seeded account (sandbox/server.ts) and the credential the examples, the e2e
 * tests, the benchmarks and the demo give n8n for it.
 */
const DEMO_ACCOUNT = {
	id: 'pimSandbox',
	name: 'PIM sandbox (demo)',
	domain: 'demo',
	token: 'demo-token',
};

/** The PIM credential of one of the sandbox's accounts, for n8n's `import:credentials`. */
function sandboxCredential(sb, { id, name, domain, token } = DEMO_ACCOUNT) {
	return { id, name, data: { baseUrl: sb.url, domain, token, allowHttp: false } };
}

/** How a workflow's node names a credential: its id and name, never its data. */
function credentialRef({ id, name } = DEMO_ACCOUNT) {
	return { id, name };
}

/** The headers of the interface for one of the sandbox's accounts (a check reading it directly). */
function accountHeaders({ domain, token } = DEMO_ACCOUNT) {
	return { token, 'x-domain': domain };
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
	DEMO_ACCOUNT,
	sandboxCredential,
	credentialRef,
	accountHeaders,
	COPY_TARGET,
	AKENEO_ACCOUNT,
	EXAMPLE_ACCOUNTS,
	addExampleAccounts,
};
