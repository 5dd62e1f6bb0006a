/**
 * Export File's feeds (#70), version 2 against the sandbox over HTTP: the demo catalogue's feed
 * for each channel and format passes the channels' rules as test/helpers/feedValidator.ts reads
 * them from feed-rules.md (written apart from the writer); each rule both ways (a product that
 * keeps it is written, one that breaks it is left out or kept and named, and the validator finds
 * in a kept one what the node named); the values in the channels' forms; Value, Value Map and
 * Currency; errors naming the parameter before any request; a Shopify feed through Import File
 * into an empty account gives the same names, descriptions, prices and weights.
 */
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { runPim } from '../../harness/in-process';
import { validateFeed, type FeedReport } from '../helpers/feedValidator';
import { useSandbox } from '../helpers/sandbox';

const env = useSandbox({
	products: 120,
	accounts: [
		{ domain: 'feeds', token: 'feeds-token', products: 0 },
		{ domain: 'shop', token: 'shop-token', products: 0 },
	],
});
const feeds = () => env.sb.account('feeds');
const productList = () =>
	env.sb.log.filter((r) => r.method === 'GET' && r.path === '/api/integration/product');

type Channel = 'googleMerchantCenter' | 'meta' | 'shopify';

async function run(feed: Channel, extra: INodeParameters = {}, domain = 'feeds') {
	const { items, error } = await runPim(
		env.creds(domain),
		{ resource: 'product', operation: 'exportFile', feed, ...extra },
		{ version: 2 },
	);
	const item = items[0] as INodeExecutionData | undefined;
	const bytes = item?.binary?.data ? Buffer.from(item.binary.data.data, 'base64') : undefined;
	return { error, summary: item?.json as IDataObject, bytes, item };
}

const formatOf = (extra: INodeParameters, feed: Channel) =>
	(extra.fileFormat as 'csv' | 'tsv' | 'xml' | undefined) ??
	(feed === 'googleMerchantCenter' ? 'tsv' : 'csv');

/** The feed, read back by the validator. */
async function feedOf(feed: Channel, extra: INodeParameters = {}, domain = 'feeds') {
	const result = await run(feed, extra, domain);
	expect(result.error).toBeUndefined();
	const report = validateFeed(feed, formatOf(extra, feed), result.bytes!);
	return { ...result, report };
}

const rowOf = (report: FeedReport, column: string, value: string) =>
	report.rows.find((r) => r[column] === value);

/** What a merchandiser sets for the demo catalogue: the shop's links, a currency, a condition. */
/** Google's and Meta's: the shop's link from the slug, the constant condition, USD. */
const LINK_CONDITION_USD: INodeParameters = {
	exportOptions: {
		columns: {
			column: [
				{ header: 'link', value: 'https://shop.example.com/products/{slug}' },
				{ header: 'condition', value: 'new' },
			],
		},
		currency: 'USD',
	},
};
const SETTINGS: Record<Channel, INodeParameters> = {
	googleMerchantCenter: LINK_CONDITION_USD,
	meta: LINK_CONDITION_USD,
	shopify: { exportOptions: { currency: 'USD' } },
};

