/* eslint-disable @typescript-eslint/no-explicit-any -- tests read loosely typed JSON responses */
import { startSandbox, type SandboxHandle } from '../../sandbox/server';
import { expectEnvelope, get, post, put } from './helpers';

let sb: SandboxHandle;
let base: string;

beforeAll(async () => {
	sb = await startSandbox();
	base = sb.url;
});
afterAll(() => sb.close());
beforeEach(() => {
	sb.reset();
	sb.setNow(new Date('2026-03-04T05:06:07Z'));
});
afterEach(() => sb.setNow(null));

const demo = () => sb.account('demo');

describe('create product', () => {
	it('creates from PHP bracket form fields (the documented [] / [0] mix) and later reads show it', async () => {
		const body =
			'sku=TSHIRT-001&family_code=clothing&language_code=en_US' +
			'&channel[][code]=web&channel[0][status]=1&channel[0][completeness_status]=complete' +
			'&channel[1][code]=amazon' +
			'&category[0][code]=t-shirts&category[0][channel]=web' +
			'&color-multi-select[]=Red&color-multi-select[]=Blue' +
			'&image[]=https://img.example/1.jpg&image[]=https://img.example/2.jpg' +
			'&name=Basic+Tee&size=M&price=19.99+USD&weight=0.2+kg&manu_date=2025-01-31';
		const res = await post(base, 'product', { form: body });
		const p: any = expectEnvelope(res);
		expect(res.json.message).toBe('Product created successfully.');
		expect(p).toMatchObject({
			id: 201,
			sku: 'TSHIRT-001',
			slug: 'basic-tee',
			status: 1,
			updated_at: '2026-03-04 05:06:07',
			name: 'Basic Tee',
			size: 'M',
			color: ['Red', 'Blue'],
			price: '19.99 USD',
			weight: '0.2 kg',
			family: 'Clothing',
			manu_date: '2025/01/31',
			language_id: 1,
			image: 'https://img.example/1.jpg',
			url: null,
			category: ['Clothing/Shirts/T-Shirts'],
		});
		const internal = demo().productBySku('TSHIRT-001')!;
		expect(internal.channels).toEqual([
			{ code: 'web', status: 1, completeness_status: 'complete' },
			{ code: 'amazon', status: 0, completeness_status: null },
		]);
		expect(internal.categories).toEqual([{ code: 't-shirts', channel: 'web', sort_order: null }]);
		expect(internal.images).toEqual(['https://img.example/1.jpg', 'https://img.example/2.jpg']);
		expect(internal.created_at).toBe('2026-03-04 05:06:07');

		const shown: any = expectEnvelope(await get(base, 'product/show', { query: { id: '201' } }));
		expect(shown).toEqual(p);
		const listed: any = expectEnvelope(
			await get(base, 'product', { query: { 'filter[sku]': 'TSHIRT-001' } }),
		);
		expect(listed.record).toEqual([p]);
		expect(listed.recordsTotal).toBe(1);
	});

	it('accepts the same structure as JSON (booleans, numbers)', async () => {
		const res = await post(base, 'product', {
			json: {
				sku: 'JSON-1',
				family_code: 'shoes',
				language_code: 'de_DE',
				channel: [{ code: 'retail', status: true }],
				category: [{ code: 'sneakers' }],
				'color-multi-select': ['Black'],
				image: ['https://img.example/j.jpg'],
				name: 'Json Sneaker',
				size: 42,
			},
		});
		const p: any = expectEnvelope(res);
		expect(p).toMatchObject({
			sku: 'JSON-1',
			family: 'Shoes',
			size: '42',
			color: ['Black'],
			language_id: 2,
			category: ['Footwear/Sneakers'],
		});
		expect(demo().productBySku('JSON-1')!.channels).toEqual([
			{ code: 'retail', status: 1, completeness_status: null },
		]);
	});

	it('accepts multipart/form-data', async () => {
		const fd = new FormData();
		fd.append('sku', 'MP-1');
		fd.append('family_code', 'electronics');
		fd.append('language_code', 'en_US');
		fd.append('channel[0][code]', 'web');
		fd.append('channel[0][status]', '1');
		fd.append('color-multi-select[]', 'White');
		fd.append('name', 'Multipart Phone');
		const p: any = expectEnvelope(await post(base, 'product', { body: fd }));
		expect(p).toMatchObject({
			sku: 'MP-1',
			name: 'Multipart Phone',
			color: ['White'],
			family: 'Electronics',
		});
	});

	it('resolves a category without channel among the product channels, and rejects ambiguous codes', async () => {
		// "shirts" exists in web, amazon and retail; the product is only in amazon
		const ok: any = expectEnvelope(
			await post(base, 'product', {
				form: 'sku=C-1&family_code=clothing&language_code=en_US&channel[0][code]=amazon&category[0][code]=shirts',
			}),
		);
		expect(ok.category).toEqual(['Apparel/Shirts']);
		const ambiguous = await post(base, 'product', {
			form: 'sku=C-2&family_code=clothing&language_code=en_US&channel[0][code]=web&channel[1][code]=retail&category[0][code]=shirts',
		});
		const data: any = expectEnvelope(ambiguous, 422);
		expect(Object.keys(data.errors)).toEqual(['category[0][channel]']);
		expect(demo().productBySku('C-2')).toBeUndefined();
	});

	it('422 lists every missing required field', async () => {
		const res = await post(base, 'product', { form: { name: 'x' } });
		const data: any = expectEnvelope(res, 422);
		expect(data).toEqual({
			errors: {
				sku: ['The sku field is required.'],
				family_code: ['The family_code field is required.'],
				language_code: ['The language_code field is required.'],
				channel: ['The channel field is required.'],
			},
		});
		expect(res.json.message).toBe('The sku field is required. (and 3 more errors)');
	});

	it('422 names unknown family, language, channel, category and attribute codes', async () => {
		const res = await post(base, 'product', {
			form:
				'sku=BAD-1&family_code=spaceships&language_code=xx_XX&channel[0][code]=moon&category[0][code]=nowhere&category[0][channel]=web' +
				'&bogus=1&name-multi-select[]=a&color=Red&channel[1][code]=web&channel[1][status]=maybe&manu_date=31.01.2025',
		});
		const data: any = expectEnvelope(res, 422);
		const e = data.errors;
		expect(e.family_code[0]).toContain('spaceships');
		expect(e.language_code[0]).toContain('xx_XX');
		expect(e['channel[0][code]'][0]).toContain('moon');
		expect(e['channel[1][status]'][0]).toMatch(/true or false/);
		expect(e['category[0][code]'][0]).toContain('nowhere');
		expect(e.bogus[0]).toContain('bogus');
		expect(e['name-multi-select'][0]).toMatch(/not a multi-select/);
		expect(e.color[0]).toMatch(/color-multi-select/);
		expect(e.manu_date[0]).toMatch(/YYYY\/MM\/DD/);
		expect(demo().productBySku('BAD-1')).toBeUndefined();
	});

	it('duplicate SKU → 422 sku taken', async () => {
		const res = await post(base, 'product', {
			form: {
				sku: 'SKU-000001',
				family_code: 'clothing',
				language_code: 'en_US',
				'channel[0][code]': 'web',
			},
		});
		expect(expectEnvelope(res, 422)).toEqual({
			errors: { sku: ['The sku has already been taken.'] },
		});
	});

	it('bad bodies: invalid JSON → 400, unsupported content type → 415', async () => {
		expectEnvelope(
			await post(base, 'product', { body: '{"sku":', contentType: 'application/json' }),
			400,
		);
		expectEnvelope(await post(base, 'product', { body: 'sku=A', contentType: 'text/plain' }), 415);
	});
});

