'use strict';
/**
 * What each example workflow must do, checked against the sandbox's state after `n8n execute`.
 * Every spec runs on a freshly reset sandbox (demo account, 200 seeded products).
 *
 * ctx: { pim(path) -> data of GET /api/integration/<path> as the demo account,
 *        admin(path, opts) -> sandbox admin endpoint, execute(id) -> { run, ms } }
 */
const { accountHeaders, AKENEO_ACCOUNT, COPY_TARGET, fmtMs } = require('../harness');
const { ok, eq, sameMembers, matches } = require('./assert');

const SEED_PRODUCTS = 200;

/** Items (json) that a node produced in an IRun (first run, main output 0). */
function items(run, nodeName) {
	const runs = run.data.resultData.runData[nodeName];
	ok(runs && runs.length, `node "${nodeName}" did not run`);
	const r = runs[0];
	ok(!r.error, `node "${nodeName}" failed: ${r.error && r.error.message}`);
	return ((r.data && r.data.main && r.data.main[0]) || []).map((i) => i.json);
}

async function allProducts(ctx, query = '') {
	const data = await ctx.pim(`product?pagination[pageLimit]=1000${query}`);
	ok(data.recordsTotal <= 1000, 'more than 1000 products: the check would need paging');
	return data.record;
}

async function productCount(ctx) {
	return (await ctx.admin('/accounts/demo')).products;
}

function channel(state, code) {
	return state.channels.find((c) => c.code === code);
}

function hasCategory(state, code, ch) {
	return state.categories.some((c) => c.code === code && c.channel === ch);
}

