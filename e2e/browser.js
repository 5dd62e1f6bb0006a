'use strict';
/**
 * The editor in a real browser: Debian's Chromium driven by playwright-core (installed into the
 * cache folder, no browser download). Logs in, opens an example workflow, opens a PIM node and
 * its Family dropdown, asserts what is shown and saves screenshots.
 *
 * Used by e2e/run.js; also runnable against a running n8n:
 *   node e2e/browser.js --url http://127.0.0.1:5678 --email demo@example.com --password ... [--out docs]
 */
const fs = require('node:fs');
const path = require('node:path');
const {
	CHROMIUM,
	CHROMIUM_ARGS,
	DEFAULT_OWNER,
	ensurePlaywright,
	missingBrowser,
	settle,
} = require('../harness');
const { ok } = require('./assert');

async function closeNdv(page) {
	const back = page.locator('[data-test-id="back-to-canvas"]');
	if (await back.isVisible().catch(() => false)) await back.click();
	else await page.keyboard.press('Escape');
	await page
		.locator('[data-test-id="ndv"]')
		.waitFor({ state: 'hidden' })
		.catch(() => {});
}

const FETCH_ERROR =
	/Error fetching options|Could not load|hasn't been executed|has not been executed|is not supported/i;

/**
 * The nodes of the node pass (openEveryPimNode) looked at in a screenshot ("<workflow id>/<node>"):
 * the labels they must show, and the file.
 */
const SHOTS = {
	// Import File's form (#44), as a user opens it.
	'pimCatalogueFile/Import catalogue file': {
		file: 'editor-import-file.png',
		labels: ['Input Binary Field', 'SKU Column', 'Family Column', 'File Options'],
	},
	// A channel's feed (#70): Feed, its File Format, the columns given and the value map.
	'pimGoogleFeed/Google Merchant Center feed': {
		file: 'editor-feed.png',
		labels: ['Feed', 'Google Merchant Center', 'File Format', 'Export Options'],
	},
};

/** The issue icons hovered by the node pass (openEveryPimNode), for its timing line. */
const hovered = { icons: 0 };

/**
 * Lines of the open node that say a dropdown failed. n8n 1.x shows "Error fetching options from
 * PIM" as the select's input value, 2.x as text: both are read.
 */
async function fetchProblems(ndv) {
	const text = await ndv.innerText();
	const inputs = await ndv
		.locator('input')
		.evaluateAll((els) =>
			els.map((e) => `${e.value || ''} ${e.getAttribute('placeholder') || ''}`),
		);
	return [...text.split('\n'), ...inputs, ...(await issueTexts(ndv))].filter((l) =>
		FETCH_ERROR.test(l),
	);
}

/**
 * The texts of the parameters' issue icons (a warning triangle whose tooltip lists the issues,
 * e.g. 'The value "x" is not supported!'): read by hovering each icon.
 */
async function issueTexts(ndv) {
	const page = ndv.page();
	const icons = ndv.locator('[data-test-id="parameter-issues"]');
	const texts = [];
	hovered.icons += await icons.count();
	// n8n 1.x shows element-plus poppers, 2.x reka-ui tooltips (.n8n-tooltip); every visible one
	// is read (an earlier one may still be open).
	const tips = page.locator('.n8n-tooltip:visible, .el-popper[role="tooltip"]:visible');
	for (let i = 0; i < (await icons.count()); i++) {
		await icons.nth(i).hover();
		await tips
			.first()
			.waitFor({ timeout: 3000 })
			.catch(() => undefined);
		await page.waitForTimeout(200);
		for (const tip of await tips.allInnerTexts()) texts.push(...tip.split('\n'));
	}
	return texts;
}

/** Opens a node of the workflow on screen and waits until its dropdowns are loaded. */
async function openNode(page, nodeName, calls) {
	const node = page.locator(`[data-test-id="canvas-node"][data-node-name="${nodeName}"]`);
	await node.waitFor();
	await node.dblclick();
	const ndv = page.locator('[data-test-id="ndv"]');
	await ndv.waitFor();
	await settle(page, calls.pending);
	return ndv;
}

/**
 * Every PIM node of every example opened in the editor before any run (nothing to resolve
 * $json from): no dropdown or mapper may fail, e.g. on Channels = {{ $json.Channel }}.
 */
