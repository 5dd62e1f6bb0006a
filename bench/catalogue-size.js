#!/usr/bin/env node
'use strict';
/**
 * The sync past 100 000 products, and its memory across executions (#30), in process (n8n-core's
 * WorkflowExecute around the built node; the sandbox in its own process):
 *
 * - A 250 000-product account synced in one execution from a 1 000-row slice of its sheet (19 rows
 *   changed), Read All Products Once + Skip Unchanged Products: requests, wall time.
 * - The catalogue's memory: the node's own Catalogue (dist/) built from the same 250 000 records
 *   page by page, as the sync builds it; the heap (and array buffers) after a full GC with it
 *   held, minus before.
 * - Leak check: `runs` executions of a sync in one process; the heap after a full GC after the
 *   first and after the last (what an execution read is freed with it).
 *
 *   node --expose-gc bench/catalogue-size.js [--products 250000] [--runs 100]
 */
const path = require('node:path');

const { loadInProcess, ROOT } = require('./lib/in-process');
const { startSandbox } = require('./lib/sandbox');
const { UPSERT, SKIP } = require('./nightly-sync');

// The nightly sync's Create or Update (bench scenario 8): Read All Products Once + Skip Unchanged.
const SYNC = UPSERT(SKIP);

/** The heap after a full GC, with the array buffers outside it (the catalogue's packed table). */
const heapAfterGc = () => {
	global.gc();
	global.gc();
	const { heapUsed, arrayBuffers } = process.memoryUsage();
	return heapUsed + arrayBuffers;
};
const mb = (bytes) => bytes / 1048576;

async function pages(sb, domain, each) {
	for (let page = 1; ; page++) {
		const res = await fetch(
			`${sb.url}/api/integration/product?pagination[pageLimit]=1000&pagination[currentPage]=${page}`,
			{ headers: { token: `${domain}-token`, 'x-domain': domain } },
		);
		const { record } = (await res.json()).data;
		if (!record.length) return;
		each(record);
	}
}

/** Builds the node's Catalogue from every page of the account; returns the sheet's first 1 000 rows. */
async function measureCatalogue(sb, Catalogue, products, out, log) {
	const before = heapAfterGc();
	const catalogue = new Catalogue(true, (field) => field === 'color');
	const rows = [];
	await pages(sb, 'big', (records) => {
		for (const r of records) catalogue.add(r);
		if (rows.length < 1000)
			rows.push(
				...records
					.slice(0, 1000 - rows.length)
					.map((p) => ({ sku: p.sku, family: p.family, name: p.name, price: p.price })),
			);
	});
	const held = heapAfterGc() - before;
	out.catalogueMB = mb(held);
	out.perProductBytes = held / products;
	log(`catalogue of ${products}: ${out.catalogueMB.toFixed(1)} MB`);
	if (!catalogue.has(rows[0].sku)) throw new Error('the catalogue lost a product');
	return rows;
}

async function run({ products = 250_000, runs = 100, log = () => {} } = {}) {
	if (!global.gc) throw new Error('run with node --expose-gc');
	const h = loadInProcess();
	const { Catalogue } = require(
		path.join(ROOT, 'dist/nodes/Pim/resources/product/account/catalogue.js'),
	);
	const sb = await startSandbox({
		extra: ['--account', `big:big-token:${products}`, '--account', 'leak:leak-token:2000'],
		logLimit: 400_000,
	});
	const out = { products, runs };
	try {
		// The catalogue's memory, built as the sync builds it (in its own scope, freed after).
		let rows = await measureCatalogue(sb, Catalogue, products, out, log);

		// One execution: a 1 000-row slice of the sheet, 19 rows changed.
		rows = rows.map((r, i) =>
			i % 52 === 0 && i < 19 * 52 ? { ...r, name: `${r.name} (changed)` } : r,
		);
		await sb.admin('DELETE', '/log');
		const t0 = Date.now();
		const creds = { baseUrl: sb.url, domain: 'big', token: 'big-token' };
		const { items, error } = await h.runPim(creds, SYNC, { input: rows, version: 2 });
		out.syncMs = Date.now() - t0;
		if (error) throw new Error(`the sync failed: ${error.message}`);
		const log_ = await sb.admin('GET', '/log');
		out.requests = log_.length;
		out.productPages = log_.filter(
			(r) => r.method === 'GET' && r.path === '/api/integration/product',
		).length;
		out.writes = log_.filter((r) => r.method === 'PUT' || r.method === 'POST').length;
		out.updated = items.filter((i) => i.json.operation === 'updated').length;
		log(
			`sync of 1 000 rows against ${products}: ${out.requests} requests (${out.productPages} product pages, ${out.writes} writes), ${(out.syncMs / 1000).toFixed(1)} s`,
		);

		// Leak check: `runs` executions of a sync in one process.
		const leak = [];
		await pages(sb, 'leak', (records) =>
			leak.push(...records.map((p) => ({ sku: p.sku, family: p.family, name: p.name }))),
		);
		const leakCreds = { baseUrl: sb.url, domain: 'leak', token: 'leak-token' };
		out.heapMB = [];
		for (let i = 1; i <= runs; i++) {
			const r = await h.runPim(leakCreds, SYNC, { input: leak, version: 2 });
			if (r.error) throw new Error(`leak run ${i}: ${r.error.message}`);
			if (i === 1 || i === runs || i % 25 === 0) out.heapMB.push([i, mb(heapAfterGc())]);
		}
		out.growthMB = out.heapMB.at(-1)[1] - out.heapMB[0][1];
		log(
			`${runs} executions: heap ${out.heapMB.map(([i, m]) => `${i}: ${m.toFixed(1)} MB`).join(', ')}`,
		);
	} finally {
		await sb.close();
	}
	return out;
}

function table(r) {
	return [
		`| ${r.products.toLocaleString('en-US')}-product account | |`,
		'|---|---:|',
		`| the catalogue's memory (Read All Products Once + Skip Unchanged) | ${r.catalogueMB.toFixed(1)} MB (${Math.round(r.perProductBytes)} bytes a product; goal ≤ 150 MB) |`,
		`| a 1 000-row slice synced in one execution (19 changed) | ${r.requests} requests (${r.productPages} product pages, ${r.writes} writes), ${(r.syncMs / 1000).toFixed(1)} s |`,
		`| ${r.runs} executions of a 2 000-row sync in one process: heap after GC | ${r.heapMB.map(([i, m]) => `#${i}: ${m.toFixed(1)} MB`).join(', ')} (growth ${r.growthMB.toFixed(1)} MB) |`,
	].join('\n');
}

module.exports = { run, table };

if (require.main === module) {
	const arg = (name, fallback) => {
		const i = process.argv.indexOf(name);
		return i > 0 ? Number(process.argv[i + 1]) : fallback;
	};
	run({
		products: arg('--products', 250_000),
		runs: arg('--runs', 100),
		log: (m) => process.stderr.write(`${m}\n`),
	})
		.then((r) => process.stdout.write(`${table(r)}\n`))
		.catch((e) => {
			process.stderr.write(`${e.stack}\n`);
			process.exit(1);
		});
}
