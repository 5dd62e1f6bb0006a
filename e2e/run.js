#!/usr/bin/env node
'use strict';
/**
 * End-to-end test in a real n8n: `npm run test:e2e [-- --versions 1.123.81,2.41.1]`.
 *
 * For each n8n version: a fresh user folder with the packed package installed as a Community
 * Nodes install does, a fresh PIM sandbox, then
 *   - every example workflow imported and run with `n8n execute`, its output checked against the
 *     sandbox's state (e2e/examples.js)
 *   - `n8n start`: node/credential types, icons, credential test, dropdowns, list search and the
 *     trigger (manual run and activation) through the editor's REST API (e2e/editor.js)
 *   - the editor in Chromium (e2e/browser.js)
 *   - n8n's log has no warning or error about the package
 *   - the trigger across a restart of n8n (e2e/restart.js)
 * Exit code 1 when any check fails. Reports land in e2e/out/ (gitignored).
 *
 * Flags: --versions a,b   --browser-versions a,b|all|none   --no-browser   --no-build   --keep
 *        --only restart (only the restart check, after the package and credentials are in place)
 *        --only specs [--spec <id,...>] (only the workflows run with n8n execute; --spec: those named)
 *        --only editor (only the editor's checks and the browser test)
 *        --queue (instead of the above: n8n queue mode, main + 2 workers, e2e/queue.js)
 */
const fs = require('node:fs');
const path = require('node:path');
const n8n = require('../harness');
const { specs, NIGHTLY_IN_BATCHES } = require('./examples');
const editor = require('./editor');
const scale = require('./scale');
const queue = require('./queue');
const restart = require('./restart');
const hostile = require('./hostile');
const { ok } = require('./assert');

const REPO = n8n.REPO;
const OUT = path.join(REPO, 'e2e', 'out');
const EXAMPLES = path.join(REPO, 'examples');
// Workflows the e2e test runs besides the examples (e.g. saved in an older node version).
const FIXTURES = path.join(REPO, 'e2e', 'fixtures');
const ENCRYPTION_KEY = 'e2e-n8n-nodes-pim-encryption-key';
const OWNER = n8n.DEFAULT_OWNER;
const CRED = n8n.credentialRef();
const BAD_CRED = { id: 'pimBadToken', name: 'PIM sandbox (wrong token)' };
const TRIGGER_EXAMPLE = 'pimOnChange';
const TRIGGER_TEST = 'pimOnChangeTest';

/** The contract's operations plus those added since; the examples must use all of them. */
const CONTRACT_OPERATIONS = [
	'product.getAll',
	'product.get',
	'product.create',
	'product.update',
	'product.assignChannel',
	'product.assignCategory',
	'category.getAll',
	'category.get',
	'category.getProducts',
	'family.getAll',
	'family.get',
	'channel.getAll',
	'channel.get',
	'channel.getAttributes',
	'attribute.getAll',
	'attribute.get',
	'locale.getAll',
	'locale.get',
	'currency.getAll',
	'currency.get',
	'relation.getAll',
	'relation.get',
	'relation.getProductRelation',
	'product.getBySku',
	'product.upsert',
	'product.importFile',
	'product.exportFile',
];

function parseArgs(argv) {
	const opts = {
		versions: n8n.SUPPORTED_VERSIONS,
		browserVersions: 'all',
		build: true,
		keep: false,
		queue: false,
	};
	for (let i = 0; i < argv.length; i++) {
		const [flag, inline] = argv[i].split(/=(.*)/s);
		const value = () => (inline !== undefined ? inline : argv[++i]);
		if (flag === '--versions')
			opts.versions = value()
				.split(',')
				.map((s) => s.trim())
				.filter(Boolean);
		else if (flag === '--browser-versions') opts.browserVersions = value();
		else if (flag === '--no-browser') opts.browserVersions = 'none';
		else if (flag === '--no-build') opts.build = false;
		else if (flag === '--keep') opts.keep = true;
		else if (flag === '--queue') opts.queue = true;
		else if (flag === '--only') opts.only = value();
		else if (flag === '--spec') opts.spec = value();
		else if (flag === '--help' || flag === '-h') {
			console.log(
				'Usage: npm run test:e2e -- [--versions 1.123.81,2.41.1] [--browser-versions all|none|a,b] [--no-browser] [--no-build] [--keep] [--only restart|specs|editor] [--spec <workflow id> (with --only specs: that one)] [--queue (only the queue-mode test, e2e/queue.js)]',
			);
			process.exit(0);
		} else {
			console.error(`Unknown flag ${argv[i]} (see --help)`);
			process.exit(2);
		}
	}
	if (opts.only !== undefined && !['restart', 'specs', 'editor'].includes(opts.only)) {
		console.error(`--only takes "restart", "specs" or "editor" (got "${opts.only}")`);
		process.exit(2);
	}
	if (process.env.E2E_VERSIONS && !argv.includes('--versions'))
		opts.versions = process.env.E2E_VERSIONS.split(',');
	return opts;
}

