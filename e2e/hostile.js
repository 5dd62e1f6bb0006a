'use strict';
/**
 * A hostile or misconfigured PIM in real n8n (#21): one server whose behaviour follows the
 * account (`x-domain`) — `redirect` answers every request with a redirect to another origin,
 * `endless` lists full pages of new records forever without recordsTotal — and the other origin,
 * which records every request it gets. Checked with `n8n execute` (a list and an Update on the
 * redirecting account, Return All on the endless one) and through the editor's credential test.
 */
const http = require('node:http');
const { ok, eq } = require('./assert');
const { attributes, productWrite } = require('../harness/product-write');

const TOKEN = 'e2e-hostile-token-must-stay-home';
const CREDS = {
	redirect: { id: 'pimHostileRedir', name: 'Hostile PIM (redirects away)' },
	endless: { id: 'pimHostileEndls', name: 'Hostile PIM (endless list)' },
};
const WORKFLOW = 'pimHostile';

function envelope(res, data) {
	res.writeHead(200, { 'content-type': 'application/json' });
	res.end(JSON.stringify({ status: true, message: 'ok', data, status_code: 200 }));
}

function listen(handler) {
	return new Promise((resolve) => {
		const server = http.createServer(handler);
		server.listen(0, '127.0.0.1', () => resolve(server));
	});
}

/** Starts the PIM's origin and the other origin; `stop()` closes both. */
async function start() {
	const atPim = [];
	const atElsewhere = [];
	const elsewhere = await listen((req, res) => {
		atElsewhere.push({ method: req.method, url: req.url, headers: req.headers });
		req.resume();
		// Answers like a PIM: a client that followed the redirect would succeed here.
		envelope(res, { record: [{ id: 1, sku: 'ELSEWHERE' }], recordsTotal: 1 });
	});
	const elsewhereUrl = `http://127.0.0.1:${elsewhere.address().port}`;
	const pim = await listen((req, res) => {
		atPim.push({ method: req.method, url: req.url, domain: req.headers['x-domain'] });
		req.resume();
		const url = new URL(req.url, 'http://x');
		if (req.headers['x-domain'] === 'redirect') {
			res.writeHead(req.method === 'GET' ? 302 : 307, {
				location: `${elsewhereUrl}${url.pathname}${url.search}`,
			});
			return res.end();
		}
		const page = Number(url.searchParams.get('pagination[currentPage]') || 1);
		const limit = Number(url.searchParams.get('pagination[pageLimit]') || 100);
		const record = Array.from({ length: limit }, (_, i) => {
			const id = (page - 1) * limit + i + 1;
			return { id, sku: `ENDLESS-${id}`, code: `e${id}`, title: `E ${id}` };
		});
		envelope(res, { record, currentPage: page, pageLimit: limit });
	});
	const url = `http://127.0.0.1:${pim.address().port}`;
	return {
		url,
		elsewhereUrl,
		atPim,
		atElsewhere,
		/** Credentials for n8n import:credentials. */
		credentials() {
			return Object.entries(CREDS).map(([domain, cred]) => ({
				...cred,
				type: 'pimApi',
				data: { baseUrl: url, domain, token: TOKEN, allowHttp: false },
			}));
		},
		async stop() {
			for (const server of [pim, elsewhere]) {
				server.closeAllConnections();
				await new Promise((resolve) => server.close(resolve));
			}
		},
	};
}

/** Manual trigger → a list and an Update on the redirecting account, Return All on the endless one. */
function workflow() {
	const pimNode = (name, y, credential, parameters, typeVersion = 2) => ({
		id: `hostile-${name.toLowerCase().replace(/\W+/g, '-')}`,
		name,
		type: 'n8n-nodes-pim.pim',
		typeVersion,
		position: [260, y],
		onError: 'continueRegularOutput',
		parameters,
		credentials: { pimApi: credential },
	});
	return {
		id: WORKFLOW,
		name: 'e2e: a hostile PIM (redirects away, endless list)',
		nodes: [
			{
				id: 'hostile-start',
				name: 'Start',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			pimNode('List redirected', -150, CREDS.redirect, {
				resource: 'product',
				operation: 'getAll',
				returnAll: true,
			}),
			pimNode(
				'Update redirected',
				0,
				CREDS.redirect,
				productWrite('update', { sku: 'A-1', attributes: attributes({ name: 'Renamed' }) }),
				1,
			),
			pimNode('Endless list', 150, CREDS.endless, {
				resource: 'product',
				operation: 'getAll',
				returnAll: true,
				options: { pageSize: 1000 },
			}),
		],
		connections: {
			Start: {
				main: [
					[
						{ node: 'List redirected', type: 'main', index: 0 },
						{ node: 'Update redirected', type: 'main', index: 0 },
						{ node: 'Endless list', type: 'main', index: 0 },
					],
				],
			},
		},
		settings: { executionOrder: 'v1' },
	};
}

function errorOf(run, node) {
	const task = run.data.resultData.runData[node];
	ok(task, `node "${node}" did not run`);
	const items = task[0].data.main[0];
	eq(items.length, 1, `"${node}": one error item`);
	return String(items[0].json.error || '');
}

/** Runs the workflow with `n8n execute` and checks what each node and each origin saw. */
async function verify({ execute, hostile, cliText }) {
	hostile.atPim.length = 0;
	hostile.atElsewhere.length = 0;
	const { run } = await execute(WORKFLOW);
	const elsewhereOrigin = new URL(hostile.elsewhereUrl).origin;
	for (const node of ['List redirected', 'Update redirected']) {
		const message = errorOf(run, node);
		ok(
			message.includes(`The PIM redirected the request to another address (${elsewhereOrigin})`),
			`"${node}" says where it was redirected: "${message}"`,
		);
	}
	eq(hostile.atElsewhere.length, 0, 'requests received by the other origin');
	const endless = errorOf(run, 'Endless list');
	ok(
		/The list has more than 100000 records/.test(endless),
		`the endless list stops at the bound: "${endless}"`,
	);
	const endlessPages = hostile.atPim.filter((r) => r.domain === 'endless').length;
	ok(endlessPages >= 101 && endlessPages <= 106, `endless list: ${endlessPages} pages read`);
	const text = JSON.stringify(run) + cliText();
	ok(!text.includes(TOKEN), 'the token appears in the run or the n8n output');
	return `redirects not followed (other origin: 0 requests), endless list stopped after ${endlessPages} pages, token in no output`;
}

/** The editor's credential test on the redirecting account: fails, and the other origin sees nothing. */
async function credentialTest(ectx, hostile) {
	hostile.atElsewhere.length = 0;
	const [cred] = hostile.credentials();
	const result = await ectx.api.post('/rest/credentials/test', {
		credentials: { id: cred.id, name: cred.name, type: 'pimApi', data: cred.data },
	});
	eq(result.status, 'Error', 'credential test against a redirect to another origin');
	eq(hostile.atElsewhere.length, 0, 'requests received by the other origin');
	ok(!JSON.stringify(result).includes(TOKEN), 'the token appears in the test result');
	return `Error: "${result.message}"; other origin: 0 requests`;
}

module.exports = { start, workflow, verify, credentialTest, WORKFLOW, TOKEN };
