import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { idLocator, showFor } from '../../shared/descriptions';
import { recordsOperation } from '../../shared/operations';

export const option: INodePropertyOptions = {
	name: 'Get Product Relation',
	value: 'getProductRelation',
	action: 'Get the relation data of a product',
	description: 'Retrieve what a product is related to through one relation',
	routing: {
		request: { method: 'GET', url: '/api/integration/relation/product-relation' },
		send: { paginate: true },
		// The interface does not show this answer: an array gives one item per element.
		operations: { pagination: recordsOperation() },
	},
};

export const description: INodeProperties[] = [
	{
		displayName: 'SKU',
		name: 'sku',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. TSHIRT-001',
		description: 'SKU of the product',
		displayOptions: showFor('relation', ['getProductRelation']),
		routing: { send: { type: 'query', property: 'sku', value: '={{ String($value).trim() }}' } },
	},
	idLocator({
		name: 'relationId',
		displayName: 'Relation',
		resource: 'relation',
		operations: ['getProductRelation'],
		searchListMethod: 'searchRelations',
		property: 'relation_id',
	}),
];
