/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test code, never published; n8n Cloud runtime rules for community-node code do not apply */
/* eslint-disable @typescript-eslint/no-explicit-any -- tests read loosely typed JSON responses */
import { startSandbox, type SandboxHandle } from '../../sandbox/server';
import { admin, expectEnvelope, get, post, put } from './helpers';

let sb: SandboxHandle;
let base: string;

beforeAll(async () => {
	sb = await startSandbox({ products: 40 });
	base = sb.url;
});
afterAll(() => sb.close());
beforeEach(() => {
	sb.reset();
	sb.setNow(null);
});

describe('request log', () => {
	it('records API requests (not admin ones) with decoded query, headers, raw and decoded body, status and account', async () => {
		await get(base, 'product', { query: 'pagination%5BpageLimit%5D=2&filter[color]=Red' });
		await post(base, 'product/assign-channel', { form: 'sku=SKU-000001&code=web&status=1' });
		await put(base, 'product', {
			json: { sku: 'SKU-000001', language_code: 'en_US', 'color-multi-select': ['Red'] },
		});
		await admin(base, 'GET', '/counters');
		expect(sb.log).toHaveLength(3);
		const [list, assign, update] = sb.log;
		expect(list).toMatchObject({
			method: 'GET',
			path: '/api/integration/product',
			query: { 'pagination[pageLimit]': '2', 'filter[color]': 'Red' },
			rawQuery: 'pagination%5BpageLimit%5D=2&filter[color]=Red',
			rawBody: '',
			status: 200,
			account: 'demo',
		});
		expect(list.body).toBeUndefined();
		expect(list.headers).toMatchObject({ token: 'demo-token', 'x-domain': 'demo' });
		expect(assign).toMatchObject({
			method: 'POST',
			contentType: 'application/x-www-form-urlencoded',
			rawBody: 'sku=SKU-000001&code=web&status=1',
			body: { sku: 'SKU-000001', code: 'web', status: '1' },
			status: 200,
		});
		expect(update.body).toEqual({
			sku: 'SKU-000001',
			language_code: 'en_US',
			'color-multi-select': ['Red'],
		});
		expect(update.contentType).toBe('application/json');
		expect(list.seq).toBeLessThan(assign.seq);
		expect(assign.seq).toBeLessThan(update.seq);
		expect(typeof list.durationMs).toBe('number');
	});

	it('GET /__admin/log returns the log, ?since=seq only newer entries; DELETE clears it', async () => {
		await get(base, 'channel');
		await get(base, 'locale');
		const all = await admin(base, 'GET', '/log');
		expect(all.status).toBe(200);
		expect(all.json.map((e: any) => e.path)).toEqual([
			'/api/integration/channel',
			'/api/integration/locale',
		]);
		const since = await admin(base, 'GET', `/log?since=${all.json[0].seq}`);
		expect(since.json.map((e: any) => e.path)).toEqual(['/api/integration/locale']);
		expect((await admin(base, 'DELETE', '/log')).status).toBe(200);
		expect((await admin(base, 'GET', '/log')).json).toEqual([]);
		expect(sb.log).toEqual([]);
		// seq keeps increasing after a clear
		await get(base, 'channel');
		expect(sb.log[0].seq).toBeGreaterThan(all.json[1].seq);
	});

	it('is a ring buffer of logLimit entries and can be disabled', async () => {
		const small = await startSandbox({ logLimit: 5, products: 1 });
		const off = await startSandbox({ log: false, products: 1 });
		try {
			for (let i = 0; i < 8; i++) await get(small.url, 'channel', { query: { i: String(i) } });
			expect(small.log.map((e) => e.query.i)).toEqual(['3', '4', '5', '6', '7']);
			await get(off.url, 'channel');
			expect(off.log).toEqual([]);
			expect(off.counters.requests).toBe(1);
		} finally {
			await small.close();
			await off.close();
		}
	});
});

