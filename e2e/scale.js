'use strict';
/**
 * The example "Export a catalogue of any size" at 150 000 products (above the 100 000 items n8n
 * can take from one input item), in `n8n start`: an active copy of the example whose manual
 * trigger is a webhook and whose end answers with a check of everything the slices returned,
 * so the 150 000 records never have to be printed or saved (executions are not saved). The
 * check is compared with the sandbox; the n8n process's memory is sampled during the run.
 */
const fs = require('node:fs');
const path = require('node:path');
const { ok, eq } = require('./assert');
const events = require('../harness/event-workflows');
const { rssOf } = require('../harness/process');
const { webhookReady } = events;

const HUGE_CRED = { id: 'pimHuge', name: 'PIM sandbox (150 000 products)' };
const HUGE = { domain: 'huge', token: 'huge-token', products: 150_000 };
const EXPORT_TEST = 'pimExportBigTest';
const TRIGGER_BIG = 'pimOnChangeBig';
const BURST_TEST = 'pimBurstTest';
const BURST_PATH = 'pim-burst-e2e';
const BURST_EVENTS = 60;
const WEBHOOK_PATH = 'pim-export-any-size-e2e';

// Runs in n8n's Code node: every record of every run of the slice node.
const CHECK_CODE = `const ids = [];
let slices = 0;
for (let run = 0; run < 1000; run++) {
  let slice;
  try { slice = $('Slice of products').all(0, run); } catch (error) { break; }
  if (!slice || slice.length === 0) break;
  slices++;
  for (const item of slice) ids.push(Number(item.json.id));
}
let sum = 0;
let squares = 0;
for (const id of ids) { sum += id; squares += id * id; }
const ordered = ids.every((id, i) => i === 0 || id > ids[i - 1]);
return [{ json: { records: ids.length, unique: new Set(ids).size, sum, squares, ordered, slices } }];`;

/** The example with a webhook instead of the manual trigger and a check answering the call. */
function exportTestWorkflow(examplesDir) {
	const wf = JSON.parse(
		fs.readFileSync(path.join(examplesDir, 'export-a-catalogue-of-any-size.json'), 'utf8'),
	);
	wf.id = EXPORT_TEST;
	wf.name = 'e2e: Export a catalogue of any size (150 000 products, webhook)';
	wf.settings = { ...wf.settings, saveDataSuccessExecution: 'none', saveManualExecutions: false };
	const trigger = wf.nodes.find((n) => n.type === 'n8n-nodes-base.manualTrigger');
	const triggerName = trigger.name;
	Object.assign(trigger, {
		name: 'Webhook',
		type: 'n8n-nodes-base.webhook',
		typeVersion: 2,
		webhookId: 'c1f5f4a2-2b7e-4c59-9d1e-5a0e8e1b7a10',
		parameters: {
			httpMethod: 'POST',
			path: WEBHOOK_PATH,
			responseMode: 'responseNode',
			options: {},
		},
	});
	wf.connections.Webhook = wf.connections[triggerName];
	delete wf.connections[triggerName];
	for (const node of wf.nodes) if (node.credentials) node.credentials.pimApi = HUGE_CRED;
	const done = wf.nodes.find((n) => n.name === 'Done');
	Object.assign(done, {
		name: 'Check',
		type: 'n8n-nodes-base.code',
		typeVersion: 2,
		parameters: { jsCode: CHECK_CODE },
	});
	wf.nodes.push({
		id: 'e2e-respond',
		name: 'Respond',
		type: 'n8n-nodes-base.respondToWebhook',
		typeVersion: 1.1,
		position: [done.position[0] + 240, done.position[1]],
		parameters: { respondWith: 'firstIncomingItem', options: {} },
	});
	const ifOut = wf.connections['Full slice?'].main[1];
	ifOut[0].node = 'Check';
	wf.connections.Check = { main: [[{ node: 'Respond', type: 'main', index: 0 }]] };
	return wf;
}

/** The trigger example (polls every minute, n8n's shortest) on the 150 000-product account. */
function triggerTestWorkflow(examplesDir) {
	const wf = JSON.parse(
		fs.readFileSync(path.join(examplesDir, 'react-to-product-changes.json'), 'utf8'),
	);
	wf.id = TRIGGER_BIG;
	wf.name = 'e2e: React to product changes (150 000 products, last update first)';
	const node = wf.nodes.find((n) => n.type === 'n8n-nodes-pim.pimTrigger');
	node.credentials.pimApi = HUGE_CRED;
	return wf;
}

/** One product update per event: a webhook (as a shop or ERP would call) → PIM Update (v1). */
function burstTestWorkflow() {
	return events.updateOnEventWorkflow({
		id: BURST_TEST,
		name: 'e2e: one product update per event (webhook burst)',
		path: BURST_PATH,
		webhookId: '6f0b7a51-3c2e-4f0e-9a57-2d1f7d3b9e42',
		credential: { id: 'pimSandbox', name: 'PIM sandbox (demo)' },
	});
}

