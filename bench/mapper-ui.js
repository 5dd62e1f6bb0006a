#!/usr/bin/env node
'use strict';
/**
 * Editor scale of version 2's attribute mapper, in a real n8n and Chromium: for accounts of 16,
 * 100, 1 000 and 10 016 attributes, the time from opening a Create or Update node (Map Each Column
 * Manually, nothing mapped yet) until the mapper is usable — its fields shown; from 101 to 1 000
 * attributes its "Add attribute" list ready (then timed: opening the list, adding its last
 * attribute); above 1 000 its notice pointing to Map Automatically. Scenario 5 of `npm run bench` (section "Editor: the attribute mapper" of
 * RESULTS.md); alone it prints the table:
 *
 *   node bench/mapper-ui.js [--n8n-version 1.123.81] [--runs 3]
 *
 * Needs the n8n that `npm run demo` / `npm run test:e2e` cached in .cache/ (installed if
 * missing) and Debian's Chromium (/usr/bin/chromium).
 */
const { channels, defineBelow, productWrite } = require('../harness/product-write');
const fs = require('node:fs');
const path = require('node:path');
const n8n = require('../harness');

const { CHROMIUM, CHROMIUM_ARGS, missingBrowser, settle } = n8n;

const OWNER = n8n.DEFAULT_OWNER;
// Accounts: [domain, extra attributes] (every account has the 16 base attributes).
const ACCOUNTS = [
	['demo', 0],
	['a100', 84],
	['a1k', 984],
	['a10k', 10000],
];

function args() {
	const out = { version: n8n.DEFAULT_VERSION, runs: 3 };
	const argv = process.argv.slice(2);
	for (let i = 0; i < argv.length; i++) {
		if (argv[i] === '--n8n-version') out.version = argv[++i];
		else if (argv[i] === '--runs') out.runs = Number(argv[++i]);
	}
	return out;
}

// One remove button per attribute field shown in the form.
const FIELD = '[data-test-id="mapping-fields-container"] [data-test-id^="remove-field-button"]';

function workflow(id, credential) {
	return {
		name: `mapper ${id}`,
		active: false,
		nodes: [
			{
				id: `${id}-node`,
				name: 'Create or update product',
				type: 'n8n-nodes-pim.pim',
				typeVersion: 2,
				position: [0, 0],
				parameters: productWrite('upsert', {
					familyCode: 'clothing',
					channels: channels({ code: 'web', status: true }),
					columns: defineBelow(null),
				}),
				credentials: { pimApi: credential },
			},
		],
		connections: {},
		settings: { executionOrder: 'v1' },
	};
}

async function measure(page, url, workflowId, attributes, calls) {
	await page.goto(`${url}/workflow/${workflowId}`);
	const node = page.locator(
		'[data-test-id="canvas-node"][data-node-name="Create or update product"]',
	);
	await node.waitFor();
	const t0 = Date.now();
	await node.dblclick();
	const shownAll = attributes <= 100;
	const none = attributes > 1000; // MAX_FIELDS in methods/mapperFields.ts: a notice instead
	if (none) {
		await page.locator('[data-test-id="empty-fields-notice"]').waitFor({ timeout: 120000 });
	} else if (shownAll) {
		await page.waitForFunction(
			({ sel, n }) => document.querySelectorAll(sel).length >= n,
			{ sel: FIELD, n: attributes },
			{
				timeout: 120000,
			},
		);
	} else {
		await page.locator('[data-test-id="add-fields-select"]').waitFor({ timeout: 120000 });
	}
	const readyMs = Date.now() - t0;
	await settle(page, calls.pending, 120000);
	const fields = await page.locator(FIELD).count();
	let listMs;
	let addMs;
	if (!shownAll && !none) {
		// Open the "Add attribute" list and add its last entry.
		const t1 = Date.now();
		await page.locator('[data-test-id="add-fields-select"]').click();
		const options = page.locator('.el-select-dropdown__item:visible');
		await options.first().waitFor({ timeout: 120000 });
		listMs = Date.now() - t1;
		const t2 = Date.now();
		await options.last().scrollIntoViewIfNeeded();
		await options.last().click();
		await page.waitForFunction(
			({ sel, n }) => document.querySelectorAll(sel).length > n,
			{ sel: FIELD, n: fields },
			{
				timeout: 120000,
			},
		);
		addMs = Date.now() - t2;
	}
	return { readyMs, fields, listMs, addMs };
}

