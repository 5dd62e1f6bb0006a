/**
 * Export File → Import File, the round trip (#61), against the sandbox over HTTP, CSV and XLSX:
 * a file exported from one account, given to Import File with the default headers (SKU Column
 * `sku`, Family Column `family`, Category Column `categories`, Image Columns `image`), makes the
 * same records in an empty account of the same structure — compared field by field as the API
 * lists them: every attribute (prices, metric amounts, dates, multi-selects, generated number and
 * select attributes), family, categories, image — and imported into its own account writes
 * nothing. With Channel `web`, and with `amazon` (which has none of the trees of a path such as
 * Clothing/Shirts, which web and retail share). The 200 seeded products are joined by products
 * whose values need care (commas, quotes, line breaks, tabs, leading zeros, `=`, JSON-looking
 * text, spaces around a value or a multi-select value, control characters). What a file cannot
 * carry is its own test, each difference named.
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { runPim } from '../../harness/in-process';
import { useSandbox } from '../helpers/sandbox';

const EXTRA_ATTRIBUTES = 8;
const env = useSandbox({
	products: 200,
	extraAttributes: EXTRA_ATTRIBUTES,
	accounts: ['copy', 'copyx', 'copya'].map((domain) => ({
		domain,
		token: `${domain}-token`,
		products: 0,
		extraAttributes: EXTRA_ATTRIBUTES,
	})),
});
const writes = () => env.sb.log.filter((r) => r.method === 'POST' || r.method === 'PUT');

/**
 * Fields of a product record the PIM keeps itself: the interface's create takes none of them
 * (`status` and `product_type_id` neither: a copy has the PIM's default), so no file carries them.
 */
const KEPT_BY_THE_PIM = ['id', 'slug', 'status', 'product_type_id', 'url', 'updated_at'];

/** Products whose values a file cannot carry (see the last test), with the fields that differ. */
const CANNOT_CARRY: Record<string, string[]> = {
	'LIMIT-1': ['category', 'meta_keyword'],
	'LIMIT-2': ['meta_description'],
};

beforeAll(() => {
	const demo = env.sb.account('demo');
	demo.createProduct({
		sku: 'CARE-1',
		familyCode: 'clothing',
		values: {
			name: 'Tee, "basic"\nsecond line',
			short_description: 'tab\there, and a\r\nCRLF',
			price: '392,12 USD',
			upc: '000123',
			warranty: '=1+1',
			meta_keyword: '  padded  ',
			meta_description: '[not a list]',
		},
		multiSelect: { color: ['Red', 'Green, dark'] },
		channels: [{ code: 'web', status: 1 }],
		images: ['https://cdn.example.com/a.jpg', 'https://cdn.example.com/b.jpg'],
	});
	demo.createProduct({ sku: 'CARE-2', familyCode: 'clothing', channels: [{ code: 'web' }] });
	demo.createProduct({
		sku: 'CARE-3',
		familyCode: 'home',
		values: { name: 'Crème brûlée ☕', short_description: 'ctrl\u0001char and _x0041_ literal' },
		// Spaces around a value: written as a JSON list, read back as it is.
		multiSelect: { color: [' Blue', '[x]', 'Say "hi"'] },
		channels: [{ code: 'retail', status: 1 }],
		categories: [{ code: 'clothing-accessories', channel: 'retail' }],
	});
	demo.createProduct({
		sku: 'CARE-4',
		familyCode: 'electronics',
		values: {
			name: '-5',
			weight: '250',
			price: '19.99',
			short_description: '"quoted"',
			warranty: 'TRUE',
			attr_00003: '1,5',
		},
		multiSelect: { color: ['Green, dark'] },
		channels: [{ code: 'amazon', status: 0 }],
		categories: [{ code: 'electronics', channel: 'amazon' }],
	});
	// What a file cannot carry.
	demo.createProduct({
		sku: 'LIMIT-1',
		familyCode: 'clothing',
		values: { name: 'In two trees', meta_keyword: '   ' },
		channels: [
			{ code: 'web', status: 1 },
			{ code: 'retail', status: 0 },
		],
		categories: [
			{ code: 'shirts', channel: 'web' },
			{ code: 'shirts', channel: 'retail' },
		],
	});
	demo.createProduct({
		sku: 'LIMIT-2',
		familyCode: 'clothing',
		values: { name: 'Brackets', meta_description: '[]' },
		channels: [{ code: 'web', status: 1 }],
	});
});

async function exported(fileFormat: string, domain = 'demo'): Promise<INodeExecutionData> {
	const { items, error } = await runPim(
		env.creds(domain),
		{ resource: 'product', operation: 'exportFile', fileFormat },
		{ version: 2 },
	);
	expect(error).toBeUndefined();
	return items[0];
}

/** Import File with the default headers, a Language and a Channel (nothing else set). */
async function imported(domain: string, file: INodeExecutionData, channel = 'web') {
	const { items, error } = await runPim(
		env.creds(domain),
		{
			resource: 'product',
			operation: 'importFile',
			binaryPropertyName: 'data',
			skuColumn: 'sku',
			familyColumn: 'family',
			categoryColumn: 'categories',
			imageColumns: 'image',
			languageCode: 'en_US',
			channels: { channel: [{ code: channel, status: true }] },
		},
		{ version: 2, input: [{ $binary: file.binary } as unknown as IDataObject] },
	);
	expect(error).toBeUndefined();
	return items[0].json;
}