async function openEveryPimNode(page, url, examples, calls, controls = [], shots = {}) {
	// The check can fail: a node whose credential has a wrong token shows the error, one with a
	// value its dropdown does not list shows "not supported".
	for (const control of controls) {
		await page.goto(`${url}/workflow/${control.workflowId}`);
		const ndv = await openNode(page, control.nodeName, calls);
		const problems = await fetchProblems(ndv);
		ok(
			problems.length > 0,
			`control "${control.nodeName}" shows no problem: the check could not fail`,
		);
		calls.failed.length = 0;
		await closeNdv(page);
	}
	let opened = 0;
	const t0 = Date.now();
	hovered.icons = 0;
	for (const wf of examples) {
		await page.goto(`${url}/workflow/${wf.id}`);
		for (const name of wf.nodes) {
			const failedBefore = calls.failed.length;
			const ndv = await openNode(page, name, calls);
			const [problem] = await fetchProblems(ndv);
			ok(!problem, `${wf.id} / "${name}" shows "${problem && problem.trim()}" before any run`);
			const shot = shots[`${wf.example}/${name}`];
			if (shot) {
				shot.taken = true;
				const text = await ndv.innerText();
				for (const label of shot.labels)
					ok(text.includes(label), `${wf.id} / "${name}" shows no "${label}"`);
				await page.screenshot({ path: shot.path });
			}
			ok(
				calls.failed.length === failedBefore,
				`${wf.id} / "${name}": editor requests failed: ${calls.failed.slice(failedBefore, failedBefore + 2).join(' | ')}`,
			);
			await closeNdv(page);
			opened++;
		}
	}
	for (const [node, shot] of Object.entries(shots))
		ok(shot.taken, `no example has the node ${node} to look at`);
	return { opened, ms: Date.now() - t0, icons: hovered.icons };
}

/**
 * The attribute mapper of a version-2 node: Map Automatically, then Map Each Column Manually with
 * the account's attributes as fields. Returns the time from choosing the mode to the fields shown.
 */
async function attributeMapper(
	page,
	url,
	{ workflowId, nodeName, expectFields, fieldCount },
	calls,
	shotsDir,
) {
	await page.goto(`${url}/workflow/${workflowId}`);
	await openNode(page, nodeName, calls);
	await page.locator('[data-test-id="resource-mapper-container"]').waitFor();
	await settle(page, calls.pending);
	const mode = page.locator('[data-test-id="mapping-mode-select"]');
	ok(
		/Map Automatically/.test(await mode.innerText().catch(() => '')) ||
			/Map Automatically/.test(
				await mode
					.locator('input')
					.inputValue()
					.catch(() => ''),
			),
		'the saved node opens in Map Automatically',
	);
	await mode.evaluate((el) => el.scrollIntoView({ block: 'center' }));
	await page.waitForTimeout(300);
	await page.screenshot({ path: path.join(shotsDir, 'editor-mapper-auto.png') });

	await mode.click();
	const manual = page.locator('.el-select-dropdown__item:visible', {
		hasText: 'Map Each Column Manually',
	});
	await manual.first().waitFor();
	const t0 = Date.now();
	await manual.first().click();
	// One remove button per field shown in the form.
	const fields = page.locator(
		'[data-test-id="mapping-fields-container"] [data-test-id^="remove-field-button"]',
	);
	await page.waitForFunction(
		(n) =>
			document.querySelectorAll(
				'[data-test-id="mapping-fields-container"] [data-test-id^="remove-field-button"]',
			).length >= n,
		fieldCount,
		{ timeout: 30000 },
	);
	const fieldsMs = Date.now() - t0;
	await settle(page, calls.pending);
	const text = await page.locator('[data-test-id="mapping-fields-container"]').innerText();
	for (const label of expectFields)
		ok(text.includes(label), `the mapper does not show the field "${label}"`);
	const count = await fields.count();
	ok(
		count === fieldCount,
		`the mapper shows ${count} fields, the account has ${fieldCount} attributes`,
	);
	await mode.evaluate((el) => el.scrollIntoView({ block: 'start' }));
	await page.waitForTimeout(300);
	await page.screenshot({ path: path.join(shotsDir, 'editor-mapper.png') });
	await closeNdv(page);
	return { count, fieldsMs };
}

/**
 * n8n's node creator, as a user adds a PIM node to a workflow (#59): a search for each of `words`
 * lists the PIM node; its details list Import File among Product's actions (a community node's
 * actions have no search of their own); choosing Create or Update adds a new node (the newest
 * version) whose mapper opens in Map Automatically.
 */