const specs = [
	{
		id: 'pimImportJson',
		file: 'import-products-from-json.json',
		async verify(ctx) {
			const before = await ctx.admin('/accounts/demo/products/SKU-000012');
			const { run } = await ctx.execute(this.id);
			const out = items(run, 'Create or update product');
			eq(
				out.map((i) => [i.sku, i.operation]),
				[
					['TEE-ORGANIC-001', 'created'],
					['TEE-ORGANIC-002', 'created'],
					['SKU-000012', 'updated'],
				],
				'upsert output (sku, operation)',
			);
			eq(await productCount(ctx), SEED_PRODUCTS + 2, 'products in the account');
			const tee = await ctx.admin('/accounts/demo/products/TEE-ORGANIC-001');
			matches(
				tee,
				{
					familyCode: 'clothing',
					values: { name: 'Organic Cotton Tee', price: '24.90 USD', material: 'Cotton' },
				},
				'TEE-ORGANIC-001',
			);
			eq(tee.multiSelect.color, ['White', 'Navy'], 'TEE-ORGANIC-001 colours');
			eq(
				tee.channels.map((c) => [c.code, c.status]),
				[['web', 1]],
				'TEE-ORGANIC-001 channels',
			);
			ok(hasCategory(tee, 't-shirts', 'web'), 'TEE-ORGANIC-001 is in web / t-shirts');
			eq(
				tee.images,
				['https://cdn.example.com/demo/tee-organic-001.jpg'],
				'TEE-ORGANIC-001 images',
			);
			const tee2 = await ctx.admin('/accounts/demo/products/TEE-ORGANIC-002');
			eq(tee2.images, [], 'TEE-ORGANIC-002 images (empty image skipped)');
			const upd = await ctx.admin('/accounts/demo/products/SKU-000012');
			eq(upd.values.price, '39.00 EUR', 'SKU-000012 price after update');
			eq(
				upd.multiSelect.color,
				[...before.multiSelect.color.filter((c) => c !== 'Olive'), 'Olive'],
				'SKU-000012 colours (merged)',
			);
			eq(channel(upd, 'web') && channel(upd, 'web').status, 1, 'SKU-000012 active in web');
			ok(hasCategory(upd, 't-shirts', 'web'), 'SKU-000012 added to web / t-shirts');
			ok(
				upd.created_at === before.created_at && upd.updated_at !== before.updated_at,
				'SKU-000012 updated in place',
			);
			return '2 created, 1 updated; values, colours, channel, category, image verified';
		},
	},
	{
		id: 'pimSheetSync',
		file: 'sync-products-from-spreadsheet.json',
		async verify(ctx) {
			const { run } = await ctx.execute(this.id);
			const out = items(run, 'Create or update from row');
			eq(
				out.map((i) => i.operation),
				['created', 'created', 'updated'],
				'operations per row',
			);
			eq(await productCount(ctx), SEED_PRODUCTS + 2, 'products in the account');
			const m1 = await ctx.admin('/accounts/demo/products/MUG-STONE-001');
			const m2 = await ctx.admin('/accounts/demo/products/MUG-STONE-002');
			matches(
				m1,
				{ familyCode: 'home', values: { name: 'Stoneware Mug', price: '12.50 USD' } },
				'MUG-STONE-001',
			);
			eq(
				m1.channels.map((c) => [c.code, c.status]),
				[['retail', 1]],
				'MUG-STONE-001 channel (Active = yes)',
			);
			eq(
				m2.channels.map((c) => [c.code, c.status]),
				[['retail', 0]],
				'MUG-STONE-002 channel (Active = no)',
			);
			const old = await ctx.admin('/accounts/demo/products/SKU-000015');
			eq(old.values.price, '9.99 USD', 'SKU-000015 price');
			eq(channel(old, 'retail') && channel(old, 'retail').status, 1, 'SKU-000015 active in retail');
			return '3 rows: 2 created, 1 updated; prices and channel status from the Active column verified';
		},
	},
	{
		id: 'pimSheet25',
		file: 'import-a-25-column-product-sheet.json',
		async verify(ctx) {
			const before = await ctx.admin('/accounts/demo/products/SKU-000020');
			await ctx.admin('/log', { method: 'DELETE' });
			const { run } = await ctx.execute(this.id);
			eq(
				items(run, 'Create or update product').map((i) => [i.sku, i.operation]),
				[
					['SHEET-TEE-001', 'created'],
					['SHEET-TEE-002', 'created'],
					['SKU-000020', 'updated'],
				],
				'upsert output (sku, operation)',
			);
			const expected = {
				'SHEET-TEE-001': {
					values: {
						name: 'Heavyweight Tee',
						upc: '4006381333931',
						size: 'L',
						price: '24.90 USD',
						weight: '0,32 Kilogram',
						inStock: '120',
						warranty: '2',
						manu_date: '2024/03/15',
						web_description: '<p>Heavy cotton, boxy fit.</p>',
						short_description: 'Heavyweight cotton tee',
						meta_keyword: 'tee, heavyweight',
						meta_description: 'A heavyweight cotton tee',
						banner: 'https://cdn.example.com/demo/banners/heavy tee.png',
						material: 'Cotton',
					},
					color: ['Black', 'White'],
					channels: [['web', 1]],
					images: ['https://cdn.example.com/demo/sheet-tee-001.jpg'],
				},
				'SHEET-TEE-002': {
					values: {
						name: 'Linen Shirt',
						price: '59,00 USD',
						manu_date: '2024/04/01',
						catalog: 'https://cdn.example.com/demo/catalogs/summer.pdf',
						material: 'Linen',
					},
					color: ['Beige'],
					channels: [['web', 0]],
					images: [],
				},
			};
			for (const [sku, want] of Object.entries(expected)) {
				const st = await ctx.admin(`/accounts/demo/products/${sku}`);
				matches(st, { familyCode: 'clothing', values: want.values }, sku);
				eq(st.multiSelect.color, want.color, `${sku} colours`);
				eq(
					st.channels.map((c) => [c.code, c.status]),
					want.channels,
					`${sku} channels (Active column)`,
				);
				ok(hasCategory(st, 't-shirts', 'web'), `${sku} is in web / t-shirts`);
				eq(st.images, want.images, `${sku} images`);
			}
			const second = await ctx.admin('/accounts/demo/products/SHEET-TEE-002');
			ok(!('banner' in second.values), 'an empty Banner cell sent nothing');
			const upd = await ctx.admin('/accounts/demo/products/SKU-000020');
			matches(
				upd,
				{
					values: {
						name: 'Relaunched Classic',
						price: '31.50 USD',
						manu_date: '2023/11/30',
						material: 'Polyester',
					},
				},
				'SKU-000020 after the update',
			);
			eq(
				upd.multiSelect.color,
				[...(before.multiSelect.color || []).filter((c) => c !== 'Navy'), 'Navy'],
				'SKU-000020 colours (merged)',
			);
			const log = await ctx.admin('/log');
			const writes = log.filter((r) => r.path === '/api/integration/product' && r.method !== 'GET');
			eq(writes.length, 3, 'product writes');
			for (const w of writes)
				for (const key of [
					'Supplier',
					'Purchase Price',
					'Notes',
					'Family',
					'Channel',
					'Active',
					'Category',
					'Image',
					'SKU',
				])
					ok(!(key in w.body), `column "${key}" was sent (${w.body.sku})`);
			eq(
				log.filter((r) => r.path === '/api/integration/attribute').length,
				1,
				'attribute list read once for the run',
			);
			return '25 columns: 2 created, 1 updated; 16 attribute columns (by code, any case, or title) stored, 9 other columns not sent';
		},
	},
	{
		id: 'pimPublish',
		file: 'publish-products-to-channel.json',
		async verify(ctx) {
			const expected = (
				await allProducts(ctx, '&filter[material]=Leather&filter[inStock]=Yes')
			).map((p) => p.sku);
			ok(expected.length > 0, 'the sandbox has in-stock leather products');
			await ctx.admin('/log', { method: 'DELETE' });
			const { run } = await ctx.execute(this.id);
			sameMembers(
				items(run, 'Find in-stock leather products').map((p) => p.sku),
				expected,
				'products found',
			);
			eq(items(run, 'Publish to Amazon').length, expected.length, 'products published');
			for (const sku of expected) {
				const st = await ctx.admin(`/accounts/demo/products/${sku}`);
				eq(channel(st, 'amazon') && channel(st, 'amazon').status, 1, `${sku} active in amazon`);
			}
			const log = await ctx.admin('/log');
			const assigns = log.filter((r) => r.path === '/api/integration/product/assign-channel');
			sameMembers(
				assigns.map((r) => r.body.sku),
				expected,
				'assign-channel requests',
			);
			ok(
				assigns.every(
					(r) => r.body.code === 'amazon' && String(r.body.status) === '1' && r.status === 200,
				),
				'every assign-channel sent code=amazon, status=1 and succeeded',
			);
			return `${expected.length} products found by 2 filters and published (amazon, active)`;
		},
	},
	{
		id: 'pimCategoryList',
		file: 'list-category-products.json',
		async verify(ctx) {
			const expected = (await ctx.pim('category/get-products?id=7&pagination[pageLimit]=1000'))
				.record;
			ok(expected.length > 0, 'category 7 has products');
			const { run } = await ctx.execute(this.id);
			eq(
				items(run, "Products in category 'Shoes'").map((p) => p.sku),
				expected.map((p) => p.sku),
				'products of category 7 (in order)',
			);
			eq(
				items(run, 'SKU, name and price'),
				expected.map((p) => ({ sku: p.sku, name: p.name, price: p.price, family: p.family })),
				'Set node output',
			);
			return `${expected.length} products of Web Store / Shoes (with subcategories)`;
		},
	},
	{
		id: 'pimExportAll',
		file: 'export-all-products.json',
		async verify(ctx) {
			const expected = await allProducts(ctx);
			await ctx.admin('/log', { method: 'DELETE' });
			const { run } = await ctx.execute(this.id);
			const all = items(run, 'All products');
			eq(
				all.map((p) => p.sku),
				expected.map((p) => p.sku),
				'all products, in order',
			);
			eq(all[0], expected[0], 'first product record');
			const rows = items(run, 'Write rows (replace me)');
			eq(rows.length, expected.length, 'rows');
			const p = expected[0];
			eq(
				rows[0],
				{
					sku: p.sku,
					name: p.name,
					family: p.family,
					price: p.price,
					colors: p.color.join(', '),
					categories: p.category.join(' | '),
					active: p.status === 1,
					updated_at: p.updated_at,
				},
				'first row',
			);
			const pages = (await ctx.admin('/log')).filter(
				(r) => r.path === '/api/integration/product' && r.method === 'GET',
			);
			ok(
				pages.every((r) => r.query['pagination[pageLimit]'] === '100'),
				'pages of 100 requested',
			);
			const pageNumbers = pages
				.map((r) => Number(r.query['pagination[currentPage]']))
				.sort((a, b) => a - b);
			ok(
				pageNumbers[0] === 1 && pageNumbers.includes(2),
				`pages 1 and 2 read (got ${pageNumbers.join(',')})`,
			);
			return `${all.length} products exported in ${pages.length} requests, flattened rows verified`;
		},
	},
	{
		id: 'pimExportAnySize',
		file: 'export-a-catalogue-of-any-size.json',
		async verify(ctx) {
			// 200 products: one short slice, the loop ends at once (the 150 000-product run is in
			// e2e/scale.js).
			const expected = await allProducts(ctx);
			await ctx.admin('/log', { method: 'DELETE' });
			const { run } = await ctx.execute(this.id);
			eq(
				items(run, 'Slice of products').map((p) => p.sku),
				expected.map((p) => p.sku),
				'the slice holds every product, in order',
			);
			eq(items(run, 'Write rows (replace me)').length, expected.length, 'rows');
			eq(
				items(run, 'Slice summary'),
				[{ startPage: 1, records: expected.length, nextStartPage: 101 }],
				'slice summary',
			);
			eq(items(run, 'Done').length, 1, 'the loop ended after one slice');
			ok(!run.data.resultData.runData['Next slice'], 'no next slice was asked for');
			const pages = (await ctx.admin('/log')).filter((r) => r.path === '/api/integration/product');
			eq(
				pages.map((r) => [r.query['pagination[currentPage]'], r.query['pagination[pageLimit]']]),
				[['1', '1000']],
				'one request: page 1 of 1000',
			);
			return `${expected.length} products in 1 slice (1 request), loop ended`;
		},
	},
	{
		id: 'pimCatalogRef',
		file: 'catalog-reference-data.json',
		async verify(ctx) {
			await ctx.admin('/log', { method: 'DELETE' });
			const { run } = await ctx.execute(this.id);
			const list = async (p) => {
				const d = await ctx.pim(p);
				return Array.isArray(d) ? d : d.record;
			};
			const codes = (xs) => xs.map((x) => x.code);
			eq(
				codes(items(run, 'Families')),
				codes(await list('family?pagination[pageLimit]=1000')),
				'families',
			);
			eq(items(run, 'Family 2'), [await ctx.pim('family/show?id=2')], 'family 2');
			eq(codes(items(run, 'Channels')), codes(await list('channel')), 'channels');
			eq(
				items(run, 'Channel 1 (de_DE)').map((c) => c.code),
				['web'],
				'channel 1',
			);
			eq(
				codes(items(run, 'Attributes of channel 2')),
				codes(await list('channel/attribute?id=2')),
				'attributes of channel 2',
			);
			eq(
				codes(items(run, 'Attributes')),
				codes(await list('attribute?pagination[pageLimit]=1000')),
				'attributes',
			);
			eq(
				items(run, 'Attribute 5').map((a) => a.code),
				['price'],
				'attribute 5',
			);
			eq(codes(items(run, 'Locales')), codes(await list('locale')), 'locales');
			eq(
				items(run, 'Locale 2').map((a) => a.code),
				['de_DE'],
				'locale 2',
			);
			eq(codes(items(run, 'Currencies')), codes(await list('currencies')), 'currencies');
			eq(
				items(run, 'Currency 2').map((a) => a.code),
				['EUR'],
				'currency 2',
			);
			eq(
				codes(items(run, 'Relations')),
				codes(await list('relation?pagination[pageLimit]=1000')),
				'relations',
			);
			eq(
				items(run, 'Relation 1').map((a) => a.code),
				['cross_sell'],
				'relation 1',
			);
			eq(
				items(run, 'Cross-sells of SKU-000001'),
				[await ctx.pim('relation/product-relation?sku=SKU-000001&relation_id=1')],
				'cross-sells of SKU-000001',
			);
			eq(
				items(run, 'Categories').map((c) => c.id),
				(await list('category?pagination[pageLimit]=1000')).map((c) => c.id),
				'categories',
			);
			eq(items(run, 'Category 7'), [await ctx.pim('category/show?id=7')], 'category 7');
			const log = await ctx.admin('/log');
			const show = log.find((r) => r.path === '/api/integration/channel/show');
			ok(
				show &&
					show.method === 'POST' &&
					show.body &&
					show.body.id === '1' &&
					show.body.locale === 'de_DE',
				`channel/show sent POST id=1 locale=de_DE (got ${JSON.stringify(show && { m: show.method, b: show.body })})`,
			);
			ok(
				log.every((r) => r.status === 200 && r.account === 'demo'),
				'every request answered 200 for the demo account',
			);
			return '16 nodes: families, channels, channel attributes, attributes, locales, currencies, relations, product relation, categories';
		},
	},
	{
		id: 'pimProductLife',
		file: 'create-update-and-file-a-product.json',
		async verify(ctx) {
			const { run } = await ctx.execute(this.id);
			const [seed] = items(run, 'New product');
			const sku = seed.sku;
			const [created] = items(run, 'Create product');
			ok(
				created && created.sku === sku && Number(created.id) > SEED_PRODUCTS,
				`created ${sku} with a new id (got ${created && created.id})`,
			);
			eq(
				items(run, 'Update price and channels')[0].price,
				'129.00 USD',
				'price returned by the update',
			);
			const st = await ctx.admin(`/accounts/demo/products/${sku}`);
			matches(
				st,
				{
					familyCode: 'home',
					values: { name: 'Arc Floor Lamp', price: '129.00 USD', weight: '6.5 kg' },
				},
				sku,
			);
			eq(st.multiSelect.color, ['Black', 'Brass'], 'colours');
			eq(st.images.length, 2, 'images');
			eq(
				st.channels.map((c) => [c.code, c.status, c.completeness_status]),
				[
					['web', 1, 'complete'],
					['retail', 1, null],
				],
				'channels after the update',
			);
			ok(hasCategory(st, 'home', 'web'), 'category web / home (from create)');
			const filed = st.categories.find((c) => c.code === 'home' && c.channel === 'retail');
			ok(
				filed && Number(filed.sort_order) === 5,
				`category retail / home with sort order 5 (got ${JSON.stringify(filed)})`,
			);
			eq(
				items(run, 'Get by ID').map((p) => p.sku),
				[sku],
				'get by id',
			);
			eq(
				items(run, 'Get by SKU').map((p) => p.id),
				[created.id],
				'get by SKU',
			);
			eq(items(run, 'Get by SKU')[0], st.wire, 'record read back = sandbox record');
			return `${sku}: created, updated (price, channels), filed (retail/home, sort 5), read back by id and SKU`;
		},
	},
];

// The JSON import as saved before version 2 (Attributes / Multi-Select Attributes collections):
// a saved version-1 workflow must run unchanged and do exactly what it did.
const importJson = specs.find((s) => s.id === 'pimImportJson');
specs.splice(specs.indexOf(importJson) + 1, 0, {
	id: 'pimImportJsonV1',
	file: 'v1-import-products-from-json.json',
	fixture: true,
	verify: importJson.verify,
});

