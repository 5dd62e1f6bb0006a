/**
 * Many executions, one PIM account (issue #14, part 1): every execution of the node in one n8n
 * process goes through one limiter per account (Base URL + Domain). A burst of executions, as an
 * event-driven workflow gets one per event, together stays within the bound instead of each
 * execution keeping its own 5 requests in flight. Run through n8n-core's WorkflowExecute, many
 * executions at once in this process, against the sandbox.
 */
import type { IDataObject } from 'n8n-workflow';

import { runPim } from '../../harness/in-process';
import { attributes, channels, productWrite } from '../../harness/product-write';
import { useSandbox } from '../helpers/sandbox';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const limiters = require('../../dist/nodes/Pim/shared/limiter.js') as {
	accountLimiterCount: () => number;
	releaseIdleLimiters: (now?: number) => void;
	AccountBound: new (max: number) => object;
	limiterFor: (bound: object, account: { baseUrl: string; domain?: string }) => AccountLimiter;
};

/** What the tests read of an account's limiter (limiter.ts). */
interface AccountLimiter {
	currentWindow: number;
	learnedPace: number;
	counts: { refusals: number; faults: number; pauses: number };
}

/** The shared limiter of the sandbox's account, as the node's requests use it. */
const accountLimiter = (domain = 'demo') =>
	limiters.limiterFor(new limiters.AccountBound(5), { baseUrl: env.creds().baseUrl, domain });

// On all interfaces: a second Base URL (localhost) reaches it as a second n8n process would.
const env = useSandbox({ products: 600, host: '0.0.0.0' });

beforeEach(() => {
	env.sb.reset();
	env.sb.setFaults({});
	env.sb.resetCounters();
});

/** One execution per event: update one product's name. */
function updateOne(sku: string, name: string, requestOptions: IDataObject = {}, domain = 'demo') {
	return runPim(
		env.creds(domain),
		productWrite('update', { sku, attributes: attributes({ name }), requestOptions }),
	);
}

/** The SKUs of an account's first `n` products. */
const firstSkus = (n: number, domain = 'demo') =>
	env.sb
		.account(domain)
		.products.slice(0, n)
		.map((p) => p.sku);

const status = (code: number) => env.sb.counters.byStatus[String(code)] ?? 0;

it('60 concurrent executions against a PIM allowing 5 in flight: every event lands, at most 5 in flight, no refusal', async () => {
	env.sb.setFaults({ latencyMs: 100, rateLimit: { maxConcurrent: 5 } });
	const skus = firstSkus(60);
	const started = Date.now();
	const runs = await Promise.all(skus.map((sku) => updateOne(sku, `Burst ${sku}`)));
	const ms = Date.now() - started;

	expect(runs.filter((r) => r.error)).toEqual([]);
	for (const sku of skus)
		expect(env.sb.account('demo').productBySku(sku)!.values.name).toBe(`Burst ${sku}`);
	expect(env.sb.counters.maxInFlight).toBeLessThanOrEqual(5);
	expect(status(429)).toBe(0);
	expect(status(200)).toBe(60);
	// 60 requests of 100 ms, 5 at a time: 1.2 s at best.
	expect(ms).toBeGreaterThanOrEqual(1200);
});

it('executions with different Max Concurrent Requests share the bound: none exceeds its own setting', async () => {
	env.sb.setFaults({ latencyMs: 80, rateLimit: { maxConcurrent: 5 } });
	const skus = firstSkus(30);
	const runs = await Promise.all(
		skus.map((sku, i) => updateOne(sku, `Mixed ${i}`, { maxConcurrency: i % 2 ? 2 : 5 })),
	);
	expect(runs.filter((r) => r.error)).toEqual([]);
	expect(env.sb.counters.maxInFlight).toBeLessThanOrEqual(5);
	expect(status(429)).toBe(0);

	// Only executions set to 2: never more than 2 in flight, although each could have 2.
	env.sb.resetCounters();
	const low = await Promise.all(
		skus.slice(0, 10).map((sku, i) => updateOne(sku, `Low ${i}`, { maxConcurrency: 2 })),
	);
	expect(low.filter((r) => r.error)).toEqual([]);
	expect(env.sb.counters.maxInFlight).toBe(2);
});