async function nodeCreator(page, url, { workflowId, words }, calls, shotsDir) {
	await page.goto(`${url}/workflow/${workflowId}`);
	await page.locator('[data-test-id="canvas-node"]').first().waitFor();
	const creator = page.locator('[data-test-id="node-creator"]');
	const search = creator
		.locator(
			'input[data-test-id="node-creator-search-bar"], [data-test-id="node-creator-search-bar"] input',
		)
		.first();
	// A list entry (a node, or an action in its details) by its text.
	const entry = (text) =>
		creator
			.locator(
				'[data-test-id="item-iterator-item"], [data-test-id="node-creator-node-item"], [data-test-id="node-creator-action-item"]',
			)
			.filter({ hasText: text });
	const pim = creator
		.locator('[data-test-id="item-iterator-item"], [data-test-id="node-creator-node-item"]')
		.filter({
			has: page.locator('[data-test-id="node-creator-item-name"]', { hasText: /^PIM$/ }),
		});
	// 1.x shows a + button on the canvas; 2.x opens the node creator with Tab on the canvas.
	const plus = page.locator('[data-test-id="node-creator-plus-button"]').first();
	for (let tries = 0; !(await creator.isVisible().catch(() => false)) && tries < 3; tries++) {
		if (await plus.isVisible().catch(() => false)) await plus.click();
		else {
			await page
				.locator('.vue-flow__pane, [data-test-id="canvas-wrapper"]')
				.first()
				.click({ position: { x: 40, y: 40 } })
				.catch(() => undefined);
			await page.keyboard.press('Tab');
		}
		await creator.waitFor({ timeout: 5000 }).catch(() => undefined);
	}
	await creator.waitFor();
	for (const word of words) {
		await search.fill(word);
		await pim
			.first()
			.waitFor({ timeout: 10000 })
			.catch(() => undefined);
		ok(
			(await pim.count()) > 0,
			`the node creator's search for "${word}" does not list the PIM node`,
		);
	}
	await search.fill('PIM');
	await pim.first().click();
	const importFile = entry('Import a catalogue file (CSV or XLSX)');
	await importFile.first().waitFor({ timeout: 10000 });
	const actions = await creator.innerText();
	const count = /Actions \((\d+)\)/.exec(actions);
	await importFile.first().scrollIntoViewIfNeeded();
	await importFile.first().hover();
	await page.waitForTimeout(400);
	await page.screenshot({ path: path.join(shotsDir, 'editor-node-creator.png') });
	// A new node: Create or Update, as the README's five steps add it.
	const upsert = entry('Create or update a product');
	await upsert.first().scrollIntoViewIfNeeded();
	await upsert.first().click();
	await page.locator('[data-test-id="ndv"]').waitFor();
	await settle(page, calls.pending);
	const mode = page.locator('[data-test-id="mapping-mode-select"]');
	await mode.waitFor({ timeout: 30000 });
	const modeText = `${await mode.innerText().catch(() => '')} ${await mode
		.locator('input')
		.inputValue()
		.catch(() => '')}`;
	ok(/Map Automatically/.test(modeText), `a new node's mapper opens in "${modeText.trim()}"`);
	await mode.evaluate((el) => el.scrollIntoView({ block: 'center' }));
	await page.waitForTimeout(300);
	await page.screenshot({ path: path.join(shotsDir, 'editor-new-node.png') });
	await closeNdv(page);
	return `the node creator finds the PIM node by ${words.map((w) => `"${w}"`).join(', ')}; its ${count ? count[1] : ''} actions list "Import a catalogue file (CSV or XLSX)"; a new Create or Update node opens in Map Automatically`;
}

/**
 * An import with bad rows run from the editor: the node's error panel names the node's own error
 * (not "From PIM") and lists every bad row with its SKU (#31).
 */
