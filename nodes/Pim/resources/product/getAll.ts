import type { IDataObject, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { codeDropdown, listOptions, returnAllAndLimit, showFor } from '../../shared/descriptions';
import { ENDPOINTS } from '../../shared/endpoints';
import { itemPreSend, listOperation, sendThroughTransport } from '../../shared/runners';
import { fail, optionalString } from '../../shared/params';
import { isAttributeCode } from '../../shared/attributes';

/** preSend: each filter becomes `filter[<attribute_code>]=<value>`. */
const attributeFilters = itemPreSend((item, options) => {
	const filters = item.param<IDataObject>('filters', {}).filter as IDataObject[] | undefined;
	for (const filter of filters ?? []) {
		const code = optionalString(filter.attribute);
		if (!code || !isAttributeCode(code))
			fail(
				`Parameter "Filters": every filter needs a valid attribute code${code ? ` (got "${code}")` : ''}`,
			);
		options.qs = { ...options.qs, [`filter[${code}]`]: String(filter.value ?? '') };
	}
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
		displayOptions: showFor('product', ['getAll']),
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
