import type { IDataObject, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { codeDropdown, listOptions, returnAllAndLimit, showFor } from '../../shared/descriptions';
import { ENDPOINTS } from '../../shared/endpoints';
import { itemPreSend, listOperation, sendThroughTransport } from '../../shared/runners';
import { fail, optionalString } from '../../shared/params';
import { isAttributeCode } from '../../shared/attributes';
import type { PimItem } from '../../shared/item';

/** Filters as the list's query: each filter `filter[<attribute_code>]=<value>` (Export File's too). */
export function filterQuery(item: PimItem): IDataObject {
	const qs: IDataObject = {};
	const filters = item.param<IDataObject>('filters', {}).filter as IDataObject[] | undefined;
	for (const filter of filters ?? []) {
		const code = optionalString(filter.attribute);
		if (!code || !isAttributeCode(code))
			fail(
				`Parameter "Filters": every filter needs a valid attribute code${code ? ` (got "${code}")` : ''}`,
			);
		qs[`filter[${code}]`] = String(filter.value ?? '');
	}
	return qs;
}

/** preSend: the filters in the request's query. */
const attributeFilters = itemPreSend((item, options) => {
	const qs = filterQuery(item);
	if (Object.keys(qs).length) options.qs = { ...options.qs, ...qs };
	return options;
});

export const option: INodePropertyOptions = {
	name: 'Get Many',
	value: 'getAll',
	action: 'Get many products',
	description: 'List products, optionally filtered by attribute values',
	routing: sendThroughTransport(
		{ method: 'GET', url: ENDPOINTS.product },
		listOperation('paginated'),
		[attributeFilters],
	),
};

export const description: INodeProperties[] = [
	...returnAllAndLimit('product', 'getAll'),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Filter',
		default: {},
		description: 'Only products whose attribute has this value; several filters must all match',
		// One definition for both operations: n8n evaluates a parameter once per definition of its name.
		displayOptions: showFor('product', ['getAll', 'exportFile']),
		options: [
			{
				displayName: 'Filter',
				name: 'filter',
				values: [
					codeDropdown({
						displayName: 'Attribute',
						name: 'attribute',
						method: 'getFilterAttributes',
					}),
					{
						displayName: 'Value',
						name: 'value',
						type: 'string',
						default: '',
					},
				],
			},
		],
	},
	listOptions('product', 'getAll'),
];