describe('update product', () => {
	const setup = async () => {
		expectEnvelope(
			await post(base, 'product', {
				form:
					'sku=UPD-1&family_code=clothing&language_code=en_US&channel[0][code]=web&channel[0][status]=1&channel[0][completeness_status]=complete' +
					'&category[0][code]=shirts&category[0][channel]=web&color-multi-select[]=Red&image[]=a.jpg&name=Before&size=S',
			}),
		);
	};

	it('merges by default: plain attributes set, channels/categories/images/multi-select added, existing kept', async () => {
		await setup();
		sb.setNow(new Date('2026-03-05T00:00:00Z'));
		const res = await put(base, 'product', {
			form:
				'sku=UPD-1&language_code=en_US&name=After&size=&channel[0][code]=amazon&channel[1][code]=web&channel[1][status]=0' +
				'&category[0][code]=jackets&category[0][channel]=amazon&color-multi-select[]=Blue&color-multi-select[]=Red&image[]=b.jpg&family_code=shoes',
		});
		const p: any = expectEnvelope(res);
		expect(res.json.message).toBe('Product updated successfully.');
		expect(p).toMatchObject({
			name: 'After',
			color: ['Red', 'Blue'],
			family: 'Shoes',
			updated_at: '2026-03-05 00:00:00',
			image: 'a.jpg',
		});
		expect(p).not.toHaveProperty('size'); // empty value clears
		expect(p.category).toEqual(['Clothing/Shirts', 'Apparel/Jackets']);
		const internal = demo().productBySku('UPD-1')!;
		expect(internal.channels).toEqual([
			{ code: 'web', status: 0, completeness_status: 'complete' },
			{ code: 'amazon', status: 0, completeness_status: null },
		]);
		expect(internal.images).toEqual(['a.jpg', 'b.jpg']);
		expect(internal.created_at).toBe('2026-03-04 05:06:07');
	});

	it('is_data_overwrite replaces channels, categories, images and the given multi-select values', async () => {
		await setup();
		const p: any = expectEnvelope(
			await put(base, 'product', {
				form:
					'sku=UPD-1&language_code=en_US&is_data_overwrite=1&channel[0][code]=retail&channel[0][status]=1' +
					'&category[0][code]=outerwear&color-multi-select[]=Green&image[]=c.jpg',
			}),
		);
		expect(p).toMatchObject({
			name: 'Before',
			size: 'S',
			color: ['Green'],
			image: 'c.jpg',
			category: ['Clothing/Outerwear'],
		});
		const internal = demo().productBySku('UPD-1')!;
		expect(internal.channels).toEqual([{ code: 'retail', status: 1, completeness_status: null }]);
		expect(internal.categories).toEqual([
			{ code: 'outerwear', channel: 'retail', sort_order: null },
		]);
		expect(internal.images).toEqual(['c.jpg']);
	});

	it('is_data_overwrite=false (or "false") merges; entities not sent are kept even with overwrite', async () => {
		await setup();
		expectEnvelope(
			await put(base, 'product', {
				json: {
					sku: 'UPD-1',
					language_code: 'en_US',
					is_data_overwrite: false,
					'color-multi-select': ['Navy'],
				},
			}),
		);
		expect(demo().productBySku('UPD-1')!.multiSelect.color).toEqual(['Red', 'Navy']);
		expectEnvelope(
			await put(base, 'product', {
				form: {
					sku: 'UPD-1',
					language_code: 'en_US',
					is_data_overwrite: 'true',
					name: 'Only name',
				},
			}),
		);
		const internal = demo().productBySku('UPD-1')!;
		expect(internal.multiSelect.color).toEqual(['Red', 'Navy']);
		expect(internal.channels.map((c) => c.code)).toEqual(['web']);
		expect(internal.images).toEqual(['a.jpg']);
	});

	it('validation: required sku/language_code → 422; unknown SKU → 404; bad boolean → 422', async () => {
		const missing = await put(base, 'product', { form: { name: 'x' } });
		expect(expectEnvelope(missing, 422)).toEqual({
			errors: {
				sku: ['The sku field is required.'],
				language_code: ['The language_code field is required.'],
			},
		});
		const unknown = await put(base, 'product', {
			form: { sku: 'NOPE-404', language_code: 'en_US' },
		});
		expectEnvelope(unknown, 404);
		expect(unknown.json.message).toMatch(/NOPE-404.*not found/);
		await setup();
		const bad: any = expectEnvelope(
			await put(base, 'product', {
				form: { sku: 'UPD-1', language_code: 'en_US', is_data_overwrite: 'yes' },
			}),
			422,
		);
		expect(Object.keys(bad.errors)).toEqual(['is_data_overwrite']);
	});

	it('writes bump updated_at and invalidate the cached record', async () => {
		const before: any = expectEnvelope(await get(base, 'product/show', { query: { id: '5' } }));
		sb.setNow(new Date('2027-01-01T12:00:00Z'));
		expectEnvelope(
			await put(base, 'product', {
				form: { sku: before.sku, language_code: 'en_US', warranty: '5 years' },
			}),
		);
		const after: any = expectEnvelope(await get(base, 'product/show', { query: { id: '5' } }));
		expect(after.updated_at).toBe('2027-01-01 12:00:00');
		expect(after.warranty).toBe('5 years');
		expect({ ...after, updated_at: before.updated_at, warranty: before.warranty }).toEqual(before);
	});
});