// The node as an AI agent's tool: n8n's Tool Executor runs the generated `pimTool` with a
// query, no language model needed; `$fromAI('sku')` reads the SKU from it. (1.x hands the tool
// the whole query, 2.x the part under the tool node's name: the query carries both.)
specs.push({
	id: 'pimAiToolTest',
	file: 'ai-tool-get-by-sku.json',
	fixture: true,
	async verify(ctx) {
		const [expected] = await allProducts(ctx, '&filter[sku]=SKU-000012');
		await ctx.admin('/log', { method: 'DELETE' });
		const { run } = await ctx.execute(this.id);
		const out = items(run, 'Run the tool');
		ok(out.length >= 1, 'the Tool Executor returned the tool result');
		const text = JSON.stringify(out);
		ok(
			text.includes('SKU-000012') && text.includes(expected.name),
			`the tool result holds the product: ${text.slice(0, 300)}`,
		);
		const reads = (await ctx.admin('/log')).filter((r) => r.path === '/api/integration/product');
		eq(
			reads.map((r) => r.query['filter[sku]']),
			['SKU-000012'],
			'one product look-up by the SKU from $fromAI',
		);
		return `pimTool via the Tool Executor: $fromAI('sku') = SKU-000012 -> ${expected.name}`;
	},
});

// ---- real exports in, real records out (#24) ----

/** examples/data/shop-products.csv as rows (RFC 4180: quoted fields, "" and line breaks). */
function csvRows(text, delimiter = ',') {
	const rows = [];
	let row = [];
	let field = '';
	let quoted = false;
	for (let i = 0; i < text.length; i++) {
		const c = text[i];
		if (quoted) {
			if (c === '"' && text[i + 1] === '"') ((field += '"'), i++);
			else if (c === '"') quoted = false;
			else field += c;
		} else if (c === '"') quoted = true;
		else if (c === delimiter) (row.push(field), (field = ''));
		else if (c === '\n') (row.push(field), rows.push(row), (row = []), (field = ''));
		else field += c;
	}
	if (field || row.length) (row.push(field), rows.push(row));
	const [header, ...data] = rows;
	return data.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? ''])));
}

/** A CSV file of examples/data/ as rows (the examples read it from n8n's files folder). */
const exampleRows = (file, delimiter = ',') =>
	csvRows(
		require('node:fs').readFileSync(
			require('node:path').join(__dirname, '..', 'examples', 'data', file),
			'utf8',
		),
		delimiter,
	);

/** The category paths of the demo account's web tree, by code (to compare what landed). */
async function webPaths(ctx) {
	const [categories, channels] = await Promise.all([
		ctx.pim('category?pagination[pageLimit]=1000'),
		ctx.pim('channel'),
	]);
	const web = channels.find((c) => c.code === 'web');
	const byId = new Map(categories.record.map((c) => [c.id, c]));
	const paths = new Map();
	for (const c of categories.record.filter((r) => r.channel_id === web.id)) {
		const titles = [];
		for (let at = c; at; at = byId.get(at.parent_id)) titles.unshift(at.title);
		paths.set(c.code, titles.join(' > '));
	}
	return paths;
}

specs.push({
	id: 'pimShopExport',
	file: 'import-a-shop-product-export.json',
	async verify(ctx) {
		const rows = exampleRows('shop-products.csv');
		const before = await productCount(ctx);
		const { run } = await ctx.execute(this.id);
		const out = items(run, 'Create or update product');
		eq(out.length, rows.length, 'one output item per CSV row');
		ok(
			out.every((o) => o.operation === 'created'),
			`every row created: ${JSON.stringify(out.filter((o) => o.operation !== 'created')).slice(0, 300)}`,
		);
		eq(await productCount(ctx), before + rows.length, 'products in the account');
		const paths = await webPaths(ctx);
		// The example's Category Map (Import Options); Sale has no match and is skipped.
		const MAP = {
			'Clothing > Tshirts': 'Clothing > Shirts > T-Shirts',
			'Clothing > Polos': 'Clothing > Shirts > Polo Shirts',
			'Clothing > Hoodies': 'Clothing > Shirts',
			'Clothing > Jeans': 'Clothing > Pants > Jeans',
			'Footwear > Boots': 'Shoes > Boots',
			'Footwear > Sneakers': 'Shoes > Sneakers',
		};
		let images = 0;
		let categories = 0;
		let skipped = 0;
		for (const [i, row] of rows.entries()) {
			const p = await ctx.admin(`/accounts/demo/products/${encodeURIComponent(row.SKU)}`);
			const where = `${row.SKU}`;
			eq(p.familyCode, 'clothing', `${where} family (set once, by its title)`);
			eq(p.values.name, row.Name, `${where} name`);
			eq(
				p.values.short_description,
				row['Short description'] || undefined,
				`${where} short description`,
			);
			eq(
				p.values.web_description,
				row.Description || undefined,
				`${where} description (quotes, line breaks)`,
			);
			eq(
				p.values.price,
				row['Regular price'] ? `${row['Regular price']} USD` : undefined,
				`${where} price (Regular price, Import Options → Currency)`,
			);
			eq(
				p.values.weight,
				row['Weight (lbs)'] ? `${row['Weight (lbs)']} Pound` : undefined,
				`${where} weight (the unit in the header)`,
			);
			eq(p.values.inStock, row['In stock?'], `${where} in stock`);
			eq(
				p.multiSelect.color ?? [],
				row['Attribute 1 value(s)'] ? row['Attribute 1 value(s)'].split(', ') : [],
				`${where} colours (Attribute 1 name/value(s))`,
			);
			eq(p.values.size, row['Attribute 2 value(s)'] || undefined, `${where} size (Attribute 2)`);
			const given = row.Categories ? row.Categories.split(', ') : [];
			eq(
				p.categories.map((c) => `${c.channel}: ${paths.get(c.code)}`).sort(),
				given
					.filter((g) => MAP[g])
					.map((g) => `web: ${MAP[g]}`)
					.sort(),
				`${where} categories (through the Category Map)`,
			);
			const sale = given.filter((g) => !MAP[g]);
			eq(out[i].skippedCategories ?? [], sale, `${where} skipped categories in its output`);
			eq(
				p.images,
				row.Images ? row.Images.split(', ') : [],
				`${where} images (one per URL of the cell)`,
			);
			eq(
				p.channels.map((c) => [c.code, c.status]),
				[['web', row.Published === '1' ? 1 : 0]],
				`${where} channel`,
			);
			images += p.images.length;
			categories += p.categories.length;
			skipped += sale.length;
		}
		const unmapped = out[0].unmappedColumns ?? {};
		ok(
			['Type', 'Tags', 'Parent', 'Length (in)'].every((c) => typeof unmapped[c] === 'string'),
			`the first item names the columns that went nowhere, each with its reason: ${JSON.stringify(unmapped)}`,
		);
		ok(
			['SKU', 'Categories', 'Images', 'Published'].every((c) => !(c in unmapped)),
			'the columns the parameters read are not reported as unmapped',
		);
		const mapped = out[0].mappedColumns ?? {};
		eq(
			[mapped['Weight (lbs)'], mapped['Regular price'], mapped['In stock?']],
			[['weight'], ['price'], ['inStock']],
			'the first item says where the export’s own columns went',
		);
		const bareWeights = rows.filter((r) => /^\./.test(r['Weight (lbs)'])).length;
		ok(bareWeights > 0, 'the export writes weights without a leading digit (.4)');
		ok(
			new RegExp(
				`^${rows.length} rows · ${Object.keys(unmapped).length} columns not written: .* · ${skipped} categor(y|ies) skipped on `,
			).test(out[0].notice ?? ''),
			`the first item's notice counts what was not written: ${out[0].notice}`,
		);
		const variations = rows.filter((r) => r.Type === 'variation').length;
		return `${rows.length} rows of a WooCommerce export (${variations} variations) created with no Edit Fields node; ${categories} categories through the Category Map, ${skipped} unknown skipped, ${images} images, weights in lbs (${bareWeights} written as .x), statuses from Published, prices with USD, colours and sizes from attribute pairs read back; ${Object.keys(unmapped).length} columns reported with their reasons; notice: "${out[0].notice}"`;
	},
});

specs.push({
	id: 'pimCopyAccounts',
	file: 'copy-products-between-accounts.json',
	/** The example's second credential: an empty account e2e/run.js adds to the sandbox. */
	target: COPY_TARGET,
	async verify(ctx) {
		const { run } = await ctx.execute(this.id);
		const out = items(run, 'Create or update in the target account');
		const source = await allProducts(ctx);
		eq(out.length, source.length, 'one output item per source product');
		ok(
			out.every((o) => o.operation === 'created'),
			'every product created in the target',
		);
		// Records of both accounts, without what the PIM sets itself (ids, slugs, times, status,
		// type, the product page's URL: not writable through the interface).
		const own = ['id', 'slug', 'updated_at', 'status', 'product_type_id', 'url'];
		const records = async (headers) => {
			const res = await fetch(
				`${ctx.sandboxUrl}/api/integration/product?pagination[pageLimit]=1000`,
				{
					headers,
				},
			);
			return (await res.json()).data.record
				.map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => !own.includes(k))))
				.sort((a, b) => a.sku.localeCompare(b.sku));
		};
		const copied = await records(accountHeaders(this.target));
		const original = await records(accountHeaders());
		eq(copied.length, original.length, 'products in the target');
		for (let i = 0; i < original.length; i++)
			eq(copied[i], original[i], `product ${original[i].sku}`);
		const withoutImage = original.filter((p) => p.image === null).length;
		const paths = new Set(original.flatMap((p) => p.category ?? []));
		return `${original.length} products copied to another account, equal field by field (${paths.size} category paths, ${withoutImage} without image)`;
	},
});

specs.push({
	id: 'pimTitlesFixed',
	file: 'v2-titles-typed-in.json',
	fixture: true,
	async verify(ctx) {
		const { run } = await ctx.execute(this.id);
		eq(items(run, 'Titles typed in')[0].sku, 'TITLES-1', 'created');
		const p = await ctx.admin('/accounts/demo/products/TITLES-1');
		eq(p.familyCode, 'home', 'family given by its title "Home & Living"');
		eq(
			p.channels.map((c) => c.code),
			['web'],
			'channel given by its name "Web Store"',
		);
		eq(
			[...new Set(p.categories.map((c) => `${c.channel}:${c.code}`))],
			['web:kitchen'],
			'categories "Home > Kitchen", "kitchen" (empty Channel), assigned by "Home/Kitchen" in "Web Store"',
		);
		return 'family, channel and categories typed as titles, names and paths: created and assigned';
	},
});