/** Measures every account; `{ version, chromium, runs, rows }`. */
async function run({
	version = n8n.DEFAULT_VERSION,
	runs = 3,
	log = (m) => process.stderr.write(`${m}\n`),
} = {}) {
	const opts = { version, runs };
	const missing = missingBrowser();
	if (missing) throw new Error(missing);
	const out = path.join(n8n.REPO, 'bench', 'out');
	const userFolder = path.join(out, 'mapper-ui-user');
	fs.rmSync(userFolder, { recursive: true, force: true });
	let tarball = await n8n.packPackage();
	const folder = await n8n.prepareN8n({
		version: opts.version,
		userFolder,
		package: { tarball },
		log,
	});
	const sb = await n8n.startSandbox({
		products: 50,
		args: [
			'--no-log',
			...ACCOUNTS.filter(([d]) => d !== 'demo').flatMap(([d, a]) => [
				'--account',
				`${d}:${d}-token:50:${a}`,
			]),
		],
		log,
	});
	let server;
	const { playwright } = await n8n.ensurePlaywright({ log });
	const browser = await playwright.chromium.launch({
		executablePath: CHROMIUM,
		headless: true,
		args: CHROMIUM_ARGS,
	});
	try {
		server = await folder.start();
		const api = await server.login(OWNER);
		const cases = [];
		for (const [domain, extra] of ACCOUNTS) {
			const cred = await api.post('/rest/credentials', {
				name: `PIM ${domain}`,
				type: 'pimApi',
				data: { baseUrl: sb.url, domain, token: `${domain}-token`, allowHttp: false },
			});
			const wf = await api.post(
				'/rest/workflows',
				workflow(domain, { id: cred.id, name: cred.name }),
			);
			cases.push({ domain, attributes: 16 + extra, workflowId: wf.id });
		}
		const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
		page.on('dialog', (d) => d.accept().catch(() => {}));
		const pending = new Set();
		const isDynamic = (r) => r.url().includes('/rest/dynamic-node-parameters/');
		page.on('request', (r) => isDynamic(r) && pending.add(r));
		page.on('requestfinished', (r) => pending.delete(r));
		page.on('requestfailed', (r) => pending.delete(r));
		await page.goto(`${server.url}/signin`);
		await page.fill('input[name="emailOrLdapLoginId"], input[name="email"]', OWNER.email);
		await page.fill('input[name="password"]', OWNER.password);
		await page.click('[data-test-id="form-submit-button"]');
		await page.waitForURL((u) => !u.pathname.includes('signin'));
		const rows = [];
		for (const c of cases) {
			const runs = [];
			for (let i = 0; i < opts.runs; i++) {
				runs.push(await measure(page, server.url, c.workflowId, c.attributes, { pending }));
				log(`  ${c.attributes} attributes, run ${i + 1}: ${JSON.stringify(runs[runs.length - 1])}`);
			}
			rows.push({ ...c, runs });
		}
		return { version: opts.version, chromium: browser.version(), runs: opts.runs, rows };
	} finally {
		await browser.close().catch(() => {});
		if (server) await server.stop().catch(() => {});
		await sb.stop().catch(() => {});
		if (tarball) fs.rmSync(path.dirname(tarball), { recursive: true, force: true });
	}
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** The Markdown table of a run. */
function table(result) {
	const ms = (xs) =>
		xs.every((x) => x === undefined)
			? '–'
			: `${median(xs)} ms (${Math.min(...xs)}–${Math.max(...xs)})`;
	return [
		`n8n ${result.version}, Chromium ${result.chromium}; median of ${result.runs} runs (range).`,
		'',
		'| attributes | fields in the form when opened | node opened → mapper usable | open "Add attribute" list | add its last attribute |',
		'|---:|---:|---|---|---|',
		...result.rows.map(
			(r) =>
				`| ${r.attributes.toLocaleString('en-US')} | ${r.runs[0].fields} | ${ms(r.runs.map((x) => x.readyMs))} | ${ms(r.runs.map((x) => x.listMs))} | ${ms(r.runs.map((x) => x.addMs))} |`,
		),
	].join('\n');
}

module.exports = { run, table };

if (require.main === module) {
	run(args()).then(
		(r) => process.stdout.write(`${table(r)}\n`),
		(e) => {
			console.error(e.stack || e.message);
			process.exit(1);
		},
	);
}
