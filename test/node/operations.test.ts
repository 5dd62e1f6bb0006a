/**
 * Every one of the 23 operations of the contract, run through n8n-core's workflow execution
 * against the sandbox over HTTP: the request that reached the server, and the items produced.
 */
import { runPim } from '../../harness/in-process';
import { attributes, categories, channels, productWrite } from '../../harness/product-write';
import { requests, useSandbox } from '../helpers/sandbox';

const env = useSandbox();
const rl = (value: string | number) => ({ __rl: true, mode: 'id', value: String(value) });

beforeEach(() => {
	env.sb.reset();
});

describe('read operations: request and items', () => {
	// [resource, operation, parameters, method, path, query expected]
	const cases: Array<
		[string, string, Record<string, unknown>, string, string, Record<string, string>]
	> = [
		['product', 'get', { productId: rl(3) }, 'GET', '/api/integration/product/show', { id: '3' }],
		[
			'category',
			'get',
			{ categoryId: rl(2) },
			'GET',
			'/api/integration/category/show',
			{ id: '2' },
		],
		['family', 'get', { familyId: rl(1) }, 'GET', '/api/integration/family/show', { id: '1' }],
		[
			'attribute',
			'get',
			{ attributeId: rl(4) },
			'GET',
			'/api/integration/attribute/show',
			{ id: '4' },
		],
		['locale', 'get', { localeId: rl(1) }, 'GET', '/api/integration/locale/show', { id: '1' }],
		[
			'currency',
			'get',
			{ currencyId: rl(2) },
			'GET',
			'/api/integration/currencies/show',
			{ id: '2' },
		],
		[
			'relation',
			'get',
			{ relationId: rl(1) },
			'GET',
			'/api/integration/relation/show',
			{ id: '1' },
		],
	];

	it.each(cases)(
		'%s.%s sends %s and returns the record',
		async (resource, operation, params, method, path, query) => {
			env.sb.clearLog();
			const { items, error } = await runPim(env.creds(), { resource, operation, ...params });
			expect(error).toBeUndefined();
			const [req] = requests(env.sb);
			expect(requests(env.sb)).toHaveLength(1);
			expect(req).toMatchObject({ method, path, query });
			expect(req.headers.token).toBe('demo-token');
			expect(req.headers['x-domain']).toBe('demo');
			expect(items).toHaveLength(1);
			expect(items[0].json.id).toBe(Number(query.id));
			expect(items[0].pairedItem).toEqual({ item: 0 });
		},
	);

	it('channel.get posts id and locale as a form body', async () => {
		env.sb.clearLog();
		const { items, error } = await runPim(env.creds(), {
			resource: 'channel',
			operation: 'get',
			channelId: rl(2),
			channelOptions: { locale: 'de_DE' },
		});
		expect(error).toBeUndefined();
		const [req] = requests(env.sb);
		expect(req).toMatchObject({
			method: 'POST',
			path: '/api/integration/channel/show',
			body: { id: '2', locale: 'de_DE' },
		});
		expect(env.sb.log[0].contentType).toContain('application/x-www-form-urlencoded');
		expect(items[0].json).toMatchObject({ id: 2, code: env.sb.account('demo').channels[1].code });
	});

	it('channel.getAttributes lists the channel attributes with its locale', async () => {
		env.sb.clearLog();
		const channel = env.sb.account('demo').channels[0];
		const { items } = await runPim(env.creds(), {
			resource: 'channel',
			operation: 'getAttributes',
			channelId: rl(channel.id),
			returnAll: true,
			channelOptions: { locale: 'en_US' },
		});
		expect(requests(env.sb)[0]).toMatchObject({
			method: 'GET',
			path: '/api/integration/channel/attribute',
			query: { id: String(channel.id), locale: 'en_US' },
		});
		const expected = env.sb
			.account('demo')
			.channelAttributes(channel)
			.map((a) => a.code);
		expect(items.map((i) => i.json.code)).toEqual(expected);
	});

	it('relation.getProductRelation sends sku and relation_id', async () => {
		env.sb.clearLog();
		const product = env.sb.account('demo').products[4];
		const { items, error } = await runPim(env.creds(), {
			resource: 'relation',
			operation: 'getProductRelation',
			sku: product.sku,
			relationId: rl(1),
		});
		expect(error).toBeUndefined();
		expect(requests(env.sb)[0]).toMatchObject({
			method: 'GET',
			path: '/api/integration/relation/product-relation',
			query: { sku: product.sku, relation_id: '1' },
		});
		expect(items.length).toBeGreaterThanOrEqual(1);
		expect(JSON.stringify(items[0].json)).toContain(product.sku);
	});
});