specs.push({
	id: 'pimGroupExpr',
	file: 'v2-group-expressions.json',
	fixture: true,
	async verify(ctx) {
		// Shopify's layout: Type and Status only on each product's first row; Family and Active are
		// compound expressions over them (#42: Group By fills what any expression reads).
		const { run } = await ctx.execute(this.id);
		const out = items(run, 'Group variants');
		eq(
			out.map((o) => o.operation),
			['created', 'created', 'created', 'created', 'created'],
			'every variant created',
		);
		const expected = {
			'GRPX-S': ['clothing', 1],
			'GRPX-M': ['clothing', 1],
			'GRPX-L': ['clothing', 1],
			'GRPX-B42': ['shoes', 0],
			'GRPX-B43': ['shoes', 0],
		};
		for (const [sku, [family, status]] of Object.entries(expected)) {
			const p = await ctx.admin(`/accounts/demo/products/${sku}`);
			eq(p.familyCode, family, `${sku} family from {{ $json.Type == 'Shirts' ? … }}`);
			eq(
				p.channels.map((c) => [c.code, Number(c.status)]),
				[['web', status]],
				`${sku} Active from {{ $json.Status == 'active' }}`,
			);
		}
		ok(
			out.every((o) => o.warnings === undefined),
			'no row warns: every expression read the filled row',
		);
		return "5 variant rows of 2 groups: Family and Active from compound expressions over the group's first row, on every variant";
	},
});

specs.push({
	id: 'pimShopifyExport',
	file: 'import-a-shopify-export.json',
	async verify(ctx) {
		// Shopify's product CSV: a product over several rows (variant rows, image-only rows).
		const rows = exampleRows('shopify-products.csv');
		const { run } = await ctx.execute(this.id);
		const out = items(run, 'Create or update variant');
		eq(out.length, rows.length, 'one output item per CSV row');
		const paths = await webPaths(ctx);
		// The example's Category Map for Shopify's taxonomy; the beanie's Hats has no line: skipped.
		const MAP = {
			'Apparel & Accessories > Clothing > Clothing Tops > Shirts': 'Clothing > Shirts',
			'Apparel & Accessories > Clothing > Pants': 'Clothing > Pants',
		};
		const STATUS = { active: 1, draft: 0 };
		const groups = new Map();
		for (const row of rows) groups.set(row.Handle, [...(groups.get(row.Handle) ?? []), row]);
		let products = 0;
		for (const [i, row] of rows.entries()) {
			const group = groups.get(row.Handle);
			const first = group[0];
			const images = group.map((r) => r['Image Src']).filter(Boolean);
			if (!row['Variant SKU']) {
				eq(out[i].operation, 'imagesForGroup', `row ${i} (image row) output`);
				continue;
			}
			products++;
			const where = row['Variant SKU'];
			eq(out[i].operation, 'created', `${where} created`);
			const p = await ctx.admin(`/accounts/demo/products/${encodeURIComponent(where)}`);
			const option = (n) => ({
				name: row[`Option${n} Name`] || first[`Option${n} Name`],
				value: row[`Option${n} Value`],
			});
			const values = {
				name: first.Title,
				web_description: first['Body (HTML)'],
				meta_description: first['SEO Description'],
				price: `${row['Variant Price']} USD`,
				weight: `${row['Variant Grams']} Gram`,
				upc: row['Variant Barcode'],
			};
			for (const [field, value] of Object.entries(values))
				eq(p.values[field], value, `${where} ${field}`);
			const size = [option(1), option(2)].find((o) => o.name === 'Size');
			eq(p.values.size, size?.value, `${where} size (its own option)`);
			const color = [option(1), option(2)].find((o) => o.name === 'Color');
			eq(p.multiSelect.color ?? [], color ? [color.value] : [], `${where} colour (its own option)`);
			eq(
				p.images,
				[...new Set([row['Variant Image'], ...images].filter(Boolean))],
				`${where} its Variant Image first, then every image of its product, in order`,
			);
			const category = MAP[first['Product Category']];
			eq(
				p.categories.map((c) => `${c.channel}: ${paths.get(c.code)}`),
				category ? [`web: ${category}`] : [],
				`${where} category (Shopify's taxonomy through the Category Map)`,
			);
			eq(
				p.channels.map((c) => [c.code, Number(c.status)]),
				[['web', STATUS[first.Status]]],
				`${where} channel Active from its product's Status (${first.Status})`,
			);
		}
		const unmapped = out[0].unmappedColumns ?? {};
		ok(
			['Handle', 'Status', 'Variant SKU', 'Image Src', 'Product Category', 'Variant Image'].every(
				(c) => !(c in unmapped),
			) && ['Vendor', 'Type', 'Tags'].every((c) => typeof unmapped[c] === 'string'),
			`the first item reports the columns that went nowhere, not those the node read: ${JSON.stringify(unmapped)}`,
		);
		eq(
			out[0].mappedColumns?.['Option1 Value'],
			['color', 'size'],
			"the first item says each attribute Option1 Value fed (Color for the shirts, Size for the pants; the beanie's Title writes nothing)",
		);
		const unknown = rows.filter((r) => r['Product Category'] && !MAP[r['Product Category']]);
		ok(
			(out[0].notice ?? '').includes(`${unknown.length} category skipped on `),
			`the first item's notice counts the skipped category: ${out[0].notice}`,
		);
		return `${rows.length} rows of a Shopify export: ${products} variants created with their product's title, description, SEO description, their own options, price (USD), weight in grams, barcode, their Variant Image before every image of their product, Active from Status and the mapped category; ${rows.length - products} image rows gave their images; notice: "${out[0].notice}"`;
	},
});

specs.push({
	id: 'pimAkeneoExport',
	file: 'migrate-from-akeneo.json',
	/** Its credential: an account with Akeneo's structure, which e2e/run.js adds to the sandbox. */
	target: AKENEO_ACCOUNT,
	async verify(ctx) {
		// Akeneo's product CSV: `;`, codes, locale/channel/currency suffixes, a unit column.
		const rows = exampleRows('akeneo-products.csv', ';');
		const account = this.target.domain;
		await ctx.admin('/log', { method: 'DELETE' });
		const { run } = await ctx.execute(this.id);
		const out = items(run, 'Create or update product');
		eq(out.length, rows.length, 'one output item per CSV row');
		const log = (await ctx.admin('/log')).filter(
			(r) => (r.method === 'POST' || r.method === 'PUT') && r.headers['x-domain'] === account,
		);
		const UNITS = { GRAM: 'Gram', KILOGRAM: 'Kilogram' };
		const LANGUAGES = ['de_DE', 'fr_FR'];
		for (const [i, row] of rows.entries()) {
			const where = row.sku;
			eq(out[i].operation, 'created', `${where} created`);
			// A language with values in the row is one more write, with that language's values only.
			const own = (language) =>
				Object.fromEntries(
					[
						['name', row[`name-${language}`]],
						['description', row[`description-${language}-ecommerce`]],
					].filter(([, v]) => v),
				);
			const languages = LANGUAGES.filter((l) => Object.keys(own(l)).length);
			eq(out[i].languages, ['en_US', ...languages], `${where} written in each of its languages`);
			const writes = log.filter((r) => r.body && r.body.sku === where);
			eq(
				writes.map((r) => `${r.method} ${r.body.language_code}`),
				['POST en_US', ...languages.map((l) => `PUT ${l}`)],
				`${where} writes`,
			);
			for (const [w, language] of languages.entries())
				eq(
					writes[w + 1].body,
					{ sku: where, language_code: language, ...own(language) },
					`${where} ${language}`,
				);
			// What the product holds after the writes: the first write's values, with the name and
			// description of the last language written (the sandbox keeps one value per attribute).
			const p = await ctx.admin(`/accounts/${account}/products/${encodeURIComponent(where)}`);
			eq(p.familyCode, row.family, `${where} family`);
			const values = {
				material: row.material,
				price: `${row['price-EUR']} EUR`,
				weight: `${row.weight} ${UNITS[row['weight-unit']]}`,
				release_date: row['release_date-ecommerce']
					? row['release_date-ecommerce'].replace(/-/g, '/')
					: undefined,
			};
			for (const [field, value] of Object.entries(values))
				eq(p.values[field], value, `${where} ${field}`);
			eq(
				p.channels.map((c) => [c.code, Number(c.status)]),
				[['ecommerce', Number(row.enabled)]],
				`${where} channel and its status (Akeneo's enabled)`,
			);
			eq(
				p.categories.map((c) => c.code).sort(),
				row.categories.split(',').sort(),
				`${where} categories (Akeneo's codes)`,
			);
			eq(
				p.images,
				row.picture ? [`https://akeneo.example.com/media/${row.picture}`] : [],
				`${where} image (the media path joined to Image Base URL)`,
			);
		}
		// The second price is said, not dropped in silence (once per run, on the first item).
		eq(
			out[0].unmappedColumns,
			{
				'price-USD': "a price in USD; this write's currency is EUR (Import Options → Currency)",
			},
			'the run reports price-USD as unmapped, with its reason',
		);
		return `${rows.length} rows of an Akeneo export created with family, categories (codes), channel status from enabled, material, price (EUR), weight with its unit, release date, the media path joined, and name and description in en_US, de_DE and fr_FR (one write per language); price-USD reported`;
	},
});

// ---- a catalogue file in one item (#44) ----

