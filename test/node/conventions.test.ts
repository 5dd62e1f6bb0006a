/**
 * Other systems' exports through Map Automatically (#32), version 2 against the sandbox: each
 * column convention lands with its exact value (read back from the PIM), a column that goes
 * nowhere is reported, and a column that names an attribute keeps going to it.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { runPim } from '../../harness/in-process';
import { autoMap, productWrite } from '../../harness/product-write';
import { useSandbox } from '../helpers/sandbox';

const env = useSandbox();
let batch = 0;
const sku = (name: string) => `CONV-${++batch}-${name}`;

const create = (importOptions: IDataObject = {}, extra: INodeParameters = {}): INodeParameters =>
	productWrite('create', { familyCode: 'Clothing', columns: autoMap(), importOptions, ...extra });

const product = (s: unknown) => env.sb.account('demo').productBySku(String(s))!;
const writes = () => env.sb.log.filter((r) => r.method === 'POST' || r.method === 'PUT');

async function land(
	rows: IDataObject[],
	importOptions: IDataObject = {},
	extra: INodeParameters = {},
) {
	const { items, error } = await runPim(env.creds(), create(importOptions, extra), {
		input: rows,
		version: 2,
	});
	expect(error).toBeUndefined();
	return items.map((i) => i.json);
}

beforeEach(() => env.sb.clearLog());

it('WooCommerce: name/value pairs, the unit in the header, the currency for a bare price', async () => {
	const row = {
		sku: sku('woo'),
		Published: 1,
		'Attribute 1 name': 'Color',
		'Attribute 1 value(s)': 'Red, Blue',
		'Attribute 1 visible': 1,
		'Attribute 1 global': 1,
		'Attribute 2 name': 'size',
		'Attribute 2 value(s)': 'M',
		'Weight (lbs)': '0.5',
		price: '19.99',
	};
	const [out] = await land([row], { currency: 'usd' });
	const p = product(row.sku);
	expect(p.multiSelect.color).toEqual(['Red', 'Blue']);
	expect(p.values.size).toBe('M');
	expect(p.values.weight).toBe('0.5 Pound');
	expect(p.values.price).toBe('19.99 USD');
	// Published went nowhere: said on the run's first item; so is where each convention sent its
	// columns (price names its attribute as it is: not listed).
	expect(out.unmappedColumns).toEqual({
		Published: 'no attribute of the account has this code or title',
	});
	expect(out.mappedColumns).toEqual({
		'Attribute 1 name': ['color'],
		'Attribute 1 value(s)': ['color'],
		'Attribute 2 name': ['size'],
		'Attribute 2 value(s)': ['size'],
		'Weight (lbs)': ['weight'],
	});
	expect(writes()).toHaveLength(1);
});

it("Shopify: OptionN pairs, Title / Default Title writes nothing, Variant Grams in grams whatever the shop's unit", async () => {
	const rows = [
		{
			sku: sku('shirt'),
			'Option1 Name': 'Color',
			'Option1 Value': 'Navy',
			'Option2 Name': 'Size',
			'Option2 Value': 'L',
			'Variant Grams': 250,
			'Variant Weight Unit': 'lb',
		},
		{
			sku: sku('hat'),
			'Option1 Name': 'Title',
			'Option1 Value': 'Default Title',
			'Variant Grams': '120',
			'Variant Weight Unit': 'kg',
		},
	];
	const out = await land(rows);
	expect(product(rows[0].sku).multiSelect.color).toEqual(['Navy']);
	expect(product(rows[0].sku).values).toMatchObject({ size: 'L', weight: '250 Gram' });
	expect(product(rows[1].sku).values.weight).toBe('120 Gram');
	expect(product(rows[1].sku).values.size).toBeUndefined();
	expect(out[0].unmappedColumns).toBeUndefined();
	expect(writes()).toHaveLength(2);
});

it("Akeneo: the write's locale and channel, a price with its currency, an amount with its unit column; the others reported", async () => {
	const row = {
		sku: sku('bag'),
		'name-en_US': 'Canvas bag',
		'name-de_DE': 'Stofftasche',
		'short_description-en_US-web': 'A bag for the web',
		'short_description-en_US-print': 'A bag for print',
		'price-EUR': '25.50',
		weight: '500',
		'weight-unit': 'GRAM',
	};
	const [out] = await land([row]);
	const p = product(row.sku);
	expect(p.values).toMatchObject({
		name: 'Canvas bag',
		short_description: 'A bag for the web',
		price: '25.50 EUR',
		weight: '500 Gram',
	});
	expect(out.unmappedColumns).toEqual({
		'name-de_DE':
			"language de_DE; this write's language is en_US (Import Options → All Languages writes the others)",
		'short_description-en_US-print':
			"channel print; this write's channels are web (Import Options → Channel Map sends a column's channel to one of them)",
	});
});

it('Akeneo: a price in two currencies lands in the one Import Options → Currency names, the other is reported', async () => {
	const row = {
		sku: sku('prices'),
		name: 'Two prices',
		'price-EUR': '25.50',
		'price-USD': '27.00',
	};
	const [out] = await land([row], { currency: 'eur' });
	expect(product(row.sku).values.price).toBe('25.50 EUR');
	expect(out.unmappedColumns).toEqual({
		'price-USD': "a price in USD; this write's currency is EUR (Import Options → Currency)",
	});
	// Without Currency both columns give the price: an error that says how to choose, before any write.
	env.sb.clearLog();
	const { error } = await runPim(env.creds(), create(), {
		input: [{ ...row, sku: sku('prices') }],
		version: 2,
	});
	expect(error?.message).toBe(
		'Parameter "Attributes": the input field "price-EUR" and the input field "price-USD" both give the attribute "price" (Price)',
	);
	expect(error?.description).toMatch(
		/^A price in several currencies: set Import Options → Currency/,
	);
	expect(writes()).toEqual([]);
});

it("Magento: additional_attributes' code=value pairs (a multi-select's values joined by |), is_in_stock; the rest reported", async () => {
	const row = {
		sku: sku('magento'),
		store_view_code: '',
		product_type: 'simple',
		name: 'Joust Duffle Bag',
		price: '34.00',
		is_in_stock: '1',
		additional_attributes: 'color=Red|Blue,size=M,material=Cotton,activity=Gym',
	};
	const [out] = await land([row], { currency: 'USD' });
	const p = product(row.sku);
	expect(p.values).toMatchObject({
		name: 'Joust Duffle Bag',
		price: '34.00 USD',
		size: 'M',
		material: 'Cotton',
	});
	expect(p.multiSelect.color).toEqual(['Red', 'Blue']);
	expect(writes()[0].body).toMatchObject({ inStock: '1' });
	// store_view_code is empty: nothing of it is lost, so it is not reported.
	expect(out.unmappedColumns).toEqual({
		product_type: 'no attribute of the account has this code or title',
		'additional_attributes (activity)': 'no attribute is named "activity"',
	});
});

it('a column that names an attribute as it is keeps going to it, whatever it looks like', async () => {
	// weight is an attribute: the header-unit column that would also give it goes nowhere, reported.
	const row = { sku: sku('keep'), name: 'Plain', 'Weight (lbs)': '2', weight: '900 Gram' };
	const [out] = await land([row]);
	expect(product(row.sku).values.weight).toBe('900 Gram');
	expect(out.unmappedColumns).toEqual({
		'Weight (lbs)': 'the column "weight" gives the attribute "weight"',
	});
	// Two conventions for one attribute are an error naming both.
	const twice = { sku: sku('twice'), 'Weight (lbs)': '2', 'Weight (kg)': '1' };
	const { error } = await runPim(env.creds(), create(), { input: [twice], version: 2 });
	expect(error?.message).toBe(
		'Parameter "Attributes": the input field "Weight (lbs)" and the input field "Weight (kg)" both give the attribute "weight" (Weight)',
	);
	const ok = await land([{ sku: sku('keep2'), name: 'Plain', weight: '900 Gram' }]);
	expect(ok[0].unmappedColumns).toBeUndefined();
	expect(product(ok[0].sku).values.weight).toBe('900 Gram');
});

it('a relative image path is joined to Image Base URL, and without it refused naming the option', async () => {
	const images = { images: ['={{ $json.image }}'] };
	const row = { sku: sku('img'), name: 'Bag', image: 'files/a/b/bag.jpg' };
	const { error } = await runPim(env.creds(), create({}, images), { input: [row], version: 2 });
	expect(error?.message).toBe('Parameter "Images": "files/a/b/bag.jpg" is not an http(s) URL');
	expect(error?.description).toMatch(/Import Options → Image Base URL/);
	expect(writes()).toEqual([]);
	await land([row], { imageBaseUrl: 'https://media.example.com/akeneo/' }, images);
	expect(product(row.sku).images).toEqual(['https://media.example.com/akeneo/files/a/b/bag.jpg']);
});

it('All Languages: each locale of the row is a write of its own, the Language parameter first', async () => {
	const row = {
		sku: sku('langs'),
		'name-en_US': 'Canvas bag',
		'name-de_DE': 'Stofftasche',
		'short_description-de_DE': 'Eine Tasche',
		'name-fr_FR': 'Sac en toile',
		'price-EUR': '25.50',
	};
	const [out] = await land([row], { allLanguages: true }, { operation: 'upsert' });
	expect(out).toMatchObject({ operation: 'created', languages: ['en_US', 'de_DE', 'fr_FR'] });
	expect(out.unmappedColumns).toBeUndefined();
	expect(out.mappedColumns).toEqual({
		'name-en_US': ['name'],
		'price-EUR': ['price'],
		'name-de_DE': ['name (de_DE)'],
		'short_description-de_DE': ['short_description (de_DE)'],
		'name-fr_FR': ['name (fr_FR)'],
	});
	const sent = writes().map((w) => [w.method, w.body as IDataObject]);
	expect(sent.map(([method, body]) => [method, (body as IDataObject).language_code])).toEqual([
		['POST', 'en_US'],
		['PUT', 'de_DE'],
		['PUT', 'fr_FR'],
	]);
	expect(sent[0][1]).toMatchObject({ sku: row.sku, name: 'Canvas bag', price: '25.50 EUR' });
	// Another language's write carries its SKU and that language's values only.
	expect(sent[1][1]).toEqual({
		sku: row.sku,
		language_code: 'de_DE',
		name: 'Stofftasche',
		short_description: 'Eine Tasche',
	});
	expect(sent[2][1]).toEqual({ sku: row.sku, language_code: 'fr_FR', name: 'Sac en toile' });

	// Without the option the other languages go nowhere, and are reported.
	env.sb.clearLog();
	const [plain] = await land([{ ...row, sku: sku('langs') }]);
	expect(Object.keys(plain.unmappedColumns as IDataObject)).toEqual([
		'name-de_DE',
		'short_description-de_DE',
		'name-fr_FR',
	]);
	expect(writes()).toHaveLength(1);
});

it('All Languages: a language the account does not have is an error naming it, before any write', async () => {
	const row = { sku: sku('xx'), 'name-en_US': 'Bag', 'name-pt_BR': 'Bolsa' };
	const { error } = await runPim(env.creds(), create({ allLanguages: true }), {
		input: [row],
		version: 2,
	});
	expect(error?.message).toBe(
		'Parameter "Import Options → All Languages": the input has columns in the language "pt_BR", which the account does not have',
	);
	expect(error?.description).toMatch(/^The account's languages: en_US, de_DE, fr_FR\./);
	expect(writes()).toEqual([]);
});
