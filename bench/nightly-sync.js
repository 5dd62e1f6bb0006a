#!/usr/bin/env node
'use strict';
/**
 * A nightly sync (#22): a sheet holding the whole catalogue, 1 % of its rows changed, through
 * Create or Update (version 2, Map Automatically) against a PIM allowing `rps` requests per
 * second. Requests, wall time and the peak memory of this process (n8n-core and the node; the
 * sandbox runs in its own) for each way of finding products: One Look-Up per Item, Read All
 * Products Once, and Read All Products Once + Skip Unchanged Products; then a first import of
 * new products with Read All Products Once. Goals: with both options, requests ≤ pages + changes
 * + 5 and wall time ≤ 1.2 × requests ÷ rps; a first import, requests ≤ rows + pages. Writing
 * every row costs a request per row at any rate: those modes run on a smaller catalogue.
 * Scenario 8 of `npm run bench`; alone:
 *
 *   node bench/nightly-sync.js [--products 50000] [--small 1000] [--rps 20] [--real-n8n]
 */
const { loadHarness } = require('./lib/harness');
const { startSandbox } = require('./lib/sandbox');

const UPSERT = (options) => ({
	resource: 'product',
	operation: 'upsert',
	sku: '={{ $json.sku }}',
	familyCode: '={{ $json.family }}',
	languageCode: 'en_US',
	channels: { channel: [{ code: 'web' }] },
	columns: { mappingMode: 'autoMapInputData', value: null, matchingColumns: [], schema: [] },
	upsertOptions: options,
});

/** The sheet: every product's SKU, family (title), name and price as the PIM holds them. */
async function sheet(sb, domain, count) {
	const rows = [];
	for (let page = 1; rows.length < count; page++) {
		const res = await fetch(
			`${sb.url}/api/integration/product?pagination[pageLimit]=1000&pagination[currentPage]=${page}`,
			{ headers: { token: `${domain}-token`, 'x-domain': domain } },
		);
		const { record } = (await res.json()).data;
		if (!record.length) break;
		for (const p of record)
			rows.push({ sku: p.sku, family: p.family, name: p.name, price: p.price });
	}
	return rows;
}

/** 1 % of the rows changed: a new name. */
function edit(rows) {
	const changed = new Set();
	for (let i = 0; i < rows.length; i += 100) changed.add(i);
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

/**
 * The same sync in a real n8n (`n8n execute`): Manual Trigger → Read file → Extract from CSV (the
 * sheet as a CSV file) → PIM Create or Update with the parameters above. Wall time: the PIM
 * node's execution time as n8n records it (`executionMs`: the whole execution, reading the CSV
 * included); peak memory: the n8n process's resident memory at its highest (its start included).
 */
async function measureRealN8n(sb, creds, rows, options, o) {
	const fs = require('node:fs');
	const os = require('node:os');
	const path = require('node:path');
	const { executeOnce } = require('./lib/realn8n');
	const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pim-bench-sheet-'));
	try {
		const csv = path.join(filesDir, 'sheet.csv');
		fs.writeFileSync(
			csv,
			[
				'sku,family,name,price',
				...rows.map((r) => [r.sku, r.family, r.name, r.price].map(csvField).join(',')),
			].join('\n') + '\n',
		);
		const credential = { id: 'pimBenchNightly', name: 'PIM sandbox (nightly bench)' };
		const id = 'pimBenchNightlySync';
		const node = (name, type, typeVersion, x, parameters, extra = {}) => ({
			id: `${id}-${x}`,
			name,
			type,
			typeVersion,
			position: [x, 0],
			parameters,
			...extra,
		});
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
				node('Sync product', 'n8n-nodes-pim.pim', 2, 600, UPSERT(options), {
					credentials: { pimApi: credential },
				}),
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
		const { data, processWallMs, peakRss } = await executeOnce({
			distDir: o.distDir,
			filesDir,
			credentials: [{ ...credential, data: { ...creds, allowHttp: false } }],
			workflow,
			log: o.log,
		});
		const task = data.data.resultData.runData['Sync product'][0];
		if (task.error) throw new Error(`the sync failed: ${task.error.message}`);
		const items = task.data.main[0];
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
			peakMB: peakRss / 1048576,
		};
	} finally {
		fs.rmSync(filesDir, { recursive: true, force: true });
	}
}

/**
 * `realN8n`: each case runs in process and then in the cached real n8n (`n8n execute`, dist/ or
 * PIM_BENCH_DIST installed as a Community Nodes install).
 */
