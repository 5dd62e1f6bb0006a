import type { INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import * as listSearch from './methods/listSearch';
import * as loadOptions from './methods/loadOptions';
import * as resourceMapping from './methods/resourceMapping';
import { attribute } from './resources/attribute';
import { category } from './resources/category';
import { channel } from './resources/channel';
import { currency } from './resources/currency';
import { family } from './resources/family';
import { locale } from './resources/locale';
import { product } from './resources/product';
import { relation } from './resources/relation';
import { NODE_VERSIONS, requestOptions } from './shared/descriptions';
import { REQUEST_HEADERS } from './shared/policy';
import { resourcePicker, skuField, subtitleOf } from './shared/registry';

/** The resources; each lists its operations in its folder's index.ts. */
const resources = [product, category, family, channel, attribute, locale, currency, relation];

/**
 * The PIM node. Declarative: each operation's `routing` says what to send, and the node's own
 * transport sends it (see sendThroughTransport in shared/runners.ts).
 *
 * Version 2 takes product attribute values through the `columns` resource mapper instead of
 * version 1's Attributes / Multi-Select Attributes collections; every other parameter is the same
 * in both. Version 2.1 (new nodes) is version 2 whose mapper starts in Map Automatically.
 */
export class Pim implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'PIM',
		name: 'pim',
		icon: { light: 'file:pim.svg', dark: 'file:pim.dark.svg' },
		group: ['transform'],
		version: NODE_VERSIONS,
		defaultVersion: NODE_VERSIONS[NODE_VERSIONS.length - 1],
		// "Create or Update: Product" instead of internal values (test/node/subtitle.test.ts).
		subtitle: subtitleOf(resources),
		description:
			'Create, update and read products, categories, families, channels and attributes of a PIM',
		defaults: { name: 'PIM' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'pimApi', required: true }],
		// No baseURL: the transport takes it from the checked credential, and an expression here
		// would be evaluated for every input item and never used (bench/analysis.md, scenario 2).
		requestDefaults: { headers: { ...REQUEST_HEADERS } },
		properties: [
			resourcePicker(resources),
			// Every Operation picker first, then the fields: a field that two resources share
			// (skuField) is defined once and still shows below the picker in both.
			...resources.flatMap((r) => r.pickers),
			skuField(resources),
			...resources.flatMap((r) => r.fields),
			requestOptions,
		],
	};

	methods = {
		loadOptions: { ...loadOptions },
		listSearch: { ...listSearch },
		resourceMapping: { ...resourceMapping },
	};
}