describe('assign-channel', () => {
	it('status defaults to inactive; re-assigning updates the status', async () => {
		const store = demo();
		const p = store.products.find((x) => !x.channels.some((c) => c.code === 'retail'))!;
		const res = await post(base, 'product/assign-channel', {
			form: { sku: p.sku, code: 'retail' },
		});
		const data: any = expectEnvelope(res);
		expect(data.sku).toBe(p.sku);
		expect(data.updated_at).toBe('2026-03-04 05:06:07');
		expect(store.productBySku(p.sku)!.channels.find((c) => c.code === 'retail')).toEqual({
			code: 'retail',
			status: 0,
			completeness_status: null,
		});
		expectEnvelope(
			await post(base, 'product/assign-channel', {
				form: { sku: p.sku, code: 'retail', status: '1' },
			}),
		);
		expect(store.productBySku(p.sku)!.channels.find((c) => c.code === 'retail')!.status).toBe(1);
		expectEnvelope(
			await post(base, 'product/assign-channel', {
				json: { sku: p.sku, code: 'retail', status: false },
			}),
		);
		expect(store.productBySku(p.sku)!.channels.find((c) => c.code === 'retail')!.status).toBe(0);
		expect(store.productBySku(p.sku)!.channels.filter((c) => c.code === 'retail')).toHaveLength(1);
	});

	it('validation', async () => {
		expect(expectEnvelope(await post(base, 'product/assign-channel', { form: {} }), 422)).toEqual({
			errors: { sku: ['The sku field is required.'], code: ['The code field is required.'] },
		});
		expectEnvelope(
			await post(base, 'product/assign-channel', { form: { sku: 'NOPE', code: 'web' } }),
			404,
		);
		const unknown: any = expectEnvelope(
			await post(base, 'product/assign-channel', { form: { sku: 'SKU-000001', code: 'moon' } }),
			422,
		);
		expect(unknown.errors.code[0]).toContain('moon');
		expectEnvelope(
			await post(base, 'product/assign-channel', {
				form: { sku: 'SKU-000001', code: 'web', status: '2' },
			}),
			422,
		);
	});
});

