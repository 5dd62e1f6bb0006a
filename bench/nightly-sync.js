#!/usr/bin/env node
'use strict';
/**
 * A nightly sync (#22, #30): a sheet holding the whole catalogue (11 columns: SKU, family, name,
 * two descriptions, price, weight, a multi-select, stock, a date, an image URL), some rows
 * changed, through Create or Update (version 2, Map Automatically, Read All Products Once + Skip
 * Unchanged Products) against a PIM allowing `rps` requests per second.
 *
 * - Small cases (`small` rows, in process): each way of finding products, as #22 measured them.
 * - Catalogue cases (`sizes`, each with 1 % and with 19 rows changed): in process, and with
 *   `realN8n` in a real n8n of each of `versions` (`n8n execute` of Read file → Extract from CSV →
 *   PIM). Beside each real run, n8n's own cost on the same sheet: the rows through a No Operation
 *   node (memory) and through an Edit Fields node evaluating the PIM node's 4 expressions once per
 *   row (time). Goals (#30): the PIM node's time ≤ Edit Fields' time + 0.1 ms per row + 1.5 ×
 *   requests ÷ rate; n8n's peak RSS with the sync ≤ 1.5 × with No Operation.
 * - A first import of new products (in process, no rate limit): requests ≤ rows + pages.
 *
 * Scenario 8 of `npm run bench`; alone:
 *
 *   node bench/nightly-sync.js [--sizes 10000,50000,100000] [--small 1000] [--rps 20]
 *                              [--real-n8n] [--versions 1.123.81,2.41.1] [--no-small]
 *                              [--no-first-import] [--real-only (catalogue cases only in real n8n)]
 *                              [--repeat N (each real-n8n measure N times: medians and ranges)]
 */
const { autoMap, productWrite } = require('../harness/product-write');
const { loadInProcess } = require('./lib/in-process');
const { startSandbox } = require('./lib/sandbox');
const { median } = require('./lib/stats');

/**
 * `repeat` runs of one real-n8n measure: the median of each figure, and the range of time and
 * peak RSS. n8n's own peak varies by 40-170 MB between identical runs, so one run per goal can
 * meet or miss it by chance (#30).
 */
async function repeated(repeat, measureOnce) {
	const runs = [];
	for (let i = 0; i < repeat; i++) runs.push(await measureOnce());
	if (runs.length === 1) return runs[0];
	const result = { ...runs[Math.floor(runs.length / 2)], runs: runs.length };
	for (const key of Object.keys(runs[0]))
		if (typeof runs[0][key] === 'number') result[key] = median(runs.map((r) => r[key]));
	const range = (key) => [
		Math.min(...runs.map((r) => r[key])),
		Math.max(...runs.map((r) => r[key])),
	];
	result.msRange = range('ms');
	result.peakRange = range('peakMB');
	return result;
}

const UPSERT = (options) =>
	productWrite('upsert', {
		images: ['={{ $json.image }}'],
		columns: autoMap(),
		upsertOptions: options,
	});

/** The sheet's columns besides SKU and family: attribute codes, and the record's first image. */
const COLUMNS = [
	'name',
	'web_description',
	'short_description',
	'price',
	'weight',
	'color',
	'inStock',
	'manu_date',
	'image',
];

/** The sheet: every product's SKU, family (title) and COLUMNS as the PIM holds them. */
async function sheet(sb, domain, count) {
	const rows = [];
	for (let page = 1; rows.length < count; page++) {
		const res = await fetch(
			`${sb.url}/api/integration/product?pagination[pageLimit]=1000&pagination[currentPage]=${page}`,
			{ headers: { token: `${domain}-token`, 'x-domain': domain } },
		);
		const { record } = (await res.json()).data;
		if (!record.length) break;
		for (const p of record) {
			const row = { sku: p.sku, family: p.family };
			for (const c of COLUMNS)
				row[c] = Array.isArray(p[c]) ? p[c].join(', ') : p[c] === null ? undefined : p[c];
			rows.push(row);
		}
	}
	return rows.slice(0, count);
}

/** `changes` rows, spread evenly over the sheet, get a new name. */
function edit(rows, changes = Math.ceil(rows.length / 100)) {
	const changed = new Set();
	const step = rows.length / changes;
	for (let k = 0; k < changes; k++) changed.add(Math.floor(k * step));
	return {
		rows: rows.map((r, i) => (changed.has(i) ? { ...r, name: `${r.name} (changed)` } : r)),
		changes: changed.size,
	};
}

