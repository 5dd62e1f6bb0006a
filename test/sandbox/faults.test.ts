/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test code, never published; n8n Cloud runtime rules for community-node code do not apply */
/* eslint-disable @typescript-eslint/no-explicit-any -- tests read loosely typed JSON responses */
import { startSandbox, type SandboxHandle } from '../../sandbox/server';
import { admin, expectEnvelope, get, post, put } from './helpers';

let sb: SandboxHandle;
let base: string;

beforeAll(async () => {
	sb = await startSandbox({ products: 50 });
	base = sb.url;
});
afterAll(() => sb.close());
beforeEach(() => sb.reset());

async function statusOf(p: Promise<unknown>): Promise<string> {
	try {
		const r = (await p) as { status: number };
		return String(r.status);
	} catch {
		return 'network-error';
	}
}

describe('faults', () => {
	it('are off by default', async () => {
		for (let i = 0; i < 20; i++) expectEnvelope(await get(base, 'channel'));
		expect(sb.counters.faults).toEqual({});
	});

	it('latencyMs delays each API response but not admin requests', async () => {
		sb.setFaults({ latencyMs: 150 });
		let t = Date.now();
		expectEnvelope(await get(base, 'locale'));
		expect(Date.now() - t).toBeGreaterThanOrEqual(140);
		t = Date.now();
		await admin(base, 'GET', '/counters');
		expect(Date.now() - t).toBeLessThan(140);
	});

	it('rateLimit.rps answers 429 with Retry-After and an envelope', async () => {
		sb.setFaults({ rateLimit: { rps: 3 } });
		const statuses: number[] = [];
		let limited;
		for (let i = 0; i < 5; i++) {
			const r = await get(base, 'channel');
			statuses.push(r.status);
			if (r.status === 429) limited = r;
		}
		expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
		expect(statuses.slice(3)).toEqual([429, 429]);
		expectEnvelope(limited!, 429);
		expect(limited!.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
		expect(sb.counters.faults['rate-limit']).toBe(2);
		expect(sb.log.filter((e) => e.faulted === 'rate-limit')).toHaveLength(2);
	});

	it('rateLimit.status 503 refuses with 503, Retry-After and an envelope instead of 429', async () => {
		sb.setFaults({ rateLimit: { rps: 2, status: 503 } });
		const statuses: number[] = [];
		let refused;
		for (let i = 0; i < 4; i++) {
			const r = await get(base, 'channel');
			statuses.push(r.status);
			if (r.status !== 200) refused = r;
		}
		expect(statuses).toEqual([200, 200, 503, 503]);
		expectEnvelope(refused!, 503);
		expect(refused!.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
		expect(sb.counters.faults['rate-limit']).toBe(2);
		expect((await admin(base, 'PUT', '/faults', { rateLimit: { status: 500 } })).status).toBe(400);
	});

	it('rateLimit refills over time', async () => {
		// 15 at once against a bucket of 5 refilled at 5/s: refused unless they took over 2 s.
		sb.setFaults({ rateLimit: { rps: 5 } });
		const first = await Promise.all(Array.from({ length: 15 }, () => get(base, 'channel')));
		expect(first.filter((r) => r.status === 429).length).toBeGreaterThan(0);
		await new Promise((r) => setTimeout(r, 400));
		expect((await get(base, 'channel')).status).toBe(200);
	});

	it('Retry-After can be an HTTP date', async () => {
		sb.setFaults({ rateLimit: { rps: 1, retryAfter: 'date' } });
		await get(base, 'channel');
		const r = await get(base, 'channel');
		expect(r.status).toBe(429);
		const when = Date.parse(r.headers.get('retry-after')!);
		expect(when).toBeGreaterThan(Date.now() - 2000);
		expect(r.headers.get('retry-after')).toMatch(/GMT$/);
	});

	it('rateLimit.maxConcurrent limits API requests in flight', async () => {
		sb.setFaults({ latencyMs: 300, rateLimit: { maxConcurrent: 2 } });
		const results = await Promise.all(Array.from({ length: 5 }, () => get(base, 'channel')));
		const statuses = results.map((r) => r.status).sort();
		expect(statuses).toEqual([200, 200, 429, 429, 429]);
		const limited = results.find((r) => r.status === 429)!;
		expect(limited.headers.get('retry-after')).toBe('1');
		// the 429s are answered at once, so at least the two admitted ones and one rejected one overlapped
		expect(sb.counters.maxInFlight).toBeGreaterThanOrEqual(3);
		// after they finished slots are free again
		expect((await get(base, 'channel')).status).toBe(200);
	});

	it('errorRate answers errorStatus with an error envelope; 503 adds Retry-After: 1', async () => {
		sb.setFaults({ errorRate: 1 });
		const r500 = await get(base, 'product');
		expectEnvelope(r500, 500);
		expect(r500.headers.get('retry-after')).toBeNull();
		sb.setFaults({ errorRate: 1, errorStatus: 503 });
		const r503 = await get(base, 'product');
		expectEnvelope(r503, 503);
		expect(r503.headers.get('retry-after')).toBe('1');
		// writes are not applied
		await put(base, 'product', {
			form: { sku: 'SKU-000001', language_code: 'en_US', name: 'Never' },
		});
		expect(sb.account('demo').productBySku('SKU-000001')!.values.name).not.toBe('Never');
		expect(sb.counters.faults.error).toBe(3);
	});

	it('statusFalseRate answers HTTP 200 with status:false and status_code 500', async () => {
		sb.setFaults({ statusFalseRate: 1 });
		const r = await get(base, 'family');
		expect(r.status).toBe(200);
		expect(r.json).toMatchObject({
			status: false,
			message: 'Simulated failure',
			status_code: 500,
			data: null,
		});
		expect(r.json.time).toMatch(/Z$/);
	});

	it("dropRate with dropPhase 'after' applies a write and then drops the connection", async () => {
		sb.setFaults({ dropRate: 1 });
		const outcome = await statusOf(
			put(base, 'product', {
				form: { sku: 'SKU-000002', language_code: 'en_US', name: 'Applied' },
			}),
		);
		expect(outcome).toBe('network-error');
		expect(sb.account('demo').productBySku('SKU-000002')!.values.name).toBe('Applied');
		expect(sb.counters.faults.drop).toBe(1);
		expect(sb.counters.byStatus.dropped).toBe(1);
		const entry = sb.log[sb.log.length - 1];
		expect(entry).toMatchObject({ status: 0, faulted: 'drop', method: 'PUT' });
	});

	it("dropRate with dropPhase 'before' drops without applying the write", async () => {
		sb.setFaults({ dropRate: 1, dropPhase: 'before' });
		const outcome = await statusOf(
			post(base, 'product', {
				form: {
					sku: 'DROP-1',
					family_code: 'clothing',
					language_code: 'en_US',
					'channel[0][code]': 'web',
				},
			}),
		);
		expect(outcome).toBe('network-error');
		expect(sb.account('demo').productBySku('DROP-1')).toBeUndefined();
	});

	it('malformedRate answers HTTP 200 with truncated JSON', async () => {
		sb.setFaults({ malformedRate: 1 });
		const r = await get(base, 'product');
		expect(r.status).toBe(200);
		expect(r.text.length).toBeGreaterThan(10);
		expect(() => JSON.parse(r.text)).toThrow();
	});

	it('htmlRate answers 502 with an HTML page', async () => {
		sb.setFaults({ htmlRate: 1 });
		const r = await get(base, 'product');
		expect(r.status).toBe(502);
		expect(r.headers.get('content-type')).toMatch(/text\/html/);
		expect(r.text).toContain('<html>');
	});

	it('emptyRate answers HTTP 200 with an empty body', async () => {
		sb.setFaults({ emptyRate: 1 });
		const r = await get(base, 'product');
		expect(r.status).toBe(200);
		expect(r.text).toBe('');
	});

	it('random faults follow their rates and are repeatable with the same seed', async () => {
		const run = async (): Promise<string[]> => {
			sb.setFaults({ errorRate: 0.3, statusFalseRate: 0.2, seed: 42 });
			const out: string[] = [];
			for (let i = 0; i < 60; i++) {
				const r = await get(base, 'channel');
				out.push(r.status === 200 ? (r.json.status ? 'ok' : 'false') : String(r.status));
			}
			return out;
		};
		const a = await run();
		const b = await run();
		expect(a).toEqual(b);
		const count = (k: string) => a.filter((x) => x === k).length;
		expect(count('500')).toBeGreaterThan(5);
		expect(count('false')).toBeGreaterThan(3);
		expect(count('ok')).toBeGreaterThan(15);
	});

	it('5 % of writes answered 503 (Retry-After: 1, not applied) and 2 % applied and then dropped, in one configuration; reads untouched', async () => {
		sb.setFaults({
			errorRate: 0.05,
			errorStatus: 503,
			dropRate: 0.02,
			dropPhase: 'after',
			pathPattern: '^(POST|PUT) ',
			seed: 3,
		});
		const outcomes = new Map<string, string>();
		for (let i = 0; i < 600; i++) {
			const sku = `MIX-${i}`;
			const r = await post(base, 'product', {
				form: { sku, family_code: 'clothing', language_code: 'en_US', 'channel[0][code]': 'web' },
			}).catch(() => undefined);
			outcomes.set(sku, r === undefined ? 'dropped' : r.status === 503 ? 'busy' : String(r.status));
			if (r?.status === 503) expect(r.headers.get('retry-after')).toBe('1');
		}
		const skus = (outcome: string) =>
			[...outcomes].filter(([, o]) => o === outcome).map(([k]) => k);
		const store = sb.account('demo');
		// Shares near their rates (one seeded draw per request: exclusive shares).
		expect(skus('busy').length).toBeGreaterThanOrEqual(18);
		expect(skus('busy').length).toBeLessThanOrEqual(45);
		expect(skus('dropped').length).toBeGreaterThanOrEqual(5);
		expect(skus('dropped').length).toBeLessThanOrEqual(20);
		expect(skus('200').length).toBe(600 - skus('busy').length - skus('dropped').length);
		// A 503 was not applied; a dropped write was, though its answer never came.
		for (const sku of skus('busy')) expect(store.productBySku(sku)).toBeUndefined();
		for (const sku of skus('dropped')) expect(store.productBySku(sku)).toBeDefined();
		expect(sb.counters.faults).toEqual({
			error: skus('busy').length,
			drop: skus('dropped').length,
		});
		for (let i = 0; i < 50; i++) expect((await get(base, 'channel')).status).toBe(200);
	});

	it('ignoreCurrentPage always serves page 1 and echoes currentPage 1', async () => {
		sb.setFaults({ ignoreCurrentPage: true });
		const data: any = expectEnvelope(
			await get(base, 'product', {
				query: { 'pagination[pageLimit]': '5', 'pagination[currentPage]': '3' },
			}),
		);
		expect(data.currentPage).toBe(1);
		expect(data.record.map((p: any) => p.id)).toEqual([1, 2, 3, 4, 5]);
	});

	it('script: the next API requests consume the steps in order, one each', async () => {
		sb.setFaults({
			script: [
				{ status: 429, retryAfter: '2' },
				{ status: 503 },
				{ drop: true },
				{ malformed: true },
				{ statusFalse: true },
				{ delayMs: 120 },
				{},
			],
		});
		const r1 = await get(base, 'channel');
		expect([r1.status, r1.headers.get('retry-after')]).toEqual([429, '2']);
		expectEnvelope(r1, 429);
		const r2 = await get(base, 'channel');
		expect([r2.status, r2.headers.get('retry-after')]).toEqual([503, null]);
		expect(await statusOf(get(base, 'channel'))).toBe('network-error');
		const r4 = await get(base, 'channel');
		expect(() => JSON.parse(r4.text)).toThrow();
		const r5 = await get(base, 'channel');
		expect(r5.json).toMatchObject({ status: false, status_code: 500 });
		const t = Date.now();
		expectEnvelope(await get(base, 'channel'));
		expect(Date.now() - t).toBeGreaterThanOrEqual(110);
		expectEnvelope(await get(base, 'channel')); // {} step: normal
		expectEnvelope(await get(base, 'channel')); // script exhausted
		expect(sb.log.map((e) => e.faulted ?? '-')).toEqual([
			'script:status',
			'script:status',
			'script:drop',
			'script:malformed',
			'script:status-false',
			'script:delay',
			'-',
			'-',
		]);
	});

	it('pathPattern restricts faults (incl. script steps) to matching "METHOD /path"', async () => {
		sb.setFaults({
			errorRate: 1,
			script: [{ status: 418 }],
			pathPattern: '^GET /api/integration/product$',
		});
		expectEnvelope(await get(base, 'channel'));
		expectEnvelope(await get(base, 'product/show', { query: { id: '1' } }));
		expectEnvelope(
			await put(base, 'product', { form: { sku: 'SKU-000001', language_code: 'en_US' } }),
		);
		expect((await get(base, 'product')).status).toBe(418);
		expect((await get(base, 'product')).status).toBe(500);
		expect((await get(base, 'product', { query: { 'filter[sku]': 'SKU-000001' } })).status).toBe(
			500,
		);
	});

	it('faults never apply to /__admin', async () => {
		sb.setFaults({ errorRate: 1, dropRate: 0 });
		for (let i = 0; i < 5; i++) expect((await admin(base, 'GET', '/counters')).status).toBe(200);
	});

	it('can be configured over HTTP (PUT /__admin/faults, {} clears) and at start', async () => {
		const set = await admin(base, 'PUT', '/faults', { errorRate: 1, errorStatus: 502 });
		expect(set.status).toBe(200);
		expect((await get(base, 'channel')).status).toBe(502);
		expect((await admin(base, 'PUT', '/faults', {})).status).toBe(200);
		expect((await get(base, 'channel')).status).toBe(200);
		expect((await admin(base, 'PUT', '/faults', { errorRate: 3 })).status).toBe(400);
		expect((await admin(base, 'PUT', '/faults', { nonsense: true })).status).toBe(400);
		expect((await admin(base, 'PUT', '/faults', { pathPattern: '(' })).status).toBe(400);

		const other = await startSandbox({ faults: { statusFalseRate: 1 } });
		try {
			expect((await get(other.url, 'channel')).json.status).toBe(false);
			other.clearFaults();
			expect((await get(other.url, 'channel')).json.status).toBe(true);
		} finally {
			await other.close();
		}
	});
});