describe('assign-category', () => {
	it('assigns by category code within the channel and stores sort_order', async () => {
		const store = demo();
		const p = store.products.find((x) => x.categories.length === 0)!;
		const data: any = expectEnvelope(
			await post(base, 'product/assign-category', {
				form: { sku: p.sku, code: 'gaming-laptops', channel: 'web', sort_order: '7' },
			}),
		);
		expect(data.category).toEqual(['Electronics/Laptops/Gaming Laptops']);
		expect(store.productBySku(p.sku)!.categories).toEqual([
			{ code: 'gaming-laptops', channel: 'web', sort_order: 7 },
		]);
		// same code in another channel is another category
		const again: any = expectEnvelope(
			await post(base, 'product/assign-category', {
				form: { sku: p.sku, code: 'shirts', channel: 'amazon' },
			}),
		);
		expect(again.category).toEqual(['Electronics/Laptops/Gaming Laptops', 'Apparel/Shirts']);
		// re-assigning updates the sort order
		expectEnvelope(
			await post(base, 'product/assign-category', {
				form: { sku: p.sku, code: 'gaming-laptops', channel: 'web', sort_order: '2' },
			}),
		);
		expect(store.productBySku(p.sku)!.categories[0].sort_order).toBe(2);
		// the category product list shows it
		const cat = store.categoryByCode('web', 'laptops')!;
		const list: any = expectEnvelope(
			await get(base, 'category/get-products', {
				query: { id: String(cat.id), 'pagination[pageLimit]': '1000' },
			}),
		);
		expect(list.record.map((r: any) => r.sku)).toContain(p.sku);
	});

	it('validation', async () => {
		expect(
			Object.keys(
				(expectEnvelope(await post(base, 'product/assign-category', { form: {} }), 422) as any)
					.errors,
			),
		).toEqual(['sku', 'code', 'channel']);
		expectEnvelope(
			await post(base, 'product/assign-category', {
				form: { sku: 'NOPE', code: 'shirts', channel: 'web' },
			}),
			404,
		);
		const badCh: any = expectEnvelope(
			await post(base, 'product/assign-category', {
				form: { sku: 'SKU-000001', code: 'shirts', channel: 'moon' },
			}),
			422,
		);
		expect(badCh.errors.channel[0]).toContain('moon');
		// "skincare" exists only in amazon
		const badCat: any = expectEnvelope(
			await post(base, 'product/assign-category', {
				form: { sku: 'SKU-000001', code: 'skincare', channel: 'web' },
			}),
			422,
		);
		expect(badCat.errors.code[0]).toContain('skincare');
		expectEnvelope(
			await post(base, 'product/assign-category', {
				form: { sku: 'SKU-000001', code: 'shirts', channel: 'web', sort_order: 'first' },
			}),
			422,
		);
	});
});

