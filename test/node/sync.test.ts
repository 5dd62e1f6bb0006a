/**
 * A nightly sync at the cost of its changes (#22), version 2 against the sandbox: Create or
 * Update with Find Existing Products → Read All Products Once, Skip Unchanged Products and Dry
 * Run. Unchanged products are not written (request log); each kind of change is; a product
 * created by another writer after the read is updated, not duplicated; a dry run writes nothing
 * and reports exactly the changed fields; with random catalogues and edits, a sync that skips
 * leaves the PIM exactly as one that writes everything.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import { runPim } from '../../harness/in-process';
import { autoMap, categories, channels, productWrite } from '../../harness/product-write';
import { useSandbox } from '../helpers/sandbox';

const env = useSandbox({
	accounts: [
		{ domain: 'skip', token: 'skip-token', products: 0 },
		{ domain: 'full', token: 'full-token', products: 0 },
	],
});

/** A sheet row: the columns a catalogue export would have. */
interface Row extends IDataObject {
	sku: string;
	family: string;
	category: string;
	image: string;
	name: string;
	price: string;
	color: string;
	manu_date: string;
}

const upsert = (options: IDataObject = {}): INodeParameters =>
	productWrite('upsert', {
		channels: channels({ code: 'web', status: true }),
		categories: categories('={{ $json.category }}'),
		images: ['={{ $json.image }}'],
		columns: autoMap(),
		upsertOptions: options,
	});

const SYNC = { lookup: 'allProducts', skipUnchanged: true };

async function sync(domain: string, rows: Row[], options: IDataObject = SYNC) {
	const { items, error } = await runPim(env.creds(domain), upsert(options), {
		input: rows,
		version: 2,
	});
	expect(error).toBeUndefined();
	return items.map((i) => i.json);
}

const writes = (domain = 'demo') =>
	env.sb.log.filter(
		(r) => (r.method === 'POST' || r.method === 'PUT') && r.headers['x-domain'] === domain,
	);
const productReads = (domain = 'demo') =>
	env.sb.log.filter(
		(r) =>
			r.method === 'GET' &&
			r.path === '/api/integration/product' &&
			r.headers['x-domain'] === domain,
	);

let batch = 0;
function catalogue(n: number): Row[] {
	batch++;
	return Array.from({ length: n }, (_, i) => ({
		sku: `SYNC-${batch}-${i}`,
		family: i % 2 ? 'Clothing' : 'Shoes',
		category: i % 2 ? 'Clothing > Pants > Jeans' : 'Shoes/Boots',
		image: `https://img.example.com/sync/${batch}-${i}.jpg`,
		name: `Product ${i} "quoted"\nsecond line`,
		price: `${10 + i}.90 USD`,
		color: i % 3 ? 'Red, Blue' : 'Black',
		manu_date: '2024-03-0' + ((i % 9) + 1),
	}));
}

beforeEach(() => env.sb.clearLog());

it('a second sync of the same rows writes nothing: one page read, every item "unchanged"', async () => {
	const rows = catalogue(30);
	const first = await sync('demo', rows);
	expect(first.map((o) => o.operation)).toEqual(rows.map(() => 'created'));
	env.sb.clearLog();
	const second = await sync('demo', rows);
	expect(second.map((o) => o.operation)).toEqual(rows.map(() => 'unchanged'));
	expect(second[0].sku).toBe(rows[0].sku);
	expect(writes()).toEqual([]);
	// The demo account's products fit one page of 1000: one list read, no look-up per item.
	expect(productReads()).toHaveLength(1);
});

