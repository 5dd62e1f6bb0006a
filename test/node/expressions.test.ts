/**
 * Cost of a bulk write in n8n's engine: RoutingNode evaluates a parameter's expressions once per
 * property definition with that name (whatever its displayOptions) before any request is sent,
 * so the node defines each shared product field once (resources/product/fields.ts). This counts
 * the evaluations of a 2-expression Update, the workflow of bench scenario 2, through n8n-core.
 */
import { Expression } from 'n8n-workflow';

import { runPim } from '../helpers/n8n';
import { requests, useSandbox } from '../helpers/sandbox';

const env = useSandbox();

it('product.update evaluates SKU twice and a value three times per item, and nothing else', async () => {
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
	const products = env.sb.account('demo').products.slice(0, 10);
	env.sb.clearLog();
	try {
		const { items, error } = await runPim(
			env.creds(),
			{
				resource: 'product',
				operation: 'update',
				sku: '={{ $json.sku }}',
				languageCode: 'en_US',
				attributes: { attribute: [{ code: 'name', value: '={{ $json.name }}' }] },
			},
			{ input: products.map((p) => ({ sku: p.sku, name: `Renamed ${p.sku}` })) },
		);
		expect(error).toBeUndefined();
		expect(items).toHaveLength(products.length);
	} finally {
		spy.mockRestore();
	}
	expect(requests(env.sb).filter((r) => r.method === 'PUT')).toHaveLength(products.length);
	// Per item: RoutingNode's loop over the properties (one definition named `sku`), plus the node
	// reading it; for `attributes`: the loop, RoutingNode's fixed-collection pass and the node.
	// One definition per operation made it 8 and 5; one per resource, 3 and 3.
	expect((counts.get('={{ $json.sku }}') ?? 0) / products.length).toBeLessThanOrEqual(2);
	expect((counts.get('={{ $json.name }}') ?? 0) / products.length).toBeLessThanOrEqual(3);
	expect(counts.get('={{ $json.sku }}')).toBeGreaterThanOrEqual(products.length);
	// No expression of the node's own (requestDefaults) is evaluated per item.
	expect([...counts.keys()].sort()).toEqual(['={{ $json.name }}', '={{ $json.sku }}']);
	for (const p of products)
		expect(env.sb.account('demo').products.find((q) => q.sku === p.sku)?.values.name).toBe(
			`Renamed ${p.sku}`,
		);
});
