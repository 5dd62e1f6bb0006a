/**
 * The subtitle under the node on the canvas names the operation and resource as the pickers do
 * ("Create or Update: Product"), evaluated by n8n-workflow's own expression engine.
 */
import type { INodeProperties, INodeType } from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import { nodeTypes, PIM_TYPE, pimNode } from '../../harness/in-process';

const description = (nodeTypes.getByName(PIM_TYPE) as INodeType).description;
const resources = description.properties.find((p) => p.name === 'resource')!.options as Array<{
	name: string;
	value: string;
}>;
const pickers = description.properties.filter((p) => p.name === 'operation') as INodeProperties[];

// A resource with an operation newer than version 1 has a picker per version: each operation once.
const cases = [
	...new Map(
		pickers.flatMap((picker) => {
			const [resource] = picker.displayOptions!.show!.resource as string[];
			const resourceName = resources.find((r) => r.value === resource)!.name;
			return (picker.options as Array<{ name: string; value: string }>).map(
				(op) =>
					[
						`${resource}.${op.value}`,
						[resource, op.value, `${op.name}: ${resourceName}`] as const,
					] as const,
			);
		}),
	).values(),
];

it("covers every operation of every resource: the contract's 25, Import File and Export File", () => {
	expect(cases.length).toBe(27);
});

it("version 1's Operation list of Product is as it was: no Import File, no Export File", () => {
	const product = pickers.filter(
		(p) => (p.displayOptions!.show!.resource as string[])[0] === 'product',
	);
	const v1 = product.find((p) => JSON.stringify(p.displayOptions!.show!['@version']) === '[1]')!;
	expect((v1.options as Array<{ value: string }>).map((o) => o.value)).toEqual([
		'create',
		'upsert',
		'get',
		'getBySku',
		'getAll',
		'update',
		'assignChannel',
		'assignCategory',
	]);
});

it.each(cases)('%s.%s → "%s"', (resource, operation, expected) => {
	const node = pimNode({ resource, operation }, { typeVersion: 2 });
	const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes });
	const value = workflow.expression.getSimpleParameterValue(
		node,
		description.subtitle!,
		'internal',
		{},
	);
	expect(value).toBe(expected);
});
