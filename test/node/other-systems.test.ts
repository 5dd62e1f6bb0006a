/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- test code, never published; n8n Cloud runtime rules for community-node code do not apply */
/**
 * More systems' exports through Import File (#71), version 2 against the sandbox, from the real
 * files in ../shared/real-exports/ (Magento 2, Shopware 6, Odoo, UnoPim, read where they lie,
 * never copied) and a PrestaShop file in its documented column layout: with the form filled as
 * docs/imports.md says for each system, every key value lands exact (read back from the PIM), and
 * every column that holds a value on a row is read by the form, written to an attribute, or named
 * in unmappedColumns with its reason. Languages from a column: UnoPim's one row per locale.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parse } from 'csv-parse/sync';
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { runPim } from '../../harness/in-process';
import { fileItem, productWrite } from '../../harness/product-write';
import { useSandbox } from '../helpers/sandbox';

const env = useSandbox();
const account = () => env.sb.account('demo');
const product = (sku: string) => account().productBySku(sku)!;
const writes = () => env.sb.log.filter((r) => r.method === 'POST' || r.method === 'PUT');
const REAL = path.join(__dirname, '..', '..', '..', 'shared', 'real-exports');
const real = (name: string) => fs.readFileSync(path.join(REAL, name));
/** A file's rows as an independent reader (csv-parse) reads them: header → cell. */
const rowsOf = (bytes: Buffer, delimiter = ','): IDataObject[] =>
	parse(bytes, { columns: true, delimiter, relax_column_count: true, bom: true });

/** Import File of `bytes` with the form's fields for its system; the summary item. */
async function importFile(bytes: Buffer, name: string, form: INodeParameters) {
	const { items, error } = await runPim(
		env.creds(),
		productWrite('importFile', { fileOptions: { onBadRows: 'skip' }, ...form }),
		{ input: [fileItem(bytes, name)], version: 2 },
	);
	expect(error).toBeUndefined();
	return items[0].json;
}

/** The form fields that name a column of the file (Image Columns: several). */
const FORM_COLUMNS = [
	'skuColumn',
	'familyColumn',
	'channelStatusColumn',
	'categoryColumn',
	'languageColumn',
];

/**
 * The rule no file may break: every column holding a value on some row is read by a field of the
 * form, names an attribute as it is (code or title, its hint aside), was written by a convention
 * (mappedColumns) or is named in unmappedColumns.
 */
function nothingSilentlyLost(rows: IDataObject[], form: INodeParameters, summary: IDataObject) {
	const byForm = new Set(
		[
			...FORM_COLUMNS.map((f) => form[f] as string | undefined),
			...String(form.imageColumns ?? '')
				.split(/,(?![^(]*\))/)
				.map((h) => h.trim()),
		]
			.filter((h): h is string => !!h)
			.map((h) => h.toLowerCase()),
	);
	const names = new Set(
		account().attributes.flatMap((a) => [a.code.toLowerCase(), a.title.toLowerCase()]),
	);
	const mapped = Object.keys((summary.mappedColumns as IDataObject) ?? {});
	// `additional_attributes (has_options)`: a pair of a column that holds several.
	const named = Object.keys((summary.unmappedColumns as IDataObject) ?? {}).flatMap((c) => [
		c,
		c.replace(/ \([^)]*\)$/, ''),
	]);
	const lost = Object.keys(rows[0]).filter(
		(column) =>
			rows.some((r) => String(r[column] ?? '').trim() !== '') &&
			!byForm.has(column.toLowerCase()) &&
			!names.has(
				column
					.replace(/\s*\*$|\s*\([^)]*\)$/, '')
					.trim()
					.toLowerCase(),
			) &&
			!mapped.includes(column) &&
			!named.includes(column),
	);
	expect(lost).toEqual([]);
}

beforeEach(() => env.sb.clearLog());

