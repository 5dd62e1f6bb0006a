import type { INodeExecutionData, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { codeDropdown, collection, FROM_VERSION_2, showFor } from '../../shared/descriptions';
import type { PimItem } from '../../shared/item';
import { MAX_PAGE_SIZE } from '../../shared/pagination';
import { sendsItsOwnRequests } from '../../shared/runners';
import { exportOne } from './fileExport/exportRun';
import type { FeedName } from './fileExport/feeds/channel';
import { FORMATS } from './fileExport/formats';

/**
 * Product → Export File (version 2): the account's products written as ONE file (CSV, TSV, XLSX,
 * or a channel's feed as CSV, TSV or XML) in the output item's binary data, streamed
 * (fileExport/exportRun.ts: the read and the writer; exportColumns.ts: the plan; cells.ts: the
 * columns and their cells; feeds/: the channels' tables and rules; formats.ts: the formats).
 */

/** Input items export one after another: one file in hand at a time. */
async function exportFile(item: PimItem): Promise<INodeExecutionData[]> {
	return [await item.run.inTurn('exportFile', () => exportOne(item))];
}

export const option: INodePropertyOptions = {
	name: 'Export File',
	value: 'exportFile',
	// n8n's node creator lists and searches operations by this text (not their description).
	action: 'Export products to a file or a channel feed',
	description:
		"Write the account's products, or those filtered or changed since a date, into one CSV, TSV or XLSX file, or a Google Merchant Center, Meta or Shopify feed",
	routing: sendsItsOwnRequests(exportFile),
};

const show = showFor('product', ['exportFile'], FROM_VERSION_2);

/**
 * File Format for a feed (or none): the formats it takes (the channel's table, formats.ts), the
 * first the default. Written out per feed, as n8n's lint reads a default against its options.
 */
const withFormats = (feed: 'none' | FeedName) => ({
	displayOptions: { show: { ...show.show, feed: [feed] } },
});

/** Shown only with a feed. */
const withFeed = { hide: { '/feed': ['none'] } };

/** Export File's own fields; Filters is Get Many's (getAll.ts). */
export const description: INodeProperties[] = [
	{
		displayName: 'Feed',
		name: 'feed',
		type: 'options',
		options: [
			{ name: 'None', value: 'none', description: "The PIM's own columns, as records show them" },
			{
				name: 'Google Merchant Center',
				value: 'googleMerchantCenter',
				description: "Google's product data: TSV or XML, its rules checked per product",
			},
			{
				name: 'Meta',
				value: 'meta',
				description: "Meta's (Facebook, Instagram) catalogue: CSV, TSV or XML, its rules checked",
			},
			{
				name: 'Shopify',
				value: 'shopify',
				description: "Shopify's product CSV, as its import takes it",
			},
		],
		default: 'none',
		description:
			"A channel's file: its columns filled from the account by meaning, its values in the channel's form, and every product checked against its rules (docs/feeds.md)",
		displayOptions: show,
	},
	{
		displayName: 'File Format',
		name: 'fileFormat',
		type: 'options',
		options: [FORMATS.csv.option, FORMATS.tsv.option, FORMATS.xlsx.option],
		default: 'csv',
		...withFormats('none'),
	},
	{
		displayName: 'File Format',
		name: 'fileFormat',
		type: 'options',
		options: [FORMATS.tsv.option, FORMATS.xml.option],
		default: 'tsv',
		...withFormats('googleMerchantCenter'),
	},
	{
		displayName: 'File Format',
		name: 'fileFormat',
		type: 'options',
		options: [FORMATS.csv.option, FORMATS.tsv.option, FORMATS.xml.option],
		default: 'csv',
		...withFormats('meta'),
	},
	{
		displayName: 'File Format',
		name: 'fileFormat',
		type: 'options',
		options: [FORMATS.csv.option],
		default: 'csv',
		...withFormats('shopify'),
	},
	{
		displayName: 'Put Output File in Field',
		name: 'binaryPropertyName',
		type: 'string',
		default: 'data',
		required: true,
		placeholder: 'e.g. data',
		hint: 'The name of the output binary field to put the file in',
		displayOptions: show,
	},
	{
		displayName: 'File Name',
		name: 'fileName',
		type: 'string',
		default: '',
		placeholder: 'e.g. products.csv',
		description: "The file's name; empty gives products.csv, products.tsv or products.xlsx",
		displayOptions: show,
	},
	collection('Export Options', 'exportOptions', {
		displayOptions: show,
		options: [
			{
				displayName: 'Columns',
				name: 'columns',
				type: 'fixedCollection',
				typeOptions: { multipleValues: true, sortable: true },
				placeholder: 'Add Column',
				default: {},
				description:
					"The file's columns in this order, each a header and what it holds. Without any: sku, family, categories, image, then every attribute of the account, headed by its code; in a feed, the channel's columns, filled from the account by meaning (a column named as one of them replaces it).",
				options: [
					{
						displayName: 'Column',
						name: 'column',
						values: [
							{
								displayName: 'Header',
								name: 'header',
								type: 'string',
								default: '',
								placeholder: 'e.g. title',
								description: "The column's header in the file; empty: the source's name",
							},
							{
								...codeDropdown({
									displayName: 'Source',
									name: 'source',
									method: 'getExportSources',
									description:
										'What the column holds: sku, family, categories, image, or an attribute (its code).',
								}),
								allowArbitraryValues: true,
							},
							{
								displayName: 'Value',
								name: 'value',
								type: 'string',
								default: '',
								placeholder: 'e.g. https://shop.example.com/products/{slug}',
								description:
									"Instead of the Source: a constant (new), or a template of the product's fields in single braces ({slug}, {name} {size}). A field the product lacks gives an empty cell.",
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
					'The currency every price of the feed must be in (a product priced in another is invalid). Empty: the first price’s.',
				displayOptions: withFeed,
			},
			{
				displayName: 'Invalid Products',
				name: 'invalidProducts',
				type: 'options',
				options: [
					{
						name: 'Skip',
						value: 'skip',
						description: 'Leave a product that breaks a rule of the channel out of the file',
					},
					{
						name: 'Keep',
						value: 'keep',
						description: 'Write it as it is; it is named in the summary all the same',
					},
				],
				default: 'skip',
				description: 'What to do with a product the channel would refuse',
				displayOptions: withFeed,
			},
			{
				displayName: 'Page Size',
				name: 'pageSize',
				type: 'number',
				typeOptions: { minValue: 1, maxValue: MAX_PAGE_SIZE },
				default: MAX_PAGE_SIZE,
				description: 'How many products to ask for per request. Lower it if the PIM times out.',
			},
			{
				displayName: 'Updated Since',
				name: 'updatedSince',
				type: 'string',
				default: '',
				placeholder: "e.g. {{ $now.minus(1, 'day') }}",
				description:
					"Only products changed after this date-time (YYYY-MM-DD HH:MM:SS in the PIM's time, or ISO 8601): a nightly delta feed. When the PIM lists products last-updated first, the read stops at the first older page.",
			},
			{
				displayName: 'Value Map',
				name: 'valueMap',
				type: 'fixedCollection',
				typeOptions: { multipleValues: true, sortable: true },
				placeholder: 'Add Mapping',
				default: {},
				description:
					"A cell of a column equal to From (trimmed, in any case) is written as To: the PIM's words as the channel's (Yes → in_stock)",
				options: [
					{
						displayName: 'Mapping',
						name: 'mapping',
						values: [
							{
								displayName: 'Column',
								name: 'column',
								type: 'string',
								default: '',
								placeholder: 'e.g. availability',
								description: "The column's header in the file",
							},
							{
								displayName: 'From',
								name: 'from',
								type: 'string',
								default: '',
								placeholder: 'e.g. Yes',
							},
							{
								displayName: 'To',
								name: 'to',
								type: 'string',
								default: '',
								placeholder: 'e.g. in_stock',
							},
						],
					},
				],
			},
		],
	}),
];

export const fromVersion = 2;
