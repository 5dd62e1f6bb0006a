import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { showFor } from '../../shared/descriptions';
import { ENDPOINTS } from '../../shared/endpoints';
import type { PimItem } from '../../shared/item';
import { requiredString, yesNo } from '../../shared/params';
import type { FormField } from '../../shared/serializer';
import type { PimClient } from '../../shared/transport';
import { assignedChannel, channelField, postsFields } from './descriptions/assign';

/** Active: version 2 reads the words exports write (yesNo); version 1 takes only `true`. */
function activeOf(item: PimItem): boolean {
	const raw = item.param<unknown>('status', false);
	return item.version >= 2 ? yesNo(raw, 'Parameter "Active"') === true : raw === true;
}

/** The form of one item; version 2 also takes the channel's name (assignedChannel). */
async function fields(item: PimItem, pim: PimClient): Promise<FormField[]> {
	const sku = requiredString(item, 'sku', 'SKU');
	const { channel } = await assignedChannel(item, pim);
	return [
		['sku', sku],
		['code', channel],
		['status', activeOf(item)],
	];
}

export const option: INodePropertyOptions = {
	name: 'Assign to Channel',
	value: 'assignChannel',
	action: 'Assign a product to a channel',
	description: 'Assign a product to a channel and set its status there',
	routing: postsFields(ENDPOINTS.productAssignChannel, fields),
};

/** SKU is shared: skuField in shared/registry.ts. */
export const description: INodeProperties[] = [
	channelField('assignChannel'),
	{
		displayName: 'Active',
		name: 'status',
		type: 'boolean',
		default: false,
		description:
			'Whether the product is active in the channel (inactive when off, as the PIM defaults)',
		displayOptions: showFor('product', ['assignChannel']),
	},
];

export const usesSku = true;
