'use strict';
/**
 * n8n queue mode (issue #14): `npm run test:e2e -- --queue [--versions …]`.
 *
 * For each n8n version: Redis and PostgreSQL (harness/services.js: Debian's `redis-server` and
 * `postgresql` as processes of their own, data in a temporary folder), one n8n main
 * and two workers (`n8n worker`, 10 executions each) sharing them, the packed package installed in
 * every process's nodes folder as a Community Nodes install puts it, and the sandbox limited to a
 * fixed rate and 5 requests in flight. Then:
 *   - a burst of 200 webhook events, one product update each;
 *   - an import of 2 500 rows (Create or Update) as 10 concurrent executions of 250 rows;
 *   - an active PIM Trigger (polls on the main process): the changes it finds start one
 *     execution, which a worker runs;
 *   - four catalogue files imported at once (Import File, one execution each, on the workers)
 *     against one account at 50 requests/s, then the same files again (every row unchanged).
 * Every call must answer 200, every product be written exactly once (the sandbox's state), 429s
 * are counted, and the import must reach 80 % of the allowed rate (the files: 70 % while they
 * write together, see FILES). Each worker has its own limiter
 * per account: what keeps the two under the PIM's limit is the adaptive window (limiter.ts).
 */
const fs = require('node:fs');
const http = require('node:http');
const os = require('node:os');
const path = require('node:path');
const n8n = require('../harness');
const { ok, eq } = require('./assert');
const {
	webhookNode,
	updateOnEventWorkflow,
	pimTriggerNode,
	webhookReady,
} = require('../harness/event-workflows');
const { autoMap, channels, productWrite } = require('../harness/product-write');
const editor = require('./editor');
const { sandboxProducts } = require('./scale');

const ENCRYPTION_KEY = 'e2e-queue-n8n-nodes-pim-key';
const CRED = n8n.credentialRef();
const WORKERS = 2;
const WORKER_CONCURRENCY = 10;
const SEEDED = 2500;
const EVENTS = 200;
const ROWS = 2500;
const SLICES = 10;
// The PIM: a token bucket of RATE requests/s and 5 in flight, 429 + Retry-After beyond.
const RATE = 100;
const LATENCY_MS = 10;
// The import's PIM allows IMPORT_RATE requests/s, so that its share measures how the workers
// pace themselves: at 100/s the 5 in flight would bound it first (5 ÷ a request's time; n8n
// 2.41.1 opens a connection per request, some 50 ms on 2 cores beside the workers).
const IMPORT_RATE = 50;

const { sleep } = n8n;
// Four suppliers' catalogue files at once (#62): Import File on the workers, one account at
// FILE_RATE requests/s. E2E_QUEUE_FILE_ROWS: the rows of each file (500, for CI's time; #62's
// goal is measured with 25 000: bench/RESULTS.md, "Faults on the writes"). n8n gives the four
// executions to the workers as they take them, two and two or three and one; the worker left
// alone at the end writes at the share its pace learned until the pace's climb finds the freed
// one (about 20 s flat, then a minute to double: limiter.ts), a third of a 500-row run after a
// three-and-one split. So the check asks a share of the rate while the four files write together
// (from the first write to the end of the first file to finish: both workers share the account
// then), and prints the whole run's share beside it. That share depends on the paces each worker
// learned first (83–103 % in runs of 2026-12-03): the check is a floor that a broken limiter (a
// worker starved, the account's requests one at a time) falls through, FILES_TOGETHER; the goal
// itself, the whole run at ≥ 85 % whatever the split, is #73's, measured by its bench.
const FILES_TOGETHER = 0.7;
const FILES = 4;
const FILE_ROWS = Number(process.env.E2E_QUEUE_FILE_ROWS) || 500;
const FILE_RATE = 50;