it('each kind of change is written, and only the changed products', async () => {
	const rows = catalogue(9);
	await sync('demo', rows);
	const edited = rows.map((r) => ({ ...r }));
	edited[0].name = 'Renamed';
	edited[1].color = 'Red, Blue, Green'; // a multi-select value added
	edited[2].price = edited[2].price.replace('.', ','); // only the decimal separator
	edited[3].manu_date = '2025-01-31';
	edited[4].family = 'Electronics';
	edited[5].category = 'Home > Kitchen';
	edited[6].image = 'https://img.example.com/sync/other.jpg';
	// 7 and 8 unchanged.
	env.sb.clearLog();
	const out = await sync('demo', edited);
	expect(out.map((o) => o.operation)).toEqual([
		...Array(7).fill('updated'),
		'unchanged',
		'unchanged',
	]);
	expect(writes().map((r) => (r.body as IDataObject).sku)).toEqual(
		edited.slice(0, 7).map((r) => r.sku),
	);
	const stored = (i: number) => env.sb.account('demo').productBySku(edited[i].sku)!;
	expect(stored(0).values.name).toBe('Renamed');
	expect(stored(1).multiSelect.color).toEqual(['Red', 'Blue', 'Green']);
	expect(stored(2).values.price).toBe(edited[2].price);
	expect(stored(3).values.manu_date).toBe('2025/01/31');
	expect(stored(4).familyCode).toBe('electronics');
	expect(stored(5).categories.map((c) => c.code)).toContain('kitchen');
	expect(stored(6).images).toContain('https://img.example.com/sync/other.jpg');
});

it('a multi-select value removed is a change only with Overwrite Data (the PIM adds otherwise)', async () => {
	const rows = catalogue(2).map((r) => ({ ...r, color: 'Red, Blue' }));
	await sync('demo', rows);
	const fewer = rows.map((r) => ({ ...r, color: 'Red' }));
	env.sb.clearLog();
	expect((await sync('demo', fewer)).map((o) => o.operation)).toEqual(['unchanged', 'unchanged']);
	env.sb.clearLog();
	const out = await sync('demo', fewer, { ...SYNC, isDataOverwrite: true });
	expect(out.map((o) => o.operation)).toEqual(['updated', 'updated']);
	expect(env.sb.account('demo').productBySku(rows[0].sku)!.multiSelect.color).toEqual(['Red']);
});

it('a dry run writes nothing and reports create, update with exactly the changed fields, unchanged', async () => {
	const rows = catalogue(3);
	await sync('demo', rows.slice(0, 2));
	const edited = rows.map((r) => ({ ...r }));
	edited[1].price = '99.00 USD';
	edited[1].color = 'Red, Blue, White';
	env.sb.clearLog();
	for (const lookup of ['allProducts', 'perItem']) {
		const out = await sync('demo', edited, { lookup, dryRun: true });
		expect(out).toEqual([
			{ operation: 'unchanged', sku: rows[0].sku },
			{
				operation: 'update',
				sku: rows[1].sku,
				changes: {
					price: { old: rows[1].price, new: '99.00 USD' },
					color: { old: ['Red', 'Blue'], new: ['Red', 'Blue', 'White'] },
				},
			},
			{
				operation: 'create',
				sku: rows[2].sku,
				// What the create would send, as product records name it.
				values: {
					family: rows[2].family,
					channels: ['web'],
					category: ['Shoes/Boots'],
					image: [rows[2].image],
					name: rows[2].name,
					price: rows[2].price,
					color: ['Red', 'Blue'],
					manu_date: '2024/03/03',
				},
			},
		]);
	}
	expect(writes()).toEqual([]);
});

it('a dry run over the catalogue reads each changed product again for its old values, and only those', async () => {
	const rows = catalogue(20);
	await sync('demo', rows);
	const edited = rows.map((r, i) => (i === 4 || i === 11 ? { ...r, name: `Renamed ${i}` } : r));
	env.sb.clearLog();
	const out = await sync('demo', edited, { lookup: 'allProducts', dryRun: true });
	expect(out.filter((o) => o.operation === 'update').map((o) => o.changes)).toEqual([
		{ name: { old: rows[4].name, new: 'Renamed 4' } },
		{ name: { old: rows[11].name, new: 'Renamed 11' } },
	]);
	const lookUps = productReads().filter((r) => 'filter[sku]' in r.query);
	expect(lookUps.map((r) => r.query['filter[sku]']).sort()).toEqual(
		[rows[11].sku, rows[4].sku].sort(),
	);
	expect(productReads()).toHaveLength(1 + 2);
	expect(writes()).toEqual([]);
});