describe("the demo catalogue's feeds pass each channel's rules", () => {
	const cases: Array<[Channel, string]> = [
		['googleMerchantCenter', 'tsv'],
		['googleMerchantCenter', 'xml'],
		['meta', 'csv'],
		['meta', 'tsv'],
		['meta', 'xml'],
		['shopify', 'csv'],
	];
	it.each(cases)(
		'%s as %s: every product written or named, the file passes',
		async (feed, fileFormat) => {
			const extra = { ...SETTINGS[feed], fileFormat };
			const { summary, report } = await feedOf(feed, extra, 'demo');
			expect(report.problems).toEqual([]);
			expect(report.rows).toHaveLength(summary.products as number);
			// None dropped in silence: each product is written or counted invalid.
			expect((summary.products as number) + (summary.invalid as number)).toBe(120);
			expect(summary.products).toBeGreaterThan(40);
			expect(summary).toMatchObject({ feed, format: fileFormat, currency: 'USD' });
			// Every left-out product is one of the demo's other currencies or lacks an image.
			for (const rule of Object.keys(summary.invalidByRule as IDataObject))
				expect(rule).toMatch(
					/^(priced in another currency than USD|without image_link|without description|without brand, gtin or mpn)$/,
				);
			if ((summary.invalid as number) > 0)
				expect(summary.notice).toMatch(
					new RegExp(`^${summary.products} products · ${summary.invalid} left out: \\d+ `),
				);
		},
	);

	it('Google with no settings: the columns by meaning, the required ones the account cannot fill named with a hint', async () => {
		const { summary, report } = await feedOf('googleMerchantCenter', {}, 'demo');
		expect(summary.columns).toEqual([
			'id',
			'title',
			'description',
			'link',
			'image_link',
			'availability',
			'price',
			'gtin',
			'product_type',
			'color',
			'size',
			'material',
			'shipping_weight',
		]);
		expect(report.problems).toEqual([]);
		// Records have url ~60 % of the time: the rest are named, not written with an empty link.
		expect((summary.invalidByRule as IDataObject)['without link']).toBeGreaterThan(0);
		expect(summary.notice).toMatch(
			/prices in [A-Z]{3}, the first product's \(set Export Options → Currency\)/,
		);
	});

	it('Meta with no settings: condition, which nothing fills, leaves every product out and says how to fill it', async () => {
		const { summary } = await run('meta', {}, 'demo');
		expect(summary.products).toBe(0);
		expect((summary.invalidByRule as IDataObject)['without condition']).toBe(120);
		expect((summary.problems as IDataObject[])[0].error).toContain(
			'condition is empty: nothing in the account fills it (Meta requires it). Add a column "condition" with a Source or a Value in Export Options → Columns',
		);
	});
});