async function measure(h, sb, creds, rows, options) {
	await sb.admin('DELETE', '/log');
	let peak = process.memoryUsage().rss;
	const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
	const before = process.memoryUsage().rss;
	const startedAt = Date.now();
	const t0 = process.hrtime.bigint();
	const { items, error } = await h.runPim(creds, UPSERT(options), { input: rows, version: 2 });
	const ms = Number(process.hrtime.bigint() - t0) / 1e6;
	clearInterval(sampler);
	if (error) throw new Error(`the sync failed: ${error.message}`);
	const count = (op) => items.filter((i) => i.json.operation === op).length;
	return {
		ms,
		...counted(await sb.admin('GET', '/log'), startedAt),
		updated: count('updated'),
		created: count('created'),
		unchanged: count('unchanged'),
		peakMB: (peak - before) / 1048576,
	};
}

/**
 * The sandbox's request log as the bench counts it. `quietMs`: from the node's start to its first
 * request's arrival — n8n's declarative engine prepares every item in one synchronous loop before
 * any request can leave, so this time plus requests ÷ rate is the least any run can take.
 */
function counted(log, startedAt) {
	const answered = log.filter((r) => r.status !== 429);
	const lists = ['product', 'attribute', 'family', 'channel', 'category'].map(
		(l) => `/api/integration/${l}`,
	);
	return {
		requests: log.length,
		// Look-ups by SKU included; a page of every list read (products and the reference lists).
		pages: answered.filter((r) => r.method === 'GET' && lists.includes(r.path)).length,
		productPages: answered.filter(
			(r) => r.method === 'GET' && r.path === lists[0] && !('filter[sku]' in r.query),
		).length,
		writes: answered.filter((r) => r.method === 'POST' || r.method === 'PUT').length,
		refused: log.length - answered.length,
		quietMs: log.length
			? log.reduce((first, r) => Math.min(first, r.arrivedAt), Infinity) - startedAt
			: undefined,
	};
}

/** One CSV field, quoted when it must be. */
const csvField = (v) => {
	const text = v === undefined || v === null ? '' : String(v);
	const quote = String.fromCharCode(34);
	return text.includes(quote) || /[,\n\r]/.test(text)
		? quote + text.split(quote).join(quote + quote) + quote
		: text;
};

/** The PIM node's 4 expressions (SKU, family, image; name, as a mapped column), for Edit Fields. */
const EXPRESSIONS = ['sku', 'family', 'image', 'name'];

/**
 * The sheet in a real n8n (`n8n execute` of `version`): Manual Trigger → Read file → Extract from
 * CSV (the sheet as a CSV file) → the measured node: `pim` (Create or Update with `options`),
 * `floor` and `floorHeld` (the same node on a build that does nothing, at once or after
 * `o.holdMs`: floorDist), `noOp` (No Operation: n8n's memory for the sheet alone) or `editFields`
 * (Edit Fields evaluating the PIM node's 4 expressions once per row: n8n's own time for them).
 * Time: the measured node's execution time as n8n records it; memory: the n8n process's peak RSS
 * (its start, the CSV and every node's items included).
 */