describe('store API for tests', () => {
	it('createProduct, updateProduct and touchProduct change what the API serves', async () => {
		const store = demo();
		const p = store.createProduct({
			sku: 'DIRECT-1',
			familyCode: 'beauty',
			values: { name: 'Direct Serum' },
			channels: [{ code: 'web', status: 1 }],
		});
		expect(p.id).toBe(201);
		const listed: any = expectEnvelope(
			await get(base, 'product', { query: { 'filter[sku]': 'DIRECT-1' } }),
		);
		expect(listed.record[0]).toMatchObject({
			name: 'Direct Serum',
			family: 'Beauty',
			updated_at: '2026-03-04 05:06:07',
		});
		store.updateProduct('DIRECT-1', {
			values: { name: 'Renamed' },
			updatedAt: new Date('2026-05-05T05:05:05Z'),
		});
		let shown: any = expectEnvelope(await get(base, 'product/show', { query: { id: '201' } }));
		expect(shown).toMatchObject({ name: 'Renamed', updated_at: '2026-05-05 05:05:05' });
		store.updateProduct('DIRECT-1', (rec) => {
			rec.values.size = '250 ml';
		});
		store.touchProduct('DIRECT-1', new Date('2026-06-06T06:06:06Z'));
		shown = expectEnvelope(await get(base, 'product/show', { query: { id: '201' } }));
		expect(shown).toMatchObject({ size: '250 ml', updated_at: '2026-06-06 06:06:06' });
		expect(() => store.createProduct({ sku: 'DIRECT-1', familyCode: 'beauty' })).toThrow(
			/already been taken/,
		);
		expect(() => store.updateProduct('NOPE', {})).toThrow(/not found/);
		expect(() => store.updateProduct('DIRECT-1', { channels: [{ code: 'moon' }] })).toThrow(/moon/);
		expect(store.productBySku('DIRECT-1')!.channels).toEqual([
			{ code: 'web', status: 1, completeness_status: null },
		]);
	});

	it('reset() reseeds changed accounts to the initial state', async () => {
		const store = demo();
		const original = store.productBySku('SKU-000003')!.values.name;
		expectEnvelope(
			await put(base, 'product', {
				form: { sku: 'SKU-000003', language_code: 'en_US', name: 'Changed' },
			}),
		);
		store.createProduct({ sku: 'TEMP', familyCode: 'home' });
		sb.reset();
		expect(store.productBySku('SKU-000003')!.values.name).toBe(original);
		expect(store.productBySku('TEMP')).toBeUndefined();
		expect(store.products).toHaveLength(200);
		const shown: any = expectEnvelope(await get(base, 'product/show', { query: { id: '3' } }));
		expect(shown.name).toBe(original);
	});
});
