import type { INodeExecutionData, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { codeDropdown, collection, FROM_VERSION_2, showFor } from '../../shared/descriptions';
import type { PimItem } from '../../shared/item';
import { MAX_PAGE_SIZE } from '../../shared/pagination';
import { sendsItsOwnRequests } from '../../shared/runners';
import { exportOne } from './fileExport/exportRun';

/**
 * Product → Export File (version 2): the account's products written as ONE file (CSV, TSV or
 * XLSX) in the output item's binary data, streamed (fileExport/exportRun.ts: the read and the
 * writer; exportColumns.ts: the columns and their cells).
 */

/** Input items export one after another: one file in hand at a time. */
async function exportFile(item: PimItem): Promise<INodeExecutionData[]> {
	return [await item.run.inTurn('exportFile', () => exportOne(item))];
}

export const option: INodePropertyOptions = {
	name: 'Export File',
	value: 'exportFile',
	// n8n's node creator lists and searches operations by this text (not their description).
	action: 'Export products to a file (CSV, TSV or XLSX)',
	description:
		"Write the account's products, or those filtered or changed since a date, into one CSV, TSV or XLSX file",
	routing: sendsItsOwnRequests(exportFile),
};

const show = showFor('product', ['exportFile'], FROM_VERSION_2);

/** Export File's own fields; Filters is Get Many's (getAll.ts). */
export const description: INodeProperties[] = [
	{
		displayName: 'File Format',
		name: 'fileFormat',
		type: 'options',
		options: [
			{ name: 'CSV', value: 'csv', description: 'Comma-separated (RFC 4180, UTF-8)' },
			{
				name: 'TSV',
				value: 'tsv',
				description:
					'Tab-separated, as feed services such as Google Merchant Center take it: a tab or line break inside a value becomes a space',
			},
			{ name: 'XLSX', value: 'xlsx', description: 'An Excel workbook; every cell as text' },
		],
		default: 'csv',
		displayOptions: show,
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
					"The file's columns in this order, each a header and what it holds. Without any: sku, family, categories, image, then every attribute of the account, headed by its code.",
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
						],
					},
				],
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
		],
	}),
];

export const fromVersion = 2;
