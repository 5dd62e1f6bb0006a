'use strict';
/**
 * Checks through the editor's own REST API of a running n8n (logged in as the owner):
 * registered types, icons, credential test, dropdowns, resource-locator search and the trigger.
 *
 * ctx: { api (N8nRest, logged in), version, sb (sandbox handle), pim(path), cred {id, name},
 *        badCred {id, name}, flatted (n8n's own 'flatted' module), log(msg) }
 */
const { ok, eq, sameMembers, includes } = require('./assert');
const { sleep } = require('../harness');

const PIM = 'n8n-nodes-pim.pim';
const TRIGGER = 'n8n-nodes-pim.pimTrigger';

async function nodeTypes(ctx) {
	const r = await ctx.api.call('GET', '/types/nodes.json');
	ok(r.status === 200 && Array.isArray(r.json), `GET /types/nodes.json -> ${r.status}`);
	const pim = r.json.find((t) => t.name === PIM);
	const trigger = r.json.find((t) => t.name === TRIGGER);
	ok(pim, `${PIM} is not registered`);
	ok(trigger, `${TRIGGER} is not registered`);
	eq(pim.version, [1, 2, 2.1], 'pim versions');
	eq(pim.defaultVersion, 2.1, 'version of new pim nodes');
	eq(
		pim.credentials.map((c) => c.name),
		['pimApi'],
		'pim credentials',
	);
	const resources = pim.properties.find((p) => p.name === 'resource').options.map((o) => o.value);
	sameMembers(
		resources,
		['attribute', 'category', 'channel', 'currency', 'family', 'locale', 'product', 'relation'],
		'resources',
	);
	ok(
		trigger.polling === true && trigger.group.includes('trigger'),
		'pimTrigger is a polling trigger',
	);
	const c = await ctx.api.call('GET', '/types/credentials.json');
	ok(c.status === 200 && Array.isArray(c.json), `GET /types/credentials.json -> ${c.status}`);
	const cred = c.json.find((t) => t.name === 'pimApi');
	ok(cred, 'credential type pimApi is not registered');
	// n8n adds fields of its own (e.g. allowedHttpRequestDomains); ours must all be there.
	const fields = cred.properties.map((p) => p.name);
	for (const f of ['baseUrl', 'domain', 'token', 'allowHttp']) includes(fields, f, 'pimApi fields');
	ok(
		cred.properties.find((p) => p.name === 'token').typeOptions.password === true,
		'token is a password field',
	);
	const tool = r.json.find((t) => t.name === `${PIM}Tool`);
	return {
		pim,
		trigger,
		cred,
		detail: `pim v${pim.version.join(', v')} (new nodes v${pim.defaultVersion}, ${resources.length} resources), pimTrigger (polling), pimApi${tool ? `, ${PIM}Tool (AI tool variant)` : ''}`,
	};
}

/** The node and credential icons are served (the editor shows them). */
async function icons(ctx, types) {
	const urls = new Set();
	for (const t of [types.pim, types.trigger, types.cred]) {
		const icon = t.iconUrl;
		ok(icon, `${t.name} has no iconUrl`);
		for (const u of typeof icon === 'string' ? [icon] : Object.values(icon)) urls.add(u);
	}
	for (const u of urls) {
		const r = await ctx.api.call('GET', `/${u.replace(/^\//, '')}`);
		ok(
			r.status === 200 && /<svg/i.test(r.text),
			`icon ${u} -> ${r.status} ${r.headers.get('content-type')}`,
		);
	}
	return `${urls.size} svg icons served`;
}