async function run({
	products = 50_000,
	small = 1_000,
	rps = 20,
	realN8n = false,
	log = () => {},
} = {}) {
	const h = loadHarness();
	const sb = await startSandbox({
		extra: [
			'--account',
			`nightly:nightly-token:${products}`,
			'--account',
			`small:small-token:${small}`,
			'--account',
			'fresh:fresh-token:0',
		],
		logLimit: 200_000,
	});
	const out = { products, small, rps, rows: [] };
	try {
		const cases = [
			['small', small, 'One Look-Up per Item', { lookup: 'perItem' }],
			['small', small, 'Read All Products Once', { lookup: 'allProducts' }],
			[
				'small',
				small,
				'Read All Products Once + Skip Unchanged',
				{ lookup: 'allProducts', skipUnchanged: true },
			],
			[
				'nightly',
				products,
				'Read All Products Once + Skip Unchanged',
				{ lookup: 'allProducts', skipUnchanged: true },
			],
		];
		const where = realN8n ? ['in process', 'real n8n'] : ['in process'];
		const distDir =
			process.env.PIM_BENCH_DIST ?? require('node:path').join(__dirname, '..', 'dist');
		for (const [domain, count, label, options] of cases)
			for (const place of where) {
				await sb.admin('POST', '/reset');
				const { rows, changes } = edit(await sheet(sb, domain, count));
				await sb.admin('PUT', '/faults', { rateLimit: { rps } });
				const creds = { baseUrl: sb.url, domain, token: `${domain}-token` };
				const r =
					place === 'real n8n'
						? await measureRealN8n(sb, creds, rows, options, { distDir, log })
						: await measure(h, sb, creds, rows, options);
				await sb.admin('DELETE', '/faults');
				const row = { label, place, count, changes, rps, ...r, ideal: r.requests / rps };
				row.floor = row.ideal + (r.quietMs ?? 0) / 1000;
				if (options.skipUnchanged) {
					row.goalRequests = r.pages + changes + 5;
					row.met =
						r.requests <= row.goalRequests &&
						r.ms / 1000 <= 1.2 * row.ideal &&
						r.updated === changes;
				}
				out.rows.push(row);
				log(
					`nightly ${label} (${count}, ${place}): ${r.requests} requests, ${(r.ms / 1000).toFixed(1)} s, ${r.writes} writes, peak ${Math.round(r.peakMB)} MB`,
				);
			}
		// A first import: every row new, Read All Products Once finds none (no rate limit).
		await sb.admin('POST', '/reset');
		const fresh = (await sheet(sb, 'nightly', products)).map((r) => ({
			...r,
			sku: `NEW-${r.sku}`,
		}));
		const creds = { baseUrl: sb.url, domain: 'fresh', token: 'fresh-token' };
		const r = await measure(h, sb, creds, fresh, { lookup: 'allProducts', skipUnchanged: true });
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
	const lines = [
		`| finding products (catalogue, 1 % changed, PIM at ${result.rps} requests/s) | requests (429s) | list pages / product pages | writes | wall time | requests ÷ rate | before the first request → least possible | peak memory | goal |`,
		'|---|---:|---:|---:|---:|---:|---:|---:|---|',
		...result.rows.map(
			(r) =>
				`| ${r.label} (${r.count.toLocaleString('en-US')} products, ${r.changes} changed)${r.place === 'real n8n' ? ', **real n8n**' : ''} | ${r.requests} (${r.refused}) | ${r.pages} / ${r.productPages} | ${r.writes} | ${s(r.ms)}${r.executionMs === undefined ? '' : ` (${s(r.executionMs)})`} | ${r.ideal.toFixed(1)} s | ${s(r.quietMs ?? 0)} → ${r.floor.toFixed(1)} s | ${Math.round(r.peakMB)} MB | ${r.goalRequests === undefined ? '–' : `≤ ${r.goalRequests} requests, ≤ 1.2 × requests ÷ rate: **${r.met ? 'met' : 'missed'}**`} |`,
		),
	];
	const f = result.firstImport;
	if (f)
		lines.push(
			`| first import, ${f.count.toLocaleString('en-US')} new products, Read All Products Once (no rate limit) | ${f.requests} (${f.refused}) | ${f.pages} / ${f.productPages} | ${f.writes} | ${s(f.ms)} | – | ${s(f.quietMs ?? 0)} | ${Math.round(f.peakMB)} MB | ≤ ${f.goalRequests} requests: **${f.met ? 'met' : 'missed'}** |`,
		);
	return `${lines.join('\n')}\n\nList pages: every page of a list the run read (products, and the attribute, family and channel lists it resolves names with; a look-up by SKU counts as one); product pages: the product list without a SKU filter. Writes: answered creates and updates. Peak memory: in process, the growth of the bench process's RSS during the run (n8n-core, the node and the input items; the sandbox runs in its own process); in real n8n, the n8n process's peak RSS (its start, the CSV and every node's items included). Wall time in real n8n: the PIM node's execution time as n8n records it (the whole execution, reading and parsing the CSV included, in brackets). Before the first request: from the node's start to the first request's arrival at the PIM — n8n's declarative engine prepares every item (70 parameter definitions, the expressions of each) in one synchronous loop before any request can leave; with requests ÷ rate it is the least the run can take, whatever the node does.\n`;
}

module.exports = { run, table };

if (require.main === module) {
	const arg = (name, fallback) => {
		const i = process.argv.indexOf(name);
		return i > 0 ? Number(process.argv[i + 1]) : fallback;
	};
	run({
		products: arg('--products', 50_000),
		small: arg('--small', 1_000),
		rps: arg('--rps', 20),
		realN8n: process.argv.includes('--real-n8n'),
		log: (m) => process.stderr.write(`${m}\n`),
	})
		.then((r) => process.stdout.write(table(r)))
		.catch((e) => {
			process.stderr.write(`${e.stack}\n`);
			process.exit(1);
		});
}