describe("values in the channel's form, and the contract's example", () => {
	beforeAll(() => {
		const a = feeds();
		a.createProduct({
			sku: 'FORM-1',
			familyCode: 'clothing',
			values: {
				name: 'Tee\twith a tab &amp; <b>bold</b>',
				web_description:
					'<p class="lead">A <b>soft</b> tee.<script>alert(1)</script></p>\n<ul><li>Cotton<li>Blue</ul><a href="https://x.example">More</a>',
				price: '392,12 USD',
				inStock: 'Yes',
				upc: '000123',
				weight: '2.5 lb',
			},
			multiSelect: { color: ['Red', 'Navy'] },
			channels: [{ code: 'web', status: 1 }],
			categories: [{ code: 't-shirts', channel: 'web' }],
			images: ['https://cdn.example.com/a b,c é.jpg'],
		});
		a.createProduct({
			sku: 'FORM-2',
			familyCode: 'clothing',
			status: 0,
			values: {
				name: 'Café Crème',
				web_description: 'Plain',
				price: '15 USD',
				inStock: 'No',
				weight: '500 g',
			},
			channels: [{ code: 'web', status: 0 }],
			images: ['https://cdn.example.com/c.png'],
		});
	});
	afterAll(() => feeds().reset());

	it("the contract's example: a link from the slug, the stock words mapped, a constant condition", async () => {
		const { summary, report } = await feedOf('googleMerchantCenter', {
			fileFormat: 'tsv',
			exportOptions: {
				columns: {
					column: [
						{ header: 'link', value: 'https://shop.example.com/products/{slug}' },
						{ header: 'availability', source: 'inStock' },
						{ header: 'condition', value: 'new' },
					],
				},
				valueMap: {
					mapping: [
						{ column: 'availability', from: 'Yes', to: 'in_stock' },
						{ column: 'availability', from: 'No', to: 'out_of_stock' },
					],
				},
				currency: 'USD',
			},
		});
		expect(report.problems).toEqual([]);
		expect(summary).toMatchObject({ products: 2, invalid: 0, feed: 'googleMerchantCenter' });
		const one = rowOf(report, 'id', 'FORM-1')!;
		expect(one).toMatchObject({
			title: 'Tee with a tab & bold',
			link: expect.stringMatching(/^https:\/\/shop\.example\.com\/products\/tee-/),
			availability: 'in_stock',
			condition: 'new',
			// A decimal comma read as the decimal point.
			price: '392.12 USD',
			image_link: 'https://cdn.example.com/a%20b%2Cc%20%C3%A9.jpg',
			color: 'Red/Navy',
			shipping_weight: '2.5 lb',
			gtin: '000123',
		});
		// Google's simple HTML: no attributes, no script, <b> as <strong>, <p> as <div>, lists closed.
		expect(one.description).toBe(
			'<div>A <strong>soft</strong> tee.</div> <ul><li>Cotton<li>Blue</li></li></ul>More',
		);
		expect(one.product_type).toMatch(/^[^/]+ > /);
		expect(rowOf(report, 'id', 'FORM-2')).toMatchObject({
			availability: 'out_of_stock',
			price: '15.00 USD',
		});
	});

	it('Meta: plain text, entities read, no links; its stock words with spaces; quoted as its CSV rule asks', async () => {
		const { report, bytes } = await feedOf('meta', {
			fileFormat: 'csv',
			exportOptions: {
				columns: {
					column: [
						{ header: 'condition', value: 'new' },
						{ header: 'link', value: 'https://shop.example.com/p/{sku}' },
					],
				},
			},
		});
		expect(report.problems).toEqual([]);
		expect(rowOf(report, 'id', 'FORM-1')).toMatchObject({
			title: 'Tee with a tab & bold',
			description: 'A soft tee. Cotton Blue More',
			availability: 'in stock',
		});
		expect(bytes!.toString()).toContain('"in stock"');
	});

	it('Shopify: grams from any unit, the Handle from the slug, Published and Status from the status, the price without its code', async () => {
		const { report } = await feedOf('shopify', { exportOptions: { currency: 'USD' } });
		expect(report.problems).toEqual([]);
		expect(rowOf(report, 'Variant SKU', 'FORM-1')).toMatchObject({
			'Variant Grams': '1134',
			'Variant Price': '392.12',
			'Option1 Name': 'Title',
			'Option1 Value': 'Default Title',
			Published: 'TRUE',
			Status: 'active',
		});
		expect(rowOf(report, 'Variant SKU', 'FORM-2')).toMatchObject({
			Handle: 'cafe-creme',
			'Variant Grams': '500',
			'Variant Price': '15.00',
			Published: 'FALSE',
			Status: 'draft',
		});
	});

	it('XML: RSS 2.0 with the g: namespace, text escaped, read back whole', async () => {
		const { report, bytes } = await feedOf('googleMerchantCenter', {
			fileFormat: 'xml',
			...SETTINGS.googleMerchantCenter,
		});
		expect(bytes!.toString()).toContain('xmlns:g="http://base.google.com/ns/1.0"');
		expect(report.problems).toEqual([]);
		expect(rowOf(report, 'id', 'FORM-1')!.title).toBe('Tee with a tab & bold');
	});
});

