import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { collection, fixedCollection } from '../../../shared/descriptions';
import { optionalString } from '../../../shared/params';
import { fold } from '../../../shared/records';

/**
 * Version 2's Import Options (`importOptions`): how a product write reads another system's
 * export. The contract's names are fixed (node-contract.md, "Exports of other systems").
 */

export interface ImportOptions {
	/** A category value as the account names it: the Category Map's `to` for its `from`. */
	category: (value: string) => string;
	/** A family value as the account names it: the Family Map's `to` for its `from`. */
	family: (value: string) => string;
	/** A channel value (Channels, a column's channel suffix) as the account names it: the Channel Map's. */
	channel: (value: string) => string;
	/** A language value (Language, Language Column's cell) as the account names it: the Language Map's. */
	language: (value: string) => string;
	/** What a category the account does not have does to the write. */
	unknownCategories: 'fail' | 'skip';
	/** Added to a price attribute's bare amount. */
	currency?: string;
	/** A relative image path is joined to it. */
	imageBaseUrl?: string;
	/** `<attribute>-<locale>` columns of other languages are written too, one write each. */
	allLanguages: boolean;
	/** This row's product group (Group By's value), when rows are grouped. */
	groupBy?: string;
}

/** The options as read for a row (`saved`: its value of the parameter); maps are built once per value. */
export function importOptions(saved: IDataObject): ImportOptions {
	// A literal, not a spread followed by more fields: made per row (withFields, records.ts, says why).
	const { category, family, channel, language } = mapsOf(saved);
	return {
		category,
		family,
		channel,
		language,
		unknownCategories: saved.unknownCategories === 'skip' ? 'skip' : 'fail',
		currency: optionalString(saved.currency)?.toUpperCase(),
		imageBaseUrl: optionalString(saved.imageBaseUrl),
		allLanguages: saved.allLanguages === true,
		groupBy: optionalString(saved.groupBy),
	};
}

type MapName = 'categoryMap' | 'familyMap' | 'channelMap' | 'languageMap';
type Maps = Pick<ImportOptions, 'category' | 'family' | 'channel' | 'language'>;

const built = new WeakMap<IDataObject, Maps>();

/**
 * The maps of Import Options as functions: a value equal to a `from` (trimmed, any case) is its
 * `to`; any other value as it is. A parameter without expressions is one frozen object for the
 * whole run (PimItem.param, item.ts): its maps are built once.
 */
function mapsOf(saved: IDataObject): Maps {
	let maps = built.get(saved);
	if (maps) return maps;
	const mapOf = (name: MapName) => {
		const lines = (saved[name] as IDataObject | undefined)?.mapping;
		const pairs = new Map<string, string>();
		for (const line of (Array.isArray(lines) ? lines : lines ? [lines] : []) as IDataObject[]) {
			const from = optionalString(line.from);
			const to = optionalString(line.to);
			// The first line for a value wins, as the editor lists them.
			if (from && to && !pairs.has(fold(from))) pairs.set(fold(from), to);
		}
		return pairs.size
			? (value: string) => pairs.get(fold(value)) ?? value
			: (value: string) => value;
	};
	maps = {
		category: mapOf('categoryMap'),
		family: mapOf('familyMap'),
		channel: mapOf('channelMap'),
		language: mapOf('languageMap'),
	};
	if (Object.isFrozen(saved)) built.set(saved, maps);
	return maps;
}

/** A map of Import Options in the editor: lines of From → To. */
function mapField(
	displayName: string,
	name: MapName,
	description: string,
	from: { placeholder: string; description: string },
	to: { placeholder: string; description: string },
): INodeProperties {
	return fixedCollection(displayName, name, 'Add Mapping', {
		description,
		options: [
			{
				displayName: 'Mapping',
				name: 'mapping',
				values: [
					{ displayName: 'From', name: 'from', type: 'string', default: '', ...from },
					{ displayName: 'To', name: 'to', type: 'string', default: '', ...to },
				],
			},
		],
	});
}

/** The Import Options collection of Create, Update and Create or Update (version 2). */
export const importOptionsField = collection('Import Options', 'importOptions', {
	description: "How to read another system's export: its categories, its columns",
	options: [
		{
			displayName: 'All Languages',
			name: 'allLanguages',
			type: 'boolean',
			default: false,
			description:
				"Whether columns of other languages such as name-de_DE (attribute and locale, as Akeneo exports them) are written too: one write per language, the Language parameter's first",
		},
		mapField(
			'Category Map',
			'categoryMap',
			"The shop's categories as the account's: a category value equal to From (any case) is read as To",
			{
				placeholder: 'e.g. Clothing > Tshirts',
				description: 'A category value as the input has it',
			},
			{
				placeholder: 'e.g. Shirts > T-Shirts',
				description: "The account's category: a code, a title or a title path",
			},
		),
		mapField(
			'Channel Map',
			'channelMap',
			"The other system's channels as the account's: a channel value equal to From (any case), in Channels or in a column's channel suffix (description-en_US-mobile), is read as To",
			{ placeholder: 'e.g. mobile', description: 'A channel as the input names it' },
			{ placeholder: 'e.g. ecommerce', description: "The account's channel: its code or name" },
		),
		{
			displayName: 'Currency',
			name: 'currency',
			type: 'string',
			default: '',
			placeholder: 'e.g. USD',
			description:
				"A currency code added to a price attribute's bare amount: 19.99 is sent as 19.99 USD. Amounts that carry a currency keep it.",
		},
		mapField(
			'Family Map',
			'familyMap',
			"The other system's families as the account's: a family value equal to From (any case) is read as To",
			{ placeholder: 'e.g. tshirts', description: 'A family as the input names it' },
			{ placeholder: 'e.g. clothing', description: "The account's family: its code or title" },
		),
		{
			displayName: 'Group By',
			name: 'groupBy',
			type: 'string',
			default: '',
			placeholder: 'e.g. {{ $json.Handle }}',
			description:
				"Rows with the same value are one product group, as Shopify's Handle: empty cells take the group's first value, every row with its own SKU is a product with every image of the group, rows without a SKU only add their images",
		},
		{
			displayName: 'Image Base URL',
			name: 'imageBaseUrl',
			type: 'string',
			default: '',
			placeholder: 'e.g. https://media.example.com/',
			description:
				'A relative image path (files/bag.jpg, as Akeneo exports media) is joined to it. Without it, a relative path is an error.',
		},
		mapField(
			'Language Map',
			'languageMap',
			"The other system's languages as the account's: a language value equal to From (any case), in Language or Import File's Language Column, is read as To",
			{
				placeholder: 'e.g. default',
				description: "A language as the input names it (Magento's store view code)",
			},
			{ placeholder: 'e.g. en_US', description: "The account's language: its locale code" },
		),
		{
			displayName: 'Unknown Categories',
			name: 'unknownCategories',
			type: 'options',
			options: [
				{
					name: 'Fail the Item',
					value: 'fail',
					description: 'The item is an error naming the category and the closest ones',
				},
				{
					name: 'Skip the Category',
					value: 'skip',
					description:
						'The product is written without it; its output item lists it under skippedCategories',
				},
			],
			default: 'fail',
			description: 'What to do with a category value that is no category of the account',
		},
	],
});
