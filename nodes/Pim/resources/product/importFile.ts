import type { INodeExecutionData, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { collection, FROM_VERSION_2, showFor } from '../../shared/descriptions';
import type { PimItem } from '../../shared/item';
import { optionalString } from '../../shared/params';
import { sendsItsOwnRequests } from '../../shared/runners';
import { toItems } from '../../shared/operations';
import { importOne } from './fileImport/importRun';
import { dryRun, isDataOverwrite, skipUnchanged } from './engine/sync';

/**
 * Product → Import File (version 2): a catalogue file (CSV or XLSX) in one input item's binary
 * data, its rows created or updated as Create or Update's items are (sources/: the file read;
 * fileImport/: its rows written, the report). Its output is one summary item per file.
 */

/**
 * Files of a run are imported one after another. Each gives its summary item, with the report
 * file (binary `report`, CSV) when one is asked for and the bad rows file (binary `badRows`) when
 * asked for and a row was not written, then its changed rows when asked for.
 */
async function importFile(item: PimItem): Promise<INodeExecutionData[]> {
	const { summary, report } = await item.run.inTurn('importFile', () => importOne(item));
	const first: INodeExecutionData = { json: summary, pairedItem: { item: item.index } };
	// Binary property, the file name's suffix, the bytes.
	const files: Array<[string, string, Buffer | undefined]> = [
		['report', 'report', report.reportFile()],
		['badRows', 'bad-rows', report.badRowsFile()],
	];
	for (const [property, suffix, bytes] of files)
		if (bytes !== undefined)
			(first.binary ??= {})[property] = await item.binaryOf(
				bytes,
				fileNameBeside(item, suffix),
				'text/csv',
			);
	return [first, ...toItems(item, report.rowItems())];
}

/** A file named after the catalogue file: its name, then "-<suffix>.csv". */
function fileNameBeside(item: PimItem, suffix: string): string {
	const property = optionalString(item.param<unknown>('binaryPropertyName', 'data')) ?? 'data';
	const name = item.inputFileName(property) ?? 'catalogue';
	return `${name.replace(/\.[^./\\]*$/, '')}-${suffix}.csv`;
}

export const option: INodePropertyOptions = {
	name: 'Import File',
	value: 'importFile',
	// n8n's node creator lists and searches operations by this text (not their description).
	action: 'Import a catalogue file (CSV or XLSX)',
	description:
		'Create or update the products of a CSV or XLSX file in one item, row by row: only the rows that differ are written',
	routing: sendsItsOwnRequests(importFile),
};

const show = showFor('product', ['importFile'], FROM_VERSION_2);

const column = (
	displayName: string,
	name: string,
	description: string,
	placeholder: string,
	fallback = '',
): INodeProperties => ({
	displayName,
	name,
	type: 'string',
	default: fallback,
	placeholder,
	description,
	displayOptions: show,
});

/**
 * The file and the columns that say which product a row is: shown first, before the fields the
 * product writes share (Family, Language, Channels, Import Options: fields.ts, see index.ts).
 */
export const leadingFields: INodeProperties[] = [
	{
		displayName: 'Input Binary Field',
		name: 'binaryPropertyName',
		type: 'string',
		default: 'data',
		required: true,
		placeholder: 'e.g. data',
		hint: 'The name of the input binary field containing the file (CSV or XLSX)',
		description: 'The binary field of the input item that holds the catalogue file',
		displayOptions: show,
	},
	column(
		'SKU Column',
		'skuColumn',
		"The header of the column holding each row's SKU (any case, surrounding spaces ignored)",
		'e.g. sku',
		'sku',
	),
	column(
		'Family Column',
		'familyColumn',
		"The header of a column naming each row's family (code or title); a row with an empty cell takes Family. A file Export File wrote: family.",
		'e.g. family',
	),
];

/** The rest of Import File's own fields, after the shared ones. */
export const description: INodeProperties[] = [
	column(
		'Channel Status Column',
		'channelStatusColumn',
		"The header of a column whose yes/no value (TRUE/FALSE, 1/0, yes/no, active/draft, …) sets each row's status in its channels; an empty cell takes the channel's Active",
		'e.g. enabled',
	),
	column(
		'Category Column',
		'categoryColumn',
		"The header of the column naming each row's categories: codes, titles or paths, several separated by commas. A file Export File wrote: categories.",
		'e.g. categories',
	),
	column(
		'Image Columns',
		'imageColumns',
		'The headers of the columns holding image URLs, separated by commas. A file Export File wrote: image. Left empty, a column named image or images is named in the summary, not read.',
		'e.g. base_image, additional_images',
	),
	column(
		'Language Column',
		'languageColumn',
		"The header of a column naming each row's language (a locale such as fr_FR, or a value Import Options → Language Map maps): rows of one SKU in several languages write that product once per language; a row with an empty cell takes Language",
		'e.g. locale',
	),
	collection('Options', 'upsertOptions', {
		displayOptions: show,
		options: [
			dryRun(
				'Whether to write nothing: the summary counts what would be created, updated and left unchanged',
			),
			isDataOverwrite,
			{
				...skipUnchanged(
					'Whether to leave a product unwritten when it already holds every value its row would send',
				),
				default: true,
			},
		],
	}),
	collection('File Options', 'fileOptions', {
		displayOptions: show,
		options: [
			{
				displayName: 'Bad Rows File',
				name: 'badRowsFile',
				type: 'boolean',
				default: false,
				description:
					'Whether the summary item also carries the rows that were not written as binary "badRows": a CSV with the file\'s own columns, to correct and import again (with On Bad Rows: Skip)',
			},
			{
				displayName: 'Delimiter',
				name: 'delimiter',
				type: 'string',
				default: '',
				placeholder: 'e.g. ;',
				description: "A CSV file's delimiter; found in its header line when empty (, ; tab |)",
			},
			{
				displayName: 'Encoding',
				name: 'encoding',
				type: 'options',
				options: [
					{ name: 'UTF-8', value: 'utf-8' },
					{ name: 'Windows-1252 (Western European)', value: 'windows-1252' },
					{ name: 'ISO-8859-1 (Latin-1)', value: 'iso-8859-1' },
					{ name: 'UTF-16 LE', value: 'utf-16le' },
				],
				default: 'utf-8',
				description: "A CSV file's text encoding when it has no byte order mark",
			},
			{
				displayName: 'On Bad Rows',
				name: 'onBadRows',
				type: 'options',
				options: [
					{
						name: 'Stop',
						value: 'stop',
						description:
							'When any row has a problem, write nothing: the error names every bad row by its line and SKU',
					},
					{
						name: 'Skip',
						value: 'skip',
						description: 'Write the good rows; the summary counts and lists the bad ones',
					},
				],
				default: 'stop',
				description: 'What a row that cannot be written does to the import',
			},
			{
				displayName: 'Output Changed Rows',
				name: 'outputRows',
				type: 'boolean',
				default: false,
				description:
					'Whether to output, after the summary, one item per row created, updated or failed: its line, SKU, what happened, the fields it changed or its error',
			},
			{
				displayName: 'Report File',
				name: 'report',
				type: 'options',
				options: [
					{
						name: 'Changed and Failed Rows',
						value: 'changes',
						description: 'A CSV of the rows created, updated or failed',
					},
					{
						name: 'Every Row',
						value: 'all',
						description: 'A CSV line for every row of the file, unchanged ones too',
					},
					{ name: 'None', value: 'none' },
				],
				default: 'changes',
				description:
					'The CSV file the summary item carries as binary "report": line, SKU, what happened (created, updated, unchanged, failed), the changed fields or the error',
			},
			{
				displayName: 'Sheet',
				name: 'sheet',
				type: 'string',
				default: '',
				placeholder: 'e.g. Products',
				description: "An XLSX file's sheet to read (its name); the first sheet when empty",
			},
		],
	}),
];

/** Family (the fallback of Family Column), Language, Channels and Import Options show for it (fields.ts). */
export const writesProduct = 'fromFile';
export const fromVersion = 2;