/** The workflows: one update per event, an import slice per call, the trigger. */
function workflows() {
	const credentials = { pimApi: CRED };
	return [
		updateOnEventWorkflow({
			id: 'queueBurst',
			name: 'queue: one product update per event',
			path: 'queue-burst',
			webhookId: '0d4f0c1e-7d4e-4a53-9f0e-6f7f3f1a2b01',
			credential: CRED,
			// Answered on receipt: in queue mode n8n's main sometimes never relays a worker's
			// last-node answer (seen in 2 of 6 runs, both versions, every execution finished); the
			// updates themselves are counted at the PIM below.
			responseMode: 'onReceived',
		}),
		{
			id: 'queueImport',
			name: 'queue: import a slice of rows (create or update)',
			active: false,
			nodes: [
				webhookNode('qi-webhook', 'queue-import', '0d4f0c1e-7d4e-4a53-9f0e-6f7f3f1a2b02'),
				{
					id: 'qi-rows',
					name: 'Rows',
					type: 'n8n-nodes-base.splitOut',
					typeVersion: 1,
					position: [240, 0],
					parameters: { fieldToSplitOut: 'body.rows', options: {} },
				},
				{
					id: 'qi-upsert',
					name: 'Create or update product',
					type: 'n8n-nodes-pim.pim',
					typeVersion: 2,
					position: [480, 0],
					parameters: productWrite('upsert', {
						channels: channels({ code: 'web', status: true }),
						columns: autoMap(),
						mappingOptions: { fieldsToIgnore: 'family' },
					}),
					credentials,
				},
				{
					id: 'qi-count',
					name: 'Count',
					type: 'n8n-nodes-base.summarize',
					typeVersion: 1.1,
					position: [720, 0],
					parameters: {
						fieldsToSummarize: { values: [{ aggregation: 'count', field: 'sku' }] },
						options: {},
					},
				},
			],
			connections: {
				Webhook: { main: [[{ node: 'Rows', type: 'main', index: 0 }]] },
				Rows: { main: [[{ node: 'Create or update product', type: 'main', index: 0 }]] },
				'Create or update product': { main: [[{ node: 'Count', type: 'main', index: 0 }]] },
			},
			settings: { executionOrder: 'v1', saveDataSuccessExecution: 'none' },
		},
		{
			id: 'queueFiles',
			name: 'queue: import a catalogue file (Import File)',
			active: false,
			nodes: [
				webhookNode('qf-webhook', 'queue-files', '0d4f0c1e-7d4e-4a53-9f0e-6f7f3f1a2b03'),
				{
					id: 'qf-read',
					name: 'Read file',
					type: 'n8n-nodes-base.readWriteFile',
					typeVersion: 1,
					position: [240, 0],
					parameters: { fileSelector: '={{ $json.body.file }}', options: {} },
				},
				{
					id: 'qf-import',
					name: 'Import catalogue file',
					type: 'n8n-nodes-pim.pim',
					typeVersion: 2.1,
					position: [480, 0],
					parameters: {
						resource: 'product',
						operation: 'importFile',
						binaryPropertyName: 'data',
						skuColumn: 'sku',
						familyColumn: 'family',
						languageCode: 'en_US',
						channels: channels({ code: 'web', status: true }),
						upsertOptions: {},
					},
					credentials,
				},
			],
			connections: {
				Webhook: { main: [[{ node: 'Read file', type: 'main', index: 0 }]] },
				'Read file': { main: [[{ node: 'Import catalogue file', type: 'main', index: 0 }]] },
			},
			settings: { executionOrder: 'v1', saveDataSuccessExecution: 'none' },
		},
		{
			id: 'queueTrigger',
			name: 'queue: react to product changes',
			active: false,
			nodes: [pimTriggerNode({ id: 'qt-trigger', credential: CRED })],
			connections: {},
			settings: { executionOrder: 'v1' },
		},
	];
}

/**
 * POSTs a JSON body and reads the answer, however late within `timeoutMs` (node:http: fetch gives
 * up waiting for an answer's headers after 5 minutes, and a webhook answering from its last node
 * answers when the import is done).
 */
