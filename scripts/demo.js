#!/usr/bin/env node
'use strict';
/**
 * `npm run demo`: the package in a real n8n editor, ready to click through.
 *
 *   builds the package, starts the PIM sandbox on :8787 (or uses a real PIM), installs n8n once
 *   into .cache/, installs the package into .cache/demo-user like a Community Nodes install,
 *   imports a pimApi credential and every workflow of examples/, starts the editor on :5678 and
 *   prints a ready owner login. Ctrl-C stops n8n and the sandbox.
 *
 * Flags (or env):
 *   --n8n-version V   (N8N_VERSION, default 1.123.81; 2.41.1 also supported)
 *   --port N          (N8N_PORT, default 5678)         --sandbox-port N (default 8787)
 *   --base-url URL --domain D --token T   (PIM_BASE_URL, PIM_DOMAIN, PIM_TOKEN): a real PIM, no sandbox
 *   --allow-http      (PIM_ALLOW_HTTP=true) let the credential use http:// for a host other than this machine
 *   --products N      products per sandbox account (default 200)
 *   --profile FILE    the sandbox's demo account gets the structure of your real account: its
 *                     attributes, families, channels and category trees (format: sandbox/profile.ts,
 *                     example: examples/data/pim-profile.json), to rehearse an import against it
 *   --fresh           start from an empty demo user folder
 *   --no-build        use dist/ as it is
 *   --exit-when-ready check that everything comes up, then stop (smoke test)
 *
 * n8n runs on the Node 24 the project installs for n8n 2.x (N8N_PIM_NODE=24; set N8N_PIM_NODE=20
 * to use this Node): there n8n 1.123 uses its isolated expression engine, where Node 20 needs the
 * legacy one it warns about.
 */
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const n8n = require('../harness');

process.env.N8N_PIM_NODE = process.env.N8N_PIM_NODE || '24';
const REPO = n8n.REPO;
const OWNER = n8n.DEFAULT_OWNER;
const CREDENTIAL_ID = n8n.DEMO_ACCOUNT.id;

