/**
 * An import tells the truth (#42), version 2 against the sandbox, with the shapes of real exports
 * (WooCommerce's `.5` weights, Shopify's TRUE/active statuses, Variant Image and per-row options,
 * Akeneo's prices): every value lands as the export meant it, read back from the PIM, or the run
 * says why not — on the row (`warnings`), per column (`unmappedColumns` with reasons) and in one
 * line on the first item (`notice`).
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { runPim } from '../../harness/in-process';
import { autoMap, channels, productWrite } from '../../harness/product-write';
import { useSandbox } from '../helpers/sandbox';

const env = useSandbox();
let batch = 0;
const sku = (name: string) => `HONEST-${++batch}-${name}`;
const account = () => env.sb.account('demo');
const product = (s: unknown) => account().productBySku(String(s))!;
const writes = () => env.sb.log.filter((r) => r.method === 'POST' || r.method === 'PUT');
const write = (extra: INodeParameters = {}): INodeParameters =>
	productWrite('upsert', { familyCode: 'Clothing', columns: autoMap(), ...extra });

async function run(rows: IDataObject[], extra: INodeParameters = {}) {
	const { items, error } = await runPim(env.creds(), write(extra), { input: rows, version: 2 });
	return { out: items.map((i) => i.json), error };
}

beforeEach(() => env.sb.clearLog());

it("WooCommerce's weights without a leading digit get the header's unit like every other", async () => {
	const rows = ['.5', '1.5', '.8', '0,2'].map((w, i) => ({ sku: sku(`w${i}`), 'Weight (lbs)': w }));
	const { out, error } = await run(rows);
	expect(error).toBeUndefined();
	expect(rows.map((r) => product(r.sku).values.weight)).toEqual([
		'.5 Pound',
		'1.5 Pound',
		'.8 Pound',
		'0,2 Pound',
	]);
	expect(out[0].warnings).toBeUndefined();
});

describe('a yes/no parameter reads the words exports write', () => {
	const active = (field: string) => ({
		channels: channels({ code: 'web', status: `={{ $json.${field} }}` }),
	});
	const statusIn = (s: string) =>
		product(s).channels.find((c: { code: string }) => c.code === 'web')?.status;

	it("Shopify's TRUE/FALSE and active/draft, and yes/no/1/0, any case", async () => {
		const words: Array<[string | number | boolean, number]> = [
			['TRUE', 1],
			['FALSE', 0],
			['active', 1],
			['Draft', 0],
			['archived', 0],
			['Published', 1],
			['yes', 1],
			['0', 0],
			[true, 1],
			[-1, 0],
		];
		const rows = words.map(([Status], i) => ({ sku: sku(`status${i}`), Status }));
		const { out, error } = await run(rows, active('Status'));
		expect(error).toBeUndefined();
		expect(rows.map((r) => statusIn(r.sku))).toEqual(words.map(([, s]) => s));
		// Status is read by a parameter: it is no unmapped column.
		expect(out[0].unmappedColumns).toBeUndefined();
	});

	it('any other text is an error naming the value and the parameter, before any write', async () => {
		const { error } = await run(
			[
				{ sku: sku('ok'), Status: 'active' },
				{ sku: sku('bad'), Status: 'maybe' },
			],
			active('Status'),
		);
		expect(error?.message).toBe(
			'Parameter "Channels → Active" holds "maybe", which is not a yes/no value',
		);
		expect(error?.description).toMatch(/active\/draft/);
		expect(writes()).toEqual([]);
	});

	it('version 1 keeps its rule, so its saved workflows do not change: TRUE is not active', async () => {
		const rows = [
			{ sku: sku('v1-true'), Status: 'TRUE' },
			{ sku: sku('v1-one'), Status: '1' },
		];
		const { error } = await runPim(
			env.creds(),
			productWrite('create', { familyCode: 'Clothing', ...active('Status') }),
			{ input: rows, version: 1 },
		);
		expect(error).toBeUndefined();
		expect(rows.map((r) => statusIn(r.sku))).toEqual([0, 1]);
	});

	it('Assign to Channel reads them too', async () => {
		const s = sku('assign');
		await run([{ sku: s }]);
		const { error } = await runPim(
			env.creds(),
			{
				resource: 'product',
				operation: 'assignChannel',
				sku: s,
				channelCode: 'web',
				status: '={{ $json.Published }}',
			},
			{ input: [{ Published: 'TRUE' }], version: 2 },
		);
		expect(error).toBeUndefined();
		expect(statusIn(s)).toBe(1);
	});
});

describe('Group By fills what any expression reads', () => {
	const shirts = (handle: string) => [
		{ Handle: handle, 'Variant SKU': sku('s'), Status: 'active', Title: 'Tee', size: 'S' },
		{ Handle: handle, 'Variant SKU': sku('m'), Status: '', Title: '', size: 'M' },
		{ Handle: handle, 'Variant SKU': sku('l'), Status: '', Title: '', size: 'L' },
	];
	const grouped = (status: string): INodeParameters => ({
		sku: "={{ $json['Variant SKU'] }}",
		channels: { channel: [{ code: 'web', status }] },
		importOptions: { groupBy: '={{ $json.Handle }}' },
	});

	it('a compound expression sees the row filled from its group', async () => {
		const rows = shirts('tee');
		const { out, error } = await run(rows, grouped("={{ $json.Status == 'active' }}"));
		expect(error).toBeUndefined();
		const status = (s: unknown) =>
			product(s).channels.find((c: { code: string }) => c.code === 'web')?.status;
		expect(rows.map((r) => status(r['Variant SKU']))).toEqual([1, 1, 1]);
		expect(rows.map((r) => product(r['Variant SKU']).values.name)).toEqual(['Tee', 'Tee', 'Tee']);
		expect(out.every((o) => o.warnings === undefined)).toBe(true);
	});

	it("an expression reading another node's items is said on every row it affects", async () => {
		const rows = shirts('cap');
		const { out, error } = await run(
			rows,
			grouped("={{ $('Input').item.json.Status == 'active' }}"),
		);
		expect(error).toBeUndefined();
		// The first row is filled from nothing: no warning; the later rows each say it.
		expect(out[0].warnings).toBeUndefined();
		for (const o of out.slice(1))
			expect(o.warnings).toEqual([
				`Group By filled this row's empty cells from its group, but the parameter "channels" reads another node's data, which it cannot fill: that parameter read this row as it is`,
			]);
		expect(out[0].notice).toBe(
			'3 rows · 2 rows with a parameter Group By could not fill (see warnings)',
		);
	});
});

describe('units whichever way a column reaches a metric attribute', () => {
	it("an attribute titled as Shopify's Variant Grams gets grams; a bare amount with no unit is said", async () => {
		const weight = account().attributes.find((a) => a.code === 'weight')!;
		const title = weight.title;
		weight.title = 'Variant Grams';
		account().markDirty();
		try {
			const rows = [
				{ sku: sku('grams'), 'Variant Grams': '145', 'Variant Weight Unit': 'lb' },
				{ sku: sku('bare'), 'Variant Grams': '' },
			];
			const { out, error } = await run(rows);
			expect(error).toBeUndefined();
			expect(product(rows[0].sku).values.weight).toBe('145 Gram');
			expect(out[0].unmappedColumns).toBeUndefined();
		} finally {
			weight.title = title;
			account().markDirty();
		}
		const bare = { sku: sku('bare'), weight: '145' };
		const { out } = await run([bare]);
		expect(product(bare.sku).values.weight).toBe('145');
		expect(out[0].warnings).toEqual([
			'the input field "weight" holds the amount 145 with no unit for the attribute "weight": sent as it is. Give the unit in the header (Weight (kg)) or in a "weight-unit" column',
		]);
		expect(out[0].notice).toBe('1 row · 1 row with an amount without unit (see warnings)');
		// Its unit column gives it one.
		const withUnit = { sku: sku('unit'), weight: '.25', 'weight-unit': 'kg' };
		await run([withUnit]);
		expect(product(withUnit.sku).values.weight).toBe('.25 Kilogram');
	});
});

describe("Shopify's layout lands whole", () => {
	it("Variant Image is the variant's first image; OptionN Value says each attribute it fed", async () => {
		const img = (f: string) => `https://cdn.shopify.com/s/files/${f}.jpg`;
		const rows: IDataObject[] = [
			{
				Handle: 'tee',
				Title: 'Tee',
				Status: 'active',
				Vendor: 'Acme',
				'Option1 Name': 'Color',
				'Option1 Value': 'Red',
				'Variant SKU': sku('red'),
				'Image Src': img('tee-front'),
				'Variant Image': img('tee-red'),
			},
			{
				Handle: 'tee',
				'Option1 Value': 'Blue',
				'Variant SKU': sku('blue'),
				'Image Src': img('tee-back'),
				'Variant Image': img('tee-blue'),
			},
			{
				Handle: 'mug',
				Title: 'Mug',
				Status: 'draft',
				'Option1 Name': 'Size',
				'Option1 Value': 'L',
				'Variant SKU': sku('mug'),
				'Image Src': img('mug'),
			},
		];
		const { out, error } = await run(rows, {
			sku: "={{ $json['Variant SKU'] }}",
			channels: { channel: [{ code: 'web', status: '={{ $json.Status }}' }] },
			images: ["={{ $json['Image Src'] }}"],
			importOptions: { groupBy: '={{ $json.Handle }}' },
		});
		expect(error).toBeUndefined();
		const [red, blue, mug] = rows.map((r) => product(r['Variant SKU']));
		expect(red.images).toEqual([img('tee-red'), img('tee-front'), img('tee-back')]);
		expect(blue.images).toEqual([img('tee-blue'), img('tee-front'), img('tee-back')]);
		expect(mug.images).toEqual([img('mug')]);
		expect(blue.multiSelect.color).toEqual(['Blue']);
		expect(mug.values.size).toBe('L');
		expect(out[0].mappedColumns).toEqual({
			'Option1 Name': ['color', 'size'],
			'Option1 Value': ['color', 'size'],
			Title: ['name'],
		});
		// Handle, Status, Variant SKU and Image Src are read by parameters; Vendor goes nowhere.
		expect(out[0].unmappedColumns).toEqual({
			Vendor: 'no attribute of the account has this code or title',
		});
		expect(out[0].notice).toBe(
			'3 rows · 1 column not written: 1 with no attribute (see unmappedColumns)',
		);
	});
});

describe('the notice counts what the run did not write', () => {
	it('columns by reason and skipped categories, on the first item only', async () => {
		const rows = [
			{ sku: sku('n1'), Vendor: 'A', 'name-de_DE': 'X', 'name-en_US-mobile': 'Y', cat: 'Nowhere' },
			{ sku: sku('n2'), Vendor: 'B', cat: 'Nowhere else' },
		];
		const { out, error } = await run(rows, {
			categories: { category: [{ code: '={{ $json.cat }}' }] },
			importOptions: { unknownCategories: 'skip' },
		});
		expect(error).toBeUndefined();
		expect(out[0].notice).toBe(
			'2 rows · 3 columns not written: 1 with no attribute, 1 of another language, 1 of another channel (see unmappedColumns) · 2 categories skipped on 2 rows (see skippedCategories)',
		);
		expect(out[1].notice).toBeUndefined();
		expect(out[0].unmappedColumns).toMatchObject({
			'name-en_US-mobile':
				"channel mobile; this write's channels are web (Import Options → Channel Map sends a column's channel to one of them)",
		});
	});
});

describe('a price in a second currency the account does not have', () => {
	it("lands in the account's currency, the other reported; with neither, the error lists the account's", async () => {
		const currencies = account().currencies;
		account().currencies = currencies.filter((c) => c.code === 'EUR');
		account().markDirty();
		try {
			const row = { sku: sku('eur'), 'price-EUR': '25.50', 'price-USD': '27.00' };
			const { out, error } = await run([row]);
			expect(error).toBeUndefined();
			expect(product(row.sku).values.price).toBe('25.50 EUR');
			expect(out[0].unmappedColumns).toEqual({
				'price-USD': 'a price in USD, which is no currency of the account (EUR)',
			});
			const none = { sku: sku('none'), 'price-GBP': '20', 'price-USD': '27.00' };
			const failed = await run([none]);
			expect(failed.error?.message).toBe(
				'Parameter "Attributes": the input field "price-GBP" and the input field "price-USD" both give the attribute "price" (Price)',
			);
			expect(failed.error?.description).toMatch(/The account's currencies: EUR\.$/);
		} finally {
			account().currencies = currencies;
			account().markDirty();
		}
	});
});

describe('an import from another PIM needs no expression: Family Map and Channel Map', () => {
	it("Akeneo's families and its mobile channel land in the account's", async () => {
		const rows = [
			{ sku: sku('akeneo-tee'), family: 'tshirts', 'name-en_US-mobile': 'Tee', channel: 'mobile' },
			{
				sku: sku('akeneo-both'),
				family: 'mugs',
				'name-en_US-mobile': 'Mobile name',
				'name-en_US-web': 'Web name',
				channel: 'mobile',
			},
		];
		const { out, error } = await run(rows, {
			familyCode: '={{ $json.family }}',
			channels: { channel: [{ code: '={{ $json.channel }}' }] },
			importOptions: {
				familyMap: {
					mapping: [
						{ from: 'tshirts', to: 'Clothing' },
						{ from: 'MUGS', to: 'home' },
					],
				},
				channelMap: { mapping: [{ from: 'mobile', to: 'Web Store' }] },
			},
		});
		expect(error).toBeUndefined();
		const [tee, both] = rows.map((r) => product(r.sku));
		expect([tee.familyCode, both.familyCode]).toEqual(['clothing', 'home']);
		expect(tee.channels.map((c: { code: string }) => c.code)).toEqual(['web']);
		expect(tee.values.name).toBe('Tee');
		// A column of the write's own channel wins over one the map sends there, which is said.
		expect(both.values.name).toBe('Web name');
		expect(out[0].unmappedColumns).toEqual({
			'name-en_US-mobile':
				'the column "name-en_US-web" gives the attribute "name" for the write\'s own channel',
		});
	});
});

describe('errors that say the fix', () => {
	it('a row says all its problems in one run, each with the map that fixes it', async () => {
		const { error } = await run([{ sku: sku('fix'), family: 'tshirts', cat: 'goodies' }], {
			familyCode: '={{ $json.family }}',
			categories: { category: [{ code: '={{ $json.cat }}' }] },
		});
		expect(error?.message).toBe(
			'Parameter "Categories": "goodies" is neither a code, a title nor a path of a category of the account; Parameter "Family": "tshirts" is neither a code nor a title of a family of the account',
		);
		expect(error?.description).toContain(
			'Add a line to Import Options → Category Map from "goodies" to one of the account\'s categories, or set Import Options → Unknown Categories to Skip.',
		);
		expect(error?.description).toContain(
			'Add a line to Import Options → Family Map from "tshirts" to one of the account\'s families.',
		);
		expect(writes()).toEqual([]);
	});

	it('closest names only when they are close; repeats are grouped', async () => {
		const rows = Array.from({ length: 8 }, (_, i) => ({
			sku: sku(`g${i}`),
			cat: i < 7 ? 'Clothing > Hoodies' : 'Clothing > Jeanz',
		}));
		const { error } = await run(rows, {
			categories: { category: [{ code: '={{ $json.cat }}' }] },
		});
		const text = error?.description ?? '';
		expect(text).toMatch(
			/^Nothing was written: 8 of 8 items have a problem\. items 0 \(SKU HONEST-\d+-g0\), 1 /,
		);
		expect(text).toContain(
			', … 7 items in all: Parameter "Categories": "Clothing > Hoodies" is neither',
		);
		expect(text).not.toMatch(/Hoodies" is neither[^|]*Closest/);
		expect(text).toMatch(
			/item 7 \(SKU [^)]+\): Parameter "Categories": "Clothing > Jeanz" is neither .*Closest categories: Clothing\/Pants\/Jeans/,
		);
		expect(writes()).toEqual([]);
	});
});