describe('counters', () => {
	it('count requests by status, and maxInFlight of concurrent requests including latency', async () => {
		sb.setFaults({ latencyMs: 200 });
		await Promise.all(Array.from({ length: 6 }, () => get(base, 'channel')));
		sb.clearFaults();
		await get(base, 'nope');
		await get(base, 'family', { token: 'bad' });
		const c = (await admin(base, 'GET', '/counters')).json;
		expect(c).toEqual({
			requests: 8,
			inFlight: 0,
			maxInFlight: 6,
			byStatus: { '200': 6, '404': 1, '401': 1 },
			faults: {},
		});
		expect(sb.counters).toEqual(c);
		expect((await admin(base, 'DELETE', '/counters')).status).toBe(200);
		expect(sb.counters).toEqual({
			requests: 0,
			inFlight: 0,
			maxInFlight: 0,
			byStatus: {},
			faults: {},
		});
	});

	it('inFlight is visible while requests wait', async () => {
		sb.setFaults({ latencyMs: 300 });
		const pending = Promise.all([get(base, 'channel'), get(base, 'locale')]);
		await new Promise((r) => setTimeout(r, 100));
		expect((await admin(base, 'GET', '/counters')).json.inFlight).toBe(2);
		await pending;
		expect(sb.counters.inFlight).toBe(0);
	});
});

describe('clock', () => {
	it('PUT /__admin/clock freezes the clock for updated_at and the envelope time; null unfreezes', async () => {
		const set = await admin(base, 'PUT', '/clock', { now: '2026-01-01T00:00:00Z' });
		expect(set.json).toEqual({ now: '2026-01-01T00:00:00.000Z', frozen: true });
		const res = await put(base, 'product', {
			form: { sku: 'SKU-000004', language_code: 'en_US', size: 'XL' },
		});
		const data: any = expectEnvelope(res);
		expect(data.updated_at).toBe('2026-01-01 00:00:00');
		expect(res.json.time).toBe('2026-01-01T00:00:00.000000Z');
		expect((await admin(base, 'PUT', '/clock', { now: null })).json.frozen).toBe(false);
		const live = await get(base, 'channel');
		expect(Math.abs(Date.parse(live.json.time) - Date.now())).toBeLessThan(5000);
		expect((await admin(base, 'PUT', '/clock', { now: 'not a date' })).status).toBe(400);
		expect((await admin(base, 'PUT', '/clock', {})).status).toBe(400);
	});

	it('setNow() and the now option', async () => {
		sb.setNow(new Date('2030-02-03T04:05:06Z'));
		expect((await get(base, 'channel')).json.time).toBe('2030-02-03T04:05:06.000000Z');
		sb.setNow(null);
		const fixed = await startSandbox({ products: 2, now: () => new Date('2031-01-01T00:00:00Z') });
		try {
			const created: any = expectEnvelope(
				await post(fixed.url, 'product', {
					form: {
						sku: 'N-1',
						family_code: 'home',
						language_code: 'en_US',
						'channel[0][code]': 'web',
					},
				}),
			);
			expect(created.updated_at).toBe('2031-01-01 00:00:00');
		} finally {
			await fixed.close();
		}
	});
});