const fmt = n8n.fmtMs;
function say(msg) {
	process.stdout.write(`${msg}\n`);
}

class Suite {
	constructor(version) {
		this.version = version;
		this.results = [];
		this.timings = {};
	}

	async check(name, fn) {
		const t0 = Date.now();
		try {
			const detail = await fn();
			const ms = Date.now() - t0;
			this.results.push({ name, ok: true, ms, detail: typeof detail === 'string' ? detail : '' });
			say(`  ✔ ${name} (${fmt(ms)})${typeof detail === 'string' && detail ? ` — ${detail}` : ''}`);
			return true;
		} catch (e) {
			const ms = Date.now() - t0;
			this.results.push({ name, ok: false, ms, error: e.message });
			say(`  ✘ ${name} (${fmt(ms)})\n      ${String(e.message).split('\n').join('\n      ')}`);
			return false;
		}
	}

	skip(name, why) {
		this.results.push({ name, ok: true, skipped: true, ms: 0, detail: why });
		say(`  - ${name}: SKIPPED — ${why}`);
	}

	get failed() {
		return this.results.filter((r) => !r.ok);
	}
}

/** Static: the examples together use every operation of the contract and the trigger. */
function examplesCoverage() {
	const used = new Set();
	let trigger = false;
	for (const file of fs.readdirSync(EXAMPLES).filter((f) => f.endsWith('.json'))) {
		const wf = JSON.parse(fs.readFileSync(path.join(EXAMPLES, file), 'utf8'));
		ok(
			typeof wf.id === 'string' && wf.id.length <= 16,
			`${file}: workflow id "${wf.id}" must be at most 16 characters`,
		);
		for (const node of wf.nodes) {
			if (node.type === 'n8n-nodes-pim.pim')
				used.add(`${node.parameters.resource || 'product'}.${node.parameters.operation}`);
			if (node.type === 'n8n-nodes-pim.pimTrigger') trigger = true;
			if (/^n8n-nodes-pim\./.test(node.type))
				ok(
					node.credentials &&
						node.credentials.pimApi &&
						[CRED.id, ...n8n.EXAMPLE_ACCOUNTS.map((a) => a.id)].includes(
							node.credentials.pimApi.id,
						),
					`${file}: node "${node.name}" uses credential ${CRED.id} (or ${n8n.EXAMPLE_ACCOUNTS.map((a) => a.id).join(', ')})`,
				);
		}
	}
	const missing = CONTRACT_OPERATIONS.filter((op) => !used.has(op));
	ok(missing.length === 0, `operations not covered by examples/: ${missing.join(', ')}`);
	ok(trigger, 'no example uses the PIM Trigger');
	const extra = [...used].filter((op) => !CONTRACT_OPERATIONS.includes(op));
	ok(extra.length === 0, `examples use operations outside the contract: ${extra.join(', ')}`);
	return `${used.size} operations + trigger in ${fs.readdirSync(EXAMPLES).filter((f) => f.endsWith('.json')).length} workflows`;
}

/**
 * A never-run copy of each example and fixture with PIM nodes (the originals ran with `n8n execute`), and the
 * names of those nodes: the browser opens every one before any run.
 */
