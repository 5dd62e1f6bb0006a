import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { idLocator } from '../../shared/descriptions';
import { ENDPOINTS } from '../../shared/endpoints';
import { itemPreSend, sendThroughTransport } from '../../shared/runners';
import { recordsOperation } from '../../shared/operations';
import { requiredString } from '../../shared/params';

/** SKU (skuField in shared/registry.ts, shared with the product operations) as the query. */
const sendSku = itemPreSend((item, options) => {
	options.qs = { ...options.qs, sku: requiredString(item, 'sku', 'SKU') };
	return options;
});

export const option: INodePropertyOptions = {
	name: 'Get Product Relation',
	value: 'getProductRelation',
	action: 'Get the relation data of a product',
	description: 'Retrieve what a product is related to through one relation',
	// The interface does not show this answer: an array gives one item per element.
	routing: sendThroughTransport(
		{ method: 'GET', url: ENDPOINTS.relationProductRelation },
		recordsOperation(),
		[sendSku],
	),
};

export const description: INodeProperties[] = [
	idLocator({
		name: 'relationId',
		displayName: 'Relation',
		resource: 'relation',
		operations: ['getProductRelation'],
		searchListMethod: 'searchRelations',
		property: 'relation_id',
	}),
];

export const usesSku = true;
