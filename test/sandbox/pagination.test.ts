/* eslint-disable @typescript-eslint/no-explicit-any -- tests read loosely typed JSON responses */
import { startSandbox, type SandboxHandle } from '../../sandbox/server';
import { expectEnvelope, get } from './helpers';

let sb: SandboxHandle;
let base: string;

beforeAll(async () => {
	sb = await startSandbox({
		products: 95,
		accounts: [{ domain: 'wide', token: 'wide-token', products: 30, extraAttributes: 1500 }],
	});
	base = sb.url;
});
afterAll(() => sb.close());

const page = async (path: string, query: Record<string, string> | string, opts = {}) =>
	expectEnvelope(await get(base, path, { query, ...opts })) as any;

describe('pagination', () => {
	it('default page length is 10 and currentPage 1', async () => {
		const data = await page('product', {});
		expect(data).toMatchObject({ recordsTotal: 95, currentPage: 1, pageLimit: 10 });
		expect(data.record.map((p: any) => p.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
	});

	it('walks pages in ascending id order with a partial last page and an empty page past the end', async () => {
		const ids: number[] = [];
		for (let n = 1; n <= 4; n++) {
			const data = await page('product', {
				'pagination[pageLimit]': '30',
				'pagination[currentPage]': String(n),
			});
			expect(data).toMatchObject({ recordsTotal: 95, currentPage: n, pageLimit: 30 });
			ids.push(...data.record.map((p: any) => p.id));
			if (n === 4) expect(data.record).toHaveLength(5);
		}
		expect(ids).toEqual(Array.from({ length: 95 }, (_, i) => i + 1));
		const past = await page('product', {
			'pagination[pageLimit]': '30',
			'pagination[currentPage]': '5',
		});
		expect(past).toEqual({ record: [], recordsTotal: 95, currentPage: 5, pageLimit: 30 });
	});

	it('order is by id, not by updated_at', async () => {
		const data = await page('product', { 'pagination[pageLimit]': '95' });
		const stamps = data.record.map((p: any) => p.updated_at);
		expect([...stamps].sort()).not.toEqual(stamps);
	});

	it('clamps pageLimit to 1000 and uses the default for invalid values', async () => {
		const wide = await page(
			'attribute',
			{ 'pagination[pageLimit]': '5000' },
			{ token: 'wide-token', domain: 'wide' },
		);
		expect(wide.pageLimit).toBe(1000);
		expect(wide.record).toHaveLength(1000);
		expect(wide.recordsTotal).toBe(1516);
		for (const bad of ['0', '-3', 'abc', '', '2.5']) {
			const data = await page('product', {
				'pagination[pageLimit]': bad,
				'pagination[currentPage]': bad,
			});
			expect([bad, data.pageLimit, data.currentPage]).toEqual([bad, 10, 1]);
		}
	});

	it('accepts percent-encoded brackets', async () => {
		const data = await page('product', 'pagination%5BpageLimit%5D=3&pagination%5BcurrentPage%5D=2');
		expect(data.record.map((p: any) => p.id)).toEqual([4, 5, 6]);
	});

	it('every paginated list paginates', async () => {
		for (const path of ['category', 'family', 'attribute', 'relation']) {
			const data = await page(path, {
				'pagination[pageLimit]': '2',
				'pagination[currentPage]': '2',
			});
			expect([path, data.currentPage, data.pageLimit, data.record.map((r: any) => r.id)]).toEqual([
				path,
				2,
				2,
				[3, 4].slice(0, data.recordsTotal - 2),
			]);
		}
	});

	it('respects a configured default page length', async () => {
		const other = await (
			await import('../../sandbox/server')
		).startSandbox({ defaultPageLimit: 25, maxPageLimit: 50, products: 60 });
		try {
			const res = await get(other.url, 'product');
			expect((expectEnvelope(res) as any).pageLimit).toBe(25);
			const big = await get(other.url, 'product', { query: { 'pagination[pageLimit]': '500' } });
			expect((expectEnvelope(big) as any).pageLimit).toBe(50);
		} finally {
			await other.close();
		}
	});
});

describe('filters', () => {
	const store = () => sb.account('demo');

	it('filter[sku] is exact', async () => {
		const data = await page('product', { 'filter[sku]': 'SKU-000042' });
		expect(data.recordsTotal).toBe(1);
		expect(data.record[0].id).toBe(42);
		expect((await page('product', { 'filter[sku]': 'SKU-00004' })).recordsTotal).toBe(0);
	});

	it('attribute filters are exact and case-insensitive', async () => {
		const name = store().products[0].values.name;
		const expected = store()
			.products.filter((p) => p.values.name === name)
			.map((p) => p.id);
		const data = await page('product', {
			'filter[name]': name.toUpperCase(),
			'pagination[pageLimit]': '100',
		});
		expect(data.record.map((p: any) => p.id)).toEqual(expected);
		expect((await page('product', { 'filter[name]': name.slice(0, 4) })).recordsTotal).toBe(0);
	});

	it('multi-select values match when any element equals', async () => {
		const expected = store()
			.products.filter((p) => (p.multiSelect.color ?? []).includes('Red'))
			.map((p) => p.id);
		expect(expected.length).toBeGreaterThan(3);
		const data = await page('product', { 'filter[color]': 'red', 'pagination[pageLimit]': '100' });
		expect(data.record.map((p: any) => p.id)).toEqual(expected);
		for (const p of data.record) expect(p.color).toContain('Red');
	});

	it('several filters at once (AND), family by code or title, status', async () => {
		const expected = store()
			.products.filter(
				(p) =>
					p.familyCode === 'clothing' &&
					(p.multiSelect.color ?? []).includes('Blue') &&
					p.status === 1,
			)
			.map((p) => p.id);
		const byCode = await page('product', {
			'filter[family]': 'clothing',
			'filter[color]': 'Blue',
			'filter[status]': '1',
			'pagination[pageLimit]': '100',
		});
		const byTitle = await page('product', {
			'filter[family]': 'CLOTHING',
			'filter[color]': 'blue',
			'filter[status]': '1',
			'pagination[pageLimit]': '100',
		});
		expect(byCode.record.map((p: any) => p.id)).toEqual(expected);
		expect(byTitle.record.map((p: any) => p.id)).toEqual(expected);
		const home = await page('product', {
			'filter[family]': 'Home & Living',
			'pagination[pageLimit]': '100',
		});
		expect(home.recordsTotal).toBe(store().products.filter((p) => p.familyCode === 'home').length);
	});

	it('filters combine with pagination; recordsTotal counts the matches', async () => {
		const expected = store()
			.products.filter((p) => p.values.inStock === 'Yes')
			.map((p) => p.id);
		const p2 = await page('product', {
			'filter[inStock]': 'yes',
			'pagination[pageLimit]': '5',
			'pagination[currentPage]': '2',
		});
		expect(p2.recordsTotal).toBe(expected.length);
		expect(p2.record.map((p: any) => p.id)).toEqual(expected.slice(5, 10));
	});

	it('unknown filter fields → 422; empty filter values are ignored', async () => {
		const res = await get(base, 'product', { query: { 'filter[flavour]': 'x' } });
		const data: any = expectEnvelope(res, 422);
		expect(data.errors['filter[flavour]'][0]).toContain('flavour');
		expect((await page('product', { 'filter[name]': '' })).recordsTotal).toBe(95);
	});

	it('filter results follow writes', async () => {
		const sku = 'SKU-000007';
		expect((await page('product', { 'filter[warranty]': 'forever' })).recordsTotal).toBe(0);
		store().updateProduct(sku, { values: { warranty: 'Forever' } });
		const data = await page('product', { 'filter[warranty]': 'forever' });
		expect(data.record.map((p: any) => p.sku)).toEqual([sku]);
	});
});

describe('generated attributes', () => {
	it('extraAttributes adds attr_NNNNN attributes; products carry only the ones with a value', async () => {
		const opts = { token: 'wide-token', domain: 'wide' };
		const last = await page(
			'attribute',
			{ 'pagination[pageLimit]': '1000', 'pagination[currentPage]': '2' },
			opts,
		);
		expect(last.record).toHaveLength(516);
		expect(last.record[last.record.length - 1]).toMatchObject({
			id: 1516,
			code: 'attr_01500',
			group_name: 'Generated',
			built_in: 0,
		});
		const products = await page('product', { 'pagination[pageLimit]': '30' }, opts);
		const withGenerated = products.record.filter((p: any) =>
			Object.keys(p).some((k) => k.startsWith('attr_')),
		);
		expect(withGenerated.length).toBeGreaterThan(0);
		expect(withGenerated.length).toBeLessThan(30);
		const web = await get(base, 'channel/attribute', { query: { id: '1' }, ...opts });
		expect((expectEnvelope(web) as any[]).length).toBe(1516);
	});
});