async function neverRunExamples(api, { sample = false, keep = [] } = {}) {
	const out = [];
	// A sample (the versions that do not take the README's screenshots): the first node of each
	// kind (node type, version, resource, operation) and the nodes in `keep` ("<workflow id>/<node>").
	const kinds = new Set();
	const wanted = (wf, n) => {
		if (!sample || keep.includes(`${wf.id}/${n.name}`)) return true;
		const p = n.parameters || {};
		const kind = JSON.stringify([n.type, n.typeVersion, p.resource, p.operation]);
		return !kinds.has(kind) && kinds.add(kind);
	};
	const files = [EXAMPLES, FIXTURES].flatMap((dir) =>
		fs
			.readdirSync(dir)
			.filter((x) => x.endsWith('.json'))
			.map((x) => path.join(dir, x)),
	);
	for (const f of files) {
		const wf = JSON.parse(fs.readFileSync(f, 'utf8'));
		const nodes = wf.nodes
			.filter((n) => /^n8n-nodes-pim\./.test(n.type) && wanted(wf, n))
			.map((n) => n.name);
		if (!nodes.length) continue;
		// n8n's REST API takes names of up to 128 characters.
		const copy = await api.post('/rest/workflows', {
			name: `${wf.name.slice(0, 128 - ' (never run)'.length)} (never run)`,
			active: false,
			nodes: wf.nodes,
			connections: wf.connections,
			settings: wf.settings,
		});
		out.push({ id: copy.id, example: wf.id, nodes });
	}
	return out;
}

/**
 * A workflow with one version-2 PIM node that must show a problem in the editor: proves that the
 * browser's check for that problem can fail.
 */
async function controlWorkflow(api, { name, nodeName, parameters, credential }) {
	const wf = await api.post('/rest/workflows', {
		name: `e2e: control (${name})`,
		active: false,
		nodes: [
			{
				id: `control-${name.replace(/\W+/g, '-')}`,
				name: nodeName,
				type: 'n8n-nodes-pim.pim',
				typeVersion: 2,
				position: [0, 0],
				parameters: { resource: 'product', operation: 'create', ...parameters },
				credentials: { pimApi: credential },
			},
		],
		connections: {},
		settings: { executionOrder: 'v1' },
	});
	return { workflowId: wf.id, nodeName };
}

/** The controls: dropdowns with a wrong token fail; a language the account lacks is "not supported". */
const controls = (api) =>
	Promise.all([
		controlWorkflow(api, {
			name: 'wrong token',
			nodeName: 'Wrong token',
			parameters: { familyCode: 'home' },
			credential: BAD_CRED,
		}),
		controlWorkflow(api, {
			name: 'unsupported language',
			nodeName: 'Unknown language',
			parameters: { languageCode: 'xx_XX' },
			credential: CRED,
		}),
	]);

/**
 * The example workflows (plus the trigger test copy) as separate files for `import:workflow
 * --separate`; files they read go to `filesDir`.
 */
/**
 * The nightly-sync example with n8n's Loop Over Items between the sheet and the sync (batches of
 * 500, each batch's output looped back): the PIM node runs once per batch in one execution.
 */
function nightlyInBatches(dir) {
	const wf = JSON.parse(fs.readFileSync(path.join(dir, 'nightly-catalogue-sync.json'), 'utf8'));
	wf.id = NIGHTLY_IN_BATCHES;
	wf.name = 'e2e: Nightly catalogue sync in Loop Over Items';
	const loop = 'Loop Over Items';
	const at = wf.nodes.find((n) => n.name === 'Sync product').position;
	wf.nodes.push({
		id: 'e2e-loop-over-items',
		name: loop,
		type: 'n8n-nodes-base.splitInBatches',
		typeVersion: 3,
		position: [at[0] - 100, at[1] + 200],
		parameters: { batchSize: 500, options: {} },
	});
	const to = (node) => [{ node, type: 'main', index: 0 }];
	wf.connections['Extract from CSV'] = { main: [to(loop)] };
	wf.connections[loop] = { main: [[], to('Sync product')] };
	wf.connections['Sync product'] = { main: [to(loop)] };
	return wf;
}

