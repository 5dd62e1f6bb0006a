/**
 * Version 2's attribute mapping (the `columns` resource mapper), run through n8n-core's workflow
 * execution against the sandbox: what reached the server (request log) and what the PIM holds.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { resourceMapping, runPim } from '../../harness/in-process';
import {
	autoMap,
	categories,
	channels,
	defineBelow,
	productWrite,
} from '../../harness/product-write';
import { useSandbox } from '../helpers/sandbox';

const env = useSandbox({
	accounts: [
		{ domain: 'wide', token: 'wide-token', products: 5, extraAttributes: 400 },
		{ domain: 'empty', token: 'empty-token', empty: true },
		{ domain: 'huge', token: 'huge-token', products: 5, extraAttributes: 1000 },
	],
});
const account = () => env.sb.account('demo');
const V2 = { version: 2 };

beforeEach(() => {
	env.sb.reset();
});

/** A v2 create whose product fields come from the input row, as in the import examples. */
function createFromRow(extra: INodeParameters = {}): INodeParameters {
	return productWrite('create', {
		familyCode: '={{ $json.Family }}',
		channels: channels({ code: '={{ $json.Channel }}', status: true }),
		categories: categories({ code: '={{ $json.Category }}', channel: '={{ $json.Channel }}' }),
		images: ['={{ $json.Image }}'],
		columns: autoMap(),
		...extra,
	});
}

const writes = () => env.sb.log.filter((r) => r.method !== 'GET');
const attributeReads = () => env.sb.log.filter((r) => r.path === '/api/integration/attribute');

/** Attributes the seed lacks: a yes/no and a number, added "after the workflow was saved". */
function addTypedAttributes() {
	account().addAttribute({ code: 'is_featured', title: 'Featured', kind: 'boolean' });
	account().addAttribute({ code: 'pack_size', title: 'Pack Size', kind: 'number' });
}

/** A 25-column spreadsheet row: attributes by code, by code in another case and by title. */
function row(sku: string, overrides: IDataObject = {}): IDataObject {
	const channel = account().channels[0];
	const category = account().categories.find((c) => c.channelCode === channel.code)!;
	return {
		sku,
		Family: account().families[0].code,
		Channel: channel.code,
		Category: category.code,
		Image: 'https://cdn.example.com/tee front.jpg',
		name: 'Mapped Tee',
		UPC: '4006381333931',
		Size: 'M',
		color: ['Red', 'Blue'],
		price: '19.99 USD',
		weight: '1,5 Kilogram',
		'In Stock': '39',
		warranty: 2,
		'Manufacturing Date': '2024-03-15',
		web_description: '<p>Soft cotton</p>',
		'Short Description': 'A soft tee',
		meta_keyword: 'tee, cotton',
		META_DESCRIPTION: 'Buy the soft tee',
		banner: 'https://cdn.example.com/banner 1.png',
		catalog: '',
		material: 'Cotton',
		is_featured: 'yes',
		pack_size: 12,
		Supplier: 'ACME Textiles',
		'Internal Notes': 'check the stock',
		...overrides,
	};
}

