import type { INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import * as listSearch from './methods/listSearch';
import * as loadOptions from './methods/loadOptions';
import * as resourceMapping from './methods/resourceMapping';
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

/** Resource picker labels by value. */
const RESOURCE_NAMES: Record<string, string> = {
	attribute: 'Attribute',
	category: 'Category',
	channel: 'Channel',
	currency: 'Currency',
	family: 'Family',
	locale: 'Locale',
	product: 'Product',
	relation: 'Relation',
};

/**
 * The PIM node. Declarative: each operation's `routing` says what to send; the operation
 * runners in shared/operations.ts send it (bounded, retried, checked) and shape the items
 * (see sendThroughTransport there for how n8n is made to hand them the request).
 *
 * Version 2 (new nodes) takes product attribute values through the `columns` resource mapper
 * instead of version 1's Attributes / Multi-Select Attributes collections; every other parameter
 * is the same in both (`@version` display conditions, see shared/descriptions.ts).
 */
export class Pim implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'PIM',
		name: 'pim',
		icon: { light: 'file:pim.svg', dark: 'file:pim.dark.svg' },
		group: ['transform'],
		version: [1, 2],
		defaultVersion: 2,
		// "Create or Update: Product" instead of internal values; test/node/subtitle.test.ts checks
		// that it names every operation as its picker does.
		subtitle:
			'={{ ({ get: "Get", getAll: "Get Many", getBySku: "Get by SKU", create: "Create", upsert: "Create or Update", update: "Update", assignChannel: "Assign to Channel", assignCategory: "Assign to Category", getProducts: "Get Products", getAttributes: "Get Attributes", getProductRelation: "Get Product Relation" })[$parameter["operation"]] + ": " + $parameter["resource"].charAt(0).toUpperCase() + $parameter["resource"].slice(1) }}',
		description:
			'Create, update and read products, categories, families, channels and attributes of a PIM',
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
				options: Object.entries(RESOURCE_NAMES).map(([value, name]) => ({ name, value })),
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
		resourceMapping: { ...resourceMapping },
	};
}
