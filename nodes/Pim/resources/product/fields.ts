import type { IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties } from 'n8n-workflow';

import { codeDropdown, showFor } from '../../shared/descriptions';
import { productBody } from '../../shared/params';
import { productFields, serializeForm } from '../../shared/serializer';

/** Product fields shared by create, update and upsert (names fixed by the contract). */

export function skuField(operations: string[], description = 'Stock keeping unit of the product'): INodeProperties {
	return {
		displayName: 'SKU',
		name: 'sku',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. TSHIRT-001',
		description,
		displayOptions: showFor('product', operations),
	};
}

export function familyField(operations: string[]): INodeProperties {
	return codeDropdown({
		displayName: 'Family Name or ID',
		name: 'familyCode',
		method: 'getFamilies',
		required: true,
		description:
			'Family (attribute set) that fixes the product\'s attributes. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
		displayOptions: showFor('product', operations),
	});
}

export function languageField(operations: string[]): INodeProperties {
	return codeDropdown({
		displayName: 'Language Name or ID',
		name: 'languageCode',
		method: 'getLocales',
		required: true,
		description:
			'Content language of the values, e.g. en_US. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
		displayOptions: showFor('product', operations),
	});
}

export function contentFields(operations: string[], mode: 'create' | 'update'): INodeProperties[] {
	const show = showFor('product', operations);
	return [
		{
			displayName: 'Channels',
			name: 'channels',
			type: 'fixedCollection',
			typeOptions: { multipleValues: true },
			placeholder: 'Add Channel',
			default: {},
			required: mode === 'create',
			description:
				mode === 'create'
					? 'Channels to publish the product to (at least one)'
					: 'Channels to assign; with Overwrite Data on, they replace the current ones',
			displayOptions: show,
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
		},
		{
			displayName: 'Categories',
			name: 'categories',
			type: 'fixedCollection',
			typeOptions: { multipleValues: true },
			placeholder: 'Add Category',
			default: {},
			displayOptions: show,
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
			displayOptions: show,
			options: [
				{
					displayName: 'Attribute',
					name: 'attribute',
					values: [
						{
							displayName: 'Attribute Name or ID',
							name: 'code',
							type: 'options',
							typeOptions: { loadOptionsMethod: 'getAttributes', loadOptionsDependsOn: ['channels'] },
							default: '',
							description:
								'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
						},
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
			displayOptions: show,
			options: [
				{
					displayName: 'Attribute',
					name: 'attribute',
					values: [
						{
							displayName: 'Attribute Name or ID',
							name: 'code',
							type: 'options',
							typeOptions: { loadOptionsMethod: 'getAttributes', loadOptionsDependsOn: ['channels'] },
							default: '',
							description:
								'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
						},
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
			displayOptions: show,
		},
	];
}

/** preSend: builds the product form body from the parameters (checked first). */
export function productBodyPreSend(mode: 'create' | 'update') {
	return async function (this: IExecuteSingleFunctions, options: IHttpRequestOptions) {
		options.body = serializeForm(productFields(productBody(this, mode)));
		return options;
	};
}