describe('each rule, both ways', () => {
	const long = (n: number) => 'x'.repeat(n);
	beforeAll(() => {
		const a = feeds();
		a.addAttribute({ code: 'brand', title: 'Brand', kind: 'text' });
		const product = (
			sku: string,
			values: IDataObject,
			images = ['https://cdn.example.com/i.jpg'],
		) =>
			a.createProduct({
				sku,
				familyCode: 'clothing',
				values: {
					name: `Name of ${sku}`,
					web_description: `About ${sku}`,
					price: '10.00 USD',
					inStock: 'Yes',
					brand: 'Acme',
					...values,
				},
				channels: [{ code: 'web', status: 1 }],
				images,
			});
		product('OK-1', {});
		product('TITLE-150', { name: long(150) });
		product('TITLE-151', { name: long(151) });
		product('NO-IMAGE', {}, []);
		product('EURO', { price: '10.00 EUR' });
		product('NO-PRICE', { price: '' });
		product('MAYBE', { inStock: 'Maybe' });
		product('SOON', { inStock: 'Soon' });
		product('LONG-DESC', { web_description: long(5200) });
		product('SAME', { web_description: 'Name of SAME' });
		product('NO-BRAND', { brand: '', upc: '' });
		product('VENDOR-A', { brand: 'A' });
		product('NO-NAME', { name: '' });
		product('NO-DESC', { web_description: '' });
	});
	afterAll(() => feeds().reset());

	const google = (extra: IDataObject = {}) => ({
		fileFormat: 'tsv',
		exportOptions: {
			columns: { column: [{ header: 'link', value: 'https://shop.example.com/p/{sku}' }] },
			currency: 'USD',
			...extra,
		},
	});

	it('Google, Skip: each breaking product left out and named by rule; the file passes', async () => {
		const { summary, report } = await feedOf('googleMerchantCenter', google());
		expect(report.problems).toEqual([]);
		const ids = report.rows.map((r) => r.id);
		for (const kept of ['OK-1', 'TITLE-150', 'LONG-DESC', 'SAME', 'NO-BRAND', 'VENDOR-A'])
			expect(ids).toContain(kept);
		for (const left of ['TITLE-151', 'NO-IMAGE', 'EURO', 'NO-PRICE', 'MAYBE', 'NO-NAME', 'NO-DESC'])
			expect(ids).not.toContain(left);
		expect(summary.invalidByRule).toEqual({
			'with a title over 150 characters': 1,
			'without image_link': 1,
			'priced in another currency than USD': 1,
			'without price': 1,
			'with an availability Google Merchant Center does not know': 2,
			'without title': 1,
			'without description': 1,
			// 'Soon' is no word Google knows either.
		});
		const problems = summary.problems as IDataObject[];
		expect(problems.find((p) => p.sku === 'TITLE-151')!.error).toBe(
			`title has 151 characters, over Google Merchant Center's 150: "${long(40)}…"`,
		);
		expect(problems.find((p) => p.sku === 'EURO')!.error).toBe('price "10.00 EUR" is not in USD');
		expect(problems.find((p) => p.sku === 'MAYBE')!.error).toContain(
			'availability "Maybe" is not one of in_stock, out_of_stock, preorder, backorder',
		);
		expect(summary.notice).toMatch(/^6 products · 8 left out: /);
		// Google cuts a description over 5 000 characters itself: cut the same way, and warned.
		expect(rowOf(report, 'id', 'LONG-DESC')!.description).toHaveLength(5000);
		expect(summary).toMatchObject({
			warned: 1,
			warnings: [
				{
					sku: 'LONG-DESC',
					warning:
						'description cut from 5200 to 5000 characters, as Google Merchant Center cuts it',
				},
			],
		});
	});

	it('Google, Keep: the same products written as they are, named the same; the validator finds what the node named', async () => {
		const { summary, report } = await feedOf(
			'googleMerchantCenter',
			google({ invalidProducts: 'keep' }),
		);
		expect(summary.products).toBe(14);
		expect(summary.invalid).toBe(8);
		expect(summary.notice).toMatch(/^14 products · 8 written with problems: /);
		const flagged = new Set(report.problems.map((p) => `${p.id}:${p.rule}`));
		expect(flagged).toEqual(
			new Set([
				'TITLE-151:maxLength',
				'NO-IMAGE:required',
				'NO-PRICE:required',
				'MAYBE:availability',
				'SOON:availability',
				'NO-NAME:required',
				'NO-DESC:required',
			]),
		);
		// The validator cannot know the feed's currency: EUR is a price it takes.
		expect(rowOf(report, 'id', 'EURO')!.price).toBe('10.00 EUR');
	});

	it('Google: a word mapped to preorder needs availability_date; Value Map makes Maybe a word Google knows', async () => {
		const { summary, report } = await feedOf(
			'googleMerchantCenter',
			google({
				valueMap: {
					mapping: [
						{ column: 'availability', from: 'soon', to: 'preorder' },
						{ column: 'availability', from: 'Maybe', to: 'backorder' },
					],
				},
			}),
		);
		expect(report.problems).toEqual([]);
		expect(summary.invalidByRule).toMatchObject({
			'preorder without availability_date': 1,
			'backorder without availability_date': 1,
		});
		const dated = await feedOf(
			'googleMerchantCenter',
			google({
				columns: {
					column: [
						{ header: 'link', value: 'https://shop.example.com/p/{sku}' },
						{ header: 'availability_date', value: '2027-01-15T00:00Z' },
					],
				},
				valueMap: { mapping: [{ column: 'availability', from: 'soon', to: 'preorder' }] },
			}),
		);
		expect(dated.report.problems).toEqual([]);
		expect(rowOf(dated.report, 'id', 'SOON')).toMatchObject({
			availability: 'preorder',
			availability_date: '2027-01-15T00:00Z',
		});
	});

	it("an id over 50 characters, a condition Google does not know: named; Meta's title over 200", async () => {
		const { summary, report } = await feedOf(
			'googleMerchantCenter',
			google({
				columns: {
					column: [
						{ header: 'link', value: 'https://shop.example.com/p/{sku}' },
						{ header: 'id', value: '{sku}-{name}' },
						{ header: 'condition', value: 'mint' },
					],
				},
				valueMap: { mapping: [{ column: 'condition', from: 'mint', to: 'new' }] },
			}),
		);
		expect(report.problems).toEqual([]);
		// The value map makes every condition `new`; TITLE-150's id is its 150 characters and more.
		expect(rowOf(report, 'id', 'OK-1-Name of OK-1')).toMatchObject({ condition: 'new' });
		expect(summary.invalidByRule).toMatchObject({ 'with an id over 50 characters': 2 });
		const unmapped = await run(
			'googleMerchantCenter',
			google({
				columns: {
					column: [
						{ header: 'link', value: 'https://shop.example.com/p/{sku}' },
						{ header: 'condition', value: 'mint' },
					],
				},
			}),
		);
		expect(unmapped.summary.invalidByRule).toMatchObject({
			'with a condition Google Merchant Center does not know': 14,
		});
		const meta = await feedOf('meta', {
			fileFormat: 'csv',
			exportOptions: {
				columns: {
					column: [
						{ header: 'link', value: 'https://shop.example.com/p/{sku}' },
						{ header: 'condition', value: 'new' },
						{ header: 'title', value: '{name} {name}' },
					],
				},
				currency: 'USD',
			},
		});
		expect(meta.report.problems).toEqual([]);
		// TITLE-150 and TITLE-151 twice over: over 200.
		expect(meta.summary.invalidByRule).toMatchObject({ 'with a title over 200 characters': 2 });
	});

	it('a duplicate id: the later product left out and named (ids from a column the user chose)', async () => {
		const { summary, report } = await feedOf(
			'googleMerchantCenter',
			google({
				columns: {
					column: [
						{ header: 'link', value: 'https://shop.example.com/p/{sku}' },
						{ header: 'id', source: 'brand' },
					],
				},
			}),
		);
		expect(report.problems).toEqual([]);
		expect((summary.invalidByRule as IDataObject)['with an id already written']).toBeGreaterThan(0);
		expect(new Set(report.rows.map((r) => r.id)).size).toBe(report.rows.length);
	});

	it('Meta: brand, gtin or mpn; a description not the same as the title; Keep lets the validator see both', async () => {
		const meta = (invalidProducts: string) => ({
			fileFormat: 'csv',
			exportOptions: {
				columns: {
					column: [
						{ header: 'link', value: 'https://shop.example.com/p/{sku}' },
						{ header: 'condition', value: 'new' },
					],
				},
				currency: 'USD',
				invalidProducts,
			},
		});
		const skip = await feedOf('meta', meta('skip'));
		expect(skip.report.problems).toEqual([]);
		expect(skip.summary.invalidByRule).toMatchObject({
			'without brand, gtin or mpn': 1,
			'with a description the same as the title': 1,
		});
		const keep = await feedOf('meta', meta('keep'));
		const flagged = keep.report.problems.map((p) => `${p.id}:${p.rule}`);
		expect(flagged).toEqual(expect.arrayContaining(['NO-BRAND:brand', 'SAME:sameAsTitle']));
	});

	it('Shopify: a Vendor of one character named; Title required', async () => {
		const { summary, report } = await feedOf('shopify', {
			exportOptions: { currency: 'USD', invalidProducts: 'keep' },
		});
		expect(summary.invalidByRule).toMatchObject({
			'with a Vendor under 2 characters': 1,
			'without Title': 1,
		});
		expect(report.problems.map((p) => p.rule)).toEqual(
			expect.arrayContaining(['vendor', 'required']),
		);
	});
});

