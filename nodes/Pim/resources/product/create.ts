import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { writeOperation } from '../../shared/operations';
import { productBodyPreSend } from './fields';

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

/** Its fields are all shared with Update and Create or Update: see fields.ts. */
export const description: INodeProperties[] = [];