describe('list operations', () => {
	const lists: Array<[string, string, string, boolean, (d: string) => number]> = [
		[
			'product',
			'getAll',
			'/api/integration/product',
			true,
			(d) => env.sb.account(d).products.length,
		],
		[
			'category',
			'getAll',
			'/api/integration/category',
			true,
			(d) => env.sb.account(d).categories.length,
		],
		['family', 'getAll', '/api/integration/family', true, (d) => env.sb.account(d).families.length],
		[
			'attribute',
			'getAll',
			'/api/integration/attribute',
			true,
			(d) => env.sb.account(d).attributes.length,
		],
		[
			'relation',
			'getAll',
			'/api/integration/relation',
			true,
			(d) => env.sb.account(d).relations.length,
		],
		[
			'channel',
			'getAll',
			'/api/integration/channel',
			false,
			(d) => env.sb.account(d).channels.length,
		],
		['locale', 'getAll', '/api/integration/locale', false, (d) => env.sb.account(d).locales.length],
		[
			'currency',
			'getAll',
			'/api/integration/currencies',
			false,
			(d) => env.sb.account(d).currencies.length,
		],
	];

	it.each(lists)(
		'%s.getAll with Return All reads every record once',
		async (resource, operation, path, paginated, count) => {
			env.sb.clearLog();
			const pageSize = 2;
			const { items, error } = await runPim(env.creds(), {
				resource,
				operation,
				returnAll: true,
				...(paginated ? { options: { pageSize } } : {}),
			});
			expect(error).toBeUndefined();
			const total = count('demo');
			expect(total).toBeGreaterThan(0);
			expect(items).toHaveLength(total);
			expect(new Set(items.map((i) => i.json.id)).size).toBe(total);
			const log = requests(env.sb);
			expect(log.every((r) => r.method === 'GET' && r.path === path)).toBe(true);
			if (paginated) {
				expect(log).toHaveLength(Math.ceil(total / pageSize));
				expect(
					log.map((r) => r.query['pagination[currentPage]']).sort((a, b) => Number(a) - Number(b)),
				).toEqual(log.map((_, i) => String(i + 1)));
				expect(log.every((r) => r.query['pagination[pageLimit]'] === String(pageSize))).toBe(true);
			} else {
				expect(log).toHaveLength(1);
			}
		},
	);

	it.each(lists)('%s.getAll with Limit 1 returns one item', async (resource, operation) => {
		const { items } = await runPim(env.creds(), {
			resource,
			operation,
			returnAll: false,
			limit: 1,
		});
		expect(items).toHaveLength(1);
	});

	it('product.getAll: Return All across pages with a partial last page', async () => {
		env.sb.clearLog();
		const { items } = await runPim(env.creds(), {
			resource: 'product',
			operation: 'getAll',
			returnAll: true,
			options: { pageSize: 10 },
		});
		const skus = env.sb.account('demo').products.map((p) => p.sku);
		expect(items.map((i) => i.json.sku)).toEqual(skus); // 25 products: pages of 10, 10, 5, in order
		expect(requests(env.sb)).toHaveLength(3);
		expect(items.every((i) => i.pairedItem && (i.pairedItem as { item: number }).item === 0)).toBe(
			true,
		);
	});

	it('product.getAll: a Limit smaller than a page reads one page', async () => {
		env.sb.clearLog();
		const { items } = await runPim(env.creds(), {
			resource: 'product',
			operation: 'getAll',
			returnAll: false,
			limit: 4,
			options: { pageSize: 10 },
		});
		expect(items.map((i) => i.json.sku)).toEqual(
			env.sb
				.account('demo')
				.products.slice(0, 4)
				.map((p) => p.sku),
		);
		expect(requests(env.sb)).toHaveLength(1);
	});

	it('product.getAll without a Page Size: Return All reads pages of 1000, a Limit one page of that size', async () => {
		const total = env.sb.account('demo').products.length;
		env.sb.clearLog();
		const all = await runPim(env.creds(), {
			resource: 'product',
			operation: 'getAll',
			returnAll: true,
		});
		expect(all.items).toHaveLength(total);
		expect(requests(env.sb).map((r) => r.query['pagination[pageLimit]'])).toEqual(['1000']);

		env.sb.clearLog();
		const some = await runPim(env.creds(), {
			resource: 'product',
			operation: 'getAll',
			returnAll: false,
			limit: 7,
		});
		expect(some.items.map((i) => i.json.sku)).toEqual(
			env.sb
				.account('demo')
				.products.slice(0, 7)
				.map((p) => p.sku),
		);
		expect(requests(env.sb).map((r) => r.query['pagination[pageLimit]'])).toEqual(['7']);
	});

	it('product.getAll: a Limit spanning pages stops at the limit', async () => {
		env.sb.clearLog();
		const { items } = await runPim(env.creds(), {
			resource: 'product',
			operation: 'getAll',
			returnAll: false,
			limit: 13,
			options: { pageSize: 5 },
		});
		expect(items.map((i) => i.json.sku)).toEqual(
			env.sb
				.account('demo')
				.products.slice(0, 13)
				.map((p) => p.sku),
		);
		expect(requests(env.sb)).toHaveLength(3);
	});

	it('product.getAll: several attribute filters go as filter[<code>]', async () => {
		const target = env.sb.account('demo').products[7];
		env.sb.clearLog();
		const { items } = await runPim(env.creds(), {
			resource: 'product',
			operation: 'getAll',
			returnAll: true,
			filters: {
				filter: [
					{ attribute: 'sku', value: target.sku },
					{ attribute: 'name', value: target.values.name },
				],
			},
		});
		expect(requests(env.sb)[0].query).toMatchObject({
			'filter[sku]': target.sku,
			'filter[name]': target.values.name,
		});
		expect(items.map((i) => i.json.sku)).toEqual([target.sku]);
	});

	it('category.getProducts lists the products of a category across pages', async () => {
		const account = env.sb.account('demo');
		const category = account.categories.find((c) => account.productsInCategory(c).length > 1)!;
		const expected = account.productsInCategory(category).map((p) => p.sku);
		env.sb.clearLog();
		const { items } = await runPim(env.creds(), {
			resource: 'category',
			operation: 'getProducts',
			categoryId: rl(category.id),
			returnAll: true,
			options: { pageSize: 1 },
		});
		expect(items.map((i) => i.json.sku)).toEqual(expected);
		const log = requests(env.sb);
		expect(log[0]).toMatchObject({
			method: 'GET',
			path: '/api/integration/category/get-products',
			query: { id: String(category.id) },
		});
		expect(log).toHaveLength(expected.length);
	});
});