describe('Map Automatically', () => {
	it('a 25-column row: each attribute type, matched by code, by code in any case and by title', async () => {
		addTypedAttributes();
		env.sb.clearLog();
		const rows = [
			row('MAP-001'),
			row('MAP-002', { color: 'Green, Navy', is_featured: false, pack_size: '6' }),
		];
		expect(Object.keys(rows[0])).toHaveLength(25);
		const { items, error } = await runPim(env.creds(), createFromRow(), { input: rows, ...V2 });
		expect(error).toBeUndefined();
		expect(items).toHaveLength(2);
		expect(attributeReads()).toHaveLength(1);
		expect(writes()).toHaveLength(2);

		const [first, second] = writes();
		expect(first.body).toMatchObject({
			sku: 'MAP-001',
			name: 'Mapped Tee',
			upc: '4006381333931',
			size: 'M',
			'color-multi-select': ['Red', 'Blue'],
			price: '19.99 USD',
			weight: '1,5 Kilogram',
			inStock: '39',
			warranty: '2',
			manu_date: '2024/03/15',
			web_description: '<p>Soft cotton</p>',
			short_description: 'A soft tee',
			meta_keyword: 'tee, cotton',
			meta_description: 'Buy the soft tee',
			banner: 'https://cdn.example.com/banner 1.png',
			material: 'Cotton',
			is_featured: '1',
			pack_size: '12',
			image: ['https://cdn.example.com/tee front.jpg'],
		});
		// Empty values and fields that are no attribute are not sent.
		for (const key of [
			'catalog',
			'Supplier',
			'Internal Notes',
			'Family',
			'Channel',
			'Category',
			'Image',
		]) {
			expect(first.body).not.toHaveProperty([key]);
		}
		expect(first.rawBody).toContain('color-multi-select[]=Red&color-multi-select[]=Blue');
		expect(second.body).toMatchObject({
			'color-multi-select': ['Green', 'Navy'],
			is_featured: '0',
			pack_size: '6',
		});

		const stored = account().productBySku('MAP-001')!;
		expect(stored.values).toMatchObject({
			name: 'Mapped Tee',
			inStock: '39',
			manu_date: '2024/03/15',
			is_featured: '1',
			material: 'Cotton',
		});
		expect(stored.values).not.toHaveProperty('catalog');
		expect(stored.multiSelect.color).toEqual(['Red', 'Blue']);
		expect(account().productBySku('MAP-002')!.multiSelect.color).toEqual(['Green', 'Navy']);
	});

	it('reads the attribute list once per execution, whatever the number of items', async () => {
		env.sb.clearLog();
		const rows = Array.from({ length: 40 }, (_, i) => ({
			...row(`BULK-${i}`),
			is_featured: undefined,
			pack_size: undefined,
		}));
		const { items, error } = await runPim(env.creds(), createFromRow(), { input: rows, ...V2 });
		expect(error).toBeUndefined();
		expect(items).toHaveLength(40);
		expect(attributeReads()).toHaveLength(1);
		expect(writes()).toHaveLength(40);
		expect(new Set(writes().map((w) => (w.body as IDataObject).sku)).size).toBe(40);
	});

	it('a field that matches two attributes is an error naming both; the other items complete', async () => {
		account().addAttribute({ code: 'finish', title: 'Finish', kind: 'text' });
		account().addAttribute({ code: 'surface_finish', title: 'FINISH', kind: 'text' });
		env.sb.clearLog();
		const input = [
			row('AMB-1', { is_featured: undefined, pack_size: undefined }),
			row('AMB-2', { Finish: 'Matte', is_featured: undefined, pack_size: undefined }),
		];
		const { items } = await runPim(env.creds(), createFromRow(), {
			input,
			continueOnFail: true,
			...V2,
		});
		expect(items).toHaveLength(2);
		expect(items[0].json).toMatchObject({ sku: 'AMB-1' });
		expect(String(items[1].json.error)).toBe(
			'Parameter "Attributes": the input field "Finish" matches 2 attributes: "finish" (Finish) and "surface_finish" (FINISH)',
		);
		expect(writes().map((w) => (w.body as IDataObject).sku)).toEqual(['AMB-1']);
	});

	it('an exact code wins over a title of another attribute; two fields for one attribute are refused', async () => {
		account().addAttribute({ code: 'Colour_Name', title: 'name', kind: 'text' });
		env.sb.clearLog();
		const ok = await runPim(env.creds(), createFromRow(), {
			input: [row('EXACT-1', { is_featured: undefined, pack_size: undefined })],
			...V2,
		});
		expect(ok.error).toBeUndefined();
		expect(writes()[0].body).toMatchObject({ name: 'Mapped Tee' });
		expect(writes()[0].body).not.toHaveProperty('Colour_Name');

		const twice = await runPim(env.creds(), createFromRow(), {
			input: [row('TWICE-1', { is_featured: undefined, pack_size: undefined, 'Weight ': '2 kg' })],
			...V2,
		});
		expect(twice.error?.message).toBe(
			'Parameter "Attributes": the input field "weight" and the input field "Weight " both give the attribute "weight" (Weight)',
		);
	});

	it('fields that match no attribute are refused by option, naming them, and nothing is sent', async () => {
		env.sb.clearLog();
		const { error } = await runPim(
			env.creds(),
			createFromRow({
				mappingOptions: {
					unmatchedFields: 'error',
					ignoreFields: 'Family, Channel, Category, Image',
				},
			}),
			{ input: [row('REFUSE-1', { is_featured: undefined, pack_size: undefined })], ...V2 },
		);
		expect(error?.message).toBe(
			'Parameter "Attributes": the input fields "Supplier", "Internal Notes" match no attribute of the account',
		);
		expect(writes()).toHaveLength(0);
		expect(account().productBySku('REFUSE-1')).toBeUndefined();
	});

	it('a value that is no yes/no for a yes/no attribute is an error naming the field', async () => {
		addTypedAttributes();
		const { error } = await runPim(env.creds(), createFromRow(), {
			input: [row('BOOL-1', { is_featured: 'maybe' })],
			...V2,
		});
		expect(error?.message).toBe(
			'Parameter "Attributes": the input field "is_featured" holds "maybe", which is not a yes/no value for the attribute "is_featured"',
		);
		expect(account().productBySku('BOOL-1')).toBeUndefined();
	});

	it('a failed attribute read fails every item with the API message; nothing is written', async () => {
		env.sb.setFaults({
			errorRate: 1,
			errorStatus: 403,
			pathPattern: '^GET /api/integration/attribute$',
		});
		env.sb.clearLog();
		const input = [
			row('READ-1', { is_featured: undefined, pack_size: undefined }),
			row('READ-2', { is_featured: undefined, pack_size: undefined }),
		];
		const { items } = await runPim(env.creds(), createFromRow(), {
			input,
			continueOnFail: true,
			...V2,
		});
		expect(items).toHaveLength(2);
		for (const item of items)
			expect(String(item.json.error)).toMatch(
				/^Could not read the account's attributes for "Attributes": /,
			);
		expect(attributeReads()).toHaveLength(1); // 403 is not retried, and read once for the run
		expect(writes()).toHaveLength(0);
	});

	it('a missing SKU is reported before anything is sent', async () => {
		env.sb.clearLog();
		const { error } = await runPim(env.creds(), createFromRow(), {
			input: [row('', { is_featured: undefined })],
			...V2,
		});
		expect(error?.message).toBe('Parameter "SKU" is required');
		expect(env.sb.log).toHaveLength(0);
	});

	it('list values: nulls skipped, objects refused; dates from Date values keep their day', async () => {
		const product = account().products[2];
		env.sb.clearLog();
		const base = productWrite('update', { sku: product.sku, columns: autoMap() });
		const ok = await runPim(env.creds(), base, {
			input: [{ sku: product.sku, color: ['Red', null, 'Blue'], name: { first: 'x' } }],
			...V2,
			continueOnFail: true,
		});
		expect(String(ok.items[0].json.error)).toBe(
			'Parameter "Attributes": the input field "name" holds an object; the attribute "name" takes a text value',
		);
		const fine = await runPim(env.creds(), base, {
			input: [{ sku: product.sku, color: ['Red', null, 'Blue'], name: 'Ok' }],
			...V2,
		});
		expect(fine.error).toBeUndefined();
		expect(writes().at(-1)!.body).toMatchObject({
			'color-multi-select': ['Red', 'Blue'],
			name: 'Ok',
		});
	});

	it("a PIM error on one item becomes that item's error with the API message", async () => {
		const { items } = await runPim(env.creds(), createFromRow(), {
			input: [row('NUM-1', { pack_size: 'twelve' }), row('NUM-2', { pack_size: 3 })],
			continueOnFail: true,
			...V2,
		});
		// pack_size does not exist yet: the field is unmatched and ignored, both products are created.
		expect(items.map((i) => i.json.sku)).toEqual(['NUM-1', 'NUM-2']);
		env.sb.reset();
		addTypedAttributes();
		const typed = await runPim(env.creds(), createFromRow(), {
			input: [row('NUM-3', { pack_size: 'twelve' }), row('NUM-4', { pack_size: 3 })],
			continueOnFail: true,
			...V2,
		});
		expect(String(typed.items[0].json.error)).toMatch(/pack_size must be a number/);
		expect(typed.items[1].json).toMatchObject({ sku: 'NUM-4' });
	});
});

