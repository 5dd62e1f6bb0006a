import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { idLocator } from '../../shared/descriptions';
import { ENDPOINTS } from '../../shared/endpoints';
import { sendThroughTransport } from '../../shared/runners';
import { recordOperation } from '../../shared/operations';

export const option: INodePropertyOptions = {
	name: 'Get',
	value: 'get',
	action: 'Get a product',
	description: 'Retrieve one product by ID',
	routing: sendThroughTransport(
		{ method: 'GET', url: ENDPOINTS.productShow },
		recordOperation('product'),
	),
};

export const description: INodeProperties[] = [
	idLocator({
		name: 'productId',
		displayName: 'Product',
		resource: 'product',
		operations: ['get'],
		searchListMethod: 'searchProducts',
	}),
];
