import type { INodePropertyOptions } from 'n8n-workflow';

import { delimitedFile } from '../../../shared/file/csvWriter';
import { rssFile } from '../../../shared/file/rssWriter';
import { XLSX_CELL_CHARS, xlsxFile } from '../../../shared/file/xlsxWriter';

/**
 * The formats Export File writes, one entry each: its name and description in the form, its
 * file's type and extension, the most characters a cell holds, and its writer. A new format is
 * one entry here and one writer in shared/file/.
 */

/** What a writer is told besides the header and the rows. */
export interface WriteOptions {
	/** The file's title (an XML feed's channel). */
	title: string;
	/** The column holding each product's link, if any (an XML feed's channel link). */
	linkColumn?: string;
	/** Told each sheet's name as it starts (XLSX). */
	onSheet(name: string): void;
}

export interface FileFormat {
	option: INodePropertyOptions;
	mimeType: string;
	extension: string;
	/** The most characters one cell holds; a product with a longer value is refused. */
	cellLimit?: number;
	write(
		header: string[],
		rows: AsyncIterable<string[]>,
		options: WriteOptions,
	): AsyncGenerator<Uint8Array>;
}

export const FORMATS: Record<'csv' | 'tsv' | 'xlsx' | 'xml', FileFormat> = {
	csv: {
		option: { name: 'CSV', value: 'csv', description: 'Comma-separated (RFC 4180, UTF-8)' },
		mimeType: 'text/csv',
		extension: 'csv',
		write: (header, rows) => delimitedFile('csv', header, rows),
	},
	tsv: {
		option: {
			name: 'TSV',
			value: 'tsv',
			description:
				'Tab-separated, as feed services such as Google Merchant Center take it: a tab or line break inside a value becomes a space',
		},
		mimeType: 'text/tab-separated-values',
		extension: 'tsv',
		write: (header, rows) => delimitedFile('tsv', header, rows),
	},
	xlsx: {
		option: { name: 'XLSX', value: 'xlsx', description: 'An Excel workbook; every cell as text' },
		mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
		extension: 'xlsx',
		cellLimit: XLSX_CELL_CHARS,
		write: (header, rows, options) =>
			xlsxFile(header, rows, { sheetName: 'Products', onSheet: options.onSheet }),
	},
	xml: {
		option: {
			name: 'XML',
			value: 'xml',
			description: "An RSS 2.0 feed with Google's g: namespace, one item per product",
		},
		mimeType: 'application/rss+xml',
		extension: 'xml',
		write: (header, rows, options) =>
			rssFile(header, rows, { title: options.title, linkColumn: options.linkColumn }),
	},
};

export type Format = keyof typeof FORMATS;

export const isFormat = (name: string): name is Format =>
	Object.prototype.hasOwnProperty.call(FORMATS, name);
