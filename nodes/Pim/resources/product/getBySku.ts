import type {
	IExecutePaginationFunctions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { showFor } from '../../shared/descriptions';
import { runClient, sendsItsOwnRequests, toItems } from '../../shared/operations';
import { requiredString } from '../../shared/params';
import { productBySku } from './lookup';

async function run(this: IExecutePaginationFunctions) {
	const sku = requiredString(this, 'sku', 'SKU');
	const product = await productBySku(runClient(this), sku);
	if (product) return toItems(this, [product]);
	if (this.getNodeParameter('ifNotFound', 'error') === 'empty') return [];
	throw new NodeApiError(
		this.getNode(),
		{ message: 'Not found' },
		{
			message: `No product has the SKU "${sku}"`,
			httpCode: '404',
			itemIndex: this.getItemIndex(),
		},
	);
}

export const option: INodePropertyOptions = {
	name: 'Get by SKU',
	value: 'getBySku',
	action: 'Get a product by SKU',
	description: 'Find one product by its SKU (exact match)',
	routing: sendsItsOwnRequests(run),
};

/** SKU is shared: skuField in shared/standard.ts. */
export const description: INodeProperties[] = [
	{
		displayName: 'If Not Found',
		name: 'ifNotFound',
		type: 'options',
		default: 'error',
		displayOptions: showFor('product', ['getBySku']),
		options: [
			{ name: 'Fail', value: 'error', description: 'Report "not found" as an error on the item' },
			{ name: 'Return Nothing', value: 'empty', description: 'Output no item for this input' },
		],
	},
];

export const usesSku = true;
