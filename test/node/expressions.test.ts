/**
 * Cost of a bulk write in n8n's engine: RoutingNode evaluates a parameter's expressions once per
 * property definition with that name (whatever its displayOptions) before any request is sent,
 * so the node defines each shared product field once (resources/product/descriptions/fields.ts; Family twice,
 * for Import File's Family Column), and the node evaluates none of them again (shared/item.ts,
 * `PimItem.param`): a `{{ $json.field }}` is the item's field, a parameter without expressions is
 * read once per run. This counts the evaluations
 * through n8n-core, and checks that the node's reading gives what n8n's evaluation gives.
 */
import type { IDataObject } from 'n8n-workflow';
import { Expression } from 'n8n-workflow';

import { credentialReads, runPim } from '../../harness/in-process';
import { attributes, autoMap, categories, productWrite } from '../../harness/product-write';
import { requests, useSandbox } from '../helpers/sandbox';

const env = useSandbox();

it('product.update evaluates nothing beyond what n8n itself evaluates per item', async () => {
	const products = env.sb.account('demo').products.slice(0, 10);
	env.sb.clearLog();
	const counts = await countingEvaluations(async () => {
		const { items, error } = await runPim(
			env.creds(),
			productWrite('update', { attributes: attributes({ name: '={{ $json.name }}' }) }),
			{ input: products.map((p) => ({ sku: p.sku, name: `Renamed ${p.sku}` })) },
		);
		expect(error).toBeUndefined();
		expect(items).toHaveLength(products.length);
	});
	expect(requests(env.sb).filter((r) => r.method === 'PUT')).toHaveLength(products.length);
	// Per item: RoutingNode's loop over the properties (one definition named `sku`); for
	// `attributes`: the loop and RoutingNode's fixed-collection pass. The node adds none (it added
	// one each before `param`; one definition per operation made it 8 and 5).
	expect(counts.get('={{ $json.sku }}')).toBe(products.length);
	expect(counts.get('={{ $json.name }}')).toBe(2 * products.length);
	// No expression of the node's own (requestDefaults) is evaluated per item.
	expect([...counts.keys()].sort()).toEqual(['={{ $json.name }}', '={{ $json.sku }}']);
	for (const p of products)
		expect(env.sb.account('demo').products.find((q) => q.sku === p.sku)?.values.name).toBe(
			`Renamed ${p.sku}`,
		);
});

/** Counts n8n's evaluations of each expression while `run` runs. */
async function countingEvaluations(run: () => Promise<void>): Promise<Map<string, number>> {
	const counts = new Map<string, number>();
	const original = Expression.prototype.resolveSimpleParameterValue;
	const spy = jest
		.spyOn(Expression.prototype, 'resolveSimpleParameterValue')
		.mockImplementation(function (
			this: Expression,
			...args: Parameters<Expression['resolveSimpleParameterValue']>
		) {
			const [value] = args;
			if (typeof value === 'string' && value.startsWith('='))
				counts.set(value, (counts.get(value) ?? 0) + 1);
			return original.apply(this, args);
		});
	try {
		await run();
	} finally {
		spy.mockRestore();
	}
	return counts;
}

it('Create or Update (version 2) evaluates each expression only as often as n8n itself does', async () => {
	const rows = Array.from({ length: 8 }, (_, i) => ({
		sku: `EVAL-${i}`,
		family: 'Clothing',
		category: 'Clothing > Pants > Jeans',
		image: `https://img.example.com/eval/${i}.jpg`,
		name: `Evaluated ${i}`,
	}));
	credentialReads.count = 0;
	const counts = await countingEvaluations(async () => {
		const { items, error } = await runPim(
			env.creds(),
			productWrite('upsert', {
				categories: categories('={{ $json.category }}'),
				images: ['={{ $json.image }}'],
				columns: autoMap(),
				upsertOptions: { lookup: 'allProducts', skipUnchanged: true },
			}),
			{ input: rows, version: 2 },
		);
		expect(error).toBeUndefined();
		expect(items.map((i) => i.json.operation)).toEqual(rows.map(() => 'created'));
	});
	// The credential is read once per run, as n8n's routing reads it (n8n's read and the node's).
	expect(credentialReads.count).toBe(2);
	// RoutingNode's loop evaluates each parameter once per item and definition, and a fixed
	// collection's entries once more; the node reads them without evaluating again. Family has two
	// definitions (Import File's is not required when its Family Column is set: fields.ts).
	expect(Object.fromEntries(counts)).toEqual({
		'={{ $json.sku }}': rows.length,
		'={{ $json.family }}': 2 * rows.length,
		'={{ $json.image }}': rows.length,
		'={{ $json.category }}': 2 * rows.length,
	});
	for (const row of rows) {
		const product = env.sb.account('demo').productBySku(row.sku)!;
		expect(product.values.name).toBe(row.name);
		expect(product.images).toEqual([row.image]);
	}
});

it("reading `{{ $json.field }}` directly gives what n8n's evaluation gives, for every kind of value", async () => {
	const cases: IDataObject[] = [
		{ sku: 'FAST-1', 'Regular name': 'Spaced field' },
		{ sku: 'FAST-2', 'Regular name': 42 },
		{ sku: 'FAST-3', 'Regular name': true },
		{ sku: 'FAST-4', 'Regular name': '  padded  ' },
		{ sku: 'FAST-5', 'Regular name': { nested: 'object' } },
		{ sku: 'FAST-6', 'Regular name': null },
		{ sku: 'FAST-7' },
	];
	const update = (name: string) => productWrite('update', { attributes: attributes({ name }) });
	const written = async (name: string) => {
		env.sb.clearLog();
		const { items } = await runPim(env.creds(), update(name), {
			input: cases,
			continueOnFail: true,
		});
		const bodies = requests(env.sb)
			.filter((r) => r.method === 'PUT')
			.map((r) => r.body as IDataObject);
		return { outcomes: items.map((i) => (i.json.error ? 'error' : 'written')), bodies };
	};
	const products = env.sb.account('demo').products;
	cases.forEach((c, i) => (c.sku = products[i].sku));
	// Read directly (bracket notation, as drag and drop writes a field with a space) ...
	const direct = await written("={{ $json['Regular name'] }}");
	// ... and evaluated by n8n (an expression the direct reading does not take).
	const evaluated = await written("={{ $json['Regular name'] ?? undefined }}");
	expect(direct).toEqual(evaluated);
	expect(direct.bodies.length).toBeGreaterThan(3);
});