describe('reset and accounts', () => {
	it('POST /__admin/reset reseeds data and clears log, counters and faults', async () => {
		await put(base, 'product', {
			form: { sku: 'SKU-000001', language_code: 'en_US', name: 'Changed' },
		});
		sb.setFaults({ errorRate: 1 });
		expect((await admin(base, 'POST', '/reset')).status).toBe(200);
		expect(sb.log).toEqual([]);
		expect(sb.counters.requests).toBe(0);
		const p: any = expectEnvelope(await get(base, 'product/show', { query: { id: '1' } }));
		expect(p.name).not.toBe('Changed');
		expect((await admin(base, 'GET', '/faults')).json).toEqual({});
	});

	it('GET /__admin/accounts/:domain/products/:sku shows internal state incl. channels and categories', async () => {
		const r = await admin(base, 'GET', '/accounts/demo/products/SKU-000001');
		expect(r.status).toBe(200);
		const internal = sb.account('demo').productBySku('SKU-000001')!;
		expect(r.json).toMatchObject({
			id: 1,
			sku: 'SKU-000001',
			familyCode: internal.familyCode,
			channels: internal.channels,
			categories: internal.categories,
			images: internal.images,
			values: internal.values,
			multiSelect: internal.multiSelect,
			created_at: internal.created_at,
			updated_at: internal.updated_at,
		});
		expect(r.json.wire.sku).toBe('SKU-000001');
		expect((await admin(base, 'GET', '/accounts/demo/products/NOPE')).status).toBe(404);
		expect((await admin(base, 'GET', '/accounts/nobody/products/SKU-000001')).status).toBe(404);
	});

	it('POST /__admin/accounts/:domain/products/:sku/touch bumps updated_at', async () => {
		const r = await admin(base, 'POST', '/accounts/demo/products/SKU-000002/touch', {
			at: '2029-09-09T09:09:09Z',
		});
		expect(r.json.updated_at).toBe('2029-09-09 09:09:09');
		const p: any = expectEnvelope(await get(base, 'product/show', { query: { id: '2' } }));
		expect(p.updated_at).toBe('2029-09-09 09:09:09');
	});

	it('POST /__admin/accounts adds an account at runtime', async () => {
		const r = await admin(base, 'POST', '/accounts', {
			domain: 'shop2',
			token: 'shop2-token',
			products: 12,
			extraAttributes: 3,
		});
		expect(r.status).toBe(201);
		expect(r.json).toMatchObject({ domain: 'shop2', products: 12, attributes: 19 });
		const data: any = expectEnvelope(
			await get(base, 'product', { token: 'shop2-token', domain: 'shop2' }),
		);
		expect(data.recordsTotal).toBe(12);
		expect(sb.account('shop2').products).toHaveLength(12);
		expect(
			(await admin(base, 'POST', '/accounts', { domain: 'shop2', token: 'other' })).status,
		).toBe(409);
		expect(
			(await admin(base, 'POST', '/accounts', { domain: 'shop3', token: 'demo-token' })).status,
		).toBe(409);
		expect((await admin(base, 'POST', '/accounts', { domain: '', token: 'x' })).status).toBe(400);
		const list = await admin(base, 'GET', '/accounts');
		expect(list.json.map((a: any) => a.domain)).toEqual(['demo', 'acme', 'shop2']);
	});

	it('accounts can be added and the defaults replaced through options; account() throws for unknown domains', async () => {
		const other = await startSandbox({
			products: 3,
			accounts: [
				{ domain: 'acme', token: 'acme-token', products: 7 },
				{ domain: 'extra', token: 'extra-token', products: 1, seed: 99 },
			],
		});
		try {
			expect(other.account('demo').products).toHaveLength(3);
			expect(other.account('acme').products).toHaveLength(7);
			expect(other.account('extra').products).toHaveLength(1);
			expect(() => other.account('missing')).toThrow(/missing/);
		} finally {
			await other.close();
		}
	});

	it('the same seed gives the same data; another seed other data', async () => {
		const a = await startSandbox({ products: 20, seed: 7 });
		const b = await startSandbox({ products: 20, seed: 7 });
		const c = await startSandbox({ products: 20, seed: 8 });
		try {
			const pa: any = expectEnvelope(
				await get(a.url, 'product', { query: { 'pagination[pageLimit]': '20' } }),
			);
			const pb: any = expectEnvelope(
				await get(b.url, 'product', { query: { 'pagination[pageLimit]': '20' } }),
			);
			const pc: any = expectEnvelope(
				await get(c.url, 'product', { query: { 'pagination[pageLimit]': '20' } }),
			);
			expect(pa).toEqual(pb);
			expect(pa).not.toEqual(pc);
		} finally {
			await Promise.all([a.close(), b.close(), c.close()]);
		}
	});

	it('unknown admin endpoints → 404, wrong methods → 405', async () => {
		expect((await admin(base, 'GET', '/nothing')).status).toBe(404);
		expect((await admin(base, 'GET', '/reset')).status).toBe(405);
		expect((await admin(base, 'GET', '/health')).json.ok).toBe(true);
	});
});