specs.push({
	id: 'pimCatalogueFile',
	file: 'import-a-catalogue-file.json',
	async verify(ctx) {
		// The file is one item (Read/Write Files), read row by row by the node: in n8n 2.x its
		// binary data is in files (a stream), in 1.x in memory (base64).
		const rows = exampleRows('catalogue-file.csv');
		await ctx.admin('/log', { method: 'DELETE' });
		const firstRun = (await ctx.execute(this.id)).run;
		const first = items(firstRun, 'Import catalogue file');
		eq(first.length, 1, 'one summary item for the file');
		eq(
			[first[0].rows, first[0].created, first[0].updated, first[0].unchanged, first[0].failed],
			[rows.length, rows.length, 0, 0, 0],
			'the first run creates every row',
		);
		// The report file rides on the summary item: inline (base64) where n8n keeps binary data
		// in memory, a reference where it keeps it in files.
		const report =
			firstRun.data.resultData.runData['Import catalogue file'][0].data.main[0][0].binary?.report;
		ok(
			report && report.mimeType === 'text/csv' && /-report\.csv$/.test(report.fileName),
			`the summary item carries the report file (got ${JSON.stringify(report && { ...report, data: undefined })})`,
		);
		if (report.data && !report.id) {
			const lines = Buffer.from(report.data, 'base64').toString('utf8').trim().split('\r\n');
			eq(lines.length, rows.length + 1, 'the report lists every created row');
			eq(
				lines[1],
				`2,${rows[0].sku},created,,,`,
				'the report names each row by its line (its changes, error and warnings empty)',
			);
		}
		for (const row of [rows[0], rows[33], rows[rows.length - 1]]) {
			const p = await ctx.admin(`/accounts/demo/products/${encodeURIComponent(row.sku)}`);
			eq(
				[p.values.name, p.values.price, p.values.weight, p.images],
				[row.name, row.price, row.weight, [row.image]],
				`${row.sku} values`,
			);
			eq(p.multiSelect.color, row.color.split(', '), `${row.sku} colours`);
			eq(
				p.channels.map((c) => [c.code, Number(c.status)]),
				[['web', row.enabled === 'TRUE' ? 1 : 0]],
				`${row.sku} status from the enabled column`,
			);
		}
		await ctx.admin('/log', { method: 'DELETE' });
		const second = items((await ctx.execute(this.id)).run, 'Import catalogue file');
		const log = await ctx.admin('/log');
		eq(
			[second[0].created, second[0].updated, second[0].unchanged],
			[0, 0, rows.length],
			'the second run finds every row unchanged',
		);
		eq(
			log.filter((r) => r.method === 'POST' || r.method === 'PUT').length,
			0,
			'the second run writes nothing',
		);
		return `${rows.length} rows of a CSV in one item: ${rows.length} created with values, colours, images and status read back, the report file on the summary; the second run ${rows.length} unchanged, 0 writes`;
	},
});

specs.push({
	id: 'pimCatalogueFile',
	file: 'import-a-catalogue-file.json',
	name: 'Import a catalogue file: n8n killed mid-file, then run again',
	async verify(ctx) {
		// Each create waits 250 ms at the PIM, so the file takes seconds; n8n is killed (SIGKILL) once
		// a dozen creates have been answered. What landed stays; the re-run writes only the rest.
		const rows = exampleRows('catalogue-file.csv');
		const isCreate = (r) => r.method === 'POST' && /\/api\/integration\/product$/.test(r.path);
		const isWrite = (r) => /^(POST|PUT)$/.test(r.method) && /\/product$/.test(r.path);
		const fileSkus = async () => {
			const file = new Set(rows.map((r) => r.sku));
			return (await allProducts(ctx)).map((p) => p.sku).filter((sku) => file.has(sku));
		};
		await ctx.admin('/faults', {
			method: 'PUT',
			body: { latencyMs: 250, pathPattern: '^POST /api/integration/product$' },
		});
		await ctx.admin('/log', { method: 'DELETE' });
		let killed;
		try {
			killed = await ctx.executeCrashing(
				this.id,
				async () =>
					(await ctx.admin('/log')).filter((r) => isCreate(r) && r.status === 200).length >= 12,
			);
		} finally {
			await ctx.admin('/faults', { method: 'DELETE' });
		}
		ok(killed, 'n8n was killed before the file ended');
		// A create sent before the kill may land after it (the PIM does not know the client left).
		await new Promise((resolve) => setTimeout(resolve, 1000));
		const landed = await fileSkus();
		ok(
			landed.length >= 12 && landed.length < rows.length,
			`part of the file landed before the crash (${landed.length} of ${rows.length})`,
		);
		const firstWrites = (await ctx.admin('/log')).filter(isWrite).map((r) => r.body && r.body.sku);

		await ctx.admin('/log', { method: 'DELETE' });
		const again = items((await ctx.execute(this.id)).run, 'Import catalogue file')[0];
		const secondWrites = (await ctx.admin('/log')).filter(isWrite).map((r) => r.body && r.body.sku);
		eq(
			[again.rows, again.created, again.updated, again.unchanged, again.failed],
			[rows.length, rows.length - landed.length, 0, landed.length, 0],
			'the re-run creates what had not landed and finds the rest unchanged',
		);
		const twice = secondWrites.filter((sku) => landed.includes(sku));
		eq(twice, [], 'no product that landed before the crash is written again');
		eq(secondWrites.length, rows.length - landed.length, 'one write per product still missing');
		eq((await fileSkus()).length, rows.length, 'every row of the file is a product');
		for (const row of [rows[0], rows[rows.length - 1]]) {
			const p = await ctx.admin(`/accounts/demo/products/${encodeURIComponent(row.sku)}`);
			eq([p.values.name, p.values.price], [row.name, row.price], `${row.sku} values`);
		}
		return `killed after ${landed.length} of ${rows.length} rows had landed (${firstWrites.length} writes sent); the re-run created ${again.created}, found ${again.unchanged} unchanged, wrote none twice`;
	},
});

/**
 * Runs the catalogue-file example with its CSV's lines replaced by `edit(lines)` (the file put
 * back afterwards): the execution must fail, writing nothing. Returns what n8n printed.
 */
async function failsWithCatalogueFile(ctx, id, edit) {
	const fs = require('node:fs');
	const csv = require('node:path').join(ctx.filesDir, 'catalogue-file.csv');
	const original = fs.readFileSync(csv);
	fs.writeFileSync(csv, edit(original.toString('utf8').split(/\r?\n/)).join('\n'));
	await ctx.admin('/log', { method: 'DELETE' });
	let failed;
	try {
		failed = await ctx.executeFailing(id);
	} finally {
		fs.writeFileSync(csv, original);
	}
	ok(failed.code !== 0, 'the execution failed');
	const log = await ctx.admin('/log');
	eq(log.filter((r) => r.method === 'POST' || r.method === 'PUT').length, 0, 'nothing was written');
	return failed.printed;
}

specs.push({
	id: 'pimCatalogueFile',
	file: 'import-a-catalogue-file.json',
	name: 'Import a catalogue file: a hostile file refused at its line, nothing written',
	async verify(ctx) {
		// The example's file replaced by a hostile one: five good rows, then a quote never closed
		// and 30 MB of rows after it. With On Bad Rows → Stop the node refuses the file at the
		// quote's line once the cell passes its bound, before anything is written.
		const filler = Array.from({ length: 1000 }, (_, i) => `FILLER-${i},Filler row ${i}`).join('\n');
		const copies = Math.ceil((30 * 1048576) / filler.length);
		const printed = await failsWithCatalogueFile(ctx, this.id, (lines) => [
			...lines.slice(0, 6),
			'HOSTILE-1,"a quote never closed',
			...Array(copies).fill(filler),
		]);
		const refused = /The file is refused at line 7: a cell is longer than 1,048,576 characters/;
		ok(refused.test(printed), `the error names the line (n8n printed: ${printed.slice(-600)})`);
		ok(
			/The cell's quote opens on line 7: is its closing quote missing\?[^\n]*Nothing was written\./.test(
				printed,
			),
			'the description names the quote and says nothing was written',
		);
		return `a ${Math.round((copies * filler.length) / 1048576)} MB file with a quote never closed on line 7: refused at line 7, 0 writes`;
	},
});

specs.push({
	id: 'pimCatalogueFile',
	file: 'import-a-catalogue-file.json',
	name: 'Import a catalogue file: a short row and a long row refused by their line, nothing written',
	async verify(ctx) {
		// The example's file with row 3 cut short and row 5 given one cell too many (an unquoted
		// comma in a name): each is named by its line and SKU with its cell count, not by a value
		// shifted into another column; with On Bad Rows → Stop nothing is written.
		let width;
		let shortSku;
		let longSku;
		const printed = await failsWithCatalogueFile(ctx, this.id, (lines) => {
			width = lines[0].split(',').length;
			const short = lines[2].split(',').slice(0, 4).join(',');
			const long = lines[4].replace(
				/,Catalogue file product (\d+),/,
				',Catalogue file product $1, large,',
			);
			shortSku = short.split(',')[0];
			longSku = long.split(',')[0];
			return [...lines.slice(0, 2), short, lines[3], long, ...lines.slice(5)];
		});
		for (const wanted of [
			`line 3 (SKU ${shortSku}): The row has 4 cells, the header ${width}`,
			`line 5 (SKU ${longSku}): The row has ${width + 1} cells, the header ${width}: a value holding the delimiter is not quoted`,
		])
			ok(printed.includes(wanted), `n8n printed no "${wanted}" (printed: ${printed.slice(-900)})`);
		ok(!/Category Map|Channels → Active/.test(printed), 'no shifted value is blamed on a map');
		return `line 3 (4 of ${width} cells) and line 5 (${width + 1} cells, an unquoted comma) named by line and SKU; 0 writes`;
	},
});

// ---- a catalogue out as one file (#61) ----

