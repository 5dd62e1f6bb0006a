/**
 * A run never hides what it wrote (#24, point 5), version 2 in n8n-core against the sandbox:
 * problems the node finds without the PIM stop the run before its first write, naming the
 * items; a PIM refusal says how many items were written; Continue On Fail still writes the rest.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import { runPim } from '../../harness/in-process';
import { productWrite } from '../../harness/product-write';
import { useSandbox } from '../helpers/sandbox';

const env = useSandbox();
let batch = 0;

const create = (extra: INodeParameters = {}): INodeParameters => productWrite('create', extra);

/** 40 rows; `change` edits some of them. */
function rows(change: (row: IDataObject, i: number) => void = () => undefined): IDataObject[] {
	batch++;
	return Array.from({ length: 40 }, (_, i) => {
		const row: IDataObject = { sku: `ROUND-${batch}-${i}`, family: 'Clothing' };
		change(row, i);
		return row;
	});
}

const writes = () => env.sb.log.filter((r) => r.method === 'POST' || r.method === 'PUT');

beforeEach(() => env.sb.clearLog());

it('a row without SKU stops the run with 0 writes, raised for that row', async () => {
	const input = rows((row, i) => {
		if (i === 23) row.sku = '';
	});
	const { error, items } = await runPim(env.creds(), create(), { input, version: 2 });
	expect(items).toEqual([]);
	// n8n names the item the error is raised for: "[item 23]".
	expect(error?.message).toBe('Parameter "SKU" is required');
	expect(error?.context?.itemIndex).toBe(23);
	expect(error?.description).toBe('Nothing was written: no other item of the 40 has a problem.');
	// Shown as the node's own error: no "Error code none" under "From PIM".
	expect(error?.httpCode ?? null).toBeNull();
	expect((error as { messages?: unknown[] }).messages ?? []).toEqual([]);
	expect(writes()).toEqual([]);
});

it('unknown families and categories in several rows: 0 writes, raised for the first, every row listed with its SKU and hint', async () => {
	const input = rows((row, i) => {
		if (i === 5) row.family = 'Clothes';
		if (i === 31) row.category = 'Clothing > Sox';
		if (i === 33) row.category = 'Shoes > Bootz';
	});
	const { error } = await runPim(
		env.creds(),
		create({ categories: { category: [{ code: '={{ $json.category }}' }] } }),
		{ input, version: 2 },
	);
	expect(error?.message).toMatch(/^Parameter "Family": "Clothes" is neither a code nor a title/);
	expect(error?.context?.itemIndex).toBe(5);
	const listed = String(error?.description).split(' | ');
	expect(listed[0]).toMatch(
		/Nothing was written: 3 of 40 items have a problem\. item 5 \(SKU ROUND-\d+-5\): Parameter "Family": "Clothes" is neither .*account\. Closest families: "Clothing" \(clothing\)/,
	);
	expect(listed[1]).toMatch(
		/^item 31 \(SKU ROUND-\d+-31\): Parameter "Categories": "Clothing > Sox" is neither .*account\. Add a line to Import Options → Category Map from "Clothing > Sox"/,
	);
	expect(listed[2]).toMatch(
		/^item 33 \(SKU ROUND-\d+-33\): .*"Shoes > Bootz".* Closest categories: Shoes\/Boots /,
	);
	expect(listed).toHaveLength(3);
	expect(writes()).toEqual([]);
});

it('a row whose expression fails in n8n stops the run too: nothing is sent, not even later', async () => {
	// An expression error n8n throws (a reference to a node that does not exist), on row 7 only.
	const input = rows((row, i) => {
		if (i === 7) row.bad = true;
	});
	const { error } = await runPim(
		env.creds(),
		create({
			images: [
				'={{ $json.bad ? $("No such node").item.json.url : "https://img.example.com/a.jpg" }}',
			],
		}),
		{ input, version: 2 },
	);
	expect(error).toBeDefined();
	// The items n8n started before the failing row must not write behind the node's back, nor
	// read the account's lists for a run that has failed: they are prepared after n8n's loop.
	await sleep(300);
	expect(writes()).toEqual([]);
	expect(env.sb.log.map((r) => `${r.method} ${r.path}`)).toEqual([]);
});

