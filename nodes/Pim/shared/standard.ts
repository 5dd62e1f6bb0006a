import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { idLocator, listOptions, returnAllAndLimit } from './descriptions';
import { listOperation, recordOperation, sendThroughTransport } from './operations';
import type { PimRequest } from './transport';

/** The two operations every resource has, built the same way for all of them. */

export interface OperationModule {
	option: INodePropertyOptions;
	description: INodeProperties[];
}

interface Names {
	resource: string;
	/** Singular, lower case: "category". */
	singular: string;
	/** Plural, lower case: "categories". */
	plural: string;
}

export function getManyOperation(
	names: Names & { path: string; paginated: boolean; extra?: INodeProperties[] },
): OperationModule {
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
			...(names.extra ?? []),
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

export function operationPicker(
	resource: string,
	operations: OperationModule[],
	defaultOperation: string,
) {
	const picker: INodeProperties = {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: [resource] } },
		options: operations.map((op) => op.option),
		default: defaultOperation,
	};
	return [picker, ...operations.flatMap((op) => op.description)];
}