function postJson(url, body, timeoutMs = 300000) {
	return new Promise((resolve, reject) => {
		const req = http.request(
			url,
			{
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				signal: AbortSignal.timeout(timeoutMs),
			},
			(res) => {
				const chunks = [];
				res.on('data', (chunk) => chunks.push(chunk));
				res.on('error', reject);
				res.on('end', () =>
					resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString('utf8') }),
				);
			},
		);
		req.on('error', reject);
		req.end(JSON.stringify(body));
	});
}

/**
 * The PIM's log read every few seconds while a run goes on (it keeps its last 20 000 requests):
 * `stop()` reads the rest and gives each request as { at (when it arrived, ms), status, write }.
 * A gap in the log's sequence (requests it let go before they were read) fails the check.
 */
function watchLog(sb, everyMs = 5000) {
	const seen = [];
	let since = 0;
	let gap = false;
	let failed;
	const read = async () => {
		for (const r of await sb.admin(`/log?since=${since}`)) {
			if (since > 0 && r.seq !== since + 1) gap = true;
			since = r.seq;
			const write = /^(POST|PUT)$/.test(r.method);
			const file = write ? /FILE(\d+)-/.exec(r.rawBody)?.[1] : undefined;
			seen.push({ at: r.arrivedAt, status: r.status, write, file });
		}
	};
	let reading = Promise.resolve();
	const timer = setInterval(() => {
		reading = reading.then(read).catch((e) => {
			failed ??= e;
		});
	}, everyMs);
	return {
		stop: async () => {
			clearInterval(timer);
			await reading;
			if (failed) throw failed;
			await read();
			ok(!gap, 'the PIM log was read before it let requests go');
			return seen;
		},
	};
}

/**
 * The requests the PIM accepted from the first write it accepted to the last, a second: #62's
 * throughput (the files' catalogue reads before the first write, the answers after the last, not
 * counted); undefined when nothing was written.
 */
function writeSpan(requests) {
	const writes = requests.filter((r) => r.write && r.status === 200).map((r) => r.at);
	if (writes.length === 0) return undefined;
	const first = writes.reduce((a, b) => Math.min(a, b));
	const last = writes.reduce((a, b) => Math.max(a, b));
	const accepted = requests.filter((r) => r.status === 200 && r.at >= first && r.at <= last);
	const seconds = (last - first) / 1000;
	return { seconds, writes: writes.length, rate: accepted.length / seconds };
}

/**
 * The requests the PIM accepted a second while every file was writing: from the first write
 * accepted to the last write of the file that finished first.
 */
function togetherRate(requests) {
	const lastOf = new Map();
	let first = Infinity;
	for (const r of requests) {
		if (!r.file || r.status !== 200) continue;
		first = Math.min(first, r.at);
		lastOf.set(r.file, Math.max(lastOf.get(r.file) ?? 0, r.at));
	}
	const end = Math.min(...lastOf.values());
	const accepted = requests.filter((r) => r.status === 200 && r.at >= first && r.at <= end);
	return { seconds: (end - first) / 1000, rate: (accepted.length * 1000) / (end - first) };
}

/** Each file's writes accepted, from the first to the last, in s after `t0`: "1: 0.9–46.6 s". */
function fileSpans(requests, t0) {
	const spans = new Map();
	for (const r of requests) {
		if (!r.file || r.status !== 200) continue;
		const span = spans.get(r.file) ?? [r.at, r.at];
		spans.set(r.file, [Math.min(span[0], r.at), Math.max(span[1], r.at)]);
	}
	return [...spans]
		.sort(([a], [b]) => Number(a) - Number(b))
		.map(
			([file, [a, b]]) =>
				`${file}: ${((a - t0) / 1000).toFixed(1)}–${((b - t0) / 1000).toFixed(1)} s`,
		)
		.join(', ');
}

