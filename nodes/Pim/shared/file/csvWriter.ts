import { TextChunks } from './textChunks';

/**
 * A catalogue as delimited text, written as a stream of UTF-8 bytes:
 * - CSV as RFC 4180 writes it (`,`, CRLF line ends), with the one quoting rule of every CSV the
 *   package writes (csvCell); a byte order mark first, so that Excel reads UTF-8;
 * - TSV as feed services take it (Google Merchant Center's tab-delimited text): a value is never
 *   quoted, so a tab or line break inside one becomes a space; no byte order mark, which a feed
 *   would read as part of its first header.
 */

export type DelimitedFormat = 'csv' | 'tsv';

const NEEDS_QUOTES = /[",\s]/;
const TAB_OR_BREAK = /\r\n|[\t\r\n]/g;

/**
 * A CSV field: quoted when it holds a quote, a comma or any whitespace (a line break, a tab, a
 * space: Meta's catalogue rule, and RFC 4180's), its quotes doubled.
 */
export const csvCell = (value: string) =>
	NEEDS_QUOTES.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
const tsvCell = (value: string) => value.replace(TAB_OR_BREAK, ' ');

/** One line of the file, with its line end. */
function delimitedLine(format: DelimitedFormat, cells: string[]): string {
	return format === 'csv'
		? `${cells.map(csvCell).join(',')}\r\n`
		: `${cells.map(tsvCell).join('\t')}\r\n`;
}

/** The file's bytes: the header line, then a line per row, as `rows` gives them. */
export async function* delimitedFile(
	format: DelimitedFormat,
	header: string[],
	rows: AsyncIterable<string[]>,
): AsyncGenerator<Buffer> {
	const text = new TextChunks();
	if (format === 'csv') text.add('\ufeff');
	text.add(delimitedLine(format, header));
	for await (const row of rows) {
		text.add(delimitedLine(format, row));
		const chunk = text.take();
		if (chunk) yield chunk;
	}
	const rest = text.take(true);
	if (rest) yield rest;
}
