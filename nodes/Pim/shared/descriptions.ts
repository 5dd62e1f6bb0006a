import type { INodeProperties } from 'n8n-workflow';

import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './pagination';
import { itemPreSend } from './runners';
import { positiveId } from './params';

/** Property builders shared by the resources, so each field is defined once. */

export function showFor(resource: string, operations: string[], versions?: VersionCondition) {
	return { show: { resource: [resource], operation: operations, ...versions } };
}

/** A collection parameter, empty by default; `rest` may name another placeholder. */
export function collection(
	displayName: string,
	name: string,
	rest: Partial<INodeProperties>,
): INodeProperties {
	return { displayName, name, type: 'collection', placeholder: 'Add Option', default: {}, ...rest };
}

/** A fixedCollection parameter of several entries, empty by default. */
export function fixedCollection(
	displayName: string,
	name: string,
	placeholder: string,
	rest: Partial<INodeProperties>,
): INodeProperties {
	return {
		displayName,
		name,
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder,
		default: {},
		...rest,
	};
}

/** The PIM node's versions; new nodes get the last (Pim.node.ts). */
export const NODE_VERSIONS = [1, 2, 2.1];

/** Node versions a parameter belongs to (`@version` display condition). */
export type VersionCondition = { '@version': Array<number | { _cnd: { gte: number } }> };
export const VERSION_1: VersionCondition = { '@version': [1] };
export const FROM_VERSION_2: VersionCondition = { '@version': [{ _cnd: { gte: 2 } }] };
/** Version 2 alone: what version 2.1 changed (the mapper's first mode). */
export const VERSION_2: VersionCondition = { '@version': [2] };
export const FROM_VERSION_2_1: VersionCondition = { '@version': [{ _cnd: { gte: 2.1 } }] };
/**
 * Version 2 on, each version named: n8n's node creator reads a resource's actions from the first
 * Operation picker whose `@version` names a version as a number (it does not read `gte`).
 */
export const VERSIONS_FROM_2: VersionCondition = {
	'@version': NODE_VERSIONS.filter((v) => v >= 2),
};

/** Return All / Limit of a list operation (names fixed by the contract). */
export function returnAllAndLimit(resource: string, operation: string): INodeProperties[] {
	return [
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			default: false,
			description: 'Whether to return all results or only up to a given limit',
			displayOptions: showFor(resource, [operation]),
		},
		{
			displayName: 'Limit',
			name: 'limit',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 50,
			description: 'Max number of results to return',
			displayOptions: {
				show: { resource: [resource], operation: [operation], returnAll: [false] },
			},
		},
	];
}

/** The options of paginated lists: page size, and a slice of pages (Start Page, Max Pages). */
export function listOptions(resource: string, operation: string): INodeProperties {
	return collection('Options', 'options', {
		displayOptions: showFor(resource, [operation]),
		options: [
			{
				displayName: 'Max Pages',
				name: 'maxPages',
				type: 'number',
				typeOptions: { minValue: 0 },
				default: 0,
				description:
					'How many pages to read from Start Page on; 0 reads to the end. With Start Page, one slice of a long list per input item, so any number of records can be exported.',
			},
			{
				displayName: 'Page Size',
				name: 'pageSize',
				type: 'number',
				typeOptions: { minValue: 1, maxValue: MAX_PAGE_SIZE },
				default: DEFAULT_PAGE_SIZE,
				description:
					'How many records to ask for per request. Without this option: the whole Limit in one request, or 1000 per request for Return All or a slice (Start Page, Max Pages). Lower it if the PIM times out.',
			},
			{
				displayName: 'Start Page',
				name: 'startPage',
				type: 'number',
				typeOptions: { minValue: 1 },
				default: 1,
				description:
					'The first page to read, in pages of Page Size records (1000 without Page Size): page 3 starts at record 2001',
			},
		],
	});
}

interface IdLocator {
	name: string;
	displayName: string;
	resource: string;
	operations: string[];
	searchListMethod: string;
	/** Where the id goes, and its key: query `id` unless told. */
	send?: 'query' | 'body';
	property?: string;
}

/** A record id as a resource locator, checked before any request is sent. */
export function idLocator(spec: IdLocator): INodeProperties {
	const { name, displayName } = spec;
	const checkId = itemPreSend((item, options) => {
		positiveId(item, name, displayName);
		return options;
	});
	return {
		displayName,
		name,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		displayOptions: showFor(spec.resource, spec.operations),
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				typeOptions: { searchListMethod: spec.searchListMethod, searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. 42',
				validation: [
					{
						type: 'regex',
						properties: {
							regex: '^\\s*[1-9][0-9]*\\s*$',
							errorMessage: 'The ID must be a positive whole number',
						},
					},
				],
			},
		],
		routing: {
			send: {
				type: spec.send ?? 'query',
				property: spec.property ?? 'id',
				value: '={{ String($value).trim() }}',
				preSend: [checkId],
			},
		},
	};
}

const CODE_HINT =
	'Choose from the list, or specify a code using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.';

/**
 * A code picked from the account (loadOptions), still open to expressions, labelled by what it
 * holds ("Family", not "Family Name or ID"). `alsoTakes`: what else version 2 resolves here (a
 * title, a path); the editor then does not flag such a value as "not supported"
 * (allowArbitraryValues), since the node checks it when it runs.
 */
export function codeDropdown(
	spec: Pick<INodeProperties, 'displayName' | 'name' | 'required' | 'displayOptions'> & {
		method: string;
		description?: string;
		alsoTakes?: string;
	},
): INodeProperties {
	const description = [
		spec.description,
		CODE_HINT,
		spec.alsoTakes ? `Version 2 also takes ${spec.alsoTakes}.` : undefined,
	]
		.filter(Boolean)
		.join(' ');
	return {
		displayName: spec.displayName,
		name: spec.name,
		type: 'options',
		typeOptions: { loadOptionsMethod: spec.method },
		default: '',
		required: spec.required,
		description,
		displayOptions: spec.displayOptions,
		...(spec.alsoTakes ? { allowArbitraryValues: true } : {}),
	};
}

/**
 * Reliability settings, shown for every operation. Their defaults are policy.ts's RUN_SETTINGS,
 * written out because the lint wants literals (a test keeps them equal). RoutingNode also reads
 * `timeout` from here.
 */
export const requestOptions = collection('Request Options', 'requestOptions', {
	options: [
		{
			displayName: 'Max Concurrent Requests',
			name: 'maxConcurrency',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: 50 },
			default: 5,
			description:
				"Most requests open at once to this PIM account, across all input items and every execution in this n8n process; each request waits until fewer than this node's setting are open",
		},
		{
			displayName: 'Max Retries',
			name: 'maxRetries',
			type: 'number',
			typeOptions: { minValue: 0, maxValue: 20 },
			default: 5,
			description:
				'How often to repeat a request that was rate-limited (429), met a busy server (503) or, for reads, a network or server error',
		},
		{
			displayName: 'Max Retry Wait (Seconds)',
			name: 'maxRetryWait',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 120,
			description:
				'Most time one request may spend waiting between attempts, including waits the server asks for',
		},
		{
			displayName: 'Timeout (Ms)',
			name: 'timeout',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 60000,
			description:
				'Time one attempt may take, from sending the request to the last byte of the answer, before it counts as failed',
		},
	],
});