describe('write operations: decoded form body and state', () => {
	const account = () => env.sb.account('demo');

	it('product.create sends the bracketed form and creates the product', async () => {
		const family = account().families[0].code;
		const [web, second] = account().channels;
		const category = account().categories.find((c) => c.channelCode === web.code)!;
		env.sb.clearLog();
		const { items, error } = await runPim(
			env.creds(),
			productWrite('create', {
				sku: 'TSHIRT-001',
				familyCode: family,
				channels: channels(
					{ code: web.code, status: true, completenessStatus: 'complete' },
					second.code,
				),
				categories: categories({ code: category.code, channel: web.code }),
				attributes: attributes({ name: 'Basic Tee' }),
				multiSelectAttributes: { attribute: [{ code: 'color', values: ['red', 'blue'] }] },
				images: ['https://img.example.com/a.png', 'https://img.example.com/b.png'],
			}),
		);
		expect(error).toBeUndefined();
		const [req] = env.sb.log;
		expect(req.method).toBe('POST');
		expect(req.path).toBe('/api/integration/product');
		expect(req.contentType).toContain('application/x-www-form-urlencoded');
		expect(req.rawBody).toContain('channel[0][code]=' + web.code);
		expect(req.rawBody).toContain('color-multi-select[]=red&color-multi-select[]=blue');
		expect(req.body).toEqual({
			sku: 'TSHIRT-001',
			family_code: family,
			language_code: 'en_US',
			channel: [
				{ code: web.code, status: '1', completeness_status: 'complete' },
				{ code: second.code, status: '0' },
			],
			name: 'Basic Tee',
			'color-multi-select': ['red', 'blue'],
			image: ['https://img.example.com/a.png', 'https://img.example.com/b.png'],
			category: [{ code: category.code, channel: web.code }],
		});
		const created = account().productBySku('TSHIRT-001')!;
		expect(created.values.name).toBe('Basic Tee');
		expect(created.channels).toEqual([
			{ code: web.code, status: 1, completeness_status: 'complete' },
			{ code: second.code, status: 0, completeness_status: null },
		]);
		expect(items[0].json).toMatchObject({ sku: 'TSHIRT-001', id: created.id });
	});

	it('product.update sends is_data_overwrite and replaces the lists', async () => {
		const product = account().products[0];
		const channel = account().channels[2].code;
		env.sb.clearLog();
		const { items, error } = await runPim(
			env.creds(),
			productWrite('update', {
				sku: product.sku,
				updateFields: { isDataOverwrite: true },
				channels: channels({ code: channel, status: true }),
				attributes: attributes({ name: 'Renamed' }),
			}),
		);
		expect(error).toBeUndefined();
		const [req] = env.sb.log;
		expect(req.method).toBe('PUT');
		expect(req.body).toEqual({
			sku: product.sku,
			language_code: 'en_US',
			is_data_overwrite: '1',
			channel: [{ code: channel, status: '1' }],
			name: 'Renamed',
		});
		const updated = account().productBySku(product.sku)!;
		expect(updated.values.name).toBe('Renamed');
		expect(updated.channels.map((c) => c.code)).toEqual([channel]);
		expect(items[0].json).toMatchObject({ sku: product.sku, name: 'Renamed' });
	});

	it('product.assignChannel sends sku, code and status 0 by default', async () => {
		const product = account().products[1];
		const channel = account().channels.find(
			(c) => !product.channels.some((pc) => pc.code === c.code),
		)!;
		env.sb.clearLog();
		await runPim(env.creds(), {
			resource: 'product',
			operation: 'assignChannel',
			sku: product.sku,
			channelCode: channel.code,
		});
		expect(env.sb.log[0]).toMatchObject({
			method: 'POST',
			path: '/api/integration/product/assign-channel',
			body: { sku: product.sku, code: channel.code, status: '0' },
		});
		expect(
			account()
				.productBySku(product.sku)!
				.channels.find((c) => c.code === channel.code)?.status,
		).toBe(0);
	});

	it('product.assignCategory sends sku, code, channel and sort_order', async () => {
		const product = account().products[2];
		const category = account().categories[account().categories.length - 1];
		env.sb.clearLog();
		const { error } = await runPim(env.creds(), {
			resource: 'product',
			operation: 'assignCategory',
			sku: product.sku,
			channelCode: category.channelCode,
			categoryCode: category.code,
			additionalFields: { sortOrder: 7 },
		});
		expect(error).toBeUndefined();
		expect(env.sb.log[0]).toMatchObject({
			method: 'POST',
			path: '/api/integration/product/assign-category',
			body: {
				sku: product.sku,
				code: category.code,
				channel: category.channelCode,
				sort_order: '7',
			},
		});
		expect(account().productBySku(product.sku)!.categories).toContainEqual({
			code: category.code,
			channel: category.channelCode,
			sort_order: 7,
		});
	});
});

