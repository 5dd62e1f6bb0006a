/**
 * Fault-injection suite: the sandbox misbehaves, 500+ items go through one node, and every input
 * item must come out exactly once (a result or an error), in order, with no write applied twice
 * and never more requests in flight than the bound.
 */
import type { INodeExecutionData } from 'n8n-workflow';

import { runPim } from '../../harness/in-process';
import { channels, productWrite } from '../../harness/product-write';
import type { ScriptStep } from '../../sandbox/types';
import { useSandbox } from '../helpers/sandbox';

const env = useSandbox({ products: 600 });
const ITEMS = 520;
const ids = Array.from({ length: ITEMS }, (_, i) => ({ id: (i % 600) + 1 }));
const getProduct = {
	resource: 'product',
	operation: 'get',
	productId: { __rl: true, mode: 'id', value: '={{ $json.id }}' },
};

beforeEach(() => {
	env.sb.reset();
});

function expectOneResultPerItem(items: INodeExecutionData[], count: number) {
	expect(items).toHaveLength(count);
	items.forEach((item, i) => {
		const paired = Array.isArray(item.pairedItem) ? item.pairedItem[0] : item.pairedItem;
		if (!item.error && !item.json.error) expect(paired).toEqual({ item: i });
	});
}

describe('reads under faults: every item succeeds, in order', () => {
	it('429 storm with Retry-After: retried, bounded concurrency', async () => {
		env.sb.setFaults({
			rateLimit: { rps: 150, maxConcurrent: 2 },
			script: [
				{ status: 429, retryAfter: '1' },
				{ status: 429, retryAfter: '1' },
				{ status: 429, retryAfter: '1' },
			],
		});
		const { items, error } = await runPim(
			env.creds(),
			{ ...getProduct, requestOptions: { maxConcurrency: 5 } },
			{ input: ids },
		);
		expect(error).toBeUndefined();
		expectOneResultPerItem(items, ITEMS);
		expect(items.map((i) => i.json.id)).toEqual(ids.map((i) => i.id));
		expect(env.sb.counters.byStatus['429']).toBeGreaterThanOrEqual(3);
		expect(env.sb.counters.maxInFlight).toBeLessThanOrEqual(5);
	});

	it('429 with Retry-After as an HTTP date', async () => {
		env.sb.setFaults({
			rateLimit: { rps: 150, maxConcurrent: 2, retryAfter: 'date' },
			script: [{ status: 429, retryAfter: new Date(Date.now() + 1000).toUTCString() }],
		});
		const { items, error } = await runPim(env.creds(), getProduct, { input: ids.slice(0, 400) });
		expect(error).toBeUndefined();
		expect(items.map((i) => i.json.id)).toEqual(ids.slice(0, 400).map((i) => i.id));
		expect(env.sb.counters.byStatus['429']).toBeGreaterThan(0);
	});

	it('5xx bursts, status:false on 200, malformed JSON, HTML and empty bodies are retried for reads', async () => {
		env.sb.setFaults({
			errorRate: 0.08,
			statusFalseRate: 0.05,
			malformedRate: 0.05,
			htmlRate: 0.04,
			emptyRate: 0.04,
			seed: 7,
		});
		const { items, error } = await runPim(
			env.creds(),
			{ ...getProduct, requestOptions: { maxRetries: 8 } },
			{ input: ids },
		);
		expect(error).toBeUndefined();
		expect(items.map((i) => i.json.id)).toEqual(ids.map((i) => i.id));
		const faults = env.sb.counters.faults;
		for (const kind of ['error', 'status-false', 'malformed', 'html', 'empty'])
			expect(faults[kind]).toBeGreaterThan(0);
	});

	it('dropped connections are retried for reads', async () => {
		env.sb.setFaults({ dropRate: 0.1, seed: 3 });
		const { items, error } = await runPim(
			env.creds(),
			{ ...getProduct, requestOptions: { maxRetries: 8 } },
			{ input: ids },
		);
		expect(error).toBeUndefined();
		expect(items.map((i) => i.json.id)).toEqual(ids.map((i) => i.id));
		expect(env.sb.counters.faults.drop).toBeGreaterThan(0);
	});

	it('a response slower than the timeout is retried', async () => {
		env.sb.setFaults({ script: [{ delayMs: 1500 }] });
		const { items, error } = await runPim(
			env.creds(),
			{ ...getProduct, requestOptions: { timeout: 500 } },
			{ input: [{ id: 5 }] },
		);
		expect(error).toBeUndefined();
		expect(items[0].json.id).toBe(5);
		expect(
			env.sb.log.filter((r) => r.path === '/api/integration/product/show').length,
		).toBeGreaterThanOrEqual(2);
	});
});

