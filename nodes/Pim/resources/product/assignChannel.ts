import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { codeDropdown, showFor } from '../../shared/descriptions';
import { ENDPOINTS } from '../../shared/endpoints';
import { sendsForm, type BodyBuilder } from '../../shared/runners';
import { requiredString } from '../../shared/params';
import { serializeForm } from '../../shared/serializer';
import { assignedChannel } from './references';

/** The form of one item; version 2 also takes the channel's name (assignedChannel). */
const body: BodyBuilder = async (item, pim) => {
	const sku = requiredString(item, 'sku', 'SKU');
	const { channel } = await assignedChannel(item, pim);
	const form = serializeForm([
		['sku', sku],
		['code', channel],
		['status', item.param<unknown>('status', false) === true],
	]);
	return { form: () => form };
};

export const option: INodePropertyOptions = {
	name: 'Assign to Channel',
	value: 'assignChannel',
	action: 'Assign a product to a channel',
	description: 'Assign a product to a channel and set its status there',
	routing: sendsForm({ method: 'POST', url: ENDPOINTS.productAssignChannel }, body),
};

/** SKU is shared: skuField in shared/registry.ts. */
export const description: INodeProperties[] = [
	codeDropdown({
		displayName: 'Channel',
		name: 'channelCode',
		method: 'getChannels',
		required: true,
		alsoTakes: "the channel's name",
		displayOptions: showFor('product', ['assignChannel']),
	}),
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