async function credentialTest(ctx) {
	const good = await ctx.api.post('/rest/credentials/test', {
		credentials: { id: ctx.cred.id, name: ctx.cred.name, type: 'pimApi', data: ctx.cred.data },
	});
	eq(good.status, 'OK', `credential test of "${ctx.cred.name}" (${good.message})`);
	const bad = await ctx.api.post('/rest/credentials/test', {
		credentials: {
			id: ctx.badCred.id,
			name: ctx.badCred.name,
			type: 'pimApi',
			data: ctx.badCred.data,
		},
	});
	eq(bad.status, 'Error', 'credential test with a wrong token');
	ok(
		/token|unauth|401|credential|authoriz/i.test(bad.message || ''),
		`the message says what is wrong: "${bad.message}"`,
	);
	const wrongDomain = await ctx.api.post('/rest/credentials/test', {
		credentials: {
			id: ctx.cred.id,
			name: ctx.cred.name,
			type: 'pimApi',
			data: { ...ctx.cred.data, domain: 'acme' },
		},
	});
	eq(wrongDomain.status, 'Error', 'credential test with the demo token for domain acme');
	return `OK: "${good.message}"; wrong token: "${bad.message}"; wrong domain: "${wrongDomain.message}"`;
}

function optionsCall(ctx, methodName, path, currentNodeParameters, node = PIM, version = 1) {
	return ctx.api.post('/rest/dynamic-node-parameters/options', {
		nodeTypeAndVersion: { name: node, version },
		path,
		methodName,
		currentNodeParameters,
		credentials: { pimApi: { id: ctx.cred.id, name: ctx.cred.name } },
	});
}

async function dropdowns(ctx) {
	const create = { resource: 'product', operation: 'create' };
	const families = (await ctx.pim('family?pagination[pageLimit]=1000')).record;
	const fam = await optionsCall(ctx, 'getFamilies', 'parameters.familyCode', create);
	sameMembers(
		fam.map((o) => o.value),
		families.map((f) => f.code),
		'family codes',
	);
	for (const f of families)
		includes(
			fam.map((o) => o.name),
			f.title,
			'family titles',
		);
	eq(
		fam.map((o) => o.name),
		[...fam.map((o) => o.name)].sort((a, b) =>
			a.localeCompare(b, undefined, { sensitivity: 'base' }),
		),
		'families sorted by name',
	);

	const channels = await ctx.pim('channel');
	const ch = await optionsCall(ctx, 'getChannels', 'parameters.channelCode', {
		resource: 'product',
		operation: 'assignChannel',
	});
	sameMembers(
		ch.map((o) => o.value),
		channels.map((c) => c.code),
		'channel codes',
	);
	for (const c of channels)
		includes(
			ch.map((o) => o.name),
			c.name,
			'channel names',
		);

	const locales = await ctx.pim('locale');
	const lo = await optionsCall(ctx, 'getLocales', 'parameters.languageCode', create);
	sameMembers(
		lo.map((o) => o.value),
		locales.map((l) => l.code),
		'locale codes',
	);

	const attributes = (await ctx.pim('attribute?pagination[pageLimit]=1000')).record;
	const all = await optionsCall(
		ctx,
		'getAttributes',
		'parameters.attributes.attribute.code',
		create,
	);
	sameMembers(
		all.map((o) => o.value),
		attributes.map((a) => a.code),
		'attribute codes (no channel chosen)',
	);
	// A chosen channel does not narrow the list (the PIM accepts every attribute of the account),
	// and an expression in Channels, unresolved before a run, does not fail it.
	const am = await optionsCall(ctx, 'getAttributes', 'parameters.attributes.attribute.code', {
		...create,
		channels: { channel: [{ code: 'amazon' }] },
	});
	sameMembers(
		am.map((o) => o.value),
		attributes.map((a) => a.code),
		'attribute codes with channel amazon chosen',
	);
	const ex = await optionsCall(ctx, 'getAttributes', 'parameters.attributes.attribute.code', {
		...create,
		channels: { channel: [{ code: '={{ $json.Channel }}' }] },
	});
	eq(ex.length, attributes.length, 'attribute codes with Channels = {{ $json.Channel }}');

	const cats = (await ctx.pim('category?pagination[pageLimit]=1000')).record;
	const rc = await optionsCall(ctx, 'getCategories', 'parameters.categoryCode', {
		resource: 'product',
		operation: 'assignCategory',
		channelCode: '={{ $json.channel }}',
	});
	eq(
		rc.length,
		cats.length,
		'categories with Channel = {{ $json.channel }} (every category, labelled with its channel)',
	);
	const retail = channels.find((c) => c.code === 'retail');
	ok(
		rc.some((o) => o.name.endsWith(`(${retail.name})`)),
		`category labels name their channel (got ${rc
			.slice(0, 3)
			.map((o) => o.name)
			.join(', ')})`,
	);

	const tf = await optionsCall(
		ctx,
		'getFamilies',
		'parameters.filters.familyCode',
		{ event: 'productChanged', filters: {} },
		TRIGGER,
	);
	sameMembers(
		tf.map((o) => o.value),
		families.map((f) => f.code),
		'trigger family filter',
	);
	return `families ${fam.length}, channels ${ch.length}, locales ${lo.length}, attributes ${all.length}, categories ${rc.length}, trigger families ${tf.length}`;
}

