import type { IExecutePaginationFunctions, INodeProperties } from 'n8n-workflow';

import { codeDropdown, showFor } from '../../shared/descriptions';
import { productBody } from '../../shared/params';
import { productFields, serializeForm } from '../../shared/serializer';

/**
 * Fields that several product operations share (names fixed by the contract), each defined ONCE
 * with every operation that shows it. n8n's RoutingNode evaluates a parameter's expressions once
 * per property definition with that name, whatever its displayOptions: with one definition per
 * operation, an Update evaluated `sku` 8 times per item (bench/RESULTS.md, scenario 2).
 * SKU, which relation.getProductRelation shares, is `skuField` in shared/descriptions.ts.
 */

/** Operations that send a product body. */
const BODY_OPERATIONS = ['create', 'update', 'upsert'];
/** Operations that may create a product: Family and a channel are required. */
const NEW_PRODUCT_OPERATIONS = ['create', 'upsert'];

const familyCode = codeDropdown({
	displayName: 'Family Name or ID',
	name: 'familyCode',
	method: 'getFamilies',
	required: true,
	description:
		'Family (attribute set) that fixes the product\'s attributes. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
	displayOptions: showFor('product', NEW_PRODUCT_OPERATIONS),
});

const languageCode = codeDropdown({
	displayName: 'Language Name or ID',
	name: 'languageCode',
	method: 'getLocales',
	required: true,
	description:
		'Content language of the values, e.g. en_US. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
	displayOptions: showFor('product', BODY_OPERATIONS),
});

/** The attribute of an Attributes or Multi-Select Attributes entry (channel-scoped once chosen). */
const attributeCode = codeDropdown({
	displayName: 'Attribute Name or ID',
	name: 'code',
	method: 'getAttributes',
	dependsOn: ['channels'],
	description:
		'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
});

/** Channels differ (required or not) between creating and updating: two definitions. */
function channels(operations: string[], required: boolean): INodeProperties {
	return {
		displayName: 'Channels',
		name: 'channels',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Channel',
		default: {},
		required,
		description: required
			? 'Channels to publish the product to (at least one)'
			: 'Channels to assign; with Overwrite Data on, they replace the current ones',
		displayOptions: showFor('product', operations),
		options: [
			{
				displayName: 'Channel',
				name: 'channel',
				values: [
					{
						displayName: 'Channel Name or ID',
						name: 'code',
						type: 'options',
						typeOptions: { loadOptionsMethod: 'getChannels' },
						default: '',
						description:
							'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
					},
					{
						displayName: 'Active',
						name: 'status',
						type: 'boolean',
						default: false,
						description: 'Whether the product is active in this channel (the PIM treats it as inactive otherwise)',
					},
					{
						displayName: 'Completeness Status',
						name: 'completenessStatus',
						type: 'string',
						default: '',
						description: 'Sync status of the product in this channel, sent as given',
					},
				],
			},
		],
	};
}

const content: INodeProperties[] = [
	{
		displayName: 'Categories',
		name: 'categories',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Category',
		default: {},
		displayOptions: showFor('product', BODY_OPERATIONS),
		options: [
			{
				displayName: 'Category',
				name: 'category',
				values: [
					{
						displayName: 'Category Name or ID',
						name: 'code',
						type: 'options',
						typeOptions: { loadOptionsMethod: 'getCategories' },
						default: '',
						description:
							'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
					},
					{
						displayName: 'Channel Name or ID',
						name: 'channel',
						type: 'options',
						typeOptions: { loadOptionsMethod: 'getChannels' },
						default: '',
						description:
							'Channel of the category, needed when the product is in several channels. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
					},
				],
			},
		],
	},
	{
		displayName: 'Attributes',
		name: 'attributes',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Attribute',
		default: {},
		description: 'Attribute values, e.g. name, price ("19.99 USD") or weight ("1.5 kg")',
		displayOptions: showFor('product', BODY_OPERATIONS),
		options: [
			{
				displayName: 'Attribute',
				name: 'attribute',
				values: [
					attributeCode,
					{
						displayName: 'Value',
						name: 'value',
						type: 'string',
						default: '',
					},
				],
			},
		],
	},
	{
		displayName: 'Multi-Select Attributes',
		name: 'multiSelectAttributes',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Multi-Select Attribute',
		default: {},
		description: 'Values of multi-select attributes such as colour',
		displayOptions: showFor('product', BODY_OPERATIONS),
		options: [
			{
				displayName: 'Attribute',
				name: 'attribute',
				values: [
					attributeCode,
					{
						displayName: 'Values',
						name: 'values',
						type: 'string',
						default: '',
						placeholder: 'e.g. red, blue',
						description: 'Comma-separated values, or a list from an expression',
					},
				],
			},
		],
	},
	{
		displayName: 'Images',
		name: 'images',
		type: 'string',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Image URL',
		default: [],
		description: 'Image URLs; one comma-separated string from an expression also works',
		displayOptions: showFor('product', BODY_OPERATIONS),
	},
];

/** In the order the editor shows them; each operation's own fields follow (see index.ts). */
export const sharedProductFields: INodeProperties[] = [
	familyCode,
	languageCode,
	channels(NEW_PRODUCT_OPERATIONS, true),
	channels(['update'], false),
	...content,
];

/**
 * The product form body from the parameters (checked first), built in the request's turn rather
 * than in a preSend: see PimRequest.body in shared/transport.ts.
 */
export function productForm(mode: 'create' | 'update') {
	return (ctx: IExecutePaginationFunctions) => serializeForm(productFields(productBody(ctx, mode)));
}