function writeWorkflows(dir, filesDir) {
	fs.mkdirSync(dir, { recursive: true });
	for (const { file, wf } of n8n.loadExamples(EXAMPLES, filesDir))
		fs.writeFileSync(path.join(dir, file), JSON.stringify(wf, null, 2));
	for (const { file, wf } of n8n.loadExamples(FIXTURES, filesDir))
		fs.writeFileSync(path.join(dir, file), JSON.stringify(wf, null, 2));
	const trig = JSON.parse(
		fs.readFileSync(path.join(EXAMPLES, 'react-to-product-changes.json'), 'utf8'),
	);
	trig.id = TRIGGER_TEST;
	trig.name = 'e2e: React to shoe changes (emit existing)';
	const node = trig.nodes.find((n) => n.type === 'n8n-nodes-pim.pimTrigger');
	// Yearly: no scheduled poll can interfere; activation itself polls at once.
	node.parameters.pollTimes = { item: [{ mode: 'custom', cronExpression: '0 0 3 1 1 *' }] };
	node.parameters.filters = { familyCode: 'shoes' };
	node.parameters.options = { emitExisting: true };
	fs.writeFileSync(path.join(dir, 'e2e-trigger-test.json'), JSON.stringify(trig, null, 2));
	fs.writeFileSync(
		path.join(dir, 'e2e-export-any-size.json'),
		JSON.stringify(scale.exportTestWorkflow(EXAMPLES), null, 2),
	);
	fs.writeFileSync(
		path.join(dir, 'e2e-burst.json'),
		JSON.stringify(scale.burstTestWorkflow(), null, 2),
	);
	fs.writeFileSync(path.join(dir, 'e2e-hostile.json'), JSON.stringify(hostile.workflow(), null, 2));
	fs.writeFileSync(
		path.join(dir, 'e2e-nightly-in-batches.json'),
		JSON.stringify(nightlyInBatches(dir), null, 2),
	);
	fs.writeFileSync(
		path.join(dir, 'e2e-trigger-big.json'),
		JSON.stringify(scale.triggerTestWorkflow(EXAMPLES), null, 2),
	);
}

const PACKAGE_PROBLEM = /(n8n-nodes-pim|pimApi|pimTrigger|\bPim(Trigger)?\b|nodes\/Pim)/i;
const PROBLEM_WORDS =
	/(error|warn|fail|cannot|could not|unable|deprecat|unrecognized|invalid|problem|not found)/i;
const LOADER_PROBLEM =
	/(Unrecognized (node|credential) type|Class could not be found|Error loading package|Failed to load|Cannot find module|is not a valid community package|There was an error)/i;

// Caused on purpose by the credential test with a wrong token / domain, and by the browser test's
// control node (a wrong-token credential: n8n 2.x logs the failed dropdown with its stack), and
// by the any-size export's GET probe of its POST webhook (e2e/scale.js), and by the browser
// test's bad-row import (e2e/fixtures/v2-bad-row-import.json: its rows' SKUs are BADROW-n),
// and by the hostile catalogue file the Import File example is run on (e2e/examples.js).
const EXPECTED =
	/(SKU BADROW-\d|Credential test failed|Authorization failed - please check your credentials|Unauthenticated: the token is invalid\.|This webhook is not registered for GET requests|The requested webhook "GET pim-(export-any-size|burst)-e2e" is not registered|The file is refused at line 7: a cell is longer than 1,048,576 characters|Nothing was written: 2 of 60 rows of the file have a problem)/;

/** The log without expected errors and the stack frames under them. */
function withoutExpected(lines) {
	const out = [];
	let inExpected = false;
	for (const line of lines) {
		if (EXPECTED.test(line)) inExpected = true;
		else if (!/^at /.test(line)) inExpected = false;
		if (!inExpected) out.push(line);
	}
	return out;
}

/** Lines of n8n's output that warn about or fail on the package. */
function packageProblems(text) {
	return withoutExpected(text.split('\n').map((l) => l.trim())).filter(
		(l) => (PACKAGE_PROBLEM.test(l) && PROBLEM_WORDS.test(l)) || LOADER_PROBLEM.test(l),
	);
}

/** Other warning/error lines of n8n (not about the package): reported, not failed. */
function otherWarnings(text) {
	return text.split('\n').filter((l) => /\| (warn|error) +\|/.test(l) && !EXPECTED.test(l));
}

