import type { IDataObject, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { codeDropdown, collection, showFor } from '../../shared/descriptions';
import { ENDPOINTS } from '../../shared/endpoints';
import type { PimItem } from '../../shared/item';
import { optionalString, requiredString } from '../../shared/params';
import type { FormField } from '../../shared/serializer';
import type { PimClient } from '../../shared/transport';
import { assignedChannel, channelField, postsFields } from './descriptions/assign';
import { findCategory } from './account/categories';

/**
 * The form of one item; version 2 also takes the channel's name and the category's title or
 * title path, found in that channel's tree.
 */
async function fields(item: PimItem, pim: PimClient): Promise<FormField[]> {
	// Every parameter is checked before a list is read.
	const sku = requiredString(item, 'sku', 'SKU');
	const given = requiredString(item, 'categoryCode', 'Category');
	const { channel, lists } = await assignedChannel(item, pim, ['category']);
	// 'fail': a value that names no category throws, naming the closest ones.
	const code = lists
		? (findCategory(
				lists.categories ?? [],
				lists.channels ?? [],
				given,
				channel,
				[],
				'Category',
				'fail',
			)?.code ?? given)
		: given;
	const fields: FormField[] = [
		['sku', sku],
		['code', code],
		['channel', channel],
	];
	const sortOrder = optionalString(item.param<IDataObject>('additionalFields', {}).sortOrder);
	if (sortOrder !== undefined) fields.push(['sort_order', sortOrder]);
	return fields;
}

export const option: INodePropertyOptions = {
	name: 'Assign to Category',
	value: 'assignCategory',
	action: 'Assign a product to a category',
	description: 'Put a product into a category of a channel',
	routing: postsFields(ENDPOINTS.productAssignCategory, fields),
};

const show = showFor('product', ['assignCategory']);

/** SKU is shared: skuField in shared/registry.ts. */
export const description: INodeProperties[] = [
	channelField('assignCategory', 'Channel the category belongs to.'),
	codeDropdown({
		displayName: 'Category',
		name: 'categoryCode',
		method: 'getCategories',
		required: true,
		description: 'Category of that channel (each is listed with its channel).',
		alsoTakes: "the category's title or title path in that channel's tree",
		displayOptions: show,
	}),
	collection('Additional Fields', 'additionalFields', {
		placeholder: 'Add Field',
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
	}),
];

export const usesSku = true;
