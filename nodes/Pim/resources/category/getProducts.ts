import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { idLocator, listOptions, returnAllAndLimit } from '../../shared/descriptions';
import { ENDPOINTS } from '../../shared/endpoints';
import { sendThroughTransport } from '../../shared/runners';
import { listOperation } from '../../shared/operations';

export const option: INodePropertyOptions = {
	name: 'Get Products',
	value: 'getProducts',
	action: 'Get the products of a category',
	description: 'List the products in a category',
	// Query and answer are not shown by the interface: the category goes as `id`, with the
	// usual pagination, and both the paginated shape and a plain array are read.
	routing: sendThroughTransport(
		{ method: 'GET', url: ENDPOINTS.categoryProducts },
		listOperation('paginated'),
	),
};

export const description: INodeProperties[] = [
	idLocator({
		name: 'categoryId',
		displayName: 'Category',
		resource: 'category',
		operations: ['getProducts'],
		searchListMethod: 'searchCategories',
	}),
	...returnAllAndLimit('category', 'getProducts'),
	listOptions('category', 'getProducts'),
];
