/* eslint-disable @typescript-eslint/no-explicit-any -- tests read loosely typed JSON responses */
import { startSandbox, type SandboxHandle } from '../../sandbox/server';
import { DATE_TIME, expectEnvelope, get, post } from './helpers';

let sb: SandboxHandle;
let base: string;

beforeAll(async () => {
	sb = await startSandbox();
	base = sb.url;
});
afterAll(() => sb.close());

function expectPage(data: any, total: number, page: number, limit: number): any[] {
	expect(Object.keys(data).sort()).toEqual(['currentPage', 'pageLimit', 'record', 'recordsTotal']);
	expect(data.recordsTotal).toBe(total);
	expect(data.currentPage).toBe(page);
	expect(data.pageLimit).toBe(limit);
	expect(Array.isArray(data.record)).toBe(true);
	return data.record;
}

describe('products', () => {
	it('GET product: paginated Product records with the documented fields and formats', async () => {
		const data: any = expectEnvelope(
			await get(base, 'product', { query: { 'pagination[pageLimit]': '50' } }),
		);
		const records = expectPage(data, 200, 1, 50);
		expect(records).toHaveLength(50);
		expect(records.map((r) => r.id)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
		for (const p of records) {
			expect(p.sku).toMatch(/^SKU-\d{6}$/);
			expect(typeof p.slug).toBe('string');
			expect([0, 1]).toContain(p.status);
			expect(p.updated_at).toMatch(DATE_TIME);
			expect(Number.isInteger(p.product_type_id)).toBe(true);
			expect(Number.isInteger(p.language_id)).toBe(true);
			expect(typeof p.name).toBe('string');
			expect(typeof p.upc).toBe('string');
			expect(p.price).toMatch(/^\d+\.\d{2} (USD|EUR|GBP)$/);
			expect(p.weight).toMatch(/^\d+\.\d kg$/);
			expect(['Clothing', 'Shoes', 'Electronics', 'Home & Living', 'Beauty']).toContain(p.family);
			expect(Array.isArray(p.category)).toBe(true);
			for (const c of p.category) expect(typeof c).toBe('string');
			expect(p.image === null || typeof p.image === 'string').toBe(true);
			expect(p.url === null || typeof p.url === 'string').toBe(true);
			if ('color' in p) {
				expect(Array.isArray(p.color)).toBe(true);
				for (const c of p.color) expect(typeof c).toBe('string');
			}
			if ('manu_date' in p) expect(p.manu_date).toMatch(/^\d{4}\/\d{2}\/\d{2}$/);
			for (const f of [
				'banner',
				'catalog',
				'meta_keyword',
				'web_description',
				'meta_description',
				'short_description',
			]) {
				if (f in p) expect(typeof p[f]).toBe('string');
			}
			expect(p).not.toHaveProperty('created_at');
		}
		// optional fields vary between products ("present only when set")
		expect(records.some((p) => 'banner' in p)).toBe(true);
		expect(records.some((p) => !('banner' in p))).toBe(true);
		expect(records.some((p) => 'manu_date' in p)).toBe(true);
		expect(records.some((p) => !('manu_date' in p))).toBe(true);
		expect(records.some((p) => p.category.length === 0)).toBe(true);
		expect(records.some((p) => p.category.some((c: string) => c.includes('/')))).toBe(true);
		expect(records.some((p) => p.image === null)).toBe(true);
		expect(records.some((p) => 'material' in p)).toBe(true);
	});

	it('a product record matches the internal state (family title, category title paths, first image)', async () => {
		const store = sb.account('demo');
		const internal = store.products.find((p) => p.categories.length > 0 && p.images.length > 1)!;
		const res = await get(base, 'product/show', { query: { id: String(internal.id) } });
		const p: any = expectEnvelope(res);
		expect(p.id).toBe(internal.id);
		expect(p.sku).toBe(internal.sku);
		expect(p.family).toBe(store.familyByCode(internal.familyCode)!.title);
		expect(p.image).toBe(internal.images[0]);
		expect(p.category).toEqual(
			internal.categories.map((c) => store.categoryByCode(c.channel, c.code)!.path),
		);
		expect(p.updated_at).toBe(internal.updated_at);
		expect(p.name).toBe(internal.values.name);
	});

	it('GET product/show: 404 for an unknown id, 422 for a missing or non-numeric id', async () => {
		const missing = await get(base, 'product/show', { query: { id: '999999' } });
		expectEnvelope(missing, 404);
		expect(missing.json.message).toMatch(/not found/);
		const bad = await get(base, 'product/show', { query: { id: 'abc' } });
		expect(expectEnvelope(bad, 422)).toEqual({ errors: { id: ['The id must be an integer.'] } });
		const none = await get(base, 'product/show');
		expect(expectEnvelope(none, 422)).toEqual({ errors: { id: ['The id field is required.'] } });
	});
});

describe('categories', () => {
	it('GET category: paginated Category records, nested per channel', async () => {
		const data: any = expectEnvelope(
			await get(base, 'category', { query: { 'pagination[pageLimit]': '100' } }),
		);
		const cats = expectPage(data, sb.account('demo').categories.length, 1, 100);
		expect(cats.length).toBeGreaterThan(10);
		for (const c of cats) {
			expect(Object.keys(c)).toEqual([
				'id',
				'code',
				'parent_id',
				'status',
				'sort_order',
				'created_by',
				'updated_by',
				'created_at',
				'updated_at',
				'title',
				'description',
				'channel_id',
				'category_status',
			]);
			expect(c.created_at).toMatch(DATE_TIME);
			if (c.parent_id !== null) {
				const parent = cats.find((x) => x.id === c.parent_id);
				expect(parent.channel_id).toBe(c.channel_id);
			}
		}
		// roots, children and grandchildren
		const depth = (c: any): number =>
			c.parent_id === null ? 0 : 1 + depth(cats.find((x) => x.id === c.parent_id));
		expect(Math.max(...cats.map(depth))).toBe(2);
		// codes unique within a channel, "shirts" present in several channels
		const keys = cats.map((c) => `${c.channel_id}:${c.code}`);
		expect(new Set(keys).size).toBe(keys.length);
		expect(
			new Set(cats.filter((c) => c.code === 'shirts').map((c) => c.channel_id)).size,
		).toBeGreaterThan(1);
	});

	it('GET category/show and 404', async () => {
		const c: any = expectEnvelope(await get(base, 'category/show', { query: { id: '2' } }));
		expect(c).toMatchObject({
			id: 2,
			code: 'shirts',
			parent_id: 1,
			title: 'Shirts',
			channel_id: 1,
		});
		expectEnvelope(await get(base, 'category/show', { query: { id: '9999' } }), 404);
	});

	it('GET category/get-products: products of the category and its descendants', async () => {
		const store = sb.account('demo');
		const clothing = store.categoryByCode('web', 'clothing')!;
		const subtree = new Set(['clothing', 'shirts', 't-shirts', 'polo-shirts', 'pants', 'jeans']);
		const expected = store.products
			.filter((p) => p.categories.some((c) => c.channel === 'web' && subtree.has(c.code)))
			.map((p) => p.id);
		expect(expected.length).toBeGreaterThan(0);
		const data: any = expectEnvelope(
			await get(base, 'category/get-products', {
				query: { id: String(clothing.id), 'pagination[pageLimit]': '1000' },
			}),
		);
		const records = expectPage(data, expected.length, 1, 1000);
		expect(records.map((p) => p.id)).toEqual(expected);
		expect(
			records.some(
				(p) =>
					p.category.includes('Clothing/Shirts/T-Shirts') ||
					p.category.includes('Clothing/Pants/Jeans') ||
					p.category.includes('Clothing/Shirts'),
			),
		).toBe(true);
		expectEnvelope(await get(base, 'category/get-products', { query: { id: '9999' } }), 404);
		expectEnvelope(await get(base, 'category/get-products'), 422);
	});
});

describe('families', () => {
	it('GET family and family/show', async () => {
		const data: any = expectEnvelope(await get(base, 'family'));
		const fams = expectPage(data, 5, 1, 10);
		expect(fams[0]).toEqual({
			id: 1,
			code: 'clothing',
			status: 1,
			created_by: 'Demo Admin',
			created_at: expect.stringMatching(DATE_TIME),
			updated_at: expect.stringMatching(DATE_TIME),
			title: 'Clothing',
		});
		const one: any = expectEnvelope(await get(base, 'family/show', { query: { id: '3' } }));
		expect(one).toMatchObject({ id: 3, code: 'electronics', title: 'Electronics' });
		expectEnvelope(await get(base, 'family/show', { query: { id: '77' } }), 404);
	});
});

describe('channels', () => {
	it('GET channel: a plain array of Channel records', async () => {
		const channels: any = expectEnvelope(await get(base, 'channel'));
		expect(Array.isArray(channels)).toBe(true);
		expect(channels.map((c: any) => c.code)).toEqual(['web', 'amazon', 'retail']);
		expect(Object.keys(channels[0])).toEqual([
			'id',
			'code',
			'status',
			'sort_order',
			'created_at',
			'updated_at',
			'created_by_user',
			'name',
		]);
		expect(channels[0].name).toBe('Web Store');
	});

	it('POST channel/show: id (and locale) in a form body, a JSON body or the query', async () => {
		const byForm: any = expectEnvelope(
			await post(base, 'channel/show', { form: { id: '2', locale: 'de_DE' } }),
		);
		expect(byForm).toMatchObject({ id: 2, code: 'amazon', name: 'Amazon Marketplace' });
		const byJson: any = expectEnvelope(await post(base, 'channel/show', { json: { id: 3 } }));
		expect(byJson.code).toBe('retail');
		const byQuery: any = expectEnvelope(await post(base, 'channel/show', { query: { id: '1' } }));
		expect(byQuery.code).toBe('web');
		expectEnvelope(await post(base, 'channel/show', { form: { id: '42' } }), 404);
		const badLocale = await post(base, 'channel/show', { form: { id: '1', locale: 'xx_XX' } });
		expect(expectEnvelope(badLocale, 422)).toEqual({
			errors: { locale: ["The selected locale 'xx_XX' is invalid."] },
		});
		expect(expectEnvelope(await post(base, 'channel/show', { form: {} }), 422)).toEqual({
			errors: { id: ['The id field is required.'] },
		});
	});

	it('GET channel/attribute: the attributes accessible to the channel', async () => {
		const all: any = expectEnvelope(
			await get(base, 'channel/attribute', { query: { id: '1', locale: 'en_US' } }),
		);
		expect(all.map((a: any) => a.code)).toEqual(sb.account('demo').attributes.map((a) => a.code));
		const amazon: any = expectEnvelope(
			await get(base, 'channel/attribute', { query: { id: '2' } }),
		);
		expect(amazon.map((a: any) => a.code)).toEqual([
			'name',
			'upc',
			'color',
			'price',
			'weight',
			'web_description',
			'short_description',
		]);
		expect(Object.keys(amazon[0])).toEqual([
			'id',
			'code',
			'built_in',
			'created_by',
			'title',
			'type',
			'group_name',
			'group_id',
		]);
		expectEnvelope(
			await get(base, 'channel/attribute', { query: { id: '1', locale: 'xx_XX' } }),
			422,
		);
		expectEnvelope(await get(base, 'channel/attribute', { query: { id: '9' } }), 404);
	});
});

describe('attributes', () => {
	it('GET attribute and attribute/show', async () => {
		const data: any = expectEnvelope(
			await get(base, 'attribute', { query: { 'pagination[pageLimit]': '100' } }),
		);
		const attrs = expectPage(data, 16, 1, 100);
		const byCode = Object.fromEntries(attrs.map((a: any) => [a.code, a]));
		expect(byCode.web_description.type).toBe('Text Area (Rich Text)');
		expect(byCode.color.type).toBe('Multi Select');
		expect(byCode.material.type).toBe('Single Select');
		expect(byCode.price.type).toBe('Price');
		expect(byCode.weight.type).toBe('Metric');
		expect(byCode.name).toMatchObject({ built_in: 1, group_name: 'General' });
		for (const code of [
			'name',
			'size',
			'upc',
			'warranty',
			'inStock',
			'meta_keyword',
			'meta_description',
		])
			expect(byCode[code]).toBeDefined();
		for (const a of attrs) {
			expect([0, 1]).toContain(a.built_in);
			expect(Number.isInteger(a.group_id)).toBe(true);
		}
		const one: any = expectEnvelope(
			await get(base, 'attribute/show', { query: { id: String(byCode.color.id) } }),
		);
		expect(one).toEqual(byCode.color);
		expectEnvelope(await get(base, 'attribute/show', { query: { id: '1000' } }), 404);
	});
});

describe('locales and currencies', () => {
	it('GET locale, locale/show', async () => {
		const locales: any = expectEnvelope(await get(base, 'locale'));
		expect(locales.map((l: any) => l.code)).toEqual(['en_US', 'de_DE', 'fr_FR']);
		expect(Object.keys(locales[0])).toEqual([
			'id',
			'code',
			'name',
			'flag',
			'status',
			'created_at',
			'updated_at',
		]);
		expect(locales[0].name).toBe('English (United States)');
		const one: any = expectEnvelope(await get(base, 'locale/show', { query: { id: '2' } }));
		expect(one.code).toBe('de_DE');
		expectEnvelope(await get(base, 'locale/show', { query: { id: '5' } }), 404);
	});

	it('GET currencies, currencies/show by id or code', async () => {
		const currencies: any = expectEnvelope(await get(base, 'currencies'));
		expect(currencies.map((c: any) => c.code)).toEqual(['USD', 'EUR', 'GBP']);
		expect(Object.keys(currencies[0])).toEqual([
			'id',
			'code',
			'status',
			'created_at',
			'updated_at',
		]);
		expect(
			(expectEnvelope(await get(base, 'currencies/show', { query: { id: '3' } })) as any).code,
		).toBe('GBP');
		expect(
			(expectEnvelope(await get(base, 'currencies/show', { query: { code: 'eur' } })) as any).id,
		).toBe(2);
		expectEnvelope(await get(base, 'currencies/show', { query: { id: '9' } }), 404);
		expectEnvelope(await get(base, 'currencies/show'), 422);
	});
});

describe('relations', () => {
	it('GET relation, relation/show', async () => {
		const data: any = expectEnvelope(await get(base, 'relation'));
		const rels = expectPage(data, 3, 1, 10);
		expect(rels.map((r: any) => r.code)).toEqual(['cross_sell', 'up_sell', 'related']);
		expect(Object.keys(rels[0])).toEqual([
			'id',
			'code',
			'title',
			'type',
			'status',
			'created_at',
			'updated_at',
		]);
		const one: any = expectEnvelope(await get(base, 'relation/show', { query: { id: '2' } }));
		expect(one.code).toBe('up_sell');
		expectEnvelope(await get(base, 'relation/show', { query: { id: '4' } }), 404);
	});

	it('GET relation/product-relation: deterministic related products', async () => {
		const q = { sku: 'SKU-000010', relation_id: '1' };
		const a: any = expectEnvelope(await get(base, 'relation/product-relation', { query: q }));
		const b: any = expectEnvelope(await get(base, 'relation/product-relation', { query: q }));
		expect(a).toEqual(b);
		expect(Object.keys(a)).toEqual(['sku', 'relation_id', 'relation', 'products']);
		expect(a).toMatchObject({ sku: 'SKU-000010', relation_id: 1, relation: 'cross_sell' });
		const store = sb.account('demo');
		for (const rp of a.products) {
			expect(Object.keys(rp)).toEqual(['id', 'sku', 'name']);
			expect(store.productById(rp.id)!.sku).toBe(rp.sku);
			expect(rp.sku).not.toBe('SKU-000010');
		}
		// some products have related products
		let found = 0;
		for (let i = 1; i <= 10; i++) {
			const r: any = expectEnvelope(
				await get(base, 'relation/product-relation', {
					query: { sku: 'SKU-' + String(i).padStart(6, '0'), relation_id: '3' },
				}),
			);
			found += r.products.length;
		}
		expect(found).toBeGreaterThan(0);
		expectEnvelope(
			await get(base, 'relation/product-relation', { query: { sku: 'NOPE', relation_id: '1' } }),
			404,
		);
		expectEnvelope(
			await get(base, 'relation/product-relation', {
				query: { sku: 'SKU-000001', relation_id: '99' },
			}),
			404,
		);
		const invalid = await get(base, 'relation/product-relation', { query: { relation_id: 'x' } });
		expect(expectEnvelope(invalid, 422)).toEqual({
			errors: {
				sku: ['The sku field is required.'],
				relation_id: ['The relation_id must be an integer.'],
			},
		});
	});
});

describe('routing', () => {
	it('unknown path → 404 envelope; known path with another method → 405 envelope with Allow', async () => {
		const unknown = await get(base, 'nothing-here');
		expectEnvelope(unknown, 404);
		expect(unknown.json.data).toBeNull();
		const notAllowed = await post(base, 'family', { form: {} });
		expectEnvelope(notAllowed, 405);
		expect(notAllowed.headers.get('allow')).toBe('GET');
		const getShow = await get(base, 'channel/show', { query: { id: '1' } });
		expectEnvelope(getShow, 405);
		const del = await fetch(`${base}/api/integration/product`, {
			method: 'DELETE',
			headers: { token: 'demo-token', 'x-domain': 'demo' },
		});
		expect(del.status).toBe(405);
		expect(del.headers.get('allow')).toBe('GET, POST, PUT');
		// trailing slash is tolerated
		expectEnvelope(await get(base, 'family/'));
		const outside = await get(base, '/somewhere');
		expectEnvelope(outside, 404);
	});

	it('answers JSON with a correct content-length', async () => {
		const res = await fetch(`${base}/api/integration/channel`, {
			headers: { token: 'demo-token', 'x-domain': 'demo' },
		});
		expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
		const buf = Buffer.from(await res.arrayBuffer());
		expect(Number(res.headers.get('content-length'))).toBe(buf.length);
	});
});
