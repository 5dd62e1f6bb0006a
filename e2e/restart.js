'use strict';
/**
 * The trigger survives a restart of n8n (issue #14, point 4), checked in a real n8n (`n8n start`):
 *
 *   activate a "start from now" trigger with a family filter (polls every minute)
 *   → the activation poll emits nothing; a shoe changes before the first scheduled poll
 *   → the next scheduled poll drops a filtered-out change (emits nothing)
 *   → a shoe changes after that poll, n8n stops, another shoe changes while it is down
 *   → n8n starts again on the same user folder; a fourth shoe changes after the restart
 *   ⇒ the four shoes are emitted, each exactly once, and nothing else.
 *
 * n8n saves a poll's static data when the poll emits and after the activation poll, not after a
 * poll that emits nothing: the cursor n8n holds at the stop is older than the one in memory
 * (see docs/operations.md, "PIM Trigger" → "Restarts of n8n").
 *
 * Environment (for the proofs in the report, not for regular runs):
 *   E2E_RESTART_CONTROL=wipe   empties the workflow's saved static data while n8n is stopped, as if
 *                              n8n had never saved the cursor: the check must then FAIL.
 *   E2E_RESTART_DURABLE=1      n8n 2.x: runs with durable poll cursors
 *                              (N8N_SCHEDULER_ENABLED, N8N_SCHEDULER_POLL_TRIGGERS_ENABLED,
 *                              N8N_POLLER_DURABLE_CURSORS_ENABLED).
 */
const path = require('node:path');
const n8n = require('../harness');
const editor = require('./editor');
const { ok, eq } = require('./assert');
const { pimTriggerNode } = require('../harness/event-workflows');

const WORKFLOW_NAME = 'e2e: trigger across a restart';
const TRIGGER = 'PIM Trigger';
const POLL_TIMEOUT_MS = 90000; // polls run every minute

const DURABLE_ENV = {
	N8N_SCHEDULER_ENABLED: 'true',
	N8N_SCHEDULER_POLL_TRIGGERS_ENABLED: 'true',
	N8N_POLLER_DURABLE_CURSORS_ENABLED: 'true',
};

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function workflowBody(cred) {
	return {
		name: WORKFLOW_NAME,
		active: false,
		nodes: [
			pimTriggerNode({
				id: 'restart-trigger',
				name: TRIGGER,
				credential: { id: cred.id, name: cred.name },
				filters: { familyCode: 'shoes' },
			}),
		],
		connections: {},
		settings: { executionOrder: 'v1' },
	};
}

/**
 * Runs SQL on n8n's SQLite database (n8n must be stopped to write). In a child process on n8n's own
 * Node: n8n's sqlite3 is a native module built for that Node (24 for n8n 2.x).
 */
async function sql(inst, userFolder, statement, params) {
	const script = `
		const sqlite3 = require(require.resolve('sqlite3', { paths: [process.argv[1]] }));
		const db = new sqlite3.Database(process.argv[2]);
		db.all(process.argv[3], JSON.parse(process.argv[4]), (err, rows) => {
			if (err) { console.error(err.message); process.exit(1); }
			process.stdout.write(JSON.stringify(rows || []));
			db.close();
		});`;
	const r = await n8n.run(inst.nodeBin, [
		'-e',
		script,
		path.join(inst.dir, 'node_modules', 'n8n'),
		path.join(userFolder, '.n8n', 'database.sqlite'),
		statement,
		JSON.stringify(params),
	]);
	return JSON.parse(r.stdout);
}

async function savedStaticData(inst, userFolder, workflowId) {
	const rows = await sql(inst, userFolder, 'SELECT staticData FROM workflow_entity WHERE id = ?', [
		workflowId,
	]);
	const raw = rows[0] && rows[0].staticData;
	return raw ? JSON.parse(raw) : null;
}

/**
 * ctx: { folder (harness N8nFolder, package and credential in place), inst, owner, cred, sb, pim,
 *   flatted, log }.
 * Returns a one-line summary; throws when a change is missed or emitted twice.
 */