describe('API errors', () => {
	const input = [{ id: 1 }, { id: 999999 }, { id: 2 }];
	const params = { resource: 'product', operation: 'get', productId: rl('={{ $json.id }}') };

	it('an unknown id fails the node with the API message and status', async () => {
		const { error, items } = await runPim(env.creds(), params, { input });
		expect(items).toHaveLength(0);
		expect(error).toBeDefined();
		expect(error!.message).toMatch(/not found/i);
		expect(error!.httpCode).toBe('404');
	});

	it('with Continue On Fail the other items complete, in order', async () => {
		const { error, items } = await runPim(env.creds(), params, { input, continueOnFail: true });
		expect(error).toBeUndefined();
		expect(items).toHaveLength(3);
		expect(items[0].json.id).toBe(1);
		expect(items[1].json.error ?? items[1].error).toBeDefined();
		expect(JSON.stringify(items[1])).toMatch(/not found/i);
		expect(items[2].json.id).toBe(2);
	});

	it('a wrong token says to check the credential, without the token', async () => {
		const { error } = await runPim(env.creds('demo', 'wrong-secret-token'), {
			resource: 'family',
			operation: 'getAll',
			returnAll: true,
		});
		expect(error!.httpCode).toBe('401');
		expect(error!.description).toMatch(/Token and Domain/);
		expect(JSON.stringify(error)).not.toContain('wrong-secret-token');
	});
});