specs.push({
	id: 'pimProductFeed',
	file: 'export-a-product-feed.json',
	async verify(ctx) {
		// The feed: every product, one file written by Read/Write Files into the files folder, its
		// columns renamed for the feed, values as the API's records show them.
		const fs = require('node:fs');
		const feed = require('node:path').join(ctx.filesDir, 'products-feed.tsv');
		fs.rmSync(feed, { force: true });
		await ctx.admin('/log', { method: 'DELETE' });
		const { run } = await ctx.execute(this.id);
		const [summary] = items(run, 'Export product feed');
		const products = await allProducts(ctx);
		eq(
			[summary.products, summary.columns, summary.fileName],
			[products.length, ['id', 'title', 'price', 'image_link'], 'products-feed.tsv'],
			'the summary',
		);
		const lines = fs
			.readFileSync(feed, 'utf8')
			.replace(/\r?\n$/, '')
			.split(/\r?\n/);
		eq(lines.length, products.length + 1, 'a line per product and the header');
		eq(lines[0], 'id\ttitle\tprice\timage_link', 'the feed header');
		const bySku = new Map(lines.slice(1).map((l) => [l.split('\t')[0], l.split('\t')]));
		for (const p of [products[0], products[products.length - 1]]) {
			const cells = bySku.get(p.sku);
			ok(cells, `${p.sku} is in the feed`);
			const shown = (v) =>
				v === null || v === undefined ? '' : String(v).replace(/[\t\r\n]+/g, ' ');
			eq(
				cells.slice(1, 3),
				[shown(p.name), shown(p.price)],
				`${p.sku}'s title and price as the API shows them`,
			);
		}
		const log = await ctx.admin('/log');
		eq(log.filter((r) => r.method !== 'GET').length, 0, 'nothing written to the PIM');
		return `${products.length} products in one TSV feed (${summary.pages} pages read), written to the files folder; header and values checked`;
	},
});

// ---- Export File → Import File: the round trip (#61) ----

/**
 * Products whose values need care, created in the demo account before the export: a comma, a
 * quote and a line break in a value, leading zeros, a price with a decimal comma, a multi-select
 * value with a comma and one with a space in front (both written as a JSON list), several
 * images, a category path two channels' trees share.
 */
const ROUND_TRIP_CARE = [
	{
		sku: 'RT-CARE-1',
		family_code: 'clothing',
		language_code: 'en_US',
		channel: [{ code: 'web', status: 1 }],
		name: 'Tee, "basic"\nsecond line',
		short_description: 'tab\there, and a\r\nCRLF',
		price: '392,12 USD',
		upc: '000123',
		'color-multi-select': ['Red', 'Green, dark', ' Blue'],
		image: ['https://cdn.example.com/rt-care-1.jpg', 'https://cdn.example.com/rt-care-1b.jpg'],
		category: [{ code: 'shirts', channel: 'web' }],
	},
	{
		sku: 'RT-CARE-2',
		family_code: 'home',
		language_code: 'en_US',
		channel: [{ code: 'retail', status: 0 }],
		name: 'Crème brûlée ☕',
		warranty: '=1+1',
		meta_description: '[not a list]',
		category: [{ code: 'clothing-accessories', channel: 'retail' }],
	},
];

/** Fields of a product record the PIM keeps itself: the interface's create takes none of them. */
const KEPT_BY_THE_PIM = ['id', 'slug', 'status', 'product_type_id', 'url', 'updated_at'];

/**
 * The round trip in real n8n: Export File (the demo account) → Import File with the default
 * headers into the empty copy target, and into the demo account itself. The copy's records equal
 * the demo account's field by field (but what the PIM keeps itself); the demo account gets no
 * write.
 */
async function roundTrip(ctx, id, format) {
	for (const body of ROUND_TRIP_CARE) {
		const res = await fetch(`${ctx.sandboxUrl}/api/integration/product`, {
			method: 'POST',
			headers: { ...accountHeaders(), 'content-type': 'application/json' },
			body: JSON.stringify(body),
		});
		ok(res.ok, `${body.sku} created in the demo account (${res.status})`);
	}
	await ctx.admin('/log', { method: 'DELETE' });
	const { run, ms } = await ctx.execute(id);
	const [exported] = items(run, 'Export every product');
	const [copy] = items(run, 'Import into the empty copy');
	const [own] = items(run, 'Import into its own account');
	const n = SEED_PRODUCTS + ROUND_TRIP_CARE.length;
	eq([exported.products, exported.format], [n, format], 'the export');
	eq(
		[copy.rows, copy.created, copy.updated, copy.unchanged, copy.failed],
		[n, n, 0, 0, 0],
		'into the empty copy: every row created',
	);
	eq(
		[own.rows, own.created, own.updated, own.unchanged, own.failed],
		[n, 0, 0, n, 0],
		'into its own account: every row unchanged',
	);
	const log = await ctx.admin('/log');
	const writes = (account) =>
		log.filter((r) => (r.method === 'POST' || r.method === 'PUT') && r.account === account);
	eq(writes('demo').length, 0, 'writes to the demo account');
	eq(writes(COPY_TARGET.domain).length, n, 'writes to the copy: one per product');

	const records = async (headers) => {
		const res = await fetch(
			`${ctx.sandboxUrl}/api/integration/product?pagination[pageLimit]=1000`,
			{ headers },
		);
		return new Map((await res.json()).data.record.map((r) => [r.sku, r]));
	};
	const original = await records(accountHeaders());
	const made = await records(accountHeaders(COPY_TARGET));
	sameMembers([...made.keys()], [...original.keys()], 'the products of the copy');
	for (const [sku, record] of original) {
		const strip = (r) =>
			Object.fromEntries(Object.entries(r).filter(([k]) => !KEPT_BY_THE_PIM.includes(k)));
		eq(strip(made.get(sku)), strip(record), `${sku} in the copy, field by field`);
	}
	eq(made.get('RT-CARE-1').color, ['Red', 'Green, dark', ' Blue'], "RT-CARE-1's colours");
	const nodeMs = (node) => run.data.resultData.runData[node][0].executionTime;
	return `${n} products (${ROUND_TRIP_CARE.length} with values that need care) exported as ${format.toUpperCase()} (${fmtMs(nodeMs('Export every product'))}); into the empty copy: ${n} created, equal field by field but ${KEPT_BY_THE_PIM.join(', ')} (${fmtMs(nodeMs('Import into the empty copy'))}); into its own account: ${n} unchanged, 0 writes (${fmtMs(nodeMs('Import into its own account'))}); n8n execute ${fmtMs(ms)}`;
}

specs.push({
	id: 'pimRoundTripCsv',
	file: 'v2-round-trip-csv.json',
	fixture: true,
	verify(ctx) {
		return roundTrip(ctx, this.id, 'csv');
	},
});

specs.push({
	id: 'pimRoundTripXlsx',
	file: 'v2-round-trip-xlsx.json',
	fixture: true,
	verify(ctx) {
		return roundTrip(ctx, this.id, 'xlsx');
	},
});

// ---- the same export twice writes nothing (#58) ----

/** Runs a workflow twice: the writes of each run, and the second run's PIM outputs. */
async function twice(ctx, id) {
	const writesOf = async () =>
		(await ctx.admin('/log')).filter((r) => r.method === 'POST' || r.method === 'PUT');
	await ctx.admin('/log', { method: 'DELETE' });
	const first = (await ctx.execute(id)).run;
	const firstWrites = await writesOf();
	await ctx.admin('/log', { method: 'DELETE' });
	const second = (await ctx.execute(id)).run;
	return { first, second, firstWrites, secondWrites: await writesOf() };
}

specs.push({
	id: 'pimSamplesFile',
	file: 'v2-1-samples-import-file.json',
	fixture: true,
	async verify(ctx) {
		const { first, second, firstWrites, secondWrites } = await twice(ctx, this.id);
		const counts = (run, node) => {
			const [s] = items(run, node);
			return [s.created, s.updated, s.unchanged, s.failed];
		};
		const woo = counts(first, 'Import WooCommerce file');
		const shopify = counts(first, 'Import Shopify file');
		ok(woo[0] > 0 && woo[3] === 0, `WooCommerce's sample created (${woo})`);
		ok(shopify[0] > 0 && shopify[3] === 0, `Shopify's sample created (${shopify})`);
		eq(counts(second, 'Import WooCommerce file'), [0, 0, woo[0], 0], "WooCommerce's again");
		eq(counts(second, 'Import Shopify file'), [0, 0, shopify[0], 0], "Shopify's again");
		eq(secondWrites.length, 0, 'the second run writes nothing');
		return `WooCommerce's sample ${woo[0]} and Shopify's ${shopify[0]} products created (${firstWrites.length} writes); the same files again: all unchanged, 0 writes`;
	},
});

// ---- other systems' real exports, from ../shared/real-exports (#71) ----

/** A real export's rows, by their header, as csv-parse reads them (not the node's reader). */
function realRows(name, delimiter = ',') {
	const { parse } = require('csv-parse/sync');
	const file = require('node:path').join(__dirname, '..', '..', 'shared', 'real-exports', name);
	return parse(require('node:fs').readFileSync(file), { bom: true, columns: true, delimiter });
}