async function triggerSurvivesRestart(ctx) {
	const control = process.env.E2E_RESTART_CONTROL === 'wipe';
	const durable = process.env.E2E_RESTART_DURABLE === '1';
	const env = { N8N_LOG_LEVEL: 'debug', ...(durable ? DURABLE_ENV : {}) };
	const start = () => ctx.folder.start({ env });
	/** Logs in; returns the context editor.js's helpers take. */
	const login = async (server) => ({ api: await server.login(ctx.owner), flatted: ctx.flatted });
	const admin = ctx.sb.admin;
	const touch = async (sku) =>
		(await admin(`/accounts/demo/products/${sku}/touch`, { method: 'POST', body: {} })).updated_at;
	// A poll of this workflow ends with its family filter reading the family list.
	const polls = async () =>
		(await admin('/log')).filter(
			(r) => r.path === '/api/integration/family' && r.account === 'demo' && r.status === 200,
		).length;
	const waitForPoll = async (after, what) => {
		const t0 = Date.now();
		while ((await polls()) <= after) {
			ok(Date.now() - t0 < POLL_TIMEOUT_MS, `${what}: no poll within ${POLL_TIMEOUT_MS} ms`);
			await sleep(250);
		}
		await sleep(2000); // the poll's emit, its execution and n8n's save of the static data
		return polls();
	};
	/** Every item the trigger emitted in the workflow's executions, once they have all finished. */
	const emitted = async (ectx) => {
		for (const t0 = Date.now(); ; ) {
			const list = await editor.executions(ectx, workflowId);
			const done = list.every(
				(e) => e.finished || ['success', 'error', 'crashed', 'canceled'].includes(e.status),
			);
			if (done) {
				const skus = [];
				for (const e of list) {
					const ex = await ectx.api.get(`/rest/executions/${e.id}`);
					const data = typeof ex.data === 'string' ? ctx.flatted.parse(ex.data) : ex.data;
					ok(!data.resultData.error, `execution ${e.id} failed: ${data.resultData.error?.message}`);
					skus.push(...editor.runItems(data, TRIGGER).map((p) => p.sku));
				}
				return skus;
			}
			ok(Date.now() - t0 < 30000, `executions of ${workflowId} still running after 30 s`);
			await sleep(300);
		}
	};

	await admin('/reset', { method: 'POST' });
	const shoes = (await ctx.pim('product?filter[family]=shoes&pagination[pageLimit]=1000')).record;
	ok(shoes.length >= 3, 'the sandbox has at least 3 shoes');
	const [afterActivation, beforeStop, whileDown, afterStart] = [0, 1, 2, 3].map(
		(i) => shoes[Math.floor(((i + 1) * shoes.length) / 5)].sku,
	);
	const others = (await ctx.pim('product?pagination[pageLimit]=50')).record.filter(
		(p) => !shoes.some((s) => s.sku === p.sku),
	);
	ok(others.length >= 3, 'the sandbox has products of other families');

	let server = await start();
	let workflowId;
	let cursorAtStop;
	const notes = [];
	try {
		let ectx = await login(server);
		workflowId = (await ectx.api.post('/rest/workflows', workflowBody(ctx.cred))).id;

		// 1. Activation: the first poll starts from now and emits nothing.
		await admin('/log', { method: 'DELETE' });
		await editor.setActive(ectx, workflowId, true);
		let n = await waitForPoll(0, 'activation poll');
		eq(await emitted(ectx), [], 'the activation poll emits nothing (it starts from now)');
		await touch(afterActivation);
		await touch(others[0].sku);
		n = await waitForPoll(n, 'first scheduled poll');
		eq(
			await emitted(ectx),
			[afterActivation],
			'the first scheduled poll emits the shoe changed after the activation',
		);

		// 2. A scheduled poll whose only change the family filter drops: it emits nothing.
		await touch(others[1].sku);
		n = await waitForPoll(n, 'scheduled poll after a filtered-out change');
		eq(
			await emitted(ectx),
			[afterActivation],
			'a poll whose changes the filter drops emits nothing',
		);

		// 3. A shoe changes after that poll; n8n stops before it polls again.
		await touch(beforeStop);
		await server.stop();
		server = null;
		cursorAtStop = await savedStaticData(ctx.inst, ctx.folder.userFolder, workflowId);
		notes.push(`saved at stop: ${JSON.stringify(cursorAtStop)}`);

		// 4. While n8n is down: a shoe and a product of another family change.
		await touch(whileDown);
		await touch(others[2].sku);
		if (control)
			await sql(
				ctx.inst,
				ctx.folder.userFolder,
				'UPDATE workflow_entity SET staticData = NULL WHERE id = ?',
				[workflowId],
			);

		// 5. n8n starts again on the same user folder; a shoe changes after the restart.
		await admin('/log', { method: 'DELETE' });
		server = await start();
		ectx = await login(server);
		n = await waitForPoll(0, 'first poll after the restart');
		await touch(afterStart);
		await waitForPoll(n, 'scheduled poll after the restart');

		const got = await emitted(ectx);
		const want = [afterActivation, beforeStop, whileDown, afterStart];
		eq(
			got.slice().sort(),
			want.slice().sort(),
			`each change emitted exactly once (got ${JSON.stringify(got)}; ${notes.join('; ')})`,
		);
		await editor.setActive(ectx, workflowId, false);
		return `${durable ? 'durable poll cursors; ' : ''}${want.join(', ')} (changed after the activation, before the stop, while down, after the restart) each emitted once; ${(await editor.executions(ectx, workflowId)).length} executions; ${notes.join('; ')}`;
	} finally {
		if (server) await server.stop();
	}
}

module.exports = { triggerSurvivesRestart, DURABLE_ENV };
