import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import {
	idLocator,
	listOptions,
	returnAllAndLimit,
	VERSION_1,
	VERSIONS_FROM_2,
	type VersionCondition,
} from './descriptions';
import { sendThroughTransport } from './runners';
import { listOperation, recordOperation } from './operations';
import type { ListSource } from './reading';
import type { PimRequest } from './transport';

/**
 * What a resource folder gives the node: an operation is added in its own file plus its
 * resource's index.ts; the pickers, the subtitle and the shared SKU field are derived from these.
 */
export interface OperationModule {
	option: INodePropertyOptions;
	description: INodeProperties[];
	/** Shows the SKU field the product and relation operations share (skuField). */
	usesSku?: boolean;
	/** The first node version that has the operation (version 1's picker does not list it). */
	fromVersion?: number;
}

export interface ResourceModule {
	/** Parameter value and picker label: "product", "Product". */
	value: string;
	name: string;
	operations: OperationModule[];
	/**
	 * Its Operation picker; two when an operation is newer than version 1: the newer versions'
	 * first (the node creator lists the first picker's as the resource's actions), then version
	 * 1's without it (a saved version-1 workflow's list never changes).
	 */
	pickers: INodeProperties[];
	/** Its fields: those several operations share, then each operation's own. */
	fields: INodeProperties[];
}

export function resourceModule(
	names: { value: string; name: string },
	operations: OperationModule[],
	defaultOperation: string,
	sharedFields: INodeProperties[] = [],
): ResourceModule {
	const picker = (ops: OperationModule[], versions?: VersionCondition): INodeProperties => ({
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: [names.value], ...versions } },
		options: ops.map((op) => op.option),
		default: defaultOperation,
	});
	const newer = operations.filter((op) => (op.fromVersion ?? 1) > 1);
	return {
		...names,
		operations,
		pickers: newer.length
			? [
					picker(operations, VERSIONS_FROM_2),
					picker(
						operations.filter((op) => !newer.includes(op)),
						VERSION_1,
					),
				]
			: [picker(operations)],
		fields: [...sharedFields, ...operations.flatMap((op) => op.description)],
	};
}

/** The Resource picker, its options in alphabetical order. */
export function resourcePicker(resources: ResourceModule[]): INodeProperties {
	return {
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		options: resources
			.map(({ name, value }) => ({ name, value }))
			.sort((a, b) => a.name.localeCompare(b.name)),
		default: 'product',
	};
}

/**
 * The subtitle under the node on the canvas, "Create or Update: Product" (an operation value
 * means the same in every resource: test/node/subtitle.test.ts).
 */
export function subtitleOf(resources: ResourceModule[]): string {
	const operations = Object.fromEntries(
		resources.flatMap((r) => r.operations.map((op) => [op.option.value, op.option.name])),
	);
	const names = Object.fromEntries(resources.map((r) => [r.value, r.name]));
	return `={{ (${JSON.stringify(operations)})[$parameter["operation"]] + ": " + (${JSON.stringify(names)})[$parameter["resource"]] }}`;
}

/**
 * SKU, the one parameter two resources share (product, relation.getProductRelation). n8n's
 * RoutingNode evaluates a parameter's expression once per property definition with that name,
 * shown or not, for every item: one definition saves an evaluation per item. Sent by each
 * operation's own code; an operation shows it with `usesSku`.
 */
export function skuField(resources: ResourceModule[]): INodeProperties {
	const users = resources
		.map((r) => ({ resource: r.value, operations: r.operations.filter((op) => op.usesSku) }))
		.filter((r) => r.operations.length > 0);
	return {
		displayName: 'SKU',
		name: 'sku',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. TSHIRT-001',
		description: 'Stock keeping unit that identifies the product',
		displayOptions: {
			show: {
				resource: users.map((r) => r.resource),
				operation: users.flatMap((r) => r.operations.map((op) => String(op.option.value))),
			},
		},
	};
}

/** The two operations every resource has. */
interface Names {
	resource: string;
	/** Lower case: "category", "categories". */
	singular: string;
	plural: string;
}

export function getManyOperation(names: Names & ListSource): OperationModule {
	return {
		option: {
			name: 'Get Many',
			value: 'getAll',
			action: `Get many ${names.plural}`,
			description: `List ${names.plural}`,
			routing: sendThroughTransport(
				{ method: 'GET', url: names.path },
				listOperation(names.paginated ? 'paginated' : 'plain'),
			),
		},
		description: [
			...returnAllAndLimit(names.resource, 'getAll'),
			...(names.paginated ? [listOptions(names.resource, 'getAll')] : []),
		],
	};
}

export function getOneOperation(
	names: Names & {
		path: string;
		method?: 'GET' | 'POST';
		idName: string;
		idDisplayName: string;
		searchListMethod: string;
		extra?: INodeProperties[];
		request?: Partial<PimRequest>;
	},
): OperationModule {
	return {
		option: {
			name: 'Get',
			value: 'get',
			action: `Get ${/^[aeiou]/.test(names.singular) ? 'an' : 'a'} ${names.singular}`,
			description: `Retrieve one ${names.singular} by ID`,
			routing: sendThroughTransport(
				{ method: names.method ?? 'GET', url: names.path },
				recordOperation(names.singular, names.request),
			),
		},
		description: [
			idLocator({
				name: names.idName,
				displayName: names.idDisplayName,
				resource: names.resource,
				operations: ['get'],
				searchListMethod: names.searchListMethod,
				send: names.method === 'POST' ? 'body' : 'query',
			}),
			...(names.extra ?? []),
		],
	};
}