describe('UnoPim: one row per locale, prices per currency in the header', () => {
	const FORM: INodeParameters = {
		skuColumn: 'sku',
		languageColumn: 'locale',
		channelStatusColumn: 'status',
		importOptions: { currency: 'USD' },
	};

	it('the multi-locale sample writes its product once per language; a second run writes only the other languages', async () => {
		const name = 'unopim-products-multi-locale-sample.csv';
		const summary = await importFile(real(name), name, FORM);
		expect(summary).toMatchObject({ rows: 3, created: 1, updated: 2, failed: 0 });
		const p = product('multi-locale-product');
		expect(account().locales.find((l) => l.id === p.language_id)?.code).toBe('en_US');
		expect(p.values).toMatchObject({
			name: 'Multi Locale Product',
			web_description: '<p>Described in English.</p>',
			short_description: '<p>English summary.</p>',
			price: '50 USD',
		});
		expect(p.localized?.fr_FR).toMatchObject({
			name: 'Produit multilingue',
			web_description: '<p>Décrit en français.</p>',
			short_description: '<p>Résumé en français.</p>',
		});
		expect(p.localized?.de_DE).toMatchObject({
			name: 'Mehrsprachiges Produkt',
			web_description: '<p>Auf Deutsch beschrieben.</p>',
		});
		const languages = writes().map((w) => (w.body as IDataObject).language_code);
		expect(languages).toEqual(['en_US', 'fr_FR', 'de_DE']);
		nothingSilentlyLost(rowsOf(real(name)), FORM, summary);
		expect(summary.unmappedColumns).not.toHaveProperty('locale');

		// The record shows the product in its own language: only that row is compared.
		env.sb.clearLog();
		const again = await importFile(real(name), name, FORM);
		expect(again).toMatchObject({ rows: 3, unchanged: 1, updated: 2, failed: 0 });
		expect(writes().map((w) => (w.body as IDataObject).language_code)).toEqual(['fr_FR', 'de_DE']);
	});

	it("the product sample: variants take their parent's values; the price in the currency asked for lands, the other is named; without one, each row says to choose", async () => {
		const name = 'unopim-products-import-sample.csv';
		const rows = rowsOf(real(name));
		const summary = await importFile(real(name), name, FORM);
		expect(summary).toMatchObject({ rows: 18, created: 18, failed: 0 });
		// A variant row holds its own color or size: its name and description are its parent's,
		// and its parent's parent's (configurable-product-4 → -red → -red-s).
		const bySku = new Map(rows.map((r) => [r.sku, r]));
		const inherited = (row: IDataObject, column: string): unknown =>
			row[column] === '' && row.parent ? inherited(bySku.get(row.parent)!, column) : row[column];
		for (const row of rows) {
			const p = product(String(row.sku));
			expect(p.values.name).toBe(inherited(row, 'name'));
			expect(p.values.web_description).toBe(inherited(row, 'description'));
			expect(p.values.price).toBe(`${row['price (USD)']} USD`);
			expect(p.channels).toEqual([
				expect.objectContaining({ code: 'web', status: row.status === 'true' ? 1 : 0 }),
			]);
		}
		expect(product('configurable-product-4-red-s').values).toMatchObject({
			name: 'Configurable Product 4',
			size: 'S',
		});
		expect((summary.unmappedColumns as IDataObject).parent).toMatch(
			/^the parent's: its values fill/,
		);
		expect((summary.unmappedColumns as IDataObject)['price (EUR)']).toBe(
			"a price in EUR; this write's currency is USD (Import Options → Currency)",
		);
		nothingSilentlyLost(rows, FORM, summary);

		const unchosen = await importFile(real(name), name, { ...FORM, importOptions: {} });
		expect(unchosen).toMatchObject({ failed: 18 });
		expect((unchosen.problems as IDataObject[])[0].error).toMatch(
			/"price \(USD\)" and the input field "price \(EUR\)" both give the attribute "price".*Import Options → Currency/,
		);
	});
});

