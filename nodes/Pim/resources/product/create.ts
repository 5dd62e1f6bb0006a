import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { productWriteRouting } from './engine/send';

export const option: INodePropertyOptions = {
	name: 'Create',
	value: 'create',
	action: 'Create a product',
	description: 'Create a new product',
	routing: productWriteRouting('create'),
};

/** Its fields are all shared with Update and Create or Update: see fields.ts; its body: write.ts. */
export const description: INodeProperties[] = [];

/** Family and a channel required: it may create the product (fields.ts). */
export const writesProduct = 'mayCreate';
export const usesSku = true;
