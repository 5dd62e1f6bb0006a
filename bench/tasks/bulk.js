'use strict';
/**
 * Scenario 2 tasks: update N products, one input item per product, against a rate-limited sandbox.
 *  - bulk-node  product.update through n8n-core, SKU `={{ $json.sku }}`, name from the item
 *  - bulk-node2 the same in node version 2: Attributes → Map Automatically takes `name` from the item
 *    (the account's attribute list is read once per run)
 *  - bulk-http  n8n's HTTP Request node (PUT, form body), default settings
 * Both run with "On Error: Continue (regular output)" so that failed items are counted instead of
 * stopping the run at the first one; the node's own retries and the HTTP Request node's (absent
 * by default) retry settings are untouched.
 */
const { loadInProcess } = require('../lib/in-process');
const { runHttpWorkflow, prepareHttp } = require('./httpnode');

const { domain: DOMAIN, token: TOKEN } = require('../../harness/sandbox').DEMO_ACCOUNT;

/** The input items: `{ sku, name }` per product; `name` is the value written. */
function inputItems(spec) {
	const items = [];
	for (let i = 1; i <= spec.count; i++) {
		const sku = `SKU-${String(i).padStart(6, '0')}`;
		items.push({ sku, name: `${spec.tag} ${sku}` });
	}
	return items;
}

function failedCount(items) {
	return items.filter((i) => i.json && i.json.error !== undefined).length;
}

const V1_UPDATE = {
	resource: 'product',
	operation: 'update',
	sku: '={{ $json.sku }}',
	languageCode: 'en_US',
	attributes: { attribute: [{ code: 'name', value: '={{ $json.name }}' }] },
};
const V2_UPDATE = {
	resource: 'product',
	operation: 'update',
	sku: '={{ $json.sku }}',
	languageCode: 'en_US',
	columns: { mappingMode: 'autoMapInputData', value: null, matchingColumns: [], schema: [] },
};

function nodeTask(spec, version = 1) {
	const h = loadInProcess();
	const creds = { baseUrl: spec.url, domain: DOMAIN, token: TOKEN };
	const input = inputItems(spec);
	return {
		async run() {
			const { items, error } = await h.runPim(creds, version === 2 ? V2_UPDATE : V1_UPDATE, {
				input,
				continueOnFail: true,
				version,
			});
			if (error) throw new Error(`node failed: ${error.message}`);
			const failed = failedCount(items);
			const firstError = items.find((i) => i.json && i.json.error !== undefined);
			return {
				items: items.length,
				failed,
				firstError: firstError ? String(firstError.json.error).slice(0, 200) : undefined,
			};
		},
	};
}

function httpTask(spec) {
	prepareHttp(spec);
	const input = inputItems(spec);
	return {
		async run() {
			const { items, error, engine } = await runHttpWorkflow(spec, {
				method: 'PUT',
				url: `${spec.url}/api/integration/product`,
				form: [
					['sku', '={{ $json.sku }}'],
					['language_code', 'en_US'],
					['name', '={{ $json.name }}'],
				],
				input,
				continueOnFail: true,
			});
			if (error) throw new Error(`HTTP Request node failed: ${error.message}`);
			const failed = failedCount(items);
			const firstError = items.find((i) => i.json && i.json.error !== undefined);
			return {
				items: items.length,
				failed,
				engine,
				firstError: firstError ? JSON.stringify(firstError.json.error).slice(0, 200) : undefined,
			};
		},
	};
}

/**
 * The reference client: fetch() with 5 workers (the node's Max Concurrent Requests) that on a 429
 * pause every worker for Retry-After, then retry; no n8n. What the node's strategy can reach.
 */
function rawTask(spec) {
	const input = inputItems(spec);
	const workers = spec.workers ?? 5;
	return {
		async run() {
			let next = 0;
			let pausedUntil = 0;
			let failed = 0;
			const put = async (item) => {
				for (let attempt = 0; attempt < 20; attempt++) {
					for (let wait = pausedUntil - Date.now(); wait > 0; wait = pausedUntil - Date.now()) {
						await new Promise((resolve) => setTimeout(resolve, wait));
					}
					const body = new URLSearchParams({
						sku: item.sku,
						language_code: 'en_US',
						name: item.name,
					}).toString();
					const res = await fetch(`${spec.url}/api/integration/product`, {
						method: 'PUT',
						headers: {
							token: TOKEN,
							'x-domain': DOMAIN,
							'content-type': 'application/x-www-form-urlencoded',
						},
						body,
					});
					await res.arrayBuffer();
					if (res.status !== 429) return res.ok;
					const seconds = Number(res.headers.get('retry-after')) || 1;
					pausedUntil = Math.max(pausedUntil, Date.now() + seconds * 1000);
				}
				return false;
			};
			const worker = async () => {
				while (next < input.length) if (!(await put(input[next++]))) failed++;
			};
			await Promise.all(Array.from({ length: workers }, worker));
			return { items: input.length, failed };
		},
	};
}

module.exports = {
	'bulk-node': { prepare: (spec) => nodeTask(spec, 1) },
	'bulk-node2': { prepare: (spec) => nodeTask(spec, 2) },
	'bulk-http': { prepare: httpTask },
	'bulk-raw': { prepare: rawTask },
};