async function importErrorPanel(page, url, { workflowId, nodeName, expect: wanted }, shotsDir) {
	await page.goto(`${url}/workflow/${workflowId}`);
	const node = page.locator(`[data-test-id="canvas-node"][data-node-name="${nodeName}"]`);
	await node.waitFor();
	await page.locator('[data-test-id="execute-workflow-button"]').first().click();
	await page.waitForTimeout(3000);
	await node.dblclick();
	const view = page.locator('.node-error-view').first();
	await view.waitFor({ timeout: 30000 });
	const details = view.locator('details');
	for (let i = 0; i < (await details.count()); i++)
		await details
			.nth(i)
			.locator('summary')
			.click()
			.catch(() => {});
	const text = await view.innerText();
	await page.screenshot({ path: path.join(shotsDir, 'editor-import-error.png') });
	for (const w of wanted)
		ok(text.includes(w), `the error panel does not say "${w}":\n${text.slice(0, 800)}`);
	ok(
		!/From PIM/i.test(text),
		`the error panel shows the node's own error under "From PIM":\n${text.slice(0, 800)}`,
	);
	ok(!/Error code/i.test(text), `the error panel shows an error code:\n${text.slice(0, 800)}`);
	await closeNdv(page);
	return text.split('\n')[0];
}

/**
 * A long run started from the editor says where it is in the browser's console (#72): n8n pushes a
 * node's sendMessageToUI there in manual runs, and the node sends its progress lines through it.
 * The PIM's product list is slowed (`slow`) so that the export lasts past one 10-second interval.
 */
async function progressInConsole(page, url, { workflowId, nodeName, slow, restore }) {
	const lines = [];
	const listen = (m) => {
		if (m.text().includes('PIM Export File:')) lines.push(m.text());
	};
	page.on('console', listen);
	try {
		await slow();
		await page.goto(`${url}/workflow/${workflowId}`);
		await page.locator(`[data-test-id="canvas-node"][data-node-name="${nodeName}"]`).waitFor();
		await page.locator('[data-test-id="execute-workflow-button"]').first().click();
		for (let waited = 0; lines.length === 0 && waited < 45000; waited += 500)
			await page.waitForTimeout(500);
	} finally {
		page.off('console', listen);
		await restore();
	}
	ok(lines.length > 0, 'no progress line reached the browser console within 45 s of the run');
	ok(
		/\[Node: "[^"]+"\].*PIM Export File: \d+ of \d+ products read, \d+ written, about \d+ s left/.test(
			lines[0],
		),
		`the console's progress line: ${lines[0]}`,
	);
	return `a long export's progress in the browser's console: "${lines[0]}"`;
}

/**
 * The stale-output notice ("Node parameters have changed…") right after a run (#31): n8n's
 * resource mapper writes the account's fields into the node's parameters the first time the node
 * is opened, and the editor then marks an earlier run stale. Run, then open: the notice shows;
 * open, run, open: it does not. docs/imports.md explains it (Troubleshooting imports).
 */
async function staleNotice(page, url, { workflowId, nodeName }, shotsDir) {
	let panel = '';
	const shown = async (openFirst) => {
		await page.goto(`${url}/workflow/${workflowId}`);
		const node = page.locator(`[data-test-id="canvas-node"][data-node-name="${nodeName}"]`);
		await node.waitFor();
		if (openFirst) {
			await node.dblclick();
			await page.waitForTimeout(5000);
			await closeNdv(page);
		}
		await page.locator('[data-test-id="execute-workflow-button"]').first().click();
		await page.waitForTimeout(8000);
		await node.dblclick();
		await page.locator('[data-test-id="ndv"]').first().waitFor();
		await page.waitForTimeout(4000);
		const stale = await page.locator('[data-test-id="node-run-info-stale"]').count();
		if (openFirst) {
			// The run's notice, first column of the first output item (#42).
			panel = await page.locator('[data-test-id="ndv"]').first().innerText();
			await page.screenshot({ path: path.join(shotsDir, 'editor-import-notice.png') });
		}
		await closeNdv(page);
		return stale > 0;
	};
	const afterRun = await shown(false);
	const openedFirst = await shown(true);
	ok(
		!openedFirst,
		'the stale-output notice shows after a run although the node was opened before it',
	);
	const notice = /\d+ rows · \d+ columns not written[^\n\t]*/.exec(panel);
	ok(notice, `the output panel shows no run notice:\n${panel.slice(0, 800)}`);
	return `the output panel shows the run's notice "${notice[0]}"; ${
		afterRun
			? "the stale-output notice shows when the node is first opened after a run (n8n's resource mapper fills its fields then), not when it was opened before"
			: 'no stale-output notice after a run'
	}`;
}

