import type { IDataObject, INodeProperties } from 'n8n-workflow';

import type { PimItem } from '../../shared/item';
import { optionalString } from '../../shared/params';

/**
 * Version 2's Import Options (`importOptions`): how a product write reads another system's
 * export. The contract's names are fixed (node-contract.md, "Exports of other systems").
 */

export interface ImportOptions {
	/** A category value as the account names it: the Category Map's `to` for its `from`. */
	category: (value: string) => string;
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

/** The options as read for this item; the map is built once per saved value. */
export function importOptions(item: PimItem): ImportOptions {
	const saved = item.param<IDataObject>('importOptions', {});
	return {
		category: categoryMapOf(saved),
		unknownCategories: saved.unknownCategories === 'skip' ? 'skip' : 'fail',
		currency: optionalString(saved.currency)?.toUpperCase(),
		imageBaseUrl: optionalString(saved.imageBaseUrl),
		allLanguages: saved.allLanguages === true,
		groupBy: optionalString(saved.groupBy),
	};
}

const maps = new WeakMap<IDataObject, (value: string) => string>();

/**
 * The Category Map as a function: a value equal to a `from` (trimmed, any case) is its `to`.
 * A parameter without expressions is one frozen object for the whole run (PimItem.param, item.ts): its map is
 * built once.
 */
function categoryMapOf(saved: IDataObject): (value: string) => string {
	let map = maps.get(saved);
	if (!map) {
		const lines = (saved.categoryMap as IDataObject | undefined)?.mapping;
		const pairs = new Map<string, string>();
		for (const line of (Array.isArray(lines) ? lines : lines ? [lines] : []) as IDataObject[]) {
			const from = optionalString(line.from);
			const to = optionalString(line.to);
			// The first line for a value wins, as the editor lists them.
			if (from && to && !pairs.has(from.toLowerCase())) pairs.set(from.toLowerCase(), to);
		}
		map = (value) => pairs.get(value.trim().toLowerCase()) ?? value;
		if (Object.isFrozen(saved)) maps.set(saved, map);
	}
	return map;
}

/** The Import Options collection of Create, Update and Create or Update (version 2). */
export const importOptionsField: INodeProperties = {
	displayName: 'Import Options',
	name: 'importOptions',
	type: 'collection',
	placeholder: 'Add Option',
	default: {},
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
		{
			displayName: 'Category Map',
			name: 'categoryMap',
			type: 'fixedCollection',
			typeOptions: { multipleValues: true },
			placeholder: 'Add Category',
			default: {},
			description:
				"The shop's categories as the account's: a category value equal to From (any case) is read as To",
			options: [
				{
					displayName: 'Category',
					name: 'mapping',
					values: [
						{
							displayName: 'From',
							name: 'from',
							type: 'string',
							default: '',
							placeholder: 'e.g. Clothing > Tshirts',
							description: 'A category value as the input has it',
						},
						{
							displayName: 'To',
							name: 'to',
							type: 'string',
							default: '',
							placeholder: 'e.g. Shirts > T-Shirts',
							description: "The account's category: a code, a title or a title path",
						},
					],
				},
			],
		},
		{
			displayName: 'Currency',
			name: 'currency',
			type: 'string',
			default: '',
			placeholder: 'e.g. USD',
			description:
				"A currency code added to a price attribute's bare amount: 19.99 is sent as 19.99 USD. Amounts that carry a currency keep it.",
		},
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
};