describe('writes under faults: never applied twice, every item accounted for', () => {
	const family = () => env.sb.account('demo').families[0].code;
	const channel = () => env.sb.account('demo').channels[0].code;
	const rows = Array.from({ length: ITEMS }, (_, i) => ({
		sku: `BULK-${String(i).padStart(4, '0')}`,
	}));
	const create = () =>
		productWrite('create', { familyCode: family(), channels: channels(channel()) });

	it('dropped connections after the write: each lost answer checked by a read, found written, never sent again', async () => {
		env.sb.setFaults({ dropRate: 0.1, dropPhase: 'after', seed: 11 });
		const { items, error } = await runPim(env.creds(), create(), {
			input: rows,
			continueOnFail: true,
		});
		expect(error).toBeUndefined();
		expectOneResultPerItem(items, ITEMS);
		expect(items.filter((i) => i.json.error)).toEqual([]);
		expect(env.sb.counters.faults.drop).toBeGreaterThan(0);
		// Each SKU was POSTed once and exists once; each dropped POST was read back by its SKU.
		const skuOf = (r: { body?: unknown }) => (r.body as { sku: string }).sku;
		const posts = env.sb.log.filter((r) => r.method === 'POST');
		expect(posts.map(skuOf).sort()).toEqual(rows.map((r) => r.sku).sort());
		const dropped = new Set(posts.filter((r) => r.status === 0).map(skuOf));
		const checked = env.sb.log.filter((r) => r.query['filter[sku]'] !== undefined && r.status);
		expect(new Set(checked.map((r) => r.query['filter[sku]']))).toEqual(dropped);
		// Version 1's writes do not name the family as records do: a product found is written again
		// as an update, never POSTed again.
		for (const put of env.sb.log.filter((r) => r.method === 'PUT'))
			expect(dropped.has(skuOf(put))).toBe(true);
		const skus = env.sb
			.account('demo')
			.products.map((p) => p.sku)
			.filter((s) => s.startsWith('BULK-'));
		expect(new Set(skus).size).toBe(skus.length);
		expect(skus).toHaveLength(ITEMS);
		items.forEach((item, i) => expect(item.json.sku).toBe(rows[i].sku));
	});

	it('429 and 503 on writes are retried (the server did not act): every product created once', async () => {
		env.sb.setFaults({
			rateLimit: { rps: 300, maxConcurrent: 4 },
			errorRate: 0.02,
			errorStatus: 503,
			seed: 5,
		});
		const { items, error } = await runPim(env.creds(), create(), { input: rows });
		expect(error).toBeUndefined();
		expect(items.map((i) => i.json.sku)).toEqual(rows.map((r) => r.sku));
		const skus = env.sb
			.account('demo')
			.products.map((p) => p.sku)
			.filter((s) => s.startsWith('BULK-'));
		expect(skus).toHaveLength(ITEMS);
		expect(
			(env.sb.counters.byStatus['429'] ?? 0) + (env.sb.counters.byStatus['503'] ?? 0),
		).toBeGreaterThan(0);
	});

	it('a 500 on a write is not retried: one request, one error item, the others complete', async () => {
		env.sb.setFaults({ script: [{ status: 500 }], pathPattern: '^POST ' });
		const { items } = await runPim(env.creds(), create(), {
			input: rows.slice(0, 3),
			continueOnFail: true,
		});
		expect(items).toHaveLength(3);
		expect(items.filter((i) => i.json.error)).toHaveLength(1);
		expect(env.sb.log.filter((r) => r.method === 'POST')).toHaveLength(3);
	});

	it('status:false on HTTP 200 becomes an error with the API message', async () => {
		env.sb.setFaults({ script: [{ statusFalse: true }], pathPattern: '^POST ' });
		const { error } = await runPim(env.creds(), create(), { input: rows.slice(0, 1) });
		expect(error?.message).toMatch(/Simulated failure/);
		expect(error?.httpCode).toBe('500');
	});
});