specs.push({
	id: 'pimOtherSystems',
	file: 'v2-other-systems.json',
	fixture: true,
	async verify(ctx) {
		const { first, second, firstWrites, secondWrites } = await twice(ctx, this.id);
		const [uno] = items(first, 'Import UnoPim file (one row per locale)');
		eq([uno.created, uno.updated, uno.failed], [1, 2, 0], "UnoPim's 3 rows: 1 created, 2 updated");
		eq(
			firstWrites
				.filter((w) => w.body.sku === 'multi-locale-product')
				.map((w) => w.body.language_code),
			['en_US', 'fr_FR', 'de_DE'],
			'one write per language, in the order of the rows',
		);
		const product = await ctx.admin('/accounts/demo/products/multi-locale-product');
		eq(
			[
				product.values.name,
				product.values.price,
				product.localized.fr_FR.name,
				product.localized.de_DE.name,
			],
			['Multi Locale Product', '50 USD', 'Produit multilingue', 'Mehrsprachiges Produkt'],
			'each language reads back its own name; the price with its currency',
		);
		const [magento] = items(first, 'Import Magento file');
		eq([magento.created, magento.failed], [160, 0], "Magento's 160 rows created");
		const hoodie = await ctx.admin('/accounts/demo/products/MH01');
		eq(
			[hoodie.values.name, hoodie.values.price, hoodie.values.material, hoodie.images.length],
			['Chaz Kangeroo Hoodie', '52 USD', 'Wool', 3],
			'the configurable hoodie: name, price, additional_attributes, base and additional images',
		);
		ok(
			hoodie.images[0] === 'https://shop.example.com/media/catalog/product/m/h/mh01-gray_main.jpg',
			'the base image first, joined to Image Base URL',
		);
		eq(
			hoodie.categories.map((c) => c.code).sort(),
			['home', 'shirts'],
			"the paths through the Category Map; Magento's root Default Category passed over",
		);
		const [again] = items(second, 'Import UnoPim file (one row per locale)');
		eq(
			[again.unchanged, again.updated],
			[1, 2],
			'again: the own language unchanged, the others written',
		);
		eq(
			secondWrites.map((w) => w.body.language_code),
			['fr_FR', 'de_DE'],
			"the second run writes only UnoPim's other languages; Magento's 160 rows are unchanged",
		);
		// UnoPim's product sample: the USD price column asked for; variants take their parent's name.
		const [unoProducts] = items(first, 'Import UnoPim product file');
		eq([unoProducts.created, unoProducts.failed], [18, 0], "UnoPim's 18 products created");
		const unoRows = realRows('unopim-products-import-sample.csv');
		const bySku = new Map(unoRows.map((r) => [r.sku, r]));
		const inherited = (row, column) =>
			row[column] === '' && row.parent ? inherited(bySku.get(row.parent), column) : row[column];
		for (const row of unoRows) {
			const p = await ctx.admin(`/accounts/demo/products/${encodeURIComponent(row.sku)}`);
			eq(
				[p.values.name, p.values.price],
				[inherited(row, 'name'), `${row['price (USD)']} USD`],
				`UnoPim's ${row.sku}: its name (or its parent's) and its USD price`,
			);
		}
		// Shopware 6: gross prices in EUR, the names.
		const [shopware] = items(first, 'Import Shopware file');
		const swRows = realRows('shopware6-products-export.csv', ';');
		eq([shopware.created, shopware.failed], [swRows.length, 0], "Shopware's products created");
		for (const row of swRows.slice(0, 10)) {
			const p = await ctx.admin(`/accounts/demo/products/${row.product_number}`);
			eq(
				[p.values.name, p.values.price],
				[row.name, `${row.price_gross_eur} EUR`],
				`Shopware's ${row.product_number}: name and gross price`,
			);
		}
		// Odoo: references with leading zeros, prices in LKR; the row without a reference named.
		const [odoo] = items(first, 'Import Odoo file');
		const odooRows = realRows('odoo-product-template-export-head.csv');
		const missing = odooRows.findIndex((r) => r['Internal Reference'] === '');
		eq([odoo.created, odoo.failed], [odooRows.length - 1, 1], "Odoo's products created, one named");
		eq(
			odoo.problems,
			[{ line: missing + 2, error: 'Parameter "SKU" is required' }],
			"Odoo's row without a reference, by its line",
		);
		for (const row of odooRows.filter((r) => r['Internal Reference'] !== '').slice(0, 10)) {
			const p = await ctx.admin(`/accounts/demo/products/${row['Internal Reference']}`);
			eq(p.values.price, `${row['Sales Price']} LKR`, `Odoo's ${row['Internal Reference']}: price`);
		}
		return `UnoPim's multi-locale product in 3 languages (3 writes, then 2), Magento's Luma sample: 160 products with prices, images and categories, UnoPim's product sample 18, Shopware's ${swRows.length}, Odoo's ${odooRows.length - 1} and its row without a reference named (${firstWrites.length} writes in all, then ${secondWrites.length}); notice: "${magento.notice}"`;
	},
});

specs.push({
	id: 'pimSamplesUpsert',
	file: 'v2-samples-upsert-twice.json',
	fixture: true,
	async verify(ctx) {
		const { first, second, firstWrites, secondWrites } = await twice(ctx, this.id);
		const ops = (run, node) =>
			items(run, node)
				.filter((o) => o.sku !== undefined)
				.map((o) => o.operation);
		const nodes = ['Create or update product (WooCommerce)', 'Create or update variant (Shopify)'];
		for (const node of nodes) {
			const created = ops(first, node).filter((o) => o === 'created').length;
			ok(created > 0, `${node}: the first run created products`);
			eq(
				ops(second, node).filter((o) => o !== 'unchanged'),
				[],
				`${node}: the second run finds every product unchanged`,
			);
		}
		eq(secondWrites.length, 0, 'the second run writes nothing');
		return `both samples through Create or Update with Skip Unchanged: ${firstWrites.length} writes, then 0 writes, every product unchanged`;
	},
});

// ---- version 2.1: new nodes (#59) ----

specs.push({
	id: 'pimFamilyColumnOnly',
	file: 'v2-1-family-column-only.json',
	fixture: true,
	async verify(ctx) {
		// Only Family Column set, no Family: n8n runs the workflow (no "issues"), each row's family
		// from its cell.
		const rows = exampleRows('catalogue-file.csv');
		const { run } = await ctx.execute(this.id);
		const [summary] = items(run, 'Import with Family Column');
		eq(
			[summary.rows, summary.created, summary.failed],
			[rows.length, rows.length, 0],
			'every row created',
		);
		const families = (await ctx.pim('family?pagination[pageLimit]=1000')).record;
		for (const row of [rows[0], rows[1], rows[rows.length - 1]]) {
			const p = await ctx.admin(`/accounts/demo/products/${encodeURIComponent(row.sku)}`);
			const family = families.find((f) => f.code === p.familyCode);
			eq(family && family.title, row.family, `${row.sku}'s family from its cell`);
		}
		return `${rows.length} rows imported with Family Column alone (no Family): each row's family from its cell`;
	},
});

specs.push({
	id: 'pimSideBySide',
	file: 'v2-1-side-by-side.json',
	fixture: true,
	async verify(ctx) {
		// The same parameters, no mapper saved: version 2 keeps Map Each Column Manually (nothing
		// mapped), version 2.1 maps the input fields automatically.
		const { run } = await ctx.execute(this.id);
		eq(items(run, 'Saved in version 2')[0].operation, 'created', 'version 2 created');
		eq(items(run, 'New in version 2.1')[0].operation, 'created', 'version 2.1 created');
		const v2 = await ctx.admin('/accounts/demo/products/SIDE-V2');
		const v21 = await ctx.admin('/accounts/demo/products/SIDE-V21');
		eq([v2.values.name, v2.values.material], [undefined, undefined], 'version 2 maps nothing');
		eq(
			[v21.values.name, v21.values.material],
			['Side Linen Shirt', 'Linen'],
			'version 2.1 maps the input fields',
		);
		return 'the same node saved in version 2 maps nothing (Map Each Column Manually), in version 2.1 maps name and material (Map Automatically)';
	},
});

// ---- a nightly sync at the cost of its changes (#22) ----

/** One night of the nightly-sync example: its output, and the writes and product list reads it made. */
async function syncNight(ctx, id) {
	await ctx.admin('/log', { method: 'DELETE' });
	const { run } = await ctx.execute(id);
	const log = await ctx.admin('/log');
	return {
		out: items(run, 'Sync product'),
		writes: log.filter((r) => r.method === 'POST' || r.method === 'PUT').length,
		listReads: log.filter((r) => r.method === 'GET' && r.path === '/api/integration/product')
			.length,
	};
}

specs.push({
	id: 'pimNightlySync',
	file: 'nightly-catalogue-sync.json',
	async verify(ctx) {
		const csv = require('node:path').join(ctx.filesDir, 'nightly-catalogue.csv');
		const fs = require('node:fs');
		const original = fs.readFileSync(csv, 'utf8');
		const run = () => syncNight(ctx, this.id);
		try {
			const rows = csvRows(original);
			const first = await run();
			eq(
				first.out.map((o) => o.operation),
				rows.map(() => 'created'),
				'first night: every row created',
			);
			const second = await run();
			eq(
				second.out.map((o) => o.operation),
				rows.map(() => 'unchanged'),
				'second night: every row unchanged',
			);
			eq(second.writes, 0, 'second night: writes');
			eq(
				second.listReads,
				1,
				'second night: product list pages read (one request per 1000 products)',
			);
			// Two rows change in the export: a price, a colour added.
			const edited = original
				.split('\n')
				.map((line) =>
					line.startsWith('NIGHT-005,')
						? line.replace('14.95 USD', '14.99 USD')
						: line.startsWith('NIGHT-010,')
							? line.replace('"Blue, Grey"', '"Blue, Grey, Red"')
							: line,
				)
				.join('\n');
			ok(edited !== original, 'the export was edited');
			fs.writeFileSync(csv, edited);
			const third = await run();
			eq(
				third.out.filter((o) => o.operation !== 'unchanged').map((o) => [o.sku, o.operation]),
				[
					['NIGHT-005', 'updated'],
					['NIGHT-010', 'updated'],
				],
				'third night: only the changed rows written',
			);
			eq(third.writes, 2, 'third night: writes');
			for (const row of csvRows(edited)) {
				const p = await ctx.admin(`/accounts/demo/products/${row.SKU}`);
				eq(
					[p.values.name, p.values.price, p.multiSelect.color, p.images],
					[row.Name, row.Price, row.Color.split(', '), [row.Image]],
					`${row.SKU} in the PIM = the export`,
				);
			}
			return `${rows.length} rows: night 1 ${first.writes} writes, night 2 ${second.writes} writes + ${second.listReads} list read, night 3 (2 rows changed) ${third.writes} writes`;
		} finally {
			fs.writeFileSync(csv, original);
		}
	},
});

/**
 * The nightly example's export grown to 5 000 rows: SKUs `<prefix>-00001` …, names `<name>
 * product 1` …, the rows of `changed` (indexes) renamed.
 */
function bigSheet(original, prefix, name, changed) {
	const [header, ...lines] = original.trim().split('\n');
	const row = (i) =>
		lines[i % lines.length]
			.replace(/^NIGHT-\d+/, `${prefix}-${String(i + 1).padStart(5, '0')}`)
			.replace(
				/Nightly product \d+/,
				`${name} product ${i + 1}${changed.has(i) ? ' (changed)' : ''}`,
			);
	return [header, ...Array.from({ length: 5000 }, (_, i) => row(i))].join('\n') + '\n';
}

