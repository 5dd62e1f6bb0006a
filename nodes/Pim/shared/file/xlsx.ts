import { fail } from '../params';
import { fold } from '../records';
import { BOUNDS_HINT, counted, FILE_BOUNDS, refuse, refuseCell, refuseRow } from './bounds';
import type { FileRecord } from './csv';
import { xmlEvents } from './xml';
import { entryText, placeOf, zipEntries, type ZipEntry } from './zip';

/**
 * The rows of an XLSX workbook's sheet (the first, or one named), read without a dependency: the
 * archive's directory, the workbook's sheet list, the shared strings and the date styles first,
 * then the sheet inflated and read as a stream, a row at a time. A record's `line` is its row
 * number in the sheet; its cells run from column A, empty ones as `''`.
 *
 * Values as a user sees them: texts and numbers as written (`24.9`); yes/no cells as
 * `TRUE`/`FALSE`; a number in a date format as its date (`2024-03-15`, with its time when it has
 * one); an error cell as its error (`#N/A`). Within the bounds of bounds.ts: each part within its
 * own (the sheet streamed, the shared strings held), a cell, a row and a row's cells as in a CSV.
 */

/** A cell being read: its type (`t`), style (`s`), value (`<v>`) and inline text (`<is><t>`). */
type Cell = { type: string; style: number; value: string; inline: string };

/** A part's XML events, within its bound (bounds.ts: the workbook's small parts by default). */
function partEvents(
	bytes: Uint8Array,
	part: ZipEntry,
	bound = {
		bytes: FILE_BOUNDS.part as number,
		what: `the ${counted(FILE_BOUNDS.part)} bytes a workbook's part is read to`,
	},
) {
	return xmlEvents(entryText(bytes, part, bound), () => placeOf(part));
}

