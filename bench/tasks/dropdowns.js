'use strict';
/**
 * Scenario 3 task: the editor's dropdowns (resource-locator lists and option lists) through
 * n8n-core's LoadOptionsContext (harness/in-process.ts), each called `calls` times in a row. The
 * first call is reported separately (cold: JIT and the sandbox's per-page caches); the median is
 * over all calls.
 */
const { performance } = require('node:perf_hooks');
const { loadInProcess } = require('../lib/in-process');

const { domain: DOMAIN, token: TOKEN } = require('../../harness/sandbox').DEMO_ACCOUNT;

/** What the editor asks for. `kind` listSearch: args (filter, token); loadOptions: parameters. */
const CASES = [
	{ name: 'searchProducts', kind: 'listSearch', method: 'searchProducts' },
	{ name: 'searchCategories', kind: 'listSearch', method: 'searchCategories' },
	{ name: 'searchFamilies', kind: 'listSearch', method: 'searchFamilies' },
	{ name: 'searchChannels', kind: 'listSearch', method: 'searchChannels' },
	{ name: 'searchAttributes', kind: 'listSearch', method: 'searchAttributes' },
	{ name: 'searchLocales', kind: 'listSearch', method: 'searchLocales' },
	{ name: 'searchCurrencies', kind: 'listSearch', method: 'searchCurrencies' },
	{ name: 'searchRelations', kind: 'listSearch', method: 'searchRelations' },
	{ name: 'getAttributes', kind: 'loadOptions', method: 'getAttributes' },
	{
		name: 'getAttributes (channel web chosen)',
		kind: 'loadOptions',
		method: 'getAttributes',
		parameters: {
			resource: 'product',
			operation: 'create',
			channels: { channel: [{ code: 'web' }] },
		},
	},
	{
		name: 'getFilterAttributes',
		kind: 'loadOptions',
		method: 'getFilterAttributes',
		parameters: { resource: 'product', operation: 'getAll' },
	},
	// A search string that matches nothing: the scan reads the most pages per call.
	{
		name: 'searchProducts filter "zzz-none"',
		kind: 'listSearch',
		method: 'searchProducts',
		filter: 'zzz-none',
	},
	{
		name: 'searchProducts filter "lotion"',
		kind: 'listSearch',
		method: 'searchProducts',
		filter: 'lotion',
	},
	{
		name: 'searchAttributes filter "attr_09"',
		kind: 'listSearch',
		method: 'searchAttributes',
		filter: 'attr_09',
	},
];

function count(result) {
	if (Array.isArray(result)) return { results: result.length };
	return { results: result.results.length, more: result.paginationToken !== undefined };
}

function prepare(spec) {
	const h = loadInProcess();
	const creds = { baseUrl: spec.url, domain: DOMAIN, token: TOKEN };
	const only = spec.only ? new Set(spec.only) : undefined;
	const cases = CASES.filter((c) => !only || only.has(c.name));
	const call = (c) =>
		c.kind === 'listSearch'
			? h.listSearch(creds, c.method, c.filter, undefined, c.parameters)
			: h.loadOptions(creds, c.method, c.parameters);
	return {
		async warmup() {
			// Loads n8n-core's code paths once (a tiny account list), not the cases themselves.
			await h.listSearch(creds, 'searchCurrencies');
		},
		async run() {
			const out = [];
			for (const c of cases) {
				const times = [];
				let shape;
				for (let i = 0; i < spec.calls; i++) {
					const t = performance.now();
					const result = await call(c);
					times.push(performance.now() - t);
					shape = count(result);
				}
				out.push({ name: c.name, method: c.method, filter: c.filter, times, ...shape });
			}
			return { cases: out };
		},
	};
}

module.exports = { dropdowns: { prepare }, CASES };