/**
 * 60 events at once, each an execution that updates one product, against a PIM that allows 5
 * requests in flight (429 beyond) and takes 300 ms per request: every call answered 200, every
 * product updated, the refusals counted. One n8n process: all executions share the account's
 * limiter.
 */
async function webhookBurst(ctx) {
	await ctx.admin('/reset', { method: 'POST' });
	await ctx.setActive(ctx, BURST_TEST, true);
	const url = `${ctx.serverUrl}/webhook/${BURST_PATH}`;
	try {
		await webhookReady(url);
		await ctx.admin('/faults', {
			method: 'PUT',
			body: { latencyMs: 300, rateLimit: { maxConcurrent: 5 } },
		});
		await ctx.admin('/counters', { method: 'DELETE' });
		const skus = Array.from(
			{ length: BURST_EVENTS },
			(_, i) => `SKU-${String(i + 1).padStart(6, '0')}`,
		);
		const t0 = Date.now();
		const answers = await Promise.all(
			skus.map(async (sku) => {
				const res = await fetch(url, {
					method: 'POST',
					headers: { 'content-type': 'application/json' },
					body: JSON.stringify({ sku, name: `Burst ${sku}` }),
					signal: AbortSignal.timeout(120_000),
				});
				return { sku, status: res.status, text: await res.text() };
			}),
		);
		const ms = Date.now() - t0;
		const counters = await ctx.admin('/counters');
		const failed = answers.filter((a) => a.status !== 200);
		eq(
			failed.map((a) => `${a.sku}: ${a.status} ${a.text.slice(0, 120)}`),
			[],
			'every event answered 200',
		);
		for (const sku of skus) {
			const state = await ctx.admin(`/accounts/demo/products/${sku}`);
			eq(state.values.name, `Burst ${sku}`, `${sku} updated`);
		}
		const refused = counters.byStatus['429'] ?? 0;
		const puts = counters.byStatus['200'] ?? 0;
		eq(puts, BURST_EVENTS, 'one accepted update per event');
		ok(counters.maxInFlight <= 5, `at most 5 requests in flight (saw ${counters.maxInFlight})`);
		ok(refused <= 5, `at most a handful of 429s (saw ${refused})`);
		return `${BURST_EVENTS} events: all answered 200 and updated once, ${refused} refused with 429, max ${counters.maxInFlight} in flight, ${(ms / 1000).toFixed(1)} s (ideal ${((BURST_EVENTS / 5) * 0.3).toFixed(1)} s)`;
	} finally {
		await ctx.admin('/faults', { method: 'DELETE' });
		await ctx.setActive(ctx, BURST_TEST, false);
	}
}

/** The process and its children (n8n 2.x runs Code nodes in a task-runner child process). */
function treeOf(pid) {
	const pids = [pid];
	for (let i = 0; i < pids.length; i++) {
		try {
			for (const task of fs.readdirSync(`/proc/${pids[i]}/task`)) {
				const children = fs.readFileSync(`/proc/${pids[i]}/task/${task}/children`, 'utf8').trim();
				if (children) pids.push(...children.split(/\s+/).map(Number));
			}
		} catch {
			// the process ended meanwhile
		}
	}
	return pids;
}

function memory(pid) {
	const pids = treeOf(pid);
	return {
		main: rssOf(pid),
		tree: pids.reduce((sum, p) => sum + rssOf(p), 0),
		processes: pids.length,
	};
}

/** Every product of an account, read straight from the sandbox's API, page by page. */
async function sandboxProducts(sbUrl, { domain, token }) {
	const all = [];
	for (let page = 1; ; page++) {
		const res = await fetch(
			`${sbUrl}/api/integration/product?pagination[pageLimit]=1000&pagination[currentPage]=${page}`,
			{ headers: { token, 'x-domain': domain } },
		);
		const body = await res.json();
		ok(res.ok && body.status !== false, `sandbox product page ${page}: ${res.status}`);
		all.push(...body.data.record);
		if (body.data.record.length < 1000) return all;
	}
}

/**
 * ctx: { api, admin, sb, serverUrl, serverPid, setActive }. The account and the workflow copy
 * exist already (created with the credentials and workflows of the run).
 */