function entry(entries: Map<string, ZipEntry>, name: string): ZipEntry | undefined {
	return entries.get(name) ?? entries.get(name.replace(/^\//, ''));
}

/** A part's path from a relationship target (relative to `xl/`, or absolute). */
const partPath = (target: string) =>
	target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`;

/** The sheet to read: its name and its part's path. */
async function sheetPart(
	bytes: Uint8Array,
	entries: Map<string, ZipEntry>,
	wanted?: string,
): Promise<{ name: string; path: string }> {
	const workbook = entry(entries, 'xl/workbook.xml');
	const rels = entry(entries, 'xl/_rels/workbook.xml.rels');
	if (!workbook || !rels) fail('The file is a ZIP archive but no XLSX workbook');
	const sheets: Array<{ name: string; id: string }> = [];
	for await (const events of partEvents(bytes, workbook))
		for (const e of events)
			if (e.kind === 'open' && e.name === 'sheet')
				sheets.push({ name: e.attributes.name ?? '', id: e.attributes.id ?? '' });
	const targets = new Map<string, string>();
	for await (const events of partEvents(bytes, rels))
		for (const e of events)
			if (e.kind === 'open' && e.name === 'Relationship')
				targets.set(e.attributes.Id, partPath(e.attributes.Target ?? ''));
	const sheet = wanted ? sheets.find((s) => fold(s.name) === fold(wanted)) : sheets[0];
	if (!sheet)
		fail(
			wanted ? `The workbook has no sheet "${wanted}"` : 'The workbook has no sheet',
			sheets.length ? `Its sheets: ${sheets.map((s) => s.name).join(', ')}.` : undefined,
		);
	const path = targets.get(sheet.id);
	if (!path || !entry(entries, path)) fail(`The sheet "${sheet.name}" is missing from the file`);
	return { name: sheet.name, path };
}

/** The shared strings: each `<si>`'s text, its runs joined (phonetic runs left out). */
async function sharedStrings(bytes: Uint8Array, entries: Map<string, ZipEntry>) {
	const part = entry(entries, 'xl/sharedStrings.xml');
	const strings: string[] = [];
	if (!part) return strings;
	let current = '';
	let inText = false;
	let phonetic = 0;
	const read = partEvents(bytes, part, {
		bytes: FILE_BOUNDS.sharedStrings,
		what: `the ${counted(FILE_BOUNDS.sharedStrings)} bytes of shared strings a workbook is read with (save a larger one as CSV)`,
	});
	for await (const events of read)
		for (const e of events) {
			if (e.kind === 'open') {
				if (e.name === 'si') current = '';
				else if (e.name === 'rPh') phonetic++;
				else if (e.name === 't' && !e.selfClosing) inText = true;
			} else if (e.kind === 'close') {
				if (e.name === 'si') strings.push(current);
				else if (e.name === 'rPh') phonetic--;
				else if (e.name === 't') inText = false;
			} else if (inText && !phonetic) {
				current += e.text;
				if (current.length > FILE_BOUNDS.cell)
					refuse(
						placeOf(part),
						`its string ${strings.length + 1} is longer than ${counted(FILE_BOUNDS.cell)} characters`,
						BOUNDS_HINT,
					);
			}
		}
	return strings;
}

/** Built-in number formats that are dates or times. */
const DATE_FORMATS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 45, 46, 47]);

/** The cell styles (`s`) whose number format is a date. */
async function dateStyles(bytes: Uint8Array, entries: Map<string, ZipEntry>) {
	const part = entry(entries, 'xl/styles.xml');
	const dates = new Set<number>();
	if (!part) return dates;
	const custom = new Map<number, string>();
	let inCellXfs = false;
	let xf = 0;
	for await (const events of partEvents(bytes, part))
		for (const e of events) {
			if (e.kind === 'open' && e.name === 'numFmt')
				custom.set(Number(e.attributes.numFmtId), e.attributes.formatCode ?? '');
			else if (e.kind === 'open' && e.name === 'cellXfs') inCellXfs = true;
			else if (e.kind === 'close' && e.name === 'cellXfs') inCellXfs = false;
			else if (e.kind === 'open' && e.name === 'xf' && inCellXfs) {
				const id = Number(e.attributes.numFmtId ?? 0);
				const code = custom.get(id);
				// A custom format is a date when it has day, month or year parts outside quotes.
				const isDate =
					DATE_FORMATS.has(id) ||
					(code !== undefined && /[dmy]/i.test(code.replace(/"[^"]*"|\[[^\]]*\]/g, '')));
				if (isDate) dates.add(xf);
				xf++;
			}
		}
	return dates;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A spreadsheet date (days since 1899-12-30) as ISO text: the date, and its time when it has one. */
export function serialDate(serial: number): string {
	const ms = Math.round((serial - 25569) * 86400000);
	const d = new Date(ms);
	const day = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
	const seconds = d.getUTCHours() * 3600 + d.getUTCMinutes() * 60 + d.getUTCSeconds();
	return seconds
		? `${day}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`
		: day;
}

/** The column index of a cell reference (`C5` → 2). */
function columnOf(reference: string): number {
	let n = 0;
	for (const ch of reference) {
		const c = ch.charCodeAt(0);
		if (c < 65 || c > 90) break;
		n = n * 26 + (c - 64);
	}
	return n - 1;
}

/** The rows of the workbook's sheet (see above): `sheet` names it (any case), else the first. */
export async function* xlsxRecords(
	bytes: Uint8Array,
	options: { sheet?: string } = {},
): AsyncGenerator<FileRecord> {
	const entries = zipEntries(bytes);
	const sheet = await sheetPart(bytes, entries, options.sheet);
	const strings = await sharedStrings(bytes, entries);
	const dates = await dateStyles(bytes, entries);

	let cells: string[] = [];
	let rowNumber = 0;
	let column = 0;
	/** Characters of the row's cells read. */
	let rowChars = 0;
	let cell: Cell | undefined;
	let reading: 'v' | 't' | undefined;
	let inRow = false;
	const place = () =>
		inRow
			? `row ${rowNumber} of the sheet "${sheet.name}"`
			: `the sheet "${sheet.name}", after row ${rowNumber}`;
	for await (const events of xmlEvents(entryText(bytes, entry(entries, sheet.path)!), place)) {
		// The rows a chunk ends, yielded once the chunk is read.
		const rows: FileRecord[] = [];
		for (const e of events) {
			if (e.kind === 'text') {
				if (cell && reading === 'v') cell.value += e.text;
				else if (cell && reading === 't') cell.inline += e.text;
				else continue;
				if (cell.value.length + cell.inline.length > FILE_BOUNDS.cell) refuseCell(place());
				continue;
			}
			if (e.kind === 'open') {
				if (e.name === 'row') {
					const r = Number(e.attributes.r);
					rowNumber = Number.isSafeInteger(r) && r > 0 ? r : rowNumber + 1;
					cells = [];
					column = 0;
					rowChars = 0;
					inRow = !e.selfClosing;
				} else if (e.name === 'c') {
					if (e.attributes.r) column = columnOf(e.attributes.r);
					if (column >= FILE_BOUNDS.columns)
						refuse(
							place(),
							`a cell is past the sheet's last column (XFD, ${counted(FILE_BOUNDS.columns)} columns)`,
							BOUNDS_HINT,
						);
					cell = {
						type: e.attributes.t ?? 'n',
						style: Number(e.attributes.s ?? 0),
						value: '',
						inline: '',
					};
					if (e.selfClosing) {
						cells[column++] = '';
						cell = undefined;
					}
				} else if (e.name === 'v' && !e.selfClosing) reading = 'v';
				else if (e.name === 't' && !e.selfClosing) reading = 't';
				continue;
			}
			// A close.
			if (e.name === 'v' || e.name === 't') reading = undefined;
			else if (e.name === 'c' && cell) {
				const value = cellText(cell, strings, dates);
				rowChars += value.length;
				if (rowChars > FILE_BOUNDS.row) refuseRow(place());
				cells[column++] = value;
				cell = undefined;
			} else if (e.name === 'row') {
				inRow = false;
				const dense = Array.from(cells, (c) => c ?? '');
				while (dense.length && dense[dense.length - 1] === '') dense.pop();
				if (dense.length) rows.push({ line: rowNumber, cells: dense });
			}
		}
		yield* rows;
	}
}

/**
 * A text as ECMA-376 writes what XML cannot hold (ST_Xstring): `_xHHHH_` is the character HHHH,
 * `_x005F_` before such an escape keeps it as written.
 */
export function unescapeText(value: string): string {
	if (!value.includes('_x')) return value;
	return value.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) =>
		String.fromCharCode(parseInt(hex, 16)),
	);
}

function cellText(cell: Cell, strings: string[], dates: Set<number>): string {
	switch (cell.type) {
		case 's':
			return unescapeText(strings[Number(cell.value)] ?? '');
		case 'inlineStr':
			return unescapeText(cell.inline);
		case 'b':
			return cell.value === '1' ? 'TRUE' : 'FALSE';
		case 'str':
		case 'e':
		case 'd':
			return cell.value;
		default: {
			if (cell.value !== '' && dates.has(cell.style)) {
				const serial = Number(cell.value);
				if (Number.isFinite(serial)) return serialDate(serial);
			}
			return cell.value;
		}
	}
}
