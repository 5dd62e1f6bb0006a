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
import { requestOptions, skuField } from './shared/descriptions';

/** Each resource's properties: its Operation picker, then its fields. */
const resources = [
	productDescription,
	categoryDescription,
	familyDescription,
	channelDescription,
	attributeDescription,
	localeDescription,
	currencyDescription,
	relationDescription,
];

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
		// No baseURL here: every operation sends through shared/transport.ts, which takes the Base
		// URL from the checked credential. An expression here would be evaluated for every input
		// item before the first request and never used (bench/analysis.md, scenario 2).
		requestDefaults: {
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
			// Every Operation picker first, then the fields: a field that two resources share
			// (skuField) is defined once and still shows below the picker in both.
			...resources.map(([picker]) => picker),
			skuField,
			...resources.flatMap(([, ...fields]) => fields),
			requestOptions,
		],
	};

	methods = {
		loadOptions: { ...loadOptions },
		listSearch: { ...listSearch },
	};
}
