import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { showFor } from '../../shared/descriptions';
import type { PimItem } from '../../shared/item';
import { sendsItsOwnRequests } from '../../shared/runners';
import { runClient, toItems } from '../../shared/operations';
import { requiredString } from '../../shared/params';
import { productBySku } from './account/lookup';

async function run(item: PimItem) {
	const sku = requiredString(item, 'sku', 'SKU');
	const product = await productBySku(runClient(item), sku);
	if (product) return toItems(item, [product]);
	if (item.param<string>('ifNotFound', 'error') === 'empty') return [];
	throw new NodeApiError(
		item.node,
		{ message: 'Not found' },
		{
			message: `No product has the SKU "${sku}"`,
			httpCode: '404',
			itemIndex: item.index,
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

/** SKU is shared: skuField in shared/registry.ts. */
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
