import type { INodeProperties } from 'n8n-workflow';

import {
	codeDropdown,
	collection,
	fixedCollection,
	FROM_VERSION_2,
	FROM_VERSION_2_1,
	showFor,
	VERSION_1,
	VERSION_2,
	type VersionCondition,
} from '../../../shared/descriptions';
import type { OperationModule } from '../../../shared/registry';
import { importOptionsField } from './imports';
import { COLUMNS_LABEL } from '../engine/mapping';

/**
 * Fields that several product operations share (names fixed by the contract), each defined ONCE
 * with every operation that shows it (Family twice: see familyFallback; the mapper once per
 * default: columnsAutoMapped). n8n's RoutingNode evaluates a parameter's expressions once per
 * property definition with that name, whatever its displayOptions: with one definition per
 * operation, an Update evaluated `sku` 8 times per item (bench/RESULTS.md, scenario 2).
 * SKU, which relation.getProductRelation shares, is `skuField` in shared/registry.ts.
 */

/** Family's dropdown: version 2 also takes a title (references.ts resolves it). */
export const FAMILY = {
	displayName: 'Family',
	name: 'familyCode',
	method: 'getFamilies',
	alsoTakes: "the family's title, as product records show it",
};

/**
 * A product operation that sends a product body says so: `mayCreate` (Family and a channel are
 * required) or `changes` (an update of an existing product). The fields below show for it.
 */
export interface ProductOperation extends OperationModule {
	writesProduct?: 'mayCreate' | 'changes' | 'fromFile';
}

const familyCode = codeDropdown({
	...FAMILY,
	required: true,
	description: "Family (attribute set) that fixes the product's attributes.",
});

/**
 * Import File's Family when its Family Column is set: the family of the rows whose cell is empty,
 * so not required. n8n has no conditional `required`: this is a second definition of
 * `familyCode`, shown instead of the first exactly when Family Column is set (an expression
 * counts as set); n8n keeps the value of the definition shown.
 */
const familyFallback = codeDropdown({
	...FAMILY,
	required: false,
	description:
		'Family (attribute set) of the rows whose Family Column cell is empty; leave empty when every row names its family.',
});

/** Family Column set: a value, or an expression (see familyFallback). */
const FAMILY_COLUMN_SET = { familyColumn: [{ _cnd: { exists: true as const } }] };

const languageCode = codeDropdown({
	displayName: 'Language',
	name: 'languageCode',
	method: 'getLocales',
	required: true,
	description: 'Content language of the values, e.g. en_US.',
});

/**
 * The attribute of a version-1 Attributes or Multi-Select Attributes entry: every attribute of
 * the account. It depends on no other parameter: n8n's editor evaluates a dependency's
 * expression without input data and fails the dropdown (e.g. Channels = {{ $json.Channel }}),
 * and a channel's attribute list is no limit on what a product takes.
 */
const attributeCode = codeDropdown({
	displayName: 'Attribute',
	name: 'code',
	method: 'getAttributes',
});

/** Channels differ (required or not) between creating and updating: two definitions. */
function channels(required: boolean): INodeProperties {
	return fixedCollection('Channels', 'channels', 'Add Channel', {
		required,
		description: required
			? 'Channels to publish the product to (at least one)'
			: 'Channels to assign; with Overwrite Data on, they replace the current ones',
		options: [
			{
				displayName: 'Channel',
				name: 'channel',
				values: [
					codeDropdown({
						displayName: 'Channel',
						name: 'code',
						method: 'getChannels',
						alsoTakes: "the channel's name, and several channels as a list or separated by commas",
					}),
					{
						displayName: 'Active',
						name: 'status',
						type: 'boolean',
						default: false,
						description:
							'Whether the product is active in this channel (the PIM treats it as inactive otherwise)',
					},
					{
						displayName: 'Completeness Status',
						name: 'completenessStatus',
						type: 'string',
						default: '',
						placeholder: 'e.g. complete',
						description: "The product's sync status in this channel, sent as given",
						hint: 'Optional. Leave empty to keep the status the PIM has.',
					},
				],
			},
		],
	});
}

/** Attribute values in version 2: the account's attributes as a resource mapper (see mapping.ts). */
const columns: INodeProperties = {
	displayName: COLUMNS_LABEL,
	name: 'columns',
	type: 'resourceMapper',
	noDataExpression: true,
	default: { mappingMode: 'defineBelow', value: null },
	required: true,
	typeOptions: {
		resourceMapper: {
			resourceMapperMethod: 'getAttributeFields',
			mode: 'add',
			valuesLabel: 'Attribute Values',
			fieldWords: { singular: 'attribute', plural: 'attributes' },
			addAllFields: true,
			multiKeyMatch: false,
			supportAutoMap: true,
			noFieldsError: 'The account has no attributes.',
		},
	},
	description:
		'Map Automatically sends every input field named like an attribute (its code or title); Map Each Column Manually takes a value or an expression per attribute. Empty values are not sent.',
};

/**
 * Version 2.1's mapper: version 2's, starting in Map Automatically (the README's first steps).
 * A saved version-2 node keeps Map Each Column Manually as its default. n8n's RoutingNode reads
 * a parameter once per definition of its name, so a manual mapping's expressions are evaluated
 * twice per item before the first request; Map Automatically holds none.
 */
const columnsAutoMapped: INodeProperties = {
	...columns,
	default: { mappingMode: 'autoMapInputData', value: null },
};

/**
 * Version 2, above the mapper: n8n's own hint under Map Automatically asks for fields named as
 * the attributes; this says what else the mode reads. (A display condition on the mapper's mode
 * cannot be given: n8n resolves parameter dependencies by name, and `columns.mappingMode` is none.)
 */
