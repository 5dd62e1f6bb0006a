'use strict';
/**
 * Scenario 1 tasks: read every product of the `demo` account.
 *  - getall-node      the PIM node (product.getAll, Return All) through n8n-core's WorkflowExecute
 *  - getall-raw-seq   fetch(), one page after the other (the floor)
 *  - getall-raw-par   fetch(), the same number of pages in flight as the node (its lookahead)
 *  - getall-http      n8n's HTTP Request node with its built-in pagination (see ./httpnode.js)
 *  - getall-http-split  the same followed by a Split Out node on data.record (one item per product)
 * Every task checks that it read exactly `expected` distinct products.
 */
const { loadInProcess } = require('../lib/in-process');
const { runHttpWorkflow, paginationParameters, prepareHttp } = require('./httpnode');

const { domain: DOMAIN, token: TOKEN } = require('../../harness/sandbox').DEMO_ACCOUNT;
const PRODUCT_PATH = '/api/integration/product';

function check(records, expected, what) {
	if (records !== expected)
		throw new Error(`${what}: read ${records} products, expected ${expected}`);
}

// ---------------------------------------------------------------- PIM node through n8n-core

function nodeTask(spec) {
	const h = loadInProcess();
	const creds = { baseUrl: spec.url, domain: DOMAIN, token: TOKEN };
	const params = (extra) => ({ resource: 'product', operation: 'getAll', ...extra });
	// The node's own default unless the case sets another page size (see scenarios/getall.js).
	const options = spec.nodePageSizeOption ? { options: { pageSize: spec.pageSize } } : {};
	return {
		async warmup() {
			const { error } = await h.runPim(creds, params({ returnAll: false, limit: 10 }));
			if (error) throw new Error(`warm-up failed: ${error.message}`);
		},
		async run() {
			const { items, error } = await h.runPim(creds, params({ returnAll: true, ...options }));
			if (error) throw new Error(`node failed: ${error.message} ${error.description ?? ''}`);
			const ids = new Set(items.map((i) => i.json.id));
			check(ids.size, spec.expected, 'node');
			check(items.length, spec.expected, 'node');
			return { records: items.length, items: items.length };
		},
	};
}

// ---------------------------------------------------------------- raw fetch loops

const headers = { token: TOKEN, 'x-domain': DOMAIN, Accept: 'application/json' };

async function getPage(base, page, pageSize) {
	const url = `${base}${PRODUCT_PATH}?pagination%5BpageLimit%5D=${pageSize}&pagination%5BcurrentPage%5D=${page}`;
	const res = await fetch(url, { headers });
	const body = await res.json();
	if (!res.ok || body.status !== true)
		throw new Error(`page ${page}: HTTP ${res.status} ${body.message}`);
	return body.data;
}

/**
 * Reads all pages keeping `window` requests in flight, handing pages on in order. With window 1
 * this is the plain sequential loop. Stops at an empty page or once recordsTotal is reached.
 */
async function rawLoop(base, pageSize, window) {
	const records = [];
	const pending = new Map();
	let lastPage = Infinity;
	let nextToRequest = 1;
	const request = (page) => {
		const p = getPage(base, page, pageSize);
		p.catch(() => undefined);
		pending.set(page, p);
	};
	const fill = (current) => {
		while (nextToRequest <= lastPage && nextToRequest < current + window) request(nextToRequest++);
	};
	for (let page = 1; page <= lastPage; page++) {
		fill(page);
		const data = await pending.get(page);
		pending.delete(page);
		if (page === 1) lastPage = Math.ceil(data.recordsTotal / data.pageLimit);
		if (data.record.length === 0) break;
		for (const r of data.record) records.push(r);
		if (records.length >= data.recordsTotal) break;
	}
	return records;
}

function rawTask(window) {
	return (spec) => {
		const pageSize = spec.pageSize;
		return {
			async warmup() {
				await getPage(spec.url, 1, 10);
			},
			async run() {
				const records = await rawLoop(spec.url, pageSize, window(spec));
				check(new Set(records.map((r) => r.id)).size, spec.expected, 'raw');
				return { records: records.length, items: records.length, window: window(spec) };
			},
		};
	};
}

// ---------------------------------------------------------------- HTTP Request node

function httpTask(split) {
	return (spec) => {
		prepareHttp(spec);
		const pageSize = spec.pageSize;
		const run = (limitPages) =>
			runHttpWorkflow(spec, {
				method: 'GET',
				url: `${spec.url}${PRODUCT_PATH}`,
				qs: { 'pagination[pageLimit]': String(pageSize) },
				pagination: paginationParameters(limitPages),
				splitOut: split ? 'data.record' : undefined,
			});
		return {
			async warmup() {
				const { error } = await run(1);
				if (error) throw new Error(`warm-up failed: ${error.message}`);
			},
			async run() {
				const { items, error, engine } = await run();
				if (error) throw new Error(`HTTP Request node failed: ${error.message}`);
				let records = 0;
				const ids = new Set();
				if (split) {
					for (const item of items) ids.add(item.json.id);
					records = items.length;
				} else {
					for (const item of items) for (const r of item.json.data.record) ids.add(r.id);
					records = ids.size;
				}
				check(ids.size, spec.expected, 'HTTP Request node');
				return { records, items: items.length, engine };
			},
		};
	};
}

module.exports = {
	'getall-node': { prepare: nodeTask },
	'getall-raw-seq': { prepare: rawTask(() => 1) },
	'getall-raw-par': { prepare: rawTask((spec) => spec.window ?? 4) },
	'getall-http': { prepare: httpTask(false) },
	'getall-http-split': { prepare: httpTask(true) },
};