// The same example on a catalogue of 5 000 rows, 1 % changed on the third night: writes =
// changed products, list reads = pages, the PIM = the sheet.
specs.push({
	id: 'pimNightlySync',
	name: 'Nightly catalogue sync on 5 000 rows',
	file: 'nightly-catalogue-sync.json',
	async verify(ctx) {
		const fs = require('node:fs');
		const csv = require('node:path').join(ctx.filesDir, 'nightly-catalogue.csv');
		const original = fs.readFileSync(csv, 'utf8');
		const sheet = (changed) => bigSheet(original, 'BIG', 'Big', changed);
		const night = async (text) => {
			fs.writeFileSync(csv, text);
			return await syncNight(ctx, this.id);
		};
		try {
			const first = await night(sheet(new Set()));
			eq(first.writes, 5000, 'first night: 5 000 products created');
			const second = await night(sheet(new Set()));
			eq(second.writes, 0, 'second night: writes');
			const pages = Math.ceil((SEED_PRODUCTS + 5000) / 1000);
			eq(second.listReads, pages, 'second night: product list reads = pages of 1000');
			const changed = new Set(Array.from({ length: 50 }, (_, k) => k * 100 + 7));
			const third = await night(sheet(changed));
			eq(third.writes, changed.size, 'third night: writes = changed products (1 %)');
			eq(third.listReads, pages, 'third night: product list reads');
			eq(
				third.out.filter((o) => o.operation === 'updated').map((o) => o.sku),
				[...changed].map((i) => `BIG-${String(i + 1).padStart(5, '0')}`),
				'third night: the changed rows were the ones written',
			);
			// The PIM holds the sheet: every name as the last night's export has it.
			const held = new Map();
			for (let page = 1; page <= pages; page++) {
				const data = await ctx.pim(
					`product?pagination[pageLimit]=1000&pagination[currentPage]=${page}`,
				);
				for (const p of data.record) held.set(p.sku, p.name);
			}
			for (let i = 0; i < 5000; i++)
				if (
					held.get(`BIG-${String(i + 1).padStart(5, '0')}`) !==
					`Big product ${i + 1}${changed.has(i) ? ' (changed)' : ''}`
				)
					throw new Error(
						`BIG-${i + 1}: the PIM holds "${held.get(`BIG-${String(i + 1).padStart(5, '0')}`)}"`,
					);
			return `5 000 rows: night 1 ${first.writes} writes; night 2 ${second.writes} writes, ${second.listReads} list reads; night 3 (50 changed) ${third.writes} writes, ${third.listReads} list reads; the PIM = the sheet`;
		} finally {
			fs.writeFileSync(csv, original);
		}
	},
});

// The same catalogue in n8n's Loop Over Items, batches of 500 (#30): the PIM node runs 10 times
// in one execution and reads the catalogue and each list once for the execution.
const NIGHTLY_IN_BATCHES = 'pimNightlyInBatches';

specs.push({
	id: NIGHTLY_IN_BATCHES,
	name: 'Nightly catalogue sync on 5 000 rows in Loop Over Items (batches of 500)',
	file: 'nightly-catalogue-sync.json',
	async verify(ctx) {
		const fs = require('node:fs');
		const csv = require('node:path').join(ctx.filesDir, 'nightly-catalogue.csv');
		const original = fs.readFileSync(csv, 'utf8');
		const sheet = (changed) => bigSheet(original, 'LOOP', 'Loop', changed);
		const night = async (text) => {
			fs.writeFileSync(csv, text);
			await ctx.admin('/log', { method: 'DELETE' });
			const { run } = await ctx.execute(this.id);
			const log = await ctx.admin('/log');
			const gets = (list) =>
				log.filter((r) => r.method === 'GET' && r.path === `/api/integration/${list}`).length;
			const runs = run.data.resultData.runData['Sync product'];
			return {
				runs: runs.length,
				out: runs.flatMap((r) => r.data.main[0].map((i) => i.json)),
				writes: log.filter((r) => r.method === 'POST' || r.method === 'PUT').length,
				listReads: gets('product'),
				referenceReads: gets('family') + gets('channel') + gets('category'),
				attributeReads: gets('attribute'),
			};
		};
		try {
			const first = await night(sheet(new Set()));
			eq(first.runs, 10, 'the PIM node ran once per batch of 500');
			eq(first.writes, 5000, 'first night: 5 000 products created');
			const pages = Math.ceil((SEED_PRODUCTS + 5000) / 1000);
			const changed = new Set(Array.from({ length: 50 }, (_, k) => k * 100 + 7));
			const third = await night(sheet(changed));
			eq(third.runs, 10, 'the PIM node ran once per batch of 500');
			eq(third.listReads, pages, "product list reads = the catalogue's pages, once per execution");
			ok(third.referenceReads <= 3, `reference list reads ≤ 3 (got ${third.referenceReads})`);
			eq(third.attributeReads, 1, 'attribute list reads');
			eq(third.writes, changed.size, 'writes = changed rows (1 %)');
			eq(
				third.out.filter((o) => o.operation === 'updated').map((o) => o.sku),
				[...changed].map((i) => `LOOP-${String(i + 1).padStart(5, '0')}`),
				'the changed rows were the ones written',
			);
			eq(third.out.length, 5000, 'one output item per row');
			return `5 000 rows in 10 batches: night 1 ${first.writes} writes; night 2 (50 changed) ${third.writes} writes, ${third.listReads} product list reads, ${third.referenceReads} reference list reads, ${third.attributeReads} attribute read`;
		} finally {
			fs.writeFileSync(csv, original);
		}
	},
});

// ---- feeds a channel accepts (#70) ----

/**
 * A feed written by real n8n into the files folder: the summary's counts add up to the account's
 * products (each written or named invalid), and the file passes the channel's rules as the
 * tests' validator reads them from feed-rules.md.
 */
async function feedSpec(ctx, id, node, channel, format, fileName) {
	const fs = require('node:fs');
	const { validateFeed } = require('./feedValidator');
	const file = require('node:path').join(ctx.filesDir, fileName);
	fs.rmSync(file, { force: true });
	await ctx.admin('/log', { method: 'DELETE' });
	const { run, ms } = await ctx.execute(id);
	const [summary] = items(run, node);
	const products = await allProducts(ctx);
	eq(
		[summary.feed, summary.format, summary.fileName, summary.currency],
		[channel, format, fileName, 'USD'],
		'the summary',
	);
	eq(summary.products + summary.invalid, products.length, 'every product written or named');
	ok(summary.products > products.length / 4, `${summary.products} products written`);
	const report = validateFeed(channel, format, fs.readFileSync(file));
	eq(report.problems.slice(0, 5), [], "the channel's rules (the validator)");
	eq(report.rows.length, summary.products, 'a row per product written');
	const log = await ctx.admin('/log');
	eq(
		log.filter((r) => r.method !== 'GET' && r.account === 'demo').length,
		0,
		'nothing written to the demo account',
	);
	return {
		run,
		report,
		summary,
		line: `${summary.products} products in the ${channel} ${format.toUpperCase()} feed, ${summary.invalid} named invalid (${Object.entries(
			summary.invalidByRule,
		)
			.map(([rule, n]) => `${n} ${rule}`)
			.join(', ')}); the file passes the validator; n8n execute ${fmtMs(ms)}`,
	};
}

specs.push({
	id: 'pimGoogleFeed',
	file: 'publish-a-google-merchant-center-feed.json',
	async verify(ctx) {
		const { report, summary, line } = await feedSpec(
			ctx,
			this.id,
			'Google Merchant Center feed',
			'googleMerchantCenter',
			'tsv',
			'google-feed.tsv',
		);
		eq(
			report.headers.slice(0, 7),
			['id', 'title', 'description', 'link', 'image_link', 'availability', 'price'],
			'the header',
		);
		ok(
			report.rows.every(
				(r) => r.condition === 'new' && /^https:\/\/shop\.example\.com\/products\//.test(r.link),
			),
			'link and condition from the Value column',
		);
		ok(
			/ left out: /.test(summary.notice) || summary.invalid === 0,
			'the notice counts the products left out',
		);
		return line;
	},
});

specs.push({
	id: 'pimMetaFeed',
	file: 'v2-meta-feed.json',
	fixture: true,
	async verify(ctx) {
		const { report, line } = await feedSpec(
			ctx,
			this.id,
			'Meta feed',
			'meta',
			'csv',
			'meta-feed.csv',
		);
		ok(
			report.rows.every((r) => ['in stock', 'out of stock'].includes(r.availability)),
			"Meta's stock words",
		);
		return line;
	},
});

specs.push({
	id: 'pimShopifyFeed',
	file: 'v2-shopify-feed.json',
	fixture: true,
	async verify(ctx) {
		const { run, report, summary, line } = await feedSpec(
			ctx,
			this.id,
			'Shopify feed',
			'shopify',
			'csv',
			'shopify-products.csv',
		);
		const [copy] = items(run, 'Import into the empty copy');
		eq([copy.created, copy.failed], [summary.products, 0], 'Import File into the empty copy');
		const made = new Map(
			(
				await (
					await fetch(`${ctx.sandboxUrl}/api/integration/product?pagination[pageLimit]=1000`, {
						headers: accountHeaders(COPY_TARGET),
					})
				).json()
			).data.record.map((r) => [r.sku, r]),
		);
		const original = new Map((await allProducts(ctx)).map((r) => [r.sku, r]));
		for (const row of report.rows) {
			const sku = row['Variant SKU'];
			const [from, to] = [original.get(sku), made.get(sku)];
			eq(
				[to.name, to.web_description ?? null, to.price],
				[from.name, from.web_description ?? null, from.price],
				`${sku}: name, description and price through the Shopify CSV`,
			);
			const kg = Number(String(from.weight).replace(/ kg$/, ''));
			eq(to.weight, `${Math.round(kg * 1000)} Gram`, `${sku}: the weight in grams`);
		}
		return `${line}; imported into the empty copy: ${copy.created} created, names, descriptions, prices and weights equal`;
	},
});

module.exports = { specs, items, allProducts, csvRows, NIGHTLY_IN_BATCHES };