/** Version 2's attribute mapper: the fields the editor loads (resource-mapper-fields endpoint). */
async function resourceMapper(ctx) {
	const attributes = (await ctx.pim('attribute?pagination[pageLimit]=1000')).record;
	const r = await ctx.api.post('/rest/dynamic-node-parameters/resource-mapper-fields', {
		nodeTypeAndVersion: { name: PIM, version: 2 },
		path: 'parameters.columns',
		methodName: 'getAttributeFields',
		currentNodeParameters: {
			resource: 'product',
			operation: 'upsert',
			channels: { channel: [{ code: '={{ $json.Channel }}' }] },
		},
		credentials: { pimApi: { id: ctx.cred.id, name: ctx.cred.name } },
	});
	const fields = r.fields;
	ok(Array.isArray(fields), `no fields in the answer: ${JSON.stringify(r).slice(0, 300)}`);
	sameMembers(
		fields.map((f) => f.id),
		attributes.map((a) => a.code),
		'mapper fields = attribute codes',
	);
	const color = fields.find((f) => f.id === 'color');
	eq([color.displayName, color.type], ['Color · Multi Select', 'array'], 'color field');
	eq(fields.find((f) => f.id === 'manu_date').type, 'dateTime', 'manu_date field type');
	return `${fields.length} fields (${fields
		.slice(0, 3)
		.map((f) => f.displayName)
		.join(', ')}, …)`;
}

function searchCall(ctx, methodName, path, filter, currentNodeParameters, paginationToken) {
	return ctx.api.post('/rest/dynamic-node-parameters/resource-locator-results', {
		nodeTypeAndVersion: { name: PIM, version: 1 },
		path,
		methodName,
		filter,
		paginationToken,
		currentNodeParameters,
		credentials: { pimApi: { id: ctx.cred.id, name: ctx.cred.name } },
	});
}

async function listSearch(ctx) {
	const products = (await ctx.pim('product?pagination[pageLimit]=1000')).record;
	const get = {
		resource: 'product',
		operation: 'get',
		productId: { __rl: true, mode: 'list', value: '' },
	};
	const sandal = await searchCall(ctx, 'searchProducts', 'parameters.productId', 'sandal', get);
	const expected = products.filter((p) => /sandal/i.test(p.name));
	ok(expected.length > 0, 'the sandbox has sandals');
	sameMembers(
		sandal.results.map((r) => r.value),
		expected.map((p) => String(p.id)),
		'search "sandal": product ids',
	);
	for (const p of expected)
		includes(
			sandal.results.map((r) => r.name),
			`${p.name} (${p.sku})`,
			'result labels',
		);
	const first = await searchCall(ctx, 'searchProducts', 'parameters.productId', '', get);
	eq(first.results.length, 100, 'first page without filter');
	eq(first.results[0].value, String(products[0].id), 'first result');
	ok(first.paginationToken, 'a pagination token for the next page');
	const second = await searchCall(
		ctx,
		'searchProducts',
		'parameters.productId',
		'',
		get,
		first.paginationToken,
	);
	eq(
		second.results.map((r) => r.value),
		products.slice(100, 200).map((p) => String(p.id)),
		'second page',
	);
	const fam = await searchCall(ctx, 'searchFamilies', 'parameters.familyId', 'home', {
		resource: 'family',
		operation: 'get',
	});
	eq(
		fam.results.map((r) => r.value),
		['4'],
		'search families "home"',
	);
	const cat = await searchCall(ctx, 'searchCategories', 'parameters.categoryId', 'sneakers', {
		resource: 'category',
		operation: 'getProducts',
	});
	sameMembers(
		cat.results.map((r) => r.value),
		['8', '28'],
		'search categories "sneakers"',
	);
	return `"sandal" -> ${sandal.results.length} products; paging 100 + ${second.results.length}; families, categories`;
}