async function measureRealN8n(sb, creds, rows, options, o) {
	const fs = require('node:fs');
	const os = require('node:os');
	const path = require('node:path');
	const { executeOnce, nodeOf, rssPeakBetween } = require('./lib/realn8n');
	const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pim-bench-sheet-'));
	try {
		const csv = path.join(filesDir, 'sheet.csv');
		const header = ['sku', 'family', ...COLUMNS];
		fs.writeFileSync(
			csv,
			[header.join(','), ...rows.map((r) => header.map((c) => csvField(r[c])).join(','))].join(
				'\n',
			) + '\n',
		);
		const credential = { id: 'pimBenchNightly', name: 'PIM sandbox (nightly bench)' };
		const id = 'pimBenchNightlySync';
		const node = nodeOf(id);
		// The floors are the same node as the sync; only the build they run differs (floorDist).
		const pim = () =>
			node('Sync product', 'n8n-nodes-pim.pim', 2, 600, UPSERT(options), {
				credentials: { pimApi: credential },
			});
		const measured = {
			floor: pim,
			floorHeld: pim,
			pim,
			noOp: () => node('Sync product', 'n8n-nodes-base.noOp', 1, 600, {}),
			editFields: () =>
				node('Sync product', 'n8n-nodes-base.set', 3.4, 600, {
					mode: 'manual',
					assignments: {
						assignments: EXPRESSIONS.map((c) => ({
							id: c,
							name: c,
							value: `={{ $json.${c} }}`,
							type: 'string',
						})),
					},
					includeOtherFields: true,
					options: {},
				}),
		}[o.measure ?? 'pim']();
		const workflow = {
			id,
			name: 'bench nightly sync',
			active: false,
			nodes: [
				node('Start', 'n8n-nodes-base.manualTrigger', 1, 0, {}),
				node('Read file', 'n8n-nodes-base.readWriteFile', 1, 200, {
					fileSelector: csv,
					options: {},
				}),
				node('Extract from CSV', 'n8n-nodes-base.extractFromFile', 1.1, 400, { options: {} }),
				measured,
			],
			connections: {
				Start: { main: [[{ node: 'Read file', type: 'main', index: 0 }]] },
				'Read file': { main: [[{ node: 'Extract from CSV', type: 'main', index: 0 }]] },
				'Extract from CSV': { main: [[{ node: 'Sync product', type: 'main', index: 0 }]] },
			},
			settings: { executionOrder: 'v1' },
			pinData: {},
		};
		await sb.admin('DELETE', '/log');
		const { data, processWallMs, peakRss, samples } = await executeOnce({
			version: o.version,
			distDir:
				o.measure === 'floor'
					? floorDist(o.distDir, 0)
					: o.measure === 'floorHeld'
						? floorDist(o.distDir, o.holdMs)
						: o.distDir,
			filesDir,
			credentials: [{ ...credential, data: { ...creds, allowHttp: false } }],
			workflow,
			log: o.log,
		});
		const task = data.data.resultData.runData['Sync product'][0];
		if (task.error) throw new Error(`the sync failed: ${task.error.message}`);
		const items = task.data.main[0];
		if (items.length !== rows.length)
			throw new Error(`${o.measure}: ${items.length} items out, ${rows.length} rows in`);
		const count = (op) => items.filter((i) => i.json.operation === op).length;
		return {
			// The node's own time, as n8n shows it: the like-for-like of the in-process figure.
			ms: task.executionTime,
			executionMs: Date.parse(data.stoppedAt) - Date.parse(data.startedAt),
			processWallMs,
			...counted(await sb.admin('GET', '/log'), task.startTime),
			items: items.length,
			updated: count('updated'),
			created: count('created'),
			unchanged: count('unchanged'),
			// While the workflow ran, up to the measured node's end: after it, `n8n execute` prints
			// the whole run (every node's items) as JSON, which costs the same for any node.
			peakMB:
				rssPeakBetween(samples, Date.parse(data.startedAt), task.startTime + task.executionTime) /
				1048576,
			processPeakMB: peakRss / 1048576,
		};
	} finally {
		fs.rmSync(filesDir, { recursive: true, force: true });
	}
}

const SKIP = { lookup: 'allProducts', skipUnchanged: true };

/**
 * The declarative floor: a copy of the build whose Create or Update returns at once, so n8n's
 * declarative engine does all it does for the node's parameters (its loop over every item, each
 * parameter evaluated) and the node nothing else. Where that costs more than n8n's own time for
 * the expressions (Edit Fields), it is the floor the node is held to (#30).
 */
function floorDist(distDir, holdMs = Number(process.env.PIM_BENCH_FLOOR_HOLD_MS ?? 0)) {
	const fs = require('node:fs');
	const os = require('node:os');
	const path = require('node:path');
	const copy = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pim-bench-floor-')), 'dist');
	fs.cpSync(distDir, copy, { recursive: true });
	const file = path.join(copy, 'nodes/Pim/resources/product/upsert.js');
	const code = fs.readFileSync(file, 'utf8');
	// upsert.ts's routing as tsc writes it: its steps become a runner that answers before anything
	// of the node runs.
	const routing = '(0, runners_1.sendsItsOwnRequests)(upsert)';
	if (!code.includes(routing)) throw new Error(`floorDist: no "${routing}" in ${file}`);
	// holdMs (or PIM_BENCH_FLOOR_HOLD_MS): every item answers that long after n8n's loop has
	// started them all (one timer, set once the loop lets go), as the sync's items wait for the
	// catalogue's read: what holding n8n's items for that read costs, without the sync's own work.
	const items = `(0, operations_1.toItems)(item, [{ operation: 'floor' }])`;
	const answer = holdMs
		? `return (held ??= new Promise((r) => setImmediate(() => setTimeout(r, ${holdMs})))).then(() => ${items});`
		: `return Promise.resolve(${items});`;
	fs.writeFileSync(
		file,
		code
			.replace('"use strict";', '"use strict";\nlet held;')
			.replace(routing, `(0, runners_1.sendsItsOwnRequests)(function run(item) { ${answer} })`),
	);
	return copy;
}