async function run({
	url,
	owner,
	workflowId = 'pimProductLife',
	nodeName = 'Create product',
	families,
	shotsDir,
	examples = [],
	controls,
	mapper,
	importError,
	stale,
	creator,
	progress,
	log = () => {},
}) {
	const { playwright } = await ensurePlaywright({ log });
	fs.mkdirSync(shotsDir, { recursive: true });
	const browser = await playwright.chromium.launch({
		executablePath: CHROMIUM,
		headless: true,
		args: CHROMIUM_ARGS,
	});
	const consoleErrors = [];
	try {
		const page = await browser.newPage({
			viewport: { width: 1440, height: 900 },
			deviceScaleFactor: 1,
		});
		page.setDefaultTimeout(30000);
		// Opening nodes may change a workflow (the mapper stores its fields): leave without saving.
		page.on('dialog', (d) => d.accept().catch(() => {}));
		page.on('console', (m) => {
			if (m.type() === 'error') consoleErrors.push(m.text());
		});
		// Dropdown and list-search calls of the editor, to know when they are done (and failed ones).
		const pending = new Set();
		const failedCalls = [];
		const isDynamic = (r) => r.url().includes('/rest/dynamic-node-parameters/');
		page.on('request', (r) => isDynamic(r) && pending.add(r));
		page.on('requestfailed', (r) => pending.delete(r));
		page.on('requestfinished', async (r) => {
			if (!isDynamic(r)) return;
			pending.delete(r);
			const res = await r.response().catch(() => null);
			if (res && res.status() >= 400)
				failedCalls.push(
					`${res.status()} ${r.url().split('/rest/')[1]}: ${(await res.text().catch(() => '')).slice(0, 200)}`,
				);
		});

		// 1. Sign in through the form.
		await page.goto(`${url}/signin`);
		await page.fill('input[name="emailOrLdapLoginId"], input[name="email"]', owner.email);
		await page.fill('input[name="password"]', owner.password);
		await page.click('[data-test-id="form-submit-button"]');
		await page.waitForURL((u) => !u.pathname.includes('signin'), { timeout: 30000 });

		// 2. The example workflow on the canvas, with the PIM nodes and their icons.
		await page.goto(`${url}/workflow/${workflowId}`);
		const target = page.locator(`[data-test-id="canvas-node"][data-node-name="${nodeName}"]`);
		await target.waitFor();
		const pimNodes = page.locator(
			'[data-test-id="canvas-node"][data-node-type="n8n-nodes-pim.pim"]',
		);
		const count = await pimNodes.count();
		ok(count >= 1, 'no PIM node on the canvas');
		await page
			.waitForFunction(
				() => {
					const imgs = [...document.querySelectorAll('[data-node-type="n8n-nodes-pim.pim"] img')];
					return imgs.length > 0 && imgs.every((i) => i.complete && i.naturalWidth > 0);
				},
				null,
				{ timeout: 15000 },
			)
			.catch(() => {
				throw new Error('the PIM node icons did not load on the canvas');
			});
		const text = await page.locator('body').innerText();
		ok(
			!/install this node|node is not currently installed|unknown node/i.test(text),
			'the editor says the node is not installed',
		);
		await page.waitForTimeout(800); // let the canvas settle (fit view animation)
		await page.screenshot({ path: path.join(shotsDir, 'editor-workflow.png') });

		// 3. The node's parameters (NDV).
		await target.dblclick();
		const ndv = page.locator('[data-test-id="ndv"]');
		await ndv.waitFor();
		const family = page.locator('[data-test-id="parameter-input-familyCode"]').first();
		await family.waitFor();
		// The saved code ("home") is shown by its loaded title: the dropdown's options came from the PIM.
		await page
			.waitForFunction(
				() => {
					const input = document.querySelector('[data-test-id="parameter-input-familyCode"] input');
					return input && input.value && input.value !== 'home';
				},
				null,
				{ timeout: 20000 },
			)
			.catch(() => {
				throw new Error('the Family parameter never showed a loaded family name');
			});
		const shown = await family.locator('input').inputValue();
		await page.waitForTimeout(500);
		await page.screenshot({ path: path.join(shotsDir, 'editor-node.png') });

		// 4. The Family dropdown lists the account's families.
		await family.locator('input').click();
		const items = page.locator('.el-select-dropdown__item:visible, .el-select-dropdown li:visible');
		await items.first().waitFor();
		await page.waitForTimeout(400);
		const names = (await items.allInnerTexts()).map((t) => t.split('\n')[0].trim()).filter(Boolean);
		for (const f of families)
			ok(names.includes(f), `family "${f}" missing from the dropdown (shown: ${names.join(', ')})`);
		await page.screenshot({ path: path.join(shotsDir, 'editor-family-dropdown.png') });
		await page.keyboard.press('Escape');
		// The open node loads more dropdowns (attribute codes, ...): let them finish before n8n stops.
		await page.waitForTimeout(500);
		for (const t0 = Date.now(); pending.size && Date.now() - t0 < 15000; )
			await page.waitForTimeout(200);
		ok(
			pending.size === 0,
			`dropdown requests still pending after 15 s: ${[...pending].map((r) => r.url()).join(', ')}`,
		);

		ok(
			failedCalls.length === 0,
			`dropdown requests of the editor failed: ${failedCalls.slice(0, 3).join(' | ')}`,
		);
		await closeNdv(page);

		// 5. Every PIM node of every example, before any run: no dropdown fails.
		const calls = { pending, failed: failedCalls };
		const shots = Object.fromEntries(
			Object.entries(SHOTS).map(([node, { file, labels }]) => [
				node,
				{ path: path.join(shotsDir, file), labels },
			]),
		);
		const pass = await openEveryPimNode(page, url, examples, calls, controls, shots);
		const { opened } = pass;
		log(
			`opened ${opened} PIM nodes of ${examples.length} examples in ${(pass.ms / 1000).toFixed(0)} s (${(pass.ms / Math.max(opened, 1) / 1000).toFixed(1)} s a node; ${pass.icons} issue icons read by hovering)`,
		);

		// 6. Version 2's attribute mapper.
		let mapped = '';
		if (mapper) {
			const m = await attributeMapper(page, url, mapper, calls, shotsDir);
			mapped = `; mapper: ${m.count} attribute fields shown ${m.fieldsMs} ms after choosing Map Each Column Manually`;
		}
		// 7. An import with bad rows: the error panel.
		let errorPanel = '';
		if (importError) {
			const first = await importErrorPanel(page, url, importError, shotsDir);
			errorPanel = `; a bad-row import's error panel: "${first}", every bad row listed, not "From PIM"`;
		}
		// 8. The stale-output notice after a run.
		const staleText = stale ? `; ${await staleNotice(page, url, stale, shotsDir)}` : '';
		// 9. The node creator: the node found, Import File among its actions, a new node.
		const creatorText = creator
			? `; ${await nodeCreator(page, url, creator, calls, shotsDir)}`
			: '';
		// 10. A long run's progress in the browser's console.
		const progressText = progress ? `; ${await progressInConsole(page, url, progress)}` : '';
		const pimErrors = consoleErrors.filter((e) => /pim/i.test(e));
		ok(
			pimErrors.length === 0,
			`browser console errors about the PIM node: ${pimErrors.slice(0, 3).join(' | ')}`,
		);
		return {
			detail: `signed in, ${count} PIM nodes with icons on the canvas, "${nodeName}" shows family "${shown}", dropdown lists ${names.length} families (${names.join(', ')}); ${opened} PIM nodes of ${examples.length} examples opened before any run, no dropdown failed${mapped}${errorPanel}${staleText}${creatorText}${progressText}`,
			names,
		};
	} finally {
		await browser.close();
	}
}

module.exports = { run, closeNdv, nodeCreator, SHOT_NODES: Object.keys(SHOTS) };

if (require.main === module) {
	const args = {};
	const argv = process.argv.slice(2);
	for (let i = 0; i < argv.length; i++) {
		const [k, v] = argv[i].replace(/^--/, '').split(/=(.*)/s);
		args[k] = v !== undefined ? v : argv[++i];
	}
	const missing = missingBrowser();
	if (missing) {
		console.error(missing);
		process.exit(2);
	}
	run({
		url: args.url || 'http://127.0.0.1:5678',
		owner: {
			email: args.email || DEFAULT_OWNER.email,
			password: args.password || DEFAULT_OWNER.password,
		},
		families: (args.families || '').split(',').filter(Boolean),
		shotsDir: path.resolve(args.out || path.join(__dirname, 'out', 'screenshots')),
		log: (m) => console.error(m),
	}).then(
		(r) => console.log(r.detail),
		(e) => {
			console.error(e.message);
			process.exit(1);
		},
	);
}
