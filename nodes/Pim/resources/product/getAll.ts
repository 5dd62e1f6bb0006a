import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { listOptions, returnAllAndLimit } from '../../shared/descriptions';
import { ENDPOINTS } from '../../shared/endpoints';
import { itemPreSend, sendThroughTransport } from '../../shared/runners';
import { listOperation } from '../../shared/operations';
import { filterQuery, filters } from './descriptions/filters';

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
	filters,
	listOptions('product', 'getAll'),
];