it('a product created by another writer after the read is updated, never duplicated', async () => {
	const [row] = catalogue(1);
	// Every request takes 300 ms: the product appears while the node's create is on its way.
	env.sb.setFaults({ latencyMs: 300 });
	try {
		const running = sync('demo', [row]);
		while (!productReads().some((r) => r.status === 200)) await sleep(5);
		env.sb.account('demo').createProduct({
			sku: row.sku,
			familyCode: 'clothing',
			languageCode: 'en_US',
			values: { name: 'By someone else' },
			multiSelect: {},
			channels: [{ code: 'web', status: true }],
			categories: [],
		});
		const [out] = await running;
		expect(out.operation).toBe('updated');
	} finally {
		env.sb.setFaults({});
	}
	const products = env.sb.account('demo').products.filter((p) => p.sku === row.sku);
	expect(products).toHaveLength(1);
	expect(products[0].values.name).toBe(row.name);
});

it('two rows of one SKU, the second holding the value the catalogue read: both are written, the PIM ends with the second', async () => {
	const [row] = catalogue(1);
	await sync('demo', [row]);
	env.sb.clearLog();
	// Row 1 alone would be unchanged against the catalogue; row 0 changes the product first.
	const out = await sync('demo', [{ ...row, name: 'Changed first' }, row]);
	expect(out.map((o) => o.operation)).toEqual(['updated', 'updated']);
	expect(writes()).toHaveLength(2);
	expect(env.sb.account('demo').productBySku(row.sku)!.values.name).toBe(row.name);
	// The same row twice after that: the second is the very form the first wrote.
	env.sb.clearLog();
	const again = await sync('demo', [
		{ ...row, name: 'Changed again' },
		{ ...row, name: 'Changed again' },
	]);
	expect(again.map((o) => o.operation)).toEqual(['updated', 'unchanged']);
	expect(writes()).toHaveLength(1);
});

it('an unchanged first item still reports the columns of the whole run, those of a later slice too', async () => {
	const rows = catalogue(120);
	await sync('demo', rows);
	env.sb.clearLog();
	// Unchanged items answer once prepared (shared/round.ts); the first waits for the run's report.
	const out = await sync('demo', [
		...rows.slice(0, 119),
		{ ...rows[119], name: 'Renamed', mystery_column: 'x' },
	]);
	expect(out.map((o) => o.operation)).toEqual([...Array(119).fill('unchanged'), 'updated']);
	expect(out[0].unmappedColumns).toEqual({
		mystery_column: 'no attribute of the account has this code or title',
	});
	expect(out[60]).toEqual({ operation: 'unchanged', sku: rows[60].sku });
	expect(writes().map((r) => (r.body as IDataObject).sku)).toEqual([rows[119].sku]);
});

it('random catalogues and edits: skipping leaves the PIM exactly as writing everything, with fewer writes', async () => {
	let seed = 42;
	const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
	const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)];
	for (let round = 0; round < 4; round++) {
		const rows = catalogue(12);
		await sync('skip', rows, { lookup: 'allProducts' });
		await sync('full', rows, { lookup: 'allProducts' });
		// Random edits, including none at all.
		let editedRows = 0;
		const edited = rows.map((r) => {
			const e = { ...r };
			if (random() < 0.5) return e;
			editedRows++;
			const field = pick(['name', 'price', 'color', 'family', 'category', 'image', 'manu_date']);
			if (field === 'name') e.name = `Name ${Math.floor(random() * 1000)}`;
			if (field === 'price') e.price = `${Math.floor(random() * 100)},50 USD`;
			if (field === 'color') e.color = pick(['Red', 'Red, Blue', 'Green, Black', 'Navy']);
			if (field === 'family') e.family = pick(['Clothing', 'Shoes', 'Home & Living']);
			if (field === 'category') e.category = pick(['Jeans', 'Shoes > Sneakers', 'Home/Kitchen']);
			if (field === 'image')
				e.image = `https://img.example.com/sync/r${Math.floor(random() * 9)}.jpg`;
			if (field === 'manu_date') e.manu_date = pick(['2023-12-24', '2024-03-01', '2025-06-30']);
			return e;
		});
		env.sb.clearLog();
		await sync('skip', edited, { lookup: 'allProducts', skipUnchanged: true });
		await sync('full', edited, { lookup: 'allProducts' });
		const state = (domain: string) =>
			edited.map((r) => {
				const p = env.sb.account(domain).productBySku(r.sku)!;
				return [p.familyCode, p.values, p.multiSelect, p.categories, p.images];
			});
		expect(state('skip')).toEqual(state('full'));
		expect(writes('full')).toHaveLength(12);
		expect(writes('skip').length).toBeLessThanOrEqual(editedRows);
	}
});
