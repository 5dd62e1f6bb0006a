/**
 * A shop's export into the PIM (#31), version 2 against the sandbox: Import Options' Category
 * Map and Unknown Categories, the warning for a category outside the write's channels, a dry
 * run's create showing what it would send, and what a no-change sync sends.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { runPim } from '../../harness/in-process';
import { autoMap, categories, channels, productWrite } from '../../harness/product-write';
import { useSandbox } from '../helpers/sandbox';

const env = useSandbox();
let batch = 0;

/** Create or Update of shop rows: the category from the row, the Web Store channel. */
const write = (importOptions: IDataObject = {}, upsertOptions: IDataObject = {}): INodeParameters =>
	productWrite('upsert', {
		familyCode: 'Clothing',
		channels: channels('Web Store'),
		categories: categories('={{ $json.category }}'),
		columns: autoMap(),
		mappingOptions: { ignoreFields: 'category' },
		importOptions,
		upsertOptions,
	});

function rows(categories: string[]): IDataObject[] {
	batch++;
	return categories.map((category, i) => ({
		sku: `SHOP-${batch}-${i}`,
		name: `Tee ${i}`,
		category,
	}));
}

const product = (sku: unknown) => env.sb.account('demo').productBySku(String(sku))!;
const writes = () => env.sb.log.filter((r) => r.method === 'POST' || r.method === 'PUT');

const MAP = {
	categoryMap: {
		mapping: [
			{ from: 'Clothing > Tshirts', to: 'Clothing > Shirts > T-Shirts' },
			{ from: 'clothing > hoodies', to: 'polo-shirts' },
		],
	},
};

beforeEach(() => env.sb.clearLog());

it('the Category Map reads a shop category as the account names it (trimmed, any case)', async () => {
	const input = rows(['Clothing > Tshirts', '  CLOTHING > HOODIES ', 'Shoes > Boots']);
	const { items, error } = await runPim(env.creds(), write(MAP), { input, version: 2 });
	expect(error).toBeUndefined();
	expect(items.map((i) => i.json.operation)).toEqual(['created', 'created', 'created']);
	expect(product(input[0].sku).categories.map((c) => [c.code, c.channel])).toEqual([
		['t-shirts', 'web'],
	]);
	expect(product(input[1].sku).categories.map((c) => [c.code, c.channel])).toEqual([
		['polo-shirts', 'web'],
	]);
	// A value the map does not name is read as it is.
	expect(product(input[2].sku).categories.map((c) => [c.code, c.channel])).toEqual([
		['boots', 'web'],
	]);

	// A dry run shows the mapped category in what it would send.
	const dry = await runPim(env.creds(), write(MAP, { dryRun: true }), {
		input: rows(['Clothing > Tshirts']),
		version: 2,
	});
	expect(dry.items[0].json).toMatchObject({
		operation: 'create',
		values: { category: ['Clothing/Shirts/T-Shirts'], channels: ['web'], family: 'Clothing' },
	});
});

it('an unknown category fails the run by default, naming it and the closest ones', async () => {
	const input = rows(['Shoes > Boots', 'Clothing > Tshirts']);
	const { error } = await runPim(env.creds(), write(), { input, version: 2 });
	expect(error?.message).toBe(
		'Parameter "Categories": "Clothing > Tshirts" is neither a code, a title nor a path of a category of the account',
	);
	expect(error?.context?.itemIndex).toBe(1);
	expect(error?.description).toMatch(/^Closest categories: .*T-Shirts/);
	expect(writes()).toEqual([]);
});

it('with Unknown Categories → Skip the product is written without it, and its item says which', async () => {
	const input = rows(['Clothing > Tshirts', 'Shoes > Boots', 'Gadgets > Drones']);
	input[1].category = 'Shoes > Boots, Gadgets > Drones';
	const { items, error } = await runPim(env.creds(), write({ ...MAP, unknownCategories: 'skip' }), {
		input,
		version: 2,
	});
	expect(error).toBeUndefined();
	expect(items.map((i) => i.json.operation)).toEqual(['created', 'created', 'created']);
	expect(items[0].json.skippedCategories).toBeUndefined();
	expect(items[1].json.skippedCategories).toEqual(['Gadgets > Drones']);
	expect(items[2].json.skippedCategories).toEqual(['Gadgets > Drones']);
	// How many items of the run were written without some of their categories.
	expect(items[1].json.itemsWithSkippedCategories).toBe(2);
	expect(items[2].json.itemsWithSkippedCategories).toBe(2);
	expect(product(input[1].sku).categories.map((c) => c.code)).toEqual(['boots']);
	expect(product(input[2].sku).categories).toEqual([]);
	expect(writes()).toHaveLength(3);
});

it('a category in the tree of a channel the write does not assign is named in the item', async () => {
	// Clothing > Accessories is only in the Retail Stores tree; the write assigns the Web Store.
	const input = rows(['Clothing > Accessories', 'Clothing > Shirts']);
	const { items, error } = await runPim(env.creds(), write(), { input, version: 2 });
	expect(error).toBeUndefined();
	expect(items[0].json.warnings).toEqual([
		'Category "Clothing > Accessories" is in the tree of the channel "Retail Stores" (retail), which this write does not assign',
	]);
	expect(items[1].json.warnings).toBeUndefined();
	expect(product(input[0].sku).categories.map((c) => [c.code, c.channel])).toEqual([
		['clothing-accessories', 'retail'],
	]);
});

it('a sync with no change sends the list requests the README counts: 1 product page and the 4 lists, each once', async () => {
	const input = rows(['Clothing > Pants > Jeans', 'Shoes > Boots', 'Shoes > Sneakers']);
	const sync = { lookup: 'allProducts', skipUnchanged: true };
	await runPim(env.creds(), write({}, sync), { input, version: 2 });
	env.sb.clearLog();
	const { items } = await runPim(env.creds(), write({}, sync), { input, version: 2 });
	expect(items.map((i) => i.json.operation)).toEqual(['unchanged', 'unchanged', 'unchanged']);
	const reads = env.sb.log.map((r) => `${r.method} ${r.path}`).sort();
	expect(reads).toEqual(
		[
			'GET /api/integration/attribute',
			'GET /api/integration/category',
			'GET /api/integration/channel',
			'GET /api/integration/family',
			'GET /api/integration/product',
		].sort(),
	);
});