it('two accounts on one PIM host do not share a bound', async () => {
	env.sb.setFaults({ latencyMs: 80 });
	const demo = firstSkus(20);
	const acme = firstSkus(20, 'acme');
	const runs = await Promise.all([
		...demo.map((sku) => updateOne(sku, 'Demo burst')),
		...acme.map((sku) => updateOne(sku, 'Acme burst', {}, 'acme')),
	]);
	expect(runs.filter((r) => r.error)).toEqual([]);
	// 5 per account: more than one account's bound in flight, never more than both.
	expect(env.sb.counters.maxInFlight).toBeGreaterThan(5);
	expect(env.sb.counters.maxInFlight).toBeLessThanOrEqual(10);
});

it('a Retry-After pause holds back every execution of the account, and the state is released when idle', async () => {
	const skus = firstSkus(20);
	env.sb.setFaults({ script: [{ status: 429, retryAfter: '1' }] });
	const started = Date.now();
	const runs = await Promise.all(skus.map((sku) => updateOne(sku, 'After pause')));
	expect(runs.filter((r) => r.error)).toEqual([]);
	// One refusal; the other executions waited out the same pause instead of being refused too.
	expect(status(429)).toBe(1);
	expect(Date.now() - started).toBeGreaterThanOrEqual(900);

	expect(limiters.accountLimiterCount()).toBeGreaterThanOrEqual(1);
	limiters.releaseIdleLimiters(Date.now() + 5 * 60_000);
	expect(limiters.accountLimiterCount()).toBeGreaterThanOrEqual(1); // kept while recently used
	limiters.releaseIdleLimiters(Date.now() + 10 * 60_000);
	expect(limiters.accountLimiterCount()).toBe(0);
});

it('two processes sharing an account (queue-mode workers): each adapts its window, every item lands once', async () => {
	// Each process has a limiter of its own: here, one per Base URL naming the same sandbox.
	const port = new URL(env.sb.url).port;
	const processes = [`http://127.0.0.1:${port}`, `http://localhost:${port}`];
	env.sb.setFaults({ latencyMs: 50, rateLimit: { rps: 40, maxConcurrent: 5 } });
	const skus = firstSkus(400);
	// 10 executions per process, 20 items each: 2 × 10 × 5 = 100 requests allowed in flight.
	const runs = await Promise.all(
		processes.flatMap((baseUrl, p) =>
			Array.from({ length: 10 }, (_, e) =>
				runPim(
					{ ...env.creds(), baseUrl },
					productWrite('update', { attributes: attributes({ name: '=Worker {{ $json.sku }}' }) }),
					{ input: skus.slice((p * 10 + e) * 20, (p * 10 + e + 1) * 20).map((sku) => ({ sku })) },
				),
			),
		),
	);
	expect(runs.filter((r) => r.error)).toEqual([]);
	expect(runs.flatMap((r) => r.items)).toHaveLength(400);
	for (const sku of skus)
		expect(env.sb.account('demo').productBySku(sku)!.values.name).toBe(`Worker ${sku}`);
	expect(status(200)).toBe(400);
	// Refusals teach the windows, a few per process: not one per request sent beyond the limit.
	expect(status(429)).toBeLessThanOrEqual(40);
	expect(limiters.accountLimiterCount()).toBe(2);
}, 120_000);

it('random 503s (5 %, Retry-After: 1) with no limit are faults: each costs its own retry, the window and the pace stay, no account pause', async () => {
	env.sb.setFaults({ errorRate: 0.05, errorStatus: 503, pathPattern: '^PUT ', seed: 11 });
	const skus = firstSkus(200);
	const run = await runPim(
		env.creds(),
		productWrite('update', { attributes: attributes({ name: 'Through faults' }) }),
		{ input: skus.map((sku) => ({ sku })) },
	);
	expect(run.error).toBeUndefined();
	expect(run.items).toHaveLength(200);
	for (const sku of skus)
		expect(env.sb.account('demo').productBySku(sku)!.values.name).toBe('Through faults');
	expect(status(200)).toBe(200);
	const busy = status(503);
	expect(busy).toBeGreaterThanOrEqual(5);
	// Every 503 a fault retried by its own request: nothing lowered for the run.
	const limiter = accountLimiter();
	expect(limiter.counts).toEqual({ refusals: 0, faults: busy, pauses: 0 });
	expect(limiter.currentWindow).toBe(5);
	expect(limiter.learnedPace).toBe(0);
}, 60_000);