async function runVersion(version, opts, tarball) {
	const suite = new Suite(version);
	const vOut = path.join(OUT, version);
	fs.rmSync(vOut, { recursive: true, force: true });
	fs.mkdirSync(vOut, { recursive: true });
	const userFolder = path.join(vOut, 'user');
	const log = (m) => say(`    · ${m}`);
	const cliOutput = [];
	// Files the examples read (the shop export's CSV), allowed to n8n's file nodes.
	const filesDir = path.join(vOut, 'files');
	const folder = new n8n.N8nFolder({
		version,
		userFolder,
		encryptionKey: ENCRYPTION_KEY,
		env: n8n.FILES_ENV(filesDir),
		log,
		// Every command's output is scanned for warnings about the package (the last check).
		onCli: (args, r) =>
			cliOutput.push(
				`$ n8n ${args.join(' ')}\n${r.stderr}\n${r.code === 0 && args[0] === 'execute' ? r.stdout.slice(0, r.stdout.search(/^\{/m)) : r.stdout}`,
			),
	});
	const tVersion = Date.now();
	say(`\n▶ n8n ${version}`);

	let inst;
	const installed = await suite.check('install n8n (cached per version)', async () => {
		const t0 = Date.now();
		inst = await n8n.ensureN8n(version, { log });
		suite.timings.install = Date.now() - t0;
		suite.timings.installCold = !inst.cached;
		return inst.cached
			? `cached in ${path.relative(REPO, inst.dir)} (Node ${inst.nodeVersion})`
			: `cold install ${fmt(inst.installMs)} + sqlite3 ${fmt(inst.sqliteMs)} (Node ${inst.nodeVersion})`;
	});
	if (!installed) return suite;

	let sb;
	const stopAll = [];
	try {
		await suite.check('package installed as a community package', async () => {
			const dir = await folder.installPackage({ tarball });
			ok(fs.existsSync(path.join(dir, 'package.json')), 'package.json unpacked');
			return path.relative(REPO, dir);
		});
		sb = await n8n.startSandbox({ log });
		stopAll.push(() => sb.stop());
		say(`    · sandbox ${sb.url} (${fmt(sb.startMs)})`);
		await n8n.addExampleAccounts(sb);
		const hostilePim = await hostile.start();
		stopAll.push(() => hostilePim.stop());
		const headers = n8n.accountHeaders();
		const pim = async (p) => {
			const res = await fetch(`${sb.url}/api/integration/${p}`, { headers });
			const body = await res.json();
			if (!res.ok || body.status === false)
				throw new Error(`sandbox GET ${p} -> ${res.status} ${body.message}`);
			return body.data;
		};
		const credData = n8n.sandboxCredential(sb).data;
		const badData = { ...credData, token: 'wrong-token' };
		const cli = async (args, what) => {
			try {
				return await folder.cli(args);
			} catch (error) {
				throw new Error(`${what}: ${error.message}`);
			}
		};

		await suite.check('import credentials (n8n import:credentials)', async () => {
			await folder.importCredentials([
				{ ...CRED, data: credData },
				{ ...BAD_CRED, data: badData },
				{
					...scale.HUGE_CRED,
					data: { ...credData, domain: scale.HUGE.domain, token: scale.HUGE.token },
				},
				...n8n.EXAMPLE_ACCOUNTS.map((a) => n8n.sandboxCredential(sb, a)),
				...hostilePim.credentials(),
			]);
			return `${CRED.id}, ${BAD_CRED.id}, ${scale.HUGE_CRED.id}`;
		});
		const flatted = await folder.requireFromN8n('flatted');
		// Starts and stops its own n8n on this user folder (no other n8n may run on it meanwhile).
		const restartCheck = () =>
			suite.check('trigger across a restart of n8n: each change emitted exactly once', () =>
				restart.triggerSurvivesRestart({
					folder,
					inst,
					owner: OWNER,
					cred: CRED,
					sb,
					pim,
					log,
					flatted,
				}),
			);
		if (opts.only === 'restart') {
			await restartCheck();
			suite.timings.total = Date.now() - tVersion;
			return suite;
		}
		await suite.check('import example workflows (n8n import:workflow)', async () => {
			const dir = path.join(vOut, 'workflows');
			writeWorkflows(dir, filesDir);
			const r = await folder.importWorkflows(dir);
			const n = fs.readdirSync(dir).length;
			ok(
				new RegExp(`imported ${n} workflows`, 'i').test(r.stdout + r.stderr),
				`expected "imported ${n} workflows" in: ${(r.stdout + r.stderr).trim().split('\n').slice(-3).join(' | ')}`,
			);
			return `${n} workflows`;
		});

		const execute = async (id) => {
			const t0 = Date.now();
			const r = await cli(['execute', `--id=${id}`, '--rawOutput'], `execute ${id}`);
			const run = n8n.parseRun(r.stdout);
			const err = run.data && run.data.resultData && run.data.resultData.error;
			if (err) throw new Error(`execution of ${id} failed: ${err.message}`);
			fs.writeFileSync(path.join(vOut, `run-${id}.json`), JSON.stringify(run, null, 1));
			return { run, ms: Date.now() - t0 };
		};
		// A crash: `n8n execute` killed (SIGKILL) as soon as `crashWhen()` holds, checked every
		// 100 ms. Returns whether it was killed (false: the execution ended first).
		const executeCrashing = async (id, crashWhen) => {
			const abort = new AbortController();
			let ended = false;
			const running = folder
				.cli(['execute', `--id=${id}`, '--rawOutput'], { allowFail: true, signal: abort.signal })
				.finally(() => (ended = true));
			while (!ended && !(await crashWhen())) await n8n.sleep(100);
			const killed = !ended;
			abort.abort();
			await running;
			return killed;
		};
		// An execution expected to fail: what n8n printed (its error's message and description).
		const executeFailing = async (id) => {
			const r = await folder.cli(['execute', `--id=${id}`, '--rawOutput'], { allowFail: true });
			return { code: r.code, printed: `${r.stdout}\n${r.stderr}` };
		};
		const ctx = {
			pim,
			admin: sb.admin,
			execute,
			executeCrashing,
			executeFailing,
			sandboxUrl: sb.url,
			filesDir,
		};
		// --only editor: the editor's checks and the browser test, no workflow run with n8n execute.
		const runSpecs = opts.only === 'editor' ? [] : specs;
		for (const spec of runSpecs.filter((s) => !opts.spec || opts.spec.split(',').includes(s.id))) {
			const wf = JSON.parse(
				fs.readFileSync(path.join(spec.fixture ? FIXTURES : EXAMPLES, spec.file), 'utf8'),
			);
			await sb.admin('/reset', { method: 'POST' });
			await suite.check(`workflow "${spec.name ?? wf.name}" (n8n execute)`, () => spec.verify(ctx));
		}
		if (opts.only === 'specs') {
			suite.timings.total = Date.now() - tVersion;
			return suite;
		}
		await suite.check(
			'a hostile PIM: redirects to another origin not followed, an endless list stopped (n8n execute)',
			() => hostile.verify({ execute, hostile: hostilePim, cliText: () => cliOutput.join('\n') }),
		);

		// ---- the editor (n8n start) ----
		let server;
		const started = await suite.check('n8n start (editor + REST)', async () => {
			server = await folder.start({ env: { N8N_LOG_LEVEL: 'debug' } });
			stopAll.unshift(() => server.stop());
			suite.timings.start = server.startMs;
			return `${server.url} ready in ${fmt(server.startMs)}`;
		});
		if (started) {
			let api;
			const loggedIn = await suite.check('owner setup and login', async () => {
				api = await server.login(OWNER);
				return OWNER.email;
			});
			if (loggedIn) {
				const ectx = {
					api,
					version,
					sb,
					pim,
					admin: sb.admin,
					flatted,
					cred: { ...CRED, data: credData },
					badCred: { ...BAD_CRED, data: badData },
				};
				let types;
				await suite.check('node and credential types registered', async () => {
					types = await editor.nodeTypes(ectx);
					return types.detail;
				});
				if (types) await suite.check('icons served', () => editor.icons(ectx, types));
				await suite.check('credential test (good token, wrong token, wrong domain)', () =>
					editor.credentialTest(ectx),
				);
				await suite.check('credential test against a redirect to another origin', () =>
					hostile.credentialTest(ectx, hostilePim),
				);
				await sb.admin('/reset', { method: 'POST' });
				await suite.check('dropdowns (dynamic-node-parameters/options)', () =>
					editor.dropdowns(ectx),
				);
				await suite.check('resource locator search (list search)', () => editor.listSearch(ectx));
				await suite.check('attribute mapper fields (version 2, resource-mapper-fields)', () =>
					editor.resourceMapper(ectx),
				);
				await suite.check(
					'trigger: manual execution of the example (editor "Execute workflow")',
					() => editor.triggerManual(ectx, TRIGGER_EXAMPLE),
				);
				await suite.check('trigger: activation, cursor kept across re-activation', () =>
					editor.triggerActivation(ectx, TRIGGER_TEST, TRIGGER_EXAMPLE),
				);
				const scaleCtx = {
					...ectx,
					serverUrl: server.url,
					serverPid: server.process.pid,
					setActive: editor.setActive,
					executions: editor.executions,
					waitForExecution: editor.waitForExecution,
					runItems: editor.runItems,
				};
				await suite.check(
					'webhook burst: 60 events at once, one product update each (PIM allows 5 in flight)',
					() => scale.webhookBurst(scaleCtx),
				);
				const exported = await suite.check(
					'export a catalogue of any size: 150 000 products (webhook, n8n start)',
					() => scale.exportAnySize(scaleCtx),
				);
				if (exported)
					await suite.check(
						'trigger on 150 000 products listed last update first (active, polls every minute)',
						() => scale.triggerLastUpdatedFirst(scaleCtx),
					);

				const wantBrowser =
					opts.browserVersions === 'all' ||
					(opts.browserVersions !== 'none' && opts.browserVersions.split(',').includes(version));
				if (!wantBrowser)
					suite.skip(
						'browser: editor, node, family dropdown',
						'not requested for this version (--browser-versions)',
					);
				else {
					const browser = require('./browser');
					const missing = n8n.missingBrowser();
					if (missing) suite.skip('browser: editor, node, family dropdown', missing);
					else {
						await sb.admin('/reset', { method: 'POST' });
						await suite.check('browser: editor, node, family dropdown (Chromium)', async () => {
							const families = (await pim('family?pagination[pageLimit]=1000')).record.map(
								(f) => f.title,
							);
							const shotsDir =
								opts.screenshotsVersion === version
									? path.join(REPO, 'docs')
									: path.join(vOut, 'screenshots');
							const r = await browser.run({
								url: server.url,
								owner: OWNER,
								workflowId: 'pimProductLife',
								nodeName: 'Create product',
								families,
								shotsDir,
								log,
								version,
								// Every node where the README's screenshots are taken, a node of each kind elsewhere.
								examples: await neverRunExamples(api, {
									sample: opts.screenshotsVersion !== version,
									keep: browser.SHOT_NODES,
								}),
								controls: await controls(api),
								mapper: {
									workflowId: 'pimSheet25',
									nodeName: 'Create or update product',
									expectFields: [
										'Color · Multi Select',
										'In Stock (inStock) · Text Field',
										'Price · Price',
									],
									fieldCount: (await pim('attribute?pagination[pageLimit]=1000')).record.length,
								},
								stale: { workflowId: 'pimShopExport', nodeName: 'Create or update product' },
								creator: {
									workflowId: 'pimProductLife',
									words: ['import file', 'catalogue file', 'csv', 'xlsx'],
								},
								progress: {
									workflowId: 'pimSlowExport',
									nodeName: 'Export slowly',
									// Pages of 10 (the fixture's Page Size), each answered after 2 s.
									slow: () =>
										sb.admin('/faults', {
											method: 'PUT',
											body: { pathPattern: '^GET /api/integration/product$', latencyMs: 2000 },
										}),
									restore: () => sb.admin('/faults', { method: 'DELETE' }),
								},
								importError: {
									workflowId: 'pimBadRow',
									nodeName: 'Import shop rows',
									expect: [
										'Parameter "Categories": "Clothing > Tshirts" is neither a code, a title nor a path of a category of the account',
										'Nothing was written: 2 of 4 items have a problem',
										'item 2 (SKU BADROW-2)',
										'item 3 (SKU BADROW-3)',
										'Closest categories',
									],
								},
							});
							return `${r.detail}; screenshots in ${path.relative(REPO, shotsDir)}`;
						});
					}
				}
			}
			await server.stop();
			stopAll.shift();
			fs.writeFileSync(path.join(vOut, 'n8n.log'), server.logs());
			await suite.check('no warning or error about the package in n8n output', async () => {
				const all = `${server.logs()}\n${cliOutput.join('\n')}`;
				fs.writeFileSync(path.join(vOut, 'cli.log'), cliOutput.join('\n'));
				const problems = packageProblems(all);
				ok(problems.length === 0, `${problems.length} lines:\n${problems.slice(0, 15).join('\n')}`);
				const loaded = server
					.logs()
					.match(/Loaded all credentials and nodes from n8n-nodes-pim (\{[^}]*\})/);
				ok(
					loaded,
					'the debug log does not say "Loaded all credentials and nodes from n8n-nodes-pim"',
				);
				const other = otherWarnings(server.logs());
				return `${all.split('\n').length} lines scanned (server at debug level + CLI); loaded ${loaded[1]}; ${other.length} other n8n warn/error lines`;
			});
			if (opts.only !== 'editor') await restartCheck();
		}
	} catch (e) {
		suite.results.push({ name: 'harness', ok: false, ms: 0, error: e.stack || e.message });
		say(`  ✘ harness error: ${e.stack || e.message}`);
	} finally {
		for (const stop of stopAll) await stop().catch(() => {});
		if (!opts.keep) fs.rmSync(userFolder, { recursive: true, force: true });
	}
	suite.timings.total = Date.now() - tVersion;
	return suite;
}