async function exportAnySize(ctx) {
	const t0 = Date.now();
	const account = await ctx.admin('/accounts', { method: 'POST', body: HUGE });
	eq(account.products, HUGE.products, 'sandbox account with 150 000 products');
	const expected = (await sandboxProducts(ctx.sb.url, HUGE)).map((p) => p.id);
	eq(expected.length, HUGE.products, 'records the sandbox lists');
	const seedMs = Date.now() - t0;

	await ctx.setActive(ctx, EXPORT_TEST, true);
	const url = `${ctx.serverUrl}/webhook/${WEBHOOK_PATH}`;
	// 2.x registers webhooks a moment after activation.
	await webhookReady(url);

	await ctx.admin('/log', { method: 'DELETE' });
	const before = memory(ctx.serverPid);
	const peak = { ...before };
	const sampler = setInterval(() => {
		const now = memory(ctx.serverPid);
		peak.main = Math.max(peak.main, now.main);
		peak.tree = Math.max(peak.tree, now.tree);
		peak.processes = Math.max(peak.processes, now.processes);
	}, 100);
	const started = Date.now();
	let check;
	try {
		const res = await fetch(url, { method: 'POST', signal: AbortSignal.timeout(600_000) });
		const text = await res.text();
		ok(res.ok, `export webhook answered ${res.status}: ${text.slice(0, 500)}`);
		check = JSON.parse(text);
	} finally {
		clearInterval(sampler);
		await ctx.setActive(ctx, EXPORT_TEST, false);
	}
	const ms = Date.now() - started;

	const sum = expected.reduce((a, id) => a + id, 0);
	const squares = expected.reduce((a, id) => a + id * id, 0);
	eq(
		check,
		{ records: HUGE.products, unique: HUGE.products, sum, squares, ordered: true, slices: 2 },
		'every record exported once, in order, in 2 slices (0 missing, 0 duplicated)',
	);
	const reads = (await ctx.admin('/log')).filter(
		(r) => r.path === '/api/integration/product' && r.account === HUGE.domain,
	);
	const pages = reads.map((r) => Number(r.query['pagination[currentPage]'])).sort((a, b) => a - b);
	eq(
		pages,
		Array.from({ length: 150 }, (_, i) => i + 1),
		'pages 1-150, each read once',
	);
	ok(
		reads.every((r) => r.status === 200 && r.query['pagination[pageLimit]'] === '1000'),
		'every page of 1000 answered 200',
	);
	const mb = (bytes) => `${Math.round(bytes / 1048576)} MB`;
	return `150 000 products in 2 slices, ${reads.length} requests, ${(ms / 1000).toFixed(1)} s (sandbox account ${(seedMs / 1000).toFixed(1)} s); n8n RSS ${mb(before.main)} before, peak ${mb(peak.main)} (with its ${peak.processes - 1} child process(es): ${mb(before.tree)} before, peak ${mb(peak.tree)})`;
}

/**
 * The PIM Trigger, active in n8n, on the 150 000-product account listed last update first: the
 * activation poll and the next scheduled one (within a minute) each read one page, not 150, and
 * the three products touched in between are emitted once. Runs after exportAnySize (which
 * creates the account).
 */
async function triggerLastUpdatedFirst(ctx) {
	await ctx.admin(`/accounts/${HUGE.domain}`, {
		method: 'PATCH',
		body: { listOrder: 'updated-desc' },
	});
	const productReads = async () =>
		(await ctx.admin('/log')).filter(
			(r) => r.path === '/api/integration/product' && r.account === HUGE.domain,
		);
	await ctx.admin('/log', { method: 'DELETE' });
	const seen = new Set((await ctx.executions(ctx, TRIGGER_BIG)).map((e) => String(e.id)));
	await ctx.setActive(ctx, TRIGGER_BIG, true);
	try {
		// Activation polls at once (and, starting from now, emits nothing).
		const t0 = Date.now();
		while ((await productReads()).length < 1) {
			ok(Date.now() - t0 < 20000, 'activation did not poll within 20 s');
			await new Promise((resolve) => setTimeout(resolve, 250));
		}
		const idle = await productReads();
		const skus = ['SKU-000007', 'SKU-075000', 'SKU-149999'];
		for (const sku of skus)
			await ctx.admin(`/accounts/${HUGE.domain}/products/${sku}/touch`, {
				method: 'POST',
				body: {},
			});
		// Usually one execution; a poll running during the touches may split them over two.
		const emitted = [];
		while (emitted.length < skus.length) {
			const { ex, data } = await ctx.waitForExecution(ctx, TRIGGER_BIG, {
				after: seen,
				timeoutMs: 90000,
			});
			seen.add(String(ex.id));
			emitted.push(...ctx.runItems(data, 'PIM Trigger').map((p) => p.sku));
		}
		eq(emitted.slice().sort(), skus.slice().sort(), 'the 3 touched products, each emitted once');
		const reads = await productReads();
		ok(
			reads.every((r) => r.query['pagination[currentPage]'] === '1'),
			`every poll read page 1 only (pages: ${[...new Set(reads.map((r) => r.query['pagination[currentPage]']))].join(',')})`,
		);
		return `activation poll ${idle.length} request, then ${reads.length - idle.length} for the scheduled poll(s) (each page 1 only; a whole read is 150 requests); the 3 touched products each emitted once`;
	} finally {
		await ctx.setActive(ctx, TRIGGER_BIG, false);
		await ctx.admin(`/accounts/${HUGE.domain}`, { method: 'PATCH', body: { listOrder: 'id' } });
	}
}

module.exports = {
	HUGE,
	sandboxProducts,
	HUGE_CRED,
	EXPORT_TEST,
	exportTestWorkflow,
	exportAnySize,
	triggerTestWorkflow,
	triggerLastUpdatedFirst,
	burstTestWorkflow,
	webhookBurst,
};
