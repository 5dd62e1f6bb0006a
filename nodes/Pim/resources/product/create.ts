import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { writeOperation } from '../../shared/operations';
import { contentFields, familyField, languageField, productBodyPreSend, skuField } from './fields';

export const option: INodePropertyOptions = {
	name: 'Create',
	value: 'create',
	action: 'Create a product',
	description: 'Create a new product',
	routing: {
		request: { method: 'POST', url: '/api/integration/product' },
		send: { paginate: true, preSend: [productBodyPreSend('create')] },
		operations: { pagination: writeOperation({ domainOptional: true }) },
	},
};

export const description: INodeProperties[] = [
	skuField(['create'], 'Unique stock keeping unit of the new product'),
	familyField(['create']),
	languageField(['create']),
	...contentFields(['create'], 'create'),
];