/** Executions the workers ran, from their logs (the main runs none of them). */
function workerRuns(workers) {
	return workers.map(
		(w) =>
			(w.logs().match(/Worker (started|finished) execution|Start job|started execution/gi) || [])
				.length,
	);
}

/** The whole queue-mode check for one n8n version, as checks of `suite` (e2e/run.js's Suite). */
async function runQueue(version, suite, { tarball, outDir, log }) {
	const inst = await n8n.ensureN8n(version, { log });
	const flatted = require(
		require.resolve('flatted', { paths: [path.join(inst.dir, 'node_modules', 'n8n')] }),
	);
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pim-queue-'));
	fs.chmodSync(dir, 0o755);
	const stopAll = [];
	try {
		let services;
		const up = await suite.check('redis + postgresql (own processes, temporary data)', async () => {
			services = await n8n.startQueueServices(dir, { log });
			stopAll.unshift(() => services.stop());
		});
		if (!up) return;

		const sb = await n8n.startSandbox({ products: SEEDED, log });
		stopAll.unshift(() => sb.stop());
		// The suppliers' files, where every process may read them.
		const filesDir = path.join(outDir, 'queue', 'files');
		fs.rmSync(filesDir, { recursive: true, force: true });
		fs.mkdirSync(filesDir, { recursive: true });
		// Main and workers: one user folder each, the same database, queue and encryption key.
		const folders = ['main', ...Array.from({ length: WORKERS }, (_, i) => `worker${i + 1}`)].map(
			(name) => {
				const userFolder = path.join(outDir, 'queue', name);
				fs.rmSync(userFolder, { recursive: true, force: true });
				return new n8n.N8nFolder({
					version,
					userFolder,
					env: {
						...services.env,
						...n8n.FILES_ENV(filesDir),
						N8N_CONCURRENCY_PRODUCTION_LIMIT: String(WORKER_CONCURRENCY),
					},
					encryptionKey: ENCRYPTION_KEY,
					log,
				});
			},
		);
		await suite.check(
			`package installed in the nodes folder of main + ${WORKERS} workers`,
			async () => {
				for (const folder of folders) await folder.installPackage({ tarball });
			},
		);
		const imported = await suite.check(
			'import credential and workflows into postgres',
			async () => {
				await folders[0].importCredentials([n8n.sandboxCredential(sb)]);
				await folders[0].importWorkflows(workflows());
			},
		);
		if (!imported) return;

		let main;
		const workers = [];
		const started = await suite.check(`n8n main + ${WORKERS} workers (queue mode)`, async () => {
			main = await folders[0].start({ logFile: path.join(outDir, 'queue-main.log') });
			stopAll.unshift(() => main.stop());
			for (let i = 1; i <= WORKERS; i++) {
				const w = await folders[i].start({
					command: 'worker',
					env: { N8N_LOG_LEVEL: 'debug' },
					logFile: path.join(outDir, `queue-worker${i}.log`),
				});
				stopAll.unshift(() => w.stop());
				workers.push(w);
			}
			return `main ${main.url}, ${WORKERS} workers × ${WORKER_CONCURRENCY}`;
		});
		if (!started) return;

		const api = await main.login();
		const ctx = { api, flatted };
		const limited = { latencyMs: LATENCY_MS, rateLimit: { rps: RATE, maxConcurrent: 5 } };
		const counters = () => sb.admin('/counters');

		await suite.check(
			`burst: ${EVENTS} webhook events at once, one update each (workers)`,
			async () => {
				await editor.setActive(ctx, 'queueBurst', true);
				const url = `${main.url}/webhook/queue-burst`;
				await webhookReady(url);
				await sb.admin('/faults', { method: 'PUT', body: limited });
				await sb.admin('/counters', { method: 'DELETE' });
				const before = workerRuns(workers);
				const skus = Array.from(
					{ length: EVENTS },
					(_, i) => `SKU-${String(i + 1).padStart(6, '0')}`,
				);
				const t0 = Date.now();
				const answers = await Promise.all(
					skus.map((sku) =>
						postJson(url, { sku, name: `Queue ${sku}` }).then((a) => ({ sku, ...a })),
					),
				);
				// Every event's update has landed when the PIM has accepted one per event; a second
				// later there must be no more (no event updated twice).
				let c = await counters();
				for (; (c.byStatus['200'] ?? 0) < EVENTS && Date.now() - t0 < 180_000; await sleep(250))
					c = await counters();
				const ms = Date.now() - t0;
				await sleep(1000);
				c = await counters();
				await sb.admin('/faults', { method: 'DELETE' });
				await editor.setActive(ctx, 'queueBurst', false);
				eq(
					answers
						.filter((a) => a.status !== 200)
						.map((a) => `${a.sku}: ${a.status} ${a.text.slice(0, 200)}`),
					[],
					'every event received (200)',
				);
				for (const sku of skus) {
					const p = await sb.admin(`/accounts/demo/products/${sku}`);
					eq(p.values.name, `Queue ${sku}`, `${sku} updated`);
				}
				eq(c.byStatus['200'] ?? 0, EVENTS, 'one accepted update per event');
				const ran = workerRuns(workers).map((n, i) => n - before[i]);
				ok(
					ran.every((n) => n > 0),
					`both workers ran executions (log lines per worker: ${ran.join(', ')})`,
				);
				return `${EVENTS} received (200), each product updated once, ${c.byStatus['429'] ?? 0} refused with 429, max ${c.maxInFlight} in flight, ${(ms / 1000).toFixed(1)} s (${(EVENTS / (ms / 1000)).toFixed(0)} executions/s)`;
			},
		);

		await suite.check(
			`import: ${ROWS} rows, Create or Update, ${SLICES} concurrent executions (PIM: ${IMPORT_RATE} requests/s, 5 in flight)`,
			async () => {
				await editor.setActive(ctx, 'queueImport', true);
				const url = `${main.url}/webhook/queue-import`;
				await webhookReady(url);
				// Half the rows update seeded products, half create new ones.
				const rows = Array.from({ length: ROWS }, (_, i) => ({
					sku:
						i < ROWS / 2
							? `SKU-${String(SEEDED - i).padStart(6, '0')}`
							: `QUEUE-${String(i).padStart(5, '0')}`,
					family: 'shoes',
					name: `Imported ${i}`,
				}));
				await sb.admin('/faults', {
					method: 'PUT',
					body: { ...limited, rateLimit: { ...limited.rateLimit, rps: IMPORT_RATE } },
				});
				await sb.admin('/counters', { method: 'DELETE' });
				const per = ROWS / SLICES;
				const t0 = Date.now();
				const answers = await Promise.all(
					Array.from({ length: SLICES }, (_, s) =>
						postJson(url, { rows: rows.slice(s * per, (s + 1) * per) }),
					),
				);
				const seconds = (Date.now() - t0) / 1000;
				const c = await counters();
				await sb.admin('/faults', { method: 'DELETE' });
				await editor.setActive(ctx, 'queueImport', false);
				eq(
					answers.filter((a) => a.status !== 200).map((a) => `${a.status} ${a.text.slice(0, 300)}`),
					[],
					'every slice answered 200 (no error item)',
				);
				for (const a of answers)
					eq(JSON.parse(a.text).count_sku, per, 'each slice wrote all its rows');
				const products = await sandboxProducts(sb.url, n8n.DEMO_ACCOUNT);
				const bySku = new Map();
				for (const p of products) bySku.set(p.sku, (bySku.get(p.sku) ?? []).concat(p));
				for (const [i, row] of rows.entries()) {
					const found = bySku.get(row.sku) ?? [];
					eq(found.length, 1, `${row.sku} exists exactly once`);
					eq(found[0].name, `Imported ${i}`, `${row.sku} has its row's name`);
				}
				const accepted = c.byStatus['200'] ?? 0;
				const refused = c.byStatus['429'] ?? 0;
				const share = accepted / seconds / IMPORT_RATE;
				ok(share >= 0.8, `throughput ${(share * 100).toFixed(1)} % of the allowed rate (≥ 80 %)`);
				return `${ROWS} rows: each product written once, ${accepted} requests accepted in ${seconds.toFixed(1)} s = ${(accepted / seconds).toFixed(1)}/s, ${(share * 100).toFixed(1)} % of the allowed ${IMPORT_RATE}/s; ${refused} refused with 429 (${((refused / (accepted + refused)) * 100).toFixed(1)} %), max ${c.maxInFlight} in flight`;
			},
		);

		// Before the files: their rows may take the account past what one poll reads when the
		// PIM lists by id (100 000 products: E2E_QUEUE_FILE_ROWS=25000 makes 105 000).
		await suite.check(
			'PIM Trigger: polls on main, each change emitted once, run by a worker',
			async () => {
				await sb.admin('/log', { method: 'DELETE' });
				await editor.setActive(ctx, 'queueTrigger', true);
				// Activation polls once (starting from now) and emits nothing.
				for (const t0 = Date.now(); ; await sleep(250)) {
					const polled = (await sb.admin('/log')).some(
						(r) => r.path === '/api/integration/product',
					);
					if (polled) break;
					ok(Date.now() - t0 < 30000, 'activation polled the product list within 30 s');
				}
				await sleep(1500);
				const touched = ['SKU-000011', 'SKU-000012', 'SKU-000013'];
				for (const sku of touched)
					await sb.admin(`/accounts/demo/products/${sku}/touch`, { method: 'POST', body: {} });
				const before = workerRuns(workers);
				// The next poll comes at the next full minute.
				const { data, ex } = await editor.waitForExecution(ctx, 'queueTrigger', {
					timeoutMs: 90000,
				});
				await editor.setActive(ctx, 'queueTrigger', false);
				const emitted = editor.runItems(data, 'PIM Trigger').map((p) => p.sku);
				eq([...emitted].sort(), touched, 'the touched products, each once');
				const all = await editor.executions(ctx, 'queueTrigger');
				eq(all.length, 1, 'one execution for the changes');
				const ran = workerRuns(workers).map((n, i) => n - before[i]);
				ok(
					ran.some((n) => n > 0),
					'a worker ran the execution',
				);
				return `execution ${ex.id} (mode ${ex.mode}): ${emitted.join(', ')}`;
			},
		);

		await suite.check(
			`files: ${FILES} catalogue files of ${FILE_ROWS} rows at once (Import File on the workers; PIM: ${FILE_RATE} requests/s, 5 in flight), then the same files again`,
			async () => {
				await editor.setActive(ctx, 'queueFiles', true);
				const url = `${main.url}/webhook/queue-files`;
				await webhookReady(url);
				const files = Array.from({ length: FILES }, (_, f) => {
					const rows = Array.from({ length: FILE_ROWS }, (_, i) => ({
						sku: `FILE${f + 1}-${String(i).padStart(5, '0')}`,
						name: `Supplier ${f + 1} product ${i}`,
					}));
					const file = path.join(filesDir, `supplier-${f + 1}.csv`);
					fs.writeFileSync(
						file,
						['sku,family,name', ...rows.map((r) => `${r.sku},shoes,${r.name}`)].join('\n'),
					);
					return { file, rows };
				});
				const night = async () => {
					await sb.admin('/faults', {
						method: 'PUT',
						body: { latencyMs: LATENCY_MS, rateLimit: { rps: FILE_RATE, maxConcurrent: 5 } },
					});
					await sb.admin('/counters', { method: 'DELETE' });
					await sb.admin('/log', { method: 'DELETE' });
					const watch = watchLog(sb);
					const t0 = Date.now();
					// Twice the time the rate allows for the writes, and 5 minutes.
					const timeoutMs = 300_000 + (2000 * FILES * FILE_ROWS) / FILE_RATE;
					const answers = await Promise.all(
						files.map(({ file }) => postJson(url, { file }, timeoutMs)),
					);
					const seconds = (Date.now() - t0) / 1000;
					const logged = await watch.stop();
					const span = writeSpan(logged);
					const spans = fileSpans(logged, t0);
					const together = togetherRate(logged);
					const c = await counters();
					await sb.admin('/faults', { method: 'DELETE' });
					eq(
						answers
							.filter((a) => a.status !== 200)
							.map((a) => `${a.status} ${a.text.slice(0, 300)}`),
						[],
						'every file answered 200',
					);
					const summaries = answers.map((a) => JSON.parse(a.text));
					const accepted = c.byStatus['200'] ?? 0;
					const refused = c.byStatus['429'] ?? 0;
					return { summaries, seconds, accepted, refused, span, spans, together };
				};
				const first = await night();
				for (const s of first.summaries)
					eq(
						[s.rows, s.created, s.updated, s.unchanged, s.failed],
						[FILE_ROWS, FILE_ROWS, 0, 0, 0],
						'each file: every row created',
					);
				const products = await sandboxProducts(sb.url, n8n.DEMO_ACCOUNT);
				const bySku = new Map();
				for (const p of products) bySku.set(p.sku, (bySku.get(p.sku) ?? 0) + 1);
				for (const { rows } of files)
					for (const row of rows) eq(bySku.get(row.sku), 1, `${row.sku} exists exactly once`);
				const requests = first.accepted + first.refused;
				const share = first.accepted / first.seconds / FILE_RATE;
				ok(
					first.refused <= requests * 0.01,
					`${first.refused} of ${requests} requests refused (≤ 1 %)`,
				);
				const { together } = first;
				ok(
					together.rate >= FILES_TOGETHER * FILE_RATE,
					`while the four files wrote together (${together.seconds.toFixed(1)} s), ${((together.rate / FILE_RATE) * 100).toFixed(1)} % of the allowed rate (≥ ${FILES_TOGETHER * 100} %); each file's writes: ${first.spans}`,
				);
				const again = await night();
				const writes = (await sb.admin('/log')).filter((r) => /^(POST|PUT)$/.test(r.method));
				eq(writes.length, 0, 'the same files again write nothing');
				for (const s of again.summaries)
					eq(
						[s.rows, s.created, s.updated, s.unchanged, s.failed],
						[FILE_ROWS, 0, 0, FILE_ROWS, 0],
						'each file again: every row unchanged',
					);
				await editor.setActive(ctx, 'queueFiles', false);
				const { span } = first;
				return `first import: ${FILES * FILE_ROWS} rows created, each product once; while the four wrote together (${together.seconds.toFixed(1)} s) ${((together.rate / FILE_RATE) * 100).toFixed(1)} % of ${FILE_RATE}/s; the whole run ${first.accepted} requests accepted in ${first.seconds.toFixed(1)} s = ${(share * 100).toFixed(1)} %; from the first write to the last (${span.writes} writes in ${span.seconds.toFixed(1)} s) ${span.rate.toFixed(1)} accepted a second = ${((span.rate / FILE_RATE) * 100).toFixed(1)} %; ${first.refused} refused (${((first.refused / requests) * 100).toFixed(2)} %); each file's writes ${first.spans}; again: every row unchanged, ${again.accepted} requests (${again.refused} refused) in ${again.seconds.toFixed(1)} s`;
			},
		);
	} finally {
		for (const stop of stopAll) await stop().catch(() => {});
		fs.rmSync(dir, { recursive: true, force: true });
	}
}

module.exports = { runQueue };
