/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test code, never published; n8n Cloud runtime rules for community-node code do not apply */
/* eslint-disable @typescript-eslint/no-explicit-any -- tests read loosely typed JSON responses */
import { startSandbox, type SandboxHandle } from '../../sandbox/server';
import { expectEnvelope, get } from './helpers';

/** Measures (and prints) seeding and paging times of a 100 000-product account; bounds are only sanity checks. */
let sb: SandboxHandle;
let seedMs = 0;
const opts = { token: 'big-token', domain: 'big' };
const timings: string[] = [];

beforeAll(async () => {
	const t = performance.now();
	sb = await startSandbox({
		products: 10,
		log: true,
		accounts: [{ domain: 'big', token: 'big-token', products: 100_000, extraAttributes: 10_000 }],
	});
	seedMs = performance.now() - t;
	timings.push(
		`startSandbox with a 100 000-product / 10 016-attribute account: ${seedMs.toFixed(0)} ms`,
	);
});
afterAll(async () => {
	process.stdout.write(`\n[sandbox scale]\n  ${timings.join('\n  ')}\n`);
	await sb.close();
});

async function timed(label: string, query: Record<string, string>, path = 'product'): Promise<any> {
	sb.clearLog();
	const t = performance.now();
	const res = await get(sb.url, path, { query, ...opts });
	const clientMs = performance.now() - t;
	const data = expectEnvelope(res);
	const serverMs = sb.log[0].durationMs ?? NaN;
	timings.push(
		`${label}: server ${serverMs.toFixed(3)} ms, round trip ${clientMs.toFixed(1)} ms, ${(res.text.length / 1024).toFixed(0)} KiB`,
	);
	return data;
}

describe('100 000 products', () => {
	it('seeds quickly', () => {
		expect(sb.account('big').products).toHaveLength(100_000);
		expect(sb.account('big').attributes).toHaveLength(10_016);
		expect(seedMs).toBeLessThan(20_000);
	});

	it('serves pages of 100 and 1000 products (cold and cached) and the last page', async () => {
		let data = await timed('page of 100 (cold)', {
			'pagination[pageLimit]': '100',
			'pagination[currentPage]': '7',
		});
		expect(data.record.map((p: any) => p.id)[0]).toBe(601);
		await timed('page of 100 (cached)', {
			'pagination[pageLimit]': '100',
			'pagination[currentPage]': '7',
		});
		data = await timed('page of 1000 (cold)', {
			'pagination[pageLimit]': '1000',
			'pagination[currentPage]': '50',
		});
		expect(data.record).toHaveLength(1000);
		expect(data.record[999].id).toBe(50_000);
		data = await timed('page of 1000 (cached)', {
			'pagination[pageLimit]': '1000',
			'pagination[currentPage]': '50',
		});
		data = await timed('last page of 1000', {
			'pagination[pageLimit]': '1000',
			'pagination[currentPage]': '100',
		});
		expect(data.record[999].sku).toBe('SKU-100000');
		expect(data.recordsTotal).toBe(100_000);
		for (const e of sb.log) expect(e.durationMs).toBeLessThan(2000);
	});

	it('filters and category lists over 100 000 products', async () => {
		const bySku = await timed('filter[sku]', { 'filter[sku]': 'SKU-099999' });
		expect(bySku.record[0].id).toBe(99_999);
		const byColor = await timed('filter[color]+filter[family] (full scan)', {
			'filter[color]': 'red',
			'filter[family]': 'shoes',
			'pagination[pageLimit]': '100',
		});
		expect(byColor.recordsTotal).toBeGreaterThan(1000);
		const category = sb.account('big').categoryByCode('web', 'clothing')!;
		const inCat = await timed(
			'category/get-products (subtree scan)',
			{ id: String(category.id), 'pagination[pageLimit]': '100' },
			'category/get-products',
		);
		expect(inCat.recordsTotal).toBeGreaterThan(1000);
		await timed(
			'page of 1000 attributes',
			{ 'pagination[pageLimit]': '1000', 'pagination[currentPage]': '10' },
			'attribute',
		);
		await timed('channel/attribute (10 016 attributes)', { id: '1' }, 'channel/attribute');
	});

	it('builds pages from cached record strings in microseconds (in-process measurement)', () => {
		const store = sb.account('big');
		for (const size of [100, 1000]) {
			const slice = store.products.slice(20_000, 20_000 + size);
			const build = (): string =>
				'{"record":[' + slice.map((p) => store.productJson(p)).join(',') + ']}';
			const t0 = performance.now();
			const cold = build();
			const coldMs = performance.now() - t0;
			const rounds = 50;
			const t1 = performance.now();
			for (let i = 0; i < rounds; i++) build();
			const warmMs = (performance.now() - t1) / rounds;
			expect(JSON.parse(cold).record).toHaveLength(size);
			timings.push(
				`page body of ${size} from the record cache: cold ${coldMs.toFixed(3)} ms, cached ${warmMs.toFixed(3)} ms`,
			);
			expect(warmMs).toBeLessThan(200);
		}
	});

	it('reseeds a changed 100 000-product account', () => {
		const store = sb.account('big');
		store.touchProduct('SKU-000001');
		const t = performance.now();
		sb.reset();
		const ms = performance.now() - t;
		timings.push(`reset() reseeding the changed big account: ${ms.toFixed(0)} ms`);
		expect(store.products).toHaveLength(100_000);
		expect(store.dirty).toBe(false);
	});
});