/**
 * `realN8n`: each catalogue case also runs in a real n8n of each of `versions` (dist/ or
 * PIM_BENCH_DIST installed as a Community Nodes install), beside n8n's own cost on its sheet.
 */
async function run({
	sizes = [10_000, 50_000, 100_000],
	small = 1_000,
	rps = 20,
	realN8n = false,
	versions = ['1.123.81', '2.41.1'],
	firstImport = true,
	realOnly = false,
	repeat = 1,
	log = () => {},
} = {}) {
	const h = loadInProcess();
	// One account per catalogue size: `n<size>`.
	const sb = await startSandbox({
		extra: [
			...sizes.flatMap((size) => ['--account', `n${size}:n${size}-token:${size}`]),
			...(small ? ['--account', `small:small-token:${small}`] : []),
			'--account',
			'fresh:fresh-token:0',
		],
		logLimit: 200_000,
	});
	const out = { sizes, small, rps, versions: realN8n ? versions : [], rows: [], own: [] };
	const distDir = process.env.PIM_BENCH_DIST || require('node:path').join(__dirname, '..', 'dist');
	try {
		const cases = small
			? [
					['small', small, undefined, 'One Look-Up per Item', { lookup: 'perItem' }],
					['small', small, undefined, 'Read All Products Once', { lookup: 'allProducts' }],
					['small', small, undefined, 'Read All Products Once + Skip Unchanged', SKIP],
				]
			: [];
		for (const size of sizes)
			for (const changes of [undefined, 19])
				cases.push([`n${size}`, size, changes, 'Read All Products Once + Skip Unchanged', SKIP]);
		const sheets = new Map();
		for (const [domain, count, wanted, label, options] of cases) {
			const catalogue = domain !== 'small';
			const where =
				realN8n && catalogue ? [...(realOnly ? [] : ['in process']), ...versions] : ['in process'];
			if (!sheets.has(domain)) sheets.set(domain, await sheet(sb, domain, count));
			for (const place of where) {
				const { rows, changes } = edit(sheets.get(domain), wanted);
				const creds = { baseUrl: sb.url, domain, token: `${domain}-token` };
				// Every run starts from the seeded account (the one before wrote the changes).
				const fresh = async () => {
					await sb.admin('POST', '/reset');
					await sb.admin('PUT', '/faults', { rateLimit: { rps } });
				};
				const r =
					place === 'in process'
						? await fresh().then(() => measure(h, sb, creds, rows, options))
						: await repeated(repeat, async () => {
								await fresh();
								return measureRealN8n(sb, creds, rows, options, { distDir, log, version: place });
							});
				await sb.admin('DELETE', '/faults');
				const row = { label, place, count, changes, rps, ...r, ideal: r.requests / rps };
				row.floor = row.ideal + (r.quietMs ?? 0) / 1000;
				out.rows.push(row);
				log(
					`nightly ${label} (${count}, ${changes} changed, ${place}): ${r.requests} requests, ${(r.ms / 1000).toFixed(1)} s, ${r.writes} writes, peak ${Math.round(r.peakMB)} MB`,
				);
			}
		}
		// n8n's own cost on each sheet, per version: No Operation (memory), Edit Fields (time).
		if (realN8n)
			for (const version of versions)
				for (const size of sizes) {
					const rows = sheets.get(`n${size}`);
					const creds = { baseUrl: sb.url, domain: `n${size}`, token: `n${size}-token` };
					const o = { distDir, log, version };
					const own = (options, measure, extra = {}) =>
						repeated(repeat, () =>
							measureRealN8n(sb, creds, rows, options, { ...o, measure, ...extra }),
						);
					const noOp = await own({}, 'noOp');
					const fields = await own({}, 'editFields');
					const floor = await own(SKIP, 'floor');
					// The sync's items wait for the catalogue after n8n's loop has started them all (the
					// loop does not let a request go before it ends): the floor holding its items as long
					// as the catalogue's pages take at the account's rate.
					const holdMs = Math.round((Math.ceil(size / 1000) / rps) * 1000);
					const held = await own(SKIP, 'floorHeld', { holdMs });
					out.own.push({
						version,
						size,
						noOpPeakMB: noOp.peakMB,
						noOpProcessPeakMB: noOp.processPeakMB,
						editFieldsMs: fields.ms,
						floorMs: floor.ms,
						floorPeakMB: floor.peakMB,
						noOpPeakRange: noOp.peakRange,
						floorMsRange: floor.msRange,
						floorPeakRange: floor.peakRange,
						holdMs,
						floorHeldMs: held.ms,
						floorHeldPeakMB: held.peakMB,
						floorHeldPeakRange: held.peakRange,
					});
					log(
						`n8n ${version} own (${size}): No Operation peak ${Math.round(noOp.peakMB)} MB, Edit Fields ${(fields.ms / 1000).toFixed(1)} s, declarative floor ${(floor.ms / 1000).toFixed(1)} s / ${Math.round(floor.peakMB)} MB, holding its items ${holdMs} ms ${(held.ms / 1000).toFixed(1)} s / ${Math.round(held.peakMB)} MB`,
					);
				}
		for (const row of out.rows) {
			const own = out.own.find((o) => o.version === row.place && o.size === row.count);
			if (!own) continue;
			// n8n's own term: its expression time, or the declarative engine's floor where higher.
			row.ownMs = Math.max(own.editFieldsMs, own.floorMs);
			row.goalMs = row.ownMs + 0.1 * row.count + 1500 * row.ideal;
			row.goalPeakMB = Math.max(1.5 * own.noOpPeakMB, 1.1 * own.floorPeakMB);
			row.own = own;
			row.met = row.ms <= row.goalMs && row.peakMB <= row.goalPeakMB && row.updated === row.changes;
		}
		// A first import: every row new, Read All Products Once finds none (no rate limit).
		if (!firstImport) return out;
		await sb.admin('POST', '/reset');
		const fresh = sheets.get(`n${sizes[0]}`).map((r) => ({ ...r, sku: `NEW-${r.sku}` }));
		const creds = { baseUrl: sb.url, domain: 'fresh', token: 'fresh-token' };
		const r = await measure(h, sb, creds, fresh, SKIP);
		out.firstImport = {
			count: fresh.length,
			...r,
			goalRequests: fresh.length + r.pages,
			met: r.requests <= fresh.length + r.pages && r.created === fresh.length,
		};
		log(
			`nightly first import (${fresh.length}): ${r.requests} requests, ${(r.ms / 1000).toFixed(1)} s`,
		);
	} finally {
		await sb.close();
	}
	return out;
}