const autoMapNotice: INodeProperties = {
	displayName:
		"Map Automatically also reads the columns of shop and PIM exports as the attribute they mean (Regular price, Variant Grams, Weight (lbs), OptionN Name/Value, name-de_DE, price-EUR, …): no Edit Fields node is needed for them. After a run, the first output item's notice says which columns were not written, and why.",
	name: 'autoMapNotice',
	type: 'notice',
	default: '',
};

/** Version 2, Map Automatically: what happens to input fields that are no attribute. */
const mappingOptions = collection('Mapping Options', 'mappingOptions', {
	options: [
		{
			displayName: 'Input Fields Without Attribute',
			name: 'unmatchedFields',
			type: 'options',
			options: [
				{ name: 'Error', value: 'error', description: 'Fail the item, naming the fields' },
				{
					name: 'Ignore',
					value: 'ignore',
					description: 'Send only the fields that match an attribute',
				},
			],
			default: 'ignore',
			description:
				'With Map Automatically: what to do with input fields that match no attribute of the account',
		},
		{
			displayName: 'Fields to Ignore',
			name: 'ignoreFields',
			type: 'string',
			default: '',
			placeholder: 'e.g. Channel, Family',
			description:
				'With Map Automatically: comma-separated input fields never sent as attributes, e.g. the ones other parameters read',
		},
	],
});

/** Categories of a product write: codes, titles or paths (resolved in references.ts). */
const categories = fixedCollection('Categories', 'categories', 'Add Category', {
	options: [
		{
			displayName: 'Category',
			name: 'category',
			values: [
				codeDropdown({
					displayName: 'Category',
					name: 'code',
					method: 'getCategories',
					alsoTakes:
						'a title or a title path (Clothing/Shirts, Clothing > Shirts), and several categories as a list or separated by commas; empty adds none',
				}),
				codeDropdown({
					displayName: 'Channel',
					name: 'channel',
					method: 'getChannels',
					description: 'Channel of the category, needed when the product is in several channels.',
					alsoTakes: "the channel's name",
				}),
			],
		},
	],
});

/** A version-1 collection of attribute entries: each an attribute and its value field. */
const attributeEntries = (
	collection: Pick<INodeProperties, 'displayName' | 'name' | 'placeholder' | 'description'>,
	value: INodeProperties,
): INodeProperties => ({
	...collection,
	type: 'fixedCollection',
	typeOptions: { multipleValues: true },
	default: {},
	options: [{ displayName: 'Attribute', name: 'attribute', values: [attributeCode, value] }],
});

/** Version 1's attribute values (version 2 takes them in the mapper). */
const attributes = attributeEntries(
	{
		displayName: 'Attributes',
		name: 'attributes',
		placeholder: 'Add Attribute',
		description: 'Attribute values, e.g. name, price ("19.99 USD") or weight ("1.5 kg")',
	},
	{ displayName: 'Value', name: 'value', type: 'string', default: '' },
);

/** Version 1's multi-select values. */
const multiSelectAttributes = attributeEntries(
	{
		displayName: 'Multi-Select Attributes',
		name: 'multiSelectAttributes',
		placeholder: 'Add Multi-Select Attribute',
		description: 'Values of multi-select attributes such as colour',
	},
	{
		displayName: 'Values',
		name: 'values',
		type: 'string',
		default: '',
		placeholder: 'e.g. red, blue',
		description: 'Comma-separated values, or a list from an expression',
	},
);

/** Image URLs of a product write. */
const images: INodeProperties = {
	displayName: 'Images',
	name: 'images',
	type: 'string',
	typeOptions: { multipleValues: true, multipleValueButtonText: 'Add Image URL' },
	placeholder: 'e.g. https://example.com/tee.jpg',
	default: [],
	description: 'Image URLs; one comma-separated string from an expression also works',
};

/**
 * The fields several product writes share, in the order the editor shows them (each operation's
 * own fields follow, see index.ts); which operations show each comes from their `writesProduct`.
 */
export function sharedProductFields(operations: ProductOperation[]): INodeProperties[] {
	const of = (...kinds: Array<ProductOperation['writesProduct']>) =>
		operations
			.filter((op) => kinds.includes(op.writesProduct))
			.map((op) => String(op.option.value));
	const writes = of('mayCreate', 'changes');
	const creates = of('mayCreate');
	// Import File: Family (the fallback of its Family Column), Language, Channels, Import Options.
	const fromFile = of('fromFile');
	const show = (prop: INodeProperties, ops: string[], versions?: VersionCondition) => ({
		...prop,
		displayOptions: showFor('product', ops, versions),
	});
	return [
		{
			...familyCode,
			displayOptions: { ...showFor('product', [...creates, ...fromFile]), hide: FAMILY_COLUMN_SET },
		},
		{
			...familyFallback,
			displayOptions: { show: { ...showFor('product', fromFile).show, ...FAMILY_COLUMN_SET } },
		},
		show(languageCode, [...writes, ...fromFile]),
		show(channels(true), [...creates, ...fromFile]),
		show(channels(false), of('changes')),
		show(categories, writes),
		show(attributes, writes, VERSION_1),
		show(multiSelectAttributes, writes, VERSION_1),
		show(images, writes),
		show(autoMapNotice, writes, FROM_VERSION_2),
		show(columns, writes, VERSION_2),
		show(columnsAutoMapped, writes, FROM_VERSION_2_1),
		show(mappingOptions, writes, FROM_VERSION_2),
		show(importOptionsField, [...writes, ...fromFile], FROM_VERSION_2),
	];
}