// ---- trigger ---------------------------------------------------------------------------------

async function executions(ctx, workflowId) {
	const q = encodeURIComponent(JSON.stringify({ workflowId }));
	const data = await ctx.api.get(`/rest/executions?filter=${q}&limit=50`);
	return (data.results || []).filter((e) => e.workflowId === workflowId);
}

async function executionData(ctx, id) {
	const ex = await ctx.api.get(`/rest/executions/${id}`);
	const data = typeof ex.data === 'string' ? ctx.flatted.parse(ex.data) : ex.data;
	return { ex, data };
}

async function waitForExecution(ctx, workflowId, { after = new Set(), timeoutMs = 60000 } = {}) {
	const t0 = Date.now();
	for (;;) {
		const list = await executions(ctx, workflowId);
		const fresh = list.filter((e) => !after.has(String(e.id)));
		const done = fresh.find(
			(e) => e.finished || ['success', 'error', 'crashed', 'canceled'].includes(e.status),
		);
		if (done) return executionData(ctx, done.id);
		if (Date.now() - t0 > timeoutMs)
			throw new Error(
				`no finished execution of ${workflowId} after ${timeoutMs} ms (found ${fresh.length} unfinished)`,
			);
		await sleep(300);
	}
}

function runItems(data, node) {
	const runs = data.resultData.runData[node];
	ok(runs && runs.length, `node "${node}" did not run`);
	ok(!runs[0].error, `node "${node}" failed: ${runs[0].error && runs[0].error.message}`);
	return ((runs[0].data && runs[0].data.main && runs[0].data.main[0]) || []).map((i) => i.json);
}

/** The product(s) with the latest updated_at: what a manual trigger run shows. */
function latest(products) {
	const max = products.reduce((m, p) => (p.updated_at > m ? p.updated_at : m), '');
	const tied = products.filter((p) => p.updated_at === max);
	return tied[tied.length - 1];
}

/** Manual execution of the example trigger workflow, started as the editor does ("Execute workflow"). */
async function triggerManual(ctx, workflowId) {
	const wf = await ctx.api.get(`/rest/workflows/${workflowId}`);
	const runOnce = async () => {
		const before = new Set((await executions(ctx, workflowId)).map((e) => String(e.id)));
		const res = await ctx.api.post(`/rest/workflows/${workflowId}/run`, {
			workflowData: wf,
			triggerToStartFrom: { name: 'PIM Trigger' },
		});
		ok(res && res.executionId, `manual run started (got ${JSON.stringify(res)})`);
		const { data, ex } = await waitForExecution(ctx, workflowId, { after: before });
		eq(ex.mode, 'manual', 'execution mode');
		ok(
			!data.resultData.error,
			`execution error: ${data.resultData.error && data.resultData.error.message}`,
		);
		return data;
	};
	await ctx.admin('/reset', { method: 'POST' });
	const products = (await ctx.pim('product?pagination[pageLimit]=1000')).record;
	const expected = latest(products);
	const first = await runOnce();
	eq(
		runItems(first, 'PIM Trigger').map((p) => p.sku),
		[expected.sku],
		'manual run emits the latest changed product',
	);
	eq(
		runItems(first, 'Change summary'),
		[
			{
				sku: expected.sku,
				name: expected.name,
				family: expected.family,
				updated_at: expected.updated_at,
			},
		],
		'Change summary',
	);
	await ctx.admin('/accounts/demo/products/SKU-000077/touch', { method: 'POST', body: {} });
	const second = await runOnce();
	const emitted = runItems(second, 'PIM Trigger');
	eq(
		emitted.map((p) => p.sku),
		['SKU-000077'],
		'after touching SKU-000077 the manual run emits it',
	);
	const state = await ctx.admin('/accounts/demo/products/SKU-000077');
	eq(emitted[0].updated_at, state.updated_at, 'emitted updated_at');
	return `manual run: ${expected.sku} (latest), then SKU-000077 after a touch`;
}