it("UnoPim's price per channel and currency (msrp-ecommerce-USD) goes to that channel's write, through the Channel Map", async () => {
	account().addAttribute({ code: 'msrp', title: 'MSRP', kind: 'price' });
	const file = Buffer.from(
		[
			'sku,name,msrp-ecommerce-USD,msrp-ecommerce-EUR,msrp-mobile-USD',
			'UNO-MSRP,Granola,4.99,4.59,5.49',
		].join('\n'),
	);
	const summary = await importFile(file, 'grocery.csv', {
		skuColumn: 'sku',
		importOptions: { currency: 'USD', channelMap: { mapping: [{ from: 'ecommerce', to: 'web' }] } },
	});
	expect(summary).toMatchObject({ created: 1, failed: 0 });
	expect(product('UNO-MSRP').values.msrp).toBe('4.99 USD');
	expect(summary.unmappedColumns).toEqual({
		'msrp-ecommerce-EUR':
			"a price in EUR; this write's currency is USD (Import Options → Currency)",
		'msrp-mobile-USD': expect.stringMatching(/^channel mobile; this write's channels are web/),
	});
});

describe('Languages from a column', () => {
	const csv = (...lines: string[]) => Buffer.from(lines.join('\n'));

	it('Language Map reads a store view as a locale; an empty cell takes Language', async () => {
		const summary = await importFile(
			csv(
				'sku,store_view_code,name',
				'LANGMAP-1,,Linen shirt',
				'LANGMAP-1,french,Chemise en lin',
				'LANGMAP-1,DE_de,Leinenhemd',
			),
			'magento.csv',
			{
				skuColumn: 'sku',
				languageColumn: 'store_view_code',
				importOptions: { languageMap: { mapping: [{ from: ' French ', to: 'fr_FR' }] } },
			},
		);
		expect(summary).toMatchObject({ rows: 3, created: 1, updated: 2, failed: 0 });
		const p = product('LANGMAP-1');
		expect(p.values.name).toBe('Linen shirt');
		expect(p.localized?.fr_FR?.name).toBe('Chemise en lin');
		// A locale in another case is sent as the account spells it.
		expect(p.localized?.de_DE?.name).toBe('Leinenhemd');
		expect(writes().map((w) => (w.body as IDataObject).language_code)).toEqual([
			'en_US',
			'fr_FR',
			'de_DE',
		]);
	});

	it('a language the account does not have fails its row, naming the column and the Language Map', async () => {
		const summary = await importFile(
			csv('sku,locale,name', 'LANGMAP-2,en_US,Shirt', 'LANGMAP-2,nl_NL,Overhemd'),
			'langs.csv',
			{ skuColumn: 'sku', languageColumn: 'locale' },
		);
		expect(summary).toMatchObject({ created: 1, failed: 1 });
		expect((summary.problems as IDataObject[])[0]).toMatchObject({
			line: 3,
			sku: 'LANGMAP-2',
			error: expect.stringContaining(
				'Parameter "Language Column": the row\'s language "nl_NL" is no language of the account',
			),
		});
	});

	it('Create or Update items: Language Map reads the Language parameter', async () => {
		const { error } = await runPim(
			env.creds(),
			{
				resource: 'product',
				operation: 'upsert',
				sku: '={{ $json.sku }}',
				familyCode: 'Clothing',
				languageCode: '={{ $json.store }}',
				channels: { channel: [{ code: 'web' }] },
				columns: { mappingMode: 'autoMapInputData', value: null },
				importOptions: { languageMap: { mapping: [{ from: 'default', to: 'en_US' }] } },
			},
			{ input: [{ sku: 'LANGMAP-3', store: 'default', name: 'Wool scarf' }], version: 2 },
		);
		expect(error).toBeUndefined();
		expect(writes().map((w) => (w.body as IDataObject).language_code)).toEqual(['en_US']);
		expect(product('LANGMAP-3').values.name).toBe('Wool scarf');
	});
});

describe('Magento 2: the Luma sample (catalog_product layout)', () => {
	const name = 'magento2-luma-sample-products-head.csv';
	const MEDIA = 'https://shop.example.com/media/catalog/product';
	const FORM: INodeParameters = {
		skuColumn: 'sku',
		languageColumn: 'store_view_code',
		categoryColumn: 'categories',
		imageColumns: 'base_image, additional_images',
		channelStatusColumn: 'product_online',
		importOptions: { currency: 'USD', imageBaseUrl: MEDIA },
	};

	const CODES: Record<string, string[]> = {
		'Default Category/Men/Tops/Hoodies & Sweatshirts': ['web:hoodies'],
		'Default Category/Collections/Eco Friendly': ['web:eco-friendly'],
		'Default Category': [],
	};

	beforeAll(() => {
		const add = (code: string, title: string, parent?: string) =>
			account().addCategory({ channel: 'web', code, title, parent });
		add('men', 'Men');
		add('men-tops', 'Tops', 'men');
		add('hoodies', 'Hoodies & Sweatshirts', 'men-tops');
		add('collections', 'Collections');
		add('eco-friendly', 'Eco Friendly', 'collections');
	});

	it('every simple and configurable row lands: names, HTML descriptions, prices, paths under the root, media, status, attributes', async () => {
		const rows = rowsOf(real(name));
		const summary = await importFile(real(name), name, FORM);
		expect(summary).toMatchObject({ rows: 160, created: 160, failed: 0 });
		for (const row of rows) {
			const p = product(String(row.sku));
			expect(p.values.name).toBe(row.name);
			expect(p.values.web_description).toBe(row.description);
			expect(p.values.price).toBe(`${row.price} USD`);
			// `Default Category` is Magento's root: the paths are read below it, and alone it is nothing.
			const filed = String(row.categories)
				.split(',')
				.flatMap((path) => CODES[path] ?? [])
				.sort();
			expect([row.sku, p.categories.map((c) => `${c.channel}:${c.code}`).sort()]).toEqual([
				row.sku,
				filed,
			]);
			const media = [row.base_image, ...String(row.additional_images).split(',')]
				.filter(Boolean)
				.map((image) => `${MEDIA}${String(image)}`);
			expect(p.images).toEqual([...new Set(media)]);
			expect(p.channels).toEqual([expect.objectContaining({ code: 'web', status: 1 })]);
		}
		// additional_attributes: size and colour on the simple rows, material on the configurable.
		const child = product('MH01-XS-Black');
		expect(child.values.size).toBe('XS');
		expect(child.multiSelect.color).toEqual(['Black']);
		expect(product('MH01').values.material).toBe('Wool');
		// Magento writes its weight unit in the store's settings, not the file: said, not guessed.
		expect(String(summary.notice)).toMatch(/150 rows with an amount without unit/);
		const unmapped = summary.unmappedColumns as IDataObject;
		expect(unmapped.qty).toBe(
			'it means the attribute "qty" or "quantity" or "stock", which the account does not have (code or title)',
		);
		expect(unmapped['additional_attributes (climate)']).toBe('no attribute is named "climate"');
		nothingSilentlyLost(rows, FORM, summary);
	});

	it("product_online 2 is Magento's disabled", async () => {
		const csv = Buffer.from(
			['sku,name,product_online', 'MAG-OFF,Archived tee,2', 'MAG-ON,Live tee,1'].join('\n'),
		);
		const summary = await importFile(csv, 'magento.csv', {
			skuColumn: 'sku',
			channelStatusColumn: 'product_online',
		});
		expect(summary).toMatchObject({ created: 2, failed: 0 });
		expect(product('MAG-OFF').channels[0].status).toBe(0);
		expect(product('MAG-ON').channels[0].status).toBe(1);
	});
});

it("Shopware's category_paths: paths joined by |, under its root Main", async () => {
	const file = Buffer.from(
		[
			'product_number;name;category_paths',
			'SW-PATHS;Trail shoe;Main>Shoes>Boots|Main>Home|Main',
		].join('\n'),
	);
	const summary = await importFile(file, 'products_with_category_path.csv', {
		skuColumn: 'product_number',
		categoryColumn: 'category_paths',
	});
	expect(summary).toMatchObject({ created: 1, failed: 0 });
	expect(
		product('SW-PATHS')
			.categories.map((c) => `${c.channel}:${c.code}`)
			.sort(),
	).toEqual(['web:boots', 'web:home']);
});

describe("Odoo: a real shop's product.template export", () => {
	const name = 'odoo-product-template-export-head.csv';
	const FORM: INodeParameters = {
		skuColumn: 'Internal Reference',
		categoryColumn: 'Point of Sale Category',
		importOptions: { currency: 'LKR' },
	};

	it('references with leading zeros, prices in the shop\'s currency, " / " paths; the row without a reference named by its line', async () => {
		const add = (code: string, title: string, parent?: string) =>
			account().addCategory({ channel: 'web', code, title, parent });
		add('bajaj', 'Bajaj');
		for (const c of ['2W', '3W', 'QUTE']) add(`bajaj-${c}`, c, 'bajaj');
		add('other', 'Other');
		for (const c of ['Glue', 'Misc', 'Oil']) add(`other-${c}`, c, 'other');
		add('third-party', 'Third Party');
		add('third-party-other', 'Other', 'third-party');
		add('arc', 'ARC', 'third-party-other');

		const rows = rowsOf(real(name));
		const summary = await importFile(real(name), name, FORM);
		expect(summary).toMatchObject({ rows: 150, created: 149, failed: 1 });
		const missing = rows.findIndex((r) => r['Internal Reference'] === '');
		expect(summary.problems).toEqual([{ line: missing + 2, error: 'Parameter "SKU" is required' }]);
		const paths = new Map(account().categories.map((c) => [c.code, c.path.replace(/\//g, ' / ')]));
		for (const row of rows.filter((r) => r['Internal Reference'] !== '')) {
			const p = product(String(row['Internal Reference']));
			expect(p.values.price).toBe(`${row['Sales Price']} LKR`);
			expect(p.categories.map((c) => paths.get(c.code))).toEqual([row['Point of Sale Category']]);
		}
		expect(product('06111085')).toBeDefined();
		expect((summary.unmappedColumns as IDataObject)['Quantity On Hand']).toMatch(/"qty"/);
		nothingSilentlyLost(rows, FORM, summary);
	});
});

describe('Shopware 6: the default product profile', () => {
	const name = 'shopware6-products-export.csv';
	const FORM: INodeParameters = {
		skuColumn: 'product_number',
		imageColumns: 'cover_media_url',
	};

	it('gross prices with the currency in the name, the manufacturer as the brand; net prices named with the gross that landed', async () => {
		account().addAttribute({ code: 'brand', title: 'Brand', kind: 'text' });
		const rows = rowsOf(real(name), ';');
		const summary = await importFile(real(name), name, FORM);
		expect(summary).toMatchObject({ rows: 60, created: 60, failed: 0 });
		for (const row of rows) {
			const p = product(String(row.product_number));
			expect(p.values.name).toBe(row.name);
			expect(p.values.price).toBe(`${row.price_gross_eur} EUR`);
			expect(p.values.brand ?? '').toBe(row.manufacturer_name);
		}
		const unmapped = summary.unmappedColumns as IDataObject;
		expect(unmapped.price_net_eur).toBe(
			'the column "price_gross_eur" gives the attribute "price" (gross: what a shop shows)',
		);
		expect(unmapped.id).toBe(
			'a field the PIM keeps itself (a product record shows it): never written',
		);
		nothingSilentlyLost(rows, FORM, summary);
	});
});

it("PrestaShop's back-office product list export: the price with tax lands, the one without is named", async () => {
	const file = Buffer.from(
		[
			'ID;Image;Name;Reference;Category;Price (tax excl.);Price (tax incl.);Quantity;Status;Position',
			'19;https://img.example.com/19.jpg;Customizable mug;demo_14;Home;11,9;14,28;300;1;1',
		].join('\n'),
	);
	const summary = await importFile(file, 'product_list.csv', {
		skuColumn: 'Reference',
		imageColumns: 'Image',
		categoryColumn: 'Category',
		channelStatusColumn: 'Status',
		importOptions: { currency: 'EUR' },
	});
	expect(summary).toMatchObject({ created: 1, failed: 0 });
	const mug = product('demo_14');
	expect(mug.values).toMatchObject({ name: 'Customizable mug', price: '14,28 EUR' });
	expect(mug.images).toEqual(['https://img.example.com/19.jpg']);
	expect(mug.categories.map((c) => c.code)).toEqual(['home']);
	expect((summary.unmappedColumns as IDataObject)['Price (tax excl.)']).toBe(
		'the column "Price (tax incl.)" gives the attribute "price" (gross: what a shop shows)',
	);
});

describe('PrestaShop: a product file in its documented import layout', () => {
	// PrestaShop's product import columns (Advanced Parameters → Import), ";"-separated, as its
	// sample file names them: hints in the headers, several values in one cell.
	const HEADER =
		'ID;Active (0/1);Name *;Categories (x,y,z...);Price tax excluded;Tax rules ID;Reference #;Manufacturer;EAN13;Quantity;Summary;Description;Tags (x,y,z...);Meta title;URL rewritten;Image URLs (x,y,z...)';
	const file = Buffer.from(
		[
			HEADER,
			'1;1;Hummingbird printed t-shirt;Clothing,Shirts;23.9;1;demo_1;Studio Design;3666666666661;300;<p>Regular fit, round neckline.</p>;<p>Symbol of lightness.</p>;summer,cotton;Printed tee;hummingbird-printed-t-shirt;https://img.example.com/1.jpg,https://img.example.com/2.jpg',
			'2;0;Brown bear sweater;Clothing;35.9;1;demo_2;Studio Design;;50;<p>Long sleeves.</p>;;;;brown-bear-sweater;https://img.example.com/3.jpg',
		].join('\n'),
	);
	const FORM: INodeParameters = {
		skuColumn: 'Reference #',
		channelStatusColumn: 'Active (0/1)',
		categoryColumn: 'Categories (x,y,z...)',
		imageColumns: 'Image URLs (x,y,z...)',
		importOptions: { currency: 'EUR' },
	};

	it('names, summaries, net prices, manufacturers, URL keys and images land; the hints do not get in the way', async () => {
		for (const [code, title] of [
			['url_key', 'URL Key'],
			['tags', 'Tags'],
			['ean', 'EAN'],
		])
			if (!account().attributes.some((a) => a.code === code))
				account().addAttribute({ code, title, kind: 'text' });
		if (!account().attributes.some((a) => a.code === 'brand'))
			account().addAttribute({ code: 'brand', title: 'Brand', kind: 'text' });
		const rows = rowsOf(file, ';');
		const summary = await importFile(file, 'products.csv', FORM);
		expect(summary).toMatchObject({ rows: 2, created: 2, failed: 0 });
		const tee = product('demo_1');
		expect(tee.values).toMatchObject({
			name: 'Hummingbird printed t-shirt',
			short_description: '<p>Regular fit, round neckline.</p>',
			web_description: '<p>Symbol of lightness.</p>',
			price: '23.9 EUR',
			brand: 'Studio Design',
			url_key: 'hummingbird-printed-t-shirt',
			ean: '3666666666661',
			tags: 'summer,cotton',
		});
		expect(tee.images).toEqual(['https://img.example.com/1.jpg', 'https://img.example.com/2.jpg']);
		expect(tee.categories.map((c) => c.code).sort()).toEqual(['clothing', 'shirts']);
		expect(tee.channels[0].status).toBe(1);
		expect(product('demo_2').channels[0].status).toBe(0);
		nothingSilentlyLost(rows, FORM, summary);
	});
});