it('a limit that answers 503 (5 requests/s) is recognised by its steady share: it narrows the window, pauses the account and teaches the pace', async () => {
	// Low enough that any machine, however loaded, asks for more: most answers are 503s.
	env.sb.setFaults({ rateLimit: { rps: 5, status: 503 } });
	const skus = firstSkus(60);
	const run = await runPim(
		env.creds(),
		productWrite('update', {
			attributes: attributes({ name: 'Paced by 503' }),
			requestOptions: { maxRetries: 10 },
		}),
		{ input: skus.map((sku) => ({ sku })) },
	);
	expect(run.error).toBeUndefined();
	for (const sku of skus)
		expect(env.sb.account('demo').productBySku(sku)!.values.name).toBe('Paced by 503');
	expect(status(200)).toBe(60);
	const limiter = accountLimiter();
	// The first 24 refusals of the run are faults; from the 25th in 100 answers, refusals for load.
	expect(limiter.counts.faults).toBeGreaterThanOrEqual(24);
	expect(limiter.counts.refusals).toBeGreaterThanOrEqual(1);
	expect(limiter.counts.pauses).toBeGreaterThanOrEqual(1);
	expect(limiter.learnedPace).toBeGreaterThan(0);
	expect(limiter.currentWindow).toBeLessThan(5);
}, 120_000);

it('under a rate limit a request is not sent into the refusal its predecessor just met: 120 updates at 20 requests/s', async () => {
	env.sb.setFaults({ rateLimit: { rps: 20 } });
	const skus = firstSkus(120);
	const run = await runPim(
		env.creds(),
		productWrite('update', { attributes: attributes({ name: 'Paced' }) }),
		{ input: skus.map((sku) => ({ sku })) },
	);
	expect(run.error).toBeUndefined();
	expect(run.items).toHaveLength(120);
	for (const sku of skus)
		expect(env.sb.account('demo').productBySku(sku)!.values.name).toBe('Paced');
	expect(status(200)).toBe(120);
	// The bucket (20, refilled at 20/s) empties after each Retry-After pause; the requests in
	// flight then are refused, and the pause is in force before the next one starts: 10 refusals
	// measured (14 when the limiter heard of a refusal only after the next request had started).
	expect(status(429)).toBeGreaterThanOrEqual(1);
	expect(status(429)).toBeLessThanOrEqual(12);
	// Every 429 a refusal for load, none a fault.
	expect(accountLimiter().counts).toMatchObject({ refusals: status(429), faults: 0 });
}, 60_000);

it('under a steady rate limit Import File keeps to the pace refusals teach: 600 creates at 30 requests/s meet a few refusals, not one per pause', async () => {
	env.sb.setFaults({ rateLimit: { rps: 30 } });
	const csv = ['SKU,Name', ...Array.from({ length: 600 }, (_, i) => `PACE-${i},Paced ${i}`)];
	const started = Date.now();
	const run = await runPim(
		env.creds(),
		productWrite('importFile', { channels: channels({ code: 'web', status: true }) }),
		{
			version: 2,
			input: [
				{
					$binary: {
						data: {
							data: Buffer.from(csv.join('\n')).toString('base64'),
							mimeType: 'text/csv',
							fileName: 'paced.csv',
						},
					},
				},
			],
		},
	);
	const seconds = (Date.now() - started) / 1000;
	expect(run.error).toBeUndefined();
	expect(run.items[0].json).toMatchObject({ rows: 600, created: 600, failed: 0 });
	expect(env.sb.account('demo').productBySku('PACE-599')!.values.name).toBe('Paced 599');
	// Without the pace the bucket empties after every Retry-After pause, every second or two
	// (14 refusals after the first 3 s of a ~20 s run, measured). Paced: the refusals that teach
	// the rate (the requests in flight when the bucket first empties, and the next), then about
	// one per 30 s. Counted against the run's own length, so a machine that slows the run (and the
	// pace it keeps) does not decide it: at most one refusal per 5 s after the first 3 s.
	const refusedAt = env.sb.log.filter((r) => r.status === 429).map((r) => r.arrivedAt! - started);
	expect(refusedAt.length).toBeGreaterThanOrEqual(2);
	const later = refusedAt.filter((ms) => ms > 3000).length;
	expect(later).toBeLessThanOrEqual(Math.max(1, Math.floor((seconds - 3) / 5)));
}, 120_000);