/** The account's products as the API lists them, by SKU. */
async function records(domain: string): Promise<Map<string, IDataObject>> {
	const response = await fetch(`${env.sb.url}/api/integration/product?pagination[pageLimit]=1000`, {
		headers: { token: `${domain}-token`, 'x-domain': domain },
	});
	const body = (await response.json()) as { data: { record: IDataObject[] } };
	return new Map(body.data.record.map((r) => [String(r.sku), r]));
}

/** Every field two records differ in (but the PIM's own), with both values. */
function differences(a: IDataObject, b: IDataObject): Record<string, [unknown, unknown]> {
	const found: Record<string, [unknown, unknown]> = {};
	for (const field of new Set([...Object.keys(a), ...Object.keys(b)]))
		if (!KEPT_BY_THE_PIM.includes(field) && JSON.stringify(a[field]) !== JSON.stringify(b[field]))
			found[field] = [a[field], b[field]];
	return found;
}

// Channel amazon: a path two other trees share (Clothing/Shirts: web and retail) is filed in one
// of them, as a path only another tree has.
describe.each([
	['csv', 'copy', 'web'],
	['xlsx', 'copyx', 'web'],
	['csv', 'copya', 'amazon'],
])('%s into %s, Channel %s', (fileFormat, copy, channel) => {
	it('an empty account of the same structure gets the same records, field by field', async () => {
		const file = await exported(fileFormat);
		const summary = await imported(copy, file, channel);
		expect(summary).toMatchObject({ rows: 206, created: 206, updated: 0, failed: 0 });

		const [original, made] = [await records('demo'), await records(copy)];
		expect([...made.keys()].sort()).toEqual([...original.keys()].sort());
		const differ: Record<string, unknown> = {};
		for (const [sku, record] of original) {
			const found = differences(record, made.get(sku)!);
			if (Object.keys(found).length && !(sku in CANNOT_CARRY)) differ[sku] = found;
		}
		expect(differ).toEqual({});
		// The values that need care are all there (not merely equally missing).
		expect(made.get('CARE-1')).toMatchObject({
			name: 'Tee, "basic"\nsecond line',
			color: ['Red', 'Green, dark'],
			meta_keyword: '  padded  ',
			upc: '000123',
			image: 'https://cdn.example.com/a.jpg',
		});
		expect(made.get('CARE-3')).toMatchObject({
			color: [' Blue', '[x]', 'Say "hi"'],
			category: ['Clothing/Accessories'],
			short_description: 'ctrl\u0001char and _x0041_ literal',
		});
		expect(made.get('CARE-4')).toMatchObject({ weight: '250', price: '19.99', attr_00003: '1,5' });
		// Every attribute kind the account has a value of somewhere: compared above.
		const shown = new Set([...original.values()].flatMap((r) => Object.keys(r)));
		for (const code of ['price', 'weight', 'manu_date', 'color', 'material', 'attr_00001'])
			expect(shown).toContain(code);
	});

	it('into its own account: every row unchanged, nothing written', async () => {
		const file = await exported(fileFormat);
		env.sb.clearLog();
		const summary = await imported('demo', file, channel);
		expect(summary).toMatchObject({
			rows: 206,
			created: 0,
			updated: 0,
			unchanged: 206,
			failed: 0,
		});
		expect(writes()).toEqual([]);
	});
});

// Reads the CSV copy made above (tests run in order).
it('what a file cannot carry: each difference named', async () => {
	const [original, made] = [await records('demo'), await records('copy')];
	for (const [sku, fields] of Object.entries(CANNOT_CARRY))
		expect([sku, Object.keys(differences(original.get(sku)!, made.get(sku)!)).sort()]).toEqual([
			sku,
			fields,
		]);
	// A path the record shows once per tree that holds the product there: one path in the copy.
	expect(original.get('LIMIT-1')!.category).toEqual(['Clothing/Shirts', 'Clothing/Shirts']);
	expect(made.get('LIMIT-1')!.category).toEqual(['Clothing/Shirts']);
	// A value of spaces only, or `[]`, is an empty cell to Import File: never sent.
	expect(original.get('LIMIT-1')!.meta_keyword).toBe('   ');
	expect(original.get('LIMIT-2')!.meta_description).toBe('[]');
	expect(made.get('LIMIT-1')!.meta_keyword).toBeUndefined();
	expect(made.get('LIMIT-2')!.meta_description).toBeUndefined();
	// The PIM's own fields: status and product type are the PIM's defaults in the copy.
	const inactive = [...original.values()].filter((r) => r.status === 0);
	expect(inactive.length).toBeGreaterThan(0);
	for (const r of inactive) expect(made.get(String(r.sku))!.status).toBe(1);
});

// #72: a column a field of the form reads by its usual header is never dropped in silence.
it("with the form's fields left empty, Export File's image, categories and family columns are named with the field that reads them", async () => {
	const file = await exported('csv');
	const { items, error } = await runPim(
		env.creds('copyx'),
		{
			resource: 'product',
			operation: 'importFile',
			binaryPropertyName: 'data',
			skuColumn: 'sku',
			familyColumn: '',
			familyCode: 'Clothing',
			categoryColumn: '',
			imageColumns: '',
			languageCode: 'en_US',
			channels: { channel: [{ code: 'web', status: true }] },
		},
		{ version: 2, input: [{ $binary: file.binary } as unknown as IDataObject] },
	);
	expect(error).toBeUndefined();
	const summary = items[0].json;
	expect(summary.unmappedColumns).toMatchObject({
		image: 'Image Columns reads this column: set Image Columns to "image"',
		categories: 'Category Column reads this column: set Category Column to "categories"',
		family: 'Family Column reads this column: set Family Column to "family"',
	});
	expect(summary.notice).toMatch(/3 columns not written: 3 a field of the form would read/);
});
