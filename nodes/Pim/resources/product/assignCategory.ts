import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import { codeDropdown, showFor } from '../../shared/descriptions';
import { ENDPOINTS } from '../../shared/endpoints';
import { sendThroughTransport, writeOperation } from '../../shared/operations';
import { optionalString, requiredString } from '../../shared/params';
import { serializeForm, type FormField } from '../../shared/serializer';

async function body(this: IExecuteSingleFunctions, options: IHttpRequestOptions) {
	const fields: FormField[] = [
		['sku', requiredString(this, 'sku', 'SKU')],
		['code', requiredString(this, 'categoryCode', 'Category')],
		['channel', requiredString(this, 'channelCode', 'Channel')],
	];
	const sortOrder = optionalString(
		(this.getNodeParameter('additionalFields', {}) as IDataObject).sortOrder,
	);
	if (sortOrder !== undefined) fields.push(['sort_order', sortOrder]);
	options.body = serializeForm(fields);
	return options;
}

export const option: INodePropertyOptions = {
	name: 'Assign to Category',
	value: 'assignCategory',
	action: 'Assign a product to a category',
	description: 'Put a product into a category of a channel',
	routing: sendThroughTransport(
		{ method: 'POST', url: ENDPOINTS.productAssignCategory },
		writeOperation(),
		[body],
	),
};

const show = showFor('product', ['assignCategory']);

/** SKU is shared: skuField in shared/descriptions.ts. */
export const description: INodeProperties[] = [
	codeDropdown({
		displayName: 'Channel',
		name: 'channelCode',
		method: 'getChannels',
		required: true,
		description: 'Channel the category belongs to.',
		displayOptions: show,
	}),
	codeDropdown({
		displayName: 'Category',
		name: 'categoryCode',
		method: 'getCategories',
		required: true,
		description: 'Category of that channel (each is listed with its channel).',
		displayOptions: show,
	}),
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: show,
		options: [
			{
				displayName: 'Sort Order',
				name: 'sortOrder',
				type: 'number',
				default: 0,
				description: 'Position of the product within the category',
			},
		],
	},
];