function table(result) {
	if (!result) return '_not measured_\n';
	const s = (ms) => `${(ms / 1000).toFixed(1)} s`;
	const mb = (v) => `${Math.round(v).toLocaleString('en-US')} MB`;
	// With --repeat: the median, and the range of the runs in brackets.
	const sr = (v, range) => (range ? `${s(v)} [${s(range[0])}–${s(range[1])}]` : s(v));
	const mbr = (v, range) =>
		range ? `${mb(v)} [${Math.round(range[0])}–${Math.round(range[1])}]` : mb(v);
	const goal = (r) => {
		if (!r.own) return '–';
		const time = `time ${(r.ms / r.goalMs).toFixed(2)} × goal (${s(r.ownMs)} + ${s(0.1 * r.count)} + ${s(1500 * r.ideal)} = ${s(r.goalMs)})`;
		const memory = `peak ${(r.peakMB / r.own.noOpPeakMB).toFixed(2)} × No Operation's ${mb(r.own.noOpPeakMB)}, ${(r.peakMB / r.goalPeakMB).toFixed(2)} × goal ${mb(r.goalPeakMB)} (${(r.peakMB / (1.1 * r.own.floorHeldPeakMB)).toFixed(2)} × the held floor's + 10 %)`;
		return `${time}; ${memory}: **${r.met ? 'met' : 'missed'}**`;
	};
	const lines = [
		`| finding products (PIM at ${result.rps} requests/s) | where | requests (429s) | list pages / product pages | writes | PIM node time | requests ÷ rate | peak memory | goals (#30) |`,
		'|---|---|---:|---:|---:|---:|---:|---:|---|',
		...result.rows.map(
			(r) =>
				`| ${r.label} (${r.count.toLocaleString('en-US')} products, ${r.changes} changed) | ${r.place === 'in process' ? 'in process' : `**n8n ${r.place}**`} | ${r.requests} (${r.refused}) | ${r.pages} / ${r.productPages} | ${r.writes} | ${sr(r.ms, r.msRange)}${r.executionMs === undefined ? '' : ` (${s(r.executionMs)})`} | ${r.ideal.toFixed(1)} s | ${mbr(r.peakMB, r.peakRange)}${r.processPeakMB === undefined ? '' : ` (${mb(r.processPeakMB)})`} | ${goal(r)} |`,
		),
	];
	const f = result.firstImport;
	if (f)
		lines.push(
			`| first import, ${f.count.toLocaleString('en-US')} new products, Read All Products Once (no rate limit) | in process | ${f.requests} (${f.refused}) | ${f.pages} / ${f.productPages} | ${f.writes} | ${s(f.ms)} | – | ${mb(f.peakMB)} | ≤ ${f.goalRequests} requests: **${f.met ? 'met' : 'missed'}** |`,
		);
	if (result.own.length)
		lines.push(
			'',
			"| n8n | rows | n8n's own: Edit Fields, 4 expressions per row | declarative floor: the same node doing nothing (time / peak RSS) | the floor holding its items for the catalogue's read (time / peak RSS) | peak RSS: No Operation |",
			'|---|---:|---:|---:|---:|---:|',
			...result.own.map(
				(o) =>
					`| ${o.version} | ${o.size.toLocaleString('en-US')} | ${s(o.editFieldsMs)} | ${sr(o.floorMs, o.floorMsRange)} / ${mbr(o.floorPeakMB, o.floorPeakRange)} | ${o.holdMs} ms: ${s(o.floorHeldMs)} / ${mbr(o.floorHeldPeakMB, o.floorHeldPeakRange)} | ${mbr(o.noOpPeakMB, o.noOpPeakRange)} (${mb(o.noOpProcessPeakMB)}) |`,
			),
		);
	return `${lines.join('\n')}\n\nList pages: every page of a list the run read (products, and the attribute, family and channel lists it resolves names with; a look-up by SKU counts as one); product pages: the product list without a SKU filter. Writes: answered creates and updates. With --repeat N, each real-n8n figure is the median of N runs, the range of the runs in square brackets. Peak memory: in process, the growth of the bench process's RSS during the run (n8n-core, the node and the input items; the sandbox runs in its own process); in real n8n, the n8n process's peak RSS while the workflow ran (in round brackets: the process's whole life), up to the measured node's end (n8n's start, reading and parsing the CSV and every node's items included; not n8n execute printing the whole run as JSON afterwards, which costs the same for any node). PIM node time in real n8n: the node's execution time as n8n records it (the whole execution, reading and parsing the CSV included, in brackets). Goals: the PIM node's time ≤ n8n's own term + 0.1 ms per row + 1.5 × requests ÷ rate, n8n's own term being its time for the node's expressions (Edit Fields evaluating the same 4 expressions once per row) or, where higher, the declarative floor (the same node, same parameters, doing nothing: n8n's declarative engine evaluates every parameter of every item itself); n8n's peak RSS with the sync ≤ 1.5 × the same sheet through No Operation, or the floor's + 10 % where higher. The held floor: the same floor, every item answering only once the catalogue's pages would have been read at the account's rate after n8n's loop started every item, as the sync's items wait; the memory beside it is printed, not part of the goal.\n`;
}

module.exports = {
	run,
	table,
	floorDist,
	sheet,
	edit,
	COLUMNS,
	csvField,
	measureRealN8n,
	UPSERT,
	SKIP,
};

if (require.main === module) {
	const arg = (name, fallback) => {
		const i = process.argv.indexOf(name);
		return i > 0 ? Number(process.argv[i + 1]) : fallback;
	};
	const list = (name, fallback) => {
		const i = process.argv.indexOf(name);
		return i > 0 ? process.argv[i + 1].split(',') : fallback;
	};
	run({
		sizes: list('--sizes', ['10000', '50000', '100000']).map(Number),
		small: process.argv.includes('--no-small') ? 0 : arg('--small', 1_000),
		rps: arg('--rps', 20),
		realN8n: process.argv.includes('--real-n8n'),
		versions: list('--versions', ['1.123.81', '2.41.1']),
		firstImport: !process.argv.includes('--no-first-import'),
		realOnly: process.argv.includes('--real-only'),
		repeat: arg('--repeat', 1),
		log: (m) => process.stderr.write(`${m}\n`),
	})
		.then((r) => process.stdout.write(table(r)))
		.catch((e) => {
			process.stderr.write(`${e.stack}\n`);
			process.exit(1);
		});
}