describe('pagination under faults', () => {
	/** Every product (600) in pages of 200, the sandbox answering the list's requests by `script`. */
	async function readAllUnder(script: ScriptStep[], requestOptions?: Record<string, number>) {
		env.sb.setFaults({ script, pathPattern: '^GET /api/integration/product$' });
		return await runPim(env.creds(), {
			resource: 'product',
			operation: 'getAll',
			returnAll: true,
			options: { pageSize: 200 },
			...(requestOptions ? { requestOptions } : {}),
		});
	}

	it('resumes at the failed page instead of restarting', async () => {
		const { items, error } = await readAllUnder([{}, { status: 503, retryAfter: '0' }], {
			maxConcurrency: 1,
		});
		expect(error).toBeUndefined();
		expect(items).toHaveLength(600);
		const pages = env.sb.log.map((r) => `${r.query['pagination[currentPage]']}:${r.status}`);
		expect(pages).toEqual(['1:200', '2:503', '2:200', '3:200']);
	});

	it('a page read ahead whose envelope reports a failure (HTTP 200) is asked again at its turn', async () => {
		// Pages 2 and 3 are asked for together, ahead of the read; one of them answers status false.
		const { items, error } = await readAllUnder([{}, { statusFalse: true }]);
		expect(error).toBeUndefined();
		const ids = items.map((i) => i.json.id as number);
		expect(ids).toHaveLength(600);
		expect(new Set(ids).size).toBe(600);
		expect(ids).toEqual([...ids].sort((a, b) => a - b));
		const pages = env.sb.log.map((r) => r.query['pagination[currentPage]']);
		expect(pages).toHaveLength(4);
		expect(new Set(pages)).toEqual(new Set(['1', '2', '3']));
	});

	it("a page read ahead that fails for good fails the item with the API's message", async () => {
		const { items, error } = await readAllUnder(
			[{}, { statusFalse: true }, { statusFalse: true }],
			{ maxRetries: 0 },
		);
		expect(items).toHaveLength(0);
		expect(error?.message).toMatch(/Simulated failure/);
		expect(error?.httpCode).toBe('500');
	});

	it('a server that ignores currentPage is reported, not looped over', async () => {
		env.sb.setFaults({ ignoreCurrentPage: true });
		const { error, items } = await runPim(env.creds(), {
			resource: 'product',
			operation: 'getAll',
			returnAll: true,
			options: { pageSize: 100 },
		});
		expect(items).toHaveLength(0);
		expect(error?.message).toMatch(/same records for page 2/);
		expect(env.sb.log.length).toBeLessThanOrEqual(6);
	});

	it('terminates on a short page when recordsTotal is missing', async () => {
		// A limit within the first page needs one request whatever the server answers.
		env.sb.setFaults({ ignoreCurrentPage: true });
		const { items, error } = await runPim(env.creds(), {
			resource: 'product',
			operation: 'getAll',
			returnAll: false,
			limit: 30,
			options: { pageSize: 50 },
		});
		expect(error).toBeUndefined();
		expect(items).toHaveLength(30);
		expect(env.sb.log).toHaveLength(1);
	});
});

describe('the token never leaks', () => {
	it('is absent from errors and outputs of failing requests', async () => {
		const secret = 'demo-token';
		env.sb.setFaults({
			script: [
				{ status: 500 },
				{ drop: true },
				{ malformed: true },
				{ statusFalse: true },
				{ status: 401 },
			],
		});
		// No retries: a write whose answer was lost is checked by a read and not sent again.
		const { items } = await runPim(
			env.creds(),
			productWrite('create', { familyCode: 'clothing', requestOptions: { maxRetries: 0 } }),
			{
				input: [{ sku: 'L-1' }, { sku: 'L-2' }, { sku: 'L-3' }, { sku: 'L-4' }, { sku: 'L-5' }],
				continueOnFail: true,
			},
		);
		expect(items.filter((i) => i.json.error)).toHaveLength(5);
		const serialised =
			JSON.stringify(items) +
			JSON.stringify(items.map((i) => i.error && { ...i.error, stack: i.error.stack }));
		expect(serialised).not.toContain(secret);
		const { error } = await runPim(
			{ ...env.creds(), token: 'wrong-secret-value' },
			{ resource: 'locale', operation: 'getAll', returnAll: true },
		);
		expect(JSON.stringify(error)).not.toContain('wrong-secret-value');
		expect(String((error as { stack?: string }).stack ?? '')).not.toContain('wrong-secret-value');
	});
});