describe('Define Below', () => {
	it('fixed values and expressions, typed by the account, with a stale saved schema', async () => {
		const product = account().products[3];
		account().addAttribute({
			code: 'eco_labels',
			title: 'Eco Labels',
			kind: 'multiselect',
			type: 'Multiple Select',
		});
		env.sb.clearLog();
		const { items, error } = await runPim(
			env.creds(),
			productWrite('update', {
				columns: defineBelow(
					{
						name: 'Fixed Name',
						price: '={{ $json.amount }} USD',
						color: '={{ $json.colors }}',
						eco_labels: '["FSC", "Fairtrade"]',
						material: 'Wool',
						manu_date: '2024-01-02T00:00:00',
						weight: '',
						short_description: null,
					},
					// Saved before eco_labels existed, with color typed as text: the account decides.
					[
						{
							id: 'name',
							displayName: 'Name',
							type: 'string',
							display: true,
							required: false,
							defaultMatch: false,
						},
						{
							id: 'color',
							displayName: 'Color',
							type: 'string',
							display: true,
							required: false,
							defaultMatch: false,
						},
					],
				),
			}),
			{ input: [{ sku: product.sku, amount: '24.50', colors: 'Black,White' }], ...V2 },
		);
		expect(error).toBeUndefined();
		expect(items).toHaveLength(1);
		const [put] = writes();
		expect(put.method).toBe('PUT');
		expect(put.body).toMatchObject({
			name: 'Fixed Name',
			price: '24.50 USD',
			'color-multi-select': ['Black', 'White'],
			'eco_labels-multi-select': ['FSC', 'Fairtrade'],
			material: 'Wool',
			manu_date: '2024/01/02',
		});
		expect(put.body).not.toHaveProperty('weight');
		expect(put.body).not.toHaveProperty('short_description');
		const stored = account().productBySku(product.sku)!;
		expect(stored.values).toMatchObject({
			name: 'Fixed Name',
			price: '24.50 USD',
			material: 'Wool',
		});
		expect(stored.multiSelect.eco_labels).toEqual(['FSC', 'Fairtrade']);
		expect(stored.multiSelect.color).toEqual(expect.arrayContaining(['Black', 'White']));
	});

	it('no columns at all: no attribute sent and no attribute list read', async () => {
		const product = account().products[4];
		env.sb.clearLog();
		const { error } = await runPim(env.creds(), productWrite('update', { sku: product.sku }), V2);
		expect(error).toBeUndefined();
		expect(attributeReads()).toHaveLength(0);
		expect(Object.keys(writes()[0].body as IDataObject).sort()).toEqual(['language_code', 'sku']);
	});

	it('an empty saved schema and an empty value map send no attributes', async () => {
		const product = account().products[5];
		env.sb.clearLog();
		const { error } = await runPim(
			env.creds(),
			productWrite('update', { sku: product.sku, columns: defineBelow({}) }),
			V2,
		);
		expect(error).toBeUndefined();
		expect(Object.keys(writes()[0].body as IDataObject).sort()).toEqual(['language_code', 'sku']);
	});
});