async function setActive(ctx, workflowId, active) {
	return await ctx.api.setActive(workflowId, active);
}

/**
 * Activation (trigger mode) of a copy of the example with Emit Existing on and a family filter:
 * activation polls at once and emits the family's products; after touching one shoe and one
 * other product, deactivating and activating again emits only the shoe (the cursor was kept).
 */
async function triggerActivation(ctx, testId, exampleId) {
	await ctx.admin('/reset', { method: 'POST' });
	const shoes = (await ctx.pim('product?filter[family]=shoes&pagination[pageLimit]=1000')).record;
	ok(shoes.length > 0, 'the sandbox has shoes');
	const act = await setActive(ctx, testId, true);
	ok(act.active === true || act.activeVersionId, `workflow ${testId} active`);
	const { data: d1, ex: e1 } = await waitForExecution(ctx, testId);
	eq(e1.mode, 'trigger', 'execution mode');
	sameMembers(
		runItems(d1, 'PIM Trigger').map((p) => p.sku),
		shoes.map((p) => p.sku),
		'first poll emits the existing shoes',
	);
	const seen = new Set((await executions(ctx, testId)).map((e) => String(e.id)));
	const shoe = shoes[Math.floor(shoes.length / 2)].sku;
	await ctx.admin(`/accounts/demo/products/${shoe}/touch`, { method: 'POST', body: {} });
	await ctx.admin('/accounts/demo/products/SKU-000001/touch', { method: 'POST', body: {} });
	await sleep(500); // the static data (cursor) is saved asynchronously after the emit
	await setActive(ctx, testId, false);
	await setActive(ctx, testId, true);
	const { data: d2 } = await waitForExecution(ctx, testId, { after: seen });
	eq(
		runItems(d2, 'PIM Trigger').map((p) => p.sku),
		[shoe],
		'the next poll emits only the touched shoe',
	);
	await setActive(ctx, testId, false);

	// The example itself, as shipped (starts from now): activation polls once, emits nothing.
	await ctx.admin('/log', { method: 'DELETE' });
	const before = (await executions(ctx, exampleId)).length;
	await setActive(ctx, exampleId, true);
	// 2.x activates through a publication queue, a moment after the API call returns.
	const t0 = Date.now();
	let polled = [];
	while (!polled.length && Date.now() - t0 < 20000) {
		await sleep(250);
		polled = (await ctx.admin('/log')).filter(
			(r) => r.path === '/api/integration/product' && r.account === 'demo' && r.status === 200,
		);
	}
	ok(polled.length >= 1, 'activating the example polled the product list (within 20 s)');
	await sleep(1000);
	eq(
		(await executions(ctx, exampleId)).length,
		before,
		'no execution on the first poll of the example (it starts from now)',
	);
	await setActive(ctx, exampleId, false);
	return `activation emitted ${shoes.length} shoes; after a touch + re-activation only ${shoe}; example activates cleanly (polled, no execution)`;
}

module.exports = {
	resourceMapper,
	nodeTypes,
	icons,
	credentialTest,
	dropdowns,
	listSearch,
	triggerManual,
	triggerActivation,
	setActive,
	executions,
	waitForExecution,
	runItems,
};
