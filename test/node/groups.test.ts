/**
 * Import Options → Group By (#32), version 2 against the sandbox: a Shopify-style export where a
 * product spans several rows (variant rows, an image row, a repeated SKU) lands as one product per
 * SKU, each with its group's values and images; every row has its output item.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { runPim } from '../../harness/in-process';
import { autoMap, productWrite } from '../../harness/product-write';
import { useSandbox } from '../helpers/sandbox';

const env = useSandbox();
const writes = () => env.sb.log.filter((r) => r.method === 'POST' || r.method === 'PUT');
const product = (s: string) => env.sb.account('demo').productBySku(s)!;
const cdn = (f: string) => `https://cdn.example.com/shop/${f}`;

beforeEach(() => env.sb.clearLog());

const upsert = (importOptions: IDataObject): INodeParameters =>
	productWrite('upsert', {
		sku: "={{ $json['Variant SKU'] }}",
		familyCode: 'Clothing',
		images: ["={{ $json['Image Src'] }}"],
		columns: autoMap(),
		mappingOptions: { ignoreFields: 'Handle, Image Src' },
		importOptions,
	});

/** Shopify's layout: product fields on a group's first row only, later rows carry the Handle. */
const rows: IDataObject[] = [
	{
		Handle: 'ocean-shirt',
		Title: 'Ocean Shirt',
		'Body (HTML)': '<p>Soft linen</p>',
		Vendor: 'Partners',
		'Option1 Name': 'Size',
		'Option1 Value': 'S',
		'Option2 Name': 'Color',
		'Option2 Value': 'Blue',
		'Variant SKU': 'GRP-OCEAN-S',
		'Variant Grams': 200,
		'Variant Weight Unit': 'lb',
		'Variant Price': '25.00',
		'Image Src': cdn('ocean-1.jpg'),
	},
	{
		Handle: 'ocean-shirt',
		Title: '',
		'Option1 Value': 'M',
		'Option2 Value': 'Blue',
		'Variant SKU': 'GRP-OCEAN-M',
		'Variant Grams': 210,
		'Variant Price': '27.00',
		'Image Src': cdn('ocean-2.jpg'),
	},
	{ Handle: 'ocean-shirt', 'Image Src': cdn('ocean-3.jpg') },
	{
		Handle: 'cap',
		Title: 'Cap',
		'Option1 Name': 'Title',
		'Option1 Value': 'Default Title',
		'Variant SKU': 'GRP-CAP',
		'Variant Grams': 90,
		'Variant Price': '15.00',
		color: 'Red',
		'Image Src': cdn('cap-1.jpg'),
	},
	{ Handle: 'cap', 'Variant SKU': 'GRP-CAP', color: 'Black', 'Image Src': cdn('cap-2.jpg') },
];

it('a Shopify export: one product per SKU with its group values and every image of its group', async () => {
	const { items, error } = await runPim(
		env.creds(),
		upsert({ groupBy: '={{ $json.Handle }}', currency: 'USD' }),
		{ input: rows, version: 2 },
	);
	expect(error).toBeUndefined();
	expect(items.map((i) => i.json.operation)).toEqual([
		'created',
		'created',
		'imagesForGroup',
		'created',
		'joined',
	]);
	expect(items.map((i) => i.pairedItem)).toEqual([0, 1, 2, 3, 4].map((item) => ({ item })));
	expect(items[2].json).toMatchObject({
		group: 'ocean-shirt',
		images: [cdn('ocean-3.jpg')],
		products: ['GRP-OCEAN-S', 'GRP-OCEAN-M'],
	});
	expect(items[4].json).toEqual({ operation: 'joined', sku: 'GRP-CAP', into: 3 });
	expect(writes()).toHaveLength(3);

	const oceanImages = ['ocean-1.jpg', 'ocean-2.jpg', 'ocean-3.jpg'].map(cdn);
	const m = product('GRP-OCEAN-M');
	// The variant row's empty cells took the group's first values.
	expect(m.values).toMatchObject({
		name: 'Ocean Shirt',
		web_description: '<p>Soft linen</p>',
		size: 'M',
		weight: '210 Gram',
		price: '27.00 USD',
	});
	expect(m.multiSelect.color).toEqual(['Blue']);
	expect(m.images).toEqual(oceanImages);
	const s = product('GRP-OCEAN-S');
	expect(s.values).toMatchObject({ name: 'Ocean Shirt', size: 'S', weight: '200 Gram' });
	expect(s.images).toEqual(oceanImages);
	// Two rows of one SKU: one write, their lists joined.
	const cap = product('GRP-CAP');
	expect(cap.multiSelect.color).toEqual(['Red', 'Black']);
	expect(cap.images).toEqual(['cap-1.jpg', 'cap-2.jpg'].map(cdn));
	expect(cap.values.size).toBeUndefined();
});

it('without Group By the same rows are one product each, and a row without SKU is an error', async () => {
	const { error } = await runPim(env.creds(), upsert({ currency: 'USD' }), {
		input: rows,
		version: 2,
	});
	expect(error?.message).toBe('Parameter "SKU" is required');
	expect(error?.context?.itemIndex).toBe(2);
	expect(writes()).toEqual([]);
});

it('a group with only image rows: each is an error naming its group, nothing is written', async () => {
	env.sb.clearLog();
	const { items, error } = await runPim(env.creds(), upsert({ groupBy: '={{ $json.Handle }}' }), {
		input: [
			{ Handle: 'lonely', 'Image Src': cdn('lonely-1.jpg') },
			{ Handle: 'lonely', 'Image Src': cdn('lonely-2.jpg') },
		],
		version: 2,
		continueOnFail: true,
	});
	expect(error).toBeUndefined();
	expect(items.map((i) => String(i.json.error))).toEqual([
		'The row has no SKU and no row of its group "lonely" read with it has one: its images go to no product',
		'The row has no SKU and no row of its group "lonely" read with it has one: its images go to no product',
	]);
	expect(writes()).toEqual([]);
});