it('a PIM refusal mid-run says how many items were written', async () => {
	const existing = env.sb.account('demo').products[0].sku;
	const input = rows((row, i) => {
		if (i === 10) row.sku = existing; // the PIM refuses a second product with this SKU
	});
	const { error } = await runPim(env.creds(), create(), { input, version: 2 });
	expect(error?.message).toMatch(/sku/i);
	expect(error?.description).toMatch(
		/39 of 40 items of this run were written\. Turn on Settings → On Error → "Continue \(using error output\)"/,
	);
	expect(writes()).toHaveLength(40);
	for (const row of input)
		if (row.sku !== existing)
			expect(env.sb.account('demo').productBySku(String(row.sku))).toBeDefined();
});

it('with Continue On Fail the other 39 rows are written and the bad one is an error item with its SKU', async () => {
	const input = rows((row, i) => {
		if (i === 23) row.sku = '';
		if (i === 30) row.family = 'Clothes';
	});
	const { error, items } = await runPim(env.creds(), create(), {
		input,
		version: 2,
		continueOnFail: true,
	});
	expect(error).toBeUndefined();
	expect(items).toHaveLength(40);
	expect(items[23].json).toEqual({
		error: 'Parameter "SKU" is required',
		message: 'Item 23: Parameter "SKU" is required',
	});
	expect(items[30].json).toMatchObject({
		error: expect.stringMatching(/^Parameter "Family": "Clothes" is neither/),
		message: expect.stringMatching(
			/^Item 30 \(SKU ROUND-\d+-30\): Parameter "Family": .*\. Closest families: /,
		),
		sku: input[30].sku,
	});
	expect(items[30].pairedItem).toEqual({ item: 30 });
	expect(items.filter((i) => !i.json.error)).toHaveLength(38);
	expect(writes()).toHaveLength(38);
});

it('with "Continue (using error output)" an error item is its row with the error, paired with it', async () => {
	const input = rows((row, i) => {
		if (i === 12) row.family = 'Clothes';
	});
	const { error, items, errorItems } = await runPim(env.creds(), create(), {
		input,
		version: 2,
		onError: 'continueErrorOutput',
	});
	expect(error).toBeUndefined();
	expect(items).toHaveLength(39);
	expect(errorItems).toHaveLength(1);
	// n8n adds the input row's fields to an error item it routes to the error output.
	expect(errorItems[0].json).toEqual({
		sku: input[12].sku,
		family: 'Clothes',
		error: expect.stringMatching(/^Parameter "Family": "Clothes" is neither/),
		message: expect.stringMatching(/^Item 12 \(SKU ROUND-\d+-12\): /),
	});
	expect(errorItems[0].pairedItem).toEqual({ item: 12 });
	expect(writes()).toHaveLength(39);
});

it('Create or Update and Assign Channel run as a round too', async () => {
	const input = rows((row, i) => {
		if (i === 2) row.family = 'Nope';
	});
	const upsert = await runPim(env.creds(), productWrite('upsert'), { input, version: 2 });
	expect(upsert.error?.message).toMatch(/^Parameter "Family": "Nope" is neither/);
	expect(upsert.error?.context?.itemIndex).toBe(2);
	expect(writes()).toEqual([]);

	const skus = env.sb
		.account('demo')
		.products.slice(0, 5)
		.map((p) => ({ sku: p.sku }));
	skus[3].sku = '';
	const assign = await runPim(
		env.creds(),
		{
			resource: 'product',
			operation: 'assignChannel',
			sku: '={{ $json.sku }}',
			channelCode: 'amazon',
			status: true,
		},
		{ input: skus, version: 2 },
	);
	expect(assign.error?.message).toBe('Parameter "SKU" is required');
	expect(assign.error?.context?.itemIndex).toBe(3);
	expect(writes()).toEqual([]);
});

it('version 1 is unchanged: the rows before and after a bad one are written', async () => {
	const input = rows((row, i) => {
		row.family = 'clothing';
		if (i === 23) row.sku = '';
	});
	const { error } = await runPim(env.creds(), create(), { input, version: 1 });
	expect(error?.message).toBe('Parameter "SKU" is required');
	expect(writes()).toHaveLength(39);
});