function usage(code) {
	const text = fs
		.readFileSync(__filename, 'utf8')
		.split('*/')[0]
		.replace(/^#!.*\n'use strict';\n\/\*\*\n?/, '')
		.replace(/^ \* ?/gm, '');
	process.stdout.write(`${text.trim()}\n`);
	process.exit(code);
}

function parseArgs(argv) {
	const env = process.env;
	const o = {
		version: env.N8N_VERSION || n8n.DEFAULT_VERSION,
		port: Number(env.N8N_PORT || 5678),
		sandboxPort: 8787,
		baseUrl: env.PIM_BASE_URL || '',
		domain: env.PIM_DOMAIN || '',
		token: env.PIM_TOKEN || '',
		allowHttp: env.PIM_ALLOW_HTTP === 'true',
		products: undefined,
		fresh: false,
		build: true,
		exitWhenReady: false,
	};
	for (let i = 0; i < argv.length; i++) {
		const [flag, inline] = argv[i].split(/=(.*)/s);
		const value = () => {
			const v = inline !== undefined ? inline : argv[++i];
			if (v === undefined) {
				console.error(`${flag} needs a value`);
				process.exit(2);
			}
			return v;
		};
		switch (flag) {
			case '--n8n-version':
				o.version = value();
				break;
			case '--port':
				o.port = Number(value());
				break;
			case '--sandbox-port':
				o.sandboxPort = Number(value());
				break;
			case '--base-url':
				o.baseUrl = value();
				break;
			case '--domain':
				o.domain = value();
				break;
			case '--token':
				o.token = value();
				break;
			case '--products':
				o.products = Number(value());
				break;
			case '--profile':
				o.profile = path.resolve(value());
				break;
			case '--allow-http':
				o.allowHttp = true;
				break;
			case '--fresh':
				o.fresh = true;
				break;
			case '--no-build':
				o.build = false;
				break;
			case '--exit-when-ready':
				o.exitWhenReady = true;
				break;
			case '--help':
			case '-h':
				usage(0);
				break;
			default:
				console.error(`Unknown flag ${argv[i]}\n`);
				usage(2);
		}
	}
	if (o.baseUrl && !o.token) {
		console.error('--base-url needs --token (or PIM_TOKEN) too.');
		process.exit(2);
	}
	return o;
}

function step(msg) {
	process.stdout.write(`\x1b[1m▸ ${msg}\x1b[0m\n`);
}

async function main() {
	const o = parseArgs(process.argv.slice(2));
	const log = (m) => process.stdout.write(`  ${m}\n`);
	const stops = [];
	let stopping = false;
	const shutdown = async (code) => {
		if (stopping) return;
		stopping = true;
		process.stdout.write('\nStopping ...\n');
		for (const s of stops.reverse()) await s().catch(() => {});
		process.exit(code);
	};
	process.on('SIGINT', () => shutdown(0));
	process.on('SIGTERM', () => shutdown(0));

	try {
		if (o.build) {
			step('Building the package (npm run build)');
			const t = Date.now();
			await n8n.run('npm', ['run', 'build'], { cwd: REPO, log });
			log(`built in ${n8n.fmtMs(Date.now() - t)}`);
		}

		let pim;
		if (o.baseUrl) {
			pim = {
				baseUrl: o.baseUrl.replace(/\/+$/, ''),
				domain: o.domain,
				token: o.token,
				name: `PIM (${o.domain || new URL(o.baseUrl).hostname})`,
			};
			step(`Using the PIM at ${pim.baseUrl} (domain ${pim.domain || '(from the host name)'})`);
		} else {
			step(`Starting the PIM sandbox on port ${o.sandboxPort}`);
			const sb = await n8n.startSandbox({
				port: o.sandboxPort,
				products: o.products,
				args: o.profile ? ['--profile', o.profile] : [],
				log,
			});
			stops.push(() => sb.stop());
			const { domain, token, name } = n8n.DEMO_ACCOUNT;
			pim = { baseUrl: sb.url, domain, token, name };
			// The accounts examples write to besides demo (copy target, Akeneo's structure).
			await n8n.addExampleAccounts(sb);
			pim.others = n8n.EXAMPLE_ACCOUNTS.map((a) => ({ ...a, baseUrl: sb.url }));
			log(
				`${sb.url} — accounts ${['demo', 'acme', ...n8n.EXAMPLE_ACCOUNTS.map((a) => a.domain)].join(', ')}, state at ${sb.url}/__admin/accounts`,
			);
		}

		step(
			`Preparing n8n ${o.version} (installed once into ${path.relative(REPO, n8n.cacheRoot()) || '.'}/n8n-${o.version})`,
		);
		const inst = await n8n.ensureN8n(o.version, { log });
		log(
			inst.cached
				? `cached (Node ${inst.nodeVersion})`
				: `installed in ${n8n.fmtMs(inst.installMs + inst.sqliteMs)}`,
		);

		const userFolder = path.join(n8n.cacheRoot(), 'demo-user');
		const versionFile = path.join(userFolder, 'n8n-version');
		const previous = fs.existsSync(versionFile)
			? fs.readFileSync(versionFile, 'utf8').trim()
			: null;
		if (o.fresh || (previous && previous !== o.version)) {
			log(
				previous && previous !== o.version
					? `demo folder was made by n8n ${previous}: starting a fresh one`
					: 'starting from a fresh demo folder',
			);
			fs.rmSync(userFolder, { recursive: true, force: true });
		}
		fs.mkdirSync(userFolder, { recursive: true });
		fs.writeFileSync(versionFile, o.version);

		// Files the examples read (the shop export's CSV) and write (the feed): n8n's file nodes may use this folder.
		const filesDir = path.join(userFolder, 'files');
		const folder = new n8n.N8nFolder({
			version: o.version,
			userFolder,
			env: n8n.FILES_ENV(filesDir),
			log,
		});
		step('Installing the package into the demo n8n (like a Community Nodes install)');
		const pkgDir = await folder.installPackage();
		log(path.relative(REPO, pkgDir));

		step('Importing the credential and the example workflows');
		const importedCredentials = [
			{
				id: CREDENTIAL_ID,
				name: pim.name,
				data: {
					baseUrl: pim.baseUrl,
					domain: pim.domain,
					token: pim.token,
					allowHttp: o.allowHttp,
				},
			},
			...(pim.others ?? []).map((a) => ({
				id: a.id,
				name: a.name,
				data: { baseUrl: a.baseUrl, domain: a.domain, token: a.token },
			})),
		];
		const workflows = n8n.loadExamples(path.join(REPO, 'examples'), filesDir).map(({ wf }) => wf);
		// Each import is an n8n command of its own (~5 s): a later start with the same credentials
		// and examples (the same ports) into the same database imports nothing.
		const stampFile = path.join(userFolder, '.n8n', 'imported');
		const stamp = crypto
			.createHash('sha256')
			.update(JSON.stringify({ importedCredentials, workflows }))
			.digest('hex');
		const imported =
			fs.existsSync(path.join(userFolder, '.n8n', 'database.sqlite')) &&
			fs.existsSync(stampFile) &&
			fs.readFileSync(stampFile, 'utf8') === stamp;
		if (imported) log('the same credentials and examples as the last start: already imported');
		else {
			fs.rmSync(stampFile, { force: true });
			await folder.importCredentials(importedCredentials);
			await folder.importWorkflows(workflows);
			fs.writeFileSync(stampFile, stamp);
		}
		log(`credential "${pim.name}" (id ${CREDENTIAL_ID})`);
		for (const a of pim.others ?? [])
			log(`credential "${a.name}" (id ${a.id}, account ${a.domain})`);
		log(`${workflows.length} workflows from examples/`);
		o.workflows = workflows;

		step(`Starting n8n ${o.version} on port ${o.port}`);
		const logFile = path.join(userFolder, 'n8n.log');
		const server = await folder.start({ port: o.port, logFile });
		stops.push(() => server.stop());
		server.exited.then((r) => {
			if (stopping) return;
			console.error(
				`\n\x1b[31mn8n stopped on its own (${JSON.stringify(r)}); its log: ${logFile}\x1b[0m`,
			);
			shutdown(1);
		});
		const api = await server.login(OWNER);
		let connection;
		try {
			const t = await api.post('/rest/credentials/test', {
				credentials: {
					id: CREDENTIAL_ID,
					name: pim.name,
					type: 'pimApi',
					data: {
						baseUrl: pim.baseUrl,
						domain: pim.domain,
						token: pim.token,
						allowHttp: o.allowHttp,
					},
				},
			});
			connection =
				t.status === 'OK'
					? `\x1b[32mOK\x1b[0m (${t.message})`
					: `\x1b[31mFAILED\x1b[0m: ${t.message}`;
		} catch (e) {
			connection = `not tested (${e.message.split('\n')[0]})`;
		}

		const base = `http://localhost:${server.port}`;
		// Every account and credential the demo made, and the examples that use each.
		const credentials = [
			{ id: CREDENTIAL_ID, name: pim.name, domain: pim.domain, token: pim.token },
			...(pim.others ?? []),
		];
		const usedBy = (id) =>
			o.workflows
				.filter((w) => (w.nodes ?? []).some((nd) => nd.credentials?.pimApi?.id === id))
				.map((w) => w.name);
		const accountLines = credentials.map((c) => {
			const users = usedBy(c.id);
			const what =
				c.id === CREDENTIAL_ID
					? `${users.length} examples`
					: users.length
						? users.join(', ')
						: 'no example';
			return `    ${(c.domain || '-').padEnd(9)} token ${String(c.token).padEnd(14)} credential "${c.name}" — ${what}`;
		});
		const lines = [
			'',
			`\x1b[1;32mn8n ${o.version} with n8n-nodes-pim is ready: ${base}\x1b[0m`,
			'',
			`  Sign in:     ${OWNER.email}  /  ${OWNER.password}`,
			`  PIM:         ${pim.baseUrl}   connection ${connection}`,
			'  Accounts and credentials (account, token, credential — the examples that use it):',
			...accountLines,
			...(o.baseUrl
				? []
				: ['    acme      token acme-token     (a second seeded account, no credential)']),
			`  Files:       n8n's file nodes may read and write ${filesDir}`,
			"               (the examples' CSV files are there: put your own exports there and give Read/Write Files their full path;",
			'               "Export a product feed" writes products-feed.tsv there)',
			'  Workflows:',
			...o.workflows.map((w) => `    ${`${base}/workflow/${w.id}`.padEnd(50)} ${w.name}`),
			'',
			...(o.baseUrl
				? [
						"  \x1b[33mNote: the examples use the sandbox's codes (SKU-000012, category 7, ...) and some of them write",
						'  products: adapt them before you execute them against a real PIM.\x1b[0m',
						'',
					]
				: []),
			`  n8n log: ${path.relative(REPO, logFile)}   Ctrl-C stops n8n${o.baseUrl ? '' : ' and the sandbox'}.`,
			'',
		];
		process.stdout.write(`${lines.join('\n')}\n`);
		if (o.exitWhenReady) return shutdown(0);
		await new Promise(() => {}); // until Ctrl-C
	} catch (e) {
		console.error(`\n\x1b[31mDemo failed:\x1b[0m ${e.message}`);
		await shutdown(1);
	}
}

main();
