import type { INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import * as listSearch from './methods/listSearch';
import * as loadOptions from './methods/loadOptions';
import { attributeDescription } from './resources/attribute';
import { categoryDescription } from './resources/category';
import { channelDescription } from './resources/channel';
import { currencyDescription } from './resources/currency';
import { familyDescription } from './resources/family';
import { localeDescription } from './resources/locale';
import { productDescription } from './resources/product';
import { relationDescription } from './resources/relation';
import { requestOptions } from './shared/descriptions';

/**
 * The PIM node. Declarative: each operation's `routing` says what to send; the operation
 * runners in shared/operations.ts send it (bounded, retried, checked) and shape the items.
 */
export class Pim implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'PIM',
		name: 'pim',
		icon: { light: 'file:pim.svg', dark: 'file:pim.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: '={{ $parameter["operation"] + ": " + $parameter["resource"] }}',
		description: 'Read and write products, categories, families, channels and attributes of a PIM',
		defaults: { name: 'PIM' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'pimApi', required: true }],
		requestDefaults: {
			baseURL: '={{ $credentials.baseUrl }}',
			headers: { Accept: 'application/json' },
		},
		properties: [
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: [
					{ name: 'Attribute', value: 'attribute' },
					{ name: 'Category', value: 'category' },
					{ name: 'Channel', value: 'channel' },
					{ name: 'Currency', value: 'currency' },
					{ name: 'Family', value: 'family' },
					{ name: 'Locale', value: 'locale' },
					{ name: 'Product', value: 'product' },
					{ name: 'Relation', value: 'relation' },
				],
				default: 'product',
			},
			...productDescription,
			...categoryDescription,
			...familyDescription,
			...channelDescription,
			...attributeDescription,
			...localeDescription,
			...currencyDescription,
			...relationDescription,
			requestOptions,
		],
	};

	methods = {
		loadOptions: { ...loadOptions },
		listSearch: { ...listSearch },
	};
}
