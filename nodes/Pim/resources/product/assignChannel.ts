import type {
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import { codeDropdown, showFor } from '../../shared/descriptions';
import { ENDPOINTS } from '../../shared/endpoints';
import { sendThroughTransport, writeOperation } from '../../shared/operations';
import { requiredString } from '../../shared/params';
import { serializeForm } from '../../shared/serializer';

async function body(this: IExecuteSingleFunctions, options: IHttpRequestOptions) {
	options.body = serializeForm([
		['sku', requiredString(this, 'sku', 'SKU')],
		['code', requiredString(this, 'channelCode', 'Channel')],
		['status', this.getNodeParameter('status', false) === true],
	]);
	return options;
}

export const option: INodePropertyOptions = {
	name: 'Assign to Channel',
	value: 'assignChannel',
	action: 'Assign a product to a channel',
	description: 'Assign a product to a channel and set its status there',
	routing: sendThroughTransport(
		{ method: 'POST', url: ENDPOINTS.productAssignChannel },
		writeOperation(),
		[body],
	),
};

/** SKU is shared: skuField in shared/descriptions.ts. */
export const description: INodeProperties[] = [
	codeDropdown({
		displayName: 'Channel',
		name: 'channelCode',
		method: 'getChannels',
		required: true,
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