describe('errors naming the parameter, before any request', () => {
	it.each([
		[
			{ fileFormat: 'xlsx' },
			'Parameter "File Format" must be tsv, xml for a Google Merchant Center feed (got "xlsx")',
		],
		[
			{ exportOptions: { columns: { column: [{ header: 'Gift Wrap', value: 'no' }] } } },
			'Parameter "Export Options → Columns": Google Merchant Center names columns in lowercase words joined by _; "Gift Wrap" is not',
		],
		[
			{ exportOptions: { currency: 'dollars' } },
			'Parameter "Export Options → Currency" must be an ISO 4217 code such as USD (got "DOLLARS")',
		],
	] as Array<[INodeParameters, string]>)('%j', async (extra, message) => {
		env.sb.clearLog();
		const { error } = await run('googleMerchantCenter', extra);
		expect(error?.message).toBe(message);
		expect(env.sb.log).toHaveLength(0);
	});

	it('a template naming a field no product has, a Value Map naming no column: before the products are read', async () => {
		env.sb.clearLog();
		const bad = await run('googleMerchantCenter', {
			exportOptions: { columns: { column: [{ header: 'link', value: 'https://shop/{slugg}' }] } },
		});
		expect(bad.error?.message).toContain(
			"column 1's Value names {slugg}, which is neither a field of a product record nor an attribute code of the account",
		);
		const map = await run('googleMerchantCenter', {
			exportOptions: { valueMap: { mapping: [{ column: 'stock', from: 'Yes', to: 'in_stock' }] } },
		});
		expect(map.error?.message).toBe(
			'Parameter "Export Options → Value Map" names the column "stock", which the file does not have',
		);
		expect(productList()).toHaveLength(0);
	});
});