describe('Create or Update with Map Automatically', () => {
	it('creates, then updates the same SKU; the attribute list is read once per run', async () => {
		env.sb.clearLog();
		const parameters = createFromRow({ operation: 'upsert' });
		const input = [
			row('UPS-1', { is_featured: undefined, pack_size: undefined }),
			row('UPS-1', {
				name: 'Renamed Tee',
				color: 'Black',
				is_featured: undefined,
				pack_size: undefined,
			}),
		];
		const { items, error } = await runPim(env.creds(), parameters, { input, ...V2 });
		expect(error).toBeUndefined();
		expect(items.map((i) => i.json.operation)).toEqual(['created', 'updated']);
		expect(attributeReads()).toHaveLength(1);
		expect(writes().map((w) => w.method)).toEqual(['POST', 'PUT']);
		const stored = account().productBySku('UPS-1')!;
		expect(stored.values.name).toBe('Renamed Tee');
		expect(stored.multiSelect.color).toEqual(['Red', 'Blue', 'Black']);
	});
});

describe('the editor fields (resourceMapping)', () => {
	it('every attribute of the account, labelled with title, code and type, typed', async () => {
		account().addAttribute({ code: 'is_featured', title: 'Featured', kind: 'boolean' });
		account().addAttribute({
			code: 'tags',
			title: 'Tags',
			kind: 'multiselect',
			type: 'multi-select',
		});
		const { fields } = await resourceMapping(env.creds(), 'getAttributeFields');
		expect(fields.map((f) => f.id).sort()).toEqual(
			account()
				.attributes.map((a) => a.code)
				.sort(),
		);
		const byId = (id: string) => fields.find((f) => f.id === id)!;
		expect(byId('color')).toMatchObject({
			displayName: 'Color · Multi Select',
			type: 'array',
			display: true,
			required: false,
		});
		expect(byId('tags').type).toBe('array');
		expect(byId('inStock')).toMatchObject({
			displayName: 'In Stock (inStock) · Text Field',
			type: 'string',
		});
		expect(byId('manu_date').type).toBe('dateTime');
		expect(byId('price').type).toBe('string');
		expect(byId('is_featured')).toMatchObject({ type: 'boolean', defaultValue: null });
		expect(fields.some((f) => f.removed)).toBe(false);
	});

	it('a big account starts with no field in the form (each one is added from the list)', async () => {
		const { fields } = await resourceMapping(env.creds('wide'), 'getAttributeFields');
		expect(fields).toHaveLength(env.sb.account('wide').attributes.length);
		expect(fields.every((f) => f.removed === true)).toBe(true);
	});

	it('above 1 000 attributes: no field list, a notice pointing to Map Automatically, which still maps them all', async () => {
		const huge = env.sb.account('huge');
		const { fields, emptyFieldsNotice } = await resourceMapping(
			env.creds('huge'),
			'getAttributeFields',
		);
		expect(fields).toEqual([]);
		expect(emptyFieldsNotice).toBe(
			`This account has ${huge.attributes.length.toLocaleString('en-US')} attributes, more than n8n's field list handles (1,000). Use Map Automatically: name the input fields like the attributes' codes or titles (an Edit Fields node before this one can rename them).`,
		);
		const last = huge.attributes[huge.attributes.length - 1];
		const product = huge.products[0];
		env.sb.clearLog();
		const { error } = await runPim(
			env.creds('huge'),
			productWrite('update', { sku: product.sku, columns: autoMap() }),
			{ input: [{ sku: product.sku, [last.title]: 'Value via title' }], ...V2 },
		);
		expect(error).toBeUndefined();
		expect(attributeReads()).toHaveLength(2); // 1 016 attributes in pages of 1000
		expect(writes()[0].body).toMatchObject({ [last.code]: 'Value via title' });
	});

	it('an account without attributes gives no fields and a notice', async () => {
		const { fields, emptyFieldsNotice } = await resourceMapping(
			env.creds('empty', 'empty-token'),
			'getAttributeFields',
		);
		expect(fields).toEqual([]);
		expect(emptyFieldsNotice).toBeTruthy();
	});
});