/** `--queue`: n8n main + workers on Redis and PostgreSQL (e2e/queue.js). */
async function runQueueVersion(version, tarball) {
	const suite = new Suite(version);
	const tVersion = Date.now();
	const outDir = path.join(OUT, `queue-${version}`);
	fs.rmSync(outDir, { recursive: true, force: true });
	fs.mkdirSync(outDir, { recursive: true });
	say(`\n▶ n8n ${version}, queue mode`);
	try {
		await queue.runQueue(version, suite, { tarball, outDir, log: (m) => say(`    · ${m}`) });
	} catch (e) {
		suite.results.push({ name: 'harness', ok: false, ms: 0, error: e.stack || e.message });
		say(`  ✘ harness error: ${e.stack || e.message}`);
	}
	suite.timings.total = Date.now() - tVersion;
	return suite;
}

async function main() {
	const opts = parseArgs(process.argv.slice(2));
	// Screenshots for the README come from the first version that runs the browser test.
	// The README's screenshots (docs/*.png) come from 1.123.81 when it runs the browser test, else
	// from the first version that does; the other versions' go to e2e/out/<version>/screenshots.
	const withBrowser = opts.versions.filter(
		(v) =>
			opts.browserVersions === 'all' ||
			(opts.browserVersions !== 'none' && opts.browserVersions.split(',').includes(v)),
	);
	opts.screenshotsVersion = withBrowser.includes(n8n.DEFAULT_VERSION)
		? n8n.DEFAULT_VERSION
		: withBrowser[0];
	const t0 = Date.now();
	fs.mkdirSync(OUT, { recursive: true });
	say(`n8n-nodes-pim end-to-end test — n8n ${opts.versions.join(', ')}`);
	const pre = new Suite('all');
	if (opts.build) {
		await pre.check('npm run build', async () => {
			await n8n.run('npm', ['run', 'build'], { cwd: REPO });
		});
	}
	await pre.check('examples cover every operation and the trigger', async () => examplesCoverage());
	let tarball;
	await pre.check('npm pack', async () => {
		tarball = await n8n.packPackage();
		return path.basename(tarball);
	});
	const suites = [pre];
	if (tarball)
		for (const v of opts.versions)
			suites.push(await (opts.queue ? runQueueVersion(v, tarball) : runVersion(v, opts, tarball)));
	if (tarball) fs.rmSync(path.dirname(tarball), { recursive: true, force: true });

	say('\n════════ Summary ════════');
	let failed = 0;
	for (const s of suites) {
		const f = s.failed.length;
		failed += f;
		const passed = s.results.filter((r) => r.ok && !r.skipped).length;
		const skipped = s.results.filter((r) => r.skipped).length;
		const t = s.timings;
		const timing =
			s.version === 'all'
				? ''
				: ` — total ${fmt(t.total || 0)}${t.install !== undefined ? `, n8n ${t.installCold ? 'cold install' : 'cached'} ${fmt(t.install)}` : ''}${t.start ? `, start ${fmt(t.start)}` : ''}`;
		say(
			`${f ? '✘' : '✔'} ${s.version === 'all' ? 'preparation' : `n8n ${s.version}`}: ${passed} passed, ${f} failed${skipped ? `, ${skipped} skipped` : ''}${timing}`,
		);
		for (const r of s.failed) say(`    ✘ ${r.name}: ${String(r.error).split('\n')[0]}`);
		for (const r of s.results.filter((x) => x.skipped)) say(`    - ${r.name}: ${r.detail}`);
	}
	say(`Total ${fmt(Date.now() - t0)}`);
	fs.writeFileSync(
		path.join(OUT, 'report.json'),
		JSON.stringify(
			suites.map((s) => ({ version: s.version, timings: s.timings, results: s.results })),
			null,
			2,
		),
	);
	process.exitCode = failed ? 1 : 0;
}

process.on('SIGINT', () => {
	say('\ninterrupted');
	process.exit(130);
});

main().catch((e) => {
	console.error(e);
	process.exit(1);
});

module.exports = { packageProblems, examplesCoverage };