it('a Shopify feed through Import File into an empty account: the same names, descriptions, prices and weights', async () => {
	const { report, item, summary } = await feedOf(
		'shopify',
		{ exportOptions: { currency: 'USD' } },
		'demo',
	);
	expect(report.problems).toEqual([]);
	const { items, error } = await runPim(
		env.creds('shop'),
		{
			resource: 'product',
			operation: 'importFile',
			binaryPropertyName: 'data',
			skuColumn: 'Variant SKU',
			familyColumn: '',
			familyCode: 'Clothing',
			languageCode: 'en_US',
			channels: { channel: [{ code: 'web', status: true }] },
			channelStatusColumn: 'Status',
			categoryColumn: '',
			imageColumns: 'Image Src',
			importOptions: { groupBy: 'Handle', currency: 'USD' },
		},
		{ version: 2, input: [{ $binary: item!.binary } as unknown as IDataObject] },
	);
	expect(error).toBeUndefined();
	expect(items[0].json).toMatchObject({ created: summary.products, failed: 0 });
	const demo = env.sb.account('demo');
	const shop = env.sb.account('shop');
	let compared = 0;
	for (const row of report.rows) {
		const sku = row['Variant SKU'];
		const from = demo.productBySku(sku)!.values;
		const to = shop.productBySku(sku)!.values;
		expect({
			sku,
			name: to.name,
			web_description: to.web_description,
			price: to.price,
			meta_description: to.meta_description,
		}).toEqual({
			sku,
			name: from.name,
			web_description: from.web_description,
			price: from.price,
			meta_description: from.meta_description,
		});
		// The weight in grams, as the PIM writes a metric amount.
		const kg = Number(String(from.weight).replace(/ kg$/, ''));
		expect(to.weight).toBe(`${Math.round(kg * 1000)} Gram`);
		compared++;
	}
	expect(compared).toBe(summary.products);
});
